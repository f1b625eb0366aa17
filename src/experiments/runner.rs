//! Trains any model the same way: the same pairs in the same seeded order,
//! Adam with a falling learning rate, mini-batches of `batch` pairs, held-out
//! BLEU after every epoch, training stopped once `patience` epochs in a row
//! bring no improvement (or at the cap of `epochs`), and the epoch with the
//! best held-out BLEU kept. Models train side by side, one per
//! core, each on its own: the numbers do not depend on the threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::bleu::corpus_bleu;
use crate::corpus::Pair;
use crate::model::ParamSet;
use crate::model::rng::SeededRng;
use crate::train::grad::zeros_like;
use crate::train::optim::Adam;
use crate::vocab::{BOS, EOS, Vocab};

/// What the experiments need from a model.
pub trait Model: Sync {
    type P: ParamSet + Send + Sync;
    /// The paper's name for it: "RNNsearch", "RNNencdec".
    fn name(&self) -> String;
    /// The initial parameters drawn from `seed`.
    fn init(&self, seed: u64) -> Self::P;
    /// Adds ∂L/∂θ for one teacher-forced pair into `g`; returns L.
    fn loss_and_backward(&self, p: &Self::P, source: &[usize], target: &[usize], bos: usize, g: &mut Self::P) -> f64;
    /// Greedy decoding until <eos> or `max_len` words.
    fn translate(&self, p: &Self::P, source: &[usize], bos: usize, eos: usize, max_len: usize) -> Vec<usize>;
    /// The vocabulary its output ids index (the toy's unless the corpus has its own).
    fn target_vocab(&self) -> Vocab {
        Vocab::target()
    }
    /// α of the teacher-forced pair, (T_y, T_x), for a model that attends.
    fn alignment(&self, _p: &Self::P, _source: &[usize], _target: &[usize], _bos: usize) -> Option<crate::model::Mat> {
        None
    }
}

/// Everything about training that two models share in a fair comparison.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunSpec {
    pub init_seed: u64,
    pub order_seed: u64,
    /// The cap: no model trains for more epochs than this.
    pub epochs: usize,
    /// Training stops after this many epochs in a row without a better
    /// held-out BLEU; 0 trains every model to the cap.
    pub patience: usize,
    /// Pairs per Adam step.
    pub batch: usize,
    /// The first epoch's learning rate; it falls linearly to lr / 10 at the last.
    pub lr: f64,
    pub clip: f64,
}

/// Seed k draws the initial weights from k and the order of the training
/// pairs from k + this, so that the two streams never coincide.
pub const ORDER_SEED_OFFSET: u64 = 1000;

impl RunSpec {
    /// This budget with seed `k` (initialisation and data order).
    pub fn seeded(&self, k: u64) -> RunSpec {
        RunSpec { init_seed: k, order_seed: k + ORDER_SEED_OFFSET, ..*self }
    }

    pub fn lr_at(&self, epoch: usize) -> f64 {
        let frac = epoch.saturating_sub(1) as f64 / self.epochs.saturating_sub(1).max(1) as f64;
        self.lr * (1.0 - 0.9 * frac.min(1.0))
    }
}

/// A trained model: the parameters of its best held-out epoch.
#[derive(Clone, Debug)]
pub struct Trained<P> {
    pub params: P,
    pub best_epoch: usize,
    /// Held-out BLEU after each epoch run (index 0: before training).
    pub held_out_bleu: Vec<f64>,
}

/// Whether a run ended by the stopping rule: its last `patience` epochs
/// brought no better held-out BLEU than its best epoch. A run that reached
/// the cap while still improving did not.
pub fn stopped_by_rule(best_epoch: usize, epochs_run: usize, patience: usize) -> bool {
    patience > 0 && epochs_run >= best_epoch + patience
}

/// Why training ended early.
#[derive(Clone, Debug, PartialEq)]
pub enum RunError {
    Interrupted,
    NonFinite { model: String, epoch: usize },
}

/// The longest translation greedy decoding may produce: room to repeat words.
pub fn max_len(source: &[usize]) -> usize {
    2 * source.len() + 10
}

/// Token ids → words, up to (not including) <eos>.
pub fn sentence(vocab: &Vocab, ids: &[usize]) -> String {
    let words: Vec<&str> = ids.iter().map(|&i| vocab.token(i)).take_while(|w| *w != EOS).collect();
    words.join(" ")
}

/// Greedy translations of `pairs`, as target-side sentences.
pub fn translate_all<M: Model>(model: &M, p: &M::P, pairs: &[Pair]) -> Vec<String> {
    let tv = model.target_vocab();
    let (bos, eos) = (tv.id(BOS).unwrap_or(0), tv.id(EOS).unwrap_or(1));
    pairs.iter().map(|pair| sentence(&tv, &model.translate(p, &pair.source, bos, eos, max_len(&pair.source)))).collect()
}

/// The references of `pairs`, as sentences.
pub fn references(pairs: &[Pair]) -> Vec<String> {
    references_in(&Vocab::target(), pairs)
}

/// The references of `pairs` in the words of `tv`.
pub fn references_in(tv: &Vocab, pairs: &[Pair]) -> Vec<String> {
    pairs.iter().map(|pair| sentence(tv, &pair.target)).collect()
}

/// A permutation of 0 … n−1 (Fisher–Yates on a seeded stream).
fn shuffled(rng: &mut SeededRng, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, (rng.uniform01() * (i + 1) as f64) as usize);
    }
    order
}

