//! The learner's session: one walkthrough and how far into it they are.
//! Every change either succeeds whole or leaves the session as it was.

use super::beam_run::BeamRun;
use crate::decode::unk::{Fill, replace_unks};
use crate::model::{Dims, Params};
use crate::train::trainer::Trainer;
use crate::vocab::EOS;
use crate::walkthrough::scenario::MAX_LEN;
use crate::walkthrough::{Scenario, StepRef, Walkthrough};
use crate::weights::{Origin, origin_of};

#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    walk: Walkthrough,
    order: Vec<StepRef>,
    /// Index into `order` of the step shown last; None before step 1.
    pos: Option<usize>,
    /// The training run started by `train`, kept so that the next `train` continues it.
    trainer: Option<Box<Trainer>>,
    /// Whether steps are labelled as queries, keys and values.
    qkv: bool,
    /// Where the walkthrough's parameters came from: trained or an untrained draw.
    origin: Origin,
    /// The beam search `beam K` started on this source, if any.
    beam: Option<Box<BeamRun>>,
    /// On the real corpus: the source as the walkthrough holds it (words
    /// outside the shortlist as `<unk>`) and as it was typed, position for
    /// position; read only while the walkthrough's source is still that one.
    typed: Option<(Vec<String>, Vec<String>)>,
}

impl Session {
    pub fn new(walk: Walkthrough) -> Session {
        let order = walk.order();
        let origin = origin_of(&walk.scenario, &walk.params);
        Session { walk, order, pos: None, trainer: None, qkv: false, origin, beam: None, typed: None }
    }

    /// Whether the weights shown are the trained ones or an untrained draw.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// The session on the default scenario, before its first step.
    pub fn default_scenario() -> Result<Session, String> {
        Walkthrough::new(Scenario::default()).map(Session::new)
    }

    /// Whether steps are shown in Q/K/V terms (`qkv on`).
    pub fn qkv(&self) -> bool {
        self.qkv
    }

    pub fn set_qkv(&mut self, on: bool) {
        self.qkv = on;
    }

    /// Remembers `typed`, the source as typed, beside the walkthrough's source.
    pub fn set_typed(&mut self, typed: Vec<String>) {
        self.typed = Some((self.walk.scenario.source.clone(), typed));
    }

    /// The source as typed, where the session knows it, else as held.
    pub fn typed_source(&self) -> &[String] {
        match &self.typed {
            Some((held, typed)) if *held == self.walk.scenario.source && typed.len() == held.len() => typed,
            _ => &self.walk.scenario.source,
        }
    }

    /// `words` (a translation of the source, with α's rows beside them) with
    /// every `<unk>` replaced by the typed source word its row peaks on.
    pub fn unk_replaced(&self, words: &[String], alpha: &crate::model::Mat) -> (Vec<String>, Vec<Fill>) {
        replace_unks(words, alpha, self.typed_source())
    }

    pub fn walk(&self) -> &Walkthrough {
        &self.walk
    }

    pub fn order(&self) -> &[StepRef] {
        &self.order
    }

    pub fn position(&self) -> Option<usize> {
        self.pos
    }

    /// The step shown last, if any.
    pub fn current(&self) -> Option<StepRef> {
        self.pos.map(|k| self.order[k])
    }

    /// The target position of the step shown last.
    pub fn current_t(&self) -> Option<usize> {
        self.current().and_then(|s| s.t)
    }

    /// Where `step` stands in the order (0-based).
    pub fn index_of(&self, step: StepRef) -> Option<usize> {
        self.order.iter().position(|s| *s == step)
    }

    /// Whether the learner has reached `step` (it is at or before the current one).
    pub fn reached(&self, step: StepRef) -> bool {
        matches!((self.index_of(step), self.pos), (Some(i), Some(k)) if i <= k)
    }

    pub fn step_forward(&mut self) -> Result<StepRef, String> {
        let k = self.pos.map_or(0, |k| k + 1);
        if k >= self.order.len() {
            return Err(crate::text::errors::LAST_STEP.fill(&[("n", &self.order.len())]));
        }
        self.pos = Some(k);
        Ok(self.order[k])
    }

