//! The trained weights of the default scenario, committed as trained.json so
//! the walkthrough starts at once. A test retrains with
//! [`TrainConfig::DEFAULT`] and compares the file bit for bit.
//!
//! Format `bahdanau-params/1`: the training configuration, then every
//! parameter under its DESIGN.md name as a list of rows, each number written
//! in the shortest form that reads back to the same f64.

use std::sync::OnceLock;

use serde_json::Value;

use super::TrainConfig;
use super::trainer::{Stopped, Trainer};
use crate::model::{Mat, Params};

pub const FORMAT: &str = "bahdanau-params/1";
const TRAINED_JSON: &str = include_str!("trained.json");

/// Trains from scratch with `config` and keeps the best held-out epoch.
pub fn train(config: TrainConfig) -> Result<(Trainer, f64), String> {
    let start = std::time::Instant::now();
    let mut t = Trainer::new(config);
    match t.run(config.epochs, &std::sync::atomic::AtomicBool::new(false), &mut |_| {}) {
        Stopped::Finished => {
            let secs = start.elapsed().as_secs_f64();
            Ok((t, secs))
        }
        other => Err(format!("training did not finish: {other:?}")),
    }
}

/// `p` as readable JSON: one line per matrix row.
pub fn to_json(p: &Params, c: &TrainConfig) -> String {
    let d = c.dims;
    let mut out = format!("{{\n  \"format\": \"{FORMAT}\",\n  \"config\": {{\n");
    out += &format!("    \"dims\": {{ \"m\": {}, \"n\": {}, \"n_a\": {}, \"l\": {} }},\n", d.m, d.n, d.n_a, d.l);
    out += &format!(
        "    \"init_seed\": {}, \"corpus_seed\": {}, \"order_seed\": {},\n",
        c.init_seed, c.corpus_seed, c.order_seed
    );
    out += &format!("    \"n_train\": {}, \"n_held_out\": {}, \"epochs\": {},\n", c.n_train, c.n_held_out, c.epochs);
    out += &format!("    \"batch\": {}, \"lr\": {:?}, \"clip\": {:?}\n  }},\n  \"params\": {{\n", c.batch, c.lr, c.clip);
    let named = p.named();
    for (k, (name, m)) in named.iter().enumerate() {
        out += &format!("    \"{name}\": [\n");
        for r in 0..m.nrows() {
            let row: Vec<String> = m.row(r).iter().map(|v| format!("{v:?}")).collect();
            out += &format!("      [{}]{}\n", row.join(", "), if r + 1 < m.nrows() { "," } else { "" });
        }
        out += &format!("    ]{}\n", if k + 1 < named.len() { "," } else { "" });
    }
    out + "  }\n}\n"
}

/// Reads parameters written by [`to_json`] into the shapes of `like`.
pub fn from_json(text: &str, like: &Params) -> Result<Params, String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("the weights file is not JSON: {e}"))?;
    if doc["format"] != FORMAT {
        return Err(format!("the weights file is not in format {FORMAT}"));
    }
    let mut p = like.clone();
    for (name, m) in p.named_mut() {
        let rows = doc["params"][name].as_array().ok_or(format!("the weights file has no parameter {name}"))?;
        let values: Vec<f64> = rows.iter().flat_map(|r| r.as_array().into_iter().flatten()).filter_map(Value::as_f64).collect();
        if rows.len() != m.nrows() || values.len() != m.len() {
            return Err(format!("{name} in the weights file is not {} × {}", m.nrows(), m.ncols()));
        }
        *m = Mat::from_row_slice(m.nrows(), m.ncols(), &values);
    }
    Ok(p)
}

/// The committed trained parameters of [`TrainConfig::DEFAULT`].
pub fn trained_params() -> &'static Params {
    static PARAMS: OnceLock<Params> = OnceLock::new();
    PARAMS.get_or_init(|| {
        let like = super::initial_params(&TrainConfig::DEFAULT);
        from_json(TRAINED_JSON, &like).expect("src/train/trained.json is written by to_json")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trips_every_bit() {
        let p = super::super::initial_params(&TrainConfig::DEFAULT);
        let back = from_json(&to_json(&p, &TrainConfig::DEFAULT), &p).unwrap();
        for ((name, a), (_, b)) in p.named().iter().zip(back.named()) {
            assert!(a.iter().zip(b.iter()).all(|(x, y)| x.to_bits() == y.to_bits()), "{name}");
        }
    }

    #[test]
    fn a_damaged_file_is_refused_with_the_reason() {
        let p = super::super::initial_params(&TrainConfig::DEFAULT);
        assert!(from_json("{", &p).unwrap_err().contains("not JSON"));
        let short = to_json(&p, &TrainConfig::DEFAULT).replace("\"W_o\"", "\"W_x\"");
        assert!(from_json(&short, &p).unwrap_err().contains("no parameter W_o"));
    }
}