/// Trains `model` on `train`, keeps the epoch with the best BLEU on
/// `held_out`, and counts every pair it finishes into `pairs_done`.
pub fn train<M: Model>(
    model: &M,
    spec: &RunSpec,
    splits: (&[Pair], &[Pair]),
    stop: &(dyn Fn() -> bool + Sync),
    pairs_done: &AtomicUsize,
) -> Result<Trained<M::P>, RunError> {
    train_observed(model, spec, splits, stop, pairs_done, (usize::MAX, &mut |_, _| ()))
}

/// Called with the training pairs seen so far and the parameters.
pub type Observer<'a, P> = &'a mut dyn FnMut(usize, &P);

/// [`train`], showing the parameters and the pairs seen so far to `observe`
/// before training and then every `every` training pairs (at the end of the
/// batch that reaches the multiple).
pub fn train_observed<M: Model>(
    model: &M,
    spec: &RunSpec,
    (train, held_out): (&[Pair], &[Pair]),
    stop: &(dyn Fn() -> bool + Sync),
    pairs_done: &AtomicUsize,
    (every, observe): (usize, Observer<M::P>),
) -> Result<Trained<M::P>, RunError> {
    let tv = model.target_vocab();
    let bos = tv.id(BOS).unwrap_or(0);
    let refs = references_in(&tv, held_out);
    let mut p = model.init(spec.init_seed);
    let mut adam = Adam::new(&p, spec.lr, spec.clip);
    let mut grad = zeros_like(&p);
    let mut rng = SeededRng::new(spec.order_seed);
    let mut seen = 0; // training pairs so far, over every epoch
    observe(0, &p);
    let first = corpus_bleu(&translate_all(model, &p, held_out), &refs);
    let mut best = Trained { params: p.clone(), best_epoch: 0, held_out_bleu: vec![first] };
    for epoch in 1..=spec.epochs {
        adam.lr = spec.lr_at(epoch);
        for batch in shuffled(&mut rng, train.len()).chunks(spec.batch) {
            if stop() {
                return Err(RunError::Interrupted);
            }
            for &k in batch {
                model.loss_and_backward(&p, &train[k].source, &train[k].target, bos, &mut grad);
            }
            grad.named_mut().into_iter().for_each(|(_, g)| *g /= batch.len() as f64); // the batch mean
            if adam.step(&mut p, &grad).is_err() {
                return Err(RunError::NonFinite { model: model.name(), epoch });
            }
            grad.named_mut().into_iter().for_each(|(_, g)| g.fill(0.0));
            pairs_done.fetch_add(batch.len(), Ordering::Relaxed);
            if (seen + batch.len()) / every > seen / every {
                observe(seen + batch.len(), &p);
            }
            seen += batch.len();
        }
        let bleu = corpus_bleu(&translate_all(model, &p, held_out), &refs);
        if bleu > best.held_out_bleu[best.best_epoch] {
            (best.params, best.best_epoch) = (p.clone(), epoch);
        }
        best.held_out_bleu.push(bleu);
        if stopped_by_rule(best.best_epoch, epoch, spec.patience) {
            // The epochs not run count as done, so a bar over the cap ends full.
            pairs_done.fetch_add((spec.epochs - epoch) * train.len(), Ordering::Relaxed);
            break;
        }
    }
    Ok(best)
}

/// Runs `jobs` on `threads` threads, each taking the next job in order; the
/// results come back in the jobs' order, whichever thread ran them.
pub fn in_parallel<'a, R: Send>(jobs: Vec<Box<dyn FnOnce() -> R + Send + 'a>>, threads: usize) -> Vec<R> {
    let n = jobs.len();
    let queue = Mutex::new(jobs.into_iter().enumerate().collect::<Vec<_>>().into_iter());
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, n.max(1)) {
            scope.spawn(|| {
                loop {
                    let next = queue.lock().map(|mut q| q.next()).unwrap_or(None);
                    let Some((i, job)) = next else { break };
                    let r = job();
                    if let Ok(mut slots) = results.lock() {
                        slots[i] = Some(r);
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_default().into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_results_keep_the_jobs_order() {
        let jobs: Vec<Box<dyn FnOnce() -> usize + Send>> = (0..7usize).map(|i| Box::new(move || i * i) as _).collect();
        assert_eq!(in_parallel(jobs, 2), vec![0, 1, 4, 9, 16, 25, 36]);
    }

    #[test]
    fn the_learning_rate_falls_to_a_tenth() {
        let spec = RunSpec { init_seed: 1, order_seed: 2, epochs: 5, patience: 0, batch: 4, lr: 0.01, clip: 5.0 };
        assert_eq!(spec.lr_at(1), 0.01);
        approx::assert_relative_eq!(spec.lr_at(5), 0.001, epsilon = 1e-15);
        assert_eq!((spec.seeded(7).init_seed, spec.seeded(7).order_seed), (7, 1007));
    }

    #[test]
    fn the_stopping_rule_waits_patience_epochs_after_the_best() {
        assert!(!stopped_by_rule(5, 7, 3), "two epochs since the best");
        assert!(stopped_by_rule(5, 8, 3), "three epochs since the best");
        assert!(!stopped_by_rule(8, 8, 3), "still improving at the cap");
        assert!(!stopped_by_rule(1, 20, 0), "no patience: never by the rule");
    }
}
