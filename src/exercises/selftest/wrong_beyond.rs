//! New wrong answers and valid alternatives for exercises 15–21.

use super::trial::{Trial, valid, wrong};
use crate::exercises::catalog::reference as r0;
use crate::exercises::catalog::reference_beyond::{self as r, Survivor};
use crate::model::{Mat, Vector};

pub fn trials() -> Vec<Trial> {
    vec![
        // 15 · context_backward
        wrong("context_backward", "doubled", "factor", |s| {
            s.context_backward = |h, a, g| r::context_backward(h, a, g) * 2.0
        }),
        wrong("context_backward", "divided by T_x", "factor", |s| {
            s.context_backward = |h, a, g| r::context_backward(h, a, g) / h.ncols() as f64
        }),
        wrong("context_backward", "tanh of the result", "extra_nonlinearity", |s| {
            s.context_backward = |h, a, g| r::context_backward(h, a, g).map(f64::tanh)
        }),
        wrong("context_backward", "positions reversed", "reversed", |s| {
            s.context_backward = |h, a, g| {
                let d = r::context_backward(h, a, g);
                Vector::from_fn(d.len(), |i, _| d[d.len() - 1 - i])
            }
        }),
        wrong("context_backward", "plus one", "affine", |s| {
            s.context_backward = |h, a, g| r::context_backward(h, a, g).add_scalar(1.0)
        }),
        wrong("context_backward", "∂c and H both halved", "factor", |s| {
            s.context_backward = |h, a, g| r::context_backward(&(h * 0.5), a, &(g * 0.5))
        }),
        valid("context_backward", "a dot product per column", |s| {
            s.context_backward = |h, _, g| Vector::from_fn(h.ncols(), |i, _| h.column(i).dot(g))
        }),
        valid("context_backward", "(∂cᵀ H)ᵀ", |s| s.context_backward = |h, _, g| (g.transpose() * h).transpose()),
        // 16 · encdec_contexts
        wrong("encdec_contexts", "doubled", "factor", |s| {
            s.encdec_contexts = |v, h, t| r::encdec_contexts(v, h, t) * 2.0
        }),
        wrong("encdec_contexts", "negated", "factor", |s| s.encdec_contexts = |v, h, t| -r::encdec_contexts(v, h, t)),
        wrong("encdec_contexts", "transposed", "transposed", |s| {
            s.encdec_contexts = |v, h, t| r::encdec_contexts(v, h, t).transpose()
        }),
        wrong("encdec_contexts", "V left out", "term_identity", |s| {
            s.encdec_contexts = |v, h, t| r::encdec_contexts(&Mat::identity(v.nrows(), v.ncols()), h, t)
        }),
        wrong("encdec_contexts", "tanh twice", "extra_nonlinearity", |s| {
            s.encdec_contexts = |v, h, t| r::encdec_contexts(v, h, t).map(f64::tanh)
        }),
        wrong("encdec_contexts", "halved", "factor", |s| {
            s.encdec_contexts = |v, h, t| r::encdec_contexts(v, h, t) / 2.0
        }),
        valid("encdec_contexts", "a loop over the steps", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = (v * h.column(h.ncols() - 1)).map(f64::tanh);
                let mut out = Mat::zeros(c.len(), t_y);
                for t in 0..t_y {
                    out.set_column(t, &c);
                }
                out
            }
        }),
        valid("encdec_contexts", "the columns repeated", |s| {
            s.encdec_contexts = |v, h, t_y| {
                let c = (v * h.column(h.ncols() - 1)).map(f64::tanh);
                Mat::from_columns(&vec![c; t_y])
            }
        }),
        // 17 · brevity_penalty
        wrong("brevity_penalty", "hypotheses and references swapped", "bp_swapped", |s| {
            s.brevity_penalty = |h, rf| r::brevity_penalty(rf, h)
        }),
        wrong("brevity_penalty", "doubled", "factor", |s| s.brevity_penalty = |h, rf| 2.0 * r::brevity_penalty(h, rf)),
        wrong("brevity_penalty", "the penalties of the sentences added up", "bp_split", |s| {
            s.brevity_penalty = |h, rf| h.iter().zip(rf).map(|(&c, &r)| r::brevity_penalty(&[c], &[r])).sum()
        }),
        wrong("brevity_penalty", "1 − r/c without exp", "log_space", |s| {
            s.brevity_penalty = |h, rf| {
                let (c, r) = (h.iter().sum::<usize>() as f64, rf.iter().sum::<usize>() as f64);
                if c > r { 1.0 } else { 1.0 - r / c }
            }
        }),
        wrong("brevity_penalty", "the middle sentence left out", "bp_split", |s| {
            s.brevity_penalty = |h, rf| {
                let keep = |v: &[usize]| -> Vec<usize> {
                    v.iter().enumerate().filter(|(k, _)| *k != 1).map(|(_, l)| *l).collect()
                };
                r::brevity_penalty(&keep(h), &keep(rf))
            }
        }),
        wrong("brevity_penalty", "the first sentence only", "bp_split", |s| {
            s.brevity_penalty = |h, rf| r::brevity_penalty(&h[..1], &rf[..1])
        }),
        valid("brevity_penalty", "c ≥ r gives 1 (the same at c = r)", |s| {
            s.brevity_penalty = |h, rf| {
                let (c, r) = (h.iter().sum::<usize>() as f64, rf.iter().sum::<usize>() as f64);
                if c >= r { 1.0 } else { (1.0 - r / c).exp() }
            }
        }),
        valid("brevity_penalty", "min(1, exp(1 − r/c))", |s| {
            s.brevity_penalty = |h, rf| {
                let (c, r) = (h.iter().sum::<usize>() as f64, rf.iter().sum::<usize>() as f64);
                (1.0 - r / c).exp().min(1.0)
            }
        }),
        // 18 · masked_context
        wrong("masked_context", "transposed", "transposed", |s| {
            s.masked_context = |h, e, m| r::masked_context(h, e, m).transpose()
        }),
        wrong("masked_context", "doubled", "factor", |s| s.masked_context = |h, e, m| r::masked_context(h, e, m) * 2.0),
        wrong("masked_context", "tanh of c", "extra_nonlinearity", |s| {
            s.masked_context = |h, e, m| r::masked_context(h, e, m).map(f64::tanh)
        }),
        wrong("masked_context", "sentences in reverse order", "reversed", |s| {
            s.masked_context = |h, e, m| {
                let c = r::masked_context(h, e, m);
                Mat::from_fn(c.nrows(), c.ncols(), |k, b| c[(k, c.ncols() - 1 - b)])
            }
        }),
        wrong("masked_context", "e negated", "term_sign", |s| {
            s.masked_context = |h, e, m| r::masked_context(h, &-e, m)
        }),
        wrong("masked_context", "e doubled", "term_twice", |s| {
            s.masked_context = |h, e, m| r::masked_context(h, &(e * 2.0), m)
        }),
        valid("masked_context", "the masked softmax, then only the real columns", |s| {
            s.masked_context = |h, e, m| {
                let alpha = r0::masked_softmax(e, m);
                let cols: Vec<Vector> = (0..h.len())
                    .map(|b| {
                        (0..e.ncols())
                            .filter(|&i| m[(b, i)] == 1.0)
                            .fold(Vector::zeros(h[b].nrows()), |c, i| c + h[b].column(i) * alpha[(b, i)])
                    })
                    .collect();
                Mat::from_columns(&cols)
            }
        }),
        valid("masked_context", "padding replaced by zeros first", |s| {
            s.masked_context = |h, e, m| {
                let alpha = r0::masked_softmax(e, m);
                let cols: Vec<Vector> =
                    h.iter()
                        .enumerate()
                        .map(|(b, h_b)| {
                            let clean = Mat::from_fn(h_b.nrows(), h_b.ncols(), |k, i| {
                                if m[(b, i)] == 1.0 { h_b[(k, i)] } else { 0.0 }
                            });
                            clean * alpha.row(b).transpose()
                        })
                        .collect();
                Mat::from_columns(&cols)
            }
        }),
        // 19 · beam_step
        wrong("beam_step", "the prefix counted twice", "term_twice", |s| {
            s.beam_step = |lp, nx, eos, room| r::beam_step(&(lp * 2.0), nx, eos, room)
        }),
        wrong("beam_step", "the prefix subtracted", "term_sign", |s| {
            s.beam_step = |lp, nx, eos, room| r::beam_step(&-lp, nx, eos, room)
        }),
        wrong("beam_step", "the right survivors, worst first", "permuted", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let (mut live, mut done) = r::beam_step(lp, nx, eos, room);
                live.reverse();
                done.reverse();
                (live, done)
            }
        }),
        wrong("beam_step", "word ids counted from 1", "beam_word_offset", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let (live, done) = r::beam_step(lp, nx, eos, room);
                let up = |v: Vec<Survivor>| v.into_iter().map(|(h, w, p)| (h, w + 1, p)).collect();
                (up(live), up(done))
            }
        }),
        wrong("beam_step", "(word, h) in place of (h, word)", "permuted", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let (live, done) = r::beam_step(lp, nx, eos, room);
                let swap = |v: Vec<Survivor>| v.into_iter().map(|(h, w, p)| (w, h, p)).collect();
                (swap(live), swap(done))
            }
        }),
        wrong("beam_step", "ranked by the total, returned with the word's ln p", "beam_word_score", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let (live, done) = r::beam_step(lp, nx, eos, room);
                let word = |v: Vec<Survivor>| v.into_iter().map(|(h, w, _)| (h, w, nx[(w, h)])).collect();
                (word(live), word(done))
            }
        }),
        wrong("beam_step", "sorted smallest first", "beam_worst", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all: Vec<Survivor> =
                    (0..lp.len()).flat_map(|h| (0..nx.nrows()).map(move |w| (h, w, lp[h] + nx[(w, h)]))).collect();
                all.sort_by(|a, b| a.2.total_cmp(&b.2));
                all.truncate(room);
                all.into_iter().partition(|s| s.1 != eos)
            }
        }),
        valid("beam_step", "room passes of a linear scan for the best left", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut taken = vec![vec![false; nx.nrows()]; lp.len()];
                let (mut live, mut done) = (Vec::new(), Vec::new());
                for _ in 0..room.min(lp.len() * nx.nrows()) {
                    let mut best: Option<Survivor> = None;
                    for h in 0..lp.len() {
                        for w in (0..nx.nrows()).filter(|&w| !taken[h][w]) {
                            let score = lp[h] + nx[(w, h)];
                            if best.is_none_or(|b| score > b.2) {
                                best = Some((h, w, score));
                            }
                        }
                    }
                    let Some((h, w, score)) = best else { break };
                    taken[h][w] = true;
                    if w == eos { done.push((h, w, score)) } else { live.push((h, w, score)) }
                }
                (live, done)
            }
        }),
        valid("beam_step", "an unstable sort on (−score, h, w)", |s| {
            s.beam_step = |lp, nx, eos, room| {
                let mut all: Vec<Survivor> =
                    (0..lp.len()).flat_map(|h| (0..nx.nrows()).map(move |w| (h, w, lp[h] + nx[(w, h)]))).collect();
                all.sort_unstable_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)));
                let (live, done): (Vec<Survivor>, Vec<Survivor>) = all.into_iter().take(room).partition(|s| s.1 != eos);
                (live, done)
            }
        }),
        // 20 · energies_backward
        wrong("energies_backward", "both doubled", "factor", |s| {
            s.energies_backward = |a, v, g| {
                let (dv, dz) = r::energies_backward(a, v, g);
                (dv * 2.0, dz * 2.0)
            }
        }),
        wrong("energies_backward", "v_a counted twice", "term_twice", |s| {
            s.energies_backward = |a, v, g| r::energies_backward(a, &(v * 2.0), g)
        }),
        wrong("energies_backward", "a tanh on the gradients", "extra_nonlinearity", |s| {
            s.energies_backward = |a, v, g| {
                let (dv, dz) = r::energies_backward(a, v, g);
                (dv.map(f64::tanh), dz.map(f64::tanh))
            }
        }),
        wrong("energies_backward", "1 + a² in place of 1 − a²", "eback_dz_wrong", |s| {
            s.energies_backward = |a, v, g| (a * g, (v * g.transpose()).zip_map(a, |d, a| d * (1.0 + a * a)))
        }),
        wrong("energies_backward", "the gradients divided by T_x", "factor", |s| {
            s.energies_backward = |a, v, g| {
                let (dv, dz) = r::energies_backward(a, v, g);
                let t = a.ncols() as f64;
                (dv / t, dz / t)
            }
        }),
        wrong("energies_backward", "∂e read backwards", "eback_reversed_grad", |s| {
            s.energies_backward = |a, v, g| {
                let rev = Vector::from_fn(g.len(), |i, _| g[g.len() - 1 - i]);
                r::energies_backward(a, v, &rev)
            }
        }),
        wrong("energies_backward", "∂v_a halved", "eback_dv_wrong", |s| {
            s.energies_backward = |a, v, g| {
                let (dv, dz) = r::energies_backward(a, v, g);
                (dv / 2.0, dz)
            }
        }),
        valid("energies_backward", "loops over k and i", |s| {
            s.energies_backward = |a, v, g| {
                let (n, t) = a.shape();
                let mut dv = Vector::zeros(n);
                let mut dz = Mat::zeros(n, t);
                for i in 0..t {
                    for k in 0..n {
                        dv[k] += g[i] * a[(k, i)];
                        dz[(k, i)] = v[k] * g[i] * (1.0 - a[(k, i)].powi(2));
                    }
                }
                (dv, dz)
            }
        }),
        valid("energies_backward", "the slope first, then the outer product", |s| {
            s.energies_backward = |a, v, g| {
                let slope = a.map(|a| 1.0 - a * a);
                (
                    Vector::from_fn(a.nrows(), |k, _| a.row(k).transpose().dot(g)),
                    slope.component_mul(&(v * g.transpose())),
                )
            }
        }),
        // 21 · clipped_precision
        wrong("clipped_precision", "(n + 1)-grams", "bleu_other_n", |s| {
            s.clipped_precision = |h, rf, n| r::clipped_precision(h, rf, n + 1)
        }),
        wrong("clipped_precision", "(n − 1)-grams, unigrams at n = 1", "bleu_other_n", |s| {
            s.clipped_precision = |h, rf, n| r::clipped_precision(h, rf, (n - 1).max(1))
        }),
        wrong("clipped_precision", "the first sentence only", "bleu_split", |s| {
            s.clipped_precision = |h, rf, n| r::clipped_precision(&h[..1], &rf[..1], n)
        }),
        wrong("clipped_precision", "the last sentence left out", "bleu_split", |s| {
            s.clipped_precision = |h, rf, n| r::clipped_precision(&h[..h.len() - 1], &rf[..rf.len() - 1], n)
        }),
        wrong("clipped_precision", "ln p_n, as BLEU's mean needs later", "log_space", |s| {
            s.clipped_precision = |h, rf, n| r::clipped_precision(h, rf, n).ln()
        }),
        wrong("clipped_precision", "a percentage", "factor", |s| {
            s.clipped_precision = |h, rf, n| 100.0 * r::clipped_precision(h, rf, n)
        }),
        valid("clipped_precision", "the reference's counts used up one match at a time", |s| {
            s.clipped_precision = |h, rf, n| {
                let (mut matched, mut total) = (0usize, 0usize);
                for (hyp, rf) in h.iter().zip(rf) {
                    let hw: Vec<&str> = hyp.split_whitespace().collect();
                    let rw: Vec<&str> = rf.split_whitespace().collect();
                    let mut left: Vec<&[&str]> = rw.windows(n).collect();
                    for gram in hw.windows(n) {
                        total += 1;
                        if let Some(k) = left.iter().position(|g| *g == gram) {
                            left.swap_remove(k);
                            matched += 1;
                        }
                    }
                }
                matched as f64 / total as f64
            }
        }),
        valid("clipped_precision", "counts in a BTreeMap of joined strings", |s| {
            s.clipped_precision = |h, rf, n| {
                use std::collections::BTreeMap;
                let counts = |s: &str| {
                    let w: Vec<&str> = s.split_whitespace().collect();
                    let mut c = BTreeMap::new();
                    w.windows(n).for_each(|g| *c.entry(g.join(" ")).or_insert(0usize) += 1);
                    c
                };
                let (mut matched, mut total) = (0, 0);
                for (hyp, rf) in h.iter().zip(rf) {
                    let (hc, rc) = (counts(hyp), counts(rf));
                    matched += hc.iter().map(|(g, c)| (*c).min(rc.get(g).copied().unwrap_or(0))).sum::<usize>();
                    total += hc.values().sum::<usize>();
                }
                matched as f64 / total as f64
            }
        }),
    ]
}
