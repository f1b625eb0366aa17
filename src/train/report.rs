//! `--train-report`: trains from scratch, then measures the trained model
//! against the bars it must reach. This computes every number; the text is
//! `render::train_report`'s.

use super::TrainConfig;
use super::grad::gradient_check;
use super::mean_entropy;
use super::replay::{alignment_table, argmax_positions, probe_reference, verdict};
use super::trained::{committed_json, to_json, train};
use super::trainer::{Eval, Trainer};
use crate::decode::greedy_decode;
use crate::model::diagnostics::{Pattern, coverage};
use crate::model::{Params, Vector};
use crate::vocab::{BOS, EOS, Vocab};
use crate::walkthrough::Tensor;

/// The probe's content words and the source word each must look at most.
pub const CROSSING: [(&str, &str); 3] = [("zone", "Area"), ("économique", "Economic"), ("européenne", "European")];
pub const MIN_ACCURACY: f64 = 0.95;
pub const MAX_PROBE_ENTROPY: f64 = 0.8;
/// The largest relative error the hand-written gradient may have against central differences.
pub const MAX_GRADIENT_ERROR: f64 = 1e-6;

/// One checkpoint of the run, as its table row.
#[derive(Clone, Debug, PartialEq)]
pub struct EpochRow {
    pub epoch: usize,
    pub eval: Eval,
    /// The probe's mean α entropy.
    pub probe_entropy: f64,
    /// For each probe target word, the source position (from 1) α looks at most.
    pub argmax: String,
    /// The probe's pattern, judged on the target words, <eos> apart.
    pub pattern: Pattern,
}

/// Everything `--train-report` measured.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainReport {
    pub config: TrainConfig,
    /// The learning rate of the last epoch.
    pub last_lr: f64,
    pub rows: Vec<EpochRow>,
    pub secs: f64,
    /// The epoch kept (the best held-out accuracy), its evaluation, and the last epoch's accuracy.
    pub kept: usize,
    pub best: Eval,
    pub last_accuracy: f64,
    /// Held-out sentences greedy decoding translates exactly, of how many.
    pub greedy_exact: (usize, usize),
    /// The probe's alignment at the kept epoch, labelled with its words.
    pub probe: Tensor,
    /// For each word of [`CROSSING`], the source word its α peaks on.
    pub peaks: Vec<Option<String>>,
    /// Σ_t α_t,i of the probe at the kept epoch, (T_x).
    pub coverage: Vector,
    /// The probe's mean α entropy at initialisation and kept; the held-out mean likewise.
    pub probe_entropy: (f64, f64),
    pub held_out_entropy: (f64, f64),
    /// Whether the trained weights equal `src/train/trained.json` bit for bit.
    pub same_as_committed: bool,
    /// The gradient check on the probe at the initial weights: parameter, largest relative error.
    pub gradient_errors: Vec<(&'static str, f64)>,
}

impl TrainReport {
    pub fn accuracy_met(&self) -> bool {
        self.best.accuracy >= MIN_ACCURACY
    }

    /// Whether the word of [`CROSSING`] at `k` peaks where it should.
    pub fn peak_met(&self, k: usize) -> bool {
        self.peaks[k].as_deref() == Some(CROSSING[k].1)
    }

    pub fn entropy_met(&self) -> bool {
        self.probe_entropy.1 < MAX_PROBE_ENTROPY
    }

    pub fn worst_gradient_error(&self) -> f64 {
        self.gradient_errors.iter().map(|e| e.1).fold(0.0, f64::max)
    }

    /// The bars the exit status reports: accuracy, the crossing and the probe's entropy.
    pub fn bars_met(&self) -> bool {
        self.accuracy_met() && (0..CROSSING.len()).all(|k| self.peak_met(k)) && self.entropy_met()
    }
}

/// Trains with `config` and measures the result.
pub fn train_report(config: TrainConfig) -> Result<TrainReport, String> {
    let (t, secs) = train(config)?;
    let c = &config;
    let probe = &t.corpus.test[0];
    let reference = probe_reference(probe);
    let tv = Vocab::target();
    let words: Vec<String> = probe.target.iter().map(|&i| tv.token(i).to_string()).collect();
    let rows = t
        .checkpoints
        .iter()
        .map(|cp| EpochRow {
            epoch: cp.epoch,
            eval: cp.eval,
            probe_entropy: mean_entropy(&cp.alignment),
            argmax: argmax_positions(&cp.alignment),
            pattern: verdict(&cp.alignment, &words, reference.as_deref()).pattern,
        })
        .collect();
    let (best, kept) = (t.best.eval, t.best.epoch);
    let last = t.checkpoints.last().map_or(best, |cp| cp.eval);
    let first = &t.checkpoints[0];
    let kept_cp = t.checkpoints.iter().find(|cp| cp.epoch == kept).unwrap_or(first);
    let table = alignment_table(probe, &kept_cp.alignment);
    let peaks = CROSSING
        .iter()
        .map(|(fr, _)| {
            let row = table.rows.iter().position(|w| w == fr);
            row.map(|r| table.cols[kept_cp.alignment.row(r).transpose().argmax().0].clone())
        })
        .collect();
    let bos = tv.id(BOS).unwrap_or(0);
    Ok(TrainReport {
        config: *c,
        last_lr: c.lr_at(c.epochs),
        rows,
        secs,
        kept,
        best,
        last_accuracy: last.accuracy,
        greedy_exact: (greedy_exact(&t, &t.best.params), t.corpus.held_out.len()),
        coverage: coverage(&kept_cp.alignment),
        probe: table,
        peaks,
        probe_entropy: (mean_entropy(&first.alignment), mean_entropy(&kept_cp.alignment)),
        held_out_entropy: (first.eval.entropy, kept_cp.eval.entropy),
        same_as_committed: to_json(&t) == committed_json(),
        gradient_errors: gradient_check(&super::initial_params(c), &probe.source, &probe.target, bos),
    })
}

/// Greedy decoding (no teacher) of every held-out sentence: how many come out exactly.
fn greedy_exact(t: &Trainer, p: &Params) -> usize {
    let tv = Vocab::target();
    let (bos, eos) = (tv.id(BOS).unwrap_or(0), tv.id(EOS).unwrap_or(1));
    t.corpus.held_out.iter().filter(|pair| greedy_decode(p, &pair.source, bos, eos, 20) == pair.target).count()
}
