//! Exercises 1–14 answered the way learners answer them: for each, the
//! mistakes a learner makes reading the exercise file and the book (each with
//! the hint key it should get, a catalogued mistake or a diagnosis), and
//! correct answers written another way, which must pass. The checker's own
//! variants are not reused: every body here is written from the formula.

use super::trial::{Trial, valid, wrong};
use crate::model::gru::sigmoid;
use crate::model::{Mat, Vector};

fn sig(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

pub fn trials() -> Vec<Trial> {
    let mut all = embed();
    all.extend(gru_step());
    all.extend(annotations());
    all.extend(broadcast_sum());
    all.extend(energies());
    all.extend(softmax());
    all.extend(masked_softmax());
    all.extend(context());
    all.extend(decoder_step());
    all.extend(luong_dot());
    all.extend(luong_general());
    all.extend(entropy());
    all.extend(coverage());
    all.extend(softmax_backward());
    all
}

fn embed() -> Vec<Trial> {
    let f = "embed";
    vec![
        wrong(f, "one row per word: the (T, m) transpose", "transposed", |s| {
            s.embed = |e, ids| Mat::from_fn(ids.len(), e.nrows(), |i, r| e[(r, ids[i])])
        }),
        wrong(f, "column i of E, not column ids[i]", "positions", |s| {
            s.embed = |e, ids| Mat::from_fn(e.nrows(), ids.len(), |r, i| e[(r, i)])
        }),
        wrong(f, "ids read as 1-based", "panic_index", |s| {
            s.embed = |e, ids| Mat::from_fn(e.nrows(), ids.len(), |r, i| e[(r, ids[i] - 1)])
        }),
        wrong(f, "the words in reverse order", "reversed", |s| {
            s.embed = |e, ids| Mat::from_fn(e.nrows(), ids.len(), |r, i| e[(r, ids[ids.len() - 1 - i])])
        }),
        wrong(f, "the loop stops one word early", "loop_edge", |s| {
            s.embed = |e, ids| {
                let mut x = Mat::zeros(e.nrows(), ids.len());
                for (i, &id) in ids.iter().enumerate().take(ids.len() - 1) {
                    x.set_column(i, &e.column(id));
                }
                x
            }
        }),
        wrong(f, "every column the first word's", "one_id", |s| {
            s.embed = |e, ids| Mat::from_fn(e.nrows(), ids.len(), |r, _| e[(r, ids[0])])
        }),
        wrong(f, "the id used as the row, the position as the column", "misindexed", |s| {
            s.embed = |e, ids| Mat::from_fn(e.nrows(), ids.len(), |r, i| e[(ids[i] % e.nrows(), (r + i) % e.ncols())])
        }),
        valid(f, "E times a one-hot matrix", |s| {
            s.embed = |e, ids| {
                let onehot = Mat::from_fn(e.ncols(), ids.len(), |k, i| if ids[i] == k { 1.0 } else { 0.0 });
                e * onehot
            }
        }),
        valid(f, "the columns collected", |s| {
            s.embed = |e, ids| {
                let cols: Vec<_> = ids.iter().map(|&i| e.column(i)).collect();
                Mat::from_columns(&cols)
            }
        }),
    ]
}

fn gru_step() -> Vec<Trial> {
    let f = "gru_step";
    vec![
        wrong(f, "PyTorch's update: z weights the old state", "pytorch_update_gate", |s| {
            s.gru_step = |g, x, h| {
                let z = sigmoid(&(&g.w_z * x + &g.u_z * h));
                let r = sigmoid(&(&g.w_r * x + &g.u_r * h));
                let ht = (&g.w * x + &g.u * r.component_mul(h)).map(f64::tanh);
                z.component_mul(h) + z.map(|v| 1.0 - v).component_mul(&ht)
            }
        }),
        wrong(f, "PyTorch's reset: r after U", "reset_after_u", |s| {
            s.gru_step = |g, x, h| {
                let z = sigmoid(&(&g.w_z * x + &g.u_z * h));
                let r = sigmoid(&(&g.w_r * x + &g.u_r * h));
                let ht = (&g.w * x + r.component_mul(&(&g.u * h))).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(h) + z.component_mul(&ht)
            }
        }),
        wrong(f, "no reset gate in the candidate", "gru_reset", |s| {
            s.gru_step = |g, x, h| {
                let z = sigmoid(&(&g.w_z * x + &g.u_z * h));
                let ht = (&g.w * x + &g.u * h).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(h) + z.component_mul(&ht)
            }
        }),
        wrong(f, "tanh for the gates' σ", "gru_mix", |s| {
            s.gru_step = |g, x, h| {
                let z = (&g.w_z * x + &g.u_z * h).map(f64::tanh);
                let r = (&g.w_r * x + &g.u_r * h).map(f64::tanh);
                let ht = (&g.w * x + &g.u * r.component_mul(h)).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(h) + z.component_mul(&ht)
            }
        }),
        wrong(f, "σ for the candidate's tanh", "gru_candidate", |s| {
            s.gru_step = |g, x, h| {
                let z = sigmoid(&(&g.w_z * x + &g.u_z * h));
                let r = sigmoid(&(&g.w_r * x + &g.u_r * h));
                let ht = sigmoid(&(&g.w * x + &g.u * r.component_mul(h)));
                z.map(|v| 1.0 - v).component_mul(h) + z.component_mul(&ht)
            }
        }),
        wrong(f, "U_z and U_r swapped", "terms_exchanged", |s| {
            s.gru_step = |g, x, h| {
                let z = sigmoid(&(&g.w_z * x + &g.u_r * h));
                let r = sigmoid(&(&g.w_r * x + &g.u_z * h));
                let ht = (&g.w * x + &g.u * r.component_mul(h)).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(h) + z.component_mul(&ht)
            }
        }),
        wrong(f, "returned the candidate h~", "candidate_returned", |s| {
            s.gru_step = |g, x, h| {
                let r = sigmoid(&(&g.w_r * x + &g.u_r * h));
                (&g.w * x + &g.u * r.component_mul(h)).map(f64::tanh)
            }
        }),
        wrong(f, "the update gate without its input term", "term_missing", |s| {
            s.gru_step = |g, x, h| {
                let z = sigmoid(&(&g.u_z * h));
                let r = sigmoid(&(&g.w_r * x + &g.u_r * h));
                let ht = (&g.w * x + &g.u * r.component_mul(h)).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(h) + z.component_mul(&ht)
            }
        }),
        wrong(f, "z used as the reset gate", "gru_reset", |s| {
            s.gru_step = |g, x, h| {
                let z = sigmoid(&(&g.w_z * x + &g.u_z * h));
                let ht = (&g.w * x + &g.u * z.component_mul(h)).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(h) + z.component_mul(&ht)
            }
        }),
        valid(f, "entry by entry, h_prev + z (h~ − h_prev)", |s| {
            s.gru_step = |g, x, h| {
                let n = h.len();
                let z =
                    Vector::from_fn(n, |k, _| sig(g.w_z.row(k).dot(&x.transpose()) + g.u_z.row(k).dot(&h.transpose())));
                let r =
                    Vector::from_fn(n, |k, _| sig(g.w_r.row(k).dot(&x.transpose()) + g.u_r.row(k).dot(&h.transpose())));
                let rh = r.component_mul(h);
                Vector::from_fn(n, |k, _| {
                    let ht = (g.w.row(k).dot(&x.transpose()) + g.u.row(k).dot(&rh.transpose())).tanh();
                    h[k] + z[k] * (ht - h[k])
                })
            }
        }),
        valid(f, "the library's GRU step", |s| s.gru_step = |g, x, h| crate::model::gru::gru_step(g, x, h, None).h),
    ]
}

fn annotations() -> Vec<Trial> {
    let f = "annotations";
    vec![
        wrong(f, "←h on top of →h", "backward_on_top", |s| {
            s.annotations = |a, b| {
                let n = a.nrows();
                Mat::from_fn(2 * n, a.ncols(), |r, c| if r < n { b[(r, c)] } else { a[(r - n, c)] })
            }
        }),
        wrong(f, "side by side, (n, 2 T_x)", "rearranged", |s| {
            s.annotations = |a, b| {
                let t = a.ncols();
                Mat::from_fn(a.nrows(), 2 * t, |r, c| if c < t { a[(r, c)] } else { b[(r, c - t)] })
            }
        }),
        wrong(f, "←h reversed in time again", "backward_reversed", |s| {
            s.annotations = |a, b| {
                let (n, t) = (a.nrows(), a.ncols());
                Mat::from_fn(2 * n, t, |r, c| if r < n { a[(r, c)] } else { b[(r - n, t - 1 - c)] })
            }
        }),
        wrong(f, "the two interleaved row by row", "permuted", |s| {
            s.annotations = |a, b| {
                Mat::from_fn(2 * a.nrows(), a.ncols(), |r, c| if r % 2 == 0 { a[(r / 2, c)] } else { b[(r / 2, c)] })
            }
        }),
        wrong(f, "the sum →h + ←h", "added", |s| s.annotations = |a, b| a + b),
        wrong(f, "→h in both halves", "forward_twice", |s| {
            s.annotations = |a, _| {
                let n = a.nrows();
                Mat::from_fn(2 * n, a.ncols(), |r, c| a[(r % n, c)])
            }
        }),
        wrong(f, "←h shifted one position", "half_shifted", |s| {
            s.annotations = |a, b| {
                let (n, t) = (a.nrows(), a.ncols());
                Mat::from_fn(2 * n, t, |r, c| if r < n { a[(r, c)] } else { b[(r - n, (c + 1).min(t - 1))] })
            }
        }),
        valid(f, "two row blocks copied in", |s| {
            s.annotations = |a, b| {
                let n = a.nrows();
                let mut h = Mat::zeros(2 * n, a.ncols());
                h.rows_mut(0, n).copy_from(a);
                h.rows_mut(n, n).copy_from(b);
                h
            }
        }),
        valid(f, "the transposes side by side, transposed back", |s| {
            s.annotations = |a, b| {
                let (at, bt) = (a.transpose(), b.transpose());
                let mut wide = Mat::zeros(at.nrows(), at.ncols() + bt.ncols());
                wide.columns_mut(0, at.ncols()).copy_from(&at);
                wide.columns_mut(at.ncols(), bt.ncols()).copy_from(&bt);
                wide.transpose()
            }
        }),
    ]
}

fn broadcast_sum() -> Vec<Trial> {
    let f = "broadcast_sum";
    vec![
        wrong(f, "the query indexed by the source position", "query_by_position", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.nrows(), k.ncols(), |r, i| q[i % q.len()] + k[(r, i)])
        }),
        wrong(f, "added to the first column only", "query_some_columns", |s| {
            s.broadcast_sum = |q, k| {
                let mut p = k.clone();
                let first = p.column(0) + q;
                p.set_column(0, &first);
                p
            }
        }),
        wrong(f, "the query subtracted", "term_sign", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.nrows(), k.ncols(), |r, i| k[(r, i)] - q[r])
        }),
        wrong(f, "the (T_x, n') transpose", "transposed", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.ncols(), k.nrows(), |i, r| q[r] + k[(r, i)])
        }),
        wrong(f, "multiplied, not added", "zero_term", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.nrows(), k.ncols(), |r, i| q[r] * k[(r, i)])
        }),
        wrong(f, "went on through the tanh", "tanh_applied", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.nrows(), k.ncols(), |r, i| (q[r] + k[(r, i)]).tanh())
        }),
        wrong(f, "the query's entries summed into a scalar", "query_collapsed", |s| {
            s.broadcast_sum = |q, k| k.add_scalar(q.sum())
        }),
        wrong(f, "the loop stops one column early", "query_some_columns", |s| {
            s.broadcast_sum = |q, k| {
                let mut p = k.clone();
                for i in 0..k.ncols() - 1 {
                    let c = k.column(i) + q;
                    p.set_column(i, &c);
                }
                p
            }
        }),
        valid(f, "the query times a row of ones", |s| {
            s.broadcast_sum = |q, k| {
                let ones = Mat::from_element(1, k.ncols(), 1.0);
                q * ones + k
            }
        }),
        valid(f, "each column added in place", |s| {
            s.broadcast_sum = |q, k| {
                let mut p = k.clone();
                for mut col in p.column_iter_mut() {
                    col += q;
                }
                p
            }
        }),
    ]
}

