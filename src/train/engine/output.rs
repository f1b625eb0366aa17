//! The deep output, maxout and the softmax over K_y words for every real
//! target word of the batch, with the loss and its backward in the same
//! pass (the gradient of a softmax needs only p and y_t, both known here):
//!
//! ```text
//! t̃ = U_o s_t + V_o E_y y_{t−1} + C_o c_t    t = maxout(t̃)    p = softmax(W_o t)
//! L_b = (1 / T_y(b)) Σ_t −ln p(y_t)           ∂logits = (p − onehot y_t) / T_y(b)
//! ```
//!
//! The words are taken [`CHUNK`] at a time, so that the K_y × CHUNK logits
//! stay in cache and W_o is read once per chunk, not once per word; the
//! padding is never computed (the target mask is the list of real words).
//!
//! With [`Precision::F32`] the products with W_o and the softmax run in
//! float32 (W_o copied to float32 once per group, ∂W_o summed in float32
//! over the group and then added), and everything before t stays float64.

use super::Precision;
use super::batch::Batch;
use super::decoded::{Decoded, OutGrads};
use super::gemm::{block, block_mut, mul, outer, view};
use crate::model::Mat;
use crate::model::fast::gemm::mm32;
use crate::model::fast::narrow::narrow;
use crate::model::fast::narrow32::narrow32;
use crate::model::fast::softmax::softmax_columns;
use crate::model::fast::softmax32::softmax32_columns;

/// Target words per product with W_o.
pub const CHUNK: usize = 64;

/// U_o, V_o, C_o, W_o.
pub type OutWeights<'a> = (&'a Mat, &'a Mat, &'a Mat, &'a Mat);
pub type OutWeightGrads<'a> = (&'a mut Mat, &'a mut Mat, &'a mut Mat, &'a mut Mat);

/// Every real word of the batch: (column t·B + b, y_t, 1 / T_y(b)).
fn real_words(batch: &Batch) -> Vec<(usize, usize, f64)> {
    let b = batch.len();
    let mut words = Vec::new();
    for t in 0..batch.t_y_max {
        for j in (0..b).filter(|&j| batch.live_y(t, j)) {
            words.push((t * b + j, batch.targets[j][t], 1.0 / batch.t_y[j] as f64));
        }
    }
    words
}

/// One chunk's forward: its gathered s, E_y y and c, then t̃ and t.
struct ChunkForward {
    s: Vec<f64>,
    y: Vec<f64>,
    c: Vec<f64>,
    t_tilde: Vec<f64>,
    t_max: Vec<f64>,
}

/// W_o in the precision of the softmax (its own float64 numbers, or a
/// float32 copy made once per group), and for a backward W_oᵀ, laid out
/// once for every chunk's W_oᵀ ∂logits: with only l rows it is faster read
/// where it lies than packed again for each chunk.
enum Head<'a> {
    F64 { w_o: &'a Mat, w_o_t: Option<Mat> },
    F32 { w_o: Vec<f32>, w_o_t: Option<Vec<f32>>, k_y: usize, l: usize },
}

