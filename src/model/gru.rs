//! The gated recurrent unit in the paper's form (Appendix A.1.1):
//!
//! ```text
//! z  = σ(W_z x + U_z h_prev [+ C_z c])
//! r  = σ(W_r x + U_r h_prev [+ C_r c])
//! h~ = tanh(W x + U (r ∘ h_prev) [+ C c])
//! h  = (1 − z) ∘ h_prev + z ∘ h~
//! ```
//!
//! The reset gate acts *before* U, and z weights the candidate. PyTorch's
//! `nn.GRU` applies r after U and lets z weight the old state instead.

use super::{Mat, Vector};

/// One GRU's weights: W, W_z, W_r are n × m (input), U, U_z, U_r are n × n.
#[derive(Clone, Debug, PartialEq)]
pub struct Gru {
    pub w: Mat,
    pub w_z: Mat,
    pub w_r: Mat,
    pub u: Mat,
    pub u_z: Mat,
    pub u_r: Mat,
}

/// The decoder's extra weights for the context c: C, C_z, C_r, each n × 2n.
#[derive(Clone, Debug, PartialEq)]
pub struct ContextWeights {
    pub c: Mat,
    pub c_z: Mat,
    pub c_r: Mat,
}

/// Everything one GRU step computes, kept for the trace and the backward pass.
#[derive(Clone, Debug, PartialEq)]
pub struct GruStep {
    pub z: Vector,       // (n)
    pub r: Vector,       // (n)
    pub h_tilde: Vector, // (n)
    pub h: Vector,       // (n)
}

/// σ(a) = 1 / (1 + e^(−a)), element-wise.
pub fn sigmoid(a: &Vector) -> Vector {
    a.map(|v| 1.0 / (1.0 + (-v).exp()))
}

// ANCHOR: gru_step
/// One step of the paper's GRU. `ctx` is the decoder's (C weights, c_t);
/// the encoder passes `None`.
pub fn gru_step(
    g: &Gru,
    x: &Vector,      // (m): the input x_i, or E_y y_{t−1} in the decoder
    h_prev: &Vector, // (n): the previous state
    ctx: Option<(&ContextWeights, &Vector)>,
) -> GruStep {
    let mut a_z = &g.w_z * x + &g.u_z * h_prev; // (n)
    let mut a_r = &g.w_r * x + &g.u_r * h_prev; // (n)
    if let Some((cw, c)) = ctx {
        a_z += &cw.c_z * c;
        a_r += &cw.c_r * c;
    }
    let z = sigmoid(&a_z); // (n)
    let r = sigmoid(&a_r); // (n)
    let mut a_h = &g.w * x + &g.u * r.component_mul(h_prev); // (n)
    if let Some((cw, c)) = ctx {
        a_h += &cw.c * c;
    }
    let h_tilde = a_h.map(f64::tanh); // (n)
    // h = (1 − z) ∘ h_prev + z ∘ h̃: (n)
    let one_minus_z = Vector::from_element(z.len(), 1.0) - &z;
    let h = one_minus_z.component_mul(h_prev) + z.component_mul(&h_tilde);
    GruStep { z, r, h_tilde, h }
}
// ANCHOR_END: gru_step

/// What a GRU step's backward pass sends to its inputs x, h_prev and c.
#[derive(Clone, Debug, PartialEq)]
pub struct GruInputGrads {
    pub d_x: Vector,         // (m)
    pub d_h_prev: Vector,    // (n)
    pub d_c: Option<Vector>, // (2n), decoder only
}