fn energies() -> Vec<Trial> {
    let f = "energies";
    vec![
        wrong(f, "queried with s_t", "s_t_for_s_prev", |s| {
            s.energies = |w, u, v, st, t, h| {
                let q = w * st.column(t);
                Vector::from_fn(h.ncols(), |i, _| v.column(0).dot(&(&q + u * h.column(i)).map(f64::tanh)))
            }
        }),
        wrong(f, "always s_0", "other_index", |s| {
            s.energies = |w, u, v, st, _, h| {
                let q = w * st.column(0);
                Vector::from_fn(h.ncols(), |i, _| v.column(0).dot(&(&q + u * h.column(i)).map(f64::tanh)))
            }
        }),
        wrong(f, "no tanh", "no_tanh", |s| {
            s.energies = |w, u, v, st, t, h| {
                let q = w * st.column(t - 1);
                Vector::from_fn(h.ncols(), |i, _| v.column(0).dot(&(&q + u * h.column(i))))
            }
        }),
        wrong(f, "σ for tanh", "zero_weights", |s| {
            s.energies = |w, u, v, st, t, h| {
                let q = w * st.column(t - 1);
                Vector::from_fn(h.ncols(), |i, _| v.column(0).dot(&sigmoid(&(&q + u * h.column(i)))))
            }
        }),
        wrong(f, "tanh after v_a", "linearity", |s| {
            s.energies = |w, u, v, st, t, h| {
                let q = w * st.column(t - 1);
                Vector::from_fn(h.ncols(), |i, _| v.column(0).dot(&(&q + u * h.column(i))).tanh())
            }
        }),
        wrong(f, "the query left out", "term_missing", |s| {
            s.energies =
                |_, u, v, _, _, h| Vector::from_fn(h.ncols(), |i, _| v.column(0).dot(&(u * h.column(i)).map(f64::tanh)))
        }),
        wrong(f, "the tanh column summed (v_a ignored)", "no_v_a", |s| {
            s.energies = |w, u, _, st, t, h| {
                let q = w * st.column(t - 1);
                Vector::from_fn(h.ncols(), |i, _| (&q + u * h.column(i)).map(f64::tanh).sum())
            }
        }),
        wrong(f, "went on through the softmax", "normalised", |s| {
            s.energies = |w, u, v, st, t, h| {
                let q = w * st.column(t - 1);
                let e = Vector::from_fn(h.ncols(), |i, _| v.column(0).dot(&(&q + u * h.column(i)).map(f64::tanh)));
                let m = e.max();
                let x = e.map(|x| (x - m).exp());
                &x / x.sum()
            }
        }),
        valid(f, "the matrix form, transposed", |s| {
            s.energies = |w, u, v, st, t, h| {
                let q = w * st.column(t - 1);
                let ones = Mat::from_element(1, h.ncols(), 1.0);
                let hidden = (q * ones + u * h).map(f64::tanh);
                (v.transpose() * hidden).transpose().column(0).into_owned()
            }
        }),
        valid(f, "a double loop", |s| {
            s.energies = |w, u, v, st, t, h| {
                let sp = st.column(t - 1).into_owned();
                let mut e = Vector::zeros(h.ncols());
                for i in 0..h.ncols() {
                    for k in 0..w.nrows() {
                        let mut a = 0.0;
                        for j in 0..sp.len() {
                            a += w[(k, j)] * sp[j];
                        }
                        for j in 0..h.nrows() {
                            a += u[(k, j)] * h[(j, i)];
                        }
                        e[i] += v[(k, 0)] * a.tanh();
                    }
                }
                e
            }
        }),
    ]
}

