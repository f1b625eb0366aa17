//! Trains any model the same way: the same pairs in the same seeded order,
//! Adam on mini-batches of `batch` pairs, and one of two budgets:
//! - [`Budget::Rule`], the experiments': the stopping rule of
//!   [`crate::train::stopping`], which checks the held-out loss every C
//!   pair-updates, halves the learning rate on a plateau and ends training
//!   once no halving helps, keeping the weights of the lowest held-out loss;
//! - [`Budget::Epochs`], the walkthrough's recipe (and the √d_k sweep's
//!   short budget): every epoch run, the learning rate falling linearly to
//!   a tenth, the epoch with the best held-out BLEU kept.
//!
//! Either way every check is recorded (pair-updates, held-out loss and BLEU,
//! the learning rate's multiple). A batch's gradient comes from
//! [`Model::loss_and_backward_batch`]: the training engine for the models
//! that have one, the per-pair path otherwise; the numbers do not depend on
//! the threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::bleu::corpus_bleu;
use crate::corpus::Pair;
use crate::model::ParamSet;
use crate::model::rng::SeededRng;
use crate::train::grad::{zero, zeros_like};
use crate::train::optim::{Adam, batch_mean};
use crate::train::stopping::Stopping;
pub use crate::train::stopping::{Check, End, Rule};
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
    /// Adds Σ ∂L/∂θ over `pairs` into `g`; returns Σ L. The same sum as
    /// [`Model::loss_and_backward`] pair by pair (which is what it does
    /// unless the model has a batched engine).
    fn loss_and_backward_batch(&self, p: &Self::P, pairs: &[Pair], bos: usize, g: &mut Self::P) -> f64 {
        pairs.iter().map(|pair| self.loss_and_backward(p, &pair.source, &pair.target, bos, g)).sum()
    }
    /// Σ L over `pairs`: what [`Model::loss_and_backward_batch`] returns,
    /// bit for bit, without its gradient where the model can skip it (the
    /// held-out checks).
    fn loss_batch(&self, p: &Self::P, pairs: &[Pair], bos: usize) -> f64 {
        self.loss_and_backward_batch(p, pairs, bos, &mut zeros_like(p))
    }
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
    /// [`Model::alignment`] as the fast path computes it, the same to
    /// rounding: what a watch during training reads, many times over.
    fn fast_alignment(&self, p: &Self::P, source: &[usize], target: &[usize], bos: usize) -> Option<crate::model::Mat> {
        self.alignment(p, source, target, bos)
    }
}

/// How long a model trains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Until the stopping rule ends it (or its cap).
    Rule(Rule),
    /// Exactly this many epochs, the rate falling linearly to a tenth, the
    /// epoch of the best held-out BLEU kept.
    Epochs(usize),
}

/// Everything about training that two models share in a fair comparison.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunSpec {
    pub init_seed: u64,
    pub order_seed: u64,
    pub budget: Budget,
    /// Pairs per Adam step.
    pub batch: usize,
    /// The first learning rate.
    pub lr: f64,
    pub clip: f64,
}

/// Seed k draws the initial weights from k and the order of the training
/// pairs from k + this, so that the two streams never coincide.
pub const ORDER_SEED_OFFSET: u64 = 1000;

impl RunSpec {
    /// This budget with seed `k` (initialisation and data order): the one
    /// seeding rule of every experiment.
    pub fn seeded(&self, k: u64) -> RunSpec {
        RunSpec { init_seed: k, order_seed: k + ORDER_SEED_OFFSET, ..*self }
    }

    /// The learning rate of `epoch` (from 1) under [`Budget::Epochs`].
    pub fn lr_at(&self, epoch: usize) -> f64 {
        let Budget::Epochs(epochs) = self.budget else { return self.lr };
        let frac = epoch.saturating_sub(1) as f64 / epochs.saturating_sub(1).max(1) as f64;
        self.lr * (1.0 - 0.9 * frac.min(1.0))
    }

    /// The most pair-updates a run over `n_train` pairs can take.
    pub fn cap(&self, n_train: usize) -> usize {
        match self.budget {
            Budget::Rule(rule) => rule.cap,
            Budget::Epochs(epochs) => epochs * n_train,
        }
    }
}

/// A trained model: the parameters of its best check, and every check.
#[derive(Clone, Debug)]
pub struct Trained<P> {
    pub params: P,
    /// Held-out loss and BLEU at every check (index 0: before training).
    pub checks: Vec<Check>,
    /// The check whose weights are `params`.
    pub best: usize,
    /// Why training ended.
    pub end: End,
}

/// Why training ended early.
#[derive(Clone, Debug, PartialEq)]
pub enum RunError {
    Interrupted,
    NonFinite { model: String, pairs: usize },
}

