//! The trained weights of the default scenario, committed as trained.json so
//! the walkthrough starts at once. A test retrains with
//! [`TrainConfig::DEFAULT`] and compares the file bit for bit.
//!
//! Format `bahdanau-params/1`: the training configuration, every parameter
//! under its DESIGN.md name as a list of rows, then the probe's alignment at
//! the replayed checkpoints; each number is written in the shortest form that
//! reads back to the same f64.
//!
//! Bit for bit holds on one platform: exp, ln and tanh come from the system's
//! maths library, and nalgebra hands products with every side above 5 to
//! matrixmultiply, whose kernel (with or without fused multiply-add) depends
//! on the processor. The file was made on x86-64 with FMA.

use std::sync::OnceLock;

use serde_json::Value;

use super::TrainConfig;
use super::replayed::replayed;
use super::trainer::{Checkpoint, Eval, Stopped, Trainer};
use crate::model::{Mat, Params};

pub const FORMAT: &str = "bahdanau-params/1";
const TRAINED_JSON: &str = include_str!("trained.json");

/// Trains from scratch with `config` and keeps the best held-out epoch.
pub fn train(config: TrainConfig) -> Result<(Trainer, f64), String> {
    let start = std::time::Instant::now();
    let mut t = Trainer::new(config);
    match t.run(config.epochs, &|| false, &mut |_| {}) {
        Stopped::Finished => {
            let secs = start.elapsed().as_secs_f64();
            Ok((t, secs))
        }
        other => Err(format!("training did not finish: {other:?}")),
    }
}

pub(crate) fn rows_json(m: &Mat, indent: &str) -> String {
    let rows: Vec<String> = (0..m.nrows())
        .map(|r| {
            let row: Vec<String> = m.row(r).iter().map(|v| format!("{v:?}")).collect();
            format!("{indent}[{}]", row.join(", "))
        })
        .collect();
    rows.join(",\n")
}

pub(crate) fn rows_from(v: &Value, m: &mut Mat, what: &str) -> Result<(), String> {
    let rows = v.as_array().ok_or(format!("the weights file has no {what}"))?;
    let values: Vec<f64> =
        rows.iter().flat_map(|r| r.as_array().into_iter().flatten()).filter_map(Value::as_f64).collect();
    if rows.len() != m.nrows() || values.len() != m.len() {
        return Err(format!("{what} in the weights file is not {} × {}", m.nrows(), m.ncols()));
    }
    *m = Mat::from_row_slice(m.nrows(), m.ncols(), &values);
    Ok(())
}

/// The best parameters of `t` and its replayed checkpoints as readable JSON,
/// one line per matrix row.
pub fn to_json(t: &Trainer) -> String {
    let (p, c) = (&t.best.params, &t.config);
    let d = c.dims;
    let mut out = format!("{{\n  \"format\": \"{FORMAT}\",\n  \"config\": {{\n");
    out += &format!("    \"dims\": {{ \"m\": {}, \"n\": {}, \"n_a\": {}, \"l\": {} }},\n", d.m, d.n, d.n_a, d.l);
    out += &format!(
        "    \"init_seed\": {}, \"corpus_seed\": {}, \"order_seed\": {},\n",
        c.init_seed, c.corpus_seed, c.order_seed
    );
    out += &format!("    \"n_train\": {}, \"n_held_out\": {}, \"epochs\": {},\n", c.n_train, c.n_held_out, c.epochs);
    out +=
        &format!("    \"batch\": {}, \"lr\": {:?}, \"clip\": {:?}\n  }},\n  \"params\": {{\n", c.batch, c.lr, c.clip);
    let named = p.named();
    for (k, (name, m)) in named.iter().enumerate() {
        let comma = if k + 1 < named.len() { "," } else { "" };
        out += &format!("    \"{name}\": [\n{}\n    ]{comma}\n", rows_json(m, "      "));
    }
    out += "  },\n  \"checkpoints\": [\n";
    let kept = replayed(&t.checkpoints);
    for (k, cp) in kept.iter().enumerate() {
        let Eval { loss, accuracy, entropy } = cp.eval;
        out += &format!(
            "    {{ \"epoch\": {}, \"loss\": {loss:?}, \"accuracy\": {accuracy:?}, \"entropy\": {entropy:?},\n      \"alignment\": [\n{}\n    ] }}{}\n",
            cp.epoch,
            rows_json(&cp.alignment, "        "),
            if k + 1 < kept.len() { "," } else { "" }
        );
    }
    out + "  ]\n}\n"
}