fn softmax() -> Vec<Trial> {
    let f = "softmax";
    vec![
        wrong(f, "no max subtracted", "no_max", |s| {
            s.softmax = |e| {
                let x = e.map(f64::exp);
                &x / x.sum()
            }
        }),
        wrong(f, "the min subtracted", "nonfinite", |s| {
            s.softmax = |e| {
                let m = e.min();
                let x = e.map(|v| (v - m).exp());
                &x / x.sum()
            }
        }),
        wrong(f, "not normalised", "not_normalised", |s| {
            s.softmax = |e| {
                let m = e.max();
                e.map(|v| (v - m).exp())
            }
        }),
        wrong(f, "divided by the sum of the energies", "factor", |s| {
            s.softmax = |e| {
                let m = e.max();
                e.map(|v| (v - m).exp()) / e.sum()
            }
        }),
        wrong(f, "the numerator not shifted", "numerator_unshifted", |s| {
            s.softmax = |e| {
                let m = e.max();
                let den: f64 = e.iter().map(|v| (v - m).exp()).sum();
                e.map(|v| v.exp() / den)
            }
        }),
        wrong(f, "log-softmax", "log_space", |s| {
            s.softmax = |e| {
                let m = e.max();
                let lse = m + e.iter().map(|v| (v - m).exp()).sum::<f64>().ln();
                e.map(|v| v - lse)
            }
        }),
        wrong(f, "the mean subtracted", "nonfinite", |s| {
            s.softmax = |e| {
                let m = e.mean();
                let x = e.map(|v| (v - m).exp());
                &x / x.sum()
            }
        }),
        wrong(f, "amax (largest |e|) subtracted", "underflow", |s| {
            s.softmax = |e| {
                let m = e.amax();
                let x = e.map(|v| (v - m).exp());
                &x / x.sum()
            }
        }),
        wrong(f, "exp(max − e)", "term_sign", |s| {
            s.softmax = |e| {
                let m = e.max();
                let x = e.map(|v| (m - v).exp());
                &x / x.sum()
            }
        }),
        valid(f, "through the log-sum-exp", |s| {
            s.softmax = |e| {
                let m = e.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let lse = m + e.iter().map(|v| (v - m).exp()).sum::<f64>().ln();
                e.map(|v| (v - lse).exp())
            }
        }),
        valid(f, "a loop", |s| {
            s.softmax = |e| {
                let mut m = e[0];
                for &v in e.iter() {
                    if v > m {
                        m = v;
                    }
                }
                let mut out = Vector::zeros(e.len());
                let mut total = 0.0;
                for i in 0..e.len() {
                    out[i] = (e[i] - m).exp();
                    total += out[i];
                }
                out / total
            }
        }),
    ]
}

