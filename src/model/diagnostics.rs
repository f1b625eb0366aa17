//! Numbers that describe an alignment A (rows α_t) rather than compute it.

use super::{Mat, Vector};

// ANCHOR: entropy
/// H(α_t) = −Σ_i α_{t,i} ln α_{t,i} in nats (0 ln 0 = 0): ln T_x for a uniform
/// row, 0 for a row that puts all its weight on one source word.
pub fn row_entropy(alpha: &[f64]) -> f64 {
    -alpha.iter().filter(|&&a| a > 0.0).map(|&a| a * a.ln()).sum::<f64>()
}

/// The mean of H(α_t) over the rows of A.
pub fn mean_entropy(a: &Mat) -> f64 {
    let rows: Vec<f64> = a.row_iter().map(|r| row_entropy(&r.iter().copied().collect::<Vec<_>>())).collect();
    rows.iter().sum::<f64>() / rows.len().max(1) as f64
}
// ANCHOR_END: entropy

// ANCHOR: coverage
/// Coverage of source word i: Σ_t α_{t,i}, the attention it received over the
/// whole translation. 1 everywhere means every word was read exactly once.
pub fn coverage(a: &Mat) -> Vector {
    a.row_sum().transpose() // (T_y, T_x) → (T_x)
}
// ANCHOR_END: coverage

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;

    #[test]
    fn uniform_row_has_entropy_ln_t_and_one_hot_has_zero() {
        assert_relative_eq!(row_entropy(&[0.25; 4]), 4f64.ln(), epsilon = 1e-15);
        assert_eq!(row_entropy(&[0.0, 1.0, 0.0]), 0.0);
    }

    #[test]
    fn mean_entropy_averages_rows_and_coverage_sums_columns() {
        let a = Mat::from_row_slice(2, 2, &[0.5, 0.5, 0.0, 1.0]);
        assert_relative_eq!(mean_entropy(&a), 2f64.ln() / 2.0, epsilon = 1e-15);
        assert_eq!(coverage(&a), Vector::from_vec(vec![0.5, 1.5]));
    }
}
