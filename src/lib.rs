//! Bahdanau attention, tensor by tensor: the RNNsearch model, a walkthrough
//! that records every tensor of one translation, and its renderings.

pub mod export;
pub mod model;
pub mod render;
pub mod variants;
pub mod vocab;
pub mod walkthrough;
