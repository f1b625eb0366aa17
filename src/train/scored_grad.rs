//! The gradient of [`crate::model::scored`]'s loss by hand: the additive model's
//! backward pass with the score's part swapped for the score's own backward.
//!
//! ```text
//! L = (1 / T_y) Σ_t −ln p(y_t | y_<t, x)
//! ```

use super::output_grad::output_and_decoder_backward;
use crate::model::attention::{
    context_backward, key_projections_backward, query_projection_backward, softmax_backward,
};
use crate::model::decoder::initial_state_backward;
use crate::model::encoder::{annotations_backward, backward_rnn_backward, embed_backward, forward_rnn_backward};
use crate::model::fast::{self, ProductGrads, with_workspace};
use crate::model::scored::{ScoredParams, record};
use crate::model::scores::{ScoreKind, concat_backward, dot_backward};
use crate::model::{Mat, Vector};

/// One training pair: adds ∂L/∂θ into `g` and returns L. The
/// multiplicative scores run on the fast path (src/model/fast/product.rs),
/// concat on the readable one below.
pub fn loss_and_backward(
    p: &ScoredParams,
    source: &[usize],
    target: &[usize],
    bos: usize,
    g: &mut ScoredParams,
) -> f64 {
    let Some(score) = p.fast_score() else { return readable_loss_and_backward(p, source, target, bos, g) };
    let grads =
        ProductGrads { w_q: (!g.W_q.is_empty()).then_some(&mut g.W_q), w_k: (!g.W_k.is_empty()).then_some(&mut g.W_k) };
    let pair = (source, target, bos);
    with_workspace(|ws| fast::loss_and_backward_with(&p.base, score, ws, pair, &mut g.base, Some(grads)))
}

/// [`loss_and_backward`] one equation at a time, for every kind.
pub fn readable_loss_and_backward(
    p: &ScoredParams,
    source: &[usize],
    target: &[usize],
    bos: usize,
    g: &mut ScoredParams,
) -> f64 {
    let (enc, steps) = record(p, source, target, bos);
    let (b, gb) = (&p.base, &mut g.base);
    let scale = 1.0 / steps.len() as f64; // the mean over t
    let mut d_h = Mat::zeros(enc.h.nrows(), enc.h.ncols()); // ∂H, (2n, T_x)
    let mut d_keys = Mat::zeros(enc.keys.nrows(), enc.keys.ncols()); // ∂K, (d_k, T_x)
    let mut d_s = Vector::zeros(enc.s_0.len()); // ∂s_t from step t + 1, (n)
    let mut loss = 0.0;
    for (d, &y) in steps.iter().zip(target).rev() {
        loss -= d.p[y].ln() * scale;
        let word = output_and_decoder_backward(b, d, &d.c, (y, scale), &mut d_s, gb);
        let (d_h_t, d_alpha) = context_backward(&enc.h, &d.alpha, &word.d_c);
        d_h += d_h_t;
        let d_e = softmax_backward(&d.alpha, &d_alpha); // (T_x)
        // The score's own backward: ∂e → ∂s_{t−1}, and ∂K or ∂H.
        let d_s_score = match p.spec.kind {
            ScoreKind::Concat => {
                let (d_s_c, d_h_c) = concat_backward(&p.W_c, &p.v_c, &d.s_prev, &enc.h, &d_e, &mut g.W_c, &mut g.v_c);
                d_h += d_h_c;
                d_s_c
            }
            _ => {
                let (d_q, d_k) = dot_backward(&d.q, &enc.keys, &d_e, p.gamma());
                d_keys += d_k;
                if p.W_q.is_empty() { d_q } else { query_projection_backward(&p.W_q, &d.s_prev, &d_q, &mut g.W_q) }
            }
        };
        d_s = word.d_s_prev + d_s_score;
    }
    // K = W_k H (or H itself), and s_0 = tanh(W_s ←h_1)
    if p.spec.kind != ScoreKind::Concat {
        d_h += if p.W_k.is_empty() { d_keys } else { key_projections_backward(&p.W_k, &enc.h, &d_keys, &mut g.W_k) };
    }
    let h_bwd_first = enc.bwd.h.column(0).into_owned();
    let d_h_bwd_first = initial_state_backward(&b.W_s, &h_bwd_first, &enc.s_0, &d_s, &mut gb.W_s);
    let (d_fwd, mut d_bwd) = annotations_backward(&d_h);
    let mut col = d_bwd.column_mut(0);
    col += d_h_bwd_first;
    let mut d_x = forward_rnn_backward(&b.fwd, &enc.x, &enc.fwd, &d_fwd, &mut gb.fwd);
    d_x += backward_rnn_backward(&b.bwd, &enc.x, &enc.bwd, &d_bwd, &mut gb.bwd);
    embed_backward(&d_x, source, &mut gb.E_x);
    loss
}

