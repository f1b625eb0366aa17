//! Drives the real binary through stdin, --script and -c with NO_COLOR, as a
//! learner's script would, and locks the whole transcript of the default walk.

#[macro_use]
mod common;

use std::io::Write;
use std::process::{Output, Stdio};

fn bahdanau(args: &[&str], stdin: &str) -> Output {
    let history = std::env::temp_dir().join(format!("bahdanau-transcript-history-{}", std::process::id()));
    let mut child = common::bahdanau()
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS") // off a terminal and without COLUMNS, output is 100 columns wide
        .env("BAHDANAU_HISTORY", history)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}

#[test]
fn default_walk_to_the_end_then_the_heatmap() {
    let out = bahdanau(&[], "run\nalignment\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    let stdout = text(&out.stdout);
    assert!(!stdout.contains('\x1b'), "no colour with NO_COLOR and a pipe");
    assert_eq!(stdout.matches("\nstep ").count(), 42, "run shows every step once");
    snapshot!("repl_default_walk", &stdout);
}

#[test]
fn enter_steps_and_every_command_is_echoed() {
    let out = bahdanau(&[], "\n\nwhere\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("[0/42 trained]> \nstep 01 (1 of 42): X"), "{stdout}");
    assert!(stdout.contains("[2/42 trained]> where\nYou are at step 02 (2 of 42)"), "{stdout}");
}

#[test]
fn first_error_stops_the_script_and_names_the_line() {
    let out = bahdanau(&[], "next\nshow alpah\nnext\n");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("line 2 of standard input (`show alpah`)"), "{err}");
    assert!(err.split_whitespace().collect::<Vec<_>>().join(" ").contains("did you mean alpha?"), "{err}");
    assert!(!text(&out.stdout).contains("step 02"), "nothing after the error runs");
}

#[test]
fn dash_c_runs_commands_separated_by_semicolons() {
    let out = bahdanau(&["-c", "next; next; show h_fwd"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("[0/42 trained]> next\nstep 01"), "no banner with -c: {stdout}");
    assert!(stdout.contains("[2/42 trained]> show h_fwd\nh_fwd: →h  (n × T_x = 8 × 5)"), "{stdout}");
    let out = bahdanau(&["-c", "next; goto 99"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("command 2 (`goto 99`): there is no position 99"), "{}", text(&out.stderr));
}

#[test]
fn script_file_runs_like_stdin() {
    let file = std::env::temp_dir().join(format!("bahdanau-script-{}.txt", std::process::id()));
    std::fs::write(&file, "goto 14\nalignment\n").unwrap();
    let by_file = bahdanau(&["--script", file.to_str().unwrap()], "");
    let by_stdin = bahdanau(&[], "goto 14\nalignment\n");
    std::fs::remove_file(&file).unwrap();
    assert!(by_file.status.success());
    assert_eq!(text(&by_file.stdout), text(&by_stdin.stdout));
    let missing = bahdanau(&["--script", "/nonexistent/script.txt"], "");
    assert_eq!(missing.status.code(), Some(1));
    assert!(text(&missing.stderr).contains("could not read /nonexistent/script.txt"));
}

#[test]
fn save_then_load_in_a_new_process_restores_the_position() {
    let file = std::env::temp_dir().join(format!("bahdanau-session-{}.json", std::process::id()));
    let path = file.to_str().unwrap();
    let saved = bahdanau(&["-c", &format!("seed 5; goto 11 t=3; save {path}")], "");
    assert!(saved.status.success(), "{}", text(&saved.stderr));
    let loaded = bahdanau(&["-c", &format!("load {path}; where; show c")], "");
    std::fs::remove_file(&file).unwrap();
    assert!(loaded.status.success(), "{}", text(&loaded.stderr));
    let out = text(&loaded.stdout);
    assert!(out.contains("You are at step 11 (") && out.contains("t = 3 of 5"), "{out}");
    assert!(out.contains("c at t = 3"), "{out}");
}

/// The longest line of `text`, in characters.
fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

#[test]
fn output_wraps_to_columns_without_breaking_words() {
    let run = |columns: &str, commands: &str| {
        let out = common::bahdanau()
            .args(["-c", commands])
            .env("NO_COLOR", "1")
            .env("COLUMNS", columns)
            .output()
            .expect("the binary runs");
        text(&out.stdout) + &text(&out.stderr)
    };
    let wide = run("100", "compare 2");
    let narrow = run("80", "compare 2");
    assert!(widest(&narrow) <= 80, "{narrow}");
    let words = |t: &str| t.split_whitespace().filter(|w| !w.contains(['│', '┆', '─'])).collect::<Vec<_>>().join(" ");
    assert_eq!(words(&narrow), words(&wide), "wrapping moves words, never splits them");
    let eight = "source the Common Monetary Policy and a Central Bank; goto 14; alignment";
    let heat = run("120", eight);
    let table: Vec<&str> = heat.lines().skip_while(|l| !l.starts_with("A: row t")).skip(1).collect();
    assert!(table[0].starts_with('┌') && widest(&table.join("\n")) <= 120, "{heat}");
    assert_eq!(table.iter().filter(|l| l.starts_with('┌')).count(), 1, "one table at 120 columns: {heat}");
    let error = run("60", "show W_A t=99 extra");
    assert!(widest(&error) <= 60, "{error}");
}

#[test]
fn the_prompt_and_messages_say_whether_the_weights_are_trained() {
    let out = bahdanau(&["-c", "seed 7; goto 10; seed 2014; dims n=4; train 1"], "");
    let all = text(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(all.contains("The seed is now 7. Weights: UNTRAINED, drawn from seed 7"), "{all}");
    assert!(all.contains("[0/42 untrained]> goto 10"), "{all}");
    assert!(all.contains("Untrained weights (drawn from seed 7): nothing here was learned"), "{all}");
    assert!(all.contains("The seed is now 2014. Weights: the trained ones"), "{all}");
    assert!(all.contains("[10/42 trained]> dims n=4"), "{all}");
    assert!(all.contains("n = 4, n' = 16, l = 8. Weights: UNTRAINED, drawn from seed 2014"), "{all}");
    assert!(all.contains("[10/42 untrained]> train 1"), "{all}");
    let banner = bahdanau(&[], "where\n");
    assert!(text(&banner.stdout).contains("Weights: the trained ones (40 epochs from seed 2014"));
}

#[test]
fn a_new_source_steps_through_the_models_own_translation_and_decode_can_adopt_it() {
    let out = bahdanau(&["-c", "source the Common Monetary Policy; target; target la zone; decode adopt; target"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let all = text(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        all.contains("The target is the model's own greedy translation, \"la politique monétaire commune <eos>\""),
        "{all}"
    );
    assert!(all.contains("target: la politique monétaire commune <eos> (5 tokens)"), "{all}");
    assert!(
        all.contains("The target is now the greedy translation, \"la politique monétaire commune <eos>\""),
        "{all}"
    );
    let bad = bahdanau(&["-c", "decode adopt now"], "");
    let err = text(&bad.stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("decode adopt to make its output the target"), "{err}");
}

#[test]
fn an_unknown_bahdanau_lang_is_named_with_the_values_that_work() {
    let run = |envs: &[(&str, &str)]| {
        let out = common::bahdanau()
            .args(["-c", "where"])
            .env("NO_COLOR", "1")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .envs(envs.iter().copied())
            .output()
            .expect("the binary runs");
        (text(&out.stdout), text(&out.stderr), out.status.success())
    };
    let (stdout, stderr, ok) = run(&[("BAHDANAU_LANG", "fr"), ("LANG", "en_GB.UTF-8")]);
    assert!(ok && stdout.contains("Before step 01"), "the session runs on in English: {stdout}");
    assert!(stderr.contains("BAHDANAU_LANG=\"fr\"") && stderr.contains("BAHDANAU_LANG=zh"), "{stderr}");
    let (stdout, stderr, _) = run(&[("BAHDANAU_LANG", "fr"), ("LANG", "zh_CN.UTF-8")]);
    assert!(stdout.contains("共") && stderr.contains("选用了中文"), "the locale chose Chinese: {stdout}{stderr}");
    let (_, stderr, _) = run(&[("BAHDANAU_LANG", "zh")]);
    assert!(!stderr.contains("BAHDANAU_LANG"), "a value that works is not warned about: {stderr}");
}
