//! Decoding: turning a source sentence into a translation with a trained model.
//! [`step`] is the decoder one position at a time; [`greedy`] keeps the single
//! most probable word at every position.

pub mod greedy;
pub mod step;

pub use greedy::{greedy_decode, greedy_decode_encdec, greedy_decode_readable, greedy_decode_scored};
