//! Watching α become the alignment: the probe's alignment at the saved
//! checkpoints, from the near-uniform rows of the initial weights to the
//! crossing of the trained ones.

use super::mean_entropy;
use super::replayed::replayed;
use super::trainer::{Checkpoint, Eval};
use crate::corpus::Pair;
use crate::model::Mat;
use crate::model::diagnostics::Pattern;
use crate::model::verdict::{EosPeak, Verdict, content_rows, judge};
use crate::vocab::{EOS, Vocab};
use crate::walkthrough::Tensor;

/// One frame of the replay: the probe's alignment after `epoch` epochs.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub epoch: usize,
    pub eval: Eval,
    pub table: Tensor,        // (T_y, T_x), rows and columns labelled with the probe's words
    pub pattern: Pattern,     // of the content rows, every target word but <eos>
    pub eos: Option<EosPeak>, // the <eos> row, judged apart
    pub entropy: f64,         // mean H(α_t) over the probe's rows
}

/// The probe's alignment, labelled with its words.
pub fn alignment_table(probe: &Pair, a: &Mat) -> Tensor {
    let words = |v: &Vocab, ids: &[usize]| ids.iter().map(|&i| v.token(i).to_string()).collect::<Vec<_>>();
    Tensor {
        values: a.clone(),
        rows: words(&Vocab::target(), &probe.target),
        cols: words(&Vocab::source(), &probe.source),
    }
}

/// The replayed checkpoints, and always the last one, as frames.
pub fn frames(checkpoints: &[Checkpoint], probe: &Pair) -> Vec<Frame> {
    let reference = probe_reference(probe);
    replayed(checkpoints)
        .into_iter()
        .map(|c| {
            let table = alignment_table(probe, &c.alignment);
            let v = verdict(&c.alignment, &table.rows, reference.as_deref());
            Frame {
                epoch: c.epoch,
                eval: c.eval,
                table,
                pattern: v.pattern,
                eos: v.eos,
                entropy: mean_entropy(&c.alignment),
            }
        })
        .collect()
}

/// The grammar's reference alignment of a pair (see `corpus::reference_for`).
pub fn probe_reference(probe: &Pair) -> Option<Vec<usize>> {
    let table = alignment_table(probe, &Mat::zeros(probe.target.len(), probe.source.len()));
    crate::corpus::toy::reference_for(&table.cols, &table.rows)
}

/// The verdict on `a`, whose rows are the target words `tgt`: the pattern of
/// every row but `<eos>`'s, and the `<eos>` row apart.
pub fn verdict(a: &Mat, tgt: &[String], reference: Option<&[usize]>) -> Verdict {
    judge(a, tgt.iter().position(|w| w == EOS), reference)
}

/// For each target word, the 1-based source position α looks at most:
/// "1 2 3 4 5" is the diagonal, "1 4 3 2 5" the probe's crossing.
pub fn argmax_positions(a: &Mat) -> String {
    let pos: Vec<String> = a.row_iter().map(|r| (r.transpose().argmax().0 + 1).to_string()).collect();
    pos.join(" ")
}

/// [`argmax_positions`] of the content rows of `table`, every target word but `<eos>`.
pub fn word_positions(table: &Tensor) -> String {
    let keep = content_rows(table.rows.len(), table.rows.iter().position(|w| w == EOS));
    argmax_positions(&table.values.select_rows(keep.iter()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::trained::trained_checkpoints;

    #[test]
    fn the_committed_replay_starts_near_uniform_and_ends_crossing() {
        let probe = crate::corpus::toy::probe();
        let frames = frames(trained_checkpoints(), &probe);
        let (first, last) = (&frames[0], &frames[frames.len() - 1]);
        assert_eq!(first.epoch, 0);
        assert_eq!(first.pattern, Pattern::NearUniform);
        assert!((first.entropy - 5f64.ln()).abs() < 0.01, "{}", first.entropy);
        assert_eq!(last.pattern, Pattern::Crossing);
        assert_eq!(argmax_positions(&last.table.values)[2..7].to_string(), "4 3 2");
        assert!(frames.windows(2).all(|w| w[0].epoch < w[1].epoch));
    }

    #[test]
    fn the_words_cross_from_epoch_8_on_while_the_eos_row_wanders() {
        let probe = crate::corpus::toy::probe();
        let frames = frames(trained_checkpoints(), &probe);
        let from_8: Vec<&Frame> = frames.iter().filter(|f| f.epoch >= 8).collect();
        assert!(from_8.len() >= 3, "the replay shows epochs 8, 12, 20 and on");
        assert!(from_8.iter().all(|f| f.pattern == Pattern::Crossing && word_positions(&f.table) == "1 4 3 2"));
        // At epochs 12 and 20 the <eos> row alone peaks off the reference, on European.
        let eos_at = |e: usize| frames.iter().find(|f| f.epoch == e).and_then(|f| f.eos).map(|p| p.at);
        assert_eq!((eos_at(12), eos_at(20)), (Some(1), Some(1)));
        assert_eq!(eos_at(40), Some(4));
    }

    #[test]
    fn positions_are_one_based_per_row() {
        let a = Mat::from_row_slice(2, 3, &[0.1, 0.2, 0.7, 0.8, 0.1, 0.1]);
        assert_eq!(argmax_positions(&a), "3 1");
    }
}
