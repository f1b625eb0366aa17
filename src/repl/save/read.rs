//! Reading a save file's values, each refusal naming the field and what it
//! holds as written, so the learner can find it in the file.

use serde_json::Value;

use crate::model::{Dims, Mat, Params};
use crate::repl::visible::quote;

/// What `v` is, in words: `the number 1`, `the text "x"`, `a list`.
pub fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("{b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the text \"{}\"", quote(s)),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

pub fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, String> {
    v.get(key).ok_or_else(|| format!("the field \"{key}\" is missing"))
}

pub fn text<'a>(v: &'a Value, key: &str) -> Result<&'a str, String> {
    let f = field(v, key)?;
    f.as_str().ok_or_else(|| format!("\"{key}\" is {}, where a text belongs", describe(f)))
}

pub fn uint(v: &Value, key: &str) -> Result<u64, String> {
    let f = field(v, key)?;
    f.as_u64().ok_or_else(|| format!("\"{key}\" is {}, but it must be a whole number ≥ 0", describe(f)))
}

pub fn size(v: &Value, key: &str) -> Result<usize, String> {
    usize::try_from(uint(v, key)?).map_err(|_| format!("\"{key}\" is too large"))
}

pub fn number(v: &Value, key: &str) -> Result<f64, String> {
    let f = field(v, key)?;
    f.as_f64().ok_or_else(|| format!("\"{key}\" is {}, but it must be a number", describe(f)))
}

pub fn flag(v: &Value, key: &str) -> Result<bool, String> {
    let f = field(v, key)?;
    f.as_bool().ok_or_else(|| format!("\"{key}\" is {}, but it must be true or false", describe(f)))
}

pub fn words(v: &Value, key: &str) -> Result<Vec<String>, String> {
    let f = field(v, key)?;
    let arr = f.as_array().ok_or_else(|| format!("\"{key}\" is {}, but it must be a list of words", describe(f)))?;
    arr.iter()
        .map(|w| w.as_str().map(str::to_string).ok_or_else(|| format!("\"{key}\" holds {}, not a word", describe(w))))
        .collect()
}

/// A `{"shape": [r, c], "data": [...]}` matrix of exactly the shape `want`.
pub fn matrix(v: &Value, name: &str, want: (usize, usize)) -> Result<Mat, String> {
    let shape = field(v, "shape").map_err(|e| format!("{name}: {e}"))?;
    let dims: Option<Vec<u64>> = shape.as_array().and_then(|a| a.iter().map(Value::as_u64).collect());
    let fits = dims.is_some_and(|d| d.len() == 2 && (d[0], d[1]) == (want.0 as u64, want.1 as u64));
    if !fits {
        let written = quote(&shape.to_string());
        return Err(format!("{name} has shape {written}, but these dims need [{}, {}]", want.0, want.1));
    }
    let data = field(v, "data").map_err(|e| format!("{name}: {e}"))?;
    let data = data.as_array().ok_or_else(|| format!("{name}.data is {}, not a list of numbers", describe(data)))?;
    if data.len() != want.0 * want.1 {
        return Err(format!("{name} has {} numbers, but its shape needs {}", data.len(), want.0 * want.1));
    }
    let mut nums = Vec::with_capacity(data.len());
    for (i, x) in data.iter().enumerate() {
        // serde_json reads a number too large for f64 as an error, so as_f64 is always finite.
        nums.push(x.as_f64().ok_or_else(|| format!("{name}.data[{i}] is {}, not a number", describe(x)))?);
    }
    Ok(Mat::from_row_slice(want.0, want.1, &nums))
}

/// Every parameter of the model on `dims`, from an object of matrices
/// named as in `Params::named` (`what` names the object in messages).
pub fn params(v: &Value, what: &str, dims: Dims, k_x: usize, k_y: usize) -> Result<Params, String> {
    // The expected shapes come from a fresh draw on the same dims and vocabularies.
    let mut p = Params::init(dims, k_x, k_y, 0);
    let stored = v.as_object().ok_or_else(|| format!("\"{what}\" is {}, not an object of matrices", describe(v)))?;
    for (name, m) in p.named_mut() {
        let stored_m = stored.get(name).ok_or_else(|| format!("the parameter \"{name}\" is missing from {what}"))?;
        *m = matrix(stored_m, name, m.shape())?;
    }
    if let Some(extra) = stored.keys().find(|k| p.get(k).is_none()) {
        return Err(format!("\"{what}\" holds \"{}\", which is not a parameter of the model", quote(extra)));
    }
    Ok(p)
}

/// The parameter holding the largest |value|, and that value.
pub fn largest(p: &Params) -> (&'static str, f64) {
    let biggest = |m: &Mat| m.iter().copied().fold(0.0_f64, |a, x| if x.abs() > a.abs() { x } else { a });
    p.named().iter().map(|(n, m)| (*n, biggest(m))).fold(("", 0.0), |a, b| if b.1.abs() > a.1.abs() { b } else { a })
}
