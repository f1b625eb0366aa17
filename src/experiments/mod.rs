//! Experiments: models trained from scratch, side by side, on a length-graded
//! corpus, ending in tables and figures that the book includes.

pub mod corpus;
