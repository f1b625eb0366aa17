//! The REPL's core: one command table, the parser, and the session. A
//! command turns a line into a typed [`Reply`] (data, never printed here);
//! `render::reply` makes text of it, and the front end prints.
//!
//! - [`commands`]: the command table and dispatch; [`help_cmd`] reads it
//!   for `help`, whose groups and answer are [`help`]'s.
//! - [`session`]: the walkthrough and where the learner is in it;
//!   [`beam_run`]: a beam search the session holds.
//! - [`reply`]: what a command answers; [`interrupt`]: Ctrl-C's request.
//! - One file per group of commands: [`step_cmds`], [`scenario_cmds`],
//!   [`file_cmds`], [`beam_cmds`], [`corpus_cmd`], [`experiment_cmds`],
//!   [`training`], [`variant_cmds`], [`lang_cmd`]; [`names`] for `show` and `shapes`;
//!   [`parse`], [`complete`] and [`visible`] for the line itself; [`save`]
//!   for session files.

pub mod beam_cmds;
pub mod beam_run;
pub mod commands;
pub mod complete;
pub mod corpus_cmd;
pub mod experiment_cmds;
pub mod file_cmds;
pub mod help;
pub mod help_cmd;
pub mod interrupt;
pub mod lang_cmd;
pub mod names;
pub mod parse;
pub mod reply;
pub mod save;
pub mod scenario_cmds;
pub mod session;
pub mod step_cmds;
pub mod training;
pub mod variant_cmds;
pub mod visible;

pub use commands::{COMMANDS, Command, execute};
pub use interrupt::{clear_interrupt, interrupted, request_interrupt};
pub use names::{ShapeRow, Shown};
pub use reply::{ExperimentView, Reply};
pub use session::Session;
