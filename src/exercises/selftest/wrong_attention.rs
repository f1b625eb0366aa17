//! New wrong answers and valid alternatives for exercises 8–14.

use super::trial::{Trial, valid, wrong};
use crate::exercises::catalog::reference as r;
use crate::model::attention::{context, softmax};
use crate::model::gru::sigmoid;
use crate::model::{ContextWeights, Gru, Mat, Vector};

/// The decoder step with the pre-activations given: (a_z, a_r, a_h without U) and the mix.
fn decoder_with(g: &Gru, a_z: Vector, a_r: Vector, a_h: Vector, s: &Vector) -> Vector {
    let (z, r) = (sigmoid(&a_z), sigmoid(&a_r));
    let h_tilde = (a_h + &g.u * r.component_mul(s)).map(f64::tanh);
    z.map(|v| 1.0 - v).component_mul(s) + z.component_mul(&h_tilde)
}

fn az(g: &Gru, y: &Vector, s: &Vector) -> Vector {
    &g.w_z * y + &g.u_z * s
}

fn ar(g: &Gru, y: &Vector, s: &Vector) -> Vector {
    &g.w_r * y + &g.u_r * s
}

fn ones(n: usize) -> Vector {
    Vector::from_element(n, 1.0)
}

pub fn trials() -> Vec<Trial> {
    vec![
        // 8 · context
        wrong("context", "Hᵀα", "panic_product", |s| s.context = |h, a| h.transpose() * a),
        wrong("context", "mean over i", "factor", |s| s.context = |h, a| context(h, a) / a.len() as f64),
        wrong("context", "last term skipped", "one_hot", |s| {
            s.context = |h, a| (0..a.len() - 1).map(|i| h.column(i) * a[i]).fold(Vector::zeros(h.nrows()), |c, t| c + t)
        }),
        wrong("context", "softmax of α again", "one_hot", |s| s.context = |h, a| h * softmax(a)),
        wrong("context", "α reversed", "one_hot", |s| {
            s.context = |h, a| h * Vector::from_fn(a.len(), |i, _| a[a.len() - 1 - i])
        }),
        wrong("context", "tanh of the sum", "extra_nonlinearity", |s| s.context = |h, a| (h * a).map(f64::tanh)),
        valid("context", "a loop over columns", |s| {
            s.context = |h, a| {
                let mut c = Vector::zeros(h.nrows());
                for i in 0..h.ncols() {
                    c += h.column(i) * a[i];
                }
                c
            }
        }),
        valid("context", "the product H α", |s| s.context = |h, a| h * a),
        // 9 · decoder_step
        wrong("decoder_step", "C_z c left out of z", "term_missing", |s| {
            s.decoder_step =
                |g, cw, y, sp, c| decoder_with(g, az(g, y, sp), ar(g, y, sp) + &cw.c_r * c, &g.w * y + &cw.c * c, sp)
        }),
        wrong("decoder_step", "C_r c left out of r", "term_missing", |s| {
            s.decoder_step =
                |g, cw, y, sp, c| decoder_with(g, az(g, y, sp) + &cw.c_z * c, ar(g, y, sp), &g.w * y + &cw.c * c, sp)
        }),
        wrong("decoder_step", "C c left out of h~", "term_missing", |s| {
            s.decoder_step =
                |g, cw, y, sp, c| decoder_with(g, az(g, y, sp) + &cw.c_z * c, ar(g, y, sp) + &cw.c_r * c, &g.w * y, sp)
        }),
        wrong("decoder_step", "C_r pasted into z", "term_swapped", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                decoder_with(g, az(g, y, sp) + &cw.c_r * c, ar(g, y, sp) + &cw.c_r * c, &g.w * y + &cw.c * c, sp)
            }
        }),
        wrong("decoder_step", "reset gate unused", "gru_reset", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let z = sigmoid(&(az(g, y, sp) + &cw.c_z * c));
                let h_tilde = (&g.w * y + &g.u * sp + &cw.c * c).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(sp) + z.component_mul(&h_tilde)
            }
        }),
        wrong("decoder_step", "mixes c_t instead of s_(t-1)", "panic_sum", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let z = sigmoid(&(az(g, y, sp) + &cw.c_z * c));
                let r = sigmoid(&(ar(g, y, sp) + &cw.c_r * c));
                let h_tilde = (&g.w * y + &g.u * r.component_mul(sp) + &cw.c * c).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(c) + z.component_mul(&h_tilde)
            }
        }),
        wrong("decoder_step", "σ missing on z", "gru_mix", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let z = az(g, y, sp) + &cw.c_z * c;
                let r = sigmoid(&(ar(g, y, sp) + &cw.c_r * c));
                let h_tilde = (&g.w * y + &g.u * r.component_mul(sp) + &cw.c * c).map(f64::tanh);
                z.map(|v| 1.0 - v).component_mul(sp) + z.component_mul(&h_tilde)
            }
        }),
        wrong("decoder_step", "W_z for W in h~", "term_swapped", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                decoder_with(g, az(g, y, sp) + &cw.c_z * c, ar(g, y, sp) + &cw.c_r * c, &g.w_z * y + &cw.c * c, sp)
            }
        }),
        valid("decoder_step", "the weights side by side, [W C]·[y; c]", |s| {
            s.decoder_step = |g, cw: &ContextWeights, y, sp, c| {
                let yc = Vector::from_iterator(y.len() + c.len(), y.iter().chain(c.iter()).copied());
                let join = |w: &Mat, cm: &Mat| {
                    Mat::from_fn(w.nrows(), w.ncols() + cm.ncols(), |k, j| {
                        if j < w.ncols() { w[(k, j)] } else { cm[(k, j - w.ncols())] }
                    })
                };
                let a_z = join(&g.w_z, &cw.c_z) * &yc + &g.u_z * sp;
                let a_r = join(&g.w_r, &cw.c_r) * &yc + &g.u_r * sp;
                decoder_with(g, a_z, a_r, join(&g.w, &cw.c) * &yc, sp)
            }
        }),
        valid("decoder_step", "s + z∘(h~ − s)", |s| {
            s.decoder_step = |g, cw, y, sp, c| {
                let z = sigmoid(&(az(g, y, sp) + &cw.c_z * c));
                let r = sigmoid(&(ar(g, y, sp) + &cw.c_r * c));
                let h_tilde = (&g.w * y + &g.u * r.component_mul(sp) + &cw.c * c).map(f64::tanh);
                sp + z.component_mul(&(h_tilde - sp))
            }
        }),
        // 10 · luong_dot
        wrong("luong_dot", "h̄ times h_t", "panic_product", |s| s.luong_dot = |q, k| k * q),
        wrong("luong_dot", "divided by d", "factor", |s| s.luong_dot = |q, k| k.tr_mul(q) / q.len() as f64),
        wrong("luong_dot", "tanh of the scores", "extra_nonlinearity", |s| {
            s.luong_dot = |q, k| k.tr_mul(q).map(f64::tanh)
        }),
        wrong("luong_dot", "reversed", "reversed", |s| {
            s.luong_dot = |q, k| {
                let e = k.tr_mul(q);
                Vector::from_fn(e.len(), |i, _| e[e.len() - 1 - i])
            }
        }),
        wrong("luong_dot", "first dimension only", "one_hot", |s| {
            s.luong_dot = |q, k| Vector::from_fn(k.ncols(), |i, _| q[0] * k[(0, i)])
        }),
        wrong("luong_dot", "a distance", "factor", |s| s.luong_dot = |q, k| -k.tr_mul(q)),
        wrong("luong_dot", "cosine similarity", "linearity", |s| {
            s.luong_dot = |q, k| Vector::from_fn(k.ncols(), |i, _| k.column(i).dot(q) / (k.column(i).norm() * q.norm()))
        }),
        valid("luong_dot", "a loop of dot products", |s| {
            s.luong_dot = |q, k| Vector::from_fn(k.ncols(), |i, _| (0..q.len()).map(|d| q[d] * k[(d, i)]).sum())
        }),
        valid("luong_dot", "h_tᵀ h̄, transposed", |s| s.luong_dot = |q, k| (q.transpose() * k).transpose()),
        // 11 · luong_general
        wrong("luong_general", "W_a forgotten", "term_identity", |s| s.luong_general = |q, _, k| k.tr_mul(q)),
        wrong("luong_general", "scaled by 1/√d", "factor", |s| {
            s.luong_general = |q, w, k| r::luong_general(q, w, k) / (q.len() as f64).sqrt()
        }),
        wrong("luong_general", "reversed", "reversed", |s| {
            s.luong_general = |q, w, k| {
                let e = r::luong_general(q, w, k);
                Vector::from_fn(e.len(), |i, _| e[e.len() - 1 - i])
            }
        }),
        wrong("luong_general", "tanh on W_a h̄", "linearity", |s| {
            s.luong_general = |q, w, k| (w * k).map(f64::tanh).tr_mul(q)
        }),
        wrong("luong_general", "W_a on both sides", "linearity", |s| {
            s.luong_general = |q, w, k| (w * k).tr_mul(&(w * q))
        }),
        wrong("luong_general", "negated", "factor", |s| s.luong_general = |q, w, k| -r::luong_general(q, w, k)),
        valid("luong_general", "loops", |s| {
            s.luong_general = |q, w, k| {
                let d = q.len();
                Vector::from_fn(k.ncols(), |i, _| {
                    (0..d).map(|a| q[a] * (0..d).map(|b| w[(a, b)] * k[(b, i)]).sum::<f64>()).sum()
                })
            }
        }),
        valid("luong_general", "(W_aᵀ h_t)ᵀ h̄", |s| s.luong_general = |q, w, k| k.tr_mul(&w.tr_mul(q))),
        // 12 · entropy
        wrong("entropy", "log₁₀", "factor", |s| {
            s.entropy = |a| -a.iter().filter(|&&p| p > 0.0).map(|p| p * p.log10()).sum::<f64>()
        }),
        wrong("entropy", "mean over words", "factor", |s| s.entropy = |a| r::entropy(a) / a.len() as f64),
        wrong("entropy", "normalised by ln T", "factor", |s| s.entropy = |a| r::entropy(a) / (a.len() as f64).ln()),
        wrong("entropy", "ln α unweighted", "uniform", |s| {
            s.entropy = |a| -a.iter().filter(|&&p| p > 0.0).map(|p| p.ln()).sum::<f64>()
        }),
        wrong("entropy", "perplexity", "extra_nonlinearity", |s| s.entropy = |a| r::entropy(a).exp()),
        wrong("entropy", "Gini impurity", "uniform", |s| s.entropy = |a| 1.0 - a.iter().map(|p| p * p).sum::<f64>()),
        wrong("entropy", "log₂ and no minus", "factor", |s| {
            s.entropy = |a| a.iter().filter(|&&p| p > 0.0).map(|p| p * p.log2()).sum::<f64>()
        }),
        valid("entropy", "zeros filtered before ln", |s| {
            s.entropy = |a| -a.iter().filter(|&&p| p > 0.0).map(|p| p * p.ln()).sum::<f64>()
        }),
        valid("entropy", "an if inside a fold", |s| {
            s.entropy = |a| a.iter().fold(0.0, |h, &p| if p == 0.0 { h } else { h - p * p.ln() })
        }),
        // 13 · coverage
        wrong("coverage", "last row skipped", "rows_left_out", |s| {
            s.coverage = |a| a.rows(0, a.nrows() - 1).row_sum().transpose()
        }),
        wrong("coverage", "max over t", "not_a_sum", |s| {
            s.coverage = |a| Vector::from_fn(a.ncols(), |i, _| a.column(i).max())
        }),
        wrong("coverage", "reversed", "reversed", |s| {
            s.coverage = |a| {
                let c = r::coverage(a);
                Vector::from_fn(c.len(), |i, _| c[c.len() - 1 - i])
            }
        }),
        wrong("coverage", "what is left, 1 − cov", "affine", |s| s.coverage = |a| r::coverage(a).map(|v| 1.0 - v)),
        wrong("coverage", "squares summed", "not_a_sum", |s| s.coverage = |a| a.map(|v| v * v).row_sum().transpose()),
        wrong("coverage", "first row only", "normalised", |s| s.coverage = |a| a.row(0).transpose()),
        valid("coverage", "a loop over rows", |s| {
            s.coverage = |a| {
                let mut c = Vector::zeros(a.ncols());
                for t in 0..a.nrows() {
                    c += a.row(t).transpose();
                }
                c
            }
        }),
        valid("coverage", "Aᵀ times ones", |s| s.coverage = |a| a.tr_mul(&ones(a.nrows()))),
        // 14 · softmax_backward
        wrong("softmax_backward", "α∘g without gᵀα", "shift", |s| s.softmax_backward = |a, g| a.component_mul(g)),
        wrong("softmax_backward", "sign flipped", "factor", |s| s.softmax_backward = |a, g| -r::softmax_backward(a, g)),
        wrong("softmax_backward", "mean of g subtracted", "one_hot", |s| {
            s.softmax_backward = |a, g| a.component_mul(&g.add_scalar(-g.mean()))
        }),
        wrong("softmax_backward", "Σ g subtracted", "shift", |s| {
            s.softmax_backward = |a, g| a.component_mul(&g.add_scalar(-g.sum()))
        }),
        wrong("softmax_backward", "(1 − α) for α", "one_hot", |s| {
            s.softmax_backward = |a, g| a.map(|v| 1.0 - v).component_mul(&g.add_scalar(-g.dot(a)))
        }),
        wrong("softmax_backward", "Jacobian with + ααᵀ", "shift", |s| {
            s.softmax_backward = |a, g| (Mat::from_diagonal(a) + a * a.transpose()) * g
        }),
        wrong("softmax_backward", "half the gradient", "factor", |s| {
            s.softmax_backward = |a, g| r::softmax_backward(a, g) / 2.0
        }),
        valid("softmax_backward", "the full Jacobian, diag(α) − ααᵀ", |s| {
            s.softmax_backward = |a, g| (Mat::from_diagonal(a) - a * a.transpose()) * g
        }),
        valid("softmax_backward", "a double loop", |s| {
            s.softmax_backward = |a, g| {
                Vector::from_fn(a.len(), |i, _| {
                    (0..a.len()).map(|j| g[j] * a[j] * (if i == j { 1.0 } else { 0.0 } - a[i])).sum()
                })
            }
        }),
    ]
}
