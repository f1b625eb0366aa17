//! `train` at the terminal: a progress bar on stderr that fits the terminal
//! and is erased however training ends (see `render::progress`), Ctrl-C to
//! stop after the current pair.

use std::io::Write;
use std::time::Instant;

use super::Flow;
use crate::render::{Style, render_reply};
use crate::repl::training::train;
use crate::repl::{Reply, Session, interrupted};
use crate::train::trainer::Stopped;
use crate::walkthrough::fmt_num;

/// Trains `epochs` epochs with a bar, then prints what happened.
pub fn train_with_bar(s: &mut Session, epochs: usize, style: Style, out: &mut dyn Write) -> Flow {
    let pairs = epochs * crate::train::TrainConfig::DEFAULT.n_train;
    let progress = crate::render::progress::Progress::new(pairs as u64, crate::text::training::PAIRS_UNIT.get());
    let bar = progress.bar();
    let start = Instant::now();
    let result = train(s, epochs, &interrupted, &mut |p| {
        bar.inc(1);
        if p.example == 1 || p.example % 25 == 0 {
            bar.set_message(crate::render::training::progress_message(p));
        }
    });
    let secs = start.elapsed().as_secs_f64();
    let hidden = progress.is_hidden();
    drop(progress); // erased before the summary is printed
    match result {
        Ok(summary) => {
            if !hidden {
                let rate = summary.pairs as f64 / secs.max(1e-9);
                let (secs, rate) = (fmt_num(secs, 1), fmt_num(rate, 0));
                let args: [(&str, &dyn crate::text::Arg); 3] =
                    [("pairs", &summary.pairs), ("secs", &secs), ("rate", &rate)];
                super::out::err_line(&crate::text::training::RATE.fill(&args));
            }
            let stopped = matches!(summary.stopped, Stopped::Interrupted { .. });
            let _ = write!(out, "{}", render_reply(&Reply::Trained(summary), s, style));
            if stopped { Flow::Interrupted } else { Flow::Go }
        }
        Err(e) => {
            let _ = writeln!(out, "{}", super::error_text(&e, style));
            Flow::Go
        }
    }
}
