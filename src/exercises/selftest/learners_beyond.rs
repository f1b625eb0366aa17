//! Exercises 15–21 answered the way learners answer them: for each, the
//! mistakes a learner makes reading the exercise file and the book (each with
//! the hint key it should get, a catalogued mistake or a diagnosis), and
//! correct answers written another way, which must pass. The checker's own
//! variants are not reused: every body here is written from the formula.

use super::trial::{Trial, valid, wrong};
use crate::model::{Mat, Vector};
use std::collections::HashMap;

type Survivor = (usize, usize, f64);

fn lens(h: &[usize], r: &[usize]) -> (f64, f64) {
    (h.iter().sum::<usize>() as f64, r.iter().sum::<usize>() as f64)
}

/// Every (h, w, score) of a beam step, in (h, w) order.
fn candidates(lp: &Vector, nx: &Mat) -> Vec<Survivor> {
    let mut all = Vec::new();
    for h in 0..lp.len() {
        for w in 0..nx.nrows() {
            all.push((h, w, lp[h] + nx[(w, h)]));
        }
    }
    all
}

fn best_first(v: &mut [Survivor]) {
    v.sort_by(|a, b| b.2.total_cmp(&a.2));
}

/// The real positions of sentence b.
fn real(mask: &Mat, b: usize) -> Vec<usize> {
    (0..mask.ncols()).filter(|&i| mask[(b, i)] > 0.5).collect()
}

fn count<'a>(words: &[&'a str], n: usize) -> HashMap<Vec<&'a str>, usize> {
    let mut c = HashMap::new();
    for g in words.windows(n) {
        *c.entry(g.to_vec()).or_insert(0) += 1;
    }
    c
}

fn clipped(hw: &[&str], rw: &[&str], n: usize) -> usize {
    let rc = count(rw, n);
    count(hw, n).iter().map(|(g, c)| (*c).min(rc.get(g).copied().unwrap_or(0))).sum()
}

pub fn trials() -> Vec<Trial> {
    let mut all = context_backward();
    all.extend(encdec_contexts());
    all.extend(brevity_penalty());
    all.extend(masked_context());
    all.extend(beam_step());
    all.extend(energies_backward());
    all.extend(clipped_precision());
    all
}

fn context_backward() -> Vec<Trial> {
    let f = "context_backward";
    vec![
        wrong(f, "went on through the softmax (returned ∂e)", "through_softmax", |s| {
            s.context_backward = |h, a, g| {
                let da = h.transpose() * g;
                let dot = da.dot(a);
                Vector::from_fn(a.len(), |i, _| a[i] * (da[i] - dot))
            }
        }),
        wrong(f, "h_i and ∂c added, then summed", "factors_added", |s| {
            s.context_backward =
                |h, _, g| Vector::from_fn(h.ncols(), |i, _| (0..h.nrows()).map(|k| h[(k, i)] + g[k]).sum())
        }),
        wrong(f, "only the backward half of h_i", "backward_half", |s| {
            s.context_backward = |h, _, g| {
                let n = h.nrows() / 2;
                Vector::from_fn(h.ncols(), |i, _| (n..2 * n).map(|k| h[(k, i)] * g[k]).sum())
            }
        }),
        wrong(f, "each dot product weighted by α_i", "alpha_weighted", |s| {
            s.context_backward = |h, a, g| Vector::from_fn(h.ncols(), |i, _| a[i] * h.column(i).dot(g))
        }),
        wrong(f, "the diagonal of the softmax's Jacobian, α_i (1 − α_i)", "softmax_diagonal", |s| {
            s.context_backward = |h, a, g| Vector::from_fn(h.ncols(), |i, _| a[i] * (1.0 - a[i]) * h.column(i).dot(g))
        }),
        wrong(f, "returned the forward pass, c = H α", "forward_pass", |s| s.context_backward = |h, a, _| h * a),
        wrong(f, "the loop stops one position early", "loop_edge", |s| {
            s.context_backward = |h, _, g| {
                let mut d = Vector::zeros(h.ncols());
                for i in 0..h.ncols() - 1 {
                    d[i] = h.column(i).dot(g);
                }
                d
            }
        }),
        wrong(f, "the mean of the dot product over the 2n entries", "factor", |s| {
            s.context_backward = |h, _, g| Vector::from_fn(h.ncols(), |i, _| h.column(i).dot(g) / h.nrows() as f64)
        }),
        wrong(f, "∂c read in reverse", "reversed_input", |s| {
            s.context_backward = |h, _, g| {
                let rev = Vector::from_fn(g.len(), |k, _| g[g.len() - 1 - k]);
                h.tr_mul(&rev)
            }
        }),
        valid(f, "a sum over k inside a sum over i", |s| {
            s.context_backward = |h, _, g| {
                let mut d = Vector::zeros(h.ncols());
                for i in 0..h.ncols() {
                    for k in 0..h.nrows() {
                        d[i] += h[(k, i)] * g[k];
                    }
                }
                d
            }
        }),
        valid(f, "the columns of H weighted by ∂c, summed down", |s| {
            s.context_backward = |h, _, g| {
                let weighted = Mat::from_fn(h.nrows(), h.ncols(), |k, i| h[(k, i)] * g[k]);
                weighted.row_sum().transpose()
            }
        }),
    ]
}

