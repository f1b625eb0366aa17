//! Turning tensors, steps and REPL replies into text. Nothing here computes a
//! number; it only formats what the walkthrough recorded.

pub mod band_chart;
pub mod beam;
pub mod beam_tree;
pub mod bottleneck;
pub mod bottleneck_beam;
pub mod charts;
pub mod compact_heatmap;
pub mod diagram;
pub mod heatmap;
pub mod help;
pub mod pattern;
pub mod progress;
pub mod real;
pub mod real_unk;
pub mod reply;
pub mod report_table;
pub mod scores;
pub mod shade;
pub mod step;
pub mod style;
pub mod svg;
pub mod svg_check;
pub mod table;
pub mod train_report;
pub mod training;
pub mod unk;
pub mod variants;

pub use heatmap::render_heatmap;
pub use reply::render_reply;
pub use step::render_step;
pub use style::Style;
pub use table::render_tensor;

// The width and wrapping live below every layer that writes text; the
// renderers reach them here as well.
pub use crate::layout::wrap as layout;
pub use crate::layout::{MIN_WIDTH, WIDTH, detect_width, fit, fit_to, set_width, width};
