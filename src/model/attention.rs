//! Additive attention (Section 3.1, Appendix A.1.2):
//!
//! ```text
//! e_{t,i} = v_aᵀ tanh(W_a s_{t−1} + U_a h_i)
//! α_t     = softmax(e_t)
//! c_t     = Σ_i α_{t,i} h_i = H α_t
//! ```
//!
//! Each `*_backward` takes the gradient of the loss with respect to the
//! forward function's output (written ∂out) and returns the gradients with
//! respect to its inputs; a parameter's gradient is added into `d_*`.

use super::{Mat, Vector};

// ANCHOR: query_projection
/// W_a s_{t−1}: the decoder's question, projected into the n'-dim score space.
pub fn query_projection(w_a: &Mat, s_prev: &Vector) -> Vector {
    w_a * s_prev // (n', n)·(n) → (n')
}
// ANCHOR_END: query_projection

// ANCHOR: query_projection_backward
/// ∂W_a += ∂q s_{t−1}ᵀ; returns ∂s_{t−1} = W_aᵀ ∂q.
pub fn query_projection_backward(w_a: &Mat, s_prev: &Vector, d_q: &Vector, d_w_a: &mut Mat) -> Vector {
    d_w_a.ger(1.0, d_q, s_prev, 1.0); // (n', n) += (n')·(n)ᵀ
    w_a.tr_mul(d_q) // (n, n')·(n') → (n)
}
// ANCHOR_END: query_projection_backward

// ANCHOR: key_projections
/// U_a H: every annotation projected once per sentence; column i is U_a h_i.
pub fn key_projections(u_a: &Mat, h: &Mat) -> Mat {
    u_a * h // (n', 2n)·(2n, T_x) → (n', T_x)
}
// ANCHOR_END: key_projections

// ANCHOR: key_projections_backward
/// ∂U_a += ∂K Hᵀ; returns ∂H = U_aᵀ ∂K.
pub fn key_projections_backward(u_a: &Mat, h: &Mat, d_k: &Mat, d_u_a: &mut Mat) -> Mat {
    d_u_a.gemm(1.0, d_k, &h.transpose(), 1.0); // (n', 2n) += (n', T_x)·(T_x, 2n)
    u_a.tr_mul(d_k) // (2n, n')·(n', T_x) → (2n, T_x)
}
// ANCHOR_END: key_projections_backward

// ANCHOR: broadcast_tanh
/// W_a s_{t−1} + U_a h_i for every i: the query is added to each column.
pub fn broadcast_sum(wa_s: &Vector, ua_h: &Mat) -> Mat {
    let (n_a, t_x) = ua_h.shape();
    Mat::from_fn(n_a, t_x, |k, i| wa_s[k] + ua_h[(k, i)]) // (n', T_x)
}

/// tanh(W_a s_{t−1} + U_a h_i), element-wise.
pub fn hidden_energy(pre: &Mat) -> Mat {
    pre.map(f64::tanh) // (n', T_x)
}
// ANCHOR_END: broadcast_tanh

// ANCHOR: broadcast_tanh_backward
/// The query was added to every column, so its gradient is the sum of the
/// columns' gradients; U_a h_i receives its column unchanged.
pub fn broadcast_sum_backward(d_pre: &Mat) -> (Vector, Mat) {
    (d_pre.column_sum(), d_pre.clone()) // (n'), (n', T_x)
}

/// tanh′(a) = 1 − tanh²(a): ∂pre = ∂hidden ∘ (1 − hidden²).
pub fn hidden_energy_backward(hidden: &Mat, d_hidden: &Mat) -> Mat {
    d_hidden.zip_map(hidden, |d, h| d * (1.0 - h * h)) // (n', T_x)
}
// ANCHOR_END: broadcast_tanh_backward

// ANCHOR: energies
/// e_{t,i} = v_aᵀ tanh(…)_i: one score per source position.
pub fn energies(v_a: &Mat, hidden: &Mat) -> Vector {
    // (1, n')·(n', T_x) → (1, T_x), returned as a column (T_x)
    (v_a.transpose() * hidden).transpose().column(0).into_owned()
}
// ANCHOR_END: energies

// ANCHOR: energies_backward
/// e = hiddenᵀ v_a: ∂v_a += hidden ∂e; returns ∂hidden = v_a ∂eᵀ.
pub fn energies_backward(v_a: &Mat, hidden: &Mat, d_e: &Vector, d_v_a: &mut Mat) -> Mat {
    d_v_a.gemm(1.0, hidden, d_e, 1.0); // (n', 1) += (n', T_x)·(T_x)
    v_a * d_e.transpose() // (n', 1)·(1, T_x) → (n', T_x)
}
// ANCHOR_END: energies_backward

// ANCHOR: softmax
/// softmax(e)_i = exp(e_i − max e) / Σ_j exp(e_j − max e). Subtracting the
/// maximum changes nothing mathematically and keeps every exp ≤ 1.
pub fn softmax(e: &Vector) -> Vector {
    let max = e.max();
    let exps = e.map(|v| (v - max).exp()); // (T)
    let total = exps.sum();
    exps / total
}
// ANCHOR_END: softmax

