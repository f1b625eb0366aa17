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
pub fn deep_output(u_o: &Mat, v_o: &Mat, c_o: &Mat, s_t: &Vector, y_prev_emb: &Vector, c_t: &Vector) -> Vector {
    u_o * s_t + v_o * y_prev_emb + c_o * c_t // (2l)
}
// ANCHOR_END: deep_output

// ANCHOR: maxout
/// t_j = max(t̃_{2j−1}, t̃_{2j}): each pair of units keeps its larger one.
pub fn maxout(t_tilde: &Vector) -> Vector {
    Vector::from_fn(t_tilde.len() / 2, |j, _| t_tilde[2 * j].max(t_tilde[2 * j + 1])) // (l)
}
// ANCHOR_END: maxout

// ANCHOR: output_probs
/// p(y_t | y_{<t}, x) = softmax(W_o t_t) over the target vocabulary.
pub fn output_probs(w_o: &Mat, t_max: &Vector) -> Vector {
    softmax(&(w_o * t_max)) // (K_y, l)·(l) → (K_y)
}
// ANCHOR_END: output_probs

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