fn encdec_contexts() -> Vec<Trial> {
    let f = "encdec_contexts";
    vec![
        wrong(f, "the state before the last", "state_before_last", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = (v * h.column(h.ncols().saturating_sub(2))).map(f64::tanh);
                Mat::from_fn(c.len(), t_y, |k, _| c[k])
            }
        }),
        wrong(f, "σ for tanh", "sigmoid", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = (v * h.column(h.ncols() - 1)).map(|x| 1.0 / (1.0 + (-x).exp()));
                Mat::from_fn(c.len(), t_y, |k, _| c[k])
            }
        }),
        wrong(f, "the sum of the states", "sum_of_states", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = (v * h.column_sum()).map(f64::tanh);
                Mat::from_fn(c.len(), t_y, |k, _| c[k])
            }
        }),
        wrong(f, "the largest entry over the states", "max_of_states", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let top = Vector::from_fn(h.nrows(), |k, _| h.row(k).max());
                let c = (v * top).map(f64::tanh);
                Mat::from_fn(c.len(), t_y, |k, _| c[k])
            }
        }),
        wrong(f, "tanh of V's entries, then the product", "tanh_of_v", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = v.map(f64::tanh) * h.column(h.ncols() - 1);
                Mat::from_fn(c.len(), t_y, |k, _| c[k])
            }
        }),
        wrong(f, "the first state (h.column(0))", "first_state", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = (v * h.column(0)).map(f64::tanh);
                Mat::from_columns(&vec![c; t_y])
            }
        }),
        wrong(f, "a column for c_0 too: T_y + 1 columns", "extra_step", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = (v * h.column(h.ncols() - 1)).map(f64::tanh);
                Mat::from_fn(c.len(), t_y + 1, |k, _| c[k])
            }
        }),
        wrong(f, "one row per step: (T_y, n)", "transposed", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = (v * h.column(h.ncols() - 1)).map(f64::tanh);
                Mat::from_fn(t_y, c.len(), |_, k| c[k])
            }
        }),
        wrong(f, "the states averaged, then V", "mean_of_states", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let mean = h.column_sum() / h.ncols() as f64;
                let c = (v * mean).map(f64::tanh);
                Mat::from_fn(c.len(), t_y, |k, _| c[k])
            }
        }),
        valid(f, "one entry at a time", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let last = h.ncols() - 1;
                Mat::from_fn(v.nrows(), t_y, |k, _| {
                    (0..v.ncols()).map(|j| v[(k, j)] * h[(j, last)]).sum::<f64>().tanh()
                })
            }
        }),
        valid(f, "the last column by columns(…, 1)", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = (v * h.columns(h.ncols() - 1, 1)).map(f64::tanh);
                let mut out = Mat::zeros(v.nrows(), t_y);
                out.column_iter_mut().for_each(|mut col| col.copy_from(&c));
                out
            }
        }),
    ]
}

