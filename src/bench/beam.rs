//! Beam search of a 40-word sentence, K = 10, at the bottleneck experiment's
//! sizes: the search as built (each hypothesis carries s_{t−1}; H and U_a H
//! computed once per sentence) beside the naive one that replays every
//! hypothesis' decoder from <bos> at every position.

use crate::timing::{Row, measure};
use bahdanau::corpus::graded::{self, words};
use bahdanau::decode::beam::{Beam, Norm, beam_search, max_len};
use bahdanau::decode::step::encode;
use bahdanau::decode::stepper::{Attending, FromBos};
use bahdanau::experiments::bottleneck::BottleneckConfig;
use bahdanau::experiments::models::RnnSearch;
use bahdanau::experiments::runner::Model;
use bahdanau::vocab::{BOS, EOS, Vocab};
use std::hint::black_box;

const K: usize = 10;

pub fn figures(rows: &mut Vec<Row>) {
    let c = BottleneckConfig::DEFAULT;
    let corpus = graded::generate(c.corpus);
    let Some(pair) = corpus.test.iter().find(|p| words(p) == 40) else { return };
    let tv = Vocab::target();
    let (bos, eos) = (tv.id(BOS).expect("<bos>"), tv.id(EOS).expect("<eos>"));
    let p = RnnSearch::toy(c.dims).init(c.run.init_seed);
    let len = max_len(pair.source.len());
    let enc = encode(&p, &pair.source);
    // Positions the search runs (an untrained model seldom says <eos>) and decoder steps each way.
    let mut b = Beam::new(&Attending { p: &p, enc: &enc }, K, bos, eos, len);
    while !b.done() {
        b.advance(&Attending { p: &p, enc: &enc });
    }
    let steps: usize = b.steps.iter().map(|s| s.live.len()).sum();
    let replayed: usize = b.steps.iter().map(|s| s.live.len() * s.t).sum();
    let fast = measure(|| {
        let enc = encode(&p, black_box(&pair.source)); // H and U_a H, once
        beam_search(&Attending { p: &p, enc: &enc }, K, bos, eos, len, Norm::None)
    });
    let naive = measure(|| {
        let enc = encode(&p, black_box(&pair.source));
        beam_search(&FromBos(Attending { p: &p, enc: &enc }), K, bos, eos, len, Norm::None)
    });
    rows.push(Row::new(
        &format!("beam K={K}, 40 words, {} positions: {steps} decoder steps", b.steps.len()),
        fast,
        0.0,
    ));
    rows.push(Row::naive(&format!("  naive: each hypothesis replayed from <bos>, {replayed} steps"), naive, 0.0, fast));
}
