//! Score functions side by side, all on the same query s and keys h_i:
//!
//! ```text
//! additive (Bahdanau)  e_i = v_aᵀ tanh(W_a s + U_a h_i)
//! dot (Luong)          e_i = sᵀ h_i                    (needs len s = len h_i)
//! general (Luong)      e_i = sᵀ W h_i
//! concat (Luong)       e_i = vᵀ tanh(W [s; h_i])       (= additive when W = [W_a, U_a])
//! scaled dot-product   e_i = qᵀ k_i / √d
//! ```

use super::attention::{broadcast_sum, energies, hidden_energy, key_projections, query_projection};
use super::{Mat, Vector};

// ANCHOR: additive
/// e_i = v_aᵀ tanh(W_a s + U_a h_i), the walkthrough's score.
pub fn additive(w_a: &Mat, u_a: &Mat, v_a: &Mat, s: &Vector, h: &Mat) -> Vector {
    energies(v_a, &hidden_energy(&broadcast_sum(&query_projection(w_a, s), &key_projections(u_a, h)))) // (T_x)
}
// ANCHOR_END: additive

// ANCHOR: dot
/// e_i = sᵀ h_i. Only defined when s and h_i have the same length.
pub fn dot(s: &Vector, h: &Mat) -> Result<Vector, String> {
    if s.len() != h.nrows() {
        return Err(format!(
            "dot needs the query and the keys to have one length, but s has {} entries and each h_i has {}: \
             project one of them first (general: sᵀ W h_i with W of shape {} × {})",
            s.len(),
            h.nrows(),
            s.len(),
            h.nrows()
        ));
    }
    Ok(h.tr_mul(s)) // (T_x, 2n)·(2n) → (T_x)
}
// ANCHOR_END: dot

// ANCHOR: general
/// e_i = sᵀ W h_i: a bilinear form, W of shape len(s) × len(h_i).
pub fn general(w: &Mat, s: &Vector, h: &Mat) -> Vector {
    (w * h).tr_mul(s) // ((n, 2n)·(2n, T_x))ᵀ·(n) → (T_x)
}
// ANCHOR_END: general

// ANCHOR: concat
/// e_i = vᵀ tanh(W [s; h_i]): one hidden layer on the stacked pair.
pub fn concat(w: &Mat, v: &Mat, s: &Vector, h: &Mat) -> Vector {
    let stacked =
        Mat::from_fn(s.len() + h.nrows(), h.ncols(), |d, i| if d < s.len() { s[d] } else { h[(d - s.len(), i)] }); // (n + 2n, T_x)
    energies(v, &hidden_energy(&(w * stacked))) // (T_x)
}
// ANCHOR_END: concat

// ANCHOR: scaled_dot
/// e_i = qᵀ k_i / √d, the Transformer's score; d is the length of q.
pub fn scaled_dot(q: &Vector, k: &Mat) -> Result<Vector, String> {
    Ok(dot(q, k)? / (q.len() as f64).sqrt())
}
// ANCHOR_END: scaled_dot

/// [W_a, U_a]: the concat weight that makes the concat score the additive one.
pub fn concat_weight(w_a: &Mat, u_a: &Mat) -> Mat {
    let (n, two_n) = (w_a.ncols(), u_a.ncols());
    Mat::from_fn(w_a.nrows(), n + two_n, |k, d| if d < n { w_a[(k, d)] } else { u_a[(k, d - n)] }) // (n', n + 2n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    fn m(r: usize, c: usize, k: f64) -> Mat {
        Mat::from_fn(r, c, |a, b| ((a * 3 + b * 5) as f64 * 0.41 + k).sin())
    }

    #[test]
    fn concat_with_stacked_weights_equals_additive() {
        let (w_a, u_a, v_a, h) = (m(3, 2, 0.1), m(3, 4, 0.2), m(3, 1, 0.3), m(4, 5, 0.4));
        let s = Vector::from_vec(vec![0.5, -0.7]);
        let add = additive(&w_a, &u_a, &v_a, &s, &h);
        let cat = concat(&concat_weight(&w_a, &u_a), &v_a, &s, &h);
        assert_relative_eq!(add, cat, epsilon = 1e-14);
    }

    #[test]
    fn dot_refuses_unequal_sizes_and_names_the_projection() {
        let err = dot(&Vector::zeros(2), &m(4, 3, 0.0)).unwrap_err();
        assert!(err.contains("2 entries") && err.contains("4") && err.contains("general"), "{err}");
    }

    #[test]
    fn general_with_identity_is_dot_and_scaled_divides_by_root_d() {
        let (h, s) = (m(4, 3, 0.7), Vector::from_vec(vec![1.0, 2.0, -1.0, 0.5]));
        let d = dot(&s, &h).unwrap();
        assert_relative_eq!(general(&Mat::identity(4, 4), &s, &h), d, epsilon = 1e-14);
        assert_relative_eq!(scaled_dot(&s, &h).unwrap(), &d / 2.0, epsilon = 1e-14);
        for i in 0..3 {
            let naive: f64 = (0..4).map(|k| s[k] * h[(k, i)]).sum();
            assert_relative_eq!(d[i], naive, epsilon = 1e-14);
        }
    }
}
