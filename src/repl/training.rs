//! The training commands: `train` teaches the model in this session,
//! `replay` shows the probe's alignment at the saved checkpoints, `entropy`
//! and `coverage` read the current alignment.

use super::reply::{Reply, TrainSummary};
use super::session::Session;
use crate::corpus::toy::probe;
use crate::model::diagnostics::{coverage, coverage_flags, entropy};
use crate::text::errors as E;
use crate::train::TrainConfig;
use crate::train::replay::frames;
use crate::train::trained::{trained_checkpoints, trained_params};
use crate::train::trainer::{Progress, Trainer};
use crate::vocab::EOS;
use crate::walkthrough::StepRef;
use crate::weights::origin_of_run;

/// The most epochs one `train` command runs.
pub const MAX_EPOCHS: usize = 1000;

/// `train [EPOCHS]`: checks the argument; the front end then trains with a
/// progress bar through [`train`].
pub fn train_cmd(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let epochs = match args {
        [] => TrainConfig::DEFAULT.epochs,
        [n] => n
            .parse::<usize>()
            .ok()
            .filter(|e| (1..=MAX_EPOCHS).contains(e))
            .ok_or_else(|| E::NOT_EPOCHS.fill(&[("n", &n.as_str()), ("max", &MAX_EPOCHS)]))?,
        _ => return Err(E::TRAIN_ONE.get().into()),
    };
    // A run keeps one checkpoint per epoch, and a save file holds them all.
    let (done, most) = (s.trainer().map_or(0, |t| t.epochs_done), super::save::limits::MAX_RUN_EPOCHS);
    if done.saturating_add(epochs) > most {
        let (left, seed) = (most - done.min(most), s.walk().scenario.seed);
        return Err(E::TRAIN_PAST_MOST.fill(&[("done", &done), ("most", &most), ("left", &left), ("seed", &seed)]));
    }
    Ok(Reply::Train { epochs })
}

