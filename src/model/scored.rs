//! RNNsearch with another score in place of the additive one: the encoder,
//! decoder and output are the model's own, only e_{t,i} changes.
//!
//! ```text
//! dot      e_{t,i} = qᵀ h_i          q = W_q s_{t−1}   (W_q: 2n × n, since h_i has 2n entries)
//! scaled   e_{t,i} = qᵀ h_i / √d_k   d_k = 2n
//! general  e_{t,i} = s_{t−1}ᵀ W_g h_i = s_{t−1}ᵀ k_i,  k_i = W_g h_i once per sentence
//! concat   e_{t,i} = v_aᵀ tanh(W_c [s_{t−1}; h_i])
//! keyed    e_{t,i} = (W_q s_{t−1})ᵀ (W_k h_i) · γ,  q, k_i of any length d_k (the √d_k sweep)
//! ```
//!
//! Every multiplicative kind is e_t = γ Kᵀ q with a query q and keys K (d_k × T_x).

use crate::model::attention::{context, key_projections, query_projection, softmax};
use crate::model::decoder::{decoder_step, initial_state};
use crate::model::encoder::{RnnPass, annotations, backward_rnn, embed, forward_rnn};
use crate::model::output::{deep_output, maxout, output_probs};
use crate::model::rng::SeededRng;
use crate::model::scores::{ScoreKind, concat, concat_weight};
use crate::model::{Dims, GruStep, Mat, ParamSet, Params, Vector};

/// Mixed into the seed so that the score's own weights come from another stream
/// and every other weight is the additive model's draw, bit for bit.
pub const SCORE_STREAM: u64 = 0x5343_4f52_4553;

/// An RNNsearch whose score is `kind`; `d_k` adds a key projection W_k (dot
/// and scaled only) so that the key length can differ from 2n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreSpec {
    pub kind: ScoreKind,
    pub d_k: Option<usize>,
}

/// The model's weights: the RNNsearch's without W_a, U_a, v_a (left 0 × 0),
/// and the score's own (0 × 0 when the kind has none).
#[allow(non_snake_case)]
#[derive(Clone, Debug, PartialEq)]
pub struct ScoredParams {
    pub spec: ScoreSpec,
    pub base: Params,
    pub W_q: Mat, // (d_k, n): dot, scaled
    pub W_k: Mat, // (d_k, 2n): dot and scaled with a key projection; general's W_g, (n, 2n)
    pub W_c: Mat, // (n', n + 2n): concat
    pub v_c: Mat, // (n', 1): concat
}

impl ScoredParams {
    /// The additive model's draw for every shared weight; the score's weights
    /// uniform on ±√(3 / fan_in) (gain 1); concat starts as [W_a, U_a] and
    /// v_a / 100, the additive model's exact start.
    pub fn init(spec: ScoreSpec, dims: Dims, k_x: usize, k_y: usize, seed: u64) -> ScoredParams {
        let Dims { n, .. } = dims;
        let mut base = Params::init(dims, k_x, k_y, seed);
        let mut rng = SeededRng::new(seed ^ SCORE_STREAM);
        let mut draw = |r: usize, c: usize| {
            let a = (3.0 / c as f64).sqrt();
            Mat::from_fn(r, c, |_, _| rng.uniform(a))
        };
        let e = || Mat::zeros(0, 0);
        let (mut w_q, mut w_k, mut w_c, mut v_c) = (e(), e(), e(), e());
        match spec.kind {
            ScoreKind::Dot | ScoreKind::Scaled => {
                let d = spec.d_k.unwrap_or(2 * n);
                w_q = draw(d, n);
                if spec.d_k.is_some() {
                    w_k = draw(d, 2 * n);
                }
            }
            ScoreKind::General => w_k = draw(n, 2 * n),
            ScoreKind::Concat => (w_c, v_c) = (concat_weight(&base.W_a, &base.U_a), &base.v_a * 0.01),
            ScoreKind::Additive => {}
        }
        (base.W_a, base.U_a, base.v_a) = (e(), e(), e());
        ScoredParams { spec, base, W_q: w_q, W_k: w_k, W_c: w_c, v_c }
    }

    /// The concat model that is `p`, the additive one: W_c = [W_a, U_a], v_c = v_a.
    pub fn concat_of(p: &Params) -> ScoredParams {
        let e = || Mat::zeros(0, 0);
        let mut base = p.clone();
        (base.W_a, base.U_a, base.v_a) = (e(), e(), e());
        let spec = ScoreSpec { kind: ScoreKind::Concat, d_k: None };
        ScoredParams { spec, base, W_q: e(), W_k: e(), W_c: concat_weight(&p.W_a, &p.U_a), v_c: p.v_a.clone() }
    }

    /// The key length d_k of the multiplicative kinds.
    pub fn d_k(&self) -> usize {
        if self.W_k.is_empty() { self.base.dec_c.c.ncols() } else { self.W_k.nrows() }
    }

    /// γ: 1/√d_k for scaled, 1 otherwise.
    pub fn gamma(&self) -> f64 {
        if self.spec.kind == ScoreKind::Scaled { 1.0 / (self.d_k() as f64).sqrt() } else { 1.0 }
    }

    fn key_name(&self) -> &'static str {
        if self.spec.kind == ScoreKind::General { "W_g" } else { "W_k" }
    }
}

