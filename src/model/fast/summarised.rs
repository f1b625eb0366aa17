//! RNNencdec's decoder step, [`crate::model::encdec::decode_step`], with
//! its bits: what the experiments' greedy and beam decoding of RNNencdec run,
//! every sentence of every check.
//!
//! The readable step allocates every vector it returns and runs each
//! matrix–vector product through nalgebra's generic code. Here the products
//! are [`gemv`], nalgebra's operations in nalgebra's order in vector
//! registers, each into its own buffer (the readable step adds the products
//! up afterwards, W x + U h, then + C c, and so does this one); σ, tanh and
//! exp are the system's in vector registers ([`super::sysexp`],
//! [`super::systanh`]); every other line is the readable one's arithmetic
//! in its order. So s_t and p(y_t) are the readable step's to the last bit
//! (a test compares them).

use super::blas::gemv;
use super::sysexp::{exp_slice, sigmoid_slice};
use super::systanh::tanh_slice;
use crate::model::Mat;
use crate::model::encdec::EncDecParams;
use nalgebra::DVectorView;

/// The buffers one step writes, reused from step to step.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    y: Vec<f64>,
    a_z: Vec<f64>,
    a_r: Vec<f64>,
    rh: Vec<f64>,
    a_h: Vec<f64>,
    t_tilde: Vec<f64>,
    t_max: Vec<f64>,
    term: Vec<f64>,
    /// s_t, (n)
    pub s: Vec<f64>,
    /// p(y_t), (K_y)
    pub p: Vec<f64>,
}

/// out = W x (nalgebra's `&W * x`: its gemv with β = 0).
fn product(w: &Mat, x: &[f64], out: &mut Vec<f64>) {
    out.resize(w.nrows(), 0.0);
    gemv(1.0, w.as_slice(), x, 0.0, out);
}

/// out = Σ_k W_k x_k, the products added left to right, as
/// `&W_1 * x_1 + &W_2 * x_2 + …` adds them.
fn sum_of_products(terms: &[(&Mat, &[f64])], out: &mut Vec<f64>, scratch: &mut Vec<f64>) {
    let ((w, x), rest) = terms.split_first().expect("at least one product");
    product(w, x, out);
    for (w, x) in rest {
        product(w, x, scratch);
        out.iter_mut().zip(scratch.iter()).for_each(|(o, v)| *o += v);
    }
}

/// s_t and p(y_t) from s_{t−1}, y_{t−1} and the summary c, into
/// `sc.s` and `sc.p`.
pub fn decode_step(p: &EncDecParams, c: &[f64], s_prev: &[f64], y_prev: usize, sc: &mut Scratch) {
    let (dec, cw) = (&p.dec, &p.dec_c);
    let Scratch { y, a_z, a_r, rh, a_h, t_tilde, t_max, term, s, p: probs } = sc;
    y.clear();
    y.extend_from_slice(p.E_y.column(y_prev).as_slice());
    // z = σ(W_z y + U_z s_{t−1} + C_z c), r likewise
    sum_of_products(&[(&dec.w_z, y), (&dec.u_z, s_prev), (&cw.c_z, c)], a_z, term);
    sum_of_products(&[(&dec.w_r, y), (&dec.u_r, s_prev), (&cw.c_r, c)], a_r, term);
    sigmoid_slice(a_z);
    sigmoid_slice(a_r);
    let (z, r) = (&*a_z, &*a_r);
    rh.clear();
    rh.extend(r.iter().zip(s_prev).map(|(r, h)| r * h)); // r ∘ s_{t−1}
    // h~ = tanh(W y + U (r ∘ s_{t−1}) + C c)
    sum_of_products(&[(&dec.w, y), (&dec.u, rh), (&cw.c, c)], a_h, term);
    tanh_slice(a_h);
    s.clear();
    s.extend((0..z.len()).map(|k| (1.0 - z[k]) * s_prev[k] + z[k] * a_h[k])); // (1 − z) ∘ s_{t−1} + z ∘ h~
    // t~ = U_o s_t + V_o y + C_o c, then the maxout and p = softmax(W_o t)
    sum_of_products(&[(&p.U_o, s), (&p.V_o, y), (&p.C_o, c)], t_tilde, term);
    t_max.clear();
    t_max.extend(t_tilde.chunks_exact(2).map(|pair| pair[0].max(pair[1])));
    product(&p.W_o, t_max, probs);
    let max = DVectorView::from_slice(probs, probs.len()).max(); // as the readable softmax takes it
    probs.iter_mut().for_each(|v| *v -= max);
    exp_slice(probs);
    let total = probs.iter().fold(0.0, |a, &b| a + b); // nalgebra's sum
    probs.iter_mut().for_each(|v| *v /= total);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Dims;
    use crate::model::encdec;

    #[test]
    fn a_step_has_the_readable_steps_bits() {
        let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        // l = 2 and 3 (the output's rows 4 and 6 fall short of a lane), n of
        // 5, 16 and 33, and the real corpus' dims with a long output layer
        let cases = [((3, 5, 4, 2), 41), ((8, 16, 16, 3), 41), ((16, 33, 8, 8), 41), ((32, 48, 48, 32), 1719)];
        for (seed, (dims, k_y)) in (1..).zip(cases) {
            let p = EncDecParams::init(Dims::new(dims.0, dims.1, dims.2, dims.3).expect("dims"), 9, k_y, seed);
            let enc = encdec::encode(&p, &[3, 1, 4, 1, 5]);
            let mut sc = Scratch::default();
            let mut s = enc.s_0.clone();
            for (t, y_prev) in [0, 7, 40, 2, 2, 19].into_iter().enumerate() {
                let want = encdec::decode_step(&p, &enc.c, &s, y_prev);
                decode_step(&p, enc.c.as_slice(), s.as_slice(), y_prev, &mut sc);
                assert_eq!(bits(&sc.s), bits(want.gru.h.as_slice()), "s_t at t = {t}, {dims:?}");
                assert_eq!(bits(&sc.p), bits(want.p.as_slice()), "p(y_t) at t = {t}, {dims:?}");
                s = want.gru.h;
            }
        }
    }
}
