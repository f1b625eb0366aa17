use super::*;
use crate::model::MAX_DIM;
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
    assert_eq!(load(path).unwrap().0, s);
    assert!(load("/dev/zero").unwrap_err().contains("not a regular file"));
    assert!(load(dir.to_str().unwrap()).unwrap_err().contains("is a folder"));
    let err = save(&s, dir.to_str().unwrap()).unwrap_err();
    assert!(err.contains("is a folder"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A session trained for `pairs` pairs on `dims`, as `train` leaves it.
fn trained(dims: Dims, pairs: usize) -> Session {
    let mut s = Session::default_scenario().unwrap();
    s.with_draw(dims, 2014).unwrap();
    let n = std::cell::Cell::new(0);
    crate::repl::training::train(&mut s, 1, &|| n.get() >= pairs, &mut |_| n.set(n.get() + 1)).unwrap();
    s
}

#[test]
fn a_file_of_tiny_values_is_refused_before_anything_is_built_from_it() {
    let zeros = format!("[{}0]", "0,".repeat(4 << 20));
    let err = parse_session(&zeros).unwrap_err();
    assert!(err.contains("values, more than any session this program saves"), "{err}");
    // The same hidden in one parameter's data of a good file.
    let mut v = session_json(&mid_walk());
    v["params"]["W_a"]["data"] = json!(vec![0; 4 << 20]);
    assert!(refused(&v).contains("more than any session"));
    // Six values, counted as seven: the bound may count the outermost one twice.
    assert_eq!(limits::count_values(r#"{"a": [1, "x,[{", {"b": []}]}"#), 7);
}

#[test]
fn counters_a_file_sets_are_checked_and_named() {
    let s = trained(Dims::new(3, 4, 5, 2).unwrap(), 3);
    let good = session_json(&s);
    let mut v = good.clone();
    v["training"]["epochs_done"] = json!(u64::MAX);
    assert!(refused(&v).contains("\"epochs_done\" is 18446744073709551615, more than 10000"), "{}", refused(&v));
    v["training"]["epochs_done"] = json!(1);
    assert!(refused(&v).contains("\"epochs_done\" is 1, but there are 1 checkpoints"), "{}", refused(&v));
    let mut v = good.clone();
    v["training"]["checkpoints"][0]["epoch"] = json!(5);
    assert!(refused(&v).contains("checkpoint 0's \"epoch\" is 5"), "{}", refused(&v));
    let mut v = good.clone();
    v["training"]["best"]["epoch"] = json!(3);
    assert!(refused(&v).contains("the best \"epoch\" is 3"), "{}", refused(&v));
    let mut v = good.clone();
    v["training"]["adam"]["steps"] = json!(i64::from(i32::MAX) + 1);
    assert!(refused(&v).contains("\"steps\" of \"adam\" is more than 2147483647"), "{}", refused(&v));
    // At the largest count, training goes on (the corrections are 1) and the file loads again.
    let mut v = good;
    v["training"]["adam"]["steps"] = json!(i32::MAX);
    let mut at_max = parse_session(&v.to_string()).unwrap();
    let before = at_max.walk().params.clone();
    let n = std::cell::Cell::new(0);
    crate::repl::training::train(&mut at_max, 1, &|| n.get() >= 2, &mut |_| n.set(n.get() + 1)).unwrap();
    let after = &at_max.walk().params;
    assert_ne!(&before, after, "the update moved the parameters");
    assert!(after.named().iter().all(|(_, m)| m.iter().all(|x| x.is_finite())));
    let again = session_json(&at_max);
    assert_eq!(again["training"]["adam"]["steps"], json!(i32::MAX));
    assert_eq!(parse_session(&again.to_string()).unwrap(), at_max);
}

#[test]
fn train_stops_at_the_most_epochs_a_run_keeps() {
    let mut s = trained(Dims::new(2, 2, 2, 1).unwrap(), 1);
    let mut v = session_json(&s);
    let cp = v["training"]["checkpoints"][0].clone();
    let cps: Vec<Value> = (0..=limits::MAX_RUN_EPOCHS)
        .map(|i| {
            let mut c = cp.clone();
            c["epoch"] = json!(i);
            c
        })
        .collect();
    v["training"]["checkpoints"] = json!(cps);
    v["training"]["epochs_done"] = json!(limits::MAX_RUN_EPOCHS - 2);
    assert!(refused(&v).contains("there are 10001 checkpoints"));
    v["training"]["checkpoints"].as_array_mut().unwrap().truncate(limits::MAX_RUN_EPOCHS - 1);
    s = parse_session(&v.to_string()).unwrap();
    let err = crate::repl::execute(&mut s, "train 3").unwrap_err();
    assert!(err.contains("keeps at most 10000; train 2 at most"), "{err}");
    assert!(crate::repl::execute(&mut s, "train 2").is_ok());
}

/// The largest session: the largest dims, a run of the most epochs, every
/// number as long as f64 writes one. `save` writes it under the cap, and `load` reads it.
#[test]
fn the_largest_session_save_can_write_loads_again() {
    let s = trained(Dims::new(MAX_DIM, MAX_DIM, MAX_DIM, MAX_DIM).unwrap(), 1);
    let mut v = session_json(&s);
    let longest = -1.234_567_890_123_456_7e-100; // 24 characters
    fn fill(v: &mut Value, x: f64) {
        match v {
            Value::Number(_) => *v = json!(x),
            Value::Array(a) => a.iter_mut().for_each(|e| fill(e, x)),
            Value::Object(o) => o.iter_mut().for_each(|(_, e)| fill(e, x)),
            _ => {}
        }
    }
    for m in v["params"].as_object_mut().unwrap().values_mut() {
        fill(&mut m["data"], longest);
    }
    let t = &mut v["training"];
    for part in ["m", "v"] {
        t["adam"][part].as_object_mut().unwrap().values_mut().for_each(|m| fill(&mut m["data"], longest));
    }
    t["best"]["params"].as_object_mut().unwrap().values_mut().for_each(|m| fill(&mut m["data"], longest));
    let mut cp = t["checkpoints"][0].clone();
    fill(&mut cp["alignment"]["data"], longest);
    fill(&mut cp["eval"], longest);
    let cps: Vec<Value> = (0..=limits::MAX_RUN_EPOCHS)
        .map(|i| {
            let mut c = cp.clone();
            c["epoch"] = json!(i);
            c
        })
        .collect();
    t["checkpoints"] = json!(cps);
    t["epochs_done"] = json!(limits::MAX_RUN_EPOCHS);
    t["best"]["epoch"] = json!(limits::MAX_RUN_EPOCHS);
    t["adam"]["steps"] = json!(i32::MAX);
    t["order_words"] = json!(u64::MAX);
    let largest = parse_session(&v.to_string()).unwrap();
    let dir = std::env::temp_dir().join(format!("bahdanau-largest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("s.json");
    save(&largest, path.to_str().unwrap()).unwrap();
    let written = std::fs::metadata(&path).unwrap().len();
    assert!(written <= crate::fsio::MAX_SESSION_BYTES, "{written} bytes");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(limits::count_values(&text) <= limits::max_values());
    assert_eq!(load(path.to_str().unwrap()).unwrap().0, largest);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_keeps_the_language_and_a_bad_one_is_refused() {
    let s = Session::default_scenario().unwrap();
    crate::text::set(crate::text::Lang::Zh);
    let doc = session_json(&s).to_string();
    crate::text::set(crate::text::Lang::En);
    assert_eq!(lang_of(&doc).unwrap(), Some(crate::text::Lang::Zh));
    let mut v: serde_json::Value = serde_json::from_str(&doc).unwrap();
    v.as_object_mut().unwrap().remove("lang");
    assert_eq!(lang_of(&v.to_string()).unwrap(), None, "a file from before keeps the language spoken");
    v["lang"] = serde_json::json!("fr");
    assert!(lang_of(&v.to_string()).unwrap_err().contains("\"en\" or \"zh\""));
}
