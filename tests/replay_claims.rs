//! What "Learning to align" says about `replay`'s verdicts, checked against
//! the stored checkpoints: every number of those sentences is rebuilt here
//! from the frames `replay` shows, and the chapter must contain it.

use bahdanau::model::diagnostics::Pattern;
use bahdanau::train::replay::{Frame, frames};
use bahdanau::train::trained::trained_checkpoints;
use bahdanau::walkthrough::fmt_num;

/// The chapter's text with every run of whitespace made one space, so that a
/// claim may wrap anywhere.
fn chapter() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/chapters/training.md");
    std::fs::read_to_string(path).expect("the chapter exists").split_whitespace().collect::<Vec<_>>().join(" ")
}

fn frame(all: &[Frame], epoch: usize) -> &Frame {
    all.iter().find(|f| f.epoch == epoch).unwrap_or_else(|| panic!("replay shows epoch {epoch}"))
}

/// The <eos> row's source word and weight at `epoch`.
fn eos(all: &[Frame], epoch: usize) -> (String, String) {
    let f = frame(all, epoch);
    let p = f.eos.expect("the probe's target ends in <eos>");
    (f.table.cols[p.at].clone(), fmt_num(p.weight, 4))
}

#[test]
fn the_chapter_names_the_first_epoch_from_which_every_checkpoint_crosses() {
    let all = frames(trained_checkpoints(), &bahdanau::corpus::toy::probe());
    let from = all.iter().rposition(|f| f.pattern != Pattern::Crossing).map_or(0, |i| i + 1);
    assert!(from < all.len(), "the last checkpoint is a crossing");
    let claim = format!("From epoch {} on, every checkpoint `replay` shows is a crossing.", all[from].epoch);
    assert!(chapter().contains(&claim), "training.md should say: {claim}");
}

#[test]
fn the_chapter_reports_the_eos_row_as_replay_shows_it() {
    let all = frames(trained_checkpoints(), &bahdanau::corpus::toy::probe());
    let (w8, a8) = eos(&all, 8);
    let (w12, a12) = eos(&all, 12);
    let (w20, a20) = eos(&all, 20);
    let (w40, a40) = eos(&all, 40);
    assert_eq!([w8.as_str(), &w12, &w20, &w40], ["<eos>", "European", "European", "<eos>"]);
    let last = frame(&all, 40);
    let european = last.table.cols.iter().position(|w| w == "European").expect("a source word");
    let runner_up = fmt_num(last.table.values[(last.table.rows.len() - 1, european)], 4);
    let text = chapter();
    for claim in [
        format!("it peaks on the source's `<eos>` at epoch 8 (α {a8})"),
        format!("on *European* at epochs 12 and 20 (α {a12} and {a20})"),
        format!(
            "`<eos>` again at epoch 40, where its {a40} is only a little above the {runner_up} it gives *European*"
        ),
    ] {
        assert!(text.contains(&claim), "training.md should say: {claim}");
    }
    // Judged on every row, the <eos> row alone would break the crossing at 12 and 20.
    use bahdanau::model::diagnostics::pattern;
    use bahdanau::train::replay::probe_reference;
    let reference = probe_reference(&bahdanau::corpus::toy::probe());
    for e in [12, 20] {
        let f = frame(&all, e);
        assert_eq!(f.pattern, Pattern::Crossing);
        assert_eq!(pattern(&f.table.values, reference.as_deref()), Pattern::OutOfOrder, "epoch {e}");
    }
}