    pub fn back(&mut self) -> Result<StepRef, String> {
        match self.pos {
            Some(k) if k > 0 => {
                self.pos = Some(k - 1);
                Ok(self.order[k - 1])
            }
            _ => Err(crate::text::errors::FIRST_STEP.get().into()),
        }
    }

    pub fn goto(&mut self, step: StepRef) -> Result<StepRef, String> {
        let k = self.index_of(step).ok_or_else(|| crate::text::errors::NOT_IN_WALK.fill(&[("key", &step.key())]))?;
        self.pos = Some(k);
        Ok(step)
    }

    /// Moves one step at a time to the end, stopping early when `stop()`
    /// says so; returns the steps passed.
    pub fn run(&mut self, stop: &dyn Fn() -> bool) -> Vec<StepRef> {
        let mut passed = Vec::new();
        while !stop() {
            match self.step_forward() {
                Ok(s) => passed.push(s),
                Err(_) => break,
            }
        }
        passed
    }

    /// Back to before step 1; the scenario stays.
    pub fn reset(&mut self) {
        self.pos = None;
    }

    /// Sets the position to `pos` steps shown (0 = none yet).
    pub fn set_shown(&mut self, shown: usize) -> Result<(), String> {
        if shown > self.order.len() {
            return Err(crate::text::errors::PAST_LAST.fill(&[("shown", &shown), ("n", &self.order.len())]));
        }
        self.pos = shown.checked_sub(1);
        Ok(())
    }

    /// How many steps have been shown (0 … N).
    pub fn shown(&self) -> usize {
        self.pos.map_or(0, |k| k + 1)
    }

    /// Replaces the walkthrough, keeping the current step if the new order
    /// has it and the same count of steps shown (capped) otherwise.
    pub fn replace_walk(&mut self, walk: Walkthrough, origin: Origin) {
        let order = walk.order();
        let pos = match self.current() {
            Some(step) => order.iter().position(|s| *s == step).or(Some(self.pos.unwrap_or(0).min(order.len() - 1))),
            None => None,
        };
        let typed = self.typed.take();
        *self = Session { walk, order, pos, trainer: self.trainer.take(), qkv: self.qkv, origin, beam: None, typed };
    }

    /// A new scenario on the same parameters (sentences changed). Its steps
    /// are another translation's, so it starts before step 01.
    pub fn with_sentences(&mut self, source: Vec<String>, target: Vec<String>) -> Result<(), String> {
        let scenario = Scenario { source, target, ..self.walk.scenario.clone() };
        let walk = Walkthrough::with_params(scenario, self.walk.params.clone())?;
        self.replace_walk(walk, self.origin);
        self.pos = None;
        Ok(())
    }

    /// A new source whose target is the model's own greedy translation of it
    /// (ended by <eos>, cut to the length limit); returns that target.
    pub fn with_source_and_own_target(&mut self, source: Vec<String>) -> Result<Vec<String>, String> {
        let scenario = Scenario { source: source.clone(), target: vec![EOS.to_string()], ..self.walk.scenario.clone() };
        let target = own_target(&Walkthrough::with_params(scenario, self.walk.params.clone())?);
        self.with_sentences(source, target.clone())?;
        Ok(target)
    }

    /// Makes the greedy translation of the current source the target.
    pub fn adopt_decoded(&mut self) -> Result<Vec<String>, String> {
        let target = own_target(&self.walk);
        self.with_sentences(self.walk.scenario.source.clone(), target.clone())?;
        Ok(target)
    }

    /// A new scenario with parameters drawn afresh (dimensions or seed changed).
    pub fn with_draw(&mut self, dims: Dims, seed: u64) -> Result<(), String> {
        let walk = Walkthrough::new(Scenario { dims, seed, ..self.walk.scenario.clone() })?;
        let origin = origin_of(&walk.scenario, &walk.params);
        self.replace_walk(walk, origin);
        self.trainer = None;
        Ok(())
    }

    /// The same scenario on new parameters (training changed them; `origin` says how).
    pub fn with_params(&mut self, params: Params, origin: Origin) -> Result<(), String> {
        let walk = Walkthrough::with_params(self.walk.scenario.clone(), params)?;
        self.replace_walk(walk, origin);
        Ok(())
    }