fn masked_softmax() -> Vec<Trial> {
    let f = "masked_softmax";
    vec![
        wrong(f, "masked after the softmax, not renormalised", "masked_after_softmax", |s| {
            s.masked_softmax = |e, mask| {
                let mut a = Mat::zeros(e.nrows(), e.ncols());
                for b in 0..e.nrows() {
                    let m = e.row(b).max();
                    let x = e.row(b).map(|v| (v - m).exp());
                    let x = &x / x.sum();
                    a.set_row(b, &x.component_mul(&mask.row(b)));
                }
                a
            }
        }),
        wrong(f, "the max over the padding too", "max_over_padding", |s| {
            s.masked_softmax = |e, mask| {
                let mut a = Mat::zeros(e.nrows(), e.ncols());
                for b in 0..e.nrows() {
                    let m = e.row(b).max();
                    let x =
                        Mat::from_fn(1, e.ncols(), |_, i| if mask[(b, i)] > 0.5 { (e[(b, i)] - m).exp() } else { 0.0 });
                    a.set_row(b, &(&x / x.sum()).row(0));
                }
                a
            }
        }),
        wrong(f, "softmax down the columns (over the batch)", "normalised_columns", |s| {
            s.masked_softmax = |e, mask| {
                let mut a = Mat::zeros(e.nrows(), e.ncols());
                for i in 0..e.ncols() {
                    let real: Vec<usize> = (0..e.nrows()).filter(|&b| mask[(b, i)] > 0.5).collect();
                    let m = real.iter().map(|&b| e[(b, i)]).fold(f64::NEG_INFINITY, f64::max);
                    let z: f64 = real.iter().map(|&b| (e[(b, i)] - m).exp()).sum();
                    for &b in &real {
                        a[(b, i)] = (e[(b, i)] - m).exp() / z;
                    }
                }
                a
            }
        }),
        wrong(f, "the mask inverted", "mask_inverted", |s| {
            s.masked_softmax = |e, mask| {
                let inv = mask.map(|v| 1.0 - v);
                crate::exercises::catalog::reference::masked_softmax(e, &inv)
            }
        }),
        wrong(f, "the energies multiplied by the mask", "mask_multiplied", |s| {
            s.masked_softmax = |e, mask| {
                let em = e.component_mul(mask);
                let mut a = Mat::zeros(e.nrows(), e.ncols());
                for b in 0..e.nrows() {
                    let m = em.row(b).max();
                    let x = em.row(b).map(|v| (v - m).exp());
                    a.set_row(b, &(&x / x.sum()));
                }
                a
            }
        }),
        wrong(f, "no max subtracted", "no_max", |s| {
            s.masked_softmax = |e, mask| {
                let x = e.map(f64::exp).component_mul(mask);
                let mut a = x.clone();
                for b in 0..e.nrows() {
                    let z = x.row(b).sum();
                    a.row_mut(b).scale_mut(1.0 / z);
                }
                a
            }
        }),
        wrong(f, "−1e9 added where the mask is 1", "mask_inverted", |s| {
            s.masked_softmax = |e, mask| {
                let filled = e + mask.map(|v| -1e9 * v);
                let mut a = Mat::zeros(e.nrows(), e.ncols());
                for b in 0..e.nrows() {
                    let m = filled.row(b).max();
                    let x = filled.row(b).map(|v| (v - m).exp());
                    a.set_row(b, &(&x / x.sum()));
                }
                a
            }
        }),
        wrong(f, "one max for the whole batch", "max_over_padding", |s| {
            s.masked_softmax = |e, mask| {
                let m = e
                    .iter()
                    .zip(mask.iter())
                    .filter(|(_, k)| **k > 0.5)
                    .map(|(v, _)| *v)
                    .fold(f64::NEG_INFINITY, f64::max);
                let x = e.map(|v| (v - m).exp()).component_mul(mask);
                let mut a = x.clone();
                for b in 0..e.nrows() {
                    let z = x.row(b).sum();
                    a.row_mut(b).scale_mut(1.0 / z);
                }
                a
            }
        }),
        valid(f, "padding set to −∞, then a row softmax", |s| {
            s.masked_softmax = |e, mask| {
                let filled = e.zip_map(mask, |v, k| if k > 0.5 { v } else { f64::NEG_INFINITY });
                let mut a = Mat::zeros(e.nrows(), e.ncols());
                for b in 0..e.nrows() {
                    let m = filled.row(b).iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    let x = filled.row(b).map(|v| (v - m).exp());
                    a.set_row(b, &(&x / x.sum()));
                }
                a
            }
        }),
        valid(f, "the real tokens gathered, softmaxed and scattered back", |s| {
            s.masked_softmax = |e, mask| {
                let mut a = Mat::zeros(e.nrows(), e.ncols());
                for b in 0..e.nrows() {
                    let real: Vec<usize> = (0..e.ncols()).filter(|&i| mask[(b, i)] == 1.0).collect();
                    let v = Vector::from_iterator(real.len(), real.iter().map(|&i| e[(b, i)]));
                    let p = crate::model::attention::softmax(&v);
                    for (j, &i) in real.iter().enumerate() {
                        a[(b, i)] = p[j];
                    }
                }
                a
            }
        }),
    ]
}

