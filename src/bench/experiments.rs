//! The experiments' figures: one training pair of a 40-word sentence at the
//! bottleneck experiment's sizes, for each model it trains.

use crate::timing::{Row, measure};
use bahdanau::corpus::graded::{self, words};
use bahdanau::experiments::bottleneck::BottleneckConfig;
use bahdanau::experiments::models::{RnnEncDec, RnnSearch};
use bahdanau::experiments::runner::Model;
use bahdanau::train::grad::{backward, loss, zeros_like};
use bahdanau::vocab::{BOS, Vocab};
use bahdanau::walkthrough::trace::Trace;
use std::hint::black_box;

pub fn figures(rows: &mut Vec<Row>) {
    let c = BottleneckConfig::DEFAULT;
    let corpus = graded::generate(c.corpus);
    let Some(pair) = corpus.test.iter().find(|p| words(p) == 40) else { return };
    let bos = Vocab::target().id(BOS).expect("<bos> is in the target vocabulary");
    let (src, tgt) = (&pair.source, &pair.target);
    let per_s = |ns: f64| format!("{:.0} pairs/s", 1e9 / ns);
    let d = c.dims;
    let sizes = format!("m = {}, n = {}, n' = {}, l = {}", d.m, d.n, d.n_a, d.l);

    let search = RnnSearch::toy(d);
    let p = search.init(c.seeds[0]);
    let mut g = zeros_like(&p);
    let fast = measure(|| search.loss_and_backward(&p, black_box(src), tgt, bos, &mut g));
    let readable = measure(|| {
        let tr = Trace::record(&p, black_box(src), tgt, bos);
        backward(&p, &tr, &mut g);
        loss(&tr)
    });
    rows.push(Row::new(&format!("RNNsearch training pair, 40 words, {sizes}: {}", per_s(fast)), fast, 0.0));
    rows.push(Row::naive(&format!("  naive: readable trace + backward, {}", per_s(readable)), readable, 0.0, fast));

    // RNNencdec has no attention to fuse: one path, compared with RNNsearch's.
    let encdec = RnnEncDec::toy(d);
    let q = encdec.init(c.seeds[0]);
    let mut h = zeros_like(&q);
    let plain = measure(|| encdec.loss_and_backward(&q, black_box(src), tgt, bos, &mut h));
    rows.push(Row::new(&format!("RNNencdec training pair, same pair and sizes: {}", per_s(plain)), plain, 0.0));
    rows.push(Row::naive("  RNNsearch on the same pair: the cost of attention", fast, 0.0, plain));
}
