//! Training figures: one epoch over the toy corpus, and the hand-written
//! gradient of one pair against the same gradient by central differences.

use crate::timing::{Row, measure};
use bahdanau::train::grad::{backward, gradient_check, zeros_like};
use bahdanau::train::trainer::Trainer;
use bahdanau::train::{TrainConfig, initial_params};
use bahdanau::vocab::{BOS, Vocab};
use bahdanau::walkthrough::trace::Trace;
use std::hint::black_box;

pub fn figures(rows: &mut Vec<Row>) {
    let config = TrainConfig::DEFAULT;
    let fresh = Trainer::new(config);
    let epoch = measure(|| {
        let mut t = fresh.clone();
        t.run(1, &|| false, &mut |_| {});
        t.epochs_done
    });
    let pairs = fresh.corpus.train.len();
    rows.push(Row::new(&format!("one training epoch ({pairs} pairs + held-out check)"), epoch, 0.0));

    let p = initial_params(&config);
    let pair = &fresh.corpus.train[0];
    let bos = Vocab::target().id(BOS).expect("<bos> is in the target vocabulary");
    let by_hand = measure(|| {
        let mut g = zeros_like(&p);
        backward(&p, &Trace::record(&p, black_box(&pair.source), &pair.target, bos), &mut g);
        g
    });
    // The same gradient from central differences: two forward passes per entry.
    let by_differences = measure(|| gradient_check(&p, black_box(&pair.source), &pair.target, bos));
    let entries: usize = p.named().iter().map(|(_, m)| m.len()).sum();
    rows.push(Row::new("gradient of one pair, backward pass by hand", by_hand, 0.0));
    rows.push(Row::naive(&format!("  naive: central differences, 2 × {entries} passes"), by_differences, 0.0, by_hand));
}
