//! A learner's answer of any type, seen as a matrix the checker compares
//! entry by entry and the report prints.

use crate::model::{Mat, Vector};

/// A learner's answer of any shape, seen as a matrix (vectors are one column).
pub trait Output {
    fn to_mat(&self) -> Mat;
    /// The shape as the exercise files write it: `(n)` for a vector.
    fn shape_text(&self) -> String;
}

impl Output for Mat {
    fn to_mat(&self) -> Mat {
        self.clone()
    }
    fn shape_text(&self) -> String {
        format!("({}, {})", self.nrows(), self.ncols())
    }
}

impl Output for Vector {
    fn to_mat(&self) -> Mat {
        Mat::from_column_slice(self.len(), 1, self.as_slice())
    }
    fn shape_text(&self) -> String {
        format!("({})", self.len())
    }
}

impl Output for f64 {
    fn to_mat(&self) -> Mat {
        Mat::from_element(1, 1, *self)
    }
    fn shape_text(&self) -> String {
        "a number".into()
    }
}

/// A beam step's survivors, (live, finished), each (hypothesis, word, ln p):
/// one row per survivor, the live ones first, columns (h, word, ln p,
/// finished 0 or 1).
impl Output for (Vec<(usize, usize, f64)>, Vec<(usize, usize, f64)>) {
    fn to_mat(&self) -> Mat {
        let rows = self.0.iter().map(|s| (s, 0.0)).chain(self.1.iter().map(|s| (s, 1.0)));
        let cells: Vec<f64> = rows.flat_map(|(&(h, w, lp), done)| [h as f64, w as f64, lp, done]).collect();
        Mat::from_row_slice(cells.len() / 4, 4, &cells)
    }
    fn shape_text(&self) -> String {
        format!("({} live, {} finished; rows h, word, ln p, finished)", self.0.len(), self.1.len())
    }
}

/// A vector and a matrix (a gradient per input): side by side, the vector as
/// column 0, when their rows agree; otherwise every entry in one column, so
/// the shapes differ from the right answer's.
impl Output for (Vector, Mat) {
    fn to_mat(&self) -> Mat {
        let (v, m) = self;
        if v.len() == m.nrows() {
            let mut out = Mat::zeros(v.len(), 1 + m.ncols());
            out.set_column(0, v);
            out.columns_mut(1, m.ncols()).copy_from(m);
            out
        } else {
            Mat::from_iterator(v.len() + m.len(), 1, v.iter().chain(m.iter()).copied())
        }
    }
    fn shape_text(&self) -> String {
        format!("({}) and ({}, {}), side by side", self.0.len(), self.1.nrows(), self.1.ncols())
    }
}
