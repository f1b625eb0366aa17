//! The diagnosis of a wrong answer no catalogued mistake explains: what it
//! has in common with the right one ([`relation`]), the right formula with one
//! term changed ([`diagnose`]), and the inputs a teacher would design to
//! isolate one term ([`knowledge`] lists them per exercise; [`probes`],
//! [`masks`], [`gates`], [`backward`], [`bleu`] and [`search`] hold them).
//! It knows nothing of the catalogue: it sees an exercise as flat parts
//! ([`flat`] makes them of any input, [`ctx`] holds the case on them) and
//! its words for them.

mod backward;
mod bleu;
pub mod ctx;
pub mod diagnose;
pub mod flat;
mod gates;
pub mod knowledge;
mod masks;
mod probes;
pub mod relation;
mod search;
pub mod tolerance;