    /// This session's training run, if `train` started one.
    pub fn trainer(&self) -> Option<&Trainer> {
        self.trainer.as_deref()
    }

    pub fn set_trainer(&mut self, trainer: Trainer) {
        self.trainer = Some(Box::new(trainer));
    }

    /// Says where the weights came from when the session cannot tell by
    /// itself (a loaded file holding a training run).
    pub fn set_origin(&mut self, origin: Origin) {
        self.origin = origin;
    }

    /// The beam search in progress or ended, if `beam K` started one.
    pub fn beam(&self) -> Option<&BeamRun> {
        self.beam.as_deref()
    }

    pub fn beam_mut(&mut self) -> Option<&mut BeamRun> {
        self.beam.as_deref_mut()
    }

    /// Whether Enter and run step the beam rather than the walkthrough.
    pub fn beam_running(&self) -> bool {
        self.beam().is_some_and(|r| !r.beam.done())
    }

    /// Starts, replaces or (with None) ends the beam; returns the one before.
    pub fn set_beam(&mut self, run: Option<BeamRun>) -> Option<BeamRun> {
        std::mem::replace(&mut self.beam, run.map(Box::new)).map(|b| *b)
    }

    /// Takes the training run out (to train without borrowing the session).
    pub fn take_trainer(&mut self) -> Option<Trainer> {
        self.trainer.take().map(|t| *t)
    }
}

/// The greedy translation as a target: <eos> appended when decoding stopped
/// at the length limit without it, the words cut so the whole fits MAX_LEN.
fn own_target(w: &Walkthrough) -> Vec<String> {
    let mut words = w.decode();
    if words.last().map(String::as_str) != Some(EOS) {
        words.truncate(MAX_LEN - 1);
        words.push(EOS.to_string());
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_and_back_move_one_step_and_refuse_past_the_ends() {
        let mut s = Session::default_scenario().unwrap();
        assert!(s.back().is_err());
        assert_eq!(s.step_forward().unwrap().id, 1);
        assert_eq!(s.step_forward().unwrap().id, 2);
        assert_eq!(s.back().unwrap().id, 1);
        let n = s.order().len();
        assert_eq!(s.run(&|| false).len(), n - 1);
        let before = s.clone();
        assert!(s.step_forward().unwrap_err().contains(&format!("{n} of {n}")));
        assert_eq!(s, before);
    }

    #[test]
    fn run_stops_where_asked_and_keeps_the_position() {
        let mut s = Session::default_scenario().unwrap();
        let calls = std::cell::Cell::new(0);
        let passed = s.run(&|| {
            calls.set(calls.get() + 1);
            calls.get() > 3
        });
        assert_eq!(passed.len(), 3);
        assert_eq!(s.shown(), 3);
    }

    #[test]
    fn reached_means_at_or_before_the_current_step() {
        let mut s = Session::default_scenario().unwrap();
        let e1 = StepRef { id: 9, t: Some(1) };
        assert!(!s.reached(e1));
        s.goto(e1).unwrap();
        assert!(s.reached(e1));
        assert!(s.reached(StepRef { id: 7, t: None }));
        assert!(!s.reached(StepRef { id: 10, t: Some(1) }));
    }

    #[test]
    fn new_sentences_start_at_step_01_and_a_new_draw_keeps_the_step() {
        let mut s = Session::default_scenario().unwrap();
        s.goto(StepRef { id: 10, t: Some(4) }).unwrap();
        s.with_sentences(s.walk().scenario.source.clone(), vec!["la".into(), "zone".into(), "<eos>".into()]).unwrap();
        assert_eq!(s.walk().trace.steps.len(), 3);
        assert_eq!(s.shown(), 0, "Enter shows step 01 of the new translation");
        s.with_source_and_own_target(vec!["the".into(), "Area".into(), "<eos>".into()]).unwrap();
        assert_eq!(s.shown(), 0);
        s.goto(StepRef { id: 9, t: Some(2) }).unwrap();
        s.with_draw(s.walk().scenario.dims, 7).unwrap();
        assert_eq!(s.current(), Some(StepRef { id: 9, t: Some(2) }));
    }
}
