//! The variants' views as text (see `variants`): one file per command, each
//! taking the typed view and writing every sentence of it in one place.
//!
//! - [`view`]: a `VariantView` as text, whichever command gave it.
//! - [`compare`], [`score_walk`], [`qkv`], [`diagnose`], [`mask`], [`bug`]:
//!   each view's text.
//! - [`weights`]: the line that says which weights a view ran on;
//!   [`numbers`]: gaps and infinities as a reader writes them.

pub mod bug;
pub mod compare;
pub mod diagnose;
pub mod mask;
pub mod numbers;
pub mod qkv;
pub mod score_walk;
pub mod view;
pub mod weights;

pub use view::render_view;