/// L alone, for the gradient check.
pub fn loss(p: &ScoredParams, source: &[usize], target: &[usize], bos: usize) -> f64 {
    let (_, steps) = record(p, source, target, bos);
    steps.iter().zip(target).map(|(d, &y)| -d.p[y].ln()).sum::<f64>() / steps.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scored::ScoreSpec;
    use crate::model::{Dims, ParamSet, Params};
    use crate::train::grad::{against_differences, zeros_like};
    use crate::walkthrough::Trace;
    use approx::assert_relative_eq;

    const SPECS: [ScoreSpec; 6] = [
        ScoreSpec { kind: ScoreKind::Dot, d_k: None },
        ScoreSpec { kind: ScoreKind::Scaled, d_k: None },
        ScoreSpec { kind: ScoreKind::General, d_k: None },
        ScoreSpec { kind: ScoreKind::Concat, d_k: None },
        ScoreSpec { kind: ScoreKind::Dot, d_k: Some(5) },
        ScoreSpec { kind: ScoreKind::Scaled, d_k: Some(3) },
    ];

    #[test]
    fn every_score_gradient_matches_central_differences() {
        let (src, tgt) = ([1, 4, 2, 3], [2, 5, 1]);
        for (k, spec) in SPECS.into_iter().enumerate() {
            let p = ScoredParams::init(spec, Dims::new(3, 4, 3, 2).unwrap(), 6, 7, 1 + k as u64);
            let mut g = zeros_like(&p);
            let l = loss_and_backward(&p, &src, &tgt, 0, &mut g);
            assert_relative_eq!(l, loss(&p, &src, &tgt, 0), epsilon = 1e-14);
            let errors = against_differences(&p, &g, &|q: &ScoredParams| loss(q, &src, &tgt, 0));
            assert!(errors.iter().any(|(n, _)| ["W_q", "W_k", "W_g", "W_c"].contains(n)), "{spec:?}");
            for (name, err) in errors {
                assert!(err < 1e-6, "{spec:?} {name}: relative error {err:e}");
            }
        }
    }

    #[test]
    fn the_fast_path_gives_the_readable_loss_and_gradient() {
        let (src, tgt) = ([1, 4, 2, 3, 5], [2, 5, 1, 6]);
        for (k, spec) in SPECS.into_iter().filter(|s| s.kind != ScoreKind::Concat).enumerate() {
            let p = ScoredParams::init(spec, Dims::new(3, 4, 3, 2).unwrap(), 6, 7, 11 + k as u64);
            let (mut fast, mut readable) = (zeros_like(&p), zeros_like(&p));
            let l_fast = loss_and_backward(&p, &src, &tgt, 0, &mut fast);
            let l_readable = readable_loss_and_backward(&p, &src, &tgt, 0, &mut readable);
            assert_relative_eq!(l_fast, l_readable, epsilon = 1e-13);
            for ((name, a), (_, b)) in fast.named().into_iter().zip(readable.named()) {
                let worst = (a - b).abs().max();
                assert!(worst <= 1e-12, "{spec:?} {name}: differs by {worst:e}");
            }
            let greedy = crate::decode::greedy_decode_scored(&p, &src, 0, 1, 12);
            assert_eq!(greedy, crate::decode::greedy_decode_scored_readable(&p, &src, 0, 1, 12), "{spec:?}");
        }
    }

    #[test]
    fn only_the_score_weights_differ_from_the_additive_model() {
        let d = Dims::new(3, 4, 3, 2).unwrap();
        let add = Params::init(d, 6, 7, 9);
        let dot = ScoredParams::init(SPECS[0], d, 6, 7, 9);
        let shared: Vec<_> = add.named().into_iter().filter(|(n, _)| !["W_a", "U_a", "v_a"].contains(n)).collect();
        assert_eq!(dot.named()[..shared.len()], shared[..]);
        assert_eq!(dot.W_q.shape(), (8, 4), "q = W_q s has the length 2n of h_i");
        assert_eq!(dot.count(), add.count() - 3 * 4 - 3 * 8 - 3 + 8 * 4);
    }

    #[test]
    fn concat_is_the_additive_model_written_with_one_stacked_weight() {
        // Same start, same loss, and ∂W_c = [∂W_a, ∂U_a], ∂v_c = ∂v_a.
        let d = Dims::new(3, 4, 5, 2).unwrap();
        let mut add = Params::init(d, 6, 7, 4);
        add.v_a *= 0.01;
        let cat = ScoredParams::init(SPECS[3], d, 6, 7, 4);
        let (src, tgt) = ([1, 4, 2, 3], [2, 5, 6, 1]);
        let mut g_add = zeros_like(&add);
        crate::train::grad::backward(&add, &Trace::record(&add, &src, &tgt, 0), &mut g_add);
        let mut g_cat = zeros_like(&cat);
        let l = loss_and_backward(&cat, &src, &tgt, 0, &mut g_cat);
        assert_relative_eq!(l, crate::train::grad::loss(&Trace::record(&add, &src, &tgt, 0)), epsilon = 1e-13);
        let stacked = crate::model::scores::concat_weight(&g_add.W_a, &g_add.U_a);
        assert_relative_eq!(g_cat.W_c, stacked, epsilon = 1e-13);
        assert_relative_eq!(g_cat.v_c, g_add.v_a, epsilon = 1e-13);
        assert_relative_eq!(g_cat.base.dec.u, g_add.dec.u, epsilon = 1e-13);
    }
}
