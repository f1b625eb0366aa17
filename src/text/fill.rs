//! Named arguments in a template: `{$name}` is replaced by the argument of
//! that name. Braces without `$` are the formulas' own (`s_{t-1}`) and stay.

/// What may fill an argument: words and whole numbers. A fractional number
/// is formatted by the project's number formatter first (it has no `Arg`
/// of its own, so it cannot slip through unformatted).
pub trait Arg {
    fn text(&self) -> String;
}

impl Arg for str {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl Arg for &str {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl Arg for String {
    fn text(&self) -> String {
        self.clone()
    }
}

macro_rules! whole {
    ($($t:ty),*) => { $(impl Arg for $t { fn text(&self) -> String { self.to_string() } })* };
}
whole!(u8, u16, u32, u64, usize, i32, i64);

/// The names of `template`'s arguments, in order, each once.
pub fn names(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(k) = rest.find("{$") {
        let after = &rest[k + 2..];
        let Some(end) = after.find('}') else { break };
        let name = &after[..end];
        if !out.contains(&name) {
            out.push(name);
        }
        rest = &after[end + 1..];
    }
    out
}

/// `template` with every `{$name}` replaced by its argument. An argument
/// the template names but the caller does not give is a mistake in the
/// code, caught by the tests (debug builds); a release build leaves it as written.
pub fn fill(template: &str, args: &[(&str, &dyn Arg)]) -> String {
    fill_with(template, args, false)
}

/// [`fill`], with a space put where an argument meets a Chinese character
/// and the other side is a Latin letter, a digit or a formula's sign: a
/// reading composed of the learner's axis words ("h 的维度", "源位置") is set
/// as Chinese is set whichever words fill it. English has no Chinese
/// character, so it reads exactly as [`fill`] gives it.
pub fn fill_spaced(template: &str, args: &[(&str, &dyn Arg)]) -> String {
    fill_with(template, args, true)
}

fn is_han(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

/// Latin letters, digits, formula signs and Greek: what a space sets apart from Chinese.
fn is_latin(c: char) -> bool {
    c.is_ascii_graphic() || ('\u{370}'..='\u{3ff}').contains(&c) || "∂√−∞→←ᵀ\u{304}".contains(c)
}

/// Pushes `piece` onto `out`, with a space first when the two meet as Chinese and Latin.
fn push(out: &mut String, piece: &str, spaced: bool) {
    if let (true, Some(a), Some(b)) = (spaced, out.chars().last(), piece.chars().next())
        && ((is_han(a) && is_latin(b)) || (is_latin(a) && is_han(b)))
    {
        out.push(' ');
    }
    out.push_str(piece);
}

fn fill_with(template: &str, args: &[(&str, &dyn Arg)], spaced: bool) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(k) = rest.find("{$") {
        push(&mut out, &rest[..k], spaced);
        let after = &rest[k + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[k..]);
            return out;
        };
        let name = &after[..end];
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => push(&mut out, &value.text(), spaced),
            None => {
                debug_assert!(false, "no argument {name} for \"{template}\"");
                out.push_str(&rest[k..k + 2 + end + 1]);
            }
        }
        rest = &after[end + 1..];
    }
    push(&mut out, rest, spaced);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_arguments_are_filled_and_formula_braces_stay() {
        let t = "step {$id}: s_{t-1} at t = {$t}, again {$id}";
        assert_eq!(names(t), ["id", "t"]);
        assert_eq!(fill(t, &[("t", &3usize), ("id", &"09")]), "step 09: s_{t-1} at t = 3, again 09");
        assert_eq!(names("no arguments, s_{t-1}"), Vec::<&str>::new());
    }

    #[test]
    fn a_spaced_fill_sets_chinese_apart_from_latin_words_only_where_they_meet() {
        let t = "每个{$axis}都对，除了{$at}：{$v}";
        let filled = fill_spaced(t, &[("axis", &"h 的维度"), ("at", &"第 3 维"), ("v", &"[0.1]")]);
        assert_eq!(filled, "每个 h 的维度都对，除了第 3 维：[0.1]");
        assert_eq!(fill_spaced("源{$x}位置", &[("x", &"i")]), "源 i 位置");
        let en = "every {$axis} is right";
        assert_eq!(fill_spaced(en, &[("axis", &"row")]), fill(en, &[("axis", &"row")]));
    }
}
