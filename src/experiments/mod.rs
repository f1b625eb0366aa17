//! Experiments: models trained from scratch, side by side, on a length-graded
//! corpus, ending in tables and figures that the book includes.

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
