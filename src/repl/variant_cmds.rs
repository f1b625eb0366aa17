//! The commands that go beyond the one formula: other scores, masking, the
//! Q/K/V view, diagnostics and the classic bugs. Each calls one function of
//! `variants::view` on the session's walkthrough and answers its view.

use super::Reply;
use super::parse::parse_t;
use super::session::Session;
use crate::text::variants as T;
use crate::variants::qkv::QkvMode;
use crate::variants::view::{self as view, VariantView, Weights};

fn note(text: &str) -> Reply {
    Reply::Note(text.to_string())
}

fn answer(v: VariantView) -> Reply {
    Reply::Variant(Box::new(v))
}

/// The t a command runs at: the argument (3 or t=3), else the current one, else 1.
fn t_arg(s: &Session, args: &[String], name: &str) -> Result<usize, String> {
    match args {
        [] => Ok(s.current_t().unwrap_or(1)),
        [a] => match parse_t(a) {
            Some(t) => t,
            None => a.parse().map_err(|_| T::NOT_A_POSITION.fill(&[("word", a), ("name", &name)])),
        },
        _ => Err(T::AT_MOST_ONE_POSITION.fill(&[("name", &name)])),
    }
}

/// A trailing `before` asks for the untrained draws; otherwise each score's
/// trained weights (this layer chooses, the variants compute with either).
fn weights(args: &[String]) -> (Weights<'static>, &[String]) {
    match args.split_last() {
        Some((last, rest)) if last == "before" => (Weights::Before, rest),
        _ => (Weights::Trained(crate::experiments::walk_scores::committed()), args),
    }
}

pub fn compare(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let (weights, args) = weights(args);
    let t = t_arg(s, args, "compare")?;
    view::compare_view(s.walk(), t, weights).map(answer)
}

pub fn score(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match weights(args) {
        (weights, [kind]) => view::score_view(s.walk(), kind, weights).map(answer),
        _ => Err(T::SCORE_NEEDS_KIND.fill(&[("kinds", &view::SCORE_NAMES.join(", "))])),
    }
}

pub fn qkv(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    let mode = match args {
        [] => {
            return Ok(note(if s.qkv() { T::QKV_STATE_ON.get() } else { T::QKV_STATE_OFF.get() }));
        }
        [m] => QkvMode::parse(m)?,
        _ => return Err(T::QKV_ARGS.get().into()),
    };
    match mode {
        QkvMode::On => {
            s.set_qkv(true);
            Ok(note(T::QKV_ON.get()))
        }
        QkvMode::Off => {
            s.set_qkv(false);
            Ok(note(T::QKV_OFF.get()))
        }
        QkvMode::Separate => view::qkv_separate(s.walk(), s.current_t().unwrap_or(1)).map(answer),
    }
}

pub fn diagnose(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match weights(args) {
        (weights, []) => Ok(answer(view::diagnose_all(s.walk(), weights))),
        _ => Err(T::DIAGNOSE_ARGS.get().into()),
    }
}

pub fn mask(s: &mut Session, _: &[String]) -> Result<Reply, String> {
    view::mask_view(s.walk()).map(answer)
}

pub fn bug(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => view::bug_view(s.walk(), None).map(answer),
        [name] => view::bug_view(s.walk(), Some(name)).map(answer),
        _ => Err(T::BUG_ARGS.get().into()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::execute;
    use super::*;

    #[test]
    fn every_variant_command_answers_from_the_table() {
        let mut s = Session::default_scenario().unwrap();
        for line in ["compare", "compare 3", "compare t=2", "score dot", "qkv separate", "diagnose", "mask", "bug"] {
            assert!(matches!(execute(&mut s, line), Ok(Reply::Variant(_))), "{line}");
        }
        let bug = execute(&mut s, "bug s_t");
        assert!(
            matches!(&bug, Ok(Reply::Variant(v)) if matches!(**v, VariantView::Bug(ref r) if r.bug.name() == "s_t"))
        );
        assert!(execute(&mut s, "compare 9").unwrap_err().contains("1 … 5"));
        assert!(execute(&mut s, "compare x").unwrap_err().contains("compare 2"));
        assert!(execute(&mut s, "score").unwrap_err().contains("scaled"));
        assert!(execute(&mut s, "bug nope").unwrap_err().contains("type bug followed by"));
        assert!(execute(&mut s, "qkv maybe").unwrap_err().contains("qkv on"));
    }

    #[test]
    fn qkv_on_and_off_toggle_the_labels_only() {
        let mut s = Session::default_scenario().unwrap();
        let walk = s.walk().clone();
        execute(&mut s, "qkv on").unwrap();
        assert!(s.qkv());
        assert_eq!(s.walk(), &walk);
        execute(&mut s, "qkv off").unwrap();
        assert!(!s.qkv());
    }
}
