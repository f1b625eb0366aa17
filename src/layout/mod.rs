//! Laying text out for the output width: the width itself ([`width`]: set
//! once by the front end, read everywhere) and how prose is wrapped and
//! columns are aligned within it ([`wrap`]), and the one filter every text
//! from outside goes through before it is printed ([`visible`]). Below every
//! layer that writes text, so a number's table and an exercise's hint fit
//! the same columns.

pub mod visible;
pub mod width;
pub mod wrap;

pub use width::{MIN_WIDTH, WIDTH, detect_width, set_width, width};
pub use wrap::{columns, columns_of, fit, fit_to, hang, is_laid_out, pad, widest, words_in};
