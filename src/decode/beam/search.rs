//! The live beam and one position of the search: expand, prune, finish.

use super::guard::forbid_eos;
use crate::decode::stepper::{Expansion, Stepper};
use crate::model::Vector;

/// One partial translation: its words, the state the next step starts from,
/// its log-probability and the α row each of its words attended with.
#[derive(Clone, Debug, PartialEq)]
pub struct Hypothesis<S> {
    pub words: Vec<usize>,  // y_1 … y_t
    pub s: S,               // s_t, the next position's s_{t−1}
    pub log_p: f64,         // Σ_τ ln p(y_τ | y_<τ, x)
    pub alpha: Vec<Vector>, // α_1 … α_t, each (T_x)
    /// Set aside at the length limit without `<eos>`.
    pub cut: bool,
}

/// A continuation: hypothesis `from` (its index in the live beam) with `word`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub from: usize,
    pub word: usize,
    pub log_p: f64, // the hypothesis' ln p plus ln p(word)
}

/// What one position did, for the REPL and the book to show.
#[derive(Clone, Debug, PartialEq)]
pub struct BeamStep {
    pub t: usize,
    /// The live hypotheses before this position: words and log-probability.
    pub live: Vec<(Vec<usize>, f64)>,
    /// α_t of each live hypothesis, (T_x) each.
    pub alpha: Vec<Vector>,
    /// Each hypothesis' best `room` continuations, best first: every
    /// survivor is among them.
    pub top: Vec<Vec<Candidate>>,
    /// How many could survive: K minus those finished before.
    pub room: usize,
    /// The survivors, best first, those ending in `<eos>` included.
    pub kept: Vec<Candidate>,
}

impl BeamStep {
    /// Whether `c` survived this position.
    pub fn survived(&self, c: &Candidate) -> bool {
        self.kept.iter().any(|k| k.from == c.from && k.word == c.word)
    }
}

/// The search in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Beam<S> {
    pub k: usize,
    pub eos: usize,
    pub max_len: usize,
    /// No `<eos>` before this many words (0: no guard; see `guard`).
    pub min_len: usize,
    /// y_{t−1} of every live hypothesis is its last word; `<bos>` before any.
    pub bos: usize,
    pub live: Vec<Hypothesis<S>>,
    pub finished: Vec<Hypothesis<S>>,
    pub steps: Vec<BeamStep>,
}

impl<S: Clone> Beam<S> {
    /// One live hypothesis, no words yet, from s_0.
    pub fn new<St: Stepper<State = S>>(st: &St, k: usize, bos: usize, eos: usize, max_len: usize) -> Beam<S> {
        let start = Hypothesis { words: vec![], s: st.start(), log_p: 0.0, alpha: vec![], cut: false };
        Beam { k: k.max(1), eos, max_len, min_len: 0, bos, live: vec![start], finished: vec![], steps: vec![] }
    }

    /// The same search with GroundHog's guard: no `<eos>` before `min_len` words.
    pub fn with_min_len(self, min_len: usize) -> Beam<S> {
        Beam { min_len, ..self }
    }

    /// K have finished, or none is left to expand.
    pub fn done(&self) -> bool {
        self.finished.len() >= self.k || self.live.is_empty()
    }

    /// One target position: expand, prune, finish; at the length limit the
    /// survivors are set aside as finished, marked cut.
    pub fn advance<St: Stepper<State = S>>(&mut self, st: &St) {
        let room = self.k - self.finished.len();
        let mut expanded = expand(st, &self.live, self.bos);
        forbid_eos(&mut expanded, self.eos, self.steps.len() + 1, self.min_len);
        let kept = prune(&self.live, &expanded, room);
        let top = (0..self.live.len()).map(|h| prune(&self.live[h..=h], &expanded[h..=h], room)).collect();
        let step = BeamStep {
            t: self.steps.len() + 1,
            live: self.live.iter().map(|h| (h.words.clone(), h.log_p)).collect(),
            alpha: expanded.iter().map(|e| e.alpha.clone()).collect(),
            top: relabel(top),
            room,
            kept: kept.clone(),
        };
        let (mut live, finished) = finish(&self.live, expanded, &kept, self.eos);
        if step.t >= self.max_len {
            live.iter_mut().for_each(|h| h.cut = true);
            self.finished.extend(finished.into_iter().chain(live));
            self.live = Vec::new();
        } else {
            self.finished.extend(finished);
            self.live = live;
        }
        self.steps.push(step);
    }
}

/// `prune` on one hypothesis at a time numbers it 0: give each its own index.
fn relabel(top: Vec<Vec<Candidate>>) -> Vec<Vec<Candidate>> {
    top.into_iter().enumerate().map(|(h, cs)| cs.into_iter().map(|c| Candidate { from: h, ..c }).collect()).collect()
}

// ANCHOR: expand
/// Every live hypothesis one decoder step further: s_t, α_t and ln p(y_t),
/// fed its own last word (`<bos>` at t = 1) and its own s_{t−1}.
pub fn expand<St: Stepper>(
    st: &St,
    live: &[Hypothesis<St::State>], // the beam, at most K of them
    bos: usize,
) -> Vec<Expansion<St::State>> {
    let last_word = |h: &Hypothesis<St::State>| h.words.last().copied();
    live.iter().map(|h| st.step(&h.s, last_word(h).unwrap_or(bos))).collect()
}
// ANCHOR_END: expand

// ANCHOR: prune
/// The `room` best continuations over every hypothesis × every word, scored
/// ln p(prefix) + ln p(word); ties go to the earlier hypothesis, then the
/// lower word id.
pub fn prune<S>(
    live: &[Hypothesis<S>],
    expanded: &[Expansion<S>], // one per live hypothesis
    room: usize,
) -> Vec<Candidate> {
    let mut all: Vec<Candidate> = live
        .iter()
        .zip(expanded)
        .enumerate()
        .flat_map(|(from, (h, e))| {
            // ln p(prefix) + ln p(word) for every word of the vocabulary
            let log_p = e.log_p.iter().map(move |lp| h.log_p + lp);
            let candidate = move |(word, log_p)| {
                Candidate { from, word, log_p } // word: an id of the vocabulary
            };
            log_p.enumerate().map(candidate)
        })
        .collect(); // (live × K_y) of them
    // best first; equal scores in (hypothesis, word) order
    let rank = |a: &Candidate, b: &Candidate| {
        let order = (a.from, a.word).cmp(&(b.from, b.word));
        b.log_p.total_cmp(&a.log_p).then(order)
    };
    if room < all.len() {
        // the best `room` first, in no order: O(live × K_y), no full sort
        all.select_nth_unstable_by(room, rank);
        all.truncate(room);
    }
    all.sort_by(rank);
    all
}
// ANCHOR_END: prune

// ANCHOR: finish
/// The survivors as hypotheses, split: those ending in `<eos>` are finished,
/// the others stay live, both in rank order.
pub fn finish<S: Clone>(
    live: &[Hypothesis<S>],
    expanded: Vec<Expansion<S>>,
    kept: &[Candidate],
    eos: usize,
) -> (Vec<Hypothesis<S>>, Vec<Hypothesis<S>>) {
    let grown = kept.iter().map(|c| {
        let (h, e) = (&live[c.from], &expanded[c.from]);
        let mut words = h.words.clone();
        words.push(c.word);
        let mut alpha = h.alpha.clone();
        alpha.push(e.alpha.clone());
        Hypothesis { words, s: e.s.clone(), log_p: c.log_p, alpha, cut: false }
    });
    grown.partition(|h| h.words.last() != Some(&eos))
}
// ANCHOR_END: finish
