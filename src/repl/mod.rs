//! The REPL's core: one command table, the parser, and the session. A
//! command turns a line into a typed [`Reply`] (data, never printed here);
//! `render::reply` makes text of it, and the front end prints.

pub mod beam_cmds;
pub mod commands;
pub mod complete;
pub mod corpus_cmd;
pub mod experiment_cmds;
pub mod help;
pub mod names;
pub mod parse;
pub mod save;
pub mod session;
pub mod training;
pub mod variant_cmds;
pub mod visible;

use std::sync::atomic::{AtomicBool, Ordering};

pub use commands::{COMMANDS, Command, execute};
pub use names::{ShapeRow, Shown};
pub use session::Session;

use crate::model::Dims;
use crate::train::replay::Frame;
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
    Help(help::Help),
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
    Decoded(Vec<String>),
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
    Trained(training::TrainSummary),
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
    /// Σ_t α_{t,i} per source word over the first `rows` rows.
    Coverage {
        words: Vec<(String, f64)>,
        rows: usize,
    },
    /// The bottleneck experiment: committed results, or a request to rerun it.
    Bottleneck(ExperimentView),
    /// The scores experiment: committed results, or a request to rerun it.
    Scores(ExperimentView),
    /// The beam search's positions, its ranking, or one hypothesis' α.
    Beam(beam_cmds::BeamShow),
    /// What a variants command computed: scores compared, a bug run, … (see `variants::view`).
    Variant(Box<crate::variants::view::VariantView>),
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

static INTERRUPT: AtomicBool = AtomicBool::new(false);

/// Asks long work (`run`) to stop at the next step; set by Ctrl-C.
pub fn request_interrupt() {
    INTERRUPT.store(true, Ordering::SeqCst);
}

pub fn interrupted() -> bool {
    INTERRUPT.load(Ordering::SeqCst)
}

pub fn clear_interrupt() {
    INTERRUPT.store(false, Ordering::SeqCst);
}
