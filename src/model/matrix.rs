//! The two types every equation is written in: f64 matrices, and vectors
//! as columns.

pub type Mat = nalgebra::DMatrix<f64>;
pub type Vector = nalgebra::DVector<f64>;
