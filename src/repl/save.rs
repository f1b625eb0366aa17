//! A whole session as JSON (`bahdanau-session/1`): the scenario, every
//! parameter (f64 written shortest-exact, so reading gives the same bits) and
//! the position. Loading checks everything before anything is replaced.

use serde_json::{Value, json};

use super::session::Session;
use crate::export::matrix;
use crate::model::{Dims, Mat, Params};
use crate::walkthrough::scenario::parse_sentence;
use crate::walkthrough::{Scenario, Walkthrough};

pub const FORMAT: &str = "bahdanau-session/1";

pub fn session_json(s: &Session) -> Value {
    let w = s.walk();
    let d = w.scenario.dims;
    let params: serde_json::Map<String, Value> =
        w.params.named().iter().map(|(n, m)| (n.to_string(), matrix(m))).collect();
    json!({
        "format": FORMAT,
        "scenario": {
            "seed": w.scenario.seed,
            "dims": { "m": d.m, "n": d.n, "n_a": d.n_a, "l": d.l },
            "source": w.scenario.source,
            "target": w.scenario.target,
        },
        "shown": s.shown(),
        "params": params,
    })
}

pub fn save(s: &Session, path: &str) -> Result<(), String> {
    let text = serde_json::to_string_pretty(&session_json(s)).map_err(|e| format!("could not encode: {e}"))?;
    std::fs::write(path, text + "\n").map_err(|e| format!("could not write {path}: {e}; give a path you can write to"))
}

/// Reads a session file; the error names the file and what is wrong.
pub fn load(path: &str) -> Result<Session, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("could not read {path}: {e}"))?;
    parse_session(&text).map_err(|e| format!("{path} is not a session this program can load: {e}"))
}

fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, String> {
    v.get(key).ok_or_else(|| format!("the field \"{key}\" is missing"))
}

fn uint(v: &Value, key: &str) -> Result<u64, String> {
    field(v, key)?.as_u64().ok_or_else(|| format!("\"{key}\" must be a whole number ≥ 0"))
}

fn words(v: &Value, key: &str) -> Result<Vec<String>, String> {
    let arr = field(v, key)?.as_array().ok_or_else(|| format!("\"{key}\" must be a list of words"))?;
    arr.iter().map(|w| w.as_str().map(str::to_string).ok_or_else(|| format!("\"{key}\" holds a non-word"))).collect()
}

fn size(v: u64) -> usize {
    usize::try_from(v).unwrap_or(usize::MAX)
}

fn read_matrix(v: &Value, name: &str, want: (usize, usize)) -> Result<Mat, String> {
    let shape: Vec<u64> =
        field(v, "shape")?.as_array().map_or(vec![], |a| a.iter().filter_map(Value::as_u64).collect());
    if shape.len() != 2 || (size(shape[0]), size(shape[1])) != want {
        return Err(format!("{name} has shape {shape:?}, but these dims need [{}, {}]", want.0, want.1));
    }
    let data = field(v, "data")?.as_array().ok_or_else(|| format!("{name}.data must be a list of numbers"))?;
    if data.len() != want.0 * want.1 {
        return Err(format!("{name} has {} numbers, but its shape needs {}", data.len(), want.0 * want.1));
    }
    let nums: Vec<f64> = data
        .iter()
        .map(|x| x.as_f64().filter(|f| f.is_finite()))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("{name} holds something that is not a finite number"))?;
    Ok(Mat::from_row_slice(want.0, want.1, &nums))
}

/// Checks a session document field by field and builds the session.
pub fn parse_session(text: &str) -> Result<Session, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("it is not valid JSON ({e})"))?;
    let format = field(&v, "format")?.as_str().unwrap_or("");
    if format != FORMAT {
        return Err(format!("its format is \"{format}\", but this program reads \"{FORMAT}\""));
    }
    let sc = field(&v, "scenario")?;
    let d = field(sc, "dims")?;
    let dims = Dims::new(size(uint(d, "m")?), size(uint(d, "n")?), size(uint(d, "n_a")?), size(uint(d, "l")?))?;
    let mut scenario = Scenario { seed: uint(sc, "seed")?, dims, ..Scenario::default() };
    for (key, vocab) in [("source", scenario.source_vocab()), ("target", scenario.target_vocab())] {
        let tokens = words(sc, key)?;
        if parse_sentence(&tokens.join(" "), &vocab)? != tokens {
            return Err(format!("the {key} sentence must be single words ending in <eos>"));
        }
        *(if key == "source" { &mut scenario.source } else { &mut scenario.target }) = tokens;
    }
    // The expected shapes come from a fresh draw on the same dims and vocabularies.
    let mut params = Params::init(dims, scenario.source_vocab().len(), scenario.target_vocab().len(), 0);
    let stored = field(&v, "params")?.as_object().ok_or("\"params\" must be an object of matrices")?;
    for (name, m) in params.named_mut() {
        let stored_m = stored.get(name).ok_or_else(|| format!("the parameter \"{name}\" is missing"))?;
        *m = read_matrix(stored_m, name, m.shape())?;
    }
    if let Some(extra) = stored.keys().find(|k| params.get(k).is_none()) {
        return Err(format!("\"params\" holds \"{extra}\", which is not a parameter of the model"));
    }
    let mut session = Session::new(Walkthrough::with_params(scenario, params)?);
    session.set_shown(size(uint(&v, "shown")?))?;
    Ok(session)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walkthrough::StepRef;

    fn mid_walk() -> Session {
        let mut s = Session::default_scenario().unwrap();
        s.with_draw(Dims::new(3, 4, 5, 2).unwrap(), 99).unwrap();
        s.goto(StepRef { id: 11, t: Some(2) }).unwrap();
        s
    }

    #[test]
    fn save_and_load_round_trip_every_bit() {
        let s = mid_walk();
        let text = serde_json::to_string_pretty(&session_json(&s)).unwrap();
        assert_eq!(parse_session(&text).unwrap(), s);
    }

    #[test]
    fn broken_files_are_refused_with_the_reason() {
        let good = session_json(&mid_walk());
        let text = good.to_string();
        let refuse = |t: &str, want: &str| {
            let err = parse_session(t).unwrap_err();
            assert!(err.contains(want), "{want:?} not in {err:?}");
        };
        refuse(&text[..text.len() / 2], "not valid JSON");
        let mut v = good.clone();
        v["format"] = json!("bahdanau-session/2");
        refuse(&v.to_string(), "bahdanau-session/2");
        let mut v = good.clone();
        v["scenario"]["dims"]["n"] = json!(5);
        refuse(&v.to_string(), "need [");
        let mut v = good.clone();
        v["params"]["W_a"]["data"][0] = json!("x");
        refuse(&v.to_string(), "W_a holds");
        let mut v = good.clone();
        v["shown"] = json!(10_000);
        refuse(&v.to_string(), "past the last step");
        let mut v = good.clone();
        v["scenario"]["source"] = json!(["Zone", "<eos>"]);
        refuse(&v.to_string(), "\"Zone\"");
        let mut v = good;
        v["params"]["W_b"] = json!({});
        refuse(&v.to_string(), "W_b");
    }
}