fn context() -> Vec<Trial> {
    let f = "context";
    vec![
        wrong(f, "the loop assigns α_i h_i instead of adding it", "last_term_only", |s| {
            s.context = |h, a| {
                let mut c = Vector::zeros(h.nrows());
                for i in 0..h.ncols() {
                    c = h.column(i) * a[i];
                }
                c
            }
        }),
        wrong(f, "Hᵀ α", "panic_product", |s| s.context = |h, a| h.transpose() * a),
        wrong(f, "the plain mean of the annotations", "mean_of_annotations", |s| s.context = |h, _| h.column_mean()),
        wrong(f, "the columns summed unweighted", "alpha_ignored", |s| s.context = |h, _| h.column_sum()),
        wrong(f, "H α divided by T_x", "factor", |s| s.context = |h, a| (h * a) / h.ncols() as f64),
        wrong(f, "the loop stops one column early", "one_hot", |s| {
            s.context = |h, a| {
                let mut c = Vector::zeros(h.nrows());
                for i in 0..h.ncols() - 1 {
                    c += h.column(i) * a[i];
                }
                c
            }
        }),
        wrong(f, "the weights reversed", "one_hot", |s| {
            s.context = |h, a| {
                let n = a.len();
                h * Vector::from_fn(n, |i, _| a[n - 1 - i])
            }
        }),
        wrong(f, "only the most attended annotation", "argmax_only", |s| {
            s.context = |h, a| h.column(a.argmax().0).into_owned()
        }),
        valid(f, "a loop accumulating α_i h_i", |s| {
            s.context = |h, a| {
                let mut c = Vector::zeros(h.nrows());
                for (i, w) in a.iter().enumerate() {
                    c.axpy(*w, &h.column(i), 1.0);
                }
                c
            }
        }),
        valid(f, "each entry a row of H dotted with α", |s| {
            s.context = |h, a| Vector::from_fn(h.nrows(), |k, _| h.row(k).transpose().dot(a))
        }),
    ]
}

