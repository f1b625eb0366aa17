//! A run stored and rebuilt: what a save file holds so that training goes
//! on after `load` exactly as it would have without the save.

use super::{Best, Checkpoint, Trainer};
use crate::corpus::toy::generate;
use crate::model::Params;
use crate::model::rng::SeededRng;
use crate::train::TrainConfig;
use crate::train::optim::Adam;
use crate::vocab::{BOS, Vocab};

/// Everything a run holds beyond its config and current parameters: what a
/// save file stores so that training continues bit for bit after `load`.
#[derive(Clone, Debug, PartialEq)]
pub struct RunState {
    pub best: Best,
    pub checkpoints: Vec<Checkpoint>,
    pub epochs_done: usize,
    /// Adam's learning rate at the last step (it falls epoch by epoch).
    pub adam_lr: f64,
    /// Adam's moments m and v, and how many steps it has taken.
    pub adam_m: Params,
    pub adam_v: Params,
    pub adam_steps: i32,
    /// How many 32-bit words the shuffling stream has used.
    pub order_words: u128,
}

impl Trainer {
    /// The state to store; with `config` and `params` it is the whole run.
    pub fn run_state(&self) -> RunState {
        let (m, v, k) = self.adam.moments();
        RunState {
            best: self.best.clone(),
            checkpoints: self.checkpoints.clone(),
            epochs_done: self.epochs_done,
            adam_lr: self.adam.lr,
            adam_m: m.clone(),
            adam_v: v.clone(),
            adam_steps: k,
            order_words: self.rng.word_pos(),
        }
    }

    /// A run rebuilt from a stored state; the corpus is drawn again from the
    /// config's seed, so it is not stored. Moments of another shape are refused.
    pub fn resume(config: TrainConfig, params: Params, state: RunState) -> Result<Trainer, String> {
        let mut adam = Adam::new(&params, config.lr, config.clip);
        adam.restore(state.adam_m, state.adam_v, state.adam_steps)?;
        adam.lr = state.adam_lr;
        let mut rng = SeededRng::new(config.order_seed);
        rng.set_word_pos(state.order_words);
        Ok(Trainer {
            corpus: generate(config.corpus_seed, config.n_train, config.n_held_out),
            bos: Vocab::target().id(BOS).expect("<bos> is in the target vocabulary"),
            best: state.best,
            checkpoints: state.checkpoints,
            epochs_done: state.epochs_done,
            config,
            params,
            adam,
            rng,
        })
    }
}

#[cfg(test)]
mod resume_tests {
    use super::*;
    use crate::model::Dims;

    #[test]
    fn a_resumed_run_continues_bit_for_bit() {
        let config =
            TrainConfig { dims: Dims::new(2, 3, 3, 2).unwrap(), n_train: 12, n_held_out: 4, ..TrainConfig::DEFAULT };
        let mut a = Trainer::new(config);
        let steps = std::cell::Cell::new(0);
        a.run(
            2,
            &|| {
                steps.set(steps.get() + 1);
                steps.get() > 17
            },
            &mut |_| {},
        );
        let mut b = Trainer::resume(config, a.params.clone(), a.run_state()).unwrap();
        assert_eq!(b, a);
        a.run(2, &|| false, &mut |_| {});
        b.run(2, &|| false, &mut |_| {});
        assert_eq!(b, a, "the same parameters, moments, order and checkpoints");
        assert!(a.epochs_done >= 3);
    }
}
