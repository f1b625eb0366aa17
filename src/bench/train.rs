//! Training figures: one epoch over the toy corpus, and the hand-written
//! gradient of one pair against the same gradient by central differences.

use crate::timing::{Row, measure};
use bahdanau::model::Params;
use bahdanau::train::grad::{backward, loss, zeros_like};
use bahdanau::train::trainer::Trainer;
use bahdanau::train::{TrainConfig, initial_params};
use bahdanau::vocab::{BOS, Vocab};
use bahdanau::walkthrough::trace::Trace;
use std::hint::black_box;

/// Sets entry `k` of parameter `j` (in `Params::named` order) to `v`.
fn set(p: &mut Params, j: usize, k: usize, v: f64) {
    p.named_mut()[j].1[k] = v;
}

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
    let pair_loss = |q: &Params| loss(&Trace::record(q, black_box(&pair.source), &pair.target, bos));
    let by_hand = measure(|| {
        let mut g = zeros_like(&p);
        backward(&p, &Trace::record(&p, black_box(&pair.source), &pair.target, bos), &mut g);
        g
    });
    let sizes: Vec<usize> = p.named().iter().map(|(_, m)| m.len()).collect();
    let by_differences = measure(|| {
        let (mut q, mut g, h) = (p.clone(), zeros_like(&p), 1e-5);
        for (j, &size) in sizes.iter().enumerate() {
            for k in 0..size {
                let keep = q.named()[j].1[k];
                set(&mut q, j, k, keep + h);
                let up = pair_loss(&q);
                set(&mut q, j, k, keep - h);
                let down = pair_loss(&q);
                set(&mut q, j, k, keep);
                set(&mut g, j, k, (up - down) / (2.0 * h));
            }
        }
        g
    });
    let entries: usize = sizes.iter().sum();
    rows.push(Row::new("gradient of one pair, backward pass by hand", by_hand, 0.0));
    rows.push(Row::naive(&format!("  naive: central differences, 2 × {entries} passes"), by_differences, 0.0, by_hand));
}
