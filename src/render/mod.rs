//! Turning tensors and steps into text. Nothing here computes a number; it
//! only formats what the walkthrough recorded.

pub mod step;
pub mod svg;
pub mod table;

pub use step::render_step;
pub use table::render_tensor;
