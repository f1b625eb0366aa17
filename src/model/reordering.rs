//! When an alignment "crosses": its argmax path against the reference
//! alignment the translation needs. A path that merely goes back somewhere is
//! not a crossing; it is one when it reproduces the reordering of the
//! reference (here, the toy grammar's: French adjectives after the noun, in
//! reverse order).
//!
//! Positions are 0-based in code; the REPL and the book print them from 1.

use super::Mat;

/// For each row α_t of `a` (T_y × T_x), the source position with the most weight.
pub fn argmax_path(a: &Mat) -> Vec<usize> {
    a.row_iter().map(|r| r.transpose().argmax().0).collect()
}

/// The pairs of target positions (t, u), t < u, whose source positions come
/// in the opposite order: path[t] > path[u]. Empty for a monotone path.
pub fn crossed_pairs(path: &[usize]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for t in 0..path.len() {
        for u in t + 1..path.len() {
            if path[t] > path[u] {
                pairs.push((t, u));
            }
        }
    }
    pairs
}

/// How a path compares with the reference alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Agreement {
    /// Target positions whose argmax is the reference's source word.
    pub matching: usize,
    /// T_y.
    pub rows: usize,
    /// Whether the reference itself crosses (the translation reorders).
    pub reference_crosses: bool,
}

impl Agreement {
    /// The criterion of a crossing: the reference reorders and every row's
    /// argmax is the reference's source word, so the path crosses exactly
    /// where the translation needs it to.
    pub fn reproduces_crossing(self) -> bool {
        self.reference_crosses && self.matching == self.rows
    }
}

/// Compares `path` with `reference` (both indexed by t, holding source positions).
/// Returns None when their lengths differ (the reference is for another target).
pub fn agreement(path: &[usize], reference: &[usize]) -> Option<Agreement> {
    if path.len() != reference.len() {
        return None;
    }
    Some(Agreement {
        matching: path.iter().zip(reference).filter(|(p, r)| p == r).count(),
        rows: path.len(),
        reference_crosses: !crossed_pairs(reference).is_empty(),
    })
}

/// Whether the argmax path of `a` reproduces the crossing of `reference`.
pub fn reproduces_crossing(a: &Mat, reference: &[usize]) -> bool {
    agreement(&argmax_path(a), reference).is_some_and(Agreement::reproduces_crossing)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One-hot rows at the given source positions, with a little weight elsewhere.
    fn peaked(path: &[usize], t_x: usize) -> Mat {
        Mat::from_fn(path.len(), t_x, |t, i| if i == path[t] { 0.9 } else { 0.1 / (t_x - 1) as f64 })
    }

    #[test]
    fn the_paths_crossed_pairs_are_the_inversions() {
        assert!(crossed_pairs(&[0, 1, 2]).is_empty());
        assert_eq!(crossed_pairs(&[0, 3, 2, 1, 4]), [(1, 2), (1, 3), (2, 3)]);
    }

    #[test]
    fn only_the_reference_reordering_counts_as_crossing() {
        let reference = [0, 3, 2, 1, 4]; // la zone économique européenne <eos>
        assert!(reproduces_crossing(&peaked(&reference, 5), &reference));
        // Goes back, but not where the translation needs it.
        assert!(!reproduces_crossing(&peaked(&[2, 0, 1, 4, 3], 5), &reference));
        // Right order except one row.
        let a = agreement(&[0, 3, 2, 2, 4], &reference).unwrap();
        assert_eq!((a.matching, a.rows, a.reproduces_crossing()), (4, 5, false));
        // A monotone reference has no crossing to reproduce.
        assert!(!reproduces_crossing(&peaked(&[0, 1, 2], 3), &[0, 1, 2]));
        assert_eq!(agreement(&[0, 1], &[0, 1, 2]), None);
    }
}
