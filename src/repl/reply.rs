//! What a command answers: a typed [`Reply`] that `render::reply` makes
//! text of. Nothing here is printed.

use super::beam_run::BeamShow;
use super::help::Help;
use super::names::{ShapeRow, Shown};
use crate::model::Dims;
use crate::model::diagnostics::CoverageFlag;
use crate::train::replay::Frame;
use crate::train::trainer::{Eval, Stopped};
use crate::variants::view::VariantView;
use crate::walkthrough::StepRef;

/// What a command answers, for the renderer.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    Nothing,
    /// One step to show in full (next, back, goto).
    Step(StepRef),
    /// The steps `run` passed; `interrupted` if Ctrl-C stopped it.
    Steps {
        steps: Vec<StepRef>,
        interrupted: bool,
    },
    Where(Option<StepRef>),
    Formula(StepRef),
    Explain(StepRef),
    Shown(Shown),
    Shapes(Vec<ShapeRow>),
    ParamShapes(Vec<(&'static str, (usize, usize))>),
    /// The alignment heatmap with its first `rows` rows (those reached).
    Alignment {
        rows: usize,
    },
    Help(Help),
    /// Clear the screen (a terminal only).
    Clear,
    Dims(Dims),
    Sentence {
        side: &'static str,
        tokens: Vec<String>,
        vocab: Vec<String>,
    },
    Seed(u64),
    /// The scenario changed; the text says how.
    Changed(String),
    /// Greedy decoding's words, and where they hold `<unk>`, the words with
    /// each one replaced through α and what filled it.
    Decoded {
        words: Vec<String>,
        unk: Option<(Vec<String>, Vec<crate::decode::unk::Fill>)>,
    },
    Note(String),
    /// A request to train for this many epochs; the front end runs it with a progress bar.
    Train {
        epochs: usize,
    },
    /// A request to train the real corpus's model; the front end runs it with a progress bar.
    RealTrain {
        pairs: usize,
    },
    /// What a `train` did.
    Trained(TrainSummary),
    /// The probe's alignment at the checkpoints; `own` if from this session's training.
    Replay {
        frames: Vec<Frame>,
        own: bool,
    },
    /// H(α_t) per target word reached, and T_x for the uniform bound ln T_x.
    Entropy {
        rows: Vec<(String, f64)>,
        t_x: usize,
    },
    /// Σ_t α_{t,i} per source word over the first `rows` rows of `t_y`, and
    /// each word's flag once every row is in (never the source's <eos>).
    Coverage {
        words: Vec<(String, f64)>,
        flags: Vec<Option<CoverageFlag>>,
        rows: usize,
        t_y: usize,
    },
    /// The bottleneck experiment: committed results, or a request to rerun it.
    Bottleneck(ExperimentView),
    /// The scores experiment: committed results, or a request to rerun it.
    Scores(ExperimentView),
    /// The beam search's positions, its ranking, or one hypothesis' α.
    Beam(BeamShow),
    /// What a variants command computed: scores compared, a bug run, … (see `variants::view`).
    Variant(Box<VariantView>),
    Quit,
}

/// Which part of an experiment to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExperimentView {
    /// The committed table and chart.
    Table,
    /// The committed long-sentence example.
    Example,
    /// The committed √d_k sweep.
    Sweep,
    /// The committed greedy against beam search.
    Beam,
    /// One seed's committed table.
    Seed(u64),
    /// Train everything again (the front end runs it with a progress bar).
    Run,
}

/// What one `train` command did.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainSummary {
    pub stopped: Stopped,
    /// True when this command started a new run from the seed's parameters.
    pub fresh: bool,
    pub epochs_done: usize,
    pub pairs: usize,
    pub eval: Eval,
    pub best_epoch: usize,
    /// The parameters reached are, bit for bit, the committed default weights.
    pub matches_committed: bool,
}
