//! `corpus real` and `corpus toy` in the REPL, on a corpus folder of
//! sentences written for the tests (never the help pages): without the
//! corpus it names the command that fetches it; with it, the model is
//! trained once, kept, loaded the next time, refused when it does not
//! match; `source` marks words outside the shortlist as `<unk>`; and on a
//! real pseudo-terminal the training bar fits the width and Ctrl-C leaves
//! the session as it was.

#![cfg(unix)]

#[macro_use]
mod common;
// The pty tests' terminal; this file uses only some of its methods.
#[path = "pty/term.rs"]
mod term;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use bahdanau::corpus::real::build::{Counts, TokenPair};
use bahdanau::corpus::real::split::TokenSplits;
use bahdanau::corpus::real::store::write;
use term::{Session, bar_segments};

fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("real-repl-{name}"))
}

fn pair(en: &str, fr: &str) -> TokenPair {
    let words = |s: &str| s.split(' ').map(String::from).collect();
    (words(en), words(fr))
}

/// Sentences in the help pages' register: 27 "Shows the ADJ NOUN of the
/// NOUN2 in this dialog ." (the French with the adjective after the noun and
/// a *de*), three short ones, and `fillers` pairs of two words each seen
/// once, which fill the tail that the 90% shortlists leave out.
fn fixture(dir: &Path, fillers: usize) {
    let adjs = [("selected", "sélectionné"), ("new", "nouveau"), ("current", "actuel")];
    let nouns = [("field", "champ"), ("frame", "cadre"), ("button", "bouton")];
    let owners = [("page", "page"), ("table", "table"), ("cell", "cellule")];
    let mut long = Vec::new();
    for (a, fa) in adjs {
        for (n, fnn) in nouns {
            for (o, fo) in owners {
                long.push(pair(
                    &format!("Shows the {a} {n} of the {o} in this dialog ."),
                    &format!("Affiche le {fnn} {fa} de la {fo} dans cette boîte de dialogue ."),
                ));
            }
        }
    }
    let short = |n: &str, f: &str| pair(&format!("Click the {n} ."), &format!("Cliquez sur le {f} ."));
    let mut train: Vec<TokenPair> = long[..24].to_vec();
    train.push(short("field", "champ"));
    train.extend((0..fillers).map(|k| pair(&format!("Press K{k} or J{k} ."), &format!("Appuyez sur K{k} ou J{k} ."))));
    let held_out = vec![long[24].clone(), short("frame", "cadre")];
    // The rule skips test sentence 0 (four words) and starts on 1.
    let test = vec![short("button", "bouton"), long[25].clone(), long[26].clone()];
    let splits = TokenSplits { train, held_out, test, measured: 0 };
    write(dir, &splits, &Counts::default(), &[]).unwrap();
}

/// The REPL on `script` from stdin, `columns` wide, with the corpus in
/// `corpus`: whether it succeeded, and its stdout and stderr.
fn repl_at(corpus: &Path, quick: bool, script: &str, columns: usize) -> (bool, String) {
    repl_in("en", corpus, quick, script, columns)
}

/// [`repl_at`] speaking `lang` (en or zh).
fn repl_in(lang: &str, corpus: &Path, quick: bool, script: &str, columns: usize) -> (bool, String) {
    let mut cmd = common::bahdanau();
    cmd.env("NO_COLOR", "1")
        .env("BAHDANAU_LANG", lang)
        .env("COLUMNS", columns.to_string())
        .env("BAHDANAU_CORPUS", corpus)
        .env("BAHDANAU_HISTORY", corpus.join("history.txt"));
    if quick {
        cmd.env("BAHDANAU_REAL_CONFIG", "quick");
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap() + &String::from_utf8_lossy(&out.stderr))
}

