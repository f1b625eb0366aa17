//! A whole session as JSON (`bahdanau-session/2`): the scenario, every
//! parameter (f64 written shortest-exact, so reading gives the same bits),
//! the position, the `qkv` setting, the language and the run `train` started. Loading
//! checks everything before anything is replaced. Files of format 1 (before
//! `qkv` and the run were stored) load with Q/K/V off and no run.

pub mod limits;
mod read;
mod run;

use std::path::Path;

use serde_json::{Value, json};

use super::session::Session;
use crate::export::{matrix, trace_json};
use crate::fsio::{MAX_SESSION_BYTES, first_null, read_capped, write_json};
use crate::model::Dims;
use crate::text::Lang;
use crate::text::files as T;
use crate::walkthrough::scenario::parse_sentence;
use crate::walkthrough::{Scenario, Walkthrough};
pub use read::describe;
use read::{field, flag, largest, params, size, text, uint, words};

pub const FORMAT: &str = "bahdanau-session/2";
const FORMAT_1: &str = "bahdanau-session/1";

pub fn session_json(s: &Session) -> Value {
    let w = s.walk();
    let d = w.scenario.dims;
    let params: serde_json::Map<String, Value> =
        w.params.named().iter().map(|(n, m)| (n.to_string(), matrix(m))).collect();
    let mut doc = json!({
        "format": FORMAT,
        "scenario": {
            "seed": w.scenario.seed,
            "dims": { "m": d.m, "n": d.n, "n_a": d.n_a, "l": d.l },
            "source": w.scenario.source,
            "target": w.scenario.target,
        },
        "shown": s.shown(),
        "qkv": s.qkv(),
        "lang": crate::repl::lang_cmd::spoken(),
        "params": params,
    });
    if let Some(t) = s.trainer() {
        doc["training"] = run::run_json(t);
    }
    doc
}

pub fn save(s: &Session, path: &str) -> Result<(), String> {
    write_json(Path::new(path), &session_json(s), false).map_err(|e| T::SAVE_FAILED.fill(&[("error", &e)]))
}

/// Reads a session file, and the language it was saved in (a file written
/// before sessions kept one has none); the error names the file and what is wrong.
pub fn load(path: &str) -> Result<(Session, Option<Lang>), String> {
    let text =
        read_capped(Path::new(path), MAX_SESSION_BYTES).map_err(|e| T::LOAD_UNREADABLE.fill(&[("error", &e)]))?;
    let bad = |e: String| T::NOT_A_SESSION.fill(&[("file", &path), ("error", &e)]);
    let session = parse_session(&text).map_err(bad)?;
    Ok((session, lang_of(&text).map_err(bad)?))
}

/// The language a session document was saved in, if it says.
pub fn lang_of(doc: &str) -> Result<Option<Lang>, String> {
    let v: Value = serde_json::from_str(doc).map_err(not_json)?;
    match v.get("lang") {
        None => Ok(None),
        Some(Value::String(code)) if Lang::NAMES.contains(&code.as_str()) => Ok(Lang::parse(code)),
        Some(other) => Err(T::BAD_LANG.fill(&[("value", &other.to_string())])),
    }
}

fn not_json(e: serde_json::Error) -> String {
    T::NOT_JSON.fill(&[("error", &e.to_string())])
}

/// Checks a session document field by field and builds the session.
pub fn parse_session(doc: &str) -> Result<Session, String> {
    limits::check_size(doc)?;
    let v: Value = serde_json::from_str(doc).map_err(not_json)?;
    let format = text(&v, "format")?;
    if format != FORMAT && format != FORMAT_1 {
        let shown = crate::repl::visible::quote(format);
        return Err(T::BAD_FORMAT.fill(&[("format", &shown), ("v2", &FORMAT), ("v1", &FORMAT_1)]));
    }
    let sc = field(&v, "scenario")?;
    let d = field(sc, "dims")?;
    let dims = Dims::new(size(d, "m")?, size(d, "n")?, size(d, "n_a")?, size(d, "l")?)?;
    let mut scenario = Scenario { seed: uint(sc, "seed")?, dims, ..Scenario::default() };
    for (key, vocab) in [("source", scenario.source_vocab()), ("target", scenario.target_vocab())] {
        let tokens = words(sc, key)?;
        if parse_sentence(&tokens.join(" "), &vocab)? != tokens {
            return Err(T::BAD_SENTENCE.fill(&[("key", &key)]));
        }
        *(if key == "source" { &mut scenario.source } else { &mut scenario.target }) = tokens;
    }
    let (k_x, k_y) = (scenario.source_vocab().len(), scenario.target_vocab().len());
    let params = params(field(&v, "params")?, "params", dims, k_x, k_y)?;
    let walk = Walkthrough::with_params(scenario, params)?;
    // Finite parameters can still overflow on the way (1e308 · 2 = ∞); the
    // export's nulls mark where.
    if let Some(at) = first_null(&trace_json(&walk), String::new()) {
        let (name, value) = largest(&walk.params);
        let value = format!("{value:e}");
        return Err(T::OVERFLOWS.fill(&[("name", &name), ("value", &value), ("at", &at)]));
    }
    let version_2 = format == FORMAT;
    let qkv = if version_2 { flag(&v, "qkv")? } else { false };
    let trainer = match v.get("training") {
        Some(run) if version_2 => {
            let sc = &walk.scenario;
            Some(
                run::read_run(run, sc.dims, sc.seed, &walk.params)
                    .map_err(|e| T::IN_TRAINING.fill(&[("error", &e)]))?,
            )
        }
        _ => None,
    };
    let mut session = Session::new(walk);
    session.set_shown(size(&v, "shown")?)?;
    session.set_qkv(qkv);
    if let Some(t) = trainer {
        // Weights that are the run's own came from training, not from the file.
        if t.params == session.walk().params {
            session.set_origin(crate::weights::origin_of_run(&t));
        }
        session.set_trainer(t);
    }
    Ok(session)
}

#[cfg(test)]
mod tests;
