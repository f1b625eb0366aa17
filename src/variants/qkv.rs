//! The Q/K/V reading of the same computation: s_{t−1} is the query q_t, each
//! h_i is both key k_i and value v_i. The Transformer's change is to project
//! keys and values separately, K = W_K H and V = W_V H, and score by qᵀk / √d.

use super::{VariantParams, WeightsUsed};
use crate::model::attention::{context, softmax};
use crate::model::{Vector, scores};
use crate::text::Text;
use crate::text::variants as T;
use crate::walkthrough::Walkthrough;

/// How steps are labelled: the paper's names, or queries, keys and values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QkvMode {
    Off,
    On,
    Separate,
}

impl QkvMode {
    pub const NAMES: [&'static str; 3] = ["on", "off", "separate"];

    pub fn parse(word: &str) -> Result<QkvMode, String> {
        match word {
            "on" => Ok(QkvMode::On),
            "off" => Ok(QkvMode::Off),
            "separate" => Ok(QkvMode::Separate),
            _ => Err(crate::text::variants::QKV_MODE_UNKNOWN.fill(&[("word", &word)])),
        }
    }
}

/// Step id, the paper's symbol, the Q/K/V symbol and formula (in words where it has some).
pub const RELABEL: [(u8, &str, &str, Text); 8] = [
    (4, "H", "K = V = H", T::QKV_FORMULA_04),
    (5, "s_0", "q_1 = s_0", T::QKV_FORMULA_05),
    (6, "W_a s_{t-1}", "W_a q_t", T::QKV_FORMULA_06),
    (7, "U_a H", "U_a K", T::QKV_FORMULA_07),
    (8, "tanh(W_a s_{t-1} + U_a h_i)", "tanh(W_a q_t + U_a k_i)", T::QKV_FORMULA_08),
    (9, "e_t", "e_t = score(q_t, K)", T::QKV_FORMULA_09),
    (11, "c_t", "c_t = V α_t", T::QKV_FORMULA_11),
    (12, "s_t", "q_{t+1} = s_t", T::QKV_FORMULA_12),
];

/// The Q/K/V symbol and formula of step `id`, if it changes name (the formula in the language spoken).
pub fn relabel(id: u8) -> Option<(&'static str, &'static str)> {
    RELABEL.iter().find(|r| r.0 == id).map(|r| (r.2, r.3.get()))
}

/// Attention at one t in three readings of keys and values.
#[derive(Clone, Debug, PartialEq)]
pub struct QkvView {
    pub t: usize,
    pub alpha: [Vector; 3], // Bahdanau, K = V = W_K H, K = W_K H with V = W_V H; (T_x)
    pub c: [Vector; 3],     // the matching contexts, (2n)
    /// max |α(K = V) − α(K ≠ V)|: zero, α does not depend on V.
    pub alpha_gap: f64,
    /// max |c(K = V) − c(K ≠ V)|: the context does depend on V.
    pub c_gap: f64,
    pub weights: WeightsUsed,
}

/// The three readings at target position t (1 … T_y), on the trace's s_{t−1}.
pub fn qkv_view(w: &Walkthrough, vp: &VariantParams, t: usize) -> Result<QkvView, String> {
    let t_y = w.trace.steps.len();
    let step = w
        .trace
        .steps
        .get(t.wrapping_sub(1))
        .ok_or_else(|| crate::text::variants::QKV_T_OUTSIDE.fill(&[("t", &t), ("t_y", &t_y)]))?;
    let h = &w.trace.enc.h; // (2n, T_x)
    let q = vp.dot_query(&step.s_prev, h); // (2n)
    let k = &vp.W_K * h; // (2n, 2n)·(2n, T_x) → (2n, T_x)
    let v = &vp.W_V * h; // (2n, T_x)
    let alpha_k = softmax(&scores::scaled_dot(&q, &k)?); // (T_x)
    let alpha = [step.alpha.clone(), alpha_k.clone(), alpha_k.clone()];
    let c = [step.c.clone(), context(&k, &alpha_k), context(&v, &alpha_k)];
    let (alpha_gap, c_gap) = ((&alpha[1] - &alpha[2]).amax(), (&c[1] - &c[2]).amax());
    Ok(QkvView { t, alpha, c, alpha_gap, c_gap, weights: WeightsUsed::of(w, vp) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::default_setup as setup;

    #[test]
    fn separate_values_change_the_context_but_not_the_weights() {
        let (w, vp) = setup();
        let v = qkv_view(&w, &vp, 2).unwrap();
        assert_eq!(v.alpha[1], v.alpha[2]);
        assert!((&v.c[1] - &v.c[2]).amax() > 1e-3);
        assert_eq!(v.c[0], w.trace.steps[1].c);
        assert!(qkv_view(&w, &vp, 0).is_err() && qkv_view(&w, &vp, 6).is_err());
        assert_eq!((v.alpha_gap, v.c_gap), ((&v.alpha[1] - &v.alpha[2]).amax(), (&v.c[1] - &v.c[2]).amax()));
    }

    #[test]
    fn modes_parse_and_unknown_ones_say_what_to_type() {
        assert_eq!(QkvMode::parse("separate"), Ok(QkvMode::Separate));
        assert!(QkvMode::parse("yes").unwrap_err().contains("qkv on"));
    }
}
