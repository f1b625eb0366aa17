//! The deep output with one maxout layer (Appendix A.2.2):
//!
//! ```text
//! t̃_t = U_o s_t + V_o E_y y_{t−1} + C_o c_t        (2l)
//! t_t  = [max(t̃_{2j−1}, t̃_{2j})]_{j=1…l}           (l)
//! p(y_t) = softmax(W_o t_t)                         (K_y)
//! ```

use super::attention::softmax;
use super::{Mat, Vector};

// ANCHOR: deep_output
/// t̃_t = U_o s_t + V_o E_y y_{t−1} + C_o c_t.
pub fn deep_output(
    u_o: &Mat,
    v_o: &Mat,
    c_o: &Mat,
    s_t: &Vector,        // (n)
    y_prev_emb: &Vector, // (m): E_y y_{t−1}
    c_t: &Vector,        // (2n)
) -> Vector {
    u_o * s_t + v_o * y_prev_emb + c_o * c_t // (2l)
}
// ANCHOR_END: deep_output

// ANCHOR: deep_output_backward
/// The gradients of t̃ = U_o s + V_o y + C_o c that flow back into the inputs.
pub struct DeepOutputGrads {
    pub d_s: Vector, // (n)
    pub d_y: Vector, // (m)
    pub d_c: Vector, // (2n)
}

/// ∂U_o += ∂t̃ sᵀ, ∂V_o += ∂t̃ yᵀ, ∂C_o += ∂t̃ cᵀ; ∂s = U_oᵀ ∂t̃, ∂y = V_oᵀ ∂t̃, ∂c = C_oᵀ ∂t̃.
pub fn deep_output_backward(
    (u_o, v_o, c_o): (&Mat, &Mat, &Mat),
    (s_t, y_prev_emb, c_t): (&Vector, &Vector, &Vector),
    d_t_tilde: &Vector,
    (d_u_o, d_v_o, d_c_o): (&mut Mat, &mut Mat, &mut Mat),
) -> DeepOutputGrads {
    d_u_o.ger(1.0, d_t_tilde, s_t, 1.0); // (2l, n)
    d_v_o.ger(1.0, d_t_tilde, y_prev_emb, 1.0); // (2l, m)
    d_c_o.ger(1.0, d_t_tilde, c_t, 1.0); // (2l, 2n)
    DeepOutputGrads { d_s: u_o.tr_mul(d_t_tilde), d_y: v_o.tr_mul(d_t_tilde), d_c: c_o.tr_mul(d_t_tilde) }
}
// ANCHOR_END: deep_output_backward

// ANCHOR: maxout
/// t_j = max(t̃_{2j−1}, t̃_{2j}): each pair of units keeps its larger one.
pub fn maxout(t_tilde: &Vector) -> Vector {
    let l = t_tilde.len() / 2;
    Vector::from_fn(l, |j, _| t_tilde[2 * j].max(t_tilde[2 * j + 1])) // (l)
}
// ANCHOR_END: maxout

// ANCHOR: maxout_backward
/// max passes its gradient to the unit that won and nothing to the other
/// (ties go to the first, as in the forward pass).
pub fn maxout_backward(t_tilde: &Vector, d_t: &Vector) -> Vector {
    Vector::from_fn(t_tilde.len(), |k, _| {
        let (a, b) = (t_tilde[k & !1], t_tilde[k | 1]);
        let won = if k % 2 == 0 { a >= b } else { b > a };
        if won { d_t[k / 2] } else { 0.0 }
    }) // (2l)
}
// ANCHOR_END: maxout_backward

// ANCHOR: output_probs
/// p(y_t | y_{<t}, x) = softmax(W_o t_t) over the target vocabulary.
pub fn output_probs(w_o: &Mat, t_max: &Vector) -> Vector {
    softmax(&(w_o * t_max)) // (K_y, l)·(l) → (K_y)
}
// ANCHOR_END: output_probs

// ANCHOR: output_probs_backward
/// The loss −ln p(y) has ∂/∂(W_o t) = p − onehot(y) (softmax and log cancel);
/// `scale` is the weight of this position in the loss (1 / T_y for a mean).
/// ∂W_o += ∂logits tᵀ; returns ∂t = W_oᵀ ∂logits.
pub fn output_probs_backward(w_o: &Mat, t_max: &Vector, p: &Vector, y: usize, scale: f64, d_w_o: &mut Mat) -> Vector {
    let mut d_logits = p * scale; // (K_y)
    d_logits[y] -= scale;
    d_w_o.ger(1.0, &d_logits, t_max, 1.0); // (K_y, l)
    w_o.tr_mul(&d_logits) // (l)
}
// ANCHOR_END: output_probs_backward

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    #[test]
    fn maxout_keeps_the_larger_of_each_pair() {
        let t = maxout(&Vector::from_vec(vec![1.0, -2.0, -0.5, 0.5, 3.0, 3.0]));
        assert_eq!(t, Vector::from_vec(vec![1.0, 0.5, 3.0]));
    }

    #[test]
    fn maxout_backward_routes_to_the_winner() {
        let t_tilde = Vector::from_vec(vec![1.0, -2.0, -0.5, 0.5, 3.0, 3.0]);
        let d = maxout_backward(&t_tilde, &Vector::from_vec(vec![10.0, 20.0, 30.0]));
        assert_eq!(d, Vector::from_vec(vec![10.0, 0.0, 0.0, 20.0, 30.0, 0.0]));
    }

    #[test]
    fn probabilities_sum_to_one() {
        let w_o = Mat::from_fn(5, 2, |a, b| (a as f64 - 2.0) * (b as f64 + 1.0));
        let p = output_probs(&w_o, &Vector::from_vec(vec![0.5, -0.25]));
        assert_relative_eq!(p.sum(), 1.0, epsilon = 1e-15);
    }

    #[test]
    fn deep_output_adds_three_projections() {
        let one = Mat::identity(2, 2);
        let t = deep_output(
            &one,
            &(one.clone() * 2.0),
            &Mat::from_row_slice(2, 4, &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]),
            &Vector::from_vec(vec![1.0, 2.0]),
            &Vector::from_vec(vec![0.5, 0.5]),
            &Vector::from_vec(vec![10.0, 0.0, 0.0, 20.0]),
        );
        assert_eq!(t, Vector::from_vec(vec![12.0, 23.0]));
    }
}
