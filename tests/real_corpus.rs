//! The real-corpus pipeline on help pages written for the tests (never the
//! real ones): extraction, filters, the corpus folder and its checks, the
//! fetch's messages, and the whole `--real-report --quick` pipeline.

mod common;
#[cfg(unix)]
#[path = "real_corpus/fetch.rs"]
mod fetch;

use std::path::{Path, PathBuf};

use bahdanau::corpus::real::PACKAGES;
use bahdanau::corpus::real::build::sentence_pairs;
use bahdanau::corpus::real::fetch::{fetch, has, no_apt_message, text_dirs};
use bahdanau::corpus::real::split::TokenSplits;
use bahdanau::corpus::real::store::{load, missing_message};
use bahdanau::corpus::toy;
use bahdanau::experiments::real::RealConfig;
use bahdanau::experiments::real::run::run;
use bahdanau::vocab::Vocab;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/help")
}

/// A folder's path that does not exist yet: `fetch` makes it.
fn scratch(name: &str) -> PathBuf {
    let dir = common::scratch(&format!("real-{name}"));
    std::fs::remove_dir(&dir).unwrap();
    dir
}

fn words(s: &str) -> Vec<String> {
    s.split(' ').map(String::from).collect()
}

#[test]
fn paragraphs_pair_by_id_and_the_filters_count_what_they_drop() {
    let (en, fr) = text_dirs(&fixture()).expect("the fixture has both languages");
    let (pairs, c) = sentence_pairs(&en, &fr).unwrap();
    assert_eq!((c.pages, c.paragraphs, c.missing), (2, 7, 2), "{c:?}");
    assert_eq!((c.sentence_pairs, c.untranslated, c.kept), (6, 1, 5), "{c:?}");
    assert_eq!(pairs[0], (words("Inserting a Table"), words("Insertion d' un tableau")));
    assert_eq!(pairs[1], (words("Choose Table - Insert Table ."), words("Choisissez Tableau - Insérer un tableau .")));
    assert_eq!(pairs[2], (words("The dialog opens ."), words("La boîte de dialogue s' ouvre .")));
    assert_eq!(pairs[3].1, words("Saisissez le nombre de lignes & de colonnes ."));
    assert_eq!(pairs[4], (words("The object bar"), words("La barre d' objets")));
}

