//! The seeded inputs of every exercise, and the table that ties each exercise
//! to its learner function, its reference and its known-wrong variants.
//! Cases are ordered so that the first one tells the classic mistakes apart
//! (a square n' = T_x case first, for instance, so a wrong-axis broadcast gives
//! a wrong number rather than a crash).

use super::cases_beyond as beyond;
use super::list::EXERCISES;
use super::mistakes as x;
use super::reference as r;
use super::submissions::*;
use crate::exercises::checker::exercise::Exercise;
use crate::exercises::checker::run::{Case, Outcome, run};
use crate::model::attention::softmax;
use crate::model::rng::SeededRng;
use crate::model::{ContextWeights, Gru, Mat, Vector};

pub use super::submissions::Submissions;

/// An exercise's classic mistakes: catalog key and wrong function.
pub(super) type Wrong<F, const N: usize> = [(&'static str, F); N];

pub(super) struct Gen(SeededRng);

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen(SeededRng::new(seed))
    }
    pub(super) fn mat(&mut self, rows: usize, cols: usize, a: f64) -> Mat {
        Mat::from_fn(rows, cols, |_, _| self.0.uniform(a))
    }
    pub(super) fn vec(&mut self, n: usize, a: f64) -> Vector {
        Vector::from_fn(n, |_, _| self.0.uniform(a))
    }
    fn gru(&mut self, n: usize, m: usize) -> Gru {
        let mut w = || self.mat(n, m, 1.5);
        let (w, w_z, w_r) = (w(), w(), w());
        let mut u = || self.mat(n, n, 1.5);
        Gru { w, w_z, w_r, u: u(), u_z: u(), u_r: u() }
    }
    fn cw(&mut self, n: usize) -> ContextWeights {
        ContextWeights { c: self.mat(n, 2 * n, 1.0), c_z: self.mat(n, 2 * n, 1.0), c_r: self.mat(n, 2 * n, 1.0) }
    }
    /// Rows that are softmaxes of random energies (T_y × T_x).
    fn alignment(&mut self, t_y: usize, t_x: usize) -> Mat {
        let e = self.mat(t_y, t_x, 3.0);
        r::masked_softmax(&e, &Mat::from_element(t_y, t_x, 1.0))
    }
}

pub(super) fn case<I>(label: String, input: I) -> Case<I> {
    Case { label, input }
}

/// Padding mask: row b has `lengths[b]` real tokens, then zeros.
pub(super) fn mask(lengths: &[usize], t: usize) -> Mat {
    Mat::from_fn(lengths.len(), t, |b, i| if i < lengths[b] { 1.0 } else { 0.0 })
}

