//! Decoding: turning a source sentence into a translation with a trained model.
//! [`step`] is the decoder one position at a time; [`stepper`] what a search
//! needs of a model; [`greedy`] keeps the single most probable word at every
//! position; [`beam`] keeps the K most probable prefixes; [`unk`] fills each
//! `<unk>` written with the source word its α row peaks on.

pub mod beam;
pub mod greedy;
pub mod step;
pub mod stepper;
pub mod unk;

pub use greedy::{
    greedy_decode, greedy_decode_encdec, greedy_decode_readable, greedy_decode_scored, greedy_decode_scored_readable,
    greedy_search,
};