fn decoder_step() -> Vec<Trial> {
    let f = "decoder_step";
    vec![
        wrong(f, "c_t only in the candidate", "context_only_in_candidate", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let z = sigmoid(&(&g.w_z * y + &g.u_z * sp));
                let r = sigmoid(&(&g.w_r * y + &g.u_r * sp));
                let st = (&g.w * y + &g.u * r.component_mul(sp) + &cw.c * c).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(sp) + z.component_mul(&st)
            }
        }),
        wrong(f, "c_t only in the gates", "term_missing", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let z = sigmoid(&(&g.w_z * y + &g.u_z * sp + &cw.c_z * c));
                let r = sigmoid(&(&g.w_r * y + &g.u_r * sp + &cw.c_r * c));
                let st = (&g.w * y + &g.u * r.component_mul(sp)).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(sp) + z.component_mul(&st)
            }
        }),
        wrong(f, "C_z and C_r swapped", "terms_exchanged", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let z = sigmoid(&(&g.w_z * y + &g.u_z * sp + &cw.c_r * c));
                let r = sigmoid(&(&g.w_r * y + &g.u_r * sp + &cw.c_z * c));
                let st = (&g.w * y + &g.u * r.component_mul(sp) + &cw.c * c).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(sp) + z.component_mul(&st)
            }
        }),
        wrong(f, "PyTorch's update", "pytorch_update_gate", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let z = sigmoid(&(&g.w_z * y + &g.u_z * sp + &cw.c_z * c));
                let r = sigmoid(&(&g.w_r * y + &g.u_r * sp + &cw.c_r * c));
                let st = (&g.w * y + &g.u * r.component_mul(sp) + &cw.c * c).map(f64::tanh);
                z.component_mul(sp) + z.map(|v| 1.0 - v).component_mul(&st)
            }
        }),
        wrong(f, "PyTorch's reset, r after U", "reset_after_u", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let z = sigmoid(&(&g.w_z * y + &g.u_z * sp + &cw.c_z * c));
                let r = sigmoid(&(&g.w_r * y + &g.u_r * sp + &cw.c_r * c));
                let st = (&g.w * y + r.component_mul(&(&g.u * sp)) + &cw.c * c).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(sp) + z.component_mul(&st)
            }
        }),
        wrong(f, "no context at all (the encoder's GRU)", "context_left_out", |s| {
            s.decoder_step = |g, _, y, sp, _| crate::model::gru::gru_step(g, y, sp, None).h
        }),
        wrong(f, "C for all three", "term_everywhere", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let cc = &cw.c * c;
                let z = sigmoid(&(&g.w_z * y + &g.u_z * sp + &cc));
                let r = sigmoid(&(&g.w_r * y + &g.u_r * sp + &cc));
                let st = (&g.w * y + &g.u * r.component_mul(sp) + &cc).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(sp) + z.component_mul(&st)
            }
        }),
        wrong(f, "returned the candidate s~", "candidate_returned", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let r = sigmoid(&(&g.w_r * y + &g.u_r * sp + &cw.c_r * c));
                (&g.w * y + &g.u * r.component_mul(sp) + &cw.c * c).map(f64::tanh)
            }
        }),
        valid(f, "the library's GRU step with the context", |s| {
            s.decoder_step = |g, cw, y, sp, c| crate::model::gru::gru_step(g, y, sp, Some((cw, c))).h
        }),
        valid(f, "s + z (s~ − s), the input and context stacked", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let m = y.len();
                let stack = |w: &Mat, cm: &Mat| {
                    Mat::from_fn(w.nrows(), m + cm.ncols(), |k, j| if j < m { w[(k, j)] } else { cm[(k, j - m)] })
                };
                let yc = Vector::from_fn(m + c.len(), |j, _| if j < m { y[j] } else { c[j - m] });
                let z = sigmoid(&(stack(&g.w_z, &cw.c_z) * &yc + &g.u_z * sp));
                let r = sigmoid(&(stack(&g.w_r, &cw.c_r) * &yc + &g.u_r * sp));
                let st = (stack(&g.w, &cw.c) * &yc + &g.u * r.component_mul(sp)).map(f64::tanh);
                sp + z.component_mul(&(st - sp))
            }
        }),
    ]
}

