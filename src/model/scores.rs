//! Score functions side by side, all on the same query s and keys h_i:
//!
//! ```text
//! additive (Bahdanau)  e_i = v_aᵀ tanh(W_a s + U_a h_i)
//! dot (Luong)          e_i = sᵀ h_i                    (needs len s = len h_i)
//! general (Luong)      e_i = sᵀ W h_i
//! concat (Luong)       e_i = vᵀ tanh(W [s; h_i])       (= additive when W = [W_a, U_a])
//! scaled dot-product   e_i = qᵀ k_i / √d
//! ```

use super::attention::{
    broadcast_sum, energies, energies_backward, hidden_energy, hidden_energy_backward, key_projections,
    query_projection,
};
use super::{Mat, Vector};
use crate::text::model as refusal;

/// The score functions the variants compare and the experiments train.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    Additive,
    Dot,
    General,
    Concat,
    Scaled,
}

impl ScoreKind {
    pub const ALL: [ScoreKind; 5] =
        [ScoreKind::Additive, ScoreKind::Dot, ScoreKind::General, ScoreKind::Concat, ScoreKind::Scaled];

    /// The name the learner types.
    pub fn name(self) -> &'static str {
        match self {
            ScoreKind::Additive => "additive",
            ScoreKind::Dot => "dot",
            ScoreKind::General => "general",
            ScoreKind::Concat => "concat",
            ScoreKind::Scaled => "scaled",
        }
    }

    /// e_{t,i} as this kind computes it here.
    pub fn formula(self) -> &'static str {
        match self {
            ScoreKind::Additive => "e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i)",
            ScoreKind::Dot => "e_{t,i} = qᵀ h_i with q = W_q s_{t-1}",
            ScoreKind::General => "e_{t,i} = s_{t-1}ᵀ W_g h_i",
            ScoreKind::Concat => "e_{t,i} = v_cᵀ tanh(W_c [s_{t-1}; h_i])",
            ScoreKind::Scaled => "e_{t,i} = qᵀ h_i / √d with q = W_q s_{t-1}, d = 2n",
        }
    }

    /// Parses a kind name; an unknown one is named with the list to choose from.
    pub fn parse(word: &str) -> Result<ScoreKind, String> {
        ScoreKind::ALL.into_iter().find(|k| k.name() == word).ok_or_else(|| {
            let names: Vec<_> = ScoreKind::ALL.iter().map(|k| k.name()).collect();
            format!("unknown score \"{word}\": type score followed by one of {}", names.join(", "))
        })
    }
}

// ANCHOR: additive
/// e_i = v_aᵀ tanh(W_a s + U_a h_i), the walkthrough's score.
pub fn additive(
    w_a: &Mat,
    u_a: &Mat,
    v_a: &Mat,
    s: &Vector, // (n): the query s_{t−1}
    h: &Mat,    // (2n, T_x): the annotations
) -> Vector {
    let (query, keys) = (query_projection(w_a, s), key_projections(u_a, h));
    energies(v_a, &hidden_energy(&broadcast_sum(&query, &keys))) // (T_x)
}
// ANCHOR_END: additive

// ANCHOR: dot
/// e_i = sᵀ h_i. Only defined when s and h_i have the same length.
pub fn dot(s: &Vector, h: &Mat) -> Result<Vector, String> {
    if s.len() != h.nrows() {
        // In the learner's language: "dot needs the query and the keys to
        // have one length, but s has {s} entries and each h_i has {h}:
        // project one of them first (general: sᵀ W h_i with W of shape
        // {s} × {h})"
        let (n_s, n_h) = (s.len(), h.nrows());
        return Err(refusal::DOT_LENGTHS.fill(&[("s", &n_s), ("h", &n_h)]));
    }
    Ok(h.tr_mul(s)) // (T_x, 2n)·(2n) → (T_x)
}
// ANCHOR_END: dot

// ANCHOR: dot_backward
/// e = γ Kᵀ q (γ = 1 for dot, 1/√d for scaled): returns (∂q = γ K ∂e, ∂K = γ q ∂eᵀ).
pub fn dot_backward(q: &Vector, k: &Mat, d_e: &Vector, gamma: f64) -> (Vector, Mat) {
    (k * d_e * gamma, q * d_e.transpose() * gamma) // (d), (d, T_x)
}
// ANCHOR_END: dot_backward

// ANCHOR: general
/// e_i = sᵀ W h_i: a bilinear form, W of shape len(s) × len(h_i).
pub fn general(w: &Mat, s: &Vector, h: &Mat) -> Vector {
    (w * h).tr_mul(s) // ((n, 2n)·(2n, T_x))ᵀ·(n) → (T_x)
}
// ANCHOR_END: general

