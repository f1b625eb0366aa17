//! The case being diagnosed, seen as flat parts, with the learner's and the
//! reference's functions ready to run on changed parts.

use super::relation::{Words, show};
use super::tolerance::same;
use crate::model::Mat;
use crate::text::readings::A_PANIC;
use crate::text::{Arg, Text};

/// The case being diagnosed, and the two functions to probe, on flat parts.
pub struct Ctx<'a> {
    pub parts: &'a [Mat],
    pub got: &'a Mat,
    pub expected: &'a Mat,
    /// `None` when the learner's function panicked on that input.
    pub learner: &'a dyn Fn(&[Mat]) -> Option<Mat>,
    pub reference: &'a dyn Fn(&[Mat]) -> Option<Mat>,
    pub words: Words,
}

impl Ctx<'_> {
    /// The parts with some replaced.
    pub fn with(&self, changes: Vec<(usize, Mat)>) -> Vec<Mat> {
        let mut parts = self.parts.to_vec();
        for (j, m) in changes {
            parts[j] = m;
        }
        parts
    }

    /// The reference's and the learner's answers on `parts`, when they differ.
    pub fn differs(&self, parts: &[Mat]) -> Option<(Mat, Option<Mat>)> {
        let want = (self.reference)(parts)?;
        let got = (self.learner)(parts);
        match &got {
            Some(g) if same(g, &want) => None,
            _ => Some((want, got)),
        }
    }

    /// `text` filled with what the answer on a designed input must be
    /// (`{$want}`) and the learner's (`{$yours}`), and `more`.
    pub fn observed(text: Text, want: &Mat, got: &Option<Mat>, more: &[(&str, &dyn Arg)]) -> String {
        let (want, yours) = (show(want), Self::shown(got));
        let mut args: Vec<(&str, &dyn Arg)> = vec![("want", &want), ("yours", &yours)];
        args.extend_from_slice(more);
        text.fill_spaced(&args)
    }

    /// A learner's answer on a designed input, for a hint: up to four entries, or "a panic".
    pub fn shown(got: &Option<Mat>) -> String {
        got.as_ref().map(show).unwrap_or_else(|| A_PANIC.get().into())
    }
}
