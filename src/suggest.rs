//! "Did you mean …?": the known word nearest to a typo, by edit distance with
//! case ignored, and only when it is near enough to be a plausible typo.

/// Edits (insert, delete, substitute, or swap two neighbours) turning `a` into `b`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // d[i][j]: distance between a[..i] and b[..j] (optimal string alignment).
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j - 1] + cost).min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The candidate closest to `word` (case ignored) if it is a plausible typo:
/// at most one edit per three letters of the shorter word (at least one),
/// and fewer edits than half the typed word, so "foo" suggests nothing
/// while "Europan" suggests "European".
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = word.to_lowercase();
    let typed = lower.chars().count();
    candidates
        .into_iter()
        .map(|c| (edit_distance(&lower, &c.to_lowercase()), c))
        .filter(|&(d, c)| {
            let shorter = typed.min(c.chars().count());
            d <= (shorter / 3).max(1) && 2 * d < typed
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_a_swap_as_one_edit() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("nxet", "next"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn typos_get_a_suggestion_and_strangers_none() {
        let names = ["next", "back", "goto", "alignment", "U_o", "W_a"];
        assert_eq!(nearest("nxet", names), Some("next"));
        assert_eq!(nearest("alignmnet", names), Some("alignment"));
        assert_eq!(nearest("GOTO", names), Some("goto"));
        assert_eq!(nearest("w_A", names), Some("W_a"));
        assert_eq!(nearest("foo", names), None);
        assert_eq!(nearest("x", names), None);
        assert_eq!(nearest("zzzzzzzz", names), None);
        assert_eq!(nearest("Europan", ["European", "Economic", "Area"]), Some("European"));
        assert_eq!(nearest("european", ["European", "Economic", "Area"]), Some("European"));
    }
}