// ANCHOR: concat
/// e_i = vᵀ tanh(W [s; h_i]): one hidden layer on the stacked pair.
pub fn concat(w: &Mat, v: &Mat, s: &Vector, h: &Mat) -> Vector {
    let (n_s, t_x) = (s.len(), h.ncols());
    let mut stacked = Mat::zeros(n_s + h.nrows(), t_x); // (n + 2n, T_x)
    for i in 0..t_x {
        stacked.column_mut(i).rows_mut(0, n_s).copy_from(s); // s on top
    }
    stacked.rows_mut(n_s, h.nrows()).copy_from(h); // h_i below it
    energies(v, &hidden_energy(&(w * stacked))) // (T_x)
}
// ANCHOR_END: concat

// ANCHOR: concat_backward
/// hidden = tanh(W [s; h_i]), e = hiddenᵀ v: ∂v += hidden ∂e, ∂W += ∂pre [s; H]ᵀ;
/// returns (∂s, ∂H), the two halves of Wᵀ ∂pre (s was stacked onto every column).
pub fn concat_backward(
    w: &Mat,
    v: &Mat,
    s: &Vector,
    h: &Mat,
    d_e: &Vector,
    d_w: &mut Mat,
    d_v: &mut Mat,
) -> (Vector, Mat) {
    let n = s.len();
    let stacked = Mat::from_fn(n + h.nrows(), h.ncols(), |d, i| if d < n { s[d] } else { h[(d - n, i)] }); // (n + 2n, T_x)
    let hidden = hidden_energy(&(w * &stacked)); // (n', T_x)
    let d_pre = hidden_energy_backward(&hidden, &energies_backward(v, &hidden, d_e, d_v)); // (n', T_x)
    d_w.gemm(1.0, &d_pre, &stacked.transpose(), 1.0); // (n', n + 2n)
    let d_stacked = w.tr_mul(&d_pre); // (n + 2n, T_x)
    (d_stacked.rows(0, n).column_sum(), d_stacked.rows(n, h.nrows()).into_owned()) // (n), (2n, T_x)
}
// ANCHOR_END: concat_backward

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

    /// Central differences of f at x along every entry, for the backward tests.
    fn numeric(x: &Mat, f: &dyn Fn(&Mat) -> f64) -> Mat {
        let mut g = Mat::zeros(x.nrows(), x.ncols());
        for k in 0..x.len() {
            let (mut up, mut down) = (x.clone(), x.clone());
            up[k] += 1e-6;
            down[k] -= 1e-6;
            g[k] = (f(&up) - f(&down)) / 2e-6;
        }
        g
    }

    #[test]
    fn dot_and_concat_backward_match_central_differences() {
        let (q, k, d_e) = (m(4, 1, 0.2), m(4, 3, 0.9), Vector::from_vec(vec![0.3, -1.1, 0.6]));
        let loss = |q: &Mat, k: &Mat| (k.transpose() * q).column(0).dot(&d_e) * 0.5;
        let (d_q, d_k) = dot_backward(&q.column(0).into_owned(), &k, &d_e, 0.5);
        assert_relative_eq!(
            Mat::from_column_slice(4, 1, d_q.as_slice()),
            numeric(&q, &|x| loss(x, &k)),
            epsilon = 1e-8
        );
        assert_relative_eq!(d_k, numeric(&k, &|x| loss(&q, x)), epsilon = 1e-8);
        let (w, v, s, h) = (m(3, 6, 0.1), m(3, 1, 0.3), m(2, 1, 0.5), m(4, 3, 0.4));
        let e_dot = |w: &Mat, v: &Mat, s: &Mat, h: &Mat| concat(w, v, &s.column(0).into_owned(), h).dot(&d_e);
        let (mut d_w, mut d_v) = (Mat::zeros(3, 6), Mat::zeros(3, 1));
        let (d_s, d_h) = concat_backward(&w, &v, &s.column(0).into_owned(), &h, &d_e, &mut d_w, &mut d_v);
        assert_relative_eq!(d_w, numeric(&w, &|x| e_dot(x, &v, &s, &h)), epsilon = 1e-8);
        assert_relative_eq!(d_v, numeric(&v, &|x| e_dot(&w, x, &s, &h)), epsilon = 1e-8);
        assert_relative_eq!(
            Mat::from_column_slice(2, 1, d_s.as_slice()),
            numeric(&s, &|x| e_dot(&w, &v, x, &h)),
            epsilon = 1e-8
        );
        assert_relative_eq!(d_h, numeric(&h, &|x| e_dot(&w, &v, &s, x)), epsilon = 1e-8);
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
