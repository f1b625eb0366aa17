//! What the checker knows about each exercise beyond its formula: the names
//! of its input's parts, the words for its answer's axes, and the designed
//! inputs a teacher would try to isolate one term (a zero weight, a one-hot α,
//! a gate forced shut, a padding energy far above the real ones).

use super::ctx::Ctx;
use super::relation::{Axis, Diagnosis, Words};
use super::{backward as b, bleu as bl, gates as g, masks as mk, probes as p, search as s};
use crate::text::Text;
use crate::text::cases as C;
use crate::text::readings as R;

pub type ProbeFn = fn(&Ctx) -> Option<Diagnosis>;

/// One exercise's knowledge: `parts` names each flat part, with `true` when it
/// is a term the diagnosis may scale or swap (not an index, id or mask).
pub struct Knowledge {
    pub parts: &'static [(&'static str, bool)],
    pub words: Words,
    pub probes: &'static [ProbeFn],
}

impl Knowledge {
    /// The name of part `j` in the learner's language: a formula's symbol, or words.
    pub fn name(&self, j: usize) -> Option<&'static str> {
        self.parts.get(j).map(|p| said(p.0))
    }
}

/// The parts named in words rather than symbols, each by its English name.
const WORDED: [Text; 6] = [
    C::PART_HYPOTHESIS_LENGTHS,
    C::PART_REFERENCE_LENGTHS,
    C::PART_SENTENCES_SIDE_BY_SIDE,
    C::PART_LIVE_LOG_P,
    C::PART_HYPOTHESES,
    C::PART_REFERENCES,
];