fn luong_dot() -> Vec<Trial> {
    let f = "luong_dot";
    vec![
        wrong(f, "h̄ h_t, not h̄ᵀ h_t", "panic_product", |s| s.luong_dot = |h, hb| hb * h),
        wrong(f, "the products summed along the source axis", "one_hot", |s| {
            s.luong_dot = |h, hb| Vector::from_fn(hb.nrows(), |k, _| h[k] * hb.row(k).sum())
        }),
        wrong(f, "scaled by √d", "scaled", |s| s.luong_dot = |h, hb| hb.tr_mul(h) / (h.len() as f64).sqrt()),
        wrong(f, "went on through the softmax", "softmax_applied", |s| {
            s.luong_dot = |h, hb| crate::model::attention::softmax(&hb.tr_mul(h))
        }),
        wrong(f, "the cosine", "linearity", |s| {
            s.luong_dot =
                |h, hb| Vector::from_fn(hb.ncols(), |i, _| hb.column(i).dot(h) / (hb.column(i).norm() * h.norm()))
        }),
        wrong(f, "the loop stops one column early", "loop_edge", |s| {
            s.luong_dot = |h, hb| {
                let mut e = Vector::zeros(hb.ncols());
                for i in 0..hb.ncols() - 1 {
                    e[i] = hb.column(i).dot(h);
                }
                e
            }
        }),
        wrong(f, "the negative squared distance", "linearity", |s| {
            s.luong_dot = |h, hb| Vector::from_fn(hb.ncols(), |i, _| -(hb.column(i) - h).norm_squared())
        }),
        valid(f, "(h_tᵀ h̄)ᵀ", |s| s.luong_dot = |h, hb| (h.transpose() * hb).transpose()),
        valid(f, "a double loop", |s| {
            s.luong_dot = |h, hb| {
                let mut e = Vector::zeros(hb.ncols());
                for i in 0..hb.ncols() {
                    for k in 0..h.len() {
                        e[i] += h[k] * hb[(k, i)];
                    }
                }
                e
            }
        }),
    ]
}

fn luong_general() -> Vec<Trial> {
    let f = "luong_general";
    vec![
        wrong(f, "W_a transposed", "w_a_transposed", |s| s.luong_general = |h, w, hb| (w.transpose() * hb).tr_mul(h)),
        wrong(f, "W_a applied to h_t, dotted with h̄_i", "w_a_transposed", |s| {
            s.luong_general = |h, w, hb| hb.tr_mul(&(w * h))
        }),
        wrong(f, "W_a forgotten (the dot score)", "term_identity", |s| s.luong_general = |h, _, hb| hb.tr_mul(h)),
        wrong(f, "scaled by √d", "factor", |s| {
            s.luong_general = |h, w, hb| (w * hb).tr_mul(h) / (h.len() as f64).sqrt()
        }),
        wrong(f, "tanh of W_a h̄", "linearity", |s| s.luong_general = |h, w, hb| (w * hb).map(f64::tanh).tr_mul(h)),
        wrong(f, "h_t forgotten: W_a h̄_i summed", "linearity", |s| {
            s.luong_general = |_, w, hb| (w * hb).row_sum().transpose()
        }),
        wrong(f, "went on through the softmax", "softmax_applied", |s| {
            s.luong_general = |h, w, hb| crate::model::attention::softmax(&(w * hb).tr_mul(h))
        }),
        wrong(f, "the loop stops one column early", "loop_edge", |s| {
            s.luong_general = |h, w, hb| {
                let wh = w * hb;
                let mut e = Vector::zeros(hb.ncols());
                for i in 0..hb.ncols() - 1 {
                    e[i] = wh.column(i).dot(h);
                }
                e
            }
        }),
        valid(f, "(W_aᵀ h_t) dotted with each h̄_i", |s| s.luong_general = |h, w, hb| hb.tr_mul(&w.tr_mul(h))),
        valid(f, "a triple loop", |s| {
            s.luong_general = |h, w, hb| {
                let mut e = Vector::zeros(hb.ncols());
                for i in 0..hb.ncols() {
                    for a in 0..h.len() {
                        for b in 0..hb.nrows() {
                            e[i] += h[a] * w[(a, b)] * hb[(b, i)];
                        }
                    }
                }
                e
            }
        }),
    ]
}

fn entropy() -> Vec<Trial> {
    let f = "entropy";
    vec![
        wrong(f, "no minus sign", "missing_minus", |s| {
            s.entropy = |a| a.iter().filter(|&&p| p > 0.0).map(|p| p * p.ln()).sum()
        }),
        wrong(f, "in bits (log2)", "log2", |s| {
            s.entropy = |a| -a.iter().filter(|&&p| p > 0.0).map(|p| p * p.log2()).sum::<f64>()
        }),
        wrong(f, "0 · ln 0 left to be NaN", "zero_log", |s| {
            s.entropy = |a| -a.iter().map(|p| p * p.ln()).sum::<f64>()
        }),
        wrong(f, "divided by ln T_x", "factor", |s| {
            s.entropy = |a| -a.iter().filter(|&&p| p > 0.0).map(|p| p * p.ln()).sum::<f64>() / (a.len() as f64).ln()
        }),
        wrong(f, "log10", "factor", |s| {
            s.entropy = |a| -a.iter().filter(|&&p| p > 0.0).map(|p| p * p.log10()).sum::<f64>()
        }),
        wrong(f, "−Σ ln α_i, the weight forgotten", "uniform", |s| {
            s.entropy = |a| -a.iter().filter(|&&p| p > 0.0).map(|p| p.ln()).sum::<f64>()
        }),
        wrong(f, "the mean, not the sum", "factor", |s| {
            s.entropy = |a| -a.iter().filter(|&&p| p > 0.0).map(|p| p * p.ln()).sum::<f64>() / a.len() as f64
        }),
        wrong(f, "ln(1 + α) for ln α", "ln_1p", |s| s.entropy = |a| -a.iter().map(|p| p * p.ln_1p()).sum::<f64>()),
        valid(f, "a loop with an if", |s| {
            s.entropy = |a| {
                let mut h = 0.0;
                for &p in a.iter() {
                    if p != 0.0 {
                        h -= p * p.ln();
                    }
                }
                h
            }
        }),
        valid(f, "Σ α ln(1/α)", |s| {
            s.entropy = |a| a.iter().map(|&p| if p > 0.0 { p * (1.0 / p).ln() } else { 0.0 }).sum()
        }),
    ]
}

