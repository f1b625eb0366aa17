//! The JSON export carries every parameter and tensor, and its numbers are the
//! trace's numbers, so the walkthrough can be checked outside Rust.

mod common;

use bahdanau::export::{FORMAT, trace_json};
use bahdanau::walkthrough::{Scenario, Walkthrough};
use serde_json::Value;

fn matrix(v: &Value) -> (usize, usize, Vec<f64>) {
    let shape = v["shape"].as_array().unwrap();
    let data = v["data"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    (shape[0].as_u64().unwrap() as usize, shape[1].as_u64().unwrap() as usize, data)
}

#[test]
fn export_has_the_documented_fields_and_exact_numbers() {
    let w = Walkthrough::new(Scenario::default()).unwrap();
    let j = trace_json(&w);
    assert_eq!(j["format"], FORMAT);
    assert_eq!(j["seed"], w.scenario.seed);
    assert_eq!(j["source"][2], "Economic");
    assert_eq!(j["target_ids"].as_array().unwrap().len(), 5);
    for name in ["E_x", "fwd.W", "dec.C_r", "W_s", "W_a", "U_a", "v_a", "U_o", "V_o", "C_o", "W_o", "E_y"] {
        let (r, c, data) = matrix(&j["params"][name]);
        let m = w.params.get(name).unwrap();
        assert_eq!((r, c), m.shape(), "{name}");
        // Row-major: entry (1, 0) sits one whole row in.
        assert_eq!(data[0], m[(0, 0)], "{name}");
        if r > 1 {
            assert_eq!(data[c], m[(1, 0)], "{name}");
        }
    }
    for name in ["X", "h_fwd", "h_bwd", "H", "UaH", "s_0"] {
        assert!(j["tensors"][name]["data"].is_array(), "{name}");
    }
    let steps = j["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 5);
    for key in ["s_prev", "Wa_s", "pre", "hidden", "e", "alpha", "c", "s", "t_tilde", "t_max", "p"] {
        assert!(steps[0]["tensors"][key]["data"].is_array(), "{key}");
    }
    let (_, _, alpha) = matrix(&steps[2]["tensors"]["alpha"]);
    assert_eq!(alpha, w.trace.steps[2].alpha.as_slice());
}

#[test]
fn export_survives_a_round_trip_through_text() {
    let w = Walkthrough::new(Scenario::default()).unwrap();
    let text = serde_json::to_string(&trace_json(&w)).unwrap();
    let back: Value = serde_json::from_str(&text).unwrap();
    let (_, _, e) = matrix(&back["steps"][0]["tensors"]["e"]);
    // serde_json prints the shortest representation that reads back exactly.
    assert_eq!(e, w.trace.steps[0].e.as_slice());
}

#[test]
fn binary_writes_the_export_file() {
    let dir = std::env::temp_dir().join(format!("bahdanau-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("trace.json");
    let out = common::bahdanau().arg("--export").arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let j: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(j["format"], FORMAT);
    assert!(j.get("gradient").is_none());
    let out = common::bahdanau().arg("--export").arg(&file).arg("--grad").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("gradient"));
    let j: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(j["gradient"]["loss"].as_f64().unwrap() > 0.0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn export_gradient_is_the_hand_written_backward_pass_and_round_trips() {
    use bahdanau::export::export_json;
    use bahdanau::train::grad::{loss_and_backward, zeros_like};
    let w = Walkthrough::new(Scenario::default()).unwrap();
    assert!(export_json(&w, false).get("gradient").is_none());
    let text = serde_json::to_string(&export_json(&w, true)).unwrap();
    let back: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(back["format"], FORMAT);
    let tr = &w.trace;
    let mut g = zeros_like(&w.params);
    let loss = loss_and_backward(&w.params, &tr.source_ids, &tr.target_ids, tr.bos_id, &mut g);
    assert_eq!(back["gradient"]["loss"].as_f64().unwrap(), loss);
    let exported = back["gradient"]["params"].as_object().unwrap();
    assert_eq!(exported.len(), g.named().len(), "one gradient per parameter");
    for (name, m) in g.named() {
        let (r, c, data) = matrix(&exported[name]);
        assert_eq!((r, c), m.shape(), "{name}");
        let row_major: Vec<f64> = (0..r).flat_map(|i| (0..c).map(move |j| m[(i, j)])).collect();
        assert_eq!(data, row_major, "{name}: bit for bit after the text round trip");
    }
    assert!(g.W_a.amax() > 0.0, "a gradient that is all zeros would pass any comparison");
}

#[test]
fn a_trace_that_overflowed_is_refused_instead_of_written_with_nulls() {
    let mut params = Walkthrough::new(Scenario::default()).unwrap().params;
    params.U_a.fill(1e308); // U_a h_i sums 2n of them: ∞, then ∞ − ∞ in the softmax
    let w = Walkthrough::with_params(Scenario::default(), params).unwrap();
    let file = std::env::temp_dir().join(format!("bahdanau-export-null-{}.json", std::process::id()));
    let err = bahdanau::export::write_trace(&w, &file, false).unwrap_err();
    assert!(err.contains("is not a finite number") && err.contains("nothing was written"), "{err}");
    assert!(!file.exists());
}
