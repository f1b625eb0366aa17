//! New wrong answers and valid alternatives for exercises 1–7.

use super::trial::{Trial, valid, wrong};
use crate::exercises::catalog::reference;
use crate::model::attention::softmax;
use crate::model::encoder::{annotations, embed};
use crate::model::gru::sigmoid;
use crate::model::{Gru, Mat, Vector};
use nalgebra::RowDVector as RowVector;

fn tanh(v: &Vector) -> Vector {
    v.map(f64::tanh)
}

fn gates(g: &Gru, x: &Vector, h: &Vector) -> (Vector, Vector) {
    (sigmoid(&(&g.w_z * x + &g.u_z * h)), sigmoid(&(&g.w_r * x + &g.u_r * h)))
}

fn mix(z: &Vector, h: &Vector, h_tilde: &Vector) -> Vector {
    z.map(|v| 1.0 - v).component_mul(h) + z.component_mul(h_tilde)
}

fn rows_softmax(e: &Mat) -> Mat {
    let mut out = e.clone();
    for b in 0..e.nrows() {
        out.row_mut(b).copy_from(&softmax(&e.row(b).transpose()).transpose());
    }
    out
}

fn normalise_rows(mut a: Mat) -> Mat {
    for b in 0..a.nrows() {
        let total = a.row(b).sum();
        a.row_mut(b).unscale_mut(total);
    }
    a
}

