//! One training pair at the real corpus' sizes: `RealConfig::FULL`'s dims,
//! its shortlists K_x and K_y, and the median source and target length of
//! the experiment's own training selection. RNNsearch forward and backward on
//! the fast path, RNNencdec on its own (which has no fast path), each then
//! with its share of the Adam step that a batch of `RealConfig::FULL.run.batch`
//! pairs takes.

use crate::timing::{Row, measure};
use bahdanau::corpus::real::split::TokenSplits;
use bahdanau::corpus::real::store::{corpus_dir, load};
use bahdanau::corpus::real::vocabularies;
use bahdanau::experiments::real::RealConfig;
use bahdanau::experiments::real::summary::committed;
use bahdanau::model::Params;
use bahdanau::model::encdec::EncDecParams;
use bahdanau::train::grad::zeros_like;
use bahdanau::train::optim::Adam;
use bahdanau::train::{encdec, grad};
use std::hint::black_box;

/// The sizes the row is measured at, and where they came from.
pub struct Sizes {
    pub k_x: usize,
    pub k_y: usize,
    /// Tokens per sentence, `<eos>` included (the experiment appends it).
    pub t_x: usize,
    pub t_y: usize,
    pub from: String,
}

/// The middle value (the lower one of an even count).
fn median(mut v: Vec<usize>) -> Option<usize> {
    v.sort_unstable();
    v.get(v.len().saturating_sub(1) / 2).copied()
}

/// Medians over the pairs the experiment trains on: the first `n_train` of the
/// training split with at most `max_train_words` source words.
pub fn from_splits(c: &RealConfig, s: &TokenSplits) -> Option<Sizes> {
    let chosen: Vec<_> = s.train.iter().filter(|p| p.0.len() <= c.max_train_words).take(c.n_train).collect();
    let t_x = median(chosen.iter().map(|p| p.0.len()).collect())? + 1;
    let t_y = median(chosen.iter().map(|p| p.1.len()).collect())? + 1;
    let (sv, tv) = vocabularies(s, c.vocab);
    let from = format!("median of {} training pairs", chosen.len());
    Some(Sizes { k_x: sv.len(), k_y: tv.len(), t_x, t_y, from })
}

/// The corpus' sizes, or why there are none (the committed results record the
/// shortlists but no sentence lengths, so without the corpus there is no row).
pub fn sizes(c: &RealConfig) -> Result<Sizes, String> {
    let dir = corpus_dir().ok_or("no data folder on this system")?;
    match load(&dir) {
        Ok((splits, _)) => from_splits(c, &splits).ok_or_else(|| "the corpus has no training pairs".into()),
        Err(e) => {
            let shortlists = committed().map(|v| format!("{}/{}", v.shortlists.0, v.shortlists.1));
            let recorded = shortlists.map_or(String::new(), |k| format!(" (the committed results record K_x/K_y {k})"));
            Err(format!("{e}; the median length needs the corpus{recorded}"))
        }
    }
}

/// Ids 3, 4, … cycling below `k`: the cost does not depend on which words.
fn ids(len: usize, k: usize) -> Vec<usize> {
    (0..len).map(|i| 3 + (i * 7) % (k - 3)).collect()
}

pub fn figures(rows: &mut Vec<Row>) {
    let c = RealConfig::FULL;
    let z = match sizes(&c) {
        Ok(z) => z,
        Err(e) => {
            println!("real-corpus training pair: not measured: {e}\n");
            return;
        }
    };
    let d = c.dims;
    println!(
        "real corpus: m = {}, n = n' = {}, l = {}, K_x = {}, K_y = {}, {} → {} tokens ({})",
        d.m, d.n, d.l, z.k_x, z.k_y, z.t_x, z.t_y, z.from
    );
    let (src, tgt, bos) = (ids(z.t_x, z.k_x), ids(z.t_y, z.k_y), 0);
    let batch = c.run.batch as f64;
    let per_s = |ns: f64| format!("{:.0} pairs/s", 1e9 / ns);

    let p = Params::init(d, z.k_x, z.k_y, 1);
    let mut g = zeros_like(&p);
    let search = measure(|| grad::loss_and_backward(&p, black_box(&src), &tgt, bos, &mut g));
    // `-- real search`: RNNsearch's forward and backward alone, for a profiler.
    if std::env::args().any(|a| a == "search") {
        rows.push(Row::new(&format!("real pair, RNNsearch fwd+bwd, {}", per_s(search)), search, 0.0));
        return;
    }
    let (mut q, mut adam) = (p.clone(), Adam::new(&p, c.run.lr, c.run.clip));
    let step = measure(|| adam.step(&mut q, black_box(&g)).is_ok());
    let with_adam = search + step / batch;

    let e = EncDecParams::init(d, z.k_x, z.k_y, 1);
    let mut ge = zeros_like(&e);
    let encdec = measure(|| encdec::loss_and_backward(&e, black_box(&src), &tgt, bos, &mut ge));
    let (mut qe, mut adam_e) = (e.clone(), Adam::new(&e, c.run.lr, c.run.clip));
    let step_e = measure(|| adam_e.step(&mut qe, black_box(&ge)).is_ok());

    let label = |what: &str, ns: f64| format!("real pair, {what}, {}", per_s(ns));
    let adam_share = format!("+ Adam/{}", c.run.batch);
    rows.push(Row::new(&label("RNNsearch fwd+bwd", search), search, 0.0));
    rows.push(Row::new(&label(&format!("RNNsearch {adam_share}"), with_adam), with_adam, 0.0));
    rows.push(Row::new(&label("RNNencdec fwd+bwd", encdec), encdec, 0.0));
    let encdec_adam = encdec + step_e / batch;
    rows.push(Row::new(&label(&format!("RNNencdec {adam_share}"), encdec_adam), encdec_adam, 0.0));
}