impl<'a> Head<'a> {
    fn new(w_o: &'a Mat, precision: Precision, backward: bool) -> Head<'a> {
        match precision {
            Precision::F64 => Head::F64 { w_o, w_o_t: backward.then(|| w_o.transpose()) },
            Precision::F32 => Head::F32 {
                w_o: w_o.iter().map(|&v| v as f32).collect(),
                w_o_t: backward.then(|| w_o.transpose().iter().map(|&v| v as f32).collect()),
                k_y: w_o.nrows(),
                l: w_o.ncols(),
            },
        }
    }
}

/// p(· | y_<t, x) of every word of a chunk, (K_y, w), in the head's precision.
enum Probs {
    F64(Vec<f64>),
    F32 { p: Vec<f32>, t: Vec<f32> },
}

impl Probs {
    /// p(y_t) of word `i` (of a chunk of `k_y`-row columns).
    fn of(&self, k_y: usize, i: usize, y_t: usize) -> f64 {
        match self {
            Probs::F64(p) => p[i * k_y + y_t],
            Probs::F32 { p, .. } => p[i * k_y + y_t] as f64,
        }
    }
}

/// p = softmax(W_o t) of a chunk; `reused` is the last chunk's p, whose
/// memory is reused: the product writes every number of it without reading
/// one, so it need not be zeroed again.
fn probs(head: &Head, t_max: &[f64], reused: Probs) -> Probs {
    match head {
        Head::F64 { w_o, .. } => {
            let mut p = match reused {
                Probs::F64(p) => p,
                Probs::F32 { .. } => Vec::new(),
            };
            p.resize(w_o.nrows() * t_max.len() / w_o.ncols().max(1), 0.0); // (K_y, w)
            mul(0.0, &mut p, w_o, false, t_max);
            softmax_columns(&mut p, w_o.nrows()); // p(· | y_<t, x) of every word of the chunk
            Probs::F64(p)
        }
        Head::F32 { w_o, k_y, l, .. } => {
            let mut p = match reused {
                Probs::F32 { p, .. } => p,
                Probs::F64(_) => Vec::new(),
            };
            let t: Vec<f32> = t_max.iter().map(|&v| v as f32).collect();
            p.resize(k_y * t.len() / l.max(&1), 0.0);
            mm32(0.0, &mut p, (*k_y, *l), (w_o, false), (&t, false));
            softmax32_columns(&mut p, *k_y);
            Probs::F32 { p, t }
        }
    }
}

fn chunk_forward(w: OutWeights, dec: &Decoded, chunk: &[(usize, usize, f64)]) -> ChunkForward {
    let (u_o, v_o, c_o, w_o) = w;
    let (l, width) = (w_o.ncols(), chunk.len());
    let gather = |src: &Mat| {
        let r = src.nrows();
        let mut out = vec![0.0; r * width];
        chunk.iter().enumerate().for_each(|(i, &(j, _, _))| out[i * r..(i + 1) * r].copy_from_slice(block(src, j, 1)));
        out
    };
    let (s, y, c) = (gather(&dec.steps.h), gather(&dec.y), gather(&dec.c)); // (n | m | k, w)
    let mut t_tilde = vec![0.0; 2 * l * width]; // (2l, w)
    mul(0.0, &mut t_tilde, u_o, false, &s);
    mul(1.0, &mut t_tilde, v_o, false, &y);
    mul(1.0, &mut t_tilde, c_o, false, &c);
    let t_max: Vec<f64> = t_tilde.chunks_exact(2).map(|p| p[0].max(p[1])).collect(); // maxout, (l, w)
    ChunkForward { s, y, c, t_tilde, t_max }
}

/// Σ_b L_b alone: the forward of [`loss_and_backward`], with its bits (the
/// held-out loss of a check, which needs no gradient).
pub fn loss(w: OutWeights, batch: &Batch, dec: &Decoded, precision: Precision) -> f64 {
    let k_y = w.3.nrows();
    let head = Head::new(w.3, precision, false);
    let mut loss = 0.0;
    let mut reused = Probs::F64(Vec::new());
    for chunk in real_words(batch).chunks(CHUNK) {
        let f = chunk_forward(w, dec, chunk);
        let p = probs(&head, &f.t_max, reused);
        for (i, &(_, y_t, scale)) in chunk.iter().enumerate() {
            loss -= p.of(k_y, i, y_t).ln() * scale;
        }
        reused = p;
    }
    loss
}

/// Σ_b L_b, and the gradients: W's into `dw`, the inputs' returned.
pub fn loss_and_backward(
    w: OutWeights,
    dw: OutWeightGrads,
    batch: &Batch,
    dec: &Decoded,
    precision: Precision,
) -> (f64, OutGrads) {
    let (u_o, v_o, c_o, w_o) = w;
    let (d_u_o, d_v_o, d_c_o, d_w_o) = dw;
    let (n, m, k, l, k_y) = (u_o.ncols(), v_o.ncols(), c_o.ncols(), w_o.ncols(), w_o.nrows());
    let cols = dec.y.ncols();
    let mut d = OutGrads { d_s: Mat::zeros(n, cols), d_y: Mat::zeros(m, cols), d_c: Mat::zeros(k, cols) };
    let head = Head::new(w_o, precision, true);
    // float32: ∂W_o summed over the group in float32, then added
    let mut d_w_o32 = vec![0.0f32; if precision == Precision::F32 { k_y * l } else { 0 }];
    let (mut loss, mut reused) = (0.0, Probs::F64(Vec::new()));
    for chunk in real_words(batch).chunks(CHUNK) {
        let w = chunk.len();
        let f = chunk_forward((u_o, v_o, c_o, w_o), dec, chunk);
        let ChunkForward { s, y, c, t_tilde, t_max } = f;
        let mut probs = probs(&head, &t_max, reused);
        let mut d_t_max = vec![0.0; l * w];
        match (&mut probs, &head) {
            (Probs::F64(logits), Head::F64 { w_o_t: Some(w_o_t), .. }) => {
                for (col, &(_, y_t, scale)) in logits.chunks_exact_mut(k_y).zip(chunk) {
                    loss -= col[y_t].ln() * scale;
                    col.iter_mut().for_each(|v| *v *= scale);
                    col[y_t] -= scale; // ∂logits = (p − onehot y_t) / T_y
                }
                outer(d_w_o, view(logits, k_y), view(&t_max, l)); // ∂W_o += ∂logits tᵀ
                narrow(l, 0.0, w_o_t.as_slice(), logits, &mut d_t_max); // W_oᵀ ∂logits, (l, w)
            }
            (Probs::F32 { p: logits, t }, Head::F32 { w_o_t: Some(w_o_t32), .. }) => {
                for (col, &(_, y_t, scale)) in logits.chunks_exact_mut(k_y).zip(chunk) {
                    loss -= (col[y_t] as f64).ln() * scale;
                    let scale = scale as f32;
                    col.iter_mut().for_each(|v| *v *= scale);
                    col[y_t] -= scale;
                }
                mm32(1.0, &mut d_w_o32, (k_y, w), (logits, false), (t, true)); // ∂W_o += ∂logits tᵀ
                let mut d_t32 = vec![0.0f32; l * w];
                narrow32(l, w_o_t32, logits, &mut d_t32); // W_oᵀ ∂logits, (l, w)
                d_t_max.iter_mut().zip(&d_t32).for_each(|(o, &v)| *o = v as f64);
            }
            _ => unreachable!("a head built for the backward gives probabilities of its own precision"),
        }
        // maxout: the unit that won gets the gradient (ties go to the first)
        let mut d_tt = vec![0.0; 2 * l * w];
        for (q, o) in d_tt.iter_mut().enumerate() {
            let won = if q % 2 == 0 { t_tilde[q] >= t_tilde[q + 1] } else { t_tilde[q] > t_tilde[q - 1] };
            *o = if won { d_t_max[q / 2] } else { 0.0 };
        }
        let scatter = |weight: &Mat, d_w: &mut Mat, input: &[f64], into: &mut Mat| {
            outer(d_w, view(&d_tt, 2 * l), view(input, weight.ncols()));
            let mut d_in = vec![0.0; weight.ncols() * w];
            mul(0.0, &mut d_in, weight, true, &d_tt);
            let r = weight.ncols();
            chunk
                .iter()
                .enumerate()
                .for_each(|(i, &(j, _, _))| block_mut(into, j, 1).copy_from_slice(&d_in[i * r..(i + 1) * r]));
        };
        scatter(u_o, d_u_o, &s, &mut d.d_s);
        scatter(v_o, d_v_o, &y, &mut d.d_y);
        scatter(c_o, d_c_o, &c, &mut d.d_c);
        reused = probs;
    }
    d_w_o.as_mut_slice().iter_mut().zip(&d_w_o32).for_each(|(g, &v)| *g += v as f64);
    (loss, d)
}
