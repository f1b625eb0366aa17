//! Bahdanau attention, tensor by tensor: the RNNsearch model, a walkthrough
//! that records every tensor of one translation, and its renderings.

pub mod exercises;
pub mod export;
pub mod model;
pub mod render;
pub mod vocab;
pub mod walkthrough;
