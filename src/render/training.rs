//! The training replies as text: what `train` did, the replay of the probe's
//! alignment, and the entropy and coverage of the current alignment.

use super::heatmap::render_heatmap;
use super::pattern::{eos_line, flag_text, pattern_name};
use super::style::Style;
use crate::model::diagnostics::CoverageFlag;
use crate::repl::reply::TrainSummary;
use crate::text::training as T;
use crate::train::optim::NonFinite;
use crate::train::replay::{Frame, word_positions};
use crate::train::trainer::{Progress, Stopped};
use crate::walkthrough::fmt_num;

/// A training progress bar's message: training loss so far, and the
/// held-out accuracy and mean α entropy measured after the last full epoch.
pub fn progress_message(p: &Progress) -> String {
    let (loss, accuracy) = (fmt_num(p.train_loss, 3), fmt_num(100.0 * p.last_eval.accuracy, 1));
    let entropy = fmt_num(p.last_eval.entropy, 2);
    let args: [(&str, &dyn crate::text::Arg); 4] =
        [("epoch", &p.epoch), ("loss", &loss), ("accuracy", &accuracy), ("entropy", &entropy)];
    T::PROGRESS.fill(&args)
}

/// What a `train` did, and what to type next.
pub fn render_trained(t: &TrainSummary) -> String {
    let run = if t.fresh { T::RUN_FRESH } else { T::RUN_CONTINUING }.get();
    let how = match t.stopped {
        Stopped::Finished => {
            let text = if t.epochs_done == 1 { T::TRAINED_ONE_EPOCH } else { T::TRAINED_FINISHED };
            text.fill(&[("pairs", &t.pairs), ("run", &run), ("epochs", &t.epochs_done)])
        }
        Stopped::Interrupted { epoch, example } => {
            T::TRAINED_INTERRUPTED.fill(&[("epoch", &epoch), ("example", &example), ("run", &run)])
        }
        Stopped::NonFinite { epoch, example, cause } => {
            let what = if cause == NonFinite::Gradient { T::WHAT_GRADIENT } else { T::WHAT_PARAMETERS }.get();
            T::TRAINED_NON_FINITE.fill(&[("epoch", &epoch), ("example", &example), ("what", &what)])
        }
    };
    let same = if t.matches_committed { format!("{}\n", T::TRAINED_COMMITTED.get()) } else { String::new() };
    let (loss, accuracy, entropy) =
        (fmt_num(t.eval.loss, 4), fmt_num(100.0 * t.eval.accuracy, 2), fmt_num(t.eval.entropy, 4));
    let args: [(&str, &dyn crate::text::Arg); 5] = [
        ("epoch", &t.epochs_done),
        ("loss", &loss),
        ("accuracy", &accuracy),
        ("entropy", &entropy),
        ("best", &t.best_epoch),
    ];
    format!("{how}\n{}\n{same}{}\n", T::TRAINED_HELD_OUT.fill(&args), T::TRAINED_NEXT.get())
}

/// Every frame of the replay as a heatmap under a line of its numbers.
pub fn render_replay(frames: &[Frame], own: bool, style: Style) -> String {
    let Some(first) = frames.first() else {
        return format!("{}\n", crate::text::training::NO_CHECKPOINTS.get());
    };
    let whose = if own { T::REPLAY_OWN } else { T::REPLAY_DEFAULT }.get();
    let (source, target) = (first.table.cols.join(" "), first.table.rows.join(" "));
    let args: [(&str, &dyn crate::text::Arg); 4] =
        [("source", &source), ("target", &target), ("count", &frames.len()), ("whose", &whose)];
    let mut out = format!("{}\n", T::REPLAY_HEAD.fill(&args));
    for f in frames {
        let pattern = pattern_name(f.pattern);
        let eos = f.eos.map(|e| format!("  {}\n", eos_line(&e, &f.table.cols))).unwrap_or_default();
        let (accuracy, entropy, peaks) =
            (fmt_num(100.0 * f.eval.accuracy, 2), fmt_num(f.entropy, 4), word_positions(&f.table));
        let args: [(&str, &dyn crate::text::Arg); 5] = [
            ("epoch", &f.epoch),
            ("accuracy", &accuracy),
            ("entropy", &entropy),
            ("peaks", &peaks),
            ("pattern", &pattern),
        ];
        out += &format!("\n{}\n{eos}{}", T::REPLAY_FRAME.fill(&args), render_heatmap(&f.table, style));
    }
    let last = &frames[frames.len() - 1];
    let looks: Vec<String> = (0..last.table.rows.len())
        .map(|t| {
            let i = last.table.values.row(t).transpose().argmax().0;
            format!("{} → {}", last.table.rows[t], last.table.cols[i])
        })
        .collect();
    let ln_tx = fmt_num((last.table.cols.len() as f64).ln(), 4);
    let args: [(&str, &dyn crate::text::Arg); 3] =
        [("ln_tx", &ln_tx), ("epoch", &last.epoch), ("looks", &looks.join(", "))];
    out + &format!("\n{}\n", T::REPLAY_END.fill(&args))
}

/// H(α_t) per row, with the two bounds that make it readable.
pub fn render_entropy(rows: &[(String, f64)], t_x: usize) -> String {
    let mut out = format!("{}\n", T::ENTROPY_ROWS.get());
    for (word, h) in rows {
        out += &format!("  {} {}\n", crate::layout::pad(word, 12), fmt_num(*h, 4));
    }
    let mean = rows.iter().map(|r| r.1).sum::<f64>() / rows.len().max(1) as f64;
    let (mean, ln_tx) = (fmt_num(mean, 4), fmt_num((t_x as f64).ln(), 4));
    let args: [(&str, &dyn crate::text::Arg); 4] =
        [("mean", &mean), ("rows", &rows.len()), ("t_x", &t_x), ("ln_tx", &ln_tx)];
    out + &format!("{}\n", T::ENTROPY_MEAN.fill(&args))
}

/// Σ_t α_{t,i} per source word, with the flags the reply carries.
pub fn render_coverage(words: &[(String, f64)], flags: &[Option<CoverageFlag>], rows: usize, t_y: usize) -> String {
    let mut out = format!("{}\n", T::COVERAGE_ROWS.fill(&[("rows", &rows), ("t_y", &t_y)]));
    for ((word, v), flag) in words.iter().zip(flags) {
        let flag = flag.map_or("", flag_text);
        out += &format!("  {} {}  {flag}\n", crate::layout::pad(word, 12), fmt_num(*v, 4));
    }
    out + &format!("{}\n", T::COVERAGE_END.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::trained::trained_checkpoints;

    #[test]
    fn every_replayed_epoch_names_the_words_pattern_then_the_eos_row_apart() {
        let frames = crate::train::replay::frames(trained_checkpoints(), &crate::corpus::toy::probe());
        let text = render_replay(&frames, false, Style::PLAIN);
        for f in &frames {
            let e = f.eos.expect("the probe ends in <eos>");
            let head = format!(
                "epoch {} · held-out accuracy {} % · mean H(α) {}\n  words peak at {} · {}\n  {}\n",
                f.epoch,
                fmt_num(100.0 * f.eval.accuracy, 2),
                fmt_num(f.entropy, 4),
                word_positions(&f.table),
                pattern_name(f.pattern),
                eos_line(&e, &f.table.cols)
            );
            assert!(text.contains(&head), "epoch {}:\n{text}", f.epoch);
        }
        // The epoch the book quotes: the words cross while <eos> looks at European.
        assert!(
            text.contains("words peak at 1 4 3 2 · crossing\n  <eos> row, apart: peaks at 2 (European) with α 0.5442")
        );
    }
}
