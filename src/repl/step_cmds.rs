//! Stepping and looking: `next` (and Enter), `goto`, `run`, `show`,
//! `shapes`, `formula`, `explain` and `alignment`.

use super::beam_cmds;
use super::interrupt::interrupted;
use super::names::{lookup, shapes as all_shapes};
use super::parse::{parse_step, parse_t};
use super::reply::Reply;
use super::session::Session;
use super::training::alpha_rows_reached;
use crate::walkthrough::StepRef;

/// The step shown last, or what to type to reach one.
pub fn current(s: &Session) -> Result<StepRef, String> {
    s.current().ok_or_else(|| "no step yet: press Enter (or type next) for step 01".to_string())
}

/// `goto STEP [t=N]`, `goto t=N`.
pub fn goto(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let step = parse_step(args, s.walk().trace.steps.len(), s.current_t())?;
    s.goto(step).map(Reply::Step)
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
        return Ok(Reply::Note("You are already at the last step: type alignment, back or reset.".into()));
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
        [name, t] => (name, Some(parse_t(t).ok_or_else(|| format!("\"{t}\" is not t=N: write show {name} t=2"))??)),
        _ => return Err("show needs one name: show alpha, show alpha t=2, show W_a; type shapes for the names".into()),
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
        _ => Err("shapes takes nothing or the word params: type shapes or shapes params".into()),
    }
}

/// `alignment`, `alignment h=N`.
pub fn alignment(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => alpha_rows_reached(s).map(|rows| Reply::Alignment { rows }),
        [h] => match beam_cmds::parse_h(h) {
            Some(h) => beam_cmds::alpha_of(s, "alpha", h?, true),
            None => Err(format!("\"{h}\" is not h=N: write alignment, or alignment h=2 for a beam hypothesis")),
        },
        _ => Err("alignment takes nothing or h=N: type alignment, or alignment h=2".into()),
    }
}