fn parse(text: &str) -> Result<Value, String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("the weights file is not JSON: {e}"))?;
    if doc["format"] != FORMAT {
        return Err(format!("the weights file is not in format {FORMAT}"));
    }
    Ok(doc)
}

/// Reads parameters written by [`to_json`] into the shapes of `like`.
pub fn from_json(text: &str, like: &Params) -> Result<Params, String> {
    let doc = parse(text)?;
    let mut p = like.clone();
    for (name, m) in p.named_mut() {
        rows_from(&doc["params"][name], m, &format!("parameter {name}"))?;
    }
    Ok(p)
}

/// Reads the checkpoints written by [`to_json`]; `t_x` and `t_y` are the probe's lengths.
pub fn checkpoints_from_json(text: &str, t_y: usize, t_x: usize) -> Result<Vec<Checkpoint>, String> {
    let doc = parse(text)?;
    let list = doc["checkpoints"].as_array().ok_or("the weights file has no checkpoints")?;
    let num = |v: &Value, key: &str| v[key].as_f64().ok_or(format!("a checkpoint has no {key}"));
    list.iter()
        .map(|cp| {
            let mut alignment = Mat::zeros(t_y, t_x);
            rows_from(&cp["alignment"], &mut alignment, "checkpoint alignment")?;
            let eval = Eval { loss: num(cp, "loss")?, accuracy: num(cp, "accuracy")?, entropy: num(cp, "entropy")? };
            Ok(Checkpoint { epoch: num(cp, "epoch")? as usize, alignment, eval })
        })
        .collect()
}

/// The committed trained parameters of [`TrainConfig::DEFAULT`].
pub fn trained_params() -> &'static Params {
    static PARAMS: OnceLock<Params> = OnceLock::new();
    PARAMS.get_or_init(|| {
        let like = super::initial_params(&TrainConfig::DEFAULT);
        from_json(TRAINED_JSON, &like).expect("src/train/trained.json is written by to_json")
    })
}

/// The probe's alignment at the replayed checkpoints of the committed training run.
pub fn trained_checkpoints() -> &'static [Checkpoint] {
    static CHECKPOINTS: OnceLock<Vec<Checkpoint>> = OnceLock::new();
    CHECKPOINTS.get_or_init(|| {
        let probe = crate::corpus::toy::probe();
        checkpoints_from_json(TRAINED_JSON, probe.target.len(), probe.source.len())
            .expect("src/train/trained.json is written by to_json")
    })
}

/// The committed file's text, for comparing with a fresh run.
pub fn committed_json() -> &'static str {
    TRAINED_JSON
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trips_every_bit() {
        let mut config = TrainConfig::DEFAULT;
        (config.n_train, config.n_held_out, config.epochs) = (8, 4, 1);
        let (t, _) = train(config).unwrap();
        let text = to_json(&t);
        let back = from_json(&text, &t.best.params).unwrap();
        for ((name, a), (_, b)) in t.best.params.named().iter().zip(back.named()) {
            assert!(a.iter().zip(b.iter()).all(|(x, y)| x.to_bits() == y.to_bits()), "{name}");
        }
        let probe = &t.corpus.test[0];
        assert_eq!(checkpoints_from_json(&text, probe.target.len(), probe.source.len()).unwrap(), t.checkpoints);
    }

    #[test]
    fn a_damaged_file_is_refused_with_the_reason() {
        let p = super::super::initial_params(&TrainConfig::DEFAULT);
        assert!(from_json("{", &p).unwrap_err().contains("not JSON"));
        let renamed = committed_json().replace("\"W_o\"", "\"W_x\"");
        assert!(from_json(&renamed, &p).unwrap_err().contains("no parameter W_o"));
    }
}