/// The longest translation greedy decoding may produce: room to repeat words.
pub fn max_len(source: &[usize]) -> usize {
    crate::decode::max_len(source.len())
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

/// The mean held-out loss (each pair's mean −ln p(y_t)) of `p`.
pub fn held_out_loss<M: Model>(model: &M, p: &M::P, held_out: &[Pair], bos: usize) -> f64 {
    model.loss_batch(p, held_out, bos) / held_out.len().max(1) as f64
}

/// Trains `model` on `train`, keeps the weights its budget chooses on
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

/// Where a run stands between two batches.
struct Progress<P> {
    best: P,
    stopping: Stopping,
    /// Epoch budgets choose by BLEU; the best check's BLEU so far.
    best_bleu: f64,
}

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
    let measure =
        |p: &M::P| (held_out_loss(model, p, held_out, bos), corpus_bleu(&translate_all(model, p, held_out), &refs));
    let mut p = model.init(spec.init_seed);
    let mut adam = Adam::new(&p, spec.lr, spec.clip);
    let mut grad = zeros_like(&p);
    let mut rng = SeededRng::new(spec.order_seed);
    let cap = spec.cap(train.len());
    let rule = match spec.budget {
        Budget::Rule(rule) => rule,
        // An epoch budget never stops early: its cap is its last epoch.
        Budget::Epochs(_) => {
            Rule { halvings: 0, patience: usize::MAX, check_every: train.len().max(1), cap, ..Rule::TOY }
        }
    };
    observe(0, &p);
    let (loss, bleu) = measure(&p);
    let mut run = Progress { best: p.clone(), stopping: Stopping::new(rule), best_bleu: bleu };
    run.stopping.check(0, loss, bleu);
    let mut seen = 0; // training pairs so far, over every epoch
    for epoch in 1.. {
        if seen >= cap {
            break;
        }
        let order = shuffled(&mut rng, train.len());
        let epoch_lr = spec.lr_at(epoch);
        for chunk in order.chunks(spec.batch.max(1)) {
            if stop() {
                return Err(RunError::Interrupted);
            }
            let batch: Vec<Pair> = chunk.iter().map(|&k| train[k].clone()).collect();
            model.loss_and_backward_batch(&p, &batch, bos, &mut grad);
            batch_mean(&mut grad, batch.len());
            adam.lr = epoch_lr * run.stopping.lr_scale();
            if adam.step(&mut p, &grad).is_err() {
                return Err(RunError::NonFinite { model: model.name(), pairs: seen });
            }
            zero(&mut grad);
            pairs_done.fetch_add(batch.len(), Ordering::Relaxed);
            if (seen + batch.len()) / every > seen / every {
                observe(seen + batch.len(), &p);
            }
            seen += batch.len();
            let due = match spec.budget {
                Budget::Rule(_) => run.stopping.due(seen),
                Budget::Epochs(_) => false, // checked at the epoch's end
            };
            if due && check(&mut run, &p, seen, measure(&p), spec.budget) {
                break;
            }
            if run.stopping.end.is_some() || seen >= cap {
                break;
            }
        }
        if matches!(spec.budget, Budget::Epochs(_)) && check(&mut run, &p, seen, measure(&p), spec.budget) {
            break;
        }
        if run.stopping.end.is_some() {
            break;
        }
    }
    // The pairs a run did not need count as done, so a bar over the cap ends full.
    pairs_done.fetch_add(cap.saturating_sub(seen), Ordering::Relaxed);
    let checks = run.stopping.checks.clone();
    let best = match spec.budget {
        Budget::Rule(_) => run.stopping.best.unwrap_or(0),
        Budget::Epochs(_) => best_by_bleu(&checks),
    };
    Ok(Trained { params: run.best, checks, best, end: run.stopping.end.unwrap_or(End::Cap) })
}

/// The first check of the highest held-out BLEU (an epoch budget's choice).
fn best_by_bleu(checks: &[Check]) -> usize {
    (0..checks.len()).fold(0, |best, k| if checks[k].bleu > checks[best].bleu { k } else { best })
}

/// Records a check of `p` after `seen` pairs; keeps `p` when the budget
/// chooses it. True when training should end.
fn check<P: Clone>(run: &mut Progress<P>, p: &P, seen: usize, (loss, bleu): (f64, f64), budget: Budget) -> bool {
    let verdict = run.stopping.check(seen, loss, bleu);
    let keep = match budget {
        Budget::Rule(_) => verdict.best,
        Budget::Epochs(_) => bleu > run.best_bleu,
    };
    if keep {
        run.best = p.clone();
        run.best_bleu = run.best_bleu.max(bleu);
    }
    verdict.end.is_some()
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
    fn the_learning_rate_falls_to_a_tenth_over_epochs_only() {
        let spec = RunSpec { init_seed: 1, order_seed: 2, budget: Budget::Epochs(5), batch: 4, lr: 0.01, clip: 5.0 };
        assert_eq!(spec.lr_at(1), 0.01);
        approx::assert_relative_eq!(spec.lr_at(5), 0.001, epsilon = 1e-15);
        assert_eq!((spec.seeded(7).init_seed, spec.seeded(7).order_seed), (7, 1007));
        assert_eq!(spec.cap(30), 150);
        let ruled = RunSpec { budget: Budget::Rule(Rule::TOY), ..spec };
        assert_eq!(ruled.lr_at(5), 0.01, "under the rule only a plateau lowers the rate");
        assert_eq!(ruled.cap(30), Rule::TOY.cap);
    }

    #[test]
    fn an_epoch_budget_keeps_the_first_check_of_the_best_bleu() {
        let c = |k: usize, bleu: f64| Check { pairs: 10 * k, loss: 1.0, bleu, lr_scale: 1.0 };
        assert_eq!(best_by_bleu(&[c(0, 0.0), c(1, 40.0), c(2, 55.0), c(3, 55.0), c(4, 50.0)]), 2);
        assert_eq!(best_by_bleu(&[c(0, 0.0), c(1, 0.0)]), 0, "nothing better than the start: the start");
    }
}
