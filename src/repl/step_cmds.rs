//! Stepping and looking: `next` (and Enter), `goto`, `run`, `show`,
//! `shapes`, `formula`, `explain` and `alignment`.

use super::beam_cmds;
use super::interrupt::interrupted;
use super::names::{lookup, shapes as all_shapes};
use super::parse::{parse_step, parse_t};
use super::reply::Reply;
use super::session::Session;
use super::training::alpha_rows_reached;
use crate::text::errors as E;
use crate::walkthrough::StepRef;

/// The step shown last, or what to type to reach one.
pub fn current(s: &Session) -> Result<StepRef, String> {
    s.current().ok_or_else(|| E::NO_STEP_YET.get().to_string())
}

/// `goto STEP [t=N]`, `goto t=N`, `goto POSITION` (also as the prompt
/// writes it, `[42/63]` or `[42/63 trained]`); position 0 is the start.
pub fn goto(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    if let Some(arg) = prompt_position(args)
        && let Some(k) = position(arg, s.order().len())
    {
        let k = k?;
        if k == 0 {
            s.reset();
            return Ok(Reply::Where(None));
        }
        let step = s.order()[k - 1];
        return s.goto(step).map(Reply::Step);
    }
    let step = parse_step(args, s.walk().trace.steps.len(), s.current_t())?;
    s.goto(step).map(Reply::Step)
}

/// The one argument that can be a position: `42`, `42/63`, or the prompt's
/// text copied with its brackets, `[42/63]` or `[42/63 trained]` (two words).
fn prompt_position(args: &[String]) -> Option<&str> {
    fn unbracket(a: &str) -> Option<&str> {
        a.strip_prefix('[').map(|a| a.trim_end_matches('>').trim_end_matches(']'))
    }
    match args {
        [arg] => Some(unbracket(arg).unwrap_or(arg)),
        [arg, label] if label.trim_end_matches('>').ends_with(']') => unbracket(arg),
        _ => None,
    }
}

/// A position as the prompt counts it (`[42/63 …]`): "42/63", 0 (before
/// step 01), or a number above the last step id, 14 (a number from 1 to 14
/// names the step).
fn position(arg: &str, steps: usize) -> Option<Result<usize, String>> {
    let (k, of_form) = match arg.split_once('/') {
        Some((k, _)) => (k, true),
        None => (arg, false),
    };
    let k: usize = k.trim().parse().ok()?;
    let last_id = crate::walkthrough::STEP_INFO.iter().map(|i| usize::from(i.id)).max().unwrap_or(14);
    if !of_form && (1..=last_id).contains(&k) {
        return None;
    }
    Some(if k <= steps {
        Ok(k)
    } else {
        Err(E::NO_POSITION.fill(&[("k", &k), ("steps", &steps), ("last_id", &last_id)]))
    })
}

/// Enter and next: the beam's next position while one runs, else the next step.
pub fn forward(s: &mut Session) -> Result<Reply, String> {
    if s.beam_running() { beam_cmds::step(s) } else { s.step_forward().map(Reply::Step) }
}

/// `run`: every remaining step, or the rest of the beam search.
pub fn run(s: &mut Session, _: &[String]) -> Result<Reply, String> {
    if s.beam_running() {
        return beam_cmds::finish_run(s);
    }
    if s.shown() == s.order().len() {
        return Ok(Reply::Note(E::ALREADY_LAST.get().into()));
    }
    let steps = s.run(&interrupted);
    Ok(Reply::Steps { interrupted: s.shown() < s.order().len(), steps })
}

/// `show NAME [t=N]`, `show alpha h=N`.
pub fn show(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let (name, t) = match args {
        [name, h] if h.starts_with("h=") => {
            let h = beam_cmds::parse_h(h).unwrap_or(Err(String::new()))?;
            return beam_cmds::alpha_of(s, name, h, false);
        }
        [name] => (name, None),
        [name, t] => (name, Some(parse_t(t).ok_or_else(|| E::SHOW_NOT_T.fill(&[("word", t), ("name", name)]))??)),
        _ => return Err(E::SHOW_NEEDS_NAME.get().into()),
    };
    lookup(s, name, t).map(Reply::Shown)
}