#[test]
fn the_corpus_folder_round_trips_and_refuses_a_changed_file() {
    let dir = scratch("store");
    assert_eq!(load(&dir).unwrap_err(), missing_message(&dir));
    assert!(missing_message(&dir).contains("cargo run -- --fetch-corpus"));
    let lines = fetch(&dir, Some(&fixture())).unwrap();
    assert!(lines.iter().any(|l| l.contains("Mozilla Public License 2.0")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("pairs: train 5, held-out 0, test 0")), "{lines:?}");
    let (splits, prov) = load(&dir).unwrap();
    assert_eq!(splits.train.len(), 5);
    assert_eq!(prov["licence"], "MPL-2.0");
    assert_eq!(prov["counts"]["untranslated"], 1);
    let notice = std::fs::read_to_string(dir.join("NOTICE.txt")).unwrap();
    assert!(notice.contains("MPL"));
    std::fs::write(dir.join("train.fr"), "changed\n").unwrap();
    assert!(load(&dir).unwrap_err().contains("does not match provenance.json"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_fetch_says_what_to_do_without_apt_and_finds_the_packages_with_it() {
    let msg = no_apt_message();
    assert!(msg.contains("apt-get") && msg.contains("--fetch-corpus DIR"), "{msg}");
    if !has("apt-get") {
        eprintln!("skipped: apt-get is not installed here, so the package lookup is not tested");
        return;
    }
    // --print-uris reads the local package lists only: no network.
    let out = std::process::Command::new("apt-get").args(["download", "--print-uris"]).args(PACKAGES).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() || text.is_empty() {
        eprintln!("skipped: the package lists do not know {PACKAGES:?} (run apt-get update)");
        return;
    }
    for p in PACKAGES {
        assert!(text.contains(&format!("{p}_")) && text.contains("SHA256:"), "{text}");
    }
}

/// A help tree of toy-grammar sentences, one paragraph each, in the real
/// pages' structure: enough pairs for every split and two measured buckets.
fn toy_help(root: &Path) {
    let c = toy::generate(9, 1500, 0);
    let (sv, tv) = (Vocab::source(), Vocab::target());
    let text =
        |v: &Vocab, ids: &[usize]| ids[..ids.len() - 1].iter().map(|&i| v.token(i)).collect::<Vec<_>>().join(" ");
    for (lang, fr) in [("en-US", false), ("fr", true)] {
        let dir = root.join(lang).join("text/shared");
        std::fs::create_dir_all(&dir).unwrap();
        for (page, chunk) in c.train.chunks(100).enumerate() {
            let mut html = String::from("<html><body><div id=\"DisplayArea\">\n");
            for (k, p) in chunk.iter().enumerate() {
                let s = if fr { text(&tv, &p.target) } else { text(&sv, &p.source) };
                html += &format!("<p id=\"par_id{page}{k}\" class=\"paragraph\">{s}</p>\n");
            }
            std::fs::write(dir.join(format!("page{page}.html")), html + "</div></body></html>\n").unwrap();
        }
    }
}

#[test]
fn the_quick_report_runs_the_whole_pipeline_on_a_fixture_corpus() {
    let (help, dir) = (scratch("help"), scratch("quick"));
    toy_help(&help);
    fetch(&dir, Some(&help)).unwrap();
    let (splits, _) = load(&dir).unwrap();
    let mut sources: Vec<&Vec<String>> =
        splits.train.iter().chain(&splits.held_out).chain(&splits.test).map(|p| &p.0).collect();
    let n = sources.len();
    sources.sort();
    sources.dedup();
    assert_eq!(sources.len(), n, "no source sentence in two splits");
    assert!(splits.measured >= 1, "{}", splits.measured);
    let c = RealConfig::QUICK;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let r = run(&c, &splits, &|| false, &done).unwrap();
    let counted = "the bar counts every training pair and every sentence the beam decodes";
    assert_eq!(done.into_inner(), bahdanau::experiments::real::run::total_sentences(&c, &splits), "{counted}");
    assert_eq!(r.runs.len(), 2 * c.seeds.len());
    let (text, _) = bahdanau::front::real::report_text(&r, &splits, 1.0);
    let wanted = [
        "copy",
        "RNNsearch seed 1",
        "RNNencdec seed 3",
        "both curves drawn",
        "beats copying the source",
        "Greedy against beam search",
        "beam K = 1 gives greedy's translation of every test sentence",
    ];
    for want in wanted {
        assert!(text.contains(want), "{want}\n{text}");
    }
    // The report keeps RNNsearch of its first seed for the REPL: the very
    // model `corpus real` would train, weights and checks bit for bit.
    let kept: Vec<_> =
        r.runs.iter().filter_map(|m| m.kept.as_ref().map(|k| (m.result.name.as_str(), m.seed, k))).collect();
    assert_eq!(kept.len(), 1);
    assert_eq!((kept[0].0, kept[0].1), ("RNNsearch", c.seeds[0]));
    let corpus = bahdanau::corpus::real::parallel(&splits, c.vocab);
    let trained =
        bahdanau::experiments::real::kept::train_search(&c, c.seeds[0], &corpus, &|| false, &Default::default());
    assert_eq!(kept[0].2, &trained.unwrap());
    for m in &r.runs {
        assert_eq!(m.unk.is_some(), m.result.name == "RNNsearch", "only RNNsearch has α to replace through");
    }
    read_back_typed(&r, &splits);
    let copy_all = r.copy.1.bleu;
    assert!(copy_all < 5.0, "copying English into French matches almost nothing here: {copy_all}");
    for m in &r.runs {
        assert_eq!(m.result.buckets.len(), r.copy.0.len());
        assert_eq!(m.result.overall.sentences, splits.test.len());
        assert_eq!(m.beam.k1_equal, splits.test.len(), "K = 1 is greedy on every test sentence");
        assert_eq!(m.beam.widths.iter().map(|w| w.k).collect::<Vec<_>>(), vec![5, 10]);
        for w in &m.beam.widths {
            assert_eq!(w.translations.len(), splits.test.len());
            assert_eq!(w.buckets.len(), r.copy.0.len());
        }
    }
    std::fs::remove_dir_all(&help).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The results' JSON read back typed gives the numbers of the run itself.
fn read_back_typed(r: &bahdanau::experiments::real::run::RealResults, splits: &TokenSplits) {
    let json = bahdanau::experiments::real::results::to_json(r);
    let s = bahdanau::experiments::real::summary::summary(&json).expect("fresh results read back");
    let c = &s.config;
    let want = &r.config;
    assert_eq!(
        (c.dims, c.vocab, c.n_train, c.max_train_words),
        (want.dims, want.vocab, want.n_train, want.max_train_words)
    );
    assert_eq!((c.n_held_out, c.seeds.as_slice(), c.run), (want.n_held_out, want.seeds, want.run));
    assert_eq!((s.measured, s.pairs, s.shortlists, &s.copy), (splits.measured, r.counts, r.shortlists, &r.copy));
    let words = |v: &[String]| v.iter().map(|t| t.split_whitespace().count()).sum::<usize>();
    assert_eq!(s.reference_words, words(&r.references));
    assert_eq!(s.runs.len(), r.runs.len());
    for (t, m) in s.runs.iter().zip(&r.runs) {
        let (a, b) = (&t.model, &m.result);
        assert_eq!(
            (&a.name, a.parameters, &a.checks, a.best, a.end),
            (&b.name, b.parameters, &b.checks, b.best, b.end)
        );
        assert_eq!((&a.buckets, &a.overall, t.seed), (&b.buckets, &b.overall, m.seed));
        let times = (t.times.train_secs, t.times.pairs_per_sec, t.times.beam_secs);
        assert_eq!(times, (b.train_secs, m.pairs_per_sec, m.beam.secs));
        assert_eq!((&t.beam.name, t.beam.k1_equal), (&m.beam.name, m.beam.k1_equal));
        for (w, x) in t.beam.widths.iter().zip(&m.beam.widths) {
            assert_eq!((w.k, &w.buckets, &w.overall), (x.k, &x.buckets, &x.overall));
            assert_eq!(t.words(x.k), Some(words(&x.translations)));
        }
        assert_eq!(t.words(1), Some(words(&b.translations)));
        let unk = |u: &bahdanau::experiments::real::unk::UnkReplaced| {
            (u.buckets.clone(), u.overall.clone(), u.written, u.filled, u.in_reference)
        };
        let read = t.unk.as_ref().map(|u| (u.buckets.clone(), u.overall.clone(), u.written, u.filled, u.in_reference));
        assert_eq!(read, m.unk.as_ref().map(unk));
    }
    let search = r.runs.iter().find(|m| m.result.name == "RNNsearch").unwrap();
    assert_eq!(s.examples.len(), r.examples.len());
    for (k, (ex, (index, source, reference))) in s.examples.iter().zip(&r.examples).enumerate() {
        assert_eq!((ex.index, &ex.source, &ex.reference), (*index, source, reference));
        assert_eq!(ex.said("RNNsearch").unwrap().greedy.as_ref(), search.result.translations.get(*index));
        assert_eq!(ex.alignment.as_ref(), search.alignments.get(k));
    }
    let shown = &search.unk.as_ref().unwrap().shown;
    assert_eq!(s.unk_examples.len(), shown.len());
    for (ex, (k, plain, fills)) in s.unk_examples.iter().zip(shown) {
        assert_eq!((ex.index, &ex.plain, &ex.fills, &ex.source), (*k, plain, fills, &r.sources[*k]));
    }
}

#[test]
fn the_quick_report_fits_sixty_columns() {
    let (help, dir) = (scratch("help60"), scratch("quick60"));
    toy_help(&help);
    fetch(&dir, Some(&help)).unwrap();
    let out = common::bahdanau()
        .args(["--real-report", "--quick"])
        .env("COLUMNS", "60")
        .env("BAHDANAU_CORPUS", &dir)
        .env_remove("BAHDANAU_BLESS")
        .env_remove("BAHDANAU_REAL_CONFIG")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Greedy against beam search") && text.contains("Words written"), "{text}");
    for line in text.lines() {
        let one_word = !line.trim().contains(' ');
        assert!(line.chars().count() <= 60 || one_word, "wider than 60 columns: {line}");
    }
    // A quick run's models are not the REPL's (`corpus real` loads the full
    // run's), so none is kept, unless the REPL is told to use the quick config.
    let kept = || {
        std::fs::read_dir(&dir).unwrap().flatten().any(|e| e.file_name().to_string_lossy().starts_with("rnnsearch-"))
    };
    assert!(!kept() && !text.contains("for the REPL"), "{text}");
    let out = common::bahdanau()
        .args(["--real-report", "--quick"])
        .env("BAHDANAU_REAL_CONFIG", "quick")
        .env("BAHDANAU_CORPUS", &dir)
        .env_remove("BAHDANAU_BLESS")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("for the REPL") && kept());
    // In Chinese: the report's own sentences are Chinese, and every line
    // still fits 60 display columns (a Chinese character takes two).
    let out = common::bahdanau()
        .args(["--real-report", "--quick"])
        .env("COLUMNS", "60")
        .env("BAHDANAU_LANG", "zh")
        .env("BAHDANAU_CORPUS", &dir)
        .env_remove("BAHDANAU_BLESS")
        .output()
        .unwrap();
    let zh = String::from_utf8_lossy(&out.stdout);
    for said in ["贪心解码与束搜索对比", "按源句长度统计的 BLEU", "换成那一行 α 最大处的源语言词", "墙钟时间"]
    {
        assert!(zh.contains(said), "{said}: {zh}");
    }
    for english in ["Greedy against beam search", "BLEU by source length", "wall time", "beats copying the source"] {
        assert!(!zh.contains(english), "{english}: {zh}");
    }
    for line in zh.lines() {
        let one_word = !line.trim().contains(' ');
        assert!(bahdanau::layout::columns_of(line) <= 60 || one_word, "wider than 60 columns: {line}");
    }
    std::fs::remove_dir_all(&help).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_committed_figure_is_drawn_from_the_committed_results() {
    let v = bahdanau::experiments::real::summary::committed().expect("src/experiments/results/real.json parses");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters/figures/real-bleu.svg");
    let svg = std::fs::read_to_string(path).unwrap();
    assert_eq!(svg, bahdanau::render::real::figure_svg(&v), "run BAHDANAU_BLESS=1 --real-report again");
    assert!(v.notice.contains("Mozilla Public License 2.0"));
    assert_eq!(v.runs.len(), 2 * v.config.seeds.len());
    assert_eq!(v.measured, 8);
}
