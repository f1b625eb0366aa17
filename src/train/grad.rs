//! The gradient of the loss for one sentence pair, by hand: the forward pass is
//! a [`Trace`], and this file walks it backwards, t = T_y … 1, then through the
//! encoder, calling each tensor's `*_backward` function from src/model/.
//!
//! ```text
//! L = (1 / T_y) Σ_t −ln p(y_t | y_<t, x)
//! ```

use super::output_grad::output_and_decoder_backward;
use crate::model::attention::{
    broadcast_sum_backward, context_backward, energies_backward, hidden_energy_backward, key_projections_backward,
    query_projection_backward, softmax_backward,
};
use crate::model::decoder::initial_state_backward;
use crate::model::encoder::{annotations_backward, backward_rnn_backward, embed_backward, forward_rnn_backward};
use crate::model::fast::{self, with_workspace};
use crate::model::{Mat, ParamSet, Params, Vector};
use crate::walkthrough::Trace;

/// A `Params`-shaped value with every entry zero: the place gradients collect.
pub fn zeros_like<P: ParamSet>(p: &P) -> P {
    let mut z = p.clone();
    zero(&mut z);
    z
}

/// Every entry of every parameter of `g` set to zero (through the slice:
/// a memset, where nalgebra's `fill` stores one entry at a time).
pub fn zero<P: ParamSet>(g: &mut P) {
    g.named_mut().into_iter().for_each(|(_, m)| m.as_mut_slice().fill(0.0));
}

/// L = mean over t of −ln p_t(y_t), the trace's target words.
pub fn loss(tr: &Trace) -> f64 {
    let total: f64 = tr.steps.iter().zip(&tr.target_ids).map(|(d, &y)| -d.p[y].ln()).sum();
    total / tr.steps.len() as f64
}

/// One training pair: runs the model teacher-forced, adds ∂L/∂θ into `g` and
/// returns L. The experiments call this, never the parts.
///
/// It runs the fast path (src/model/fast/: fused energies, buffers reused
/// from pair to pair on this thread); [`backward`] of [`Trace::record`] is the
/// same gradient written for reading, and a test holds the two equal.
pub fn loss_and_backward(p: &Params, source: &[usize], target: &[usize], bos: usize, g: &mut Params) -> f64 {
    with_workspace(|ws| fast::loss_and_backward(p, ws, source, target, bos, g))
}

// ANCHOR: backward
/// Adds ∂L/∂θ for the pair recorded in `tr` into `g` (every parameter θ).
pub fn backward(p: &Params, tr: &Trace, g: &mut Params) {
    let enc = &tr.enc;
    let scale = 1.0 / tr.steps.len() as f64; // the mean over t
    let mut d_h = Mat::zeros(enc.h.nrows(), enc.h.ncols()); // ∂H, (2n, T_x)
    let (n_a, t_x) = enc.ua_h.shape();
    let mut d_ua_h = Mat::zeros(n_a, t_x); // ∂(U_a H), (n', T_x)
    let mut d_s = Vector::zeros(enc.s_0.len()); // ∂s_t from step t + 1, (n)
    for (d, &y) in tr.steps.iter().zip(&tr.target_ids).rev() {
        // the output layer and s_t = GRU_dec(E_y y_{t−1}, s_{t−1}, c_t)
        let word = output_and_decoder_backward(
            p,
            d,          // word t, as the forward pass kept it
            &d.c,       // c_t
            (y, scale), // y_t, and 1 / T_y
            &mut d_s,   // ∂s_t from step t + 1; on return the whole ∂s_t
            g,          // the gradients, added to
        );
        // c_t = H α_t, α_t = softmax(e_t), e_t = v_aᵀ tanh(W_a s_{t−1} + U_a H)
        let (d_h_t, d_alpha) = context_backward(&enc.h, &d.alpha, &word.d_c);
        d_h += d_h_t;
        let d_e = softmax_backward(&d.alpha, &d_alpha);
        let d_hidden = energies_backward(&p.v_a, &d.hidden, &d_e, &mut g.v_a);
        let d_pre = hidden_energy_backward(&d.hidden, &d_hidden);
        let (d_wa_s, d_ua_h_t) = broadcast_sum_backward(&d_pre);
        d_ua_h += d_ua_h_t;
        let d_s_query = query_projection_backward(
            &p.W_a,     // (n', n)
            &d.s_prev,  // s_{t−1}, (n)
            &d_wa_s,    // ∂(W_a s_{t−1}), (n')
            &mut g.W_a, // ∂W_a, added to
        );
        d_s = word.d_s_prev + d_s_query;
    }
    // s_0 = tanh(W_s ←h_1), and U_a H
    let h_bwd_first = enc.bwd.h.column(0).into_owned();
    let d_h_bwd_first = initial_state_backward(
        &p.W_s,       // (n, n)
        &h_bwd_first, // ←h_1, (n)
        &enc.s_0,     // s_0, (n)
        &d_s,         // ∂s_0, (n)
        &mut g.W_s,   // ∂W_s, added to
    );
    d_h += key_projections_backward(&p.U_a, &enc.h, &d_ua_h, &mut g.U_a);
    // H = [→h; ←h], then each direction through time, then X = E_x[x]
    let (d_fwd, mut d_bwd) = annotations_backward(&d_h);
    let mut col = d_bwd.column_mut(0);
    col += d_h_bwd_first;
    let mut d_x = forward_rnn_backward(
        &p.fwd,     // the forward GRU's weights
        &enc.x,     // E_x x, (m, T_x)
        &enc.fwd,   // the forward GRU's steps
        &d_fwd,     // ∂→h, (n, T_x)
        &mut g.fwd, // their gradient, added to
    );
    d_x += backward_rnn_backward(&p.bwd, &enc.x, &enc.bwd, &d_bwd, &mut g.bwd);
    embed_backward(&d_x, &tr.source_ids, &mut g.E_x);
}
// ANCHOR_END: backward