/// A part's name as the learner reads it.
fn said(name: &'static str) -> &'static str {
    WORDED.iter().find(|t| t.en == name).map_or(name, |t| t.get())
}

const fn w(rows: Option<Axis>, cols: Option<Axis>) -> Words {
    Words { rows, cols }
}

const fn axis(name: Text, at: Text) -> Option<Axis> {
    Some(Axis { name, at })
}

/// The axes the exercises' answers have.
pub mod axes {
    use super::{Axis, R, axis};
    pub const EMBEDDING_DIM: Option<Axis> = axis(R::AXIS_EMBEDDING_DIM, R::AXIS_EMBEDDING_DIM_AT);
    pub const TOKEN: Option<Axis> = axis(R::AXIS_TOKEN, R::AXIS_TOKEN_AT);
    pub const DIM_H: Option<Axis> = axis(R::AXIS_DIM_H, R::AXIS_DIM_H_AT);
    pub const DIM_HALVES: Option<Axis> = axis(R::AXIS_DIM_HALVES, R::AXIS_DIM_HALVES_AT);
    pub const SOURCE_POSITION: Option<Axis> = axis(R::AXIS_SOURCE_POSITION, R::AXIS_SOURCE_POSITION_AT);
    pub const ATTENTION_DIM: Option<Axis> = axis(R::AXIS_ATTENTION_DIM, R::AXIS_ATTENTION_DIM_AT);
    pub const SENTENCE: Option<Axis> = axis(R::AXIS_SENTENCE, R::AXIS_SENTENCE_AT);
    pub const DIM_C_T: Option<Axis> = axis(R::AXIS_DIM_C_T, R::AXIS_DIM_C_T_AT);
    pub const DIM_S_T: Option<Axis> = axis(R::AXIS_DIM_S_T, R::AXIS_DIM_S_T_AT);
    pub const SOURCE_WORD: Option<Axis> = axis(R::AXIS_SOURCE_WORD, R::AXIS_SOURCE_WORD_AT);
    pub const DIM_C: Option<Axis> = axis(R::AXIS_DIM_C, R::AXIS_DIM_C_AT);
    pub const DECODER_STEP: Option<Axis> = axis(R::AXIS_DECODER_STEP, R::AXIS_DECODER_STEP_AT);
    pub const DIM_C_B: Option<Axis> = axis(R::AXIS_DIM_C_B, R::AXIS_DIM_C_B_AT);
    pub const SURVIVOR: Option<Axis> = axis(R::AXIS_SURVIVOR, R::AXIS_SURVIVOR_AT);
    pub const BEAM_FIELD: Option<Axis> = axis(R::AXIS_BEAM_FIELD, R::AXIS_BEAM_FIELD_AT);
    pub const EBACK_COLUMN: Option<Axis> = axis(R::AXIS_EBACK_COLUMN, R::AXIS_EBACK_COLUMN_AT);
}
use axes::*;

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
            w(EMBEDDING_DIM, TOKEN),
            &[p::embed_positions, p::embed_one_id, p::embed_misindexed],
        ),
        "gru_step" => k(&GRU_PARTS, w(DIM_H, None), &[g::gru_step]),
        "annotations" => k(
            &[("→h", true), ("←h", true)],
            w(DIM_HALVES, SOURCE_POSITION),
            &[p::annotations_added, p::annotations_shifted],
        ),
        "broadcast_sum" => {
            k(&[("W_a s_(t-1)", true), ("U_a H", true)], w(ATTENTION_DIM, SOURCE_POSITION), &[p::broadcast_zero])
        }
        "energies" => k(
            &[("W_a", true), ("U_a", true), ("v_a", true), ("s", true), ("t", false), ("H", true)],
            w(SOURCE_POSITION, None),
            &[p::energies_other_index, p::energies_zero_weights, p::energies_linear_in_v_a],
        ),
        "softmax" => k(&[("e", true)], w(SOURCE_POSITION, None), &[p::softmax_underflow, p::softmax_shift]),
        "masked_softmax" => k(
            &[("e", true), ("mask", false)],
            w(SENTENCE, SOURCE_POSITION),
            &[
                mk::masked_inverted,
                mk::masked_columns,
                mk::masked_after_softmax,
                mk::masked_padding_not_zero,
                mk::masked_max_over_padding,
                mk::masked_padding_leaks,
            ],
        ),
        "context" => k(&[("H", true), ("α", true)], w(DIM_C_T, None), &[p::context_one_hot]),
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
            w(DIM_S_T, None),
            &[g::decoder_step],
        ),
        "luong_dot" => {
            k(&[("h_t", true), ("h̄", true)], w(SOURCE_POSITION, None), &[p::luong_dot_linear, p::luong_dot_one_hot])
        }
        "luong_general" => {
            k(&[("h_t", true), ("W_a", true), ("h̄", true)], w(SOURCE_POSITION, None), &[p::luong_general_linear])
        }
        "entropy" => k(&[("α", true)], w(None, None), &[p::entropy_uniform, p::entropy_one_hot]),
        "coverage" => k(&[("A", true)], w(SOURCE_WORD, None), &[p::coverage_rows, p::coverage_sum, p::coverage_linear]),
        "softmax_backward" => {
            k(&[("α", true), ("∂L/∂α", true)], w(SOURCE_POSITION, None), &[p::backward_shift, p::backward_one_hot])
        }
        "context_backward" => {
            k(&[("H", true), ("α", true), ("∂L/∂c", true)], w(SOURCE_POSITION, None), &[b::ctx_back_reversed_grad])
        }
        "encdec_contexts" => k(&[("V", true), ("h", true), ("T_y", false)], w(DIM_C, DECODER_STEP), &[]),
        "brevity_penalty" => k(
            &[(C::PART_HYPOTHESIS_LENGTHS.en, false), (C::PART_REFERENCE_LENGTHS.en, false)],
            w(None, None),
            &[p::bp_swapped, p::bp_split],
        ),
        "masked_context" => {
            k(&[(C::PART_SENTENCES_SIDE_BY_SIDE.en, true), ("e", true), ("mask", false)], w(DIM_C_B, SENTENCE), &[])
        }
        "beam_step" => k(
            &[(C::PART_LIVE_LOG_P.en, true), ("next_log_p", true), ("eos", false), ("room", false)],
            w(SURVIVOR, BEAM_FIELD),
            &[s::beam_fields, s::beam_worst, s::beam_survivors],
        ),
        "energies_backward" => k(
            &[("A", true), ("v_a", true), ("∂L/∂e", true)],
            w(ATTENTION_DIM, EBACK_COLUMN),
            &[b::eback_reversed_grad, b::eback_one_half],
        ),
        "clipped_precision" => k(
            &[(C::PART_HYPOTHESES.en, false), (C::PART_REFERENCES.en, false), ("n", false)],
            w(None, None),
            &[bl::bleu_other_n, bl::bleu_split],
        ),
        _ => k(&[], w(None, None), &[]),
    }
}
