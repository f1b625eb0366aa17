//! How much weight a cell carries, drawn: one of five shades to the nearest
//! quarter, and the 24-bit background colour from white (0) to deep blue (1).
//! The heatmap and its compact form draw with both.

/// Shades for weights near 0, ¼, ½, ¾ and 1, one character each so that the
/// heatmap of an 8-word sentence fits in 120 columns.
pub const SHADES: [&str; 5] = [" ", "░", "▒", "▓", "█"];

/// The shade of a weight in [0, 1], to the nearest quarter.
pub fn shade(v: f64) -> &'static str {
    SHADES[(v.clamp(0.0, 1.0) * 4.0).round() as usize]
}

/// The background of a weight in [0, 1] as red, green, blue, and whether
/// the text on it is light (from ½ on).
pub fn rgb(v: f64) -> ((u8, u8, u8), bool) {
    let v = v.clamp(0.0, 1.0);
    let mix = |hi: f64, lo: f64| (hi + (lo - hi) * v).round() as u8;
    ((mix(255.0, 8.0), mix(255.0, 48.0), mix(255.0, 107.0)), v >= 0.5)
}
