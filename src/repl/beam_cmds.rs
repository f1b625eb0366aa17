//! `beam K [norm=…] [minlen=…]`: beam search on the current source, one
//! target position per Enter, with every live hypothesis' prefix,
//! log-probability and α.

use super::beam_run::{BeamReference, BeamRun, BeamShow, hypotheses};
use super::interrupt::interrupted;
use super::reply::Reply;
use super::session::Session;
use crate::corpus::toy::translate;
use crate::decode::beam::{self, Beam, Norm, guard, normalised, score_words};
use crate::decode::greedy_decode_readable;
use crate::decode::step::encode;
use crate::decode::stepper::Attending;
use crate::text::beam as T;
use crate::vocab::EOS;
use crate::walkthrough::Walkthrough;

/// The widest beam the REPL steps through: K tables of K candidates stay readable.
pub const MAX_K: usize = 10;

/// `beam K [norm=none|length|gnmt[:A]] [minlen=half|N]`, `beam` (where it
/// stands), `beam off`.
pub fn beam_cmd(s: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] if s.beam().is_some() => {
            Ok(Reply::Beam(BeamShow::Steps { from: s.beam().map_or(1, |r| r.beam.steps.len().max(1)) }))
        }
        [] => Err(usage(T::NEEDS_WIDTH.get())),
        [off] if off == "off" => {
            let had = s.set_beam(None).is_some();
            Ok(Reply::Note(if had { T::GONE } else { T::NONE }.get().into()))
        }
        [k, rest @ ..] => {
            let k = parse_k(k)?;
            let t_x = s.walk().trace.source_ids.len();
            let (norm, min_len) = parse_options(rest, t_x)?;
            start(s, k, norm, min_len);
            step(s)
        }
    }
}

/// At most one `norm=` and one `minlen=`, in either order.
fn parse_options(rest: &[String], t_x: usize) -> Result<(Norm, usize), String> {
    let (mut norm, mut min_len) = (None, None);
    for option in rest {
        if let Some(word) = option.strip_prefix("norm=") {
            let n = Norm::parse(word).map_err(|e| T::NORM_AS_IN.fill(&[("error", &e)]))?;
            if norm.replace(n).is_some() {
                return Err(usage(T::ONE_NORM.get()));
            }
        } else if let Some(word) = option.strip_prefix("minlen=") {
            if min_len.replace(parse_min_len(word, t_x)?).is_some() {
                return Err(usage(T::ONE_MINLEN.get()));
            }
        } else {
            return Err(usage(&T::NEITHER.fill(&[("option", option)])));
        }
    }
    Ok((norm.unwrap_or(Norm::None), min_len.unwrap_or(0)))
}

/// `half` (GroundHog's half the source length) or a number of words below
/// the length limit.
fn parse_min_len(word: &str, t_x: usize) -> Result<usize, String> {
    let limit = beam::max_len(t_x);
    match word {
        "half" => Ok(guard::half(t_x)),
        _ => match word.parse::<usize>() {
            Ok(n) if n < limit => Ok(n),
            _ => Err(T::NOT_A_MINLEN.fill(&[("word", &word), ("half", &guard::half(t_x)), ("max", &(limit - 1))])),
        },
    }
}

fn usage(what: &str) -> String {
    T::USAGE.fill(&[("what", &what)])
}

fn parse_k(word: &str) -> Result<usize, String> {
    match word.parse::<usize>() {
        Ok(k) if (1..=MAX_K).contains(&k) => Ok(k),
        _ => Err(usage(&T::NOT_A_WIDTH.fill(&[("word", &word), ("max", &MAX_K)]))),
    }
}

/// A new search on the current source; U_a H is computed here, once.
fn start(s: &mut Session, k: usize, norm: Norm, min_len: usize) {
    let w = s.walk();
    let (src, bos) = (&w.trace.source_ids, w.trace.bos_id);
    let eos = w.target_vocab.id(EOS).expect("<eos> is in every vocabulary");
    let enc = encode(&w.params, src);
    let max_len = beam::max_len(src.len());
    let st = Attending { p: &w.params, enc: &enc };
    let beam = Beam::new(&st, k, bos, eos, max_len).with_min_len(min_len);
    let greedy = greedy_decode_readable(&w.params, src, bos, eos, max_len);
    let greedy_log_p = score_words(&st, bos, &greedy);
    let greedy_score = normalised(greedy_log_p, greedy.len(), norm);
    let reference = reference(w);
    s.set_beam(Some(BeamRun { beam, enc, norm, greedy, greedy_log_p, greedy_score, reference }));
}

/// The reference: on the real corpus the test sentence's, while the source
/// is still that sentence; else the toy grammar's French, when the source is
/// one of its sentences.
fn reference(w: &Walkthrough) -> BeamReference {
    if let Some(corpus) = &w.scenario.corpus {
        return match &corpus.test {
            Some(t) if t.source == w.scenario.source => {
                BeamReference::Test { index: t.index, words: t.reference.clone() }
            }
            _ => BeamReference::NotTest,
        };
    }
    let en: Vec<&str> = w.scenario.source.iter().map(String::as_str).filter(|t| *t != EOS).collect();
    match translate(&en) {
        Some(fr) => BeamReference::Toy(fr.iter().map(|w| w.to_string()).collect()),
        None => BeamReference::OutsideToy,
    }
}

