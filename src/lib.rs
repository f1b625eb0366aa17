//! Bahdanau attention, tensor by tensor: the RNNsearch model, a walkthrough
//! that records every tensor of one translation, its renderings, and the REPL
//! that steps through it.

pub mod child;
pub mod corpus;
pub mod decode;
pub mod exercises;
pub mod experiments;
pub mod export;
pub mod front;
pub mod fsio;
pub mod layout;
pub mod model;
pub mod render;
pub mod repl;
pub mod suggest;
pub mod text;
pub mod train;
pub mod variants;
pub mod vocab;
pub mod walkthrough;
pub mod weights;
