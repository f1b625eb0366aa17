//! Input shown back to the learner, made safe to print: the one filter of
//! control characters lives in [`crate::layout::visible`], below every layer
//! that prints, and is used here under its old name.

pub use crate::layout::visible::{QUOTE_CHARS, has_hidden, quote, tidy_error, visible};