// ANCHOR: softmax_backward
/// The softmax Jacobian is ∂α_i/∂e_j = α_i (δ_ij − α_j), so
/// ∂e = α ∘ (∂α − (αᵀ ∂α) 1).
pub fn softmax_backward(alpha: &Vector, d_alpha: &Vector) -> Vector {
    let mean = alpha.dot(d_alpha); // αᵀ ∂α
    alpha.zip_map(d_alpha, |a, d| a * (d - mean)) // (T)
}
// ANCHOR_END: softmax_backward

// ANCHOR: context
/// c_t = Σ_i α_{t,i} h_i, written as one product H α_t.
pub fn context(h: &Mat, alpha: &Vector) -> Vector {
    h * alpha // (2n, T_x)·(T_x) → (2n)
}
// ANCHOR_END: context

// ANCHOR: context_backward
/// c = H α: returns (∂H = ∂c αᵀ, ∂α = Hᵀ ∂c).
pub fn context_backward(h: &Mat, alpha: &Vector, d_c: &Vector) -> (Mat, Vector) {
    (d_c * alpha.transpose(), h.tr_mul(d_c)) // (2n, T_x), (T_x)
}
// ANCHOR_END: context_backward

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    fn h() -> Mat {
        Mat::from_fn(4, 3, |d, i| ((d * 3 + i) as f64 * 0.7).sin())
    }

    #[test]
    fn broadcast_adds_the_query_to_every_column() {
        let wa_s = Vector::from_vec(vec![1.0, -2.0]);
        let ua_h = Mat::from_row_slice(2, 3, &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        let pre = broadcast_sum(&wa_s, &ua_h);
        assert_eq!(pre, Mat::from_row_slice(2, 3, &[1.0, 2.0, 3.0, 1.0, 2.0, 3.0]));
    }

    #[test]
    fn energies_match_a_naive_loop() {
        let w_a = Mat::from_fn(2, 3, |a, b| (a as f64 - b as f64) * 0.3);
        let u_a = Mat::from_fn(2, 4, |a, b| (a + b) as f64 * 0.2 - 0.5);
        let v_a = Mat::from_column_slice(2, 1, &[0.8, -1.1]);
        let s_prev = Vector::from_vec(vec![0.1, -0.4, 0.9]);
        let hh = h();
        let e = energies(
            &v_a,
            &hidden_energy(&broadcast_sum(&query_projection(&w_a, &s_prev), &key_projections(&u_a, &hh))),
        );
        for i in 0..3 {
            let mut naive = 0.0;
            for k in 0..2 {
                let mut pre = 0.0;
                for j in 0..3 {
                    pre += w_a[(k, j)] * s_prev[j];
                }
                for j in 0..4 {
                    pre += u_a[(k, j)] * hh[(j, i)];
                }
                naive += v_a[(k, 0)] * pre.tanh();
            }
            assert_relative_eq!(e[i], naive, epsilon = 1e-14);
        }
    }

    #[test]
    fn softmax_by_hand() {
        let a = softmax(&Vector::from_vec(vec![0.0, 2f64.ln()]));
        assert_relative_eq!(a[0], 1.0 / 3.0, epsilon = 1e-15);
        assert_relative_eq!(a[1], 2.0 / 3.0, epsilon = 1e-15);
    }

    #[test]
    fn alpha_sums_to_one() {
        let a = softmax(&Vector::from_vec(vec![0.3, -1.2, 4.0, 0.0]));
        assert_relative_eq!(a.sum(), 1.0, epsilon = 1e-15);
        assert!(a.iter().all(|&v| v > 0.0));
    }

    #[test]
    fn softmax_is_unchanged_by_adding_a_constant() {
        let e = Vector::from_vec(vec![0.3, -1.2, 4.0]);
        let shifted = e.add_scalar(123.0);
        assert_relative_eq!(softmax(&e), softmax(&shifted), epsilon = 1e-15);
    }

    #[test]
    fn softmax_stays_finite_at_extreme_energies() {
        for big in [1000.0, -1000.0] {
            let a = softmax(&Vector::from_vec(vec![big, big - 1.0, 0.0]));
            assert!(a.iter().all(|v| v.is_finite()), "{a:?} at {big}");
            assert_relative_eq!(a.sum(), 1.0, epsilon = 1e-15);
        }
        let a = softmax(&Vector::from_vec(vec![1000.0, 0.0]));
        assert_relative_eq!(a[0], 1.0);
    }

    #[test]
    fn softmax_backward_matches_the_full_jacobian() {
        let alpha = softmax(&Vector::from_vec(vec![0.2, -0.7, 1.1]));
        let d_alpha = Vector::from_vec(vec![0.5, -1.0, 2.0]);
        let jac = Mat::from_fn(3, 3, |i, j| alpha[i] * (if i == j { 1.0 } else { 0.0 } - alpha[j]));
        assert_relative_eq!(softmax_backward(&alpha, &d_alpha), jac.transpose() * d_alpha, epsilon = 1e-15);
    }

    #[test]
    fn context_is_the_alpha_weighted_sum_of_annotations() {
        let hh = h();
        let alpha = softmax(&Vector::from_vec(vec![0.5, 1.5, -0.5]));
        let c = context(&hh, &alpha);
        let mut sum = Vector::zeros(4);
        for i in 0..3 {
            sum += hh.column(i) * alpha[i];
        }
        assert_relative_eq!(c, sum, epsilon = 1e-15);
    }
}
