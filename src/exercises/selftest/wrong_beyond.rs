//! New wrong answers and valid alternatives for exercises 15–18.

use super::wrong::{Trial, valid, wrong};
use crate::exercises::catalog::reference as r0;
use crate::exercises::catalog::reference_beyond as r;
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
        wrong("brevity_penalty", "the last sentence left out", "bp_split", |s| {
            s.brevity_penalty = |h, rf| r::brevity_penalty(&h[..h.len() - 1], &rf[..rf.len() - 1])
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
    ]
}
