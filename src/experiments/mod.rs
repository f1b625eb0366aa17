//! Experiments: models trained from scratch, side by side, over several
//! seeds, ending in tables and figures that the book includes from committed
//! results. There is one kernel, and each experiment is a configuration of it.
//!
//! The kernel:
//!
//! - [`runner`]: the [`runner::Model`] trait and [`runner::RunSpec`], the one
//!   training loop (seeded order, Adam, held-out BLEU, the stopping rule) and
//!   the two-thread job queue;
//! - [`score`]: BLEU and exact matches by source length, the bucket rule a
//!   parameter ([`score::Buckets::toy`], [`score::Buckets::REAL`]);
//! - [`model_result`]: one trained model's result, the same everywhere;
//! - [`beam`]: greedy against beam search on the test split, and its
//!   numbers read back ([`beam::beam_from`]);
//! - [`json`]: the results' JSON and its typed read-back ([`json::model_from`]
//!   into [`json::ModelSummary`], [`json::score_from`], [`json::check_from`],
//!   [`json::budget_from`], [`json::mat_from`]);
//! - [`spread`]: the summary over seeds (mean, sd, range, wins; BLEU by
//!   length, [`spread::by_length`]), computed when shown, never stored;
//! - [`bars`]: every experiment's bars, stated before the runs, each judged
//!   at every seed on the results read back, and a line of why where one
//!   fails (the real corpus's in [`bars::real`]);
//! - [`bleu`] and [`models`]: the metric and the models trained.
//!
//! The report's body, the same for every experiment (results read back or
//! one line of why not, tables, timings, bars, whether all were met), is
//! text, so it lives above render, in `front::report_body`.
//!
//! The experiments, each a config, a run, a writer of its JSON and a typed
//! reader of it:
//!
//! - [`bottleneck`], with [`results`] (`bahdanau-bottleneck/4`);
//! - [`scores`], with [`sweep`] and [`scores_results`] (`bahdanau-scores/2`);
//! - [`real`], a folder: the config in its `mod.rs`, [`real::run`],
//!   [`real::unk`], the writer [`real::results`] and the reader
//!   [`real::summary`] (`bahdanau-real/3`), and [`real::kept`], the REPL's
//!   model of its first seed;
//! - [`walk_scores`], the trained weights the REPL's score walk reads.
//!
//! A fourth experiment is a new config and a chapter, and touches the kernel
//! only if it needs what no experiment has needed yet:
//!
//! 1. a module here (a folder if it grows) with its config (dims, corpus,
//!    [`runner::RunSpec`], seeds) and a `run` that trains its models through
//!    [`runner::in_parallel`], scores each with [`model_result::model_result`]
//!    and, if it compares decoders, [`beam::beam_all`];
//! 2. a results module that writes its JSON with [`json`] (and
//!    [`beam::beam_json`]) and reads it back typed, on [`json::ModelSummary`],
//!    [`beam::BeamSummary`] and [`json::mat_from`] plus only what is its own,
//!    with a `committed()` read at compile time;
//! 3. its bars in [`bars`] (a file under `bars/` if they are many), judged on
//!    the typed summary, its spreads over seeds from [`spread`];
//! 4. its tables in `render/`, from the typed summary;
//! 5. a `--*-report` in `front/` that reruns it with a bar
//!    (`front::experiments::rerun_with`) and prints `front::report_body`'s
//!    body of its tables, timings and bars (`toy_report` and
//!    `toy_rerun_report` add the rerun-equals-committed bar and write the
//!    files, for results committed in full);
//! 6. a chapter under `chapters/` that includes the committed results, and
//!    a test that the chapter's numbers and figures are the results'.

pub mod bars;
pub mod beam;
pub mod bleu;
pub mod bottleneck;
pub mod json;
pub mod model_result;
pub mod models;
pub mod real;
pub mod results;
pub mod runner;
pub mod score;
pub mod scores;
pub mod scores_results;
pub mod spread;
pub mod sweep;
pub mod walk_scores;
