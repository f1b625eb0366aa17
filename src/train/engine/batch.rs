//! B sentence pairs side by side, padded to the longest: the layout every
//! file of the engine reads.
//!
//! A per-step tensor of the batch is one matrix whose column t·B + b is
//! sentence b at step t (time-major), so step t is the contiguous block of
//! columns t·B … t·B + B − 1. Padding comes after each sentence's last
//! word, so a left-to-right recurrence never reads it at a real step; what
//! runs right to left (←h) is masked, and the attention and the loss read
//! only each sentence's own length.

use crate::corpus::Pair;

/// The pairs of one group, with their lengths.
pub struct Batch<'a> {
    pub sources: Vec<&'a [usize]>,
    pub targets: Vec<&'a [usize]>,
    /// T_x of each sentence, and the longest.
    pub t_x: Vec<usize>,
    pub t_x_max: usize,
    /// T_y of each sentence, and the longest.
    pub t_y: Vec<usize>,
    pub t_y_max: usize,
    /// Where sentence b's annotations start in a sentence-major matrix
    /// (column Σ_{b' < b} T_x(b')), and the total.
    pub x_off: Vec<usize>,
    pub x_total: usize,
}

impl<'a> Batch<'a> {
    pub fn new(pairs: &[&'a Pair]) -> Batch<'a> {
        let sources: Vec<&[usize]> = pairs.iter().map(|p| p.source.as_slice()).collect();
        let targets: Vec<&[usize]> = pairs.iter().map(|p| p.target.as_slice()).collect();
        let t_x: Vec<usize> = sources.iter().map(|s| s.len()).collect();
        let t_y: Vec<usize> = targets.iter().map(|s| s.len()).collect();
        let x_off: Vec<usize> = t_x.iter().scan(0, |acc, &t| Some(std::mem::replace(acc, *acc + t))).collect();
        Batch {
            t_x_max: t_x.iter().copied().max().unwrap_or(0),
            t_y_max: t_y.iter().copied().max().unwrap_or(0),
            x_total: t_x.iter().sum(),
            sources,
            targets,
            t_x,
            t_y,
            x_off,
        }
    }

    /// B, the number of sentences.
    pub fn len(&self) -> usize {
        self.sources.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sources.is_empty()
    }

    /// y_{t−1} of sentence b: <bos> at t = 0.
    pub fn y_prev(&self, t: usize, b: usize, bos: usize) -> usize {
        if t == 0 { bos } else { self.targets[b][t - 1] }
    }

    /// Whether sentence b has a source word at position i.
    pub fn live_x(&self, i: usize, b: usize) -> bool {
        i < self.t_x[b]
    }

    /// Whether sentence b has a target word at step t.
    pub fn live_y(&self, t: usize, b: usize) -> bool {
        t < self.t_y[b]
    }

    /// How many columns from the first a step at source position i has to
    /// compute: one past the last sentence with a word there. Every column
    /// after it is padding from here on, never read; one before it can be
    /// padding too when the batch is not sorted longest first.
    pub fn cols_x(&self, i: usize) -> usize {
        self.t_x.iter().rposition(|&t| i < t).map_or(0, |k| k + 1)
    }

    /// The same for target step t.
    pub fn cols_y(&self, t: usize) -> usize {
        self.t_y.iter().rposition(|&n| t < n).map_or(0, |k| k + 1)
    }
}
