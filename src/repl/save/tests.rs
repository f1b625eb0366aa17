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
    v["format"] = json!("bahdanau-session/9");
    refuse(&v.to_string(), "bahdanau-session/9");
    let mut v = good.clone();
    v["scenario"]["dims"]["n"] = json!(5);
    refuse(&v.to_string(), "need [");
    let mut v = good.clone();
    v["params"]["W_a"]["data"][0] = json!("x");
    refuse(&v.to_string(), "W_a.data[0] is the text \"x\"");
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

fn refused(doc: &Value) -> String {
    parse_session(&doc.to_string()).unwrap_err()
}

#[test]
fn wrong_kinds_and_shapes_are_named_as_written() {
    let good = session_json(&mid_walk());
    let mut v = good.clone();
    v["format"] = json!(1);
    assert_eq!(refused(&v), "\"format\" is the number 1, where a text belongs");
    let mut v = good.clone();
    v["params"]["W_a"]["shape"] = json!([-7, -5]);
    assert_eq!(refused(&v), "W_a has shape [-7,-5], but these dims need [5, 4]");
    v["params"]["W_a"]["shape"] = json!("7x5");
    assert_eq!(refused(&v), "W_a has shape \"7x5\", but these dims need [5, 4]");
    let mut v = good.clone();
    v["scenario"]["seed"] = json!("seven");
    assert!(refused(&v).contains("\"seed\" is the text \"seven\", but it must be a whole number"));
    let mut v = good;
    v["params"]["W_a"]["data"] = json!(null);
    assert!(refused(&v).contains("W_a.data is null"));
}

#[test]
fn a_value_that_overflows_the_forward_pass_is_refused_by_name() {
    let mut v = session_json(&mid_walk());
    v["params"]["U_a"]["data"] = json!(vec![1e308; 5 * 8]); // U_a h_i sums 8 of them: ∞
    let err = refused(&v);
    assert!(err.starts_with("the parameter U_a holds 1e308, too large"), "{err}");
    assert!(err.contains("tensors.pre.data[0] is not finite"), "{err}");
    // A large value that saturates a tanh without overflowing anything is a valid session.
    let mut v = session_json(&mid_walk());
    v["params"]["E_x"]["data"][0] = json!(1e308);
    assert!(parse_session(&v.to_string()).is_ok());
}

#[test]
fn a_save_holds_qkv_and_the_training_run_and_training_continues_after_load() {
    let mut a = mid_walk();
    a.set_qkv(true);
    // Stops after `n` pairs, part way through the first epoch.
    let train_pairs = |s: &mut Session, n: usize| {
        let pairs = std::cell::Cell::new(0);
        crate::repl::training::train(s, 1, &|| pairs.get() >= n, &mut |_| pairs.set(pairs.get() + 1)).unwrap()
    };
    train_pairs(&mut a, 7);
    let doc = serde_json::to_string_pretty(&session_json(&a)).unwrap();
    let mut b = parse_session(&doc).unwrap();
    assert!(b.qkv() && b.trainer().is_some());
    assert_eq!(b, a, "parameters, position, qkv and the whole run, bit for bit");
    train_pairs(&mut a, 9);
    let summary = train_pairs(&mut b, 9);
    assert!(!summary.fresh, "the loaded run continues; it does not start again");
    assert_eq!(b, a, "training after load takes the same steps as training without it");
}

#[test]
fn a_file_of_format_1_loads_without_qkv_or_a_run() {
    let s = mid_walk();
    let mut v = session_json(&s);
    v["format"] = json!("bahdanau-session/1");
    v.as_object_mut().unwrap().remove("qkv");
    assert_eq!(parse_session(&v.to_string()).unwrap(), s);
}

#[test]
fn a_run_with_another_set_up_is_refused() {
    let mut s = mid_walk();
    crate::repl::training::train(&mut s, 1, &|| true, &mut |_| {}).unwrap();
    let mut v = session_json(&s);
    v["training"]["config"]["n_train"] = json!(1_000_000_000);
    let err = refused(&v);
    assert!(err.starts_with("in \"training\": \"training\" was made with another training set-up"), "{err}");
    let mut v = session_json(&s);
    v["training"]["adam"]["m"]["W_a"]["shape"] = json!([1, 1]);
    assert!(refused(&v).contains("W_a has shape [1,1]"));
}

#[test]
fn files_are_written_whole_and_read_only_when_regular() {
    let dir = std::env::temp_dir().join(format!("bahdanau-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.json");
    let path = file.to_str().unwrap();
    let s = mid_walk();
    save(&s, path).unwrap();
    assert_eq!(load(path).unwrap(), s);
    assert!(load("/dev/zero").unwrap_err().contains("not a regular file"));
    assert!(load(dir.to_str().unwrap()).unwrap_err().contains("is a folder"));
    let err = save(&s, dir.to_str().unwrap()).unwrap_err();
    assert!(err.contains("is a folder"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
