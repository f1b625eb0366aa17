//! RNNencdec, the paper's baseline (Cho et al. 2014, trained in the paper as
//! RNNencdec-30 and -50): the same decoder as RNNsearch, but every target word
//! sees one fixed summary c of the whole source instead of its own c_t.
//!
//! ```text
//! h_i = GRU_enc(E_x x_i, h_{i−1}),  h_0 = 0      (one direction, n)
//! c   = tanh(V h_{T_x})                           (n)
//! s_0 = tanh(V' c)
//! s_t = GRU_dec(E_y y_{t−1}, s_{t−1}, c)          (C, C_z, C_r: n × n)
//! t̃_t = U_o s_t + V_o E_y y_{t−1} + C_o c        (C_o: 2l × n)
//! ```
//!
//! V' is written `V_s` in code, and V is `V_c`.

use super::decoder::{decoder_step, initial_state};
use super::encoder::{RnnPass, embed, forward_rnn};
use super::gru::{ContextWeights, Gru, GruStep};
use super::output::{deep_output, maxout, output_probs};
use super::rng::SeededRng;
use super::{Dims, Mat, ParamSet, Vector};

/// Every parameter of RNNencdec, under its DESIGN.md name.
#[allow(non_snake_case)]
#[derive(Clone, Debug, PartialEq)]
pub struct EncDecParams {
    pub E_x: Mat, // (m, K_x)
    pub E_y: Mat, // (m, K_y)
    pub enc: Gru,
    pub dec: Gru,
    pub dec_c: ContextWeights, // dec.C, dec.C_z, dec.C_r: (n, n)
    pub V_c: Mat,              // V, (n, n)
    pub V_s: Mat,              // V', (n, n)
    pub U_o: Mat,              // (2l, n)
    pub V_o: Mat,              // (2l, m)
    pub C_o: Mat,              // (2l, n)
    pub W_o: Mat,              // (K_y, l)
}

macro_rules! encdec_list {
    ($p:expr, $($r:tt)*) => {
        vec![
            ("E_x", $($r)* $p.E_x), ("E_y", $($r)* $p.E_y),
            ("enc.W", $($r)* $p.enc.w), ("enc.W_z", $($r)* $p.enc.w_z), ("enc.W_r", $($r)* $p.enc.w_r),
            ("enc.U", $($r)* $p.enc.u), ("enc.U_z", $($r)* $p.enc.u_z), ("enc.U_r", $($r)* $p.enc.u_r),
            ("dec.W", $($r)* $p.dec.w), ("dec.W_z", $($r)* $p.dec.w_z), ("dec.W_r", $($r)* $p.dec.w_r),
            ("dec.U", $($r)* $p.dec.u), ("dec.U_z", $($r)* $p.dec.u_z), ("dec.U_r", $($r)* $p.dec.u_r),
            ("dec.C", $($r)* $p.dec_c.c), ("dec.C_z", $($r)* $p.dec_c.c_z), ("dec.C_r", $($r)* $p.dec_c.c_r),
            ("V", $($r)* $p.V_c), ("V'", $($r)* $p.V_s),
            ("U_o", $($r)* $p.U_o), ("V_o", $($r)* $p.V_o), ("C_o", $($r)* $p.C_o), ("W_o", $($r)* $p.W_o),
        ]
    };
}

impl ParamSet for EncDecParams {
    fn named(&self) -> Vec<(&'static str, &Mat)> {
        encdec_list!(self, &)
    }
    fn named_mut(&mut self) -> Vec<(&'static str, &mut Mat)> {
        encdec_list!(self, &mut)
    }
}

impl EncDecParams {
    /// Draws every parameter from `seed` with RNNsearch's rule (uniform on
    /// ±√(3 / fan_in), embeddings on ±√3), in the order of `named`.
    pub fn init(dims: Dims, k_x: usize, k_y: usize, seed: u64) -> EncDecParams {
        let Dims { m, n, l, .. } = dims;
        let zeros = |r, c| Mat::zeros(r, c);
        let gru = || Gru {
            w: zeros(n, m),
            w_z: zeros(n, m),
            w_r: zeros(n, m),
            u: zeros(n, n),
            u_z: zeros(n, n),
            u_r: zeros(n, n),
        };
        let mut p = EncDecParams {
            E_x: zeros(m, k_x),
            E_y: zeros(m, k_y),
            enc: gru(),
            dec: gru(),
            dec_c: ContextWeights { c: zeros(n, n), c_z: zeros(n, n), c_r: zeros(n, n) },
            V_c: zeros(n, n),
            V_s: zeros(n, n),
            U_o: zeros(2 * l, n),
            V_o: zeros(2 * l, m),
            C_o: zeros(2 * l, n),
            W_o: zeros(k_y, l),
        };
        let mut rng = SeededRng::new(seed);
        for (name, w) in p.named_mut() {
            let fan_in = if name.starts_with("E_") { 1 } else { w.ncols() };
            let a = (3.0 / fan_in as f64).sqrt();
            w.iter_mut().for_each(|v| *v = rng.uniform(a));
        }
        p
    }
}