fn brevity_penalty() -> Vec<Trial> {
    let f = "brevity_penalty";
    vec![
        wrong(f, "the longest sentence's lengths for the totals", "longest_sentence", |s| {
            s.brevity_penalty = |h, rf| {
                let k = (0..h.len()).max_by_key(|&k| h[k]).unwrap_or(0);
                let (c, r) = (h[k] as f64, rf[k] as f64);
                if c > r { 1.0 } else { (1.0 - r / c).exp() }
            }
        }),
        wrong(f, "integer division r / c", "integer_division", |s| {
            s.brevity_penalty = |h, rf| {
                let (c, r): (usize, usize) = (h.iter().sum(), rf.iter().sum());
                if c > r { 1.0 } else { (1.0 - (r / c) as f64).exp() }
            }
        }),
        wrong(f, "the exponent's sign flipped, exp(r/c − 1)", "exponent_sign", |s| {
            s.brevity_penalty = |h, rf| {
                let (c, r) = lens(h, rf);
                if c > r { 1.0 } else { (r / c - 1.0).exp() }
            }
        }),
        wrong(f, "+1 per sentence (an <eos> counted)", "one_more_per_sentence", |s| {
            s.brevity_penalty = |h, rf| {
                let c = h.iter().map(|l| l + 1).sum::<usize>() as f64;
                let r = rf.iter().map(|l| l + 1).sum::<usize>() as f64;
                if c > r { 1.0 } else { (1.0 - r / c).exp() }
            }
        }),
        wrong(f, "the last sentence left out", "last_left_out", |s| {
            s.brevity_penalty = |h, rf| {
                let (c, r) = lens(&h[..h.len() - 1], &rf[..rf.len() - 1]);
                if c > r { 1.0 } else { (1.0 - r / c).exp() }
            }
        }),
        wrong(f, "the condition the wrong way round, c < r gives 1", "condition_inverted", |s| {
            s.brevity_penalty = |h, rf| {
                let (c, r) = lens(h, rf);
                if c < r { 1.0 } else { (1.0 - r / c).exp() }
            }
        }),
        wrong(f, "the ratios r_s / c_s averaged", "ratio_averaged", |s| {
            s.brevity_penalty = |h, rf| {
                let c = h.iter().zip(rf).map(|(&c, &r)| r as f64 / c as f64).sum::<f64>() / h.len() as f64;
                if c < 1.0 { 1.0 } else { (1.0 - c).exp() }
            }
        }),
        wrong(f, "one penalty per sentence, then their mean", "sentence_average", |s| {
            s.brevity_penalty = |h, rf| {
                let mut total = 0.0;
                for (&c, &r) in h.iter().zip(rf) {
                    total += if c > r { 1.0 } else { (1.0 - r as f64 / c as f64).exp() };
                }
                total / h.len() as f64
            }
        }),
        wrong(f, "the shortest sentence's lengths", "shortest_sentence", |s| {
            s.brevity_penalty = |h, rf| {
                let k = (0..h.len()).min_by_key(|&k| h[k]).unwrap_or(0);
                let (c, r) = (h[k] as f64, rf[k] as f64);
                if c > r { 1.0 } else { (1.0 - r / c).exp() }
            }
        }),
        valid(f, "the ratio first, then one branch", |s| {
            s.brevity_penalty = |h, rf| {
                let (c, r) = lens(h, rf);
                let ratio = r / c;
                if ratio < 1.0 { 1.0 } else { (1.0 - ratio).exp() }
            }
        }),
        valid(f, "folded lengths, exp((c − r)/c)", |s| {
            s.brevity_penalty = |h, rf| {
                let (c, r) = h.iter().zip(rf).fold((0.0, 0.0), |(c, r), (&a, &b)| (c + a as f64, r + b as f64));
                if c > r { 1.0 } else { ((c - r) / c).exp() }
            }
        }),
    ]
}

