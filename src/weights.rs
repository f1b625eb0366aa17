//! Which weights a view shows: the committed trained ones or an untrained
//! draw from the scenario's seed. This choice sits above both the walkthrough
//! (which records a translation on any parameters) and training (which makes
//! the trained ones), so that `train/` may read the walkthrough's trace
//! without the walkthrough reading `train/`.

use crate::model::Params;
use crate::train::TrainConfig;
use crate::train::trained::trained_params;
use crate::train::trainer::Trainer;
use crate::walkthrough::{Scenario, Walkthrough};

/// Where the parameters of a walkthrough came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// src/train/trained.json: the committed run from the default seed and dims.
    Trained,
    /// `Params::init` from this seed, never trained: α shows no learning.
    Untrained { seed: u64 },
    /// This session's `train` run: `epochs` full epochs (plus a part if stopped)
    /// from the seed's starting point (v_a × 0.01).
    TrainedHere { seed: u64, epochs: usize },
    /// Loaded from a file: neither the trained weights nor a draw from the seed.
    Loaded,
    /// RNNsearch trained on the real corpus from this seed (`corpus real`).
    Real { seed: u64 },
}

impl Origin {
    pub fn is_trained(self) -> bool {
        matches!(self, Origin::Trained | Origin::TrainedHere { .. } | Origin::Real { .. })
    }

    /// Two or three words for the prompt: "trained" or "untrained".
    pub fn tag(self) -> &'static str {
        match self {
            Origin::Trained => "trained",
            Origin::Untrained { .. } => "untrained",
            Origin::TrainedHere { .. } => "trained here",
            Origin::Loaded => "loaded",
            Origin::Real { .. } => "real",
        }
    }

    /// One sentence for the banner, `where`, `seed` and `dims`.
    pub fn sentence(self) -> String {
        use crate::text::replies as T;
        let c = TrainConfig::DEFAULT;
        let (trained, dims) = (c.init_seed, dims_text(c));
        match self {
            Origin::Trained => T::ORIGIN_TRAINED.fill(&[("epochs", &c.epochs), ("seed", &c.init_seed)]),
            Origin::Untrained { seed } => {
                T::ORIGIN_UNTRAINED.fill(&[("seed", &seed), ("trained", &trained), ("dims", &dims)])
            }
            Origin::TrainedHere { seed, epochs } => {
                let text = if epochs == 1 { T::ORIGIN_TRAINED_HERE_ONE } else { T::ORIGIN_TRAINED_HERE };
                text.fill(&[("seed", &seed), ("epochs", &epochs), ("trained", &trained), ("dims", &dims)])
            }
            Origin::Loaded => T::ORIGIN_LOADED.fill(&[("trained", &trained), ("dims", &dims)]),
            Origin::Real { seed } => T::ORIGIN_REAL.fill(&[("seed", &seed)]),
        }
    }
}

fn dims_text(c: TrainConfig) -> String {
    let d = c.dims;
    format!("m={} n={} n'={} l={}", d.m, d.n, d.n_a, d.l)
}

/// Whether a scenario's seed and dims are those the committed weights were trained from.
pub fn is_trained_scenario(scenario: &Scenario) -> bool {
    let c = TrainConfig::DEFAULT;
    scenario.seed == c.init_seed && scenario.dims == c.dims
}

/// The parameters a scenario runs on: the trained weights for the default
/// seed and dims (training started from this seed's parameters), otherwise a
/// draw from the seed, untrained.
pub fn params_for(scenario: &Scenario) -> Params {
    if is_trained_scenario(scenario) {
        return trained_params().clone();
    }
    drawn(scenario)
}

/// The untrained draw of the scenario's seed and dims.
pub fn drawn(scenario: &Scenario) -> Params {
    Params::init(scenario.dims, scenario.source_vocab().len(), scenario.target_vocab().len(), scenario.seed)
}

/// Where `params` came from, told by comparing them with the two candidates
/// (the trained weights and the seed's draw); anything else reads as loaded.
pub fn origin_of(scenario: &Scenario, params: &Params) -> Origin {
    if is_trained_scenario(scenario) && params == trained_params() {
        Origin::Trained
    } else if params.dims() == scenario.dims && *params == drawn(scenario) {
        Origin::Untrained { seed: scenario.seed }
    } else {
        Origin::Loaded
    }
}

/// Where a run's current weights come from: the committed ones, or this run.
pub fn origin_of_run(t: &Trainer) -> Origin {
    if t.params == *trained_params() {
        Origin::Trained
    } else {
        Origin::TrainedHere { seed: t.config.init_seed, epochs: t.epochs_done }
    }
}

impl Walkthrough {
    /// Records the scenario's translation on the weights [`params_for`]
    /// chooses (defined here, above `train/`, which holds the trained ones).
    pub fn new(scenario: Scenario) -> Result<Walkthrough, String> {
        let params = params_for(&scenario);
        Walkthrough::with_params(scenario, params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_scenario_is_trained_and_another_seed_is_not() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        assert_eq!(origin_of(&w.scenario, &w.params), Origin::Trained);
        let other = Walkthrough::new(Scenario { seed: 7, ..Scenario::default() }).unwrap();
        assert_eq!(origin_of(&other.scenario, &other.params), Origin::Untrained { seed: 7 });
        let mut changed = other.params.clone();
        changed.v_a *= 2.0;
        assert_eq!(origin_of(&other.scenario, &changed), Origin::Loaded);
    }

    #[test]
    fn each_sentence_says_trained_or_not() {
        assert!(Origin::Trained.sentence().contains("trained ones"));
        assert!(Origin::Untrained { seed: 7 }.sentence().contains("UNTRAINED, drawn from seed 7"));
        assert!(Origin::TrainedHere { seed: 7, epochs: 1 }.sentence().contains("1 epoch from seed 7"));
    }
}
