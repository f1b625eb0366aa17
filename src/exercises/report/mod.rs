//! What the learner reads: the `cargo test --test exercises` report, the
//! REPL's `exercises` and `hint N` ([`text`]), and the record of the last
//! check that the REPL reads ([`status`]).

pub mod status;
pub mod text;
