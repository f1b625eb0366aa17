//! SVG text with the book's plain-text subscripts (`s_{t-1}`, `W_a`) drawn as
//! lowered, smaller runs, and the width such a label takes.

/// `&`, `<`, `>` and `"` escaped for SVG text and attributes.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The runs of `label`: (text, is a subscript). `_x` subscripts one
/// character, `_{…}` a group; a `-` inside a subscript becomes a minus sign.
pub fn runs(label: &str) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = vec![(String::new(), false)];
    let mut chars = label.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '_' {
            out.last_mut().unwrap().0.push(c);
            continue;
        }
        let sub: String = if chars.peek() == Some(&'{') {
            chars.next();
            chars.by_ref().take_while(|&c| c != '}').collect()
        } else {
            chars.next().map(String::from).unwrap_or_default()
        };
        out.push((sub.replace('-', "−"), true));
        out.push((String::new(), false));
    }
    out.retain(|(s, _)| !s.is_empty());
    out
}

/// The width in pixels of `label` at `font` px: 0.6 em a character (a
/// sans-serif average, generous for most letters), a full em a Chinese
/// character or full-width punctuation mark, 0.75 of that in a subscript.
pub fn width(label: &str, font: f64) -> f64 {
    runs(label).iter().map(|(s, sub)| ems(s) * font * if *sub { 0.75 } else { 1.0 }).sum()
}

/// The width of `s` in em.
pub fn ems(s: &str) -> f64 {
    s.chars().map(|c| if is_wide(c) { 1.0 } else { 0.6 }).sum()
}

/// A character drawn a full em wide: Chinese characters (CJK unified
/// ideographs and extension A), CJK punctuation and full-width forms.
pub fn is_wide(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
}

/// `<tspan>`s for `label`, subscripts lowered by a third of the font size
/// and the text after them raised back.
pub fn tspans(label: &str, font: f64) -> String {
    let shift = font / 3.0;
    let mut lowered = false;
    let mut out = String::new();
    for (s, sub) in runs(label) {
        let dy = match (sub, lowered) {
            (true, false) => format!(" dy=\"{shift:.1}\" font-size=\"75%\""),
            (true, true) => " font-size=\"75%\"".to_string(),
            (false, true) => format!(" dy=\"-{shift:.1}\""),
            (false, false) => String::new(),
        };
        lowered = sub;
        out += &format!("<tspan{dy}>{}</tspan>", escape(&s));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subscripts_are_split_into_runs() {
        assert_eq!(runs("s_{t-1}"), vec![("s".into(), false), ("t−1".into(), true)]);
        assert_eq!(runs("W_a s"), vec![("W".into(), false), ("a".into(), true), (" s".into(), false)]);
        assert_eq!(runs("<eos>"), vec![("<eos>".into(), false)]);
    }

    #[test]
    fn a_chinese_character_is_a_full_em() {
        assert_eq!(width("门", 10.0), 10.0);
        assert_eq!(width("z：门", 10.0), 26.0);
    }

    #[test]
    fn a_subscript_is_narrower_than_the_same_text_inline() {
        assert!(width("s_{t-1}", 12.0) < width("st-1", 12.0));
        assert!(tspans("a<b", 12.0).contains("a&lt;b"));
    }
}
