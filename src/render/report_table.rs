//! The tables every experiment report shares: right-aligned columns split
//! into groups that fit the width, a spread as "mean ± sd" and "min–max", and
//! a run's seeds as a list.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{CellAlignment, ContentArrangement, Table};

use super::table::width_chunks;
use crate::experiments::spread::Spread;
use crate::walkthrough::fmt_num;

/// A table with the given header, every column but the first right-aligned.
pub fn aligned_table(header: Vec<String>, rows: Vec<Vec<String>>) -> String {
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Disabled);
    let cols = header.len();
    t.set_header(header);
    rows.into_iter().for_each(|r| {
        t.add_row(r);
    });
    for c in 1..cols {
        if let Some(col) = t.column_mut(c) {
            col.set_cell_alignment(CellAlignment::Right);
        }
    }
    t.to_string()
}

/// [`aligned_table`] split into groups of columns that fit the output width,
/// each group repeating the first column (as wide tensors are split).
pub fn grouped_table(header: Vec<String>, rows: Vec<Vec<String>>) -> String {
    grouped_table_keyed(header, rows, 1)
}

/// `grouped_table` whose first `keys` columns name a row together (d_k and
/// the score, say): all of them are repeated in every group.
pub fn grouped_table_keyed(header: Vec<String>, rows: Vec<Vec<String>>, keys: usize) -> String {
    let w = |s: &String| crate::layout::columns_of(s);
    let col_w = |c: usize| rows.iter().map(|r| r.get(c).map_or(0, w)).chain([w(&header[c])]).max().unwrap_or(0);
    let keys = keys.clamp(1, header.len());
    let key_w = (0..keys).map(col_w).sum::<usize>() + 3 * (keys - 1);
    let widths: Vec<usize> = (keys..header.len()).map(col_w).collect();
    let groups = width_chunks(key_w, &widths, super::width());
    let pick = |r: &[String], g: &std::ops::Range<usize>| {
        r[..keys].iter().chain(r[g.start + keys..g.end + keys].iter()).cloned().collect::<Vec<_>>()
    };
    let tables: Vec<String> =
        groups.iter().map(|g| aligned_table(pick(&header, g), rows.iter().map(|r| pick(r, g)).collect())).collect();
    tables.join("\n")
}

/// "mean ± sd" of a spread.
pub fn mean_sd(s: &Spread, decimals: usize) -> String {
    format!("{} ± {}", fmt_num(s.mean, decimals), fmt_num(s.sd, decimals))
}

/// "min–max" of a spread.
pub fn range(s: &Spread, decimals: usize) -> String {
    format!("{}–{}", fmt_num(s.min, decimals), fmt_num(s.max, decimals))
}

/// "mean (min–max)" of a spread.
pub fn mean_range(s: &Spread, decimals: usize) -> String {
    format!("{} ({})", fmt_num(s.mean, decimals), range(s, decimals))
}

/// The seeds of a run, as "1, 2, 3".
pub fn seed_list(seeds: impl Iterator<Item = u64>) -> String {
    seeds.map(|k| k.to_string()).collect::<Vec<_>>().join(", ")
}
