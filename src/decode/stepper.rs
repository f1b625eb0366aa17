//! What a search needs from a model: the decoder one position at a time,
//! s_t, ln p(y_t) and α_t from s_{t−1} and y_{t−1}. Each model's encoder side
//! (for RNNsearch H and the keys U_a H) is computed once per sentence, before
//! the search, and every hypothesis reads the same copy.

use std::cell::RefCell;

use nalgebra::{DVectorView, Dyn, Matrix, RawStorage, U1};

use super::step::{Encoded, decode_step};
use crate::model::encdec::{self, EncDecEncoded, EncDecParams};
use crate::model::fast::summarised::{self, Scratch};
use crate::model::fast::{self, Score, Workspace};
use crate::model::scored::{self, ScoredEnc, ScoredParams};
use crate::model::{Params, Vector};

/// One decoder position: the new state, the log-probability of every target
/// word, and the attention weights (empty for a model without attention).
#[derive(Clone, Debug, PartialEq)]
pub struct Expansion<S> {
    pub s: S,          // s_t
    pub log_p: Vector, // ln p(y_t = w | y_<t, x), (K_y)
    pub alpha: Vector, // α_t, (T_x); empty for RNNencdec
}

/// A decoder a search can drive.
pub trait Stepper {
    type State: Clone + std::fmt::Debug + PartialEq;
    /// s_0.
    fn start(&self) -> Self::State;
    /// The decoder at one position, from s_{t−1} and y_{t−1}.
    fn step(&self, s_prev: &Self::State, y_prev: usize) -> Expansion<Self::State>;
}

/// ln p, elementwise; p = 0 gives −∞, which ranks last.
fn ln<S: RawStorage<f64, Dyn>>(p: &Matrix<f64, Dyn, U1, S>) -> Vector {
    p.map(f64::ln)
}

/// RNNsearch on the readable path; `enc` holds H and U_a H, computed once.
pub struct Attending<'a> {
    pub p: &'a Params,
    pub enc: &'a Encoded,
}

impl Stepper for Attending<'_> {
    type State = Vector;
    fn start(&self) -> Vector {
        self.enc.s_0.clone()
    }
    fn step(&self, s_prev: &Vector, y_prev: usize) -> Expansion<Vector> {
        let d = decode_step(self.p, self.enc, s_prev, y_prev);
        Expansion { log_p: ln(&d.p), alpha: d.alpha, s: d.gru.h }
    }
}

/// RNNsearch on the fast path: what an experiment's beam search runs, many
/// sentences over. The encoder fills `ws` once (H, U_a H and s_0); each
/// step then reads them. Its α and ln p are [`Attending`]'s to rounding
/// (a test holds them to 1e-12), not bit for bit: the fast path fuses the
/// energies' multiply-adds.
pub struct FastAttending<'a> {
    p: &'a Params,
    ws: RefCell<&'a mut Workspace>,
}

impl<'a> FastAttending<'a> {
    /// Encodes `source` into `ws`, once for every hypothesis.
    pub fn new(p: &'a Params, ws: &'a mut Workspace, source: &[usize]) -> FastAttending<'a> {
        fast::forward::encode(p, Score::Additive, ws, source);
        FastAttending { p, ws: RefCell::new(ws) }
    }
}

impl Stepper for FastAttending<'_> {
    type State = Vector;
    fn start(&self) -> Vector {
        self.ws.borrow().s_0.clone() // a step leaves s_0 as the encoder wrote it
    }
    fn step(&self, s_prev: &Vector, y_prev: usize) -> Expansion<Vector> {
        let mut ws = self.ws.borrow_mut();
        fast::forward::step_from(self.p, Score::Additive, &mut ws, s_prev.as_slice(), y_prev);
        let t_x = ws.t_x;
        Expansion {
            s: ws.dec.h.column(1).into_owned(),
            log_p: ln(&ws.p.column(1)),
            alpha: Vector::from_column_slice(&ws.alpha[t_x..2 * t_x]),
        }
    }
}

/// RNNsearch with another score; `enc` holds H and the keys, computed once.
pub struct ScoredAttending<'a> {
    pub p: &'a ScoredParams,
    pub enc: &'a ScoredEnc,
}

impl Stepper for ScoredAttending<'_> {
    type State = Vector;
    fn start(&self) -> Vector {
        self.enc.s_0.clone()
    }
    fn step(&self, s_prev: &Vector, y_prev: usize) -> Expansion<Vector> {
        let d = scored::step(self.p, self.enc, s_prev, y_prev);
        Expansion { log_p: ln(&d.p), alpha: d.alpha, s: d.gru.h }
    }
}

/// RNNencdec: every position reads the same summary c; there is no α.
pub struct Summarised<'a> {
    pub p: &'a EncDecParams,
    pub enc: &'a EncDecEncoded,
}

impl Stepper for Summarised<'_> {
    type State = Vector;
    fn start(&self) -> Vector {
        self.enc.s_0.clone()
    }
    fn step(&self, s_prev: &Vector, y_prev: usize) -> Expansion<Vector> {
        let d = encdec::decode_step(self.p, &self.enc.c, s_prev, y_prev);
        Expansion { log_p: ln(&d.p), alpha: Vector::zeros(0), s: d.gru.h }
    }
}

/// RNNencdec on the fast path's kernels, with [`Summarised`]'s bits (a test
/// compares a step's s_t and p): what the experiments' greedy and beam
/// decoding run. The step's buffers are reused from one expansion to the next.
pub struct FastSummarised<'a> {
    p: &'a EncDecParams,
    enc: &'a EncDecEncoded,
    scratch: RefCell<Scratch>,
}

impl<'a> FastSummarised<'a> {
    pub fn new(p: &'a EncDecParams, enc: &'a EncDecEncoded) -> FastSummarised<'a> {
        FastSummarised { p, enc, scratch: RefCell::new(Scratch::default()) }
    }
}

impl Stepper for FastSummarised<'_> {
    type State = Vector;
    fn start(&self) -> Vector {
        self.enc.s_0.clone()
    }
    fn step(&self, s_prev: &Vector, y_prev: usize) -> Expansion<Vector> {
        let sc = &mut *self.scratch.borrow_mut();
        summarised::decode_step(self.p, self.enc.c.as_slice(), s_prev.as_slice(), y_prev, sc);
        let p = DVectorView::from_slice(&sc.p, sc.p.len());
        Expansion { log_p: ln(&p), alpha: Vector::zeros(0), s: Vector::from_column_slice(&sc.s) }
    }
}

/// The naive variant of any stepper: a hypothesis keeps only its words, and
/// every expansion runs the decoder again from `<bos>` over the whole prefix
/// (t decoder steps at position t instead of one).
pub struct FromBos<S>(pub S);

impl<S: Stepper> Stepper for FromBos<S> {
    type State = Vec<usize>; // y_0 … y_{t−1}, the words fed so far
    fn start(&self) -> Vec<usize> {
        Vec::new()
    }
    fn step(&self, fed: &Vec<usize>, y_prev: usize) -> Expansion<Vec<usize>> {
        let s_prev = fed.iter().fold(self.0.start(), |s, &y| self.0.step(&s, y).s);
        let e = self.0.step(&s_prev, y_prev);
        let mut fed = fed.clone();
        fed.push(y_prev);
        Expansion { s: fed, log_p: e.log_p, alpha: e.alpha }
    }
}