/// [`repl_at`] wide enough that no line wraps. A script stops at its first
/// error, so `fails` says whether its last line is one.
fn repl(corpus: &Path, quick: bool, script: &str, fails: bool) -> String {
    let (ok, text) = repl_at(corpus, quick, script, 400);
    assert_eq!(ok, !fails, "{text}");
    text
}

#[test]
fn without_the_corpus_corpus_real_names_the_fetch_command_and_changes_nothing() {
    let dir = scratch("none");
    let absent = dir.join("absent");
    let wait = Duration::from_secs(60);
    let mut t = Session::start(dir, &[("COLUMNS", "60"), ("BAHDANAU_CORPUS", absent.to_str().unwrap())]);
    t.expect("> ", wait);
    t.send("corpus\r");
    t.expect("on the toy corpus: corpus real switches", wait);
    t.send("goto 3\r");
    t.expect("[3/", wait);
    t.send("corpus re\t"); // Tab completes the word
    t.expect("trained]> corpus real", wait);
    t.send("\r");
    t.expect("unchanged.", wait);
    t.expect("\r\n  cargo run -- --fetch-corpus\r\n", wait);
    t.send("where\r");
    t.expect("You are at step 03", wait);
    t.quit(wait);
}

#[test]
fn corpus_real_trains_once_keeps_the_model_then_loads_it_and_refuses_a_mismatch() {
    let dir = scratch("quick");
    fixture(&dir, 60);
    let first = repl(
        &dir,
        true,
        "corpus real\nnext\ngoto 14\nalignment\ndecode\ncompare 1\n\
         source \"Shows the zebra field.\"\ngoto 13 t=1\ncorpus toy\nwhere\ncorpus real\ndims n=4\n",
        true,
    );
    // The rule's sentence: test sentence 1, the first of 8–15 words with a *de*.
    assert!(first.contains("trained now and kept in the data folder"), "{first}");
    assert!(first.contains("Test sentence 1:\n  Shows the current button of the table in this dialog ."), "{first}");
    assert!(first.contains("Mozilla Public License 2.0"), "{first}");
    assert!(first.contains("[0/"), "{first}");
    assert!(first.contains(" real]> next"), "the prompt says real: {first}");
    assert!(first.contains("step 14"), "{first}");
    assert!(first.contains("dims works on the toy corpus only: type corpus toy first"), "{first}");
    assert!(first.contains("1 word outside the shortlist of"), "{first}");
    assert!(first.contains("became <unk>: zebra."), "{first}");
    assert!(first.contains("\"Shows the <unk> field . <eos>\""), "the corpus's tokenisation: {first}");
    assert!(first.contains("Back on the toy corpus"), "{first}");
    assert!(first.contains(" trained]> where"), "{first}");
    let kept = dir.join("rnnsearch-1.json");
    assert!(kept.is_file());

    let second = repl(&dir, true, "corpus real\ngoto 10\nshow alpha\n", false);
    assert!(second.contains("RNNsearch, seed 1, kept in the data folder"), "{second}");
    assert!(!second.contains("trained now"), "{second}");
    // The same weights: the same check and held-out BLEU as the run that
    // kept them (the banner may wrap anywhere, so words are compared).
    let kept_line = |s: &str| {
        let words = s.split_whitespace().collect::<Vec<_>>().join(" ");
        words.split("the weights of its check at ").nth(1).and_then(|r| r.split(')').next()).map(String::from)
    };
    assert!(kept_line(&first).is_some_and(|k| k.contains("held-out BLEU")), "{first}");
    assert_eq!(kept_line(&first), kept_line(&second));

    let text = std::fs::read_to_string(&kept).unwrap();
    let digest = text.split("\"corpus_sha256\":\"").nth(1).unwrap()[..64].to_string();
    // A corpus digest changed by hand: the file's own digest no longer matches.
    std::fs::write(&kept, text.replace(&digest, &"0".repeat(64))).unwrap();
    let refused = repl(&dir, true, "corpus real\n", true);
    assert!(refused.contains("it was changed since it was written"), "{refused}");
    // A whole file written for another corpus (its own digest right): refused as such.
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["corpus_sha256"] = serde_json::json!("0".repeat(64));
    doc.as_object_mut().unwrap().remove("sha256");
    let own = bahdanau::corpus::real::sha256::hex_digest(serde_json::to_string(&doc).unwrap().as_bytes());
    doc["sha256"] = serde_json::json!(own);
    std::fs::write(&kept, serde_json::to_string(&doc).unwrap()).unwrap();
    let refused = repl(&dir, true, "corpus real\n", true);
    assert!(refused.contains("was trained on another build of the corpus"), "{refused}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_stops_the_training_clears_its_bar_which_fits_sixty_columns_and_keeps_nothing() {
    let dir = scratch("pty");
    // The full config on 3,000 pairs: long enough to press Ctrl-C during it.
    fixture(&dir, 3000);
    let wait = Duration::from_secs(120);
    let mut t = Session::start(dir.clone(), &[("COLUMNS", "60"), ("BAHDANAU_CORPUS", dir.to_str().unwrap())]);
    t.expect("> ", wait);
    t.send("goto 4\r");
    t.expect("[4/", wait);
    t.send("corpus real\r");
    t.expect(" pairs · ", wait); // the progress bar is up
    t.send("\u{3}");
    t.expect("training stopped (Ctrl-C); nothing was kept;", wait);
    t.send("where\r");
    t.expect("You are at step 04", wait);
    let out = t.quit(wait);
    let segments = bar_segments(&out);
    assert!(!segments.is_empty(), "{out}");
    for s in &segments {
        assert!(s.chars().count() <= 60, "the bar is wider than 60 columns: {s:?}");
    }
    assert!(!dir.join("rnnsearch-2014.json").exists(), "an interrupted training keeps nothing");
}

#[test]
fn the_beams_ranking_shows_the_test_sentences_reference_while_the_source_is_it() {
    let dir = scratch("beamref");
    fixture(&dir, 60);
    let text = repl(&dir, true, "corpus real\nbeam 2\nrun\nsource \"Shows the zebra field.\"\nbeam 2\nrun\n", false);
    let want = "reference (test sentence 1 of the corpus):\n    \
                Affiche le bouton actuel de la table dans cette boîte de dialogue . <eos>";
    assert!(text.contains(want), "{text}");
    assert!(!text.contains("outside the toy grammar"), "{text}");
    let (_, after) = text.split_once("source \"Shows the zebra field.\"").unwrap();
    assert!(after.contains("No reference: the source is not the corpus's test sentence."), "{after}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every `<unk> ← "WORD"` line of `text`: the words copied in.
fn copied(text: &str) -> Vec<String> {
    text.lines().filter_map(|l| l.split("<unk> ← \"").nth(1)?.split('"').next().map(String::from)).collect()
}

#[test]
fn decode_and_beam_fill_each_unk_with_the_typed_source_word_its_alpha_peaks_on() {
    let dir = scratch("unk");
    fixture(&dir, 60);
    // K7 and J7 were seen once in training, outside the 90% shortlists: the
    // walkthrough holds them as <unk>, and the model writes <unk> for them.
    let text = repl(&dir, true, "corpus real\nsource \"Press K7 or J7 .\"\ndecode\nbeam 2\nrun\n", false);
    let (_, after) = text.split_once("greedy translation:").unwrap();
    let (greedy, beam) = after.split_once("The search ended").unwrap();
    for part in [greedy, beam] {
        assert!(part.contains("each <unk> replaced by the source word its α row peaks on: "), "{part}");
        let words = copied(part);
        assert!(!words.is_empty(), "{part}");
        assert!(words.iter().all(|w| ["Press", "K7", "or", "J7", "."].contains(&w.as_str())), "{words:?}");
    }
    // Every <unk> gets a line: the source word it was filled from, or why it stayed, and the α.
    assert!(greedy.lines().filter(|l| l.contains("<unk> ←") || l.contains("<unk> stays")).all(|l| l.contains("α = ")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn control_characters_typed_into_a_real_source_never_reach_the_terminal() {
    let dir = scratch("control");
    fixture(&dir, 60);
    // ESC and BEL inside words: the words fall outside the shortlist, so
    // the tables' headers read <unk>; the lists that name them, and the
    // copies decode makes of them, go through the one filter.
    let script = "corpus real\nsource \"Press K\u{1b}[2J7 or J\u{7}7 .\"\nnext\nrun\nalignment\ndecode\nbeam 2\nrun\n";
    let text = repl(&dir, true, script, false);
    assert!(text.contains("became <unk>: K, \\u{1b}, [, 2J7, J, \\u{7}, 7."), "named, made visible: {text}");
    assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "{text:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_real_walkthrough_fits_60_80_and_100_columns() {
    let dir = scratch("widths");
    fixture(&dir, 60);
    let script = "corpus real\ncorpus\nrun\nalignment\ndecode\ncompare 1\nshow p t=1\nshapes\nwhere\nentropy\n\
                  coverage\nbeam 3\nrun\nbeam off\nsource \"Shows the zebra field.\"\ntarget \"Affiche le champ.\"\n\
                  run\ncorpus toy\n";
    for width in [60, 80, 100] {
        let (ok, text) = repl_at(&dir, true, script, width);
        assert!(ok, "{text}");
        assert!(text.contains("Back on the toy corpus"), "{text}");
        for line in text.lines().filter(|l| !l.starts_with('[')) {
            let chars = line.chars().filter(|c| !('\u{300}'..='\u{36f}').contains(c)).count();
            assert!(chars <= width || !line.trim().contains(' '), "COLUMNS={width}: {line}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The real walkthrough as a Chinese learner reads it: `corpus real`'s
/// banner (how the model came, the test sentence and its reference, the
/// corpus's licence), a sentence with a word outside the shortlist, the
/// beam's ranking against the test sentence's reference, and the way back;
/// locked, and within 60, 80 and 100 columns (a Chinese character takes two).
#[test]
fn the_real_walkthrough_in_chinese() {
    let dir = scratch("zh");
    fixture(&dir, 60);
    let script = "corpus real\ncorpus\ncorpus real\nbeam 2\nrun\nsource \"Shows the zebra field.\"\nbeam 2\nrun\n\
                  beam off\ncorpus toy\n";
    for width in [60, 80, 100] {
        let (ok, text) = repl_in("zh", &dir, true, script, width);
        assert!(ok, "{text}");
        for line in text.lines().filter(|l| !l.starts_with('[')) {
            let columns = bahdanau::layout::columns_of(line);
            assert!(columns <= width || !line.trim().contains(' '), "COLUMNS={width}: {line}");
        }
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("参考译文（语料的第 1 个测试句）"), "{text}");
        assert!(words.contains("没有参考译文：源句不是语料的测试句。"), "{text}");
    }
    // The model was kept by the first run, so this one loads it; the beam's
    // tables are left out of the lock (the beam's own snapshot has them).
    let script = "corpus real\ncorpus\ncorpus real\nsource \"Shows the zebra field.\"\ndecode\ncorpus toy\n";
    let (ok, text) = repl_in("zh", &dir, true, script, 80);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(ok && words.contains("模型早已保存在数据文件夹里"), "{text}");
    assert!(words.contains("Mozilla Public License 2.0") && words.contains("回到了玩具语料"), "{text}");
    snapshot!("zh_corpus_real", &text);
    // Trained in this run: the banner says so (the time it took varies, so it is not locked).
    std::fs::remove_file(dir.join("rnnsearch-1.json")).unwrap();
    let (ok, text) = repl_in("zh", &dir, true, "corpus real\n", 80);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(ok && words.contains("模型刚刚训练好，已保存在数据文件夹里") && words.contains("训练用时"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
