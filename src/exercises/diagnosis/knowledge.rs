//! What the checker knows about each exercise beyond its formula: the names
//! of its input's parts, the words for its answer's axes, and the designed
//! inputs a teacher would try to isolate one term (a zero weight, a one-hot α,
//! a gate forced shut, a padding energy far above the real ones).

use super::ctx::Ctx;
use super::relation::{Diagnosis, Words};
use super::{backward as b, bleu as bl, gates as g, masks as mk, probes as p, search as s};

pub type ProbeFn = fn(&Ctx) -> Option<Diagnosis>;

/// One exercise's knowledge: `parts` names each flat part, with `true` when it
/// is a term the diagnosis may scale or swap (not an index, id or mask).
pub struct Knowledge {
    pub parts: &'static [(&'static str, bool)],
    pub words: Words,
    pub probes: &'static [ProbeFn],
}

const fn w(rows: &'static str, cols: &'static str) -> Words {
    Words { rows, cols }
}

const GRU_PARTS: [(&str, bool); 8] = [
    ("W", true),
    ("W_z", true),
    ("W_r", true),
    ("U", true),
    ("U_z", true),
    ("U_r", true),
    ("x", true),
    ("h_prev", true),
];

/// The knowledge of the exercise whose function is `name`.
pub fn knowledge(name: &str) -> Knowledge {
    let k = |parts, words, probes| Knowledge { parts, words, probes };
    match name {
        "embed" => k(
            &[("E", true), ("ids", false)],
            w("embedding dimension", "token"),
            &[p::embed_positions, p::embed_one_id, p::embed_misindexed],
        ),
        "gru_step" => k(&GRU_PARTS, w("dimension of h", ""), &[g::gru_step]),
        "annotations" => k(
            &[("→h", true), ("←h", true)],
            w("dimension (0..n: →h, n..2n: ←h)", "source position i"),
            &[p::annotations_added, p::annotations_shifted],
        ),
        "broadcast_sum" => k(
            &[("W_a s_(t-1)", true), ("U_a H", true)],
            w("attention dimension k", "source position i"),
            &[p::broadcast_zero],
        ),
        "energies" => k(
            &[("W_a", true), ("U_a", true), ("v_a", true), ("s", true), ("t", false), ("H", true)],
            w("source position i", ""),
            &[p::energies_other_index, p::energies_zero_weights, p::energies_linear_in_v_a],
        ),
        "softmax" => k(&[("e", true)], w("source position i", ""), &[p::softmax_underflow, p::softmax_shift]),
        "masked_softmax" => k(
            &[("e", true), ("mask", false)],
            w("sentence b", "source position i"),
            &[
                mk::masked_inverted,
                mk::masked_columns,
                mk::masked_after_softmax,
                mk::masked_padding_not_zero,
                mk::masked_max_over_padding,
                mk::masked_padding_leaks,
            ],
        ),
        "context" => k(&[("H", true), ("α", true)], w("dimension of c_t", ""), &[p::context_one_hot]),
        "decoder_step" => k(
            &[
                ("W", true),
                ("W_z", true),
                ("W_r", true),
                ("U", true),
                ("U_z", true),
                ("U_r", true),
                ("C", true),
                ("C_z", true),
                ("C_r", true),
                ("E_y y_(t-1)", true),
                ("s_(t-1)", true),
                ("c_t", true),
            ],
            w("dimension of s_t", ""),
            &[g::decoder_step],
        ),
        "luong_dot" => {
            k(&[("h_t", true), ("h̄", true)], w("source position i", ""), &[p::luong_dot_linear, p::luong_dot_one_hot])
        }
        "luong_general" => {
            k(&[("h_t", true), ("W_a", true), ("h̄", true)], w("source position i", ""), &[p::luong_general_linear])
        }
        "entropy" => k(&[("α", true)], w("", ""), &[p::entropy_uniform, p::entropy_one_hot]),
        "coverage" => {
            k(&[("A", true)], w("source word i", ""), &[p::coverage_rows, p::coverage_sum, p::coverage_linear])
        }
        "softmax_backward" => {
            k(&[("α", true), ("∂L/∂α", true)], w("source position i", ""), &[p::backward_shift, p::backward_one_hot])
        }
        "context_backward" => {
            k(&[("H", true), ("α", true), ("∂L/∂c", true)], w("source position i", ""), &[b::ctx_back_reversed_grad])
        }
        "encdec_contexts" => k(&[("V", true), ("h", true), ("T_y", false)], w("dimension of c", "decoder step t"), &[]),
        "brevity_penalty" => {
            k(&[("hypothesis lengths", false), ("reference lengths", false)], w("", ""), &[p::bp_swapped, p::bp_split])
        }
        "masked_context" => k(
            &[("H (the sentences side by side)", true), ("e", true), ("mask", false)],
            w("dimension of c_b", "sentence b"),
            &[],
        ),
        "beam_step" => k(
            &[("ln p of the live hypotheses", true), ("next_log_p", true), ("eos", false), ("room", false)],
            w("survivor", "field (h, word, ln p, finished)"),
            &[s::beam_fields, s::beam_worst, s::beam_survivors],
        ),
        "energies_backward" => k(
            &[("A", true), ("v_a", true), ("∂L/∂e", true)],
            w("attention dimension k", "column (0: ∂v_a; 1 + i: ∂Z at source position i)"),
            &[b::eback_reversed_grad, b::eback_one_half],
        ),
        "clipped_precision" => k(
            &[("hypotheses", false), ("references", false), ("n", false)],
            w("", ""),
            &[bl::bleu_other_n, bl::bleu_split],
        ),
        _ => k(&[], w("", ""), &[]),
    }
}
