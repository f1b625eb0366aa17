//! The verdict on an alignment: the pattern of its content rows (every target
//! word but `<eos>`), with the `<eos>` row reported apart. The `<eos>` row
//! says when to stop, not which word to translate; it has no place in the
//! reference's reordering, and a weight split between two source positions
//! there must not decide the name of the whole pattern.

use super::diagnostics::{Pattern, pattern};
use super::{Mat, Vector};

/// Where the `<eos>` row of an alignment looks most.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EosPeak {
    /// The source position (0-based) with the largest α in the row.
    pub at: usize,
    /// That α.
    pub weight: f64,
}

/// The pattern of the content rows, and the `<eos>` row apart (None when the
/// alignment has no `<eos>` row).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    pub pattern: Pattern,
    pub eos: Option<EosPeak>,
}

/// The target positions judged: every row of a T_y-row alignment but `eos_row`.
pub fn content_rows(t_y: usize, eos_row: Option<usize>) -> Vec<usize> {
    (0..t_y).filter(|&t| Some(t) != eos_row).collect()
}

/// The content rows of `a` (T_y × T_x), and `reference` (a source position
/// per target row, all T_y of them) restricted to the same rows. A reference
/// of another length is no reference for this target.
pub fn content(a: &Mat, eos_row: Option<usize>, reference: Option<&[usize]>) -> (Mat, Option<Vec<usize>>) {
    let keep = content_rows(a.nrows(), eos_row);
    let words = a.select_rows(keep.iter()); // (T_y − 1, T_x) when there is an <eos> row
    (words, reference.filter(|r| r.len() == a.nrows()).map(|r| keep.iter().map(|&t| r[t]).collect()))
}

/// Judges `a` on its content rows against the reference (see [`content`]),
/// and reports the `<eos>` row apart.
pub fn judge(a: &Mat, eos_row: Option<usize>, reference: Option<&[usize]>) -> Verdict {
    let (words, reference) = content(a, eos_row, reference);
    let eos = eos_row.filter(|&t| t < a.nrows() && a.ncols() > 0).map(|t| {
        let row: Vector = a.row(t).transpose(); // (T_x)
        let (at, weight) = row.argmax();
        EosPeak { at, weight }
    });
    Verdict { pattern: pattern(&words, reference.as_deref()), eos }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows peaked at the given source positions with `top`, the rest shared evenly.
    fn peaked(path: &[usize], t_x: usize, top: f64) -> Mat {
        Mat::from_fn(path.len(), t_x, |t, i| if i == path[t] { top } else { (1.0 - top) / (t_x - 1) as f64 })
    }

    #[test]
    fn content_rows_on_the_crossing_are_judged_crossing_whatever_eos_does() {
        // la zone économique européenne on the crossing; <eos> peaks on European.
        let reference = [0, 3, 2, 1, 4];
        let a = peaked(&[0, 3, 2, 1, 1], 5, 0.6);
        let v = judge(&a, Some(4), Some(&reference));
        assert_eq!(v.pattern, Pattern::Crossing);
        assert_eq!(v.eos, Some(EosPeak { at: 1, weight: 0.6 }));
        // Judged on every row, the <eos> peak would break the crossing.
        assert_eq!(pattern(&a, Some(&reference)), Pattern::OutOfOrder);
    }

    #[test]
    fn a_content_row_off_the_reference_is_not_a_crossing() {
        let a = peaked(&[0, 3, 1, 2, 4], 5, 0.6);
        let v = judge(&a, Some(4), Some(&[0, 3, 2, 1, 4]));
        assert_eq!(v.pattern, Pattern::OutOfOrder);
        assert_eq!(v.eos.map(|e| e.at), Some(4));
    }

    #[test]
    fn without_an_eos_row_every_row_is_judged() {
        let a = peaked(&[0, 1, 2], 3, 0.9);
        assert_eq!(judge(&a, None, None), Verdict { pattern: Pattern::Diagonal, eos: None });
        // A reference for another target length is no reference.
        assert_eq!(judge(&a, None, Some(&[2, 1])).pattern, Pattern::Diagonal);
    }

    #[test]
    fn empty_and_one_row_alignments_do_not_panic() {
        let none = judge(&Mat::zeros(0, 0), None, None);
        assert_eq!(none, Verdict { pattern: Pattern::TooShort, eos: None });
        assert_eq!(judge(&Mat::zeros(0, 3), Some(0), Some(&[])).pattern, Pattern::TooShort);
        // Only <eos>: nothing left to judge, the <eos> row still reported.
        let eos_only = judge(&peaked(&[1], 3, 0.8), Some(0), Some(&[2]));
        assert_eq!(eos_only.pattern, Pattern::TooShort);
        assert_eq!(eos_only.eos, Some(EosPeak { at: 1, weight: 0.8 }));
        // One word and <eos>: one word has no order.
        assert_eq!(judge(&peaked(&[0, 1], 3, 0.8), Some(1), Some(&[0, 1])).pattern, Pattern::TooShort);
        // One word spread evenly is near-uniform all the same.
        assert_eq!(judge(&Mat::from_element(2, 4, 0.25), Some(1), None).pattern, Pattern::NearUniform);
        // An <eos> row past the end, or a matrix with no columns, reports no peak.
        assert_eq!(judge(&peaked(&[0, 1], 3, 0.8), Some(7), None).eos, None);
        assert_eq!(judge(&Mat::zeros(2, 0), Some(1), None).eos, None);
    }
}