pub fn trials() -> Vec<Trial> {
    vec![
        // 1 · embed
        wrong("embed", "ids index the rows", "panic_index", |s| {
            s.embed = |e, ids| Mat::from_fn(e.nrows(), ids.len(), |d, i| e[(ids[i], d)])
        }),
        wrong("embed", "tokens in reverse", "reversed", |s| {
            s.embed = |e, ids| Mat::from_fn(e.nrows(), ids.len(), |d, i| e[(d, ids[ids.len() - 1 - i])])
        }),
        wrong("embed", "position for id", "positions", |s| s.embed = |e, ids| e.columns(0, ids.len()).into_owned()),
        wrong("embed", "first id everywhere", "one_id", |s| {
            s.embed = |e, ids| Mat::from_fn(e.nrows(), ids.len(), |d, _| e[(d, ids[0])])
        }),
        wrong("embed", "scaled by √m", "factor", |s| s.embed = |e, ids| embed(e, ids) * (e.nrows() as f64).sqrt()),
        wrong("embed", "ids sorted first", "permuted", |s| {
            s.embed = |e, ids| {
                let mut sorted = ids.to_vec();
                sorted.sort();
                embed(e, &sorted)
            }
        }),
        wrong("embed", "tanh on the lookup", "extra_nonlinearity", |s| s.embed = |e, ids| embed(e, ids).map(f64::tanh)),
        valid("embed", "a loop over tokens", |s| {
            s.embed = |e, ids| {
                let mut x = Mat::zeros(e.nrows(), ids.len());
                for (i, &id) in ids.iter().enumerate() {
                    x.set_column(i, &e.column(id));
                }
                x
            }
        }),
        valid("embed", "E times one-hot columns", |s| {
            s.embed = |e, ids| e * Mat::from_fn(e.ncols(), ids.len(), |k, i| if ids[i] == k { 1.0 } else { 0.0 })
        }),
        // 2 · gru_step
        wrong("gru_step", "σ missing on z", "gru_mix", |s| {
            s.gru_step = |g, x, h| {
                let z = &g.w_z * x + &g.u_z * h;
                let r = gates(g, x, h).1;
                mix(&z, h, &tanh(&(&g.w * x + &g.u * r.component_mul(h))))
            }
        }),
        wrong("gru_step", "candidate without tanh", "gru_candidate", |s| {
            s.gru_step = |g, x, h| {
                let (z, r) = gates(g, x, h);
                mix(&z, h, &(&g.w * x + &g.u * r.component_mul(h)))
            }
        }),
        wrong("gru_step", "σ for the candidate", "gru_candidate", |s| {
            s.gru_step = |g, x, h| {
                let (z, r) = gates(g, x, h);
                mix(&z, h, &sigmoid(&(&g.w * x + &g.u * r.component_mul(h))))
            }
        }),
        wrong("gru_step", "reset gate unused", "gru_reset", |s| {
            s.gru_step = |g, x, h| mix(&gates(g, x, h).0, h, &tanh(&(&g.w * x + &g.u * h)))
        }),
        wrong("gru_step", "U_r h_prev left out of r", "term_missing", |s| {
            s.gru_step = |g, x, h| {
                let (z, r) = (gates(g, x, h).0, sigmoid(&(&g.w_r * x)));
                mix(&z, h, &tanh(&(&g.w * x + &g.u * r.component_mul(h))))
            }
        }),
        wrong("gru_step", "W_z pasted into r", "term_swapped", |s| {
            s.gru_step = |g, x, h| {
                let (z, r) = (gates(g, x, h).0, sigmoid(&(&g.w_z * x + &g.u_r * h)));
                mix(&z, h, &tanh(&(&g.w * x + &g.u * r.component_mul(h))))
            }
        }),
        wrong("gru_step", "z and r swapped", "gru_mix", |s| {
            s.gru_step = |g, x, h| {
                let (z, r) = gates(g, x, h);
                mix(&r, h, &tanh(&(&g.w * x + &g.u * z.component_mul(h))))
            }
        }),
        valid("gru_step", "entry by entry", |s| {
            s.gru_step = |g, x, h| {
                let (a_z, a_r) = (&g.w_z * x + &g.u_z * h, &g.w_r * x + &g.u_r * h);
                let rh = Vector::from_fn(h.len(), |k, _| h[k] / (1.0 + (-a_r[k]).exp()));
                let a_h = &g.w * x + &g.u * rh;
                Vector::from_fn(h.len(), |k, _| {
                    let z = 1.0 / (1.0 + (-a_z[k]).exp());
                    (1.0 - z) * h[k] + z * a_h[k].tanh()
                })
            }
        }),
        valid("gru_step", "h + z∘(h~ − h)", |s| {
            s.gru_step = |g, x, h| {
                let (z, r) = gates(g, x, h);
                let h_tilde = tanh(&(&g.w * x + &g.u * r.component_mul(h)));
                h + z.component_mul(&(h_tilde - h))
            }
        }),
        // 3 · annotations
        wrong("annotations", "joined side by side", "rearranged", |s| {
            s.annotations = |f, b| {
                let t = f.ncols();
                Mat::from_fn(f.nrows(), 2 * t, |d, i| if i < t { f[(d, i)] } else { b[(d, i - t)] })
            }
        }),
        wrong("annotations", "rows interleaved", "permuted", |s| {
            s.annotations = |f, b| {
                Mat::from_fn(2 * f.nrows(), f.ncols(), |d, i| if d % 2 == 0 { f[(d / 2, i)] } else { b[(d / 2, i)] })
            }
        }),
        wrong("annotations", "transposed", "transposed", |s| s.annotations = |f, b| annotations(f, b).transpose()),
        wrong("annotations", "both reversed in time", "reversed", |s| {
            s.annotations = |f, b| {
                let h = annotations(f, b);
                Mat::from_fn(h.nrows(), h.ncols(), |d, i| h[(d, h.ncols() - 1 - i)])
            }
        }),
        wrong("annotations", "forward reversed in time", "permuted", |s| {
            s.annotations = |f, b| annotations(&Mat::from_fn(f.nrows(), f.ncols(), |d, i| f[(d, f.ncols() - 1 - i)]), b)
        }),
        wrong("annotations", "added", "added", |s| s.annotations = |f, b| f + b),
        wrong("annotations", "backward shifted by one", "half_shifted", |s| {
            s.annotations = |f, b| {
                let t = b.ncols();
                annotations(f, &Mat::from_fn(b.nrows(), t, |d, i| if i + 1 < t { b[(d, i + 1)] } else { 0.0 }))
            }
        }),
        valid("annotations", "a loop over rows", |s| {
            s.annotations = |f, b| {
                let n = f.nrows();
                Mat::from_fn(2 * n, f.ncols(), |d, i| if d < n { f[(d, i)] } else { b[(d - n, i)] })
            }
        }),
        valid("annotations", "copy into views", |s| {
            s.annotations = |f, b| {
                let (n, t) = f.shape();
                let mut h = Mat::zeros(2 * n, t);
                h.view_mut((0, 0), (n, t)).copy_from(f);
                h.view_mut((n, 0), (n, t)).copy_from(b);
                h
            }
        }),
        // 4 · broadcast_sum
        wrong("broadcast_sum", "only the first column", "query_some_columns", |s| {
            s.broadcast_sum = |q, k| {
                let mut out = k.clone();
                for r in 0..q.len() {
                    out[(r, 0)] += q[r];
                }
                out
            }
        }),
        wrong("broadcast_sum", "subtracted", "term_sign", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.nrows(), k.ncols(), |r, i| k[(r, i)] - q[r])
        }),
        wrong("broadcast_sum", "added twice", "term_twice", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.nrows(), k.ncols(), |r, i| k[(r, i)] + q[r] + q[r])
        }),
        wrong("broadcast_sum", "keys forgotten", "term_missing", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.nrows(), k.ncols(), |r, _| q[r])
        }),
        wrong("broadcast_sum", "multiplied", "zero_term", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.nrows(), k.ncols(), |r, i| q[r] * k[(r, i)])
        }),
        wrong("broadcast_sum", "transposed", "transposed", |s| {
            s.broadcast_sum = |q, k| Mat::from_fn(k.ncols(), k.nrows(), |i, r| k[(r, i)] + q[r])
        }),
        wrong("broadcast_sum", "q[0] for every row", "query_collapsed", |s| {
            s.broadcast_sum = |q, k| k.add_scalar(q[0])
        }),
        valid("broadcast_sum", "outer product with ones", |s| {
            s.broadcast_sum = |q, k| k + q * RowVector::from_element(k.ncols(), 1.0)
        }),
        valid("broadcast_sum", "column by column", |s| {
            s.broadcast_sum = |q, k| {
                let mut out = k.clone();
                for mut col in out.column_iter_mut() {
                    col += q;
                }
                out
            }
        }),
        // 5 · energies
        wrong("energies", "always s_0", "other_index", |s| {
            s.energies = |wa, ua, va, st, _, h| {
                let pre = ua * h + (wa * st.column(0)) * RowVector::from_element(h.ncols(), 1.0);
                (va.transpose() * pre.map(f64::tanh)).transpose().column(0).into_owned()
            }
        }),
        wrong("energies", "s_(t-2)", "panic_index", |s| {
            s.energies = |wa, ua, va, st, t, h| {
                let pre = ua * h + (wa * st.column(t - 2)) * RowVector::from_element(h.ncols(), 1.0);
                (va.transpose() * pre.map(f64::tanh)).transpose().column(0).into_owned()
            }
        }),
        wrong("energies", "σ for tanh", "zero_weights", |s| {
            s.energies = |wa, ua, va, st, t, h| {
                let pre = ua * h + (wa * st.column(t - 1)) * RowVector::from_element(h.ncols(), 1.0);
                (va.transpose() * pre.map(|v| 1.0 / (1.0 + (-v).exp()))).transpose().column(0).into_owned()
            }
        }),
        wrong("energies", "scaled by 1/√n'", "factor", |s| {
            s.energies = |wa, ua, va, st, t, h| reference::energies(wa, ua, va, st, t, h) / (wa.nrows() as f64).sqrt()
        }),
        wrong("energies", "softmax applied", "normalised", |s| {
            s.energies = |wa, ua, va, st, t, h| softmax(&reference::energies(wa, ua, va, st, t, h))
        }),
        wrong("energies", "tanh after v_a", "linearity", |s| {
            s.energies = |wa, ua, va, st, t, h| {
                let pre = ua * h + (wa * st.column(t - 1)) * RowVector::from_element(h.ncols(), 1.0);
                (va.transpose() * pre).map(f64::tanh).transpose().column(0).into_owned()
            }
        }),
        wrong("energies", "−v_a", "factor", |s| {
            s.energies = |wa, ua, va, st, t, h| reference::energies(wa, ua, &-va, st, t, h)
        }),
        wrong("energies", "U_a forgotten", "panic_sum", |s| {
            s.energies = |wa, _, va, st, t, h| {
                let pre = h + (wa * st.column(t - 1)) * RowVector::from_element(h.ncols(), 1.0);
                (va.transpose() * pre.map(f64::tanh)).transpose().column(0).into_owned()
            }
        }),
        valid("energies", "loops", |s| {
            s.energies = |wa, ua, va, st, t, h| {
                let (q, keys) = (wa * st.column(t - 1), ua * h);
                Vector::from_fn(h.ncols(), |i, _| (0..q.len()).map(|k| va[(k, 0)] * (q[k] + keys[(k, i)]).tanh()).sum())
            }
        }),
        valid("energies", "v_aᵀ times the matrix", |s| {
            s.energies = |wa, ua, va, st, t, h| {
                let pre = ua * h + (wa * st.column(t - 1)) * RowVector::from_element(h.ncols(), 1.0);
                pre.map(f64::tanh).tr_mul(&va.column(0))
            }
        }),
        // 6 · softmax
        wrong("softmax", "σ of each energy", "shift", |s| s.softmax = |e| e.map(|v| 1.0 / (1.0 + (-v).exp()))),
        wrong("softmax", "max subtracted on top only", "factor", |s| {
            s.softmax = |e| e.add_scalar(-e.max()).map(f64::exp) / e.map(f64::exp).sum()
        }),
        wrong("softmax", "log-softmax", "log_space", |s| {
            s.softmax = |e| {
                let z = e.add_scalar(-e.max());
                let lse = z.map(f64::exp).sum().ln();
                z.add_scalar(-lse)
            }
        }),
        wrong("softmax", "divided by Σe", "factor", |s| {
            s.softmax = |e| e.add_scalar(-e.max()).map(f64::exp) / e.sum()
        }),
        wrong("softmax", "sorted", "permuted", |s| {
            s.softmax = |e| {
                let mut v: Vec<f64> = softmax(e).iter().copied().collect();
                v.sort_by(f64::total_cmp);
                Vector::from_vec(v)
            }
        }),
        wrong("softmax", "ratio of energies", "shift", |s| s.softmax = |e| e / e.sum()),
        wrong("softmax", "squares", "shift", |s| {
            s.softmax = |e| {
                let sq = e.map(|v| v * v);
                &sq / sq.sum()
            }
        }),
        wrong("softmax", "temperature 2", "term_scaled", |s| s.softmax = |e| softmax(&(e / 2.0))),
        valid("softmax", "a loop with fold", |s| {
            s.softmax = |e| {
                let max = e.iter().fold(f64::NEG_INFINITY, |m, &v| m.max(v));
                let total: f64 = e.iter().map(|v| (v - max).exp()).sum();
                e.map(|v| (v - max).exp() / total)
            }
        }),
        valid("softmax", "exp(e − logsumexp)", |s| {
            s.softmax = |e| {
                let max = e.max();
                let lse = max + e.map(|v| (v - max).exp()).sum().ln();
                e.map(|v| (v - lse).exp())
            }
        }),
        // 7 · masked_softmax
        wrong("masked_softmax", "max over padding", "max_over_padding", |s| {
            s.masked_softmax = |e, mask| {
                let mut a = Mat::zeros(e.nrows(), e.ncols());
                for b in 0..e.nrows() {
                    let max = e.row(b).max();
                    for i in (0..e.ncols()).filter(|&i| mask[(b, i)] == 1.0) {
                        a[(b, i)] = (e[(b, i)] - max).exp();
                    }
                }
                normalise_rows(a)
            }
        }),
        wrong("masked_softmax", "mask after softmax", "masked_after_softmax", |s| {
            s.masked_softmax = |e, mask| rows_softmax(e).component_mul(mask)
        }),
        wrong("masked_softmax", "softmax, mask, renormalise", "max_over_padding", |s| {
            s.masked_softmax = |e, mask| normalise_rows(rows_softmax(e).component_mul(mask))
        }),
        wrong("masked_softmax", "mask inverted", "mask_inverted", |s| {
            s.masked_softmax = |e, mask| {
                let inverted = mask.map(|m| 1.0 - m);
                reference::masked_softmax(e, &inverted)
            }
        }),
        wrong("masked_softmax", "padding keeps its exp", "padding_not_zero", |s| {
            s.masked_softmax = |e, mask| {
                let mut a = Mat::zeros(e.nrows(), e.ncols());
                for b in 0..e.nrows() {
                    let real: Vec<usize> = (0..e.ncols()).filter(|&i| mask[(b, i)] == 1.0).collect();
                    let max = real.iter().map(|&i| e[(b, i)]).fold(f64::NEG_INFINITY, f64::max);
                    let total: f64 = real.iter().map(|&i| (e[(b, i)] - max).exp()).sum();
                    for i in 0..e.ncols() {
                        a[(b, i)] = (e[(b, i)] - max).exp() / total;
                    }
                }
                a
            }
        }),
        wrong("masked_softmax", "transposed", "transposed", |s| {
            s.masked_softmax = |e, mask| reference::masked_softmax(e, mask).transpose()
        }),
        wrong("masked_softmax", "length off by one", "partial", |s| {
            s.masked_softmax = |e, mask| {
                let short = Mat::from_fn(mask.nrows(), mask.ncols(), |b, i| {
                    let len = mask.row(b).sum() as usize;
                    if i + 1 < len.max(2) { 1.0 } else { 0.0 }
                });
                reference::masked_softmax(e, &short)
            }
        }),
        valid("masked_softmax", "−∞ fill, then a stable softmax", |s| {
            s.masked_softmax =
                |e, mask| rows_softmax(&e.zip_map(mask, |v, m| if m == 0.0 { f64::NEG_INFINITY } else { v }))
        }),
        valid("masked_softmax", "−1e9 added at padding", |s| {
            s.masked_softmax = |e, mask| rows_softmax(&(e + mask.map(|m| (m - 1.0) * 1e9)))
        }),
    ]
}
