//! The classic mistakes of exercises 1–14 as functions in the learner's
//! signatures, by catalog key (15–21: [`super::wrongs_beyond`]), and the
//! learner who made exactly one of them.

use super::mistakes as x;
use super::signatures::*;
use super::submissions::Submissions;
use super::wrongs_beyond as beyond;
use crate::exercises::checker::exercise::Exercise;

// The classic mistakes of each exercise, by catalog key, in the learner's signature.
pub(super) const W_EMBED: Wrong<EmbedFn, 1> = [("transposed", x::embed_transposed)];
pub(super) const W_GRU_STEP: Wrong<GruStepFn, 3> = [
    ("pytorch_update_gate", x::gru_pytorch_update_gate),
    ("reset_after_u", x::gru_reset_after_u),
    ("candidate_returned", x::gru_candidate_returned),
];
pub(super) const W_ANNOTATIONS: Wrong<AnnotationsFn, 4> = [
    ("forward_only", x::annotations_forward_only),
    ("forward_twice", x::annotations_forward_twice),
    ("backward_on_top", x::annotations_backward_on_top),
    ("backward_reversed", x::annotations_backward_reversed),
];
pub(super) const W_BROADCAST_SUM: Wrong<BroadcastSumFn, 2> =
    [("wrong_axis", x::broadcast_wrong_axis), ("tanh_applied", x::broadcast_tanh_applied)];
pub(super) const W_ENERGIES: Wrong<EnergiesFn, 3> =
    [("s_t_for_s_prev", x::energies_s_t_for_s_prev), ("no_tanh", x::energies_no_tanh), ("no_v_a", x::energies_no_v_a)];
pub(super) const W_SOFTMAX: Wrong<SoftmaxFn, 3> = [
    ("no_max", x::softmax_no_max),
    ("not_normalised", x::softmax_not_normalised),
    ("numerator_unshifted", x::softmax_numerator_unshifted),
];
pub(super) const W_MASKED_SOFTMAX: Wrong<MaskedSoftmaxFn, 5> = [
    ("wrong_axis", x::masked_wrong_axis),
    ("mask_multiplied", x::masked_multiplied),
    ("mask_wrong_sign", x::masked_wrong_sign),
    // Before inf·0: at large energies both give NaN, and inf·0 already failed case 1.
    ("no_max", x::masked_no_max),
    ("mask_inf_times_zero", x::masked_inf_times_zero),
];
pub(super) const W_CONTEXT: Wrong<ContextFn, 7> = [
    ("product_without_sum", x::context_product_without_sum),
    ("first_term_only", x::context_first_term_only),
    ("sum_over_rows", x::context_sum_over_rows),
    ("alpha_ignored", x::context_alpha_ignored),
    ("mean_of_annotations", x::context_mean_of_annotations),
    ("last_term_only", x::context_last_term_only),
    ("argmax_only", x::context_argmax_only),
];
pub(super) const W_DECODER_STEP: Wrong<DecoderStepFn, 5> = [
    ("pytorch_update_gate", x::decoder_pytorch_update_gate),
    ("reset_after_u", x::decoder_reset_after_u),
    ("candidate_returned", x::decoder_candidate_returned),
    ("context_left_out", x::decoder_context_left_out),
    ("context_only_in_candidate", x::decoder_context_only_in_candidate),
];
pub(super) const W_LUONG_DOT: Wrong<LuongDotFn, 2> =
    [("scaled", x::luong_dot_scaled), ("softmax_applied", x::luong_dot_softmax_applied)];
pub(super) const W_LUONG_GENERAL: Wrong<LuongGeneralFn, 2> =
    [("w_a_transposed", x::luong_general_w_a_transposed), ("softmax_applied", x::luong_general_softmax_applied)];
pub(super) const W_ENTROPY: Wrong<EntropyFn, 4> = [
    ("zero_log", x::entropy_zero_log),
    ("missing_minus", x::entropy_missing_minus),
    ("log2", x::entropy_log2),
    ("ln_1p", x::entropy_ln_1p),
];
pub(super) const W_COVERAGE: Wrong<CoverageFn, 2> =
    [("wrong_axis", x::coverage_wrong_axis), ("mean", x::coverage_mean)];
pub(super) const W_SOFTMAX_BACKWARD: Wrong<SoftmaxBackwardFn, 3> = [
    ("diagonal_only", x::softmax_backward_diagonal_only),
    ("passed_through", x::softmax_backward_passed_through),
    ("missing_alpha", x::softmax_backward_missing_alpha),
];

/// The reference solutions with exercise `ex`'s function replaced by its
/// classic mistake `key`: a learner who made exactly that mistake.
pub fn mistaken(ex: &Exercise, key: &str) -> Option<Submissions> {
    fn pick<F: Copy>(list: &[(&str, F)], key: &str) -> Option<F> {
        list.iter().find(|(k, _)| *k == key).map(|(_, f)| *f)
    }
    let mut s = Submissions::reference();
    match ex.function {
        "embed" => s.embed = pick(&W_EMBED, key)?,
        "gru_step" => s.gru_step = pick(&W_GRU_STEP, key)?,
        "annotations" => s.annotations = pick(&W_ANNOTATIONS, key)?,
        "broadcast_sum" => s.broadcast_sum = pick(&W_BROADCAST_SUM, key)?,
        "energies" => s.energies = pick(&W_ENERGIES, key)?,
        "softmax" => s.softmax = pick(&W_SOFTMAX, key)?,
        "masked_softmax" => s.masked_softmax = pick(&W_MASKED_SOFTMAX, key)?,
        "context" => s.context = pick(&W_CONTEXT, key)?,
        "decoder_step" => s.decoder_step = pick(&W_DECODER_STEP, key)?,
        "luong_dot" => s.luong_dot = pick(&W_LUONG_DOT, key)?,
        "luong_general" => s.luong_general = pick(&W_LUONG_GENERAL, key)?,
        "entropy" => s.entropy = pick(&W_ENTROPY, key)?,
        "coverage" => s.coverage = pick(&W_COVERAGE, key)?,
        "softmax_backward" => s.softmax_backward = pick(&W_SOFTMAX_BACKWARD, key)?,
        _ => beyond::mistaken(ex, key, &mut s)?,
    }
    Some(s)
}

/// How many known-wrong variants the checker of `ex` runs.
pub fn variant_count(ex: &Exercise) -> usize {
    match ex.function {
        "embed" => W_EMBED.len(),
        "gru_step" => W_GRU_STEP.len(),
        "annotations" => W_ANNOTATIONS.len(),
        "broadcast_sum" => W_BROADCAST_SUM.len(),
        "energies" => W_ENERGIES.len(),
        "softmax" => W_SOFTMAX.len(),
        "masked_softmax" => W_MASKED_SOFTMAX.len(),
        "context" => W_CONTEXT.len(),
        "decoder_step" => W_DECODER_STEP.len(),
        "luong_dot" => W_LUONG_DOT.len(),
        "luong_general" => W_LUONG_GENERAL.len(),
        "entropy" => W_ENTROPY.len(),
        "coverage" => W_COVERAGE.len(),
        "softmax_backward" => W_SOFTMAX_BACKWARD.len(),
        _ => beyond::variant_count(ex).unwrap_or(0),
    }
}
