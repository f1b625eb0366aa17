//! The training loop on small corpora: it learns, reports every pair, stops
//! when asked, and refuses a step that would break the parameters.

use std::sync::atomic::{AtomicBool, Ordering};

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
    let stopped = t.run(4, &AtomicBool::new(false), &mut |p| seen.push(*p));
    assert_eq!(stopped, Stopped::Finished);
    assert_eq!(seen.len(), 4 * 24);
    assert!(seen.iter().all(|p| p.examples_per_epoch == 24 && (1..=24).contains(&p.example)));
    let end_of = |epoch: usize| seen.iter().rfind(|p| p.epoch == epoch).unwrap().train_loss;
    assert!(end_of(4) < 0.8 * end_of(1), "{} then {}", end_of(1), end_of(4));
    assert_eq!(t.checkpoints.iter().map(|c| c.epoch).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
    let best = t.checkpoints.iter().map(|c| c.eval.accuracy).fold(0.0, f64::max);
    assert_eq!(t.best.1.accuracy, best);
}

#[test]
fn a_raised_stop_flag_ends_training_after_the_current_pair_and_keeps_its_step() {
    let mut t = Trainer::new(small());
    let stop = AtomicBool::new(false);
    let stopped = t.run(4, &stop, &mut |p| {
        if p.example == 3 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!(stopped, Stopped::Interrupted { epoch: 1, example: 3 });
    assert_ne!(t.params, initial_params(&small()));
    assert_eq!(t.epochs_done, 0);
    stop.store(false, Ordering::Relaxed);
    assert_eq!(t.run(1, &stop, &mut |_| {}), Stopped::Finished);
    assert_eq!(t.epochs_done, 1);
}

#[test]
fn a_step_to_nan_stops_training_and_keeps_the_last_good_parameters() {
    let config = TrainConfig { lr: f64::INFINITY, ..small() };
    let mut t = Trainer::new(config);
    let stopped = t.run(1, &AtomicBool::new(false), &mut |_| {});
    let batch = config.batch;
    assert_eq!(stopped, Stopped::NonFinite { epoch: 1, example: batch, cause: NonFinite::Parameters });
    assert_eq!(t.params, initial_params(&config));
}