fn masked_context() -> Vec<Trial> {
    let f = "masked_context";
    vec![
        wrong(f, "the max taken over the padding too", "max_over_padding", |s| {
            s.masked_context = |h, e, mask| {
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        let max = e.row(b).max();
                        let idx = real(mask, b);
                        let w: Vec<f64> = idx.iter().map(|&i| (e[(b, i)] - max).exp()).collect();
                        let total: f64 = w.iter().sum();
                        idx.iter()
                            .zip(&w)
                            .fold(Vector::zeros(h[b].nrows()), |c, (&i, wi)| c + h[b].column(i) * (wi / total))
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        wrong(f, "no maximum subtracted", "no_max", |s| {
            s.masked_context = |h, e, mask| {
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        let idx = real(mask, b);
                        let total: f64 = idx.iter().map(|&i| e[(b, i)].exp()).sum();
                        idx.iter()
                            .fold(Vector::zeros(h[b].nrows()), |c, &i| c + h[b].column(i) * (e[(b, i)].exp() / total))
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        wrong(f, "the weights not normalised", "weights_not_normalised", |s| {
            s.masked_context = |h, e, mask| {
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        let idx = real(mask, b);
                        let max = idx.iter().map(|&i| e[(b, i)]).fold(f64::NEG_INFINITY, f64::max);
                        idx.iter()
                            .fold(Vector::zeros(h[b].nrows()), |c, &i| c + h[b].column(i) * (e[(b, i)] - max).exp())
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        wrong(f, "the last real token dropped", "last_token_dropped", |s| {
            s.masked_context = |h, e, mask| {
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        let mut idx = real(mask, b);
                        if idx.len() > 1 {
                            idx.pop();
                        }
                        let max = idx.iter().map(|&i| e[(b, i)]).fold(f64::NEG_INFINITY, f64::max);
                        let total: f64 = idx.iter().map(|&i| (e[(b, i)] - max).exp()).sum();
                        idx.iter().fold(Vector::zeros(h[b].nrows()), |c, &i| {
                            c + h[b].column(i) * ((e[(b, i)] - max).exp() / total)
                        })
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        wrong(f, "the energies multiplied by the mask", "mask_multiplied", |s| {
            s.masked_context = |h, e, mask| {
                let em = e.component_mul(mask);
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        let max = em.row(b).max();
                        let w: Vec<f64> = (0..em.ncols()).map(|i| (em[(b, i)] - max).exp()).collect();
                        let total: f64 = w.iter().sum();
                        (0..em.ncols()).fold(Vector::zeros(h[b].nrows()), |c, i| c + h[b].column(i) * (w[i] / total))
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        wrong(f, "the softmax down the batch, over the sentences", "softmax_over_batch", |s| {
            s.masked_context = |h, e, mask| {
                let mut alpha = Mat::zeros(e.nrows(), e.ncols());
                for i in 0..e.ncols() {
                    let bs: Vec<usize> = (0..e.nrows()).filter(|&b| mask[(b, i)] > 0.5).collect();
                    let max = bs.iter().map(|&b| e[(b, i)]).fold(f64::NEG_INFINITY, f64::max);
                    let total: f64 = bs.iter().map(|&b| (e[(b, i)] - max).exp()).sum();
                    bs.iter().for_each(|&b| alpha[(b, i)] = (e[(b, i)] - max).exp() / total);
                }
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        real(mask, b)
                            .iter()
                            .fold(Vector::zeros(h[b].nrows()), |c, &i| c + h[b].column(i) * alpha[(b, i)])
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        wrong(f, "every sentence reads the energies of row 0", "first_row_energies", |s| {
            s.masked_context = |h, e, mask| {
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        let idx = real(mask, b);
                        let max = idx.iter().map(|&i| e[(0, i)]).fold(f64::NEG_INFINITY, f64::max);
                        let total: f64 = idx.iter().map(|&i| (e[(0, i)] - max).exp()).sum();
                        idx.iter().fold(Vector::zeros(h[b].nrows()), |c, &i| {
                            c + h[b].column(i) * ((e[(0, i)] - max).exp() / total)
                        })
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        wrong(f, "a softmax over every position, renormalised over the real ones", "max_over_padding", |s| {
            s.masked_context = |h, e, mask| {
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        let max = e.row(b).max();
                        let p: Vec<f64> = (0..e.ncols()).map(|i| (e[(b, i)] - max).exp()).collect();
                        let all: f64 = p.iter().sum();
                        let idx = real(mask, b);
                        let kept: f64 = idx.iter().map(|&i| p[i] / all).sum();
                        idx.iter().fold(Vector::zeros(h[b].nrows()), |c, &i| c + h[b].column(i) * (p[i] / all / kept))
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        valid(f, "padding energies set to −∞ before a max over the row", |s| {
            s.masked_context = |h, e, mask| {
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        let row: Vec<f64> = (0..e.ncols())
                            .map(|i| if mask[(b, i)] > 0.5 { e[(b, i)] } else { f64::NEG_INFINITY })
                            .collect();
                        let max = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                        let w: Vec<f64> = row.iter().map(|v| (v - max).exp()).collect();
                        let total: f64 = w.iter().sum();
                        real(mask, b)
                            .iter()
                            .fold(Vector::zeros(h[b].nrows()), |c, &i| c + h[b].column(i) * (w[i] / total))
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        valid(f, "the real tokens are a prefix: columns(0, length)", |s| {
            s.masked_context = |h, e, mask| {
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        let len = mask.row(b).sum().round() as usize;
                        let es = e.row(b).columns(0, len).transpose();
                        let x = es.add_scalar(-es.max()).map(f64::exp);
                        h[b].columns(0, len) * (&x / x.sum())
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
    ]
}

fn beam_step() -> Vec<Trial> {
    let f = "beam_step";
    vec![
        wrong(f, "<eos> never a candidate", "eos_left_out", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all: Vec<Survivor> = candidates(lp, nx).into_iter().filter(|c| c.1 != eos).collect();
                best_first(&mut all);
                all.truncate(room);
                (all, Vec::new())
            }
        }),
        wrong(f, "live and finished swapped", "live_finished_swapped", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all = candidates(lp, nx);
                best_first(&mut all);
                all.truncate(room);
                all.into_iter().partition(|c| c.1 == eos)
            }
        }),
        wrong(f, "only each hypothesis's best word", "best_word_only", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all: Vec<Survivor> = (0..lp.len())
                    .map(|h| {
                        let w = (0..nx.nrows()).fold(0, |b, w| if nx[(w, h)] > nx[(b, h)] { w } else { b });
                        (h, w, lp[h] + nx[(w, h)])
                    })
                    .collect();
                best_first(&mut all);
                all.truncate(room);
                all.into_iter().partition(|c| c.1 != eos)
            }
        }),
        wrong(f, "truncated before sorting", "truncated_first", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all = candidates(lp, nx);
                all.truncate(room);
                best_first(&mut all);
                all.into_iter().partition(|c| c.1 != eos)
            }
        }),
        wrong(f, "ranked by the word's own ln p", "ranked_by_word", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all = candidates(lp, nx);
                all.sort_by(|a, b| nx[(b.1, b.0)].total_cmp(&nx[(a.1, a.0)]));
                all.truncate(room);
                all.into_iter().partition(|c| c.1 != eos)
            }
        }),
        wrong(f, "room ignored: every candidate kept", "room_ignored", |s| {
            s.beam_step = |lp, nx, eos, _| {
                let mut all = candidates(lp, nx);
                best_first(&mut all);
                all.into_iter().partition(|c| c.1 != eos)
            }
        }),
        wrong(f, "the room best of each hypothesis", "per_hypothesis", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut kept = Vec::new();
                for h in 0..lp.len() {
                    let mut mine: Vec<Survivor> = candidates(lp, nx).into_iter().filter(|c| c.0 == h).collect();
                    best_first(&mut mine);
                    kept.extend(mine.into_iter().take(room));
                }
                best_first(&mut kept);
                kept.into_iter().partition(|c| c.1 != eos)
            }
        }),
        wrong(f, "finished survivors dropped", "finished_dropped", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all = candidates(lp, nx);
                best_first(&mut all);
                all.truncate(room);
                (all.into_iter().filter(|c| c.1 != eos).collect(), Vec::new())
            }
        }),
        wrong(f, "the finished scored by the word alone", "finished_word_score", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all = candidates(lp, nx);
                best_first(&mut all);
                all.truncate(room);
                let (live, done): (Vec<Survivor>, Vec<Survivor>) = all.into_iter().partition(|c| c.1 != eos);
                (live, done.into_iter().map(|(h, w, _)| (h, w, nx[(w, h)])).collect())
            }
        }),
        valid(f, "a heap of every candidate", |s| {
            s.beam_step = |lp, nx, eos, room| {
                // Ordered by score, then the lower h, then the lower w.
                let mut all = candidates(lp, nx);
                all.sort_by(|a, b| b.2.partial_cmp(&a.2).unwrap().then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)));
                let (mut live, mut done) = (Vec::new(), Vec::new());
                for c in all.into_iter().take(room) {
                    if c.1 == eos { done.push(c) } else { live.push(c) }
                }
                (live, done)
            }
        }),
        valid(f, "words outside, hypotheses inside, then the tie-break", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all = Vec::new();
                for w in 0..nx.nrows() {
                    for h in 0..lp.len() {
                        all.push((h, w, lp[h] + nx[(w, h)]));
                    }
                }
                all.sort_by(|a: &Survivor, b| b.2.total_cmp(&a.2).then((a.0, a.1).cmp(&(b.0, b.1))));
                all.truncate(room);
                all.into_iter().partition(|c| c.1 != eos)
            }
        }),
    ]
}

fn energies_backward() -> Vec<Trial> {
    let f = "energies_backward";
    vec![
        wrong(f, "σ's slope a (1 − a) for tanh's", "sigmoid_slope", |s| {
            s.energies_backward = |a, v, g| {
                (a * g, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v[k] * g[i] * a[(k, i)] * (1.0 - a[(k, i)])))
            }
        }),
        wrong(f, "(1 − a)² for 1 − a²", "slope_squared", |s| {
            s.energies_backward =
                |a, v, g| (a * g, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v[k] * g[i] * (1.0 - a[(k, i)]).powi(2)))
        }),
        wrong(f, "divided by the slope", "slope_divided", |s| {
            s.energies_backward = |a, v, g| {
                (a * g, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v[k] * g[i] / (1.0 - a[(k, i)] * a[(k, i)])))
            }
        }),
        wrong(f, "∂e summed before the outer product", "grad_e_summed", |s| {
            s.energies_backward = |a, v, g| {
                let total = g.sum();
                (a * g, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v[k] * total * (1.0 - a[(k, i)].powi(2))))
            }
        }),
        wrong(f, "∂v_a without ∂e", "grad_e_left_out", |s| {
            s.energies_backward = |a, v, g| {
                let dv = Vector::from_fn(a.nrows(), |k, _| a.row(k).sum());
                (dv, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v[k] * g[i] * (1.0 - a[(k, i)].powi(2))))
            }
        }),
        wrong(f, "the slope left out", "no_tanh_derivative", |s| {
            s.energies_backward = |a, v, g| (a * g, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v[k] * g[i]))
        }),
        wrong(f, "tanh taken of A again", "tanh_again", |s| {
            s.energies_backward = |a, v, g| {
                (a * g, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v[k] * g[i] * (1.0 - a[(k, i)].tanh().powi(2))))
            }
        }),
        wrong(f, "∂v_a through the slope", "v_a_through_tanh", |s| {
            s.energies_backward = |a, v, g| {
                let slope = a.map(|x| 1.0 - x * x);
                (&slope * g, (v * g.transpose()).component_mul(&slope))
            }
        }),
        wrong(f, "∂v_a the mean over the positions", "dv_mean", |s| {
            s.energies_backward = |a, v, g| {
                let dv = a * g / a.ncols() as f64;
                (dv, Mat::from_fn(a.nrows(), a.ncols(), |k, i| v[k] * g[i] * (1.0 - a[(k, i)].powi(2))))
            }
        }),
        valid(f, "∂A first, then the slope, by rows", |s| {
            s.energies_backward = |a, v, g| {
                let da = Mat::from_fn(a.nrows(), a.ncols(), |k, i| v[k] * g[i]);
                let dz = Mat::from_fn(a.nrows(), a.ncols(), |k, i| da[(k, i)] * (1.0 + a[(k, i)]) * (1.0 - a[(k, i)]));
                (Vector::from_fn(a.nrows(), |k, _| (0..a.ncols()).map(|i| a[(k, i)] * g[i]).sum()), dz)
            }
        }),
        valid(f, "columns summed with their weights", |s| {
            s.energies_backward = |a, v, g| {
                let dv = (0..a.ncols()).fold(Vector::zeros(a.nrows()), |acc, i| acc + a.column(i) * g[i]);
                let cols: Vec<Vector> =
                    (0..a.ncols()).map(|i| v.component_mul(&a.column(i).map(|x| 1.0 - x * x)) * g[i]).collect();
                (dv, Mat::from_columns(&cols))
            }
        }),
    ]
}

fn clipped_precision() -> Vec<Trial> {
    let f = "clipped_precision";
    vec![
        wrong(f, "the reference's count wherever the hypothesis has the n-gram", "reference_counts", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let (mut m, mut t) = (0, 0);
                for (h, r) in hyps.iter().zip(refs) {
                    let hw: Vec<&str> = h.split_whitespace().collect();
                    let rc = count(&r.split_whitespace().collect::<Vec<_>>(), n);
                    m += count(&hw, n).keys().map(|g| rc.get(g).copied().unwrap_or(0)).sum::<usize>();
                    t += hw.len().saturating_sub(n - 1);
                }
                m as f64 / t as f64
            }
        }),
        wrong(f, "split(' ') for whitespace", "split_on_space", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let (mut m, mut t) = (0, 0);
                for (h, r) in hyps.iter().zip(refs) {
                    let hw: Vec<&str> = h.split(' ').collect();
                    let rw: Vec<&str> = r.split(' ').collect();
                    m += clipped(&hw, &rw, n);
                    t += hw.len().saturating_sub(n - 1);
                }
                m as f64 / t as f64
            }
        }),
        wrong(f, "bytes for words", "letters_for_words", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let (mut m, mut t) = (0, 0);
                for (h, r) in hyps.iter().zip(refs) {
                    let hw: Vec<&str> = (0..h.len()).map(|k| &h[k..k + 1]).collect();
                    let rw: Vec<&str> = (0..r.len()).map(|k| &r[k..k + 1]).collect();
                    m += clipped(&hw, &rw, n);
                    t += hw.len().saturating_sub(n - 1);
                }
                m as f64 / t as f64
            }
        }),
        wrong(f, "words for n-grams in the denominator", "words_for_ngrams", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let (mut m, mut t) = (0, 0);
                for (h, r) in hyps.iter().zip(refs) {
                    let hw: Vec<&str> = h.split_whitespace().collect();
                    m += clipped(&hw, &r.split_whitespace().collect::<Vec<_>>(), n);
                    t += hw.len();
                }
                m as f64 / t as f64
            }
        }),
        wrong(f, "integer division", "integer_division", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let (mut m, mut t) = (0usize, 0usize);
                for (h, r) in hyps.iter().zip(refs) {
                    let hw: Vec<&str> = h.split_whitespace().collect();
                    m += clipped(&hw, &r.split_whitespace().collect::<Vec<_>>(), n);
                    t += hw.len().saturating_sub(n - 1);
                }
                (m / t) as f64
            }
        }),
        wrong(f, "the whole corpus joined into one word list", "corpus_joined", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let hw: Vec<&str> = hyps.iter().flat_map(|h| h.split_whitespace()).collect();
                let rw: Vec<&str> = refs.iter().flat_map(|r| r.split_whitespace()).collect();
                clipped(&hw, &rw, n) as f64 / hw.len().saturating_sub(n - 1) as f64
            }
        }),
        wrong(f, "len − n n-grams in the denominator", "ngram_count_short", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let (mut m, mut t) = (0, 0);
                for (h, r) in hyps.iter().zip(refs) {
                    let hw: Vec<&str> = h.split_whitespace().collect();
                    m += clipped(&hw, &r.split_whitespace().collect::<Vec<_>>(), n);
                    t += hw.len().saturating_sub(n);
                }
                m as f64 / t as f64
            }
        }),
        wrong(f, "matches counted with contains, unclipped", "no_clipping", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let (mut m, mut t) = (0, 0);
                for (h, r) in hyps.iter().zip(refs) {
                    let hw: Vec<&str> = h.split_whitespace().collect();
                    let rw: Vec<&str> = r.split_whitespace().collect();
                    let rg: Vec<&[&str]> = rw.windows(n).collect();
                    m += hw.windows(n).filter(|g| rg.contains(g)).count();
                    t += hw.windows(n).count();
                }
                m as f64 / t as f64
            }
        }),
        wrong(f, "one precision per sentence, then their mean", "sentence_average", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let ps: Vec<f64> = hyps
                    .iter()
                    .zip(refs)
                    .filter_map(|(h, r)| {
                        let hw: Vec<&str> = h.split_whitespace().collect();
                        let t = hw.len().checked_sub(n - 1).filter(|&t| t > 0)?;
                        Some(clipped(&hw, &r.split_whitespace().collect::<Vec<_>>(), n) as f64 / t as f64)
                    })
                    .collect();
                ps.iter().sum::<f64>() / ps.len() as f64
            }
        }),
        valid(f, "n-grams as joined strings, counted in a Vec", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let grams = |s: &str| -> Vec<String> {
                    let w: Vec<&str> = s.split_whitespace().collect();
                    w.windows(n).map(|g| g.join(" ")).collect()
                };
                let (mut m, mut t) = (0, 0);
                for (h, r) in hyps.iter().zip(refs) {
                    let (hg, mut rg) = (grams(h), grams(r));
                    t += hg.len();
                    for g in hg {
                        if let Some(k) = rg.iter().position(|x| *x == g) {
                            rg.remove(k);
                            m += 1;
                        }
                    }
                }
                m as f64 / t as f64
            }
        }),
        valid(f, "matched and total as f64 from the start", |s| {
            s.clipped_precision = |hyps, refs, n| {
                let (mut m, mut t) = (0.0, 0.0);
                for (h, r) in hyps.iter().zip(refs) {
                    let hw: Vec<&str> = h.split_whitespace().collect();
                    m += clipped(&hw, &r.split_whitespace().collect::<Vec<_>>(), n) as f64;
                    t += (hw.len() + 1).saturating_sub(n) as f64;
                }
                m / t
            }
        }),
    ]
}
