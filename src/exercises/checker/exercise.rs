//! What the checker reads of an exercise: its function, its hints, the
//! mistakes it names. The catalogue ([`crate::exercises::catalog`]) fills these in;
//! what they say, in both languages, is the text table's ([`crate::text::exercises`]).

use crate::text::Text;

/// A classic wrong answer the checker recognises, and what to tell the learner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistake {
    pub key: &'static str,
    pub hint: Text,
}

/// One exercise: a function the learner writes in `file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exercise {
    pub id: u8,
    /// The function the learner writes.
    pub function: &'static str,
    pub title: Text,
    /// Relative to the crate root.
    pub file: &'static str,
    /// The walkthrough step it checks (DESIGN.md's 01–14), if it has one.
    pub step: Option<u8>,
    pub chapter: &'static str,
    pub formula: &'static str,
    /// The first hint: the idea, in words. `hint N` prints it, and so does a
    /// wrong answer no known mistake or diagnosis explains.
    pub idea: Text,
    /// The second hint, closer to the code: `hint N 2`, or `h` in watch mode.
    pub hint: Text,
    /// Printed when the answer holds NaN or ∞ and the expected one does not.
    pub nonfinite: Option<Text>,
    pub mistakes: &'static [Mistake],
    /// Where to read the reference solution: file and ANCHOR name.
    pub solution: (&'static str, &'static str),
}
