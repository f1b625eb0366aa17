//! The classic mistakes of exercises 15–21 as functions in the learner's
//! signatures, by catalog key.

use super::mistakes_beam as xb;
use super::mistakes_beyond as x;
use super::mistakes_bleu as xl;
use super::mistakes_context as xc;
use super::signatures::*;
use super::submissions::Submissions;
use crate::exercises::checker::exercise::Exercise;

pub(super) const W_CONTEXT_BACKWARD: Wrong<ContextBackwardFn, 12> = [
    ("alpha_weighted", x::ctx_back_alpha_weighted),
    ("grad_h_summed", x::ctx_back_grad_h_summed),
    ("grad_c_summed", x::ctx_back_grad_c_summed),
    ("h_summed", x::ctx_back_h_summed),
    ("forward_half", x::ctx_back_forward_half),
    ("negated", x::ctx_back_negated),
    ("softmax_applied", x::ctx_back_softmax_applied),
    ("through_softmax", xc::ctx_back_through_softmax),
    ("factors_added", xc::ctx_back_factors_added),
    ("backward_half", xc::ctx_back_backward_half),
    ("softmax_diagonal", xc::ctx_back_softmax_diagonal),
    ("forward_pass", xc::ctx_back_forward_pass),
];
pub(super) const W_ENCDEC_CONTEXTS: Wrong<EncdecContextsFn, 13> = [
    ("first_state", x::encdec_first_state),
    ("no_tanh", x::encdec_no_tanh),
    ("mean_of_states", x::encdec_mean_of_states),
    ("v_transposed", x::encdec_v_transposed),
    ("tanh_before_v", x::encdec_tanh_before_v),
    ("first_step_only", x::encdec_first_step_only),
    ("moving_state", x::encdec_moving_state),
    ("state_before_last", xc::encdec_state_before_last),
    ("sigmoid", xc::encdec_sigmoid),
    ("sum_of_states", xc::encdec_sum_of_states),
    ("max_of_states", xc::encdec_max_of_states),
    ("tanh_of_v", xc::encdec_tanh_of_v),
    ("extra_step", xc::encdec_extra_step),
];
pub(super) const W_BREVITY_PENALTY: Wrong<BrevityPenaltyFn, 14> = [
    ("sentence_average", x::bp_sentence_average),
    ("sentence_product", x::bp_sentence_product),
    ("ratio_inverted", x::bp_ratio_inverted),
    ("no_exp", x::bp_no_exp),
    ("missing_one", x::bp_missing_one),
    ("penalises_longer", x::bp_penalises_longer),
    ("longest_sentence", xl::bp_longest_sentence),
    ("shortest_sentence", xl::bp_shortest_sentence),
    ("integer_division", xl::bp_integer_division),
    ("exponent_sign", xl::bp_exponent_sign),
    ("one_more_per_sentence", xl::bp_one_more_per_sentence),
    ("last_left_out", xl::bp_last_left_out),
    ("condition_inverted", xl::bp_condition_inverted),
    ("ratio_averaged", xl::bp_ratio_averaged),
];
pub(super) const W_BEAM_STEP: Wrong<BeamStepFn, 17> = [
    ("no_prefix", x::beam_no_prefix),
    ("per_hypothesis", x::beam_per_hypothesis),
    ("eos_kept_live", x::beam_eos_kept_live),
    ("eos_not_counted", x::beam_eos_not_counted),
    ("logs_multiplied", x::beam_logs_multiplied),
    ("probabilities", x::beam_probabilities),
    ("ties_reversed", x::beam_ties_reversed),
    ("one_more", x::beam_one_more),
    ("one_fewer", x::beam_one_fewer),
    ("eos_left_out", xb::beam_eos_left_out),
    ("live_finished_swapped", xb::beam_live_finished_swapped),
    ("best_word_only", xb::beam_best_word_only),
    ("truncated_first", xb::beam_truncated_first),
    ("ranked_by_word", xb::beam_ranked_by_word),
    ("room_ignored", xb::beam_room_ignored),
    ("finished_dropped", xb::beam_finished_dropped),
    ("finished_word_score", xb::beam_finished_word_score),
];
pub(super) const W_ENERGIES_BACKWARD: Wrong<EnergiesBackwardFn, 13> = [
    ("no_tanh_derivative", x::eback_no_tanh_derivative),
    ("a_not_squared", x::eback_a_not_squared),
    ("tanh_again", x::eback_tanh_again),
    ("no_v_a", x::eback_no_v_a),
    ("grad_e_left_out", x::eback_grad_e_left_out),
    ("v_a_through_tanh", x::eback_v_a_through_tanh),
    ("negated", x::eback_negated),
    ("transposed", x::eback_transposed),
    ("sigmoid_slope", xc::eback_sigmoid_slope),
    ("slope_squared", xc::eback_slope_squared),
    ("slope_divided", xc::eback_slope_divided),
    ("grad_e_summed", xc::eback_grad_e_summed),
    ("dv_mean", xc::eback_dv_mean),
];
pub(super) const W_CLIPPED_PRECISION: Wrong<ClippedPrecisionFn, 13> = [
    ("no_clipping", x::bleu_no_clipping),
    ("corpus_clipping", x::bleu_corpus_clipping),
    ("reference_denominator", x::bleu_reference_denominator),
    ("sentence_average", x::bleu_sentence_average),
    ("window_short", x::bleu_window_short),
    ("unique_ngrams", x::bleu_unique_ngrams),
    ("reference_counts", xl::bleu_reference_counts),
    ("split_on_space", xl::bleu_split_on_space),
    ("letters_for_words", xl::bleu_letters_for_words),
    ("words_for_ngrams", xl::bleu_words_for_ngrams),
    ("integer_division", xl::bleu_integer_division),
    ("corpus_joined", xl::bleu_corpus_joined),
    ("ngram_count_short", xl::bleu_ngram_count_short),
];
pub(super) const W_MASKED_CONTEXT: Wrong<MaskedContextFn, 13> = [
    ("not_masked", x::masked_ctx_not_masked),
    ("not_renormalised", x::masked_ctx_not_renormalised),
    ("zero_times_padding", x::masked_ctx_zero_times_padding),
    ("first_row_mask", x::masked_ctx_first_row_mask),
    ("uniform", x::masked_ctx_uniform),
    ("inverted", x::masked_ctx_inverted),
    ("max_over_padding", xc::masked_ctx_max_over_padding),
    ("no_max", xc::masked_ctx_no_max),
    ("weights_not_normalised", xc::masked_ctx_weights_not_normalised),
    ("last_token_dropped", xc::masked_ctx_last_token_dropped),
    ("mask_multiplied", xc::masked_ctx_mask_multiplied),
    ("softmax_over_batch", xc::masked_ctx_softmax_over_batch),
    ("first_row_energies", xc::masked_ctx_first_row_energies),
];