/// Checks exercise `ex` against the matching function of `s`.
pub fn check(ex: &Exercise, s: &Submissions) -> Outcome {
    let mut g = Gen::new(0xa77e_0000 + ex.id as u64);
    let refs = Submissions::reference();
    match ex.function {
        "embed" => {
            let cases: Vec<_> = [(3, 5, vec![4, 0, 2, 0]), (4, 7, vec![6, 1, 1, 3, 5]), (2, 3, vec![1])]
                .into_iter()
                .map(|(m, k, ids)| case(format!("E (m={m}, K={k}), ids {ids:?}"), (g.mat(m, k, 1.0), ids)))
                .collect();
            run(ex, &cases, s.embed, refs.embed, &W_EMBED, |f, (e, ids)| f(e, ids))
        }
        "gru_step" => {
            let cases: Vec<_> = [(3, 2), (4, 3), (2, 5)]
                .into_iter()
                .map(|(n, m)| case(format!("n={n}, m={m}"), (g.gru(n, m), g.vec(m, 1.0), g.vec(n, 0.9))))
                .collect();
            run(ex, &cases, s.gru_step, refs.gru_step, &W_GRU_STEP, |f, (gr, xx, h)| f(gr, xx, h))
        }
        "annotations" => {
            let cases: Vec<_> = [(3, 4), (2, 5), (4, 1)]
                .into_iter()
                .map(|(n, t)| case(format!("→h and ←h (n={n}, T_x={t})"), (g.mat(n, t, 1.0), g.mat(n, t, 1.0))))
                .collect();
            run(ex, &cases, s.annotations, refs.annotations, &W_ANNOTATIONS, |f, (a, b)| f(a, b))
        }
        "broadcast_sum" => {
            let cases: Vec<_> = [(3, 3), (4, 2), (2, 5)]
                .into_iter()
                .map(|(na, t)| {
                    case(
                        format!("W_a s_(t-1) (n'={na}), U_a H (n'={na}, T_x={t})"),
                        (g.vec(na, 1.0), g.mat(na, t, 1.0)),
                    )
                })
                .collect();
            run(ex, &cases, s.broadcast_sum, refs.broadcast_sum, &W_BROADCAST_SUM, |f, (q, k)| f(q, k))
        }
        "energies" => {
            let cases: Vec<_> = [(3, 4, 5, 3, 1), (3, 4, 5, 3, 3), (2, 3, 4, 2, 2)]
                .into_iter()
                .map(|(n, na, tx, ty, t)| {
                    let label = format!("n={n}, n'={na}, T_x={tx}, s_0…s_{ty} as columns, t={t}");
                    let input = (
                        g.mat(na, n, 1.5),
                        g.mat(na, 2 * n, 1.0),
                        g.mat(na, 1, 1.5),
                        g.mat(n, ty + 1, 1.0),
                        t,
                        g.mat(2 * n, tx, 1.0),
                    );
                    case(label, input)
                })
                .collect();
            run(ex, &cases, s.energies, refs.energies, &W_ENERGIES, |f, (wa, ua, va, st, t, h)| {
                f(wa, ua, va, st, *t, h)
            })
        }
        "softmax" => {
            let cases = vec![
                case("e (4)".into(), Vector::from_vec(vec![0.3, -1.2, 2.0, 0.0])),
                case("e (6), random".into(), g.vec(6, 4.0)),
                case("e (4), large energies".into(), Vector::from_vec(vec![800.0, 799.0, -5.0, 0.0])),
                case("e (4), the largest energy not first".into(), Vector::from_vec(vec![-5.0, 799.0, 800.0, 0.0])),
            ];
            run(ex, &cases, s.softmax, refs.softmax, &W_SOFTMAX, |f, e| f(e))
        }
        "masked_softmax" => {
            let big = Mat::from_row_slice(2, 3, &[800.0, 799.0, 790.0, 805.0, 3.0, 900.0]);
            // A max taken over padding underflows every real token here, exp(−100 − 700) = 0, while
            // exp(700) still fits in f64: a softmax without any max gets it right.
            let far = Mat::from_row_slice(2, 4, &[-100.0, -101.5, 700.0, 650.0, -99.0, -100.5, -102.0, 700.0]);
            let cases = vec![
                case("e (B=3, T_x=4), lengths [4, 2, 3]".into(), (g.mat(3, 4, 3.0), mask(&[4, 2, 3], 4))),
                case("e (B=2, T_x=5), lengths [5, 1]".into(), (g.mat(2, 5, 3.0), mask(&[5, 1], 5))),
                case("e (B=2, T_x=3), lengths [3, 2], large energies".into(), (big, mask(&[3, 2], 3))),
                case(
                    "e (B=2, T_x=4), lengths [2, 3], padding energies far above the real ones".into(),
                    (far, mask(&[2, 3], 4)),
                ),
            ];
            run(ex, &cases, s.masked_softmax, refs.masked_softmax, &W_MASKED_SOFTMAX, |f, (e, m)| f(e, m))
        }
        "context" => {
            let cases: Vec<_> = [(4, 3), (6, 5), (2, 1)]
                .into_iter()
                .map(|(d, t)| {
                    case(format!("H (2n={d}, T_x={t}), α (T_x={t})"), (g.mat(d, t, 1.0), softmax(&g.vec(t, 2.0))))
                })
                .collect();
            run(ex, &cases, s.context, refs.context, &W_CONTEXT, |f, (h, a)| f(h, a))
        }
        "decoder_step" => {
            let cases: Vec<_> = [(3, 2), (4, 3)]
                .into_iter()
                .map(|(n, m)| {
                    let input = (g.gru(n, m), g.cw(n), g.vec(m, 1.0), g.vec(n, 0.9), g.vec(2 * n, 1.0));
                    case(format!("n={n}, m={m}, c_t (2n={})", 2 * n), input)
                })
                .collect();
            run(ex, &cases, s.decoder_step, refs.decoder_step, &W_DECODER_STEP, |f, (gr, cw, y, sp, c)| {
                f(gr, cw, y, sp, c)
            })
        }
        "luong_dot" => {
            let cases: Vec<_> = [(4, 3), (9, 5)]
                .into_iter()
                .map(|(d, t)| case(format!("h_t (d={d}), h̄ (d={d}, T_x={t})"), (g.vec(d, 1.0), g.mat(d, t, 1.0))))
                .collect();
            run(ex, &cases, s.luong_dot, refs.luong_dot, &W_LUONG_DOT, |f, (q, k)| f(q, k))
        }
        "luong_general" => {
            let cases: Vec<_> = [(3, 4), (5, 2)]
                .into_iter()
                .map(|(d, t)| {
                    let label = format!("h_t (d={d}), W_a (d, d), h̄ (d={d}, T_x={t})");
                    case(label, (g.vec(d, 1.0), g.mat(d, d, 1.0), g.mat(d, t, 1.0)))
                })
                .collect();
            run(ex, &cases, s.luong_general, refs.luong_general, &W_LUONG_GENERAL, |f, (q, w, k)| f(q, w, k))
        }
        "entropy" => {
            let cases = vec![
                case("α (5), all weights above 0".into(), softmax(&g.vec(5, 2.0))),
                case("α (4) with zeros from padding".into(), Vector::from_vec(vec![0.7, 0.0, 0.3, 0.0])),
                case("α (3), all weight on one word".into(), Vector::from_vec(vec![0.0, 1.0, 0.0])),
            ];
            run(ex, &cases, s.entropy, refs.entropy, &W_ENTROPY, |f, a| f(a))
        }
        "coverage" => {
            let cases: Vec<_> = [(3, 5), (4, 4)]
                .into_iter()
                .map(|(ty, tx)| case(format!("A (T_y={ty}, T_x={tx})"), g.alignment(ty, tx)))
                .collect();
            run(ex, &cases, s.coverage, refs.coverage, &W_COVERAGE, |f, a| f(a))
        }
        "softmax_backward" => {
            let cases: Vec<_> = [4, 6, 2]
                .into_iter()
                .map(|t| case(format!("α (T_x={t}), ∂L/∂α (T_x={t})"), (softmax(&g.vec(t, 2.0)), g.vec(t, 1.0))))
                .collect();
            run(ex, &cases, s.softmax_backward, refs.softmax_backward, &W_SOFTMAX_BACKWARD, |f, (a, gr)| f(a, gr))
        }
        other => beyond::check(ex, s, &mut g)
            .unwrap_or_else(|| unreachable!("the catalog names a function with no checker: {other}")),
    }
}

