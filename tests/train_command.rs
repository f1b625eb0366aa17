//! `train` through the real binary: off a terminal the progress bar stays
//! hidden, so a script's output is the summary alone, the same on every run.

mod common;

fn run(commands: &str) -> (String, String, bool) {
    let history = std::env::temp_dir().join(format!("bahdanau-train-history-{}", std::process::id()));
    let out = common::bahdanau()
        .args(["-c", commands])
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .env("BAHDANAU_HISTORY", history)
        .output()
        .expect("the binary runs");
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).expect("output is UTF-8");
    (text(&out.stdout), text(&out.stderr), out.status.success())
}

#[test]
fn a_scripted_train_prints_only_its_summary_and_changes_every_step() {
    let (before, _, ok) = run("goto 10 t=2");
    assert!(ok);
    let (out, err, ok) = run("train 1; goto 10 t=2; replay");
    assert!(ok, "{out}{err}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Trained 600 pairs, a new run from the seed's start (its draw with v_a × 0.01)"), "{out}");
    assert!(flat.contains("[0/42 trained here]> goto 10 t=2"), "{out}");
    assert!(!out.contains('\r') && !out.contains('\u{1b}') && err.is_empty(), "bar artefacts: {out:?} {err:?}");
    let alpha = |text: &str| text.lines().find(|l| l.starts_with("│ α_2")).map(str::to_string);
    assert!(alpha(&out).is_some());
    assert_ne!(alpha(&out), alpha(&before), "after training, α_2 comes from the new parameters");
    let words = out.split_whitespace().collect::<Vec<_>>().join(" "); // prose may wrap at 100 columns
    assert!(words.contains("at 2 checkpoints of this session's training"), "{out}");
    assert_eq!(run("train 1; goto 10 t=2; replay").0, out, "training is deterministic");
}

#[test]
fn a_bad_epoch_count_names_the_fix() {
    let (out, err, ok) = run("train many");
    assert!(!ok);
    assert!(format!("{out}{err}").contains("type train 10"), "{out}{err}");
}
