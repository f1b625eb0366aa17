//! The checker: runs a learner's function on an exercise's cases ([`run`]),
//! catching its panics ([`probe`]), compares it with the reference within a
//! tolerance, and on a wrong answer names the classic mistake or asks the
//! [`diagnosis`](crate::exercises::diagnosis). It sees an exercise through
//! [`exercise::Exercise`], its input through
//! [`Flat`](crate::exercises::diagnosis::flat::Flat) and its answer
//! through [`output::Output`].

pub mod exercise;
pub mod output;
pub mod probe;
pub mod run;
