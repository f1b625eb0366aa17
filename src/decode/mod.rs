//! Decoding: turning a source sentence into a translation with a trained model.
//! [`step`] is the decoder one position at a time; [`stepper`] what a search
//! needs of a model; [`greedy`] keeps the single most probable word at every
//! position; [`beam`] keeps the K most probable prefixes; [`unk`] fills each
//! `<unk>` written with the source word its α row peaks on.

/// The one length limit of every decoder, greedy and beam, in the REPL and
/// in every report: 2·T_x + 10 words for a source of T_x tokens (its
/// `<eos>` counted). The paper's code allows 3·T_x; this project keeps the
/// limit its experiments were run with, so that `beam 1` and `decode` agree.
pub fn max_len(t_x: usize) -> usize {
    2 * t_x + 10
}

pub mod beam;
pub mod greedy;
pub mod step;
pub mod stepper;
pub mod unk;

pub use greedy::{
    greedy_decode, greedy_decode_encdec, greedy_decode_readable, greedy_decode_scored, greedy_decode_scored_readable,
    greedy_search,
};
