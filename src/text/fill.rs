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
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(k) = rest.find("{$") {
        out.push_str(&rest[..k]);
        let after = &rest[k + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[k..]);
            return out;
        };
        let name = &after[..end];
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => out.push_str(&value.text()),
            None => {
                debug_assert!(false, "no argument {name} for \"{template}\"");
                out.push_str(&rest[k..k + 2 + end + 1]);
            }
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
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
}
