//! The whole trace as JSON (`bahdanau-trace/2`), so every number can be
//! reproduced in numpy or PyTorch. Matrices are `{"shape": [rows, cols],
//! "data": [row-major]}`; vectors are columns, shape [len, 1].
//!
//! Version 2 names the tanh layer of step 08 `hidden` (version 1 said
//! `energy`, the paper's word for e) and may carry a `gradient` object:
//! `{"loss": L, "params": {name: matrix}}`, ∂L/∂θ for every parameter θ of
//! the pair's loss L; it is present exactly when the export was asked for it.

use serde_json::{Value, json};

use crate::model::{Mat, Vector};
use crate::train::grad::{loss_and_backward, zeros_like};
use crate::walkthrough::Walkthrough;

pub const FORMAT: &str = "bahdanau-trace/2";

/// A matrix as shape and row-major data.
pub fn matrix(m: &Mat) -> Value {
    let data: Vec<f64> = (0..m.nrows()).flat_map(|r| (0..m.ncols()).map(move |c| m[(r, c)])).collect();
    json!({ "shape": [m.nrows(), m.ncols()], "data": data })
}

fn vector(v: &Vector) -> Value {
    json!({ "shape": [v.len(), 1], "data": v.as_slice() })
}

/// The trace of `w` as one JSON document.
pub fn trace_json(w: &Walkthrough) -> Value {
    let tr = &w.trace;
    let params: serde_json::Map<String, Value> =
        w.params.named().iter().map(|(n, m)| (n.to_string(), matrix(m))).collect();
    let steps: Vec<Value> = tr
        .steps
        .iter()
        .enumerate()
        .map(|(k, d)| {
            json!({
                "t": k + 1,
                "y_prev_id": d.y_prev,
                "tensors": {
                    "s_prev": vector(&d.s_prev),
                    "Wa_s": vector(&d.wa_s),
                    "pre": matrix(&d.pre),
                    "hidden": matrix(&d.hidden),
                    "e": vector(&d.e),
                    "alpha": vector(&d.alpha),
                    "c": vector(&d.c),
                    "s": vector(d.s()),
                    "t_tilde": vector(&d.t_tilde),
                    "t_max": vector(&d.t_max),
                    "p": vector(&d.p),
                }
            })
        })
        .collect();
    json!({
        "format": FORMAT,
        "seed": w.scenario.seed,
        "dims": { "m": w.scenario.dims.m, "n": w.scenario.dims.n, "n_a": w.scenario.dims.n_a, "l": w.scenario.dims.l },
        "source": w.scenario.source,
        "target": w.scenario.target,
        "source_ids": tr.source_ids,
        "target_ids": tr.target_ids,
        "bos_id": tr.bos_id,
        "source_vocab": w.source_vocab.tokens(),
        "target_vocab": w.target_vocab.tokens(),
        "params": params,
        "tensors": {
            "X": matrix(&tr.enc.x),
            "h_fwd": matrix(&tr.enc.fwd.h),
            "h_bwd": matrix(&tr.enc.bwd.h),
            "H": matrix(&tr.enc.h),
            "UaH": matrix(&tr.enc.ua_h),
            "s_0": vector(&tr.enc.s_0),
            "A": matrix(&tr.alignment()),
        },
        "steps": steps,
    })
}

/// The `gradient` object: L = (1/T_y) Σ_t −ln p(y_t) of the scenario's pair
/// and ∂L/∂θ for every parameter, each shaped as its parameter.
pub fn gradient_json(w: &Walkthrough) -> Value {
    let tr = &w.trace;
    let mut g = zeros_like(&w.params);
    let loss = loss_and_backward(&w.params, &tr.source_ids, &tr.target_ids, tr.bos_id, &mut g);
    let params: serde_json::Map<String, Value> = g.named().iter().map(|(n, m)| (n.to_string(), matrix(m))).collect();
    json!({ "loss": loss, "params": params })
}

/// The trace, with the gradient when `gradient` is true.
pub fn export_json(w: &Walkthrough, gradient: bool) -> Value {
    let mut doc = trace_json(w);
    if gradient {
        doc["gradient"] = gradient_json(w);
    }
    doc
}

/// Writes the trace (and the gradient when asked) to `path`, pretty-printed.
/// The error names the file.
pub fn write_trace(w: &Walkthrough, path: &std::path::Path, gradient: bool) -> Result<(), String> {
    crate::fsio::write_json(path, &export_json(w, gradient), true)
}
