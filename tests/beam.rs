//! Beam search in the REPL, locked: the default sentence stepped with K = 3
//! (and norm=length), the case the search finds where the beam beats greedy,
//! and every table within 80 and 60 columns.

#[macro_use]
mod common;

use bahdanau::corpus::Pair;
use bahdanau::variants::beam_case::{BeamCase, search_training, tally};
use bahdanau::vocab::Vocab;
use std::io::Write;
use std::process::Stdio;

fn bahdanau(stdin: &str, columns: Option<usize>) -> String {
    bahdanau_in("en", stdin, columns)
}

/// [`bahdanau`] speaking `lang` (en or zh).
fn bahdanau_in(lang: &str, stdin: &str, columns: Option<usize>) -> String {
    let history = std::env::temp_dir().join(format!("bahdanau-beam-history-{}", std::process::id()));
    let mut cmd = common::bahdanau();
    cmd.env("NO_COLOR", "1").env("BAHDANAU_LANG", lang).env("BAHDANAU_HISTORY", history).env_remove("COLUMNS");
    if let Some(c) = columns {
        cmd.env("COLUMNS", c.to_string());
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// No line takes more than `columns` on screen (a Chinese character takes two).
fn fits(text: &str, columns: usize) {
    for line in text.lines() {
        assert!(bahdanau::layout::columns_of(line) <= columns, "wider than {columns}: {line}");
    }
}

/// Where each `|`-free column of a table starts on screen: the display
/// column of `word` in `line`.
fn column_of(line: &str, word: &str) -> Option<usize> {
    line.find(word).map(|at| bahdanau::layout::columns_of(&line[..at]))
}

const DEFAULT_WALK: &str = "beam 3\n\n\nrun\nshow alpha h=2\nalignment h=1\n";

#[test]
fn the_default_sentence_with_three_hypotheses() {
    let out = bahdanau(DEFAULT_WALK, Some(80)); // the book's listing width
    assert_eq!(out.matches("beam K=3 (norm=none), t=").count(), 5, "one table per position: {out}");
    assert!(out.contains("greedy, K=1 (the beam's choice too)"), "{out}");
    snapshot!("beam_default", &out);
    let length = bahdanau("beam 3 norm=length\nrun\n", Some(80));
    assert!(length.contains("ranked by log p / |y| (norm=length)"), "{length}");
    snapshot!("beam_default_length", &length);
}

/// The same search as a Chinese learner reads it: every table's words in
/// Chinese, its columns still lined up on screen, the ranking at the end.
#[test]
fn the_default_sentence_in_chinese() {
    let out = bahdanau_in("zh", DEFAULT_WALK, Some(80));
    assert_eq!(out.matches("束搜索 K=3（norm=none），t=").count(), 5, "one table per position: {out}");
    assert!(out.contains("贪心解码，K=1（也是束搜索选出的译文）"), "{out}");
    assert!(out.contains("参考译文（玩具语法给出的）"), "{out}");
    // The log p column ends at the same screen column under a Chinese heading.
    let lines: Vec<&str> = out.lines().collect();
    for (k, head) in lines.iter().enumerate().filter(|(_, l)| l.starts_with(" h  ")) {
        let end = column_of(head, "log p").map(|c| c + "log p".len());
        let row = lines[k + 1];
        let number = row.trim_end().rsplit("  ").next().unwrap();
        let row_end = column_of(row, number).map(|c| c + number.len());
        if head.contains("去向") {
            let fate = column_of(head, "去向");
            let row_fate = row.rfind("  ").map(|at| bahdanau::layout::columns_of(&row[..at]) + 2);
            assert_eq!(fate, row_fate, "the fate column lines up:\n{head}\n{row}");
        } else {
            assert_eq!(end, row_end, "log p lines up:\n{head}\n{row}");
        }
    }
    snapshot!("zh_beam_default", &out);
    for columns in [80, 60] {
        fits(&bahdanau_in("zh", DEFAULT_WALK, Some(columns)), columns);
        let more = "beam 10 norm=gnmt\nrun\nalignment h=10\nbeam 3 minlen=half norm=length\nrun\nhelp beam\n";
        fits(&bahdanau_in("zh", more, Some(columns)), columns);
    }
}

#[test]
fn every_beam_table_fits_80_and_60_columns() {
    for columns in [80, 60] {
        fits(&bahdanau(DEFAULT_WALK, Some(columns)), columns);
        fits(&bahdanau("beam 10 norm=gnmt\nrun\nalignment h=10\nhelp beam\n", Some(columns)), columns);
    }
}

#[test]
fn enter_returns_to_the_walkthrough_once_the_search_ends() {
    let out = bahdanau("beam 1\nrun\n\n", None);
    assert!(out.contains("The search ended after t=5"), "{out}");
    assert!(out.contains("step 01 (1 of 42): X"), "Enter after the end is step 01: {out}");
}

fn words(v: &Vocab, ids: &[usize]) -> String {
    ids.iter().map(|&i| v.token(i)).collect::<Vec<_>>().join(" ")
}

fn source_text(pair: &Pair) -> String {
    let sv = Vocab::source();
    words(&sv, &pair.source[..pair.source.len() - 1])
}

fn the_case() -> (usize, BeamCase) {
    search_training(8, 3).expect("some epoch of the default run has a case")
}

#[test]
fn the_search_finds_where_greedy_fails_and_the_beam_does_not() {
    let (epoch, c) = the_case();
    let tv = Vocab::target();
    assert_ne!(c.greedy, c.pair.target);
    assert_eq!(c.ranked[0].words, c.pair.target);
    assert!(c.ranked[0].log_p > c.greedy_log_p, "the beam found a more probable translation");
    let config = bahdanau::train::TrainConfig::DEFAULT;
    let held_out = bahdanau::corpus::toy::generate(config.corpus_seed, config.n_train, config.n_held_out).held_out;
    let (bos, eos) = (tv.id(bahdanau::vocab::BOS).unwrap(), tv.id(bahdanau::vocab::EOS).unwrap());
    let kept = tally(bahdanau::train::trained::trained_params(), &held_out, bos, eos, 3);
    assert_eq!(kept.beam_fixed, 0, "the committed weights have no case: {kept:?}");
    let report = format!(
        "with the committed trained weights ({} epochs), on the {} held-out sentences:\n\
         greedy wrong on {}; beam K=3 on those: greedy's translation {}, the reference {}\n\
         after train {epoch} (the first epoch with a case), on the {} held-out sentences:\n\
         greedy wrong on {}; beam K=3 right on {} of those\n\
         first such sentence, in corpus order:\n\
         source:    {}\nreference: {}\ngreedy:    {}  (log p {:.4})\nbeam K=3:  {}  (log p {:.4})\n",
        config.epochs,
        kept.searched,
        kept.greedy_wrong,
        kept.beam_same,
        kept.beam_fixed,
        c.searched,
        c.greedy_wrong,
        c.beam_fixed,
        source_text(&c.pair),
        words(&tv, &c.pair.target),
        words(&tv, &c.greedy),
        c.greedy_log_p,
        words(&tv, &c.ranked[0].words),
        c.ranked[0].log_p,
    );
    snapshot!("beam_case", &report);
}

#[test]
fn the_case_stepped_in_the_repl() {
    let (epoch, c) = the_case();
    let script = format!("train {epoch}\nsource \"{}\"\nbeam 3\nrun\nalignment h=1\n", source_text(&c.pair));
    let out = bahdanau(&script, Some(80));
    let tv = Vocab::target();
    assert!(out.contains("greedy, K=1 (scores lower than the beam's choice)"), "{out}");
    assert!(out.contains(&words(&tv, &c.greedy)), "the REPL's greedy is the search's: {out}");
    let beam_part = &out[out.find("beam 3").unwrap()..];
    snapshot!("beam_case_repl", beam_part);
}

#[test]
fn the_tree_figure_is_the_case_search_drawn() {
    let (epoch, c) = the_case();
    let tv = Vocab::target();
    let eos = tv.id(bahdanau::vocab::EOS).unwrap();
    let title = format!("Beam K=3 on \"{}\" after train {epoch}", source_text(&c.pair));
    let svg = bahdanau::render::beam_tree::tree_svg(&c.steps, eos, &|i| tv.token(i).to_string(), &title);
    assert_eq!(svg.matches("r=\"7\"").count(), 3, "three finished hypotheses");
    let crossed = bahdanau::render::svg_check::labels_crossed_by_lines(&svg);
    assert!(crossed.is_empty(), "lines of the tree run through the labels {crossed:?}");
    common::check_fresh("chapters/figures/beam-tree.svg", &svg);
    // The same tree for a phone: the same nodes, labels and finished rings, narrow.
    let narrow = bahdanau::render::beam_tree::narrow_tree_svg(&c.steps, eos, &|i| tv.token(i).to_string(), &title);
    for tag in ["<circle", "r=\"7\"", "<text"] {
        assert_eq!(narrow.matches(tag).count(), svg.matches(tag).count(), "{tag} in both trees");
    }
    let width = |svg: &str| svg.split("width=\"").nth(1).and_then(|w| w.split('"').next()?.parse::<f64>().ok());
    assert!(width(&narrow).unwrap() <= 360.0, "the narrow tree fits a phone: {:?}", width(&narrow));
    assert!(bahdanau::render::svg_check::overlapping_labels(&narrow).is_empty(), "the narrow tree's labels overlap");
    let crossed = bahdanau::render::svg_check::labels_crossed_by_lines(&narrow);
    assert!(crossed.is_empty(), "lines of the narrow tree run through the labels {crossed:?}");
    common::check_fresh("chapters/figures/beam-tree-narrow.svg", &narrow);
}

#[test]
fn the_case_ranked_with_each_length_normalisation() {
    let (epoch, c) = the_case();
    let script =
        format!("train {epoch}\nsource \"{}\"\nbeam 3 norm=length\nrun\nbeam 3 norm=gnmt\nrun\n", source_text(&c.pair));
    let out = bahdanau(&script, Some(80));
    let rankings: Vec<&str> =
        out.split("The search ended").skip(1).map(|part| part.split("show alpha h=1").next().unwrap_or(part)).collect();
    assert_eq!(rankings.len(), 2, "{out}");
    snapshot!("beam_case_norms", &format!("The search ended{}The search ended{}", rankings[0], rankings[1]));
}

/// A table row: a decoder's words and exact translations.
fn written_row(name: &str, w: bahdanau::variants::beam_guard::Written) -> String {
    format!("{name:<22}{:>6}{:>8}\n", w.words, w.right)
}

#[test]
fn the_guard_against_short_output_measured_on_the_held_out_sentences() {
    use bahdanau::variants::beam_guard::guard_tally;
    let config = bahdanau::train::TrainConfig::DEFAULT;
    let held_out = bahdanau::corpus::toy::generate(config.corpus_seed, config.n_train, config.n_held_out).held_out;
    let tv = Vocab::target();
    let (bos, eos) = (tv.id(bahdanau::vocab::BOS).unwrap(), tv.id(bahdanau::vocab::EOS).unwrap());
    let mut t = bahdanau::train::trainer::Trainer::new(config);
    t.run(1, &|| false, &mut |_| {});
    let models = [
        ("after train 1", t.params.clone()),
        ("committed weights", bahdanau::train::trained::trained_params().clone()),
    ];
    let mut out = format!("Over the {} held-out sentences (norm=none):\n", held_out.len());
    for (name, p) in &models {
        for k in [3, 10] {
            let g = guard_tally(p, &held_out, bos, eos, k);
            let floor: usize = held_out.iter().map(|q| q.source.len() / 2).sum();
            assert!(g.guarded.words >= floor, "every guarded translation has half its source's length: {g:?}");
            out += &format!("{name}, K={k}; the references hold {} words\n", g.reference_words);
            out += &format!("{:<22}{:>6}{:>8}\n", "", "words", "right");
            out += &written_row("greedy", g.greedy);
            out += &written_row(&format!("beam K={k}"), g.beam);
            out += &written_row(&format!("beam K={k} minlen=half"), g.guarded);
        }
    }
    snapshot!("beam_minlen", &out);
}

/// The error a one-line script stops with (stderr), the script failing.
fn refused(line: &str) -> String {
    let mut child = common::bahdanau()
        .env("NO_COLOR", "1")
        .env("BAHDANAU_HISTORY", std::env::temp_dir().join(format!("bahdanau-beam-refused-{}", std::process::id())))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(format!("{line}\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success(), "{line} was accepted");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn minlen_half_forbids_eos_and_a_bad_option_says_what_to_type() {
    let out = bahdanau("beam 5 minlen=half\nrun\n", Some(80));
    assert!(out.contains("beam K=5 (norm=none, minlen=2), t=1"), "half of T_x = 5: {out}");
    assert!(out.contains("<eos> is forbidden up to t=2 (minlen)"), "{out}");
    assert!(out.contains("greedy, K=1, without minlen"), "{out}");
    fits(&out, 80);
    for (line, says) in [
        ("beam 3 minlen=99", "\"99\" is not a minimum length: write minlen=half (here 2 words)"),
        ("beam 3 norm=length norm=none", "beam takes at most one norm="),
        ("beam 3 wide", "\"wide\" is neither norm=… nor minlen=…"),
    ] {
        let err = refused(line).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(err.contains(says), "{line}: {err}");
    }
}
