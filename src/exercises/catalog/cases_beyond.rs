//! The cases and the wrong functions of exercises 15–21 (see [`super::cases`]
//! for the first fourteen): the same shape, one arm per exercise.

use super::generators::{Gen, case, mask};
use super::submissions::Submissions;
use super::wrongs_beyond::*;
use crate::exercises::checker::exercise::Exercise;
use crate::exercises::checker::run::{Outcome, run};
use crate::exercises::diagnosis::flat::{Batch, Sentences};
use crate::model::attention::softmax;
use crate::model::{Mat, Vector};
use crate::text::cases as C;

/// Checks exercise `ex` (one of 15–21) against the matching function of `s`.
pub fn check(ex: &Exercise, s: &Submissions, g: &mut Gen) -> Option<Outcome> {
    let refs = Submissions::reference();
    Some(match ex.function {
        "context_backward" => {
            let cases: Vec<_> = [(6, 4), (4, 5), (8, 2)]
                .into_iter()
                .map(|(d, t)| {
                    let label = format!("H (2n={d}, T_x={t}), α (T_x={t}), ∂L/∂c (2n={d})");
                    case(label, (g.mat(d, t, 1.0), softmax(&g.vec(t, 2.0)), g.vec(d, 1.0)))
                })
                .collect();
            run(ex, &cases, s.context_backward, refs.context_backward, &W_CONTEXT_BACKWARD, |f, (h, a, gc)| f(h, a, gc))
        }
        "encdec_contexts" => {
            let cases: Vec<_> = [(3, 4, 3), (4, 2, 5), (2, 1, 2)]
                .into_iter()
                .map(|(n, tx, ty)| {
                    let label = C::ENCDEC.fill(&[("n", &n), ("tx", &tx), ("ty", &ty)]);
                    case(label, (g.mat(n, n, 1.5), g.mat(n, tx, 1.0), ty))
                })
                .collect();
            run(ex, &cases, s.encdec_contexts, refs.encdec_contexts, &W_ENCDEC_CONTEXTS, |f, (v, h, ty)| f(v, h, *ty))
        }
        "brevity_penalty" => {
            let lengths = |text: crate::text::Text, hyp: Vec<usize>, refs: Vec<usize>| {
                let label = text.fill(&[("hyp", &format!("{hyp:?}")), ("refs", &format!("{refs:?}"))]);
                case(label, (hyp, refs))
            };
            let cases = vec![
                // The longest and the shortest sentence each have another ratio than the totals, 18/13.
                lengths(C::BP_SHORTER, vec![2, 7, 4], vec![5, 7, 6]),
                lengths(C::BP_SHORTER, vec![3, 5, 2], vec![4, 6, 2]),
                lengths(C::BP_LONGER, vec![5, 4], vec![4, 4]),
                case(C::BP_MIXED.get().into(), (vec![6, 2], vec![3, 4])),
                case(C::BP_SAME.get().into(), (vec![4, 7], vec![4, 7])),
            ];
            run(ex, &cases, s.brevity_penalty, refs.brevity_penalty, &W_BREVITY_PENALTY, |f, (h, r)| f(h, r))
        }
        "masked_context" => {
            // Padding columns keep whatever numbers they were drawn with, or hold `pad`.
            let mut batch = |d: usize, lengths: &[usize], t: usize, pad: Option<f64>| {
                let h = lengths
                    .iter()
                    .map(|&len| {
                        let mut h_b = g.mat(d, t, 1.0);
                        if let Some(p) = pad {
                            h_b.columns_mut(len, t - len).fill(p);
                        }
                        h_b
                    })
                    .collect();
                (Batch(h), g.mat(lengths.len(), t, 3.0), mask(lengths, t))
            };
            let named = |d: usize, lengths: &[usize], t: usize| {
                C::BATCH.fill(&[("b", &lengths.len()), ("d", &d), ("t", &t), ("lengths", &format!("{lengths:?}"))])
            };
            let cases = vec![
                case(named(4, &[2, 4, 3], 4), batch(4, &[2, 4, 3], 4, None)),
                case(named(6, &[5, 1], 5), batch(6, &[5, 1], 5, None)),
                case(C::BATCH_NAN.get().into(), batch(4, &[2, 3], 4, Some(f64::NAN))),
                case(
                    C::BATCH_NEAR_800.get().into(),
                    with_energies(batch(4, &[3, 2], 4, None), &[800.0, 799.0, 790.0, 0.0, 805.0, 803.0, 0.0, 0.0]),
                ),
                case(
                    C::BATCH_PADDING_HIGH.get().into(),
                    with_energies(batch(4, &[2, 3], 4, None), &[0.5, -1.0, 900.0, 850.0, -0.5, 1.0, 0.25, 900.0]),
                ),
            ];
            run(ex, &cases, s.masked_context, refs.masked_context, &W_MASKED_CONTEXT, |f, (h, e, m)| f(&h.0, e, m))
        }
        "beam_step" => {
            let cases = vec![
                case(C::BEAM_FIRST.get().into(), beam_first()),
                case(C::BEAM_TIES.get().into(), beam_ties()),
                case(C::BEAM_START.get().into(), (Vector::zeros(1), log_probs(g, 6, 1), 5, 4)),
                case(C::BEAM_LATER.get().into(), (g.vec(4, 1.0).map(|v| v - 2.0), log_probs(g, 5, 4), 2, 2)),
            ];
            run(ex, &cases, s.beam_step, refs.beam_step, &W_BEAM_STEP, |f, (lp, nx, eos, room)| f(lp, nx, *eos, *room))
        }
        "energies_backward" => {
            let cases: Vec<_> = [(4, 3), (3, 5), (2, 1)]
                .into_iter()
                .map(|(na, t)| {
                    let label = format!("A = tanh(Z) (n'={na}, T_x={t}), v_a (n'={na}), ∂L/∂e (T_x={t})");
                    case(label, (g.mat(na, t, 2.0).map(f64::tanh), g.vec(na, 1.0), g.vec(t, 1.0)))
                })
                .collect();
            run(ex, &cases, s.energies_backward, refs.energies_backward, &W_ENERGIES_BACKWARD, |f, (a, v, ge)| {
                f(a, v, ge)
            })
        }
        "clipped_precision" => {
            let corpus = |hyps: &[&str], refs: &[&str], n: usize| {
                let side = |v: &[&str]| Sentences(v.iter().map(|s| s.to_string()).collect());
                (side(hyps), side(refs), n)
            };
            let cases = vec![
                case(
                    C::BLEU_BIGRAM.get().into(),
                    corpus(
                        &["the cat the cat sat down", "a dog on a mat"],
                        &["the cat sat on the mat", "a dog sat on a mat"],
                        2,
                    ),
                ),
                case(
                    C::BLEU_REFERENCE_REPEATS.get().into(),
                    corpus(&["the  cat sat ", " a dog"], &["the the cat the sat", "a  dog dog"], 1),
                ),
                case(
                    C::BLEU_HYPOTHESIS_REPEATS.get().into(),
                    corpus(&["the the the the", "cat sat"], &["the cat", "the cat sat"], 1),
                ),
                case(
                    C::BLEU_NO_TRIGRAM.get().into(),
                    corpus(
                        &["the cat sat on the mat", "mat on dog", "a dog"],
                        &["the cat sat on a mat", "the dog sat on the mat", "a dog sat"],
                        3,
                    ),
                ),
                case(
                    C::BLEU_FOUR.get().into(),
                    corpus(
                        &["a cat sat on the mat today", "the dog sat on the mat", "on the mat on the mat"],
                        &["the cat sat on the mat today", "the dog sat on a mat", "the cat on the mat"],
                        4,
                    ),
                ),
            ];
            run(ex, &cases, s.clipped_precision, refs.clipped_precision, &W_CLIPPED_PRECISION, |f, (h, r, n)| {
                f(&h.as_strs(), &r.as_strs(), *n)
            })
        }
        _ => return None,
    })
}

