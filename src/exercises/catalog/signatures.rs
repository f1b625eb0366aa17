//! The learner's signatures, one per exercise: what each function in
//! tests/exercises/ takes and returns, named so that the table of
//! submissions, the classic mistakes and the checker agree on them.

use super::reference_beyond::Survivor;
use crate::model::{ContextWeights, Gru, Mat, Vector};

pub type EmbedFn = fn(&Mat, &[usize]) -> Mat;
pub type GruStepFn = fn(&Gru, &Vector, &Vector) -> Vector;
pub type AnnotationsFn = fn(&Mat, &Mat) -> Mat;
pub type BroadcastSumFn = fn(&Vector, &Mat) -> Mat;
pub type EnergiesFn = fn(&Mat, &Mat, &Mat, &Mat, usize, &Mat) -> Vector;
pub type SoftmaxFn = fn(&Vector) -> Vector;
pub type MaskedSoftmaxFn = fn(&Mat, &Mat) -> Mat;
pub type ContextFn = fn(&Mat, &Vector) -> Vector;
pub type DecoderStepFn = fn(&Gru, &ContextWeights, &Vector, &Vector, &Vector) -> Vector;
pub type LuongDotFn = fn(&Vector, &Mat) -> Vector;
pub type LuongGeneralFn = fn(&Vector, &Mat, &Mat) -> Vector;
pub type EntropyFn = fn(&Vector) -> f64;
pub type CoverageFn = fn(&Mat) -> Vector;
pub type SoftmaxBackwardFn = fn(&Vector, &Vector) -> Vector;
pub type ContextBackwardFn = fn(&Mat, &Vector, &Vector) -> Vector;
pub type EncdecContextsFn = fn(&Mat, &Mat, usize) -> Mat;
pub type BrevityPenaltyFn = fn(&[usize], &[usize]) -> f64;
pub type MaskedContextFn = fn(&[Mat], &Mat, &Mat) -> Mat;
pub type BeamStepFn = fn(&Vector, &Mat, usize, usize) -> (Vec<Survivor>, Vec<Survivor>);
pub type EnergiesBackwardFn = fn(&Mat, &Vector, &Vector) -> (Vector, Mat);
pub type ClippedPrecisionFn = fn(&[&str], &[&str], usize) -> f64;

/// An exercise's classic mistakes: catalog key and wrong function.
pub type Wrong<F, const N: usize> = [(&'static str, F); N];
