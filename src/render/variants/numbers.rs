//! Numbers the variants print beside their tables: gaps that should be
//! zero, and the infinities a mask produces.

/// −∞ and +∞ as a reader writes them; other numbers in full.
pub fn show_inf(v: f64) -> String {
    match v {
        f64::NEG_INFINITY => "−∞".to_string(),
        f64::INFINITY => "+∞".to_string(),
        _ => v.to_string(),
    }
}

/// A number in scientific notation, for gaps that should be zero.
pub fn sci(v: f64) -> String {
    format!("{v:.1e}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infinities_are_written_as_a_reader_writes_them() {
        assert_eq!(
            (show_inf(f64::NEG_INFINITY), show_inf(f64::INFINITY), show_inf(-2.5)),
            ("−∞".into(), "+∞".into(), "-2.5".into())
        );
        assert_eq!(sci(0.000123), "1.2e-4");
    }
}