// The classic mistakes of each exercise, by catalog key, in the learner's signature.
const W_EMBED: Wrong<EmbedFn, 1> = [("transposed", x::embed_transposed)];
const W_GRU_STEP: Wrong<GruStepFn, 2> =
    [("pytorch_update_gate", x::gru_pytorch_update_gate), ("reset_after_u", x::gru_reset_after_u)];
const W_ANNOTATIONS: Wrong<AnnotationsFn, 4> = [
    ("forward_only", x::annotations_forward_only),
    ("forward_twice", x::annotations_forward_twice),
    ("backward_on_top", x::annotations_backward_on_top),
    ("backward_reversed", x::annotations_backward_reversed),
];
const W_BROADCAST_SUM: Wrong<BroadcastSumFn, 2> =
    [("wrong_axis", x::broadcast_wrong_axis), ("tanh_applied", x::broadcast_tanh_applied)];
const W_ENERGIES: Wrong<EnergiesFn, 3> =
    [("s_t_for_s_prev", x::energies_s_t_for_s_prev), ("no_tanh", x::energies_no_tanh), ("no_v_a", x::energies_no_v_a)];
const W_SOFTMAX: Wrong<SoftmaxFn, 2> = [("no_max", x::softmax_no_max), ("not_normalised", x::softmax_not_normalised)];
const W_MASKED_SOFTMAX: Wrong<MaskedSoftmaxFn, 5> = [
    ("wrong_axis", x::masked_wrong_axis),
    ("mask_multiplied", x::masked_multiplied),
    ("mask_wrong_sign", x::masked_wrong_sign),
    // Before inf·0: at large energies both give NaN, and inf·0 already failed case 1.
    ("no_max", x::masked_no_max),
    ("mask_inf_times_zero", x::masked_inf_times_zero),
];
const W_CONTEXT: Wrong<ContextFn, 4> = [
    ("product_without_sum", x::context_product_without_sum),
    ("first_term_only", x::context_first_term_only),
    ("sum_over_rows", x::context_sum_over_rows),
    ("alpha_ignored", x::context_alpha_ignored),
];
const W_DECODER_STEP: Wrong<DecoderStepFn, 3> = [
    ("pytorch_update_gate", x::decoder_pytorch_update_gate),
    ("context_left_out", x::decoder_context_left_out),
    ("context_only_in_candidate", x::decoder_context_only_in_candidate),
];
const W_LUONG_DOT: Wrong<LuongDotFn, 2> =
    [("scaled", x::luong_dot_scaled), ("softmax_applied", x::luong_dot_softmax_applied)];
const W_LUONG_GENERAL: Wrong<LuongGeneralFn, 2> =
    [("w_a_transposed", x::luong_general_w_a_transposed), ("softmax_applied", x::luong_general_softmax_applied)];
const W_ENTROPY: Wrong<EntropyFn, 3> =
    [("zero_log", x::entropy_zero_log), ("missing_minus", x::entropy_missing_minus), ("log2", x::entropy_log2)];
const W_COVERAGE: Wrong<CoverageFn, 2> = [("wrong_axis", x::coverage_wrong_axis), ("mean", x::coverage_mean)];
const W_SOFTMAX_BACKWARD: Wrong<SoftmaxBackwardFn, 3> = [
    ("diagonal_only", x::softmax_backward_diagonal_only),
    ("passed_through", x::softmax_backward_passed_through),
    ("missing_alpha", x::softmax_backward_missing_alpha),
];

/// Every exercise, in catalog order, with its outcome.
pub fn check_all(s: &Submissions) -> Vec<(&'static Exercise, Outcome)> {
    EXERCISES.iter().map(|ex| (ex, check(ex, s))).collect()
}

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
