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
//! - [`beam`]: greedy against beam search on the test split;
//! - [`json`]: the results' JSON and its typed read-back;
//! - [`spread`]: the summary over seeds (mean, sd, range, wins);
//! - [`bars`]: every experiment's bars, stated before the runs, each judged
//!   at every seed, and a line of why where one fails;
//! - [`bleu`] and [`models`]: the metric and the models trained.
//!
//! The experiments: [`bottleneck`] (with [`results`]), [`scores`] (with
//! [`sweep`] and [`scores_results`]), [`real`], and [`walk_scores`].
//!
//! A fourth experiment is a new config and a chapter: a module here with its
//! config (dims, corpus, [`runner::RunSpec`], seeds) and a `run` that trains
//! its models through [`runner::in_parallel`] and scores each with
//! [`model_result::model_result`] (and [`beam::beam_all`] if it compares
//! decoders); a results module that writes its JSON with [`json`] and reads
//! it back typed; its bars in [`bars`]; a `--*-report` in `front/` that
//! reruns it and prints the report; and a chapter under `chapters/` that
//! includes the committed results.

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