fn coverage() -> Vec<Trial> {
    let f = "coverage";
    vec![
        wrong(f, "summed along the rows (one per target word)", "wrong_axis", |s| {
            s.coverage = |a| Vector::from_fn(a.nrows(), |t, _| a.row(t).sum())
        }),
        wrong(f, "the mean over t", "mean", |s| s.coverage = |a| Vector::from_fn(a.ncols(), |i, _| a.column(i).mean())),
        wrong(f, "the max over t", "not_a_sum", |s| {
            s.coverage = |a| Vector::from_fn(a.ncols(), |i, _| a.column(i).max())
        }),
        wrong(f, "the last row left out", "rows_left_out", |s| {
            s.coverage = |a| Vector::from_fn(a.ncols(), |i, _| (0..a.nrows() - 1).map(|t| a[(t, i)]).sum())
        }),
        wrong(f, "the first row left out", "rows_left_out", |s| {
            s.coverage = |a| Vector::from_fn(a.ncols(), |i, _| (1..a.nrows()).map(|t| a[(t, i)]).sum())
        }),
        wrong(f, "normalised to sum 1", "mean", |s| {
            s.coverage = |a| {
                let c = Vector::from_fn(a.ncols(), |i, _| a.column(i).sum());
                let total = c.sum();
                c / total
            }
        }),
        wrong(f, "the last column left out", "loop_edge", |s| {
            s.coverage = |a| {
                let mut c = Vector::zeros(a.ncols());
                for i in 0..a.ncols() - 1 {
                    c[i] = a.column(i).sum();
                }
                c
            }
        }),
        valid(f, "the rows added up", |s| {
            s.coverage = |a| {
                let mut c = Vector::zeros(a.ncols());
                for t in 0..a.nrows() {
                    c += a.row(t).transpose();
                }
                c
            }
        }),
        valid(f, "row_sum transposed", |s| s.coverage = |a| a.row_sum().transpose()),
    ]
}

fn softmax_backward() -> Vec<Trial> {
    let f = "softmax_backward";
    vec![
        wrong(f, "the Σ term forgotten: α ∘ g", "shift", |s| s.softmax_backward = |a, g| a.component_mul(g)),
        wrong(f, "the sign of the Σ term flipped", "shift", |s| {
            s.softmax_backward = |a, g| a.component_mul(&g.add_scalar(g.dot(a)))
        }),
        wrong(f, "only the Jacobian's diagonal", "diagonal_only", |s| {
            s.softmax_backward = |a, g| Vector::from_fn(a.len(), |i, _| a[i] * (1.0 - a[i]) * g[i])
        }),
        wrong(f, "Σ g_j, not Σ g_j α_j", "shift", |s| {
            s.softmax_backward = |a, g| a.component_mul(&g.add_scalar(-g.sum()))
        }),
        wrong(f, "the factor α_i forgotten", "missing_alpha", |s| s.softmax_backward = |a, g| g.add_scalar(-g.dot(a))),
        wrong(f, "the mean of g subtracted", "one_hot", |s| {
            s.softmax_backward = |a, g| a.component_mul(&g.add_scalar(-g.mean()))
        }),
        wrong(f, "δ_ij read as 1: (1 − α_i) Σ g_j α_j", "shift", |s| {
            s.softmax_backward = |a, g| a.map(|v| 1.0 - v) * g.dot(a)
        }),
        wrong(f, "α and g swapped", "terms_exchanged", |s| {
            s.softmax_backward = |a, g| g.component_mul(&a.add_scalar(-g.dot(a)))
        }),
        valid(f, "the full Jacobian times g", |s| {
            s.softmax_backward = |a, g| {
                let n = a.len();
                let j = Mat::from_fn(n, n, |jj, i| a[jj] * (if i == jj { 1.0 } else { 0.0 } - a[i]));
                j.transpose() * g
            }
        }),
        valid(f, "α ∘ g − α (α · g)", |s| s.softmax_backward = |a, g| a.component_mul(g) - a * a.dot(g)),
    ]
}
