//! Training figures: one epoch over the toy corpus, one pair of 40-token
//! sentences on the fast path against the readable one (what training ran
//! before), and the hand-written gradient against central differences.

use crate::timing::{Row, measure};
use bahdanau::decode::{greedy_decode, greedy_decode_readable};
use bahdanau::model::Params;
use bahdanau::train::grad::{backward, gradient_check, loss, loss_and_backward, zeros_like};
use bahdanau::train::trainer::Trainer;
use bahdanau::train::{TrainConfig, initial_params};
use bahdanau::vocab::{BOS, Vocab};
use bahdanau::walkthrough::trace::Trace;
use std::hint::black_box;

/// One training pair and one greedy decoding of `src`, fast against readable.
fn pair_rows(rows: &mut Vec<Row>, what: &str, p: &Params, src: &[usize], tgt: &[usize], bos: usize) {
    let mut g = zeros_like(p);
    let fast = measure(|| loss_and_backward(p, black_box(src), tgt, bos, &mut g));
    let readable = measure(|| {
        let tr = Trace::record(p, black_box(src), tgt, bos);
        backward(p, &tr, &mut g);
        loss(&tr)
    });
    let (t_x, t_y) = (src.len(), tgt.len());
    let per_s = |ns: f64| format!("{:.0} pairs/s", 1e9 / ns);
    rows.push(Row::new(&format!("training pair {t_x} → {t_y} tokens, {what}, {}", per_s(fast)), fast, 0.0));
    rows.push(Row::naive(&format!("  naive: readable trace + backward, {}", per_s(readable)), readable, 0.0, fast));
    let eos = usize::MAX; // never produced: every decoding runs its full length
    let fast = measure(|| greedy_decode(p, black_box(src), bos, eos, t_y));
    let readable = measure(|| greedy_decode_readable(p, black_box(src), bos, eos, t_y));
    rows.push(Row::new(&format!("greedy decoding of {t_y} tokens, {what}"), fast, 0.0));
    rows.push(Row::naive("  naive: readable decode_step", readable, 0.0, fast));
}

pub fn figures(rows: &mut Vec<Row>, big: &Params, src: &[usize], tgt: &[usize], bos: usize) {
    let config = TrainConfig::DEFAULT;
    let fresh = Trainer::new(config);
    let epoch = measure(|| {
        let mut t = fresh.clone();
        t.run(1, &|| false, &mut |_| {});
        t.epochs_done
    });
    let pairs = fresh.corpus.train.len();
    rows.push(Row::new(&format!("one training epoch ({pairs} pairs + held-out check)"), epoch, 0.0));
    let d = fresh.config.dims;
    pair_rows(rows, &format!("n = {}, n' = {}", d.n, d.n_a), &fresh.params, src, tgt, bos);
    let d = big.dims();
    pair_rows(rows, &format!("n = {}, n' = {}", d.n, d.n_a), big, src, tgt, bos);

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
