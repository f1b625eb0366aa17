//! The training replies as text: what `train` did, the replay of the probe's
//! alignment, and the entropy and coverage of the current alignment.

use super::heatmap::render_heatmap;
use super::pattern::{eos_line, flag_text, pattern_name};
use super::style::Style;
use crate::model::diagnostics::CoverageFlag;
use crate::repl::reply::TrainSummary;
use crate::train::optim::NonFinite;
use crate::train::replay::{Frame, word_positions};
use crate::train::trainer::Stopped;
use crate::walkthrough::fmt_num;

/// What a `train` did, and what to type next.
pub fn render_trained(t: &TrainSummary) -> String {
    let run = if t.fresh {
        "a new run from the seed's start (its draw with v_a × 0.01), replacing the weights shown"
    } else {
        "continuing this session's run"
    };
    let how = match t.stopped {
        Stopped::Finished => {
            let plural = if t.epochs_done == 1 { "" } else { "s" };
            format!("Trained {} pairs, {run}; {} epoch{plural} so far.", t.pairs, t.epochs_done)
        }
        Stopped::Interrupted { epoch, example } => {
            format!("Stopped by Ctrl-C in epoch {epoch} after pair {example}, {run}; the parameters reached are kept.")
        }
        Stopped::NonFinite { epoch, example, cause } => {
            let what = if cause == NonFinite::Gradient { "gradient" } else { "parameters" };
            format!(
                "Training stopped in epoch {epoch} at pair {example}: that step would have made the {what} NaN or \
                 infinite, so it was refused and the last good parameters are kept. Type seed N for a fresh start."
            )
        }
    };
    let same = if t.matches_committed {
        "They are, bit for bit, the weights the default walkthrough starts with (src/train/trained.json).\n"
    } else {
        ""
    };
    format!(
        "{how}\nHeld out after epoch {}: loss {}, token accuracy {} %, mean H(α) {} (best accuracy at epoch {}).\n{same}\
         Every step now shows these parameters: goto 10 shows α, alignment the whole A, replay how it formed.\n",
        t.epochs_done,
        fmt_num(t.eval.loss, 4),
        fmt_num(100.0 * t.eval.accuracy, 2),
        fmt_num(t.eval.entropy, 4),
        t.best_epoch
    )
}

/// Every frame of the replay as a heatmap under a line of its numbers.
pub fn render_replay(frames: &[Frame], own: bool, style: Style) -> String {
    let Some(first) = frames.first() else {
        return "No checkpoints yet: type train to make some.\n".into();
    };
    let mut out = format!(
        "The probe \"{}\" → \"{}\" at {} checkpoints of {}.\n\
         \"words peak at\" gives, for each target word but <eos>, the source position it looks at most; \
         the pattern is named from those words, and the <eos> row, which only ends the sentence, is shown apart.\n",
        first.table.cols.join(" "),
        first.table.rows.join(" "),
        frames.len(),
        if own { "this session's training" } else { "the training that made the default weights" }
    );
    for f in frames {
        let pattern = pattern_name(f.pattern);
        let eos = f.eos.map(|e| format!("  {}\n", eos_line(&e, &f.table.cols))).unwrap_or_default();
        out += &format!(
            "\nepoch {} · held-out accuracy {} % · mean H(α) {}\n  words peak at {} · {pattern}\n{eos}{}",
            f.epoch,
            fmt_num(100.0 * f.eval.accuracy, 2),
            fmt_num(f.entropy, 4),
            word_positions(&f.table),
            render_heatmap(&f.table, style)
        );
    }
    let last = &frames[frames.len() - 1];
    let looks: Vec<String> = (0..last.table.rows.len())
        .map(|t| {
            let i = last.table.values.row(t).transpose().argmax().0;
            format!("{} → {}", last.table.rows[t], last.table.cols[i])
        })
        .collect();
    out + &format!(
        "\nH ≈ ln T_x = {} is a uniform row. At epoch {} each target word looks most at: {}.\n",
        fmt_num((last.table.cols.len() as f64).ln(), 4),
        last.epoch,
        looks.join(", ")
    )
}

/// H(α_t) per row, with the two bounds that make it readable.
pub fn render_entropy(rows: &[(String, f64)], t_x: usize) -> String {
    let mut out = String::from("H(α_t) = −Σ_i α_t,i ln α_t,i, in nats:\n");
    for (word, h) in rows {
        out += &format!("  {word:<12} {}\n", fmt_num(*h, 4));
    }
    let mean = rows.iter().map(|r| r.1).sum::<f64>() / rows.len().max(1) as f64;
    out + &format!(
        "mean {} over {} rows; 0 is a row on a single word, ln T_x = ln {t_x} = {} a uniform row.\n",
        fmt_num(mean, 4),
        rows.len(),
        fmt_num((t_x as f64).ln(), 4)
    )
}

/// Σ_t α_{t,i} per source word, with the flags the reply carries.
pub fn render_coverage(words: &[(String, f64)], flags: &[Option<CoverageFlag>], rows: usize, t_y: usize) -> String {
    let mut out = format!("coverage Σ_t α_t,i over the first {rows} of {t_y} rows:\n");
    for ((word, v), flag) in words.iter().zip(flags) {
        let flag = flag.map_or("", flag_text);
        out += &format!("  {word:<12} {}  {flag}\n", fmt_num(*v, 4));
    }
    out + "The columns of A summed: about 1 means the word was read about once.\n"
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
