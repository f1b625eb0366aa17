//! The training loop on small corpora: it learns, reports every pair, stops
//! when asked, and refuses a step that would break the parameters.

use std::cell::Cell;

use bahdanau::train::optim::NonFinite;
use bahdanau::train::trainer::{Stopped, Trainer};
use bahdanau::train::{TrainConfig, initial_params};

fn small() -> TrainConfig {
    TrainConfig { n_train: 24, n_held_out: 8, epochs: 4, ..TrainConfig::DEFAULT }
}

#[test]
fn the_training_loss_falls_and_every_pair_is_reported() {
    let mut t = Trainer::new(small());
    let mut seen = Vec::new();
    let stopped = t.run(4, &|| false, &mut |p| seen.push(*p));
    assert_eq!(stopped, Stopped::Finished);
    assert_eq!(seen.len(), 4 * 24);
    assert!(seen.iter().all(|p| p.examples_per_epoch == 24 && (1..=24).contains(&p.example)));
    let end_of = |epoch: usize| seen.iter().rfind(|p| p.epoch == epoch).unwrap().train_loss;
    assert!(end_of(4) < 0.8 * end_of(1), "{} then {}", end_of(1), end_of(4));
    assert_eq!(t.checkpoints.iter().map(|c| c.epoch).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
    let best = t.checkpoints.iter().map(|c| c.eval.accuracy).fold(0.0, f64::max);
    assert_eq!(t.best.eval.accuracy, best);
}

#[test]
fn a_raised_stop_flag_ends_training_after_the_current_pair_and_keeps_its_step() {
    let mut t = Trainer::new(small());
    let stop = Cell::new(false);
    let stopped = t.run(4, &|| stop.get(), &mut |p| stop.set(p.example == 3));
    assert_eq!(stopped, Stopped::Interrupted { epoch: 1, example: 3 });
    assert_ne!(t.params, initial_params(&small()));
    assert_eq!(t.epochs_done, 0);
    assert_eq!(t.run(1, &|| false, &mut |_| {}), Stopped::Finished);
    assert_eq!(t.epochs_done, 1);
}

#[test]
fn a_step_to_nan_stops_training_and_keeps_the_last_good_parameters() {
    let config = TrainConfig { lr: f64::INFINITY, ..small() };
    let mut t = Trainer::new(config);
    let stopped = t.run(1, &|| false, &mut |_| {});
    let batch = config.batch;
    assert_eq!(stopped, Stopped::NonFinite { epoch: 1, example: batch, cause: NonFinite::Parameters });
    assert_eq!(t.params, initial_params(&config));
}

#[test]
fn training_in_two_parts_is_training_at_once() {
    let (mut once, mut twice) = (Trainer::new(small()), Trainer::new(small()));
    once.run(4, &|| false, &mut |_| {});
    twice.run(1, &|| false, &mut |_| {});
    twice.run(3, &|| false, &mut |_| {});
    assert_eq!(once, twice);
}
