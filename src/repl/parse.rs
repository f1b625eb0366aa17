//! Reading a command line: words and quoted phrases, `;`-separated commands,
//! the nearest known word for a typo, and the argument forms `t=N`, step ids
//! and `m=8 n=8 n'=8 l=8`.

use crate::model::{Dims, MAX_DIM};
use crate::text::errors as E;
use crate::walkthrough::{STEP_INFO, StepRef};

/// Splits a line into words; "…" (or “…”) keeps its spaces as one word.
pub fn tokenize(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote_at: Option<usize> = None;
    for (col, ch) in line.chars().enumerate() {
        match (quote_at, ch) {
            (None, '"' | '“' | '”') => {
                quote_at = Some(col + 1);
                word.get_or_insert_with(String::new);
            }
            (Some(_), '"' | '“' | '”') => quote_at = None,
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (_, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(col) = quote_at {
        return Err(E::QUOTE_OPEN.fill(&[("col", &col)]));
    }
    words.extend(word);
    Ok(words)
}

/// Splits `text` at every `;` outside quotes (for `-c "next; show alpha"`).
pub fn split_commands(text: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted) = (Vec::new(), String::new(), false);
    for ch in text.chars() {
        match ch {
            '"' | '“' | '”' => {
                quoted = !quoted;
                cur.push(ch);
            }
            ';' | '\n' if !quoted => out.push(std::mem::take(&mut cur)),
            _ => cur.push(ch),
        }
    }
    out.push(cur);
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

pub use crate::suggest::{edit_distance, nearest};

/// `t=N` as a number, or None if `arg` is not of that form.
pub fn parse_t(arg: &str) -> Option<Result<usize, String>> {
    let v = arg.strip_prefix("t=").or_else(|| arg.strip_prefix("t ="))?;
    Some(v.trim().parse().map_err(|_| E::NOT_A_POSITION.fill(&[("arg", &arg)])))
}

fn t_in_range(t: usize, t_y: usize) -> Result<usize, String> {
    if (1..=t_y).contains(&t) { Ok(t) } else { Err(E::T_OUT_OF_RANGE.fill(&[("t", &t), ("t_y", &t_y)])) }
}

/// A step from `goto`'s arguments. `current_t` is the t the learner is at,
/// used when a repeating step is named without one.
pub fn parse_step(args: &[String], t_y: usize, current_t: Option<usize>) -> Result<StepRef, String> {
    let joined = args.join(" ");
    let form = E::STEP_FORM.get();
    let (mut id, mut t): (Option<u8>, Option<usize>) = (None, None);
    for arg in args {
        if let Some(v) = parse_t(arg) {
            t = Some(t_in_range(v?, t_y)?);
            continue;
        }
        let key = arg.strip_prefix("step_").unwrap_or(arg);
        let (id_part, t_part) = match key.split_once("_t") {
            Some((i, t)) => (i, Some(t)),
            None => (key, None),
        };
        let v: u8 = id_part.parse().map_err(|_| E::NOT_A_STEP.fill(&[("arg", &arg.as_str()), ("form", &form)]))?;
        id = Some(v);
        if let Some(tp) = t_part {
            let v = tp.parse().map_err(|_| E::NO_T_NUMBER.fill(&[("arg", &arg.as_str()), ("form", &form)]))?;
            t = Some(t_in_range(v, t_y)?);
        }
    }
    if args.is_empty() {
        return Err(E::GOTO_NEEDS_STEP.fill(&[("form", &form)]));
    }
    let id = id.unwrap_or(6);
    let info = STEP_INFO.iter().find(|s| s.id == id).ok_or_else(|| {
        let (first, last) = (STEP_INFO.first().map_or(0, |s| s.id), STEP_INFO.last().map_or(0, |s| s.id));
        let (first, last) = (format!("{first:02}"), format!("{last:02}"));
        E::NO_SUCH_STEP.fill(&[("id", &id.to_string()), ("first", &first), ("last", &last), ("form", &form)])
    })?;
    let (key, n) = (format!("{id:02}"), id.to_string());
    // A step computed once that sits among the steps repeated per t (U_a H).
    let among_repeated =
        STEP_INFO.iter().any(|s| s.per_target && s.id < id) && STEP_INFO.iter().any(|s| s.per_target && s.id > id);
    match (info.per_target, t) {
        (true, t) => Ok(StepRef { id, t: Some(t.or(current_t).unwrap_or(1)) }),
        (false, None) => Ok(StepRef { id, t: None }),
        (false, Some(_)) if among_repeated => {
            Err(E::ONCE_PER_SENTENCE.fill(&[("id", &key), ("name", &info.symbol), ("n", &n), ("joined", &joined)]))
        }
        (false, Some(_)) => Err(E::NOT_PER_T.fill(&[("id", &key), ("n", &n)])),
    }
}

/// New dimensions from `m=4 n'=6 …` (or four numbers m n n' l), starting
/// from `current`.
pub fn parse_dims(args: &[String], current: Dims) -> Result<Dims, String> {
    let form = E::DIMS_FORM.get();
    let Dims { mut m, mut n, mut n_a, mut l } = current;
    let number = |name: &str, v: &str| {
        v.parse::<usize>()
            .map_err(|_| E::DIM_NOT_WHOLE.fill(&[("name", &name), ("value", &v), ("max", &MAX_DIM), ("form", &form)]))
    };
    if args.len() == 4 && args.iter().all(|a| !a.contains('=')) {
        let v: Vec<usize> =
            args.iter().zip(["m", "n", "n'", "l"]).map(|(a, name)| number(name, a)).collect::<Result<_, _>>()?;
        return Dims::new(v[0], v[1], v[2], v[3]);
    }
    for arg in args {
        let (name, v) =
            arg.split_once('=').ok_or_else(|| E::NOT_NAME_VALUE.fill(&[("arg", &arg.as_str()), ("form", &form)]))?;
        let slot = match name.trim() {
            "m" => &mut m,
            "n" => &mut n,
            "n'" | "n_a" | "na" => &mut n_a,
            "l" => &mut l,
            other => {
                return Err(E::NO_DIMENSION.fill(&[("name", &other), ("form", &form)]));
            }
        };
        *slot = number(name, v.trim())?;
    }
    Dims::new(m, n, n_a, l)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn quotes_keep_phrases_together() {
        assert_eq!(tokenize("source \"the European  Area\" x").unwrap(), ["source", "the European  Area", "x"]);
        assert_eq!(tokenize("target “la zone”").unwrap(), ["target", "la zone"]);
        assert_eq!(tokenize("show \"\"").unwrap(), ["show", ""]);
        assert_eq!(tokenize("   ").unwrap(), Vec::<String>::new());
        assert!(tokenize("source \"the Area").unwrap_err().contains("column 8"));
    }

    #[test]
    fn commands_split_at_semicolons_outside_quotes() {
        assert_eq!(split_commands("next; next;show alpha"), ["next", "next", "show alpha"]);
        assert_eq!(split_commands("source \"a;b\"; next"), ["source \"a;b\"", "next"]);
    }

    #[test]
    fn steps_parse_in_every_documented_form() {
        let p = |v: &[&str], cur| parse_step(&words(v), 5, cur);
        assert_eq!(p(&["9"], None), Ok(StepRef { id: 9, t: Some(1) }));
        assert_eq!(p(&["09"], Some(3)), Ok(StepRef { id: 9, t: Some(3) }));
        assert_eq!(p(&["9", "t=2"], None), Ok(StepRef { id: 9, t: Some(2) }));
        assert_eq!(p(&["step_10_t4"], None), Ok(StepRef { id: 10, t: Some(4) }));
        assert_eq!(p(&["t=5"], None), Ok(StepRef { id: 6, t: Some(5) }));
        assert_eq!(p(&["14"], Some(2)), Ok(StepRef { id: 14, t: None }));
        assert!(p(&["15"], None).unwrap_err().contains("01 … 14"));
        assert!(p(&["t=6"], None).unwrap_err().contains("T_y = 5"));
        assert!(p(&["7", "t=2"], None).unwrap_err().contains("once"));
        assert!(p(&["alpha"], None).unwrap_err().contains("goto 9"));
        assert!(p(&[], None).unwrap_err().contains("needs a step"));
    }

    #[test]
    fn a_step_or_dimension_that_cannot_be_read_is_refused_in_the_language_spoken() {
        use crate::text::{Lang, set};
        set(Lang::Zh);
        let step = parse_step(&words(&["alpha"]), 5, None).unwrap_err();
        let once = parse_step(&words(&["7", "t=2"]), 5, None).unwrap_err();
        let dim = parse_dims(&words(&["k=2"]), Dims::DEFAULT).unwrap_err();
        let quote = tokenize("source \"the Area").unwrap_err();
        set(Lang::En);
        assert!(step.contains("不是一个步骤") && step.contains("goto 09 t=3"), "{step}");
        assert!(once.contains("步骤 07（U_a H）") && once.contains("goto 7"), "{once}");
        assert!(dim.contains("没有叫“k”的维度") && dim.contains("dims 8 8 8 8"), "{dim}");
        assert!(quote.contains("第 8 列"), "{quote}");
        let once = parse_step(&words(&["7", "t=2"]), 5, None).unwrap_err();
        assert!(once.starts_with("step 07 (U_a H) is computed once"), "{once}");
    }

    #[test]
    fn dims_parse_by_name_or_position_and_name_the_limit() {
        let d = Dims::DEFAULT;
        assert_eq!(parse_dims(&words(&["n=4", "l=2"]), d).unwrap(), Dims { n: 4, l: 2, ..d });
        assert_eq!(parse_dims(&words(&["n'=3"]), d).unwrap().n_a, 3);
        assert_eq!(parse_dims(&words(&["1", "2", "3", "4"]), d).unwrap(), Dims { m: 1, n: 2, n_a: 3, l: 4 });
        assert!(parse_dims(&words(&["n=65"]), d).unwrap_err().contains("64"));
        assert!(parse_dims(&words(&["k=2"]), d).unwrap_err().contains("no dimension \"k\""));
        assert!(parse_dims(&words(&["n=-1"]), d).unwrap_err().contains("whole number"));
    }
}