fn pick<F: Copy>(list: &[(&str, F)], key: &str) -> Option<F> {
    list.iter().find(|(k, _)| *k == key).map(|(_, f)| *f)
}

/// `s` with exercise `ex`'s function replaced by its classic mistake `key`.
pub fn mistaken(ex: &Exercise, key: &str, s: &mut Submissions) -> Option<()> {
    match ex.function {
        "context_backward" => s.context_backward = pick(&W_CONTEXT_BACKWARD, key)?,
        "encdec_contexts" => s.encdec_contexts = pick(&W_ENCDEC_CONTEXTS, key)?,
        "brevity_penalty" => s.brevity_penalty = pick(&W_BREVITY_PENALTY, key)?,
        "masked_context" => s.masked_context = pick(&W_MASKED_CONTEXT, key)?,
        "beam_step" => s.beam_step = pick(&W_BEAM_STEP, key)?,
        "energies_backward" => s.energies_backward = pick(&W_ENERGIES_BACKWARD, key)?,
        "clipped_precision" => s.clipped_precision = pick(&W_CLIPPED_PRECISION, key)?,
        _ => return None,
    }
    Some(())
}

/// How many known-wrong variants the checker of `ex` runs, if it is one of 15–21.
pub fn variant_count(ex: &Exercise) -> Option<usize> {
    Some(match ex.function {
        "context_backward" => W_CONTEXT_BACKWARD.len(),
        "encdec_contexts" => W_ENCDEC_CONTEXTS.len(),
        "brevity_penalty" => W_BREVITY_PENALTY.len(),
        "masked_context" => W_MASKED_CONTEXT.len(),
        "beam_step" => W_BEAM_STEP.len(),
        "energies_backward" => W_ENERGIES_BACKWARD.len(),
        "clipped_precision" => W_CLIPPED_PRECISION.len(),
        _ => return None,
    })
}