// ANCHOR: gru_step_backward
/// The derivative of [`gru_step`], read bottom-up. `ctx` carries the decoder's
/// (C weights, c_t, their gradient); the weights' gradients are added into `d_g`.
pub fn gru_step_backward(
    g: &Gru,
    x: &Vector,
    h_prev: &Vector,
    ctx: Option<(&ContextWeights, &Vector, &mut ContextWeights)>,
    s: &GruStep,
    d_h: &Vector,
    d_g: &mut Gru,
) -> GruInputGrads {
    // h = (1 − z) ∘ h_prev + z ∘ h~
    let d_z = d_h.component_mul(&(&s.h_tilde - h_prev)); // (n)
    let d_h_tilde = d_h.component_mul(&s.z); // (n)
    let mut d_h_prev = d_h.zip_map(&s.z, |d, z| d * (1.0 - z)); // (n)
    // h~ = tanh(a_h), a_h = W x + U (r ∘ h_prev) + C c; tanh′ = 1 − tanh²
    let d_a_h = d_h_tilde.zip_map(&s.h_tilde, |d, h| d * (1.0 - h * h)); // (n)
    d_g.w.ger(1.0, &d_a_h, x, 1.0); // (n, m)
    d_g.u.ger(1.0, &d_a_h, &s.r.component_mul(h_prev), 1.0); // (n, n)
    let d_r_h = g.u.tr_mul(&d_a_h); // ∂(r ∘ h_prev), (n)
    let d_r = d_r_h.component_mul(h_prev); // (n)
    d_h_prev += d_r_h.component_mul(&s.r);
    // z = σ(a_z), r = σ(a_r); σ′ = σ (1 − σ)
    let d_a_z = d_z.zip_map(&s.z, |d, z| d * z * (1.0 - z)); // (n)
    let d_a_r = d_r.zip_map(&s.r, |d, r| d * r * (1.0 - r)); // (n)
    d_g.w_z.ger(1.0, &d_a_z, x, 1.0);
    d_g.u_z.ger(1.0, &d_a_z, h_prev, 1.0);
    d_g.w_r.ger(1.0, &d_a_r, x, 1.0);
    d_g.u_r.ger(1.0, &d_a_r, h_prev, 1.0);
    d_h_prev += g.u_z.tr_mul(&d_a_z) + g.u_r.tr_mul(&d_a_r);
    let d_x = g.w.tr_mul(&d_a_h) + g.w_z.tr_mul(&d_a_z) + g.w_r.tr_mul(&d_a_r); // (m)
    let d_c = ctx.map(|(cw, c, d_cw)| {
        d_cw.c.ger(1.0, &d_a_h, c, 1.0); // (n, 2n)
        d_cw.c_z.ger(1.0, &d_a_z, c, 1.0);
        d_cw.c_r.ger(1.0, &d_a_r, c, 1.0);
        cw.c.tr_mul(&d_a_h) + cw.c_z.tr_mul(&d_a_z) + cw.c_r.tr_mul(&d_a_r) // (2n)
    });
    GruInputGrads { d_x, d_h_prev, d_c }
}
// ANCHOR_END: gru_step_backward

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    fn tiny() -> Gru {
        // n = 1, m = 1: every product is a plain multiplication.
        let one = |v: f64| Mat::from_element(1, 1, v);
        Gru { w: one(0.5), w_z: one(1.0), w_r: one(-1.0), u: one(2.0), u_z: one(0.0), u_r: one(1.0) }
    }

    #[test]
    fn one_step_matches_hand_computation() {
        let x = Vector::from_element(1, 1.0);
        let h_prev = Vector::from_element(1, 0.5);
        let s = gru_step(&tiny(), &x, &h_prev, None);
        let z = 1.0 / (1.0 + (-1.0f64).exp()); // σ(1·1 + 0·0.5)
        let r = 1.0 / (1.0 + (0.5f64).exp()); // σ(−1·1 + 1·0.5)
        let h_tilde = (0.5 + 2.0 * r * 0.5f64).tanh();
        let h = (1.0 - z) * 0.5 + z * h_tilde;
        assert_relative_eq!(s.z[0], z, epsilon = 1e-15);
        assert_relative_eq!(s.r[0], r, epsilon = 1e-15);
        assert_relative_eq!(s.h_tilde[0], h_tilde, epsilon = 1e-15);
        assert_relative_eq!(s.h[0], h, epsilon = 1e-15);
    }

    #[test]
    fn update_gate_near_zero_keeps_the_old_state() {
        let mut g = tiny();
        g.w_z = Mat::from_element(1, 1, -60.0);
        let h_prev = Vector::from_element(1, 0.3);
        let s = gru_step(&g, &Vector::from_element(1, 1.0), &h_prev, None);
        assert_relative_eq!(s.h[0], 0.3, epsilon = 1e-12);
    }

    #[test]
    fn context_terms_enter_all_three_gates() {
        let cw = ContextWeights {
            c: Mat::from_element(1, 2, 1.0),
            c_z: Mat::from_element(1, 2, 1.0),
            c_r: Mat::from_element(1, 2, 1.0),
        };
        let x = Vector::from_element(1, 1.0);
        let h_prev = Vector::from_element(1, 0.5);
        let c = Vector::from_vec(vec![0.25, 0.25]);
        let with = gru_step(&tiny(), &x, &h_prev, Some((&cw, &c)));
        let without = gru_step(&tiny(), &x, &h_prev, None);
        assert_relative_eq!(with.z[0], 1.0 / (1.0 + (-1.5f64).exp()), epsilon = 1e-15);
        assert!(with.r[0] > without.r[0]);
        assert!(with.h_tilde[0] > without.h_tilde[0]);
    }
}