/// ‖a − b‖ / (‖a‖ + ‖b‖): the relative error of a whole matrix.
fn relative_error(a: &Mat, b: &Mat) -> f64 {
    (a - b).norm() / (a.norm() + b.norm()).max(1e-300)
}

/// Compares [`backward`] with central differences (L(θ + ε) − L(θ − ε)) / 2ε
/// for every entry of every parameter; returns each matrix's relative error.
pub fn gradient_check(p: &Params, src: &[usize], tgt: &[usize], bos: usize) -> Vec<(&'static str, f64)> {
    let mut g = zeros_like(p);
    backward(p, &Trace::record(p, src, tgt, bos), &mut g);
    against_differences(p, &g, &|q: &Params| loss(&Trace::record(q, src, tgt, bos)))
}

/// The relative error of each matrix of the gradient `analytic` of `loss_at`
/// at `p` against central differences, entry by entry (any model).
pub fn against_differences<P: ParamSet>(p: &P, analytic: &P, loss_at: &dyn Fn(&P) -> f64) -> Vec<(&'static str, f64)> {
    let eps = 1e-5;
    let mut shifted = p.clone();
    let mut errors = Vec::new();
    for (idx, (name, analytic)) in analytic.named().into_iter().enumerate() {
        let mut numeric = Mat::zeros(analytic.nrows(), analytic.ncols());
        for k in 0..analytic.len() {
            let theta = shifted.named()[idx].1[k];
            shifted.named_mut()[idx].1[k] = theta + eps;
            let up = loss_at(&shifted);
            shifted.named_mut()[idx].1[k] = theta - eps;
            let down = loss_at(&shifted);
            shifted.named_mut()[idx].1[k] = theta;
            numeric[k] = (up - down) / (2.0 * eps);
        }
        errors.push((name, relative_error(analytic, &numeric)));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Dims;
    use crate::model::rng::SeededRng;

    /// A small random case: dims, vocabulary sizes, a 4-word source and a 3-word target.
    fn check(dims: Dims, k_x: usize, k_y: usize, seed: u64) -> Vec<(&'static str, f64)> {
        let mut rng = SeededRng::new(seed + 100);
        let mut draw = |k: usize, len: usize| -> Vec<usize> {
            (0..len).map(|_| 1 + (rng.uniform01() * (k - 1) as f64) as usize).collect()
        };
        let (src, tgt) = (draw(k_x, 4), draw(k_y, 3));
        gradient_check(&Params::init(dims, k_x, k_y, seed), &src, &tgt, 0)
    }

    #[test]
    fn every_parameter_gradient_matches_central_differences() {
        let cases = [(Dims::new(3, 4, 3, 2).unwrap(), 6, 7, 1), (Dims::new(2, 3, 4, 3).unwrap(), 5, 4, 2)];
        for (dims, k_x, k_y, seed) in cases.into_iter().chain([(Dims::new(4, 2, 2, 2).unwrap(), 4, 6, 3)]) {
            for (name, err) in check(dims, k_x, k_y, seed) {
                assert!(err < 1e-6, "{name}: relative error {err:e} with {dims:?}, seed {seed}");
            }
        }
    }

    #[test]
    fn gradient_is_zero_for_words_never_seen() {
        let p = Params::init(Dims::new(3, 3, 3, 2).unwrap(), 6, 6, 4);
        let mut g = zeros_like(&p);
        backward(&p, &Trace::record(&p, &[1, 2], &[3, 1], 0), &mut g);
        assert!(g.E_x.column(5).iter().all(|&v| v == 0.0));
        assert!(g.E_y.column(5).iter().all(|&v| v == 0.0));
        assert!(g.E_x.column(1).iter().any(|&v| v != 0.0));
    }
}
