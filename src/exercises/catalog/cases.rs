//! The seeded inputs of every exercise, and the table that ties each exercise
//! to its learner function, its reference and its known-wrong variants.
//! Cases are ordered so that the first one tells the classic mistakes apart
//! (a square n' = T_x case first, for instance, so a wrong-axis broadcast gives
//! a wrong number rather than a crash).

use super::cases_beyond as beyond;
use super::generators::{Gen, case, mask};
use super::list::EXERCISES;
use super::wrongs::*;
use crate::exercises::checker::exercise::Exercise;
use crate::exercises::checker::run::{Outcome, run};
use crate::model::attention::softmax;
use crate::model::{Mat, Vector};
use crate::text::cases as C;

pub use super::submissions::Submissions;

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
                .map(|(n, t)| case(C::ANNOTATIONS.fill(&[("n", &n), ("t", &t)]), (g.mat(n, t, 1.0), g.mat(n, t, 1.0))))
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
                    let label = C::ENERGIES.fill(&[("n", &n), ("na", &na), ("tx", &tx), ("ty", &ty), ("t", &t)]);
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
                case(C::SOFTMAX_RANDOM.fill(&[("n", &6usize)]), g.vec(6, 4.0)),
                case(C::SOFTMAX_LARGE.get().into(), Vector::from_vec(vec![800.0, 799.0, -5.0, 0.0])),
                case(C::SOFTMAX_LARGEST_NOT_FIRST.get().into(), Vector::from_vec(vec![-5.0, 799.0, 800.0, 0.0])),
                // Every exp(e_i) underflows to 0 unless the largest energy, −799, is subtracted: the
                // largest |e| (amax, 1000) is not it.
                case(C::SOFTMAX_ALL_NEGATIVE.get().into(), Vector::from_vec(vec![-800.0, -799.0, -805.0, -1000.0])),
                // Far from the mean and from the smallest: subtracting either still overflows.
                case(C::SOFTMAX_ONE_FAR.get().into(), Vector::from_vec(vec![2.0, 1000.0, -1.0, 0.0])),
            ];
            run(ex, &cases, s.softmax, refs.softmax, &W_SOFTMAX, |f, e| f(e))
        }
        "masked_softmax" => {
            let big = Mat::from_row_slice(2, 3, &[800.0, 799.0, 790.0, 805.0, 3.0, 900.0]);
            // A max taken over padding underflows every real token here, exp(−100 − 700) = 0, while
            // exp(700) still fits in f64: a softmax without any max gets it right.
            let far = Mat::from_row_slice(2, 4, &[-100.0, -101.5, 700.0, 650.0, -99.0, -100.5, -102.0, 700.0]);
            let lengths = |b: usize, t: usize, l: &[usize]| {
                C::MASKED_LENGTHS.fill(&[("b", &b), ("t", &t), ("lengths", &format!("{l:?}"))])
            };
            let cases = vec![
                case(lengths(3, 4, &[4, 2, 3]), (g.mat(3, 4, 3.0), mask(&[4, 2, 3], 4))),
                case(lengths(2, 5, &[5, 1]), (g.mat(2, 5, 3.0), mask(&[5, 1], 5))),
                case(C::MASKED_LARGE.get().into(), (big, mask(&[3, 2], 3))),
                case(C::MASKED_PADDING_HIGH.get().into(), (far, mask(&[2, 3], 4))),
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
                case(C::ENTROPY_POSITIVE.get().into(), softmax(&g.vec(5, 2.0))),
                case(C::ENTROPY_PADDING.get().into(), Vector::from_vec(vec![0.7, 0.0, 0.3, 0.0])),
                case(C::ENTROPY_ONE_WORD.get().into(), Vector::from_vec(vec![0.0, 1.0, 0.0])),
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

/// Every exercise, in catalog order, with its outcome.
pub fn check_all(s: &Submissions) -> Vec<(&'static Exercise, Outcome)> {
    EXERCISES.iter().map(|ex| (ex, check(ex, s))).collect()
}
