//! `--train-report`: trains from scratch and prints what the bars ask for.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::TrainConfig;
use super::trainer::{Stopped, Trainer};
use crate::model::diagnostics::mean_entropy;

/// Trains with `config` and returns the report as text.
pub fn train_report(config: TrainConfig) -> String {
    let start = Instant::now();
    let mut t = Trainer::new(config);
    let stopped = t.run(config.epochs, &AtomicBool::new(false), &mut |_| {});
    let secs = start.elapsed().as_secs_f64();
    let mut out = format!("stopped: {stopped:?} after {secs:.2} s\n");
    for c in &t.checkpoints {
        out += &format!(
            "epoch {:3}: held-out loss {:.4} acc {:.4} entropy {:.4}; probe entropy {:.4}\n",
            c.epoch,
            c.eval.loss,
            c.eval.accuracy,
            c.eval.entropy,
            mean_entropy(&c.alignment)
        );
    }
    out += &format!("best epoch {} {:?}\n", t.best.2, t.best.1);
    out += &format!("{:.3}\n", t.checkpoints.last().unwrap().alignment);
    let _ = Stopped::Finished;
    out
}
