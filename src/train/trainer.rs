//! The training loop: epochs over the shuffled training split, a gradient per
//! pair, an Adam step per mini-batch, held-out accuracy after every epoch, and
//! the probe's alignment saved as a checkpoint each time.

use super::grad::{backward, loss, zero, zeros_like};
use super::mean_entropy;
use super::optim::{Adam, NonFinite};
use super::{TrainConfig, initial_params};
use crate::corpus::toy::generate;
use crate::corpus::{Pair, ParallelCorpus};
use crate::model::rng::SeededRng;
use crate::model::{Mat, Params};
use crate::vocab::{BOS, Vocab};
use crate::walkthrough::Trace;

pub mod resume;

/// The probe's alignment after some number of epochs (0: at initialisation).
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    pub epoch: usize,
    pub alignment: Mat, // (T_y, T_x)
    pub eval: Eval,
}

/// How well the parameters do on the held-out split (teacher-forced).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eval {
    pub loss: f64,
    /// The fraction of target positions where argmax p(y_t) is the right word.
    pub accuracy: f64,
    /// The mean over every α row of every held-out pair of H(α_t), in nats.
    pub entropy: f64,
}

/// What the loop reports after every training pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    pub epoch: usize, // 1-based, counting every epoch this trainer has run
    pub example: usize,
    pub examples_per_epoch: usize,
    pub train_loss: f64, // mean over the pairs of this epoch so far
    pub last_eval: Eval,
}

/// Why [`Trainer::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stopped {
    Finished,
    /// `stop()` said so; the pair in hand was finished first.
    Interrupted {
        epoch: usize,
        example: usize,
    },
    /// A step would have made the parameters NaN or infinite; it was refused.
    NonFinite {
        epoch: usize,
        example: usize,
        cause: NonFinite,
    },
}

/// The parameters of the best epoch so far, kept against a late collapse.
#[derive(Clone, Debug, PartialEq)]
pub struct Best {
    pub params: Params,
    pub eval: Eval,
    pub epoch: usize,
}

/// A model being trained, with everything needed to continue later.
#[derive(Clone, Debug, PartialEq)]
pub struct Trainer {
    pub config: TrainConfig,
    pub corpus: ParallelCorpus,
    pub params: Params,
    /// The epoch with the best held-out accuracy so far (ties: lower loss).
    pub best: Best,
    pub checkpoints: Vec<Checkpoint>,
    pub epochs_done: usize,
    adam: Adam,
    rng: SeededRng,
    bos: usize,
}

/// Teacher-forced loss, accuracy and α entropy of `p` over `pairs`.
pub fn evaluate(p: &Params, pairs: &[Pair], bos: usize) -> Eval {
    let (mut loss_sum, mut right, mut tokens, mut h_sum, mut rows) = (0.0, 0, 0, 0.0, 0);
    for pair in pairs {
        let tr = Trace::record(p, &pair.source, &pair.target, bos);
        loss_sum += loss(&tr);
        right += tr.steps.iter().zip(&pair.target).filter(|(d, y)| d.p.argmax().0 == **y).count();
        tokens += pair.target.len();
        h_sum += mean_entropy(&tr.alignment()) * tr.steps.len() as f64;
        rows += tr.steps.len();
    }
    let n = pairs.len().max(1) as f64;
    Eval { loss: loss_sum / n, accuracy: right as f64 / tokens.max(1) as f64, entropy: h_sum / rows.max(1) as f64 }
}

impl Trainer {
    pub fn new(config: TrainConfig) -> Trainer {
        let corpus = generate(config.corpus_seed, config.n_train, config.n_held_out);
        let params = initial_params(&config);
        let bos = Vocab::target().id(BOS).expect("<bos> is in the target vocabulary");
        let eval = evaluate(&params, &corpus.held_out, bos);
        let mut t = Trainer {
            adam: Adam::new(&params, config.lr, config.clip),
            rng: SeededRng::new(config.order_seed),
            best: Best { params: params.clone(), eval, epoch: 0 },
            checkpoints: Vec::new(),
            epochs_done: 0,
            config,
            corpus,
            params,
            bos,
        };
        t.save_checkpoint(eval);
        t
    }

    /// The probe's alignment under the current parameters.
    pub fn probe_alignment(&self) -> Mat {
        self.probe_trace().alignment()
    }

    /// The energies behind [`Trainer::probe_alignment`] (a checkpoint keeps
    /// α only; the book's training figure retrains for these).
    pub fn probe_energies(&self) -> Mat {
        self.probe_trace().energies()
    }

    fn probe_trace(&self) -> Trace {
        Trace::record(&self.params, &self.corpus.test[0].source, &self.corpus.test[0].target, self.bos)
    }

    fn save_checkpoint(&mut self, eval: Eval) {
        let alignment = self.probe_alignment();
        self.checkpoints.push(Checkpoint { epoch: self.epochs_done, alignment, eval });
    }

    // ANCHOR: run
    /// Trains for `epochs` more epochs, calling `on_progress` after every pair
    /// and stopping early, with the parameters kept, as soon as `stop()` says so.
    pub fn run(&mut self, epochs: usize, stop: &dyn Fn() -> bool, on_progress: &mut dyn FnMut(&Progress)) -> Stopped {
        let n = self.corpus.train.len();
        let mut grad = zeros_like(&self.params);
        for _ in 0..epochs {
            let epoch = self.epochs_done + 1;
            let order = self.shuffled(n);
            let (mut loss_sum, mut in_batch) = (0.0, 0);
            for (k, &idx) in order.iter().enumerate() {
                let pair = &self.corpus.train[idx];
                // The readable path, not the fast loss_and_backward the experiments use:
                // both give the gradient to 1e-12, but 40 epochs turn the last bits into
                // another trajectory, and the fast one's trained <eos> row settles on
                // "European", so the walkthrough would lose the crossing it teaches.
                let tr = Trace::record(&self.params, &pair.source, &pair.target, self.bos);
                backward(&self.params, &tr, &mut grad);
                loss_sum += loss(&tr);
                in_batch += 1;
                let last_eval = self.checkpoints.last().map(|c| c.eval).unwrap_or(self.best.eval);
                let train_loss = loss_sum / (k + 1) as f64;
                on_progress(&Progress { epoch, example: k + 1, examples_per_epoch: n, train_loss, last_eval });
                // A stop request still applies the gradients gathered so far.
                let stopping = stop();
                if in_batch == self.config.batch || k + 1 == n || stopping {
                    grad.named_mut().into_iter().for_each(|(_, g)| *g /= in_batch as f64); // the batch mean
                    self.adam.lr = self.config.lr_at(epoch);
                    if let Err(cause) = self.adam.step(&mut self.params, &grad) {
                        return Stopped::NonFinite { epoch, example: k + 1, cause };
                    }
                    zero(&mut grad);
                    in_batch = 0;
                }
                if stopping {
                    return Stopped::Interrupted { epoch, example: k + 1 };
                }
            }
            self.epochs_done = epoch;
            let eval = evaluate(&self.params, &self.corpus.held_out, self.bos);
            if (eval.accuracy, -eval.loss) > (self.best.eval.accuracy, -self.best.eval.loss) {
                self.best = Best { params: self.params.clone(), eval, epoch };
            }
            self.save_checkpoint(eval);
        }
        Stopped::Finished
    }
    // ANCHOR_END: run

    /// A permutation of 0 … n−1 (Fisher–Yates on the trainer's own seeded stream).
    fn shuffled(&mut self, n: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = (self.rng.uniform01() * (i + 1) as f64) as usize;
            order.swap(i, j);
        }
        order
    }
}