/// Runs `epochs` more epochs of this session's training run, starting one
/// from the scenario's seed and dims if there is none. Afterwards every step
/// of the walkthrough shows the parameters reached (kept if `stop()` cut it short).
pub fn train(
    s: &mut Session,
    epochs: usize,
    stop: &dyn Fn() -> bool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<TrainSummary, String> {
    let (dims, init_seed) = (s.walk().scenario.dims, s.walk().scenario.seed);
    let (mut t, fresh) = match s.take_trainer() {
        Some(t) => (t, false),
        None => (Trainer::new(TrainConfig { dims, init_seed, ..TrainConfig::DEFAULT }), true),
    };
    let mut pairs = 0;
    let stopped = t.run(epochs, stop, &mut |p| {
        pairs += 1;
        on_progress(p);
    });
    let eval = t.checkpoints.last().map_or(t.best.eval, |c| c.eval);
    let matches_committed = t.params == *trained_params();
    let summary = TrainSummary {
        stopped,
        fresh,
        epochs_done: t.epochs_done,
        pairs,
        eval,
        best_epoch: t.best.epoch,
        matches_committed,
    };
    let params = t.params.clone();
    let origin = origin_of_run(&t);
    s.set_trainer(t);
    s.with_params(params, origin)?;
    Ok(summary)
}

/// `replay`: this session's checkpoints after `train`, else the committed run's.
pub fn replay_cmd(s: &mut Session, _: &[String]) -> Result<Reply, String> {
    let (checkpoints, own) = match s.trainer() {
        Some(t) => (t.checkpoints.as_slice(), true),
        None => (trained_checkpoints(), false),
    };
    Ok(Reply::Replay { frames: frames(checkpoints, &probe()), own })
}

/// How many α rows the learner has reached (step 10 at t = 1 … T_y).
pub fn alpha_rows_reached(s: &Session) -> Result<usize, String> {
    let t_y = s.walk().trace.steps.len();
    let rows = (1..=t_y).filter(|&t| s.reached(StepRef { id: 10, t: Some(t) })).count();
    if rows == 0 {
        let k = s.index_of(StepRef { id: 10, t: Some(1) }).map_or(0, |k| k + 1);
        return Err(E::NO_ALPHA_YET.fill(&[("k", &k), ("n", &s.order().len())]));
    }
    Ok(rows)
}

/// `entropy`: H(α_t) for every row reached.
pub fn entropy_cmd(s: &mut Session, _: &[String]) -> Result<Reply, String> {
    let rows = alpha_rows_reached(s)?;
    let w = s.walk();
    let h = w.trace.steps[..rows].iter().map(|d| entropy(&d.alpha));
    Ok(Reply::Entropy { rows: w.scenario.target.iter().cloned().zip(h).collect(), t_x: w.scenario.source.len() })
}

/// `coverage`: Σ_t α_{t,i} over the rows reached, per source word.
pub fn coverage_cmd(s: &mut Session, _: &[String]) -> Result<Reply, String> {
    let rows = alpha_rows_reached(s)?;
    let w = s.walk();
    let c = coverage(&w.trace.alignment().rows(0, rows).into_owned());
    let t_y = w.trace.steps.len();
    // Judged once every row is in; the source's <eos> is no word to translate.
    let flags = coverage_flags(&c, 0.5, 1.5)
        .into_iter()
        .zip(&w.scenario.source)
        .map(|(f, word)| f.filter(|_| rows == t_y && word != EOS))
        .collect();
    let words = w.scenario.source.iter().cloned().zip(c.iter().copied()).collect();
    Ok(Reply::Coverage { words, flags, rows, t_y })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::execute;
    use crate::train::trainer::Stopped;
    use crate::weights::Origin;

    #[test]
    fn entropy_and_coverage_wait_for_the_first_alpha_then_read_the_rows_reached() {
        let mut s = Session::default_scenario().unwrap();
        assert!(execute(&mut s, "entropy").unwrap_err().contains("goto 10"));
        execute(&mut s, "goto 10 t=2").unwrap();
        let Reply::Entropy { rows, t_x } = execute(&mut s, "entropy").unwrap() else { panic!("not entropy") };
        assert_eq!((rows.len(), t_x), (2, 5));
        assert_eq!(rows[1], ("zone".to_string(), entropy(&s.walk().trace.steps[1].alpha)));
        execute(&mut s, "goto 14").unwrap();
        let Reply::Coverage { words, flags, rows, .. } = execute(&mut s, "coverage").unwrap() else {
            panic!("not coverage")
        };
        assert_eq!(flags.len(), words.len());
        assert_eq!(rows, 5);
        let total: f64 = words.iter().map(|w| w.1).sum();
        assert!((total - 5.0).abs() < 1e-12, "each α row sums to 1, so coverage sums to T_y: {total}");
    }

    #[test]
    fn train_checks_its_argument() {
        let mut s = Session::default_scenario().unwrap();
        assert_eq!(execute(&mut s, "train").unwrap(), Reply::Train { epochs: TrainConfig::DEFAULT.epochs });
        assert_eq!(execute(&mut s, "train 3").unwrap(), Reply::Train { epochs: 3 });
        for bad in ["train 0", "train x", "train 1001", "train 1 2"] {
            assert!(execute(&mut s, bad).unwrap_err().contains("train 10"), "{bad}");
        }
    }

    #[test]
    fn replay_shows_the_committed_run_until_this_session_trains() {
        let mut s = Session::default_scenario().unwrap();
        let Reply::Replay { frames, own } = execute(&mut s, "replay").unwrap() else { panic!("not a replay") };
        assert!(!own && frames[0].epoch == 0 && frames.len() > 3);
        let stopped = train(&mut s, 1, &|| false, &mut |_| {}).unwrap();
        assert_eq!((stopped.stopped, stopped.fresh, stopped.epochs_done), (Stopped::Finished, true, 1));
        assert_eq!(s.walk().params, s.trainer().unwrap().params);
        let Reply::Replay { frames, own } = execute(&mut s, "replay").unwrap() else { panic!("not a replay") };
        assert!(own);
        assert_eq!(frames.iter().map(|f| f.epoch).collect::<Vec<_>>(), [0, 1]);
        execute(&mut s, "seed 7").unwrap();
        assert!(s.trainer().is_none());
    }

    #[test]
    fn a_stop_request_keeps_the_parameters_of_the_first_pair() {
        let mut s = Session::default_scenario().unwrap();
        let before = s.walk().params.clone();
        let summary = train(&mut s, 5, &|| true, &mut |_| {}).unwrap();
        assert_eq!(summary.stopped, Stopped::Interrupted { epoch: 1, example: 1 });
        assert_eq!(summary.pairs, 1);
        assert_ne!(s.walk().params, before);
        assert_eq!(s.trainer().unwrap().epochs_done, 0);
    }

    /// The README's promise: `trained here` after a run whose weights are its
    /// own, `trained` when they are the committed ones bit for bit.
    #[test]
    fn the_prompt_tag_says_whose_weights_a_run_reached() {
        let mut t = Trainer::new(TrainConfig::DEFAULT);
        assert_eq!(origin_of_run(&t).tag(), "trained here");
        t.params = trained_params().clone();
        assert_eq!(origin_of_run(&t), Origin::Trained);
        assert_eq!(origin_of_run(&t).tag(), "trained");
    }
}
