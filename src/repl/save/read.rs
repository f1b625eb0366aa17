//! Reading a save file's values, each refusal naming the field and what it
//! holds as written, so the learner can find it in the file.

use serde_json::Value;

use crate::model::{Dims, Mat, Params};
use crate::repl::visible::quote;
use crate::text::files as T;

/// What `v` is, in words: `the number 1`, `the text "x"`, `a list`.
pub fn describe(v: &Value) -> String {
    match v {
        Value::Null => T::DESCRIBE_NULL.get().into(),
        Value::Bool(b) => T::DESCRIBE_BOOL.fill(&[("value", &b.to_string())]),
        Value::Number(n) => T::DESCRIBE_NUMBER.fill(&[("n", &n.to_string())]),
        Value::String(s) => T::DESCRIBE_TEXT.fill(&[("text", &quote(s))]),
        Value::Array(_) => T::DESCRIBE_LIST.get().into(),
        Value::Object(_) => T::DESCRIBE_OBJECT.get().into(),
    }
}

pub fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, String> {
    v.get(key).ok_or_else(|| T::FIELD_MISSING.fill(&[("key", &key)]))
}

pub fn text<'a>(v: &'a Value, key: &str) -> Result<&'a str, String> {
    let f = field(v, key)?;
    f.as_str().ok_or_else(|| T::NOT_TEXT.fill(&[("key", &key), ("value", &describe(f))]))
}

pub fn uint(v: &Value, key: &str) -> Result<u64, String> {
    let f = field(v, key)?;
    f.as_u64().ok_or_else(|| T::NOT_WHOLE.fill(&[("key", &key), ("value", &describe(f))]))
}

pub fn size(v: &Value, key: &str) -> Result<usize, String> {
    usize::try_from(uint(v, key)?).map_err(|_| T::FIELD_TOO_LARGE.fill(&[("key", &key)]))
}

pub fn number(v: &Value, key: &str) -> Result<f64, String> {
    let f = field(v, key)?;
    f.as_f64().ok_or_else(|| T::NOT_NUMBER.fill(&[("key", &key), ("value", &describe(f))]))
}

pub fn flag(v: &Value, key: &str) -> Result<bool, String> {
    let f = field(v, key)?;
    f.as_bool().ok_or_else(|| T::NOT_FLAG.fill(&[("key", &key), ("value", &describe(f))]))
}

pub fn words(v: &Value, key: &str) -> Result<Vec<String>, String> {
    let f = field(v, key)?;
    let arr = f.as_array().ok_or_else(|| T::NOT_WORDS.fill(&[("key", &key), ("value", &describe(f))]))?;
    arr.iter()
        .map(|w| {
            let not = || T::NOT_A_WORD.fill(&[("key", &key), ("value", &describe(w))]);
            w.as_str().map(str::to_string).ok_or_else(not)
        })
        .collect()
}

/// A `{"shape": [r, c], "data": [...]}` matrix of exactly the shape `want`.
pub fn matrix(v: &Value, name: &str, want: (usize, usize)) -> Result<Mat, String> {
    let in_field = |e: String| T::IN_FIELD.fill(&[("name", &name), ("error", &e)]);
    let shape = field(v, "shape").map_err(in_field)?;
    let dims: Option<Vec<u64>> = shape.as_array().and_then(|a| a.iter().map(Value::as_u64).collect());
    let fits = dims.is_some_and(|d| d.len() == 2 && (d[0], d[1]) == (want.0 as u64, want.1 as u64));
    if !fits {
        let written = quote(&shape.to_string());
        let args: [(&str, &dyn crate::text::Arg); 4] =
            [("name", &name), ("written", &written), ("rows", &want.0), ("cols", &want.1)];
        return Err(T::BAD_SHAPE.fill(&args));
    }
    let data = field(v, "data").map_err(in_field)?;
    let data = data.as_array().ok_or_else(|| T::DATA_NOT_LIST.fill(&[("name", &name), ("value", &describe(data))]))?;
    if data.len() != want.0 * want.1 {
        return Err(T::DATA_LENGTH.fill(&[("name", &name), ("n", &data.len()), ("want", &(want.0 * want.1))]));
    }
    let mut nums = Vec::with_capacity(data.len());
    for (i, x) in data.iter().enumerate() {
        // serde_json reads a number too large for f64 as an error, so as_f64 is always finite.
        let not = || T::DATA_NOT_NUMBER.fill(&[("name", &name), ("i", &i), ("value", &describe(x))]);
        nums.push(x.as_f64().ok_or_else(not)?);
    }
    Ok(Mat::from_row_slice(want.0, want.1, &nums))
}

/// Every parameter of the model on `dims`, from an object of matrices
/// named as in `Params::named` (`what` names the object in messages).
pub fn params(v: &Value, what: &str, dims: Dims, k_x: usize, k_y: usize) -> Result<Params, String> {
    // The expected shapes come from a fresh draw on the same dims and vocabularies.
    let mut p = Params::init(dims, k_x, k_y, 0);
    let stored = v.as_object().ok_or_else(|| T::NOT_MATRICES.fill(&[("what", &what), ("value", &describe(v))]))?;
    for (name, m) in p.named_mut() {
        let stored_m =
            stored.get(name).ok_or_else(|| T::PARAMETER_MISSING.fill(&[("name", &name), ("what", &what)]))?;
        *m = matrix(stored_m, name, m.shape())?;
    }
    if let Some(extra) = stored.keys().find(|k| p.get(k).is_none()) {
        return Err(T::NOT_A_PARAMETER.fill(&[("what", &what), ("name", &quote(extra))]));
    }
    Ok(p)
}

/// The parameter holding the largest |value|, and that value.
pub fn largest(p: &Params) -> (&'static str, f64) {
    let biggest = |m: &Mat| m.iter().copied().fold(0.0_f64, |a, x| if x.abs() > a.abs() { x } else { a });
    p.named().iter().map(|(n, m)| (*n, biggest(m))).fold(("", 0.0), |a, b| if b.1.abs() > a.1.abs() { b } else { a })
}