// ANCHOR: summary
/// c = tanh(V h_{T_x}): the last encoder state, squashed; the only thing the
/// decoder will ever know about the source.
pub fn summary(v: &Mat, h_last: &Vector) -> Vector {
    (v * h_last).map(f64::tanh) // (n, n)·(n) → (n)
}
// ANCHOR_END: summary
// Its backward pass is `decoder::initial_state_backward`: s_0 = tanh(W_s ←h_1)
// has the same form.

/// The encoder's side: X, the states h_i, the summary c and s_0.
#[derive(Clone, Debug, PartialEq)]
pub struct EncDecEncoded {
    pub x: Mat,      // (m, T_x)
    pub h: RnnPass,  // (n, T_x)
    pub c: Vector,   // (n)
    pub s_0: Vector, // (n)
}

/// One target position: s_t and p(y_t), all from the same c.
#[derive(Clone, Debug, PartialEq)]
pub struct EncDecStep {
    pub y_prev: usize,
    pub y_prev_emb: Vector, // (m)
    pub s_prev: Vector,     // (n)
    pub gru: GruStep,       // gru.h is s_t
    pub t_tilde: Vector,    // (2l)
    pub t_max: Vector,      // (l)
    pub p: Vector,          // (K_y)
}

/// h = GRU_enc over X, c = tanh(V h_{T_x}), s_0 = tanh(V' c).
pub fn encode(p: &EncDecParams, source: &[usize]) -> EncDecEncoded {
    let x = embed(&p.E_x, source);
    let h = forward_rnn(&p.enc, &x);
    let c = summary(&p.V_c, &h.h.column(source.len() - 1).into_owned());
    let s_0 = initial_state(&p.V_s, &c);
    EncDecEncoded { x, h, c, s_0 }
}

/// s_t = GRU_dec(E_y y_{t−1}, s_{t−1}, c), then the deep output and p(y_t).
pub fn decode_step(p: &EncDecParams, c: &Vector, s_prev: &Vector, y_prev: usize) -> EncDecStep {
    let y_prev_emb = p.E_y.column(y_prev).into_owned();
    let gru = decoder_step(&p.dec, &p.dec_c, &y_prev_emb, s_prev, c);
    let t_tilde = deep_output(&p.U_o, &p.V_o, &p.C_o, &gru.h, &y_prev_emb, c);
    let t_max = maxout(&t_tilde);
    let probs = output_probs(&p.W_o, &t_max);
    EncDecStep { y_prev, y_prev_emb, s_prev: s_prev.clone(), gru, t_tilde, t_max, p: probs }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_follow_the_design() {
        let p = EncDecParams::init(Dims::new(3, 4, 5, 2).unwrap(), 6, 7, 1);
        let shape = |name: &str| p.named().into_iter().find(|(n, _)| *n == name).unwrap().1.shape();
        assert_eq!((shape("enc.W"), shape("enc.U_r"), shape("dec.C")), ((4, 3), (4, 4), (4, 4)));
        assert_eq!((shape("V"), shape("V'"), shape("C_o"), shape("W_o")), ((4, 4), (4, 4), (4, 4), (7, 2)));
        assert_eq!(p, EncDecParams::init(Dims::new(3, 4, 5, 2).unwrap(), 6, 7, 1));
    }

    #[test]
    fn summary_is_tanh_of_v_times_the_last_state() {
        let v = Mat::from_row_slice(2, 2, &[1.0, 0.0, 0.5, -1.0]);
        let c = summary(&v, &Vector::from_vec(vec![0.2, 0.4]));
        assert_eq!(c, Vector::from_vec(vec![0.2f64.tanh(), (-0.3f64).tanh()]));
    }
}