impl ParamSet for ScoredParams {
    fn named(&self) -> Vec<(&'static str, &Mat)> {
        let own = [("W_q", &self.W_q), (self.key_name(), &self.W_k), ("W_c", &self.W_c), ("v_c", &self.v_c)];
        self.base.named().into_iter().chain(own).filter(|(_, m)| !m.is_empty()).collect()
    }
    fn named_mut(&mut self) -> Vec<(&'static str, &mut Mat)> {
        let key = self.key_name();
        let own = [("W_q", &mut self.W_q), (key, &mut self.W_k), ("W_c", &mut self.W_c), ("v_c", &mut self.v_c)];
        self.base.named_mut().into_iter().chain(own).filter(|(_, m)| !m.is_empty()).collect()
    }
}

/// The encoder's side: X, →h, ←h, H, the keys K and s_0.
#[derive(Clone, Debug)]
pub struct ScoredEnc {
    pub x: Mat,
    pub fwd: RnnPass,
    pub bwd: RnnPass,
    pub h: Mat,    // (2n, T_x)
    pub keys: Mat, // K: W_k H, or H itself, (d_k, T_x); concat: H
    pub s_0: Vector,
}

/// What one target position computed.
#[derive(Clone, Debug)]
pub struct ScoredStep {
    pub y_prev: usize,
    pub y_prev_emb: Vector, // (m)
    pub s_prev: Vector,     // (n)
    pub q: Vector,          // the query, (d_k); concat: s_{t−1}
    pub e: Vector,          // (T_x)
    pub alpha: Vector,      // (T_x)
    pub c: Vector,          // (2n)
    pub gru: GruStep,
    pub t_tilde: Vector, // (2l)
    pub t_max: Vector,   // (l)
    pub p: Vector,       // (K_y)
}

/// The encoder, then the keys once per sentence.
pub fn encode(p: &ScoredParams, source: &[usize]) -> ScoredEnc {
    let b = &p.base;
    let x = embed(&b.E_x, source); // (m, T_x)
    let (fwd, bwd) = (forward_rnn(&b.fwd, &x), backward_rnn(&b.bwd, &x));
    let h = annotations(&fwd.h, &bwd.h); // (2n, T_x)
    let keys = if p.W_k.is_empty() { h.clone() } else { key_projections(&p.W_k, &h) }; // (d_k, T_x)
    let s_0 = initial_state(&b.W_s, &bwd.h.column(0).into_owned()); // (n)
    ScoredEnc { x, fwd, bwd, h, keys, s_0 }
}

/// The query and e_t of this score for the state `s_prev`.
pub fn score(p: &ScoredParams, enc: &ScoredEnc, s_prev: &Vector) -> (Vector, Vector) {
    match p.spec.kind {
        ScoreKind::Concat => (s_prev.clone(), concat(&p.W_c, &p.v_c, s_prev, &enc.h)),
        ScoreKind::General => (s_prev.clone(), enc.keys.tr_mul(s_prev)), // (n, T_x)ᵀ·(n) → (T_x)
        _ => {
            let q = query_projection(&p.W_q, s_prev); // (d_k)
            let e = enc.keys.tr_mul(&q) * p.gamma(); // (T_x)
            (q, e)
        }
    }
}

/// One target position: the score, α, c_t, then the model's own decoder and output.
pub fn step(p: &ScoredParams, enc: &ScoredEnc, s_prev: &Vector, y_prev: usize) -> ScoredStep {
    let b = &p.base;
    let (q, e) = score(p, enc, s_prev);
    let alpha = softmax(&e);
    let c = context(&enc.h, &alpha); // (2n)
    let y_prev_emb = b.E_y.column(y_prev).into_owned(); // (m)
    let gru = decoder_step(&b.dec, &b.dec_c, &y_prev_emb, s_prev, &c);
    let t_tilde = deep_output(&b.U_o, &b.V_o, &b.C_o, &gru.h, &y_prev_emb, &c);
    let t_max = maxout(&t_tilde);
    let probs = output_probs(&b.W_o, &t_max);
    ScoredStep { y_prev, y_prev_emb, s_prev: s_prev.clone(), q, e, alpha, c, gru, t_tilde, t_max, p: probs }
}

/// The whole pair, teacher-forced: y_0 = <bos>, then the given target words.
pub fn record(p: &ScoredParams, source: &[usize], target: &[usize], bos: usize) -> (ScoredEnc, Vec<ScoredStep>) {
    let enc = encode(p, source);
    let mut steps: Vec<ScoredStep> = Vec::with_capacity(target.len());
    for t in 0..target.len() {
        let y_prev = if t == 0 { bos } else { target[t - 1] };
        let s_prev = steps.last().map_or(&enc.s_0, |d| &d.gru.h).clone();
        steps.push(step(p, &enc, &s_prev, y_prev));
    }
    (enc, steps)
}

/// A: row t is α_t of the teacher-forced pair, (T_y, T_x).
pub fn alignment(p: &ScoredParams, source: &[usize], target: &[usize], bos: usize) -> Mat {
    let (_, steps) = record(p, source, target, bos);
    Mat::from_fn(steps.len(), source.len(), |t, i| steps[t].alpha[i])
}