/// One more target position (Enter or next while a beam runs).
pub fn step(s: &mut Session) -> Result<Reply, String> {
    let p = s.walk().params.clone();
    let run = s.beam_mut().ok_or_else(|| T::NO_BEAM_ERR.get().to_string())?;
    if run.beam.done() {
        return Err(T::ENDED.get().into());
    }
    run.beam.advance(&Attending { p: &p, enc: &run.enc });
    Ok(Reply::Beam(BeamShow::Steps { from: run.beam.steps.len() }))
}

/// Every remaining position (`run` while a beam runs; Ctrl-C stops).
pub fn finish_run(s: &mut Session) -> Result<Reply, String> {
    let p = s.walk().params.clone();
    let run = s.beam_mut().ok_or_else(|| T::NO_BEAM_ERR.get().to_string())?;
    let from = run.beam.steps.len() + 1;
    while !run.beam.done() && !interrupted() {
        run.beam.advance(&Attending { p: &p, enc: &run.enc });
    }
    Ok(Reply::Beam(BeamShow::Steps { from: from.min(run.beam.steps.len()) }))
}

/// `h=N` as a hypothesis number, or None if `arg` is not of that form.
pub fn parse_h(arg: &str) -> Option<Result<usize, String>> {
    let v = arg.strip_prefix("h=")?;
    Some(v.parse().map_err(|_| T::NOT_A_HYPOTHESIS.fill(&[("arg", &arg)])))
}

/// `show alpha h=N` and `alignment h=N`: the hypotheses are those of the
/// last table, live while the search runs, ranked once it has ended.
pub fn alpha_of(s: &Session, name: &str, h: usize, all: bool) -> Result<Reply, String> {
    if name != "alpha" && name != "A" {
        return Err(T::H_WITH_ALPHA.fill(&[("h", &h)]));
    }
    let run = s.beam().ok_or_else(|| T::NO_BEAM_FOR_ALPHA.get().to_string())?;
    let count = hypotheses(run).len();
    if !(1..=count).contains(&h) {
        return Err(T::H_RANGE.fill(&[("count", &count)]));
    }
    if hypotheses(run)[h - 1].1.is_empty() {
        return Err(T::NO_WORD_YET.get().into());
    }
    Ok(Reply::Beam(BeamShow::Alpha { h, all }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::execute;

    #[test]
    fn bad_input_is_refused_with_what_to_type_and_changes_nothing() {
        let mut s = Session::default_scenario().unwrap();
        for line in ["beam 0", "beam 11", "beam x", "beam 3 norm=foo", "beam 3 length", "beam 3 norm=length x", "beam"]
        {
            let before = s.clone();
            let e = execute(&mut s, line).unwrap_err();
            assert!(e.contains("beam 3"), "{line}: {e}");
            assert_eq!(s, before, "{line}");
        }
        for line in ["show alpha h=1", "alignment h=1"] {
            assert!(execute(&mut s, line).unwrap_err().contains("type beam 3"), "{line}");
        }
        execute(&mut s, "beam 2").unwrap();
        for (line, says) in [
            ("show alpha h=3", "h is 1 … 2"),
            ("show alpha h=x", "write h=1"),
            ("show W_a h=1", "show alpha h=1"),
            ("alignment x", "alignment h=2"),
        ] {
            let before = s.clone();
            let e = execute(&mut s, line).unwrap_err();
            assert!(e.contains(says), "{line}: {e}");
            assert_eq!(s, before, "{line}");
        }
    }

    #[test]
    fn enter_steps_the_beam_then_the_walkthrough() {
        let mut s = Session::default_scenario().unwrap();
        execute(&mut s, "beam 2").unwrap();
        assert_eq!(s.beam().unwrap().beam.steps.len(), 1, "beam K shows t = 1 at once");
        execute(&mut s, "").unwrap();
        assert_eq!(s.beam().unwrap().beam.steps.len(), 2);
        assert_eq!(s.shown(), 0, "the walkthrough did not move");
        execute(&mut s, "run").unwrap();
        assert!(s.beam().unwrap().beam.done() && !s.beam_running());
        assert!(matches!(execute(&mut s, ""), Ok(Reply::Step(_))));
        assert_eq!(s.shown(), 1);
        assert!(matches!(execute(&mut s, "alignment h=2"), Ok(Reply::Beam(BeamShow::Alpha { h: 2, all: true }))));
        execute(&mut s, "beam off").unwrap();
        assert!(s.beam().is_none());
    }

    #[test]
    fn a_new_source_ends_the_beam() {
        let mut s = Session::default_scenario().unwrap();
        execute(&mut s, "beam 2").unwrap();
        execute(&mut s, "source \"the Area\"").unwrap();
        assert!(s.beam().is_none());
    }
}