/// `shapes`, `shapes params`.
pub fn shapes(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => Ok(Reply::Shapes(all_shapes(s))),
        [p] if p == "params" => {
            Ok(Reply::ParamShapes(s.walk().params.named().iter().map(|(n, m)| (*n, m.shape())).collect()))
        }
        _ => Err(E::SHAPES_ARGS.get().into()),
    }
}

/// `alignment`, `alignment h=N`.
pub fn alignment(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => alpha_rows_reached(s).map(|rows| Reply::Alignment { rows }),
        [h] => match beam_cmds::parse_h(h) {
            Some(h) => beam_cmds::alpha_of(s, "alpha", h?, true),
            None => Err(E::ALIGNMENT_NOT_H.fill(&[("word", h)])),
        },
        _ => Err(E::ALIGNMENT_ARGS.get().into()),
    }
}

#[cfg(test)]
mod tests {
    use crate::repl::reply::Reply;
    use crate::repl::{Session, execute};

    #[test]
    fn goto_takes_the_prompts_positions_as_well_as_step_ids() {
        let mut s = Session::default_scenario().unwrap();
        let n = s.order().len();
        execute(&mut s, "goto 9").unwrap();
        assert_eq!(s.current().unwrap().id, 9);
        execute(&mut s, &format!("goto {n}")).unwrap();
        assert_eq!(s.shown(), n);
        execute(&mut s, &format!("goto 3/{n}")).unwrap();
        assert_eq!(s.shown(), 3);
        execute(&mut s, "goto 20").unwrap();
        assert_eq!(s.shown(), 20);
        let before = s.clone();
        let e = execute(&mut s, &format!("goto {}", n + 1)).unwrap_err();
        assert!(e.contains(&format!("positions 1 … {n}")), "{e}");
        assert!(execute(&mut s, &format!("goto {}/{n}", n + 5)).is_err());
        assert_eq!(s, before);
    }

    #[test]
    fn goto_takes_the_prompt_as_written_and_zero_for_the_start() {
        let mut s = Session::default_scenario().unwrap();
        let n = s.order().len();
        execute(&mut s, &format!("goto [3/{n}]")).unwrap();
        assert_eq!(s.shown(), 3);
        execute(&mut s, &format!("goto [20/{n} trained]")).unwrap();
        assert_eq!(s.shown(), 20);
        execute(&mut s, &format!("goto [{n}/{n} trained]>")).unwrap();
        assert_eq!(s.shown(), n);
        assert!(matches!(execute(&mut s, "goto 0").unwrap(), Reply::Where(None)));
        assert_eq!(s.shown(), 0);
        execute(&mut s, "goto 12").unwrap();
        execute(&mut s, &format!("goto [0/{n}]")).unwrap();
        assert_eq!(s.shown(), 0);
        execute(&mut s, "goto 5").unwrap();
        let before = s.clone();
        let e = execute(&mut s, &format!("goto [{}/{n}]", n + 1)).unwrap_err();
        assert!(e.contains(&format!("positions 1 … {n}")), "{e}");
        assert!(execute(&mut s, "goto [3/9 nonsense").is_err());
        assert_eq!(s, before);
    }

    #[test]
    fn goto_a_late_position_after_a_longer_source() {
        let mut s = Session::default_scenario().unwrap();
        execute(&mut s, "source the European Economic Area and the Central Bank").unwrap();
        let n = s.order().len();
        assert!(n > 42, "{n}");
        execute(&mut s, "goto 42").unwrap();
        assert_eq!(s.shown(), 42);
        execute(&mut s, &format!("goto [{n}/{n}]")).unwrap();
        assert_eq!(s.shown(), n);
    }
}