type BeamInput = (Vector, Mat, usize, usize);

/// A batch with its energies replaced by `e`, row by row.
fn with_energies((h, e, mask): (Batch, Mat, Mat), cells: &[f64]) -> (Batch, Mat, Mat) {
    (h, Mat::from_row_slice(e.nrows(), e.ncols(), cells), mask)
}

/// Column h is hypothesis h's ln p over K_y words: log-softmax of random energies.
fn log_probs(g: &mut Gen, k_y: usize, live: usize) -> Mat {
    let cols: Vec<Vector> = (0..live).map(|_| softmax(&g.vec(k_y, 2.0)).map(f64::ln)).collect();
    Mat::from_columns(&cols)
}

/// Chosen by hand (binary fractions, so sums are exact): h0's word 1 is best,
/// then the <eos> of h0 and of h1, so two of the three survivors finish; the
/// prefixes change the order the words alone would give.
fn beam_first() -> BeamInput {
    #[rustfmt::skip]
    let next = Mat::from_column_slice(5, 3, &[
        -1.0, -0.25, -1.5, -2.0, -4.0,    // h0
        -0.625, -2.5, -0.75, -3.0, -1.25, // h1
        -1.0, -0.125, -3.0, -2.0, -0.5,  // h2
    ]);
    (Vector::from_vec(vec![-0.5, -1.0, -2.0]), next, 0, 3)
}

/// Three candidates tie at −1.5: h0's words 0 and 1, and h1's word 0.
fn beam_ties() -> BeamInput {
    let next = Mat::from_column_slice(4, 2, &[-0.5, -0.5, -2.0, -3.0, -1.0, -2.0, -0.75, -4.0]);
    (Vector::from_vec(vec![-1.0, -0.5]), next, 3, 3)
}
