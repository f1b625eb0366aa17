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

use super::batch::Batch;
use super::decoded::{Decoded, OutGrads};
use super::gemm::{block, block_mut, mul, outer, view};
use crate::model::Mat;
use crate::model::fast::narrow::narrow;
use crate::model::fast::softmax::softmax_columns;

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

/// One chunk's forward: its gathered s, E_y y and c, then t̃, t and p.
struct ChunkForward {
    s: Vec<f64>,
    y: Vec<f64>,
    c: Vec<f64>,
    t_tilde: Vec<f64>,
    t_max: Vec<f64>,
    /// p(· | y_<t, x) of every word of the chunk, (K_y, w)
    p: Vec<f64>,
}

/// `p` is the last chunk's p, whose memory is reused: the product writes
/// every number of it without reading one, so it need not be zeroed again.
fn chunk_forward(w: OutWeights, dec: &Decoded, chunk: &[(usize, usize, f64)], mut p: Vec<f64>) -> ChunkForward {
    let (u_o, v_o, c_o, w_o) = w;
    let (l, k_y, width) = (w_o.ncols(), w_o.nrows(), chunk.len());
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
    p.resize(k_y * width, 0.0); // (K_y, w)
    mul(0.0, &mut p, w_o, false, &t_max);
    softmax_columns(&mut p, k_y); // p(· | y_<t, x) of every word of the chunk
    ChunkForward { s, y, c, t_tilde, t_max, p }
}

/// Σ_b L_b alone: the forward of [`loss_and_backward`], with its bits (the
/// held-out loss of a check, which needs no gradient).
pub fn loss(w: OutWeights, batch: &Batch, dec: &Decoded) -> f64 {
    let k_y = w.3.nrows();
    let mut loss = 0.0;
    let mut reused = Vec::new();
    for chunk in real_words(batch).chunks(CHUNK) {
        let f = chunk_forward(w, dec, chunk, reused);
        for (col, &(_, y_t, scale)) in f.p.chunks_exact(k_y).zip(chunk) {
            loss -= col[y_t].ln() * scale;
        }
        reused = f.p;
    }
    loss
}

/// Σ_b L_b, and the gradients: W's into `dw`, the inputs' returned.
pub fn loss_and_backward(w: OutWeights, dw: OutWeightGrads, batch: &Batch, dec: &Decoded) -> (f64, OutGrads) {
    let (u_o, v_o, c_o, w_o) = w;
    let (d_u_o, d_v_o, d_c_o, d_w_o) = dw;
    let (n, m, k, l, k_y) = (u_o.ncols(), v_o.ncols(), c_o.ncols(), w_o.ncols(), w_o.nrows());
    let cols = dec.y.ncols();
    let mut d = OutGrads { d_s: Mat::zeros(n, cols), d_y: Mat::zeros(m, cols), d_c: Mat::zeros(k, cols) };
    // W_oᵀ, laid out once for every chunk's W_oᵀ ∂logits: with only l rows
    // it is faster read where it lies than packed again for each chunk
    let w_o_t = w_o.transpose();
    let (mut loss, mut reused) = (0.0, Vec::new());
    for chunk in real_words(batch).chunks(CHUNK) {
        let w = chunk.len();
        let f = chunk_forward((u_o, v_o, c_o, w_o), dec, chunk, reused);
        let ChunkForward { s, y, c, t_tilde, t_max, p: mut logits } = f;
        for (col, &(_, y_t, scale)) in logits.chunks_exact_mut(k_y).zip(chunk) {
            loss -= col[y_t].ln() * scale;
            col.iter_mut().for_each(|v| *v *= scale);
            col[y_t] -= scale; // ∂logits = (p − onehot y_t) / T_y
        }
        outer(d_w_o, view(&logits, k_y), view(&t_max, l)); // ∂W_o += ∂logits tᵀ
        let mut d_t_max = vec![0.0; l * w];
        narrow(l, 0.0, w_o_t.as_slice(), &logits, &mut d_t_max); // W_oᵀ ∂logits, (l, w)
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
        reused = logits;
    }
    (loss, d)
}
