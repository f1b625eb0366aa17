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
