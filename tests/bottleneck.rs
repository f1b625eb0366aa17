//! The bottleneck experiment: the pipeline end to end on a tiny budget, the
//! committed results against their own text files, the book's figures and
//! the REPL's views of them.

#[macro_use]
mod common;

use std::sync::atomic::AtomicUsize;

use bahdanau::corpus::graded::{self, bucket_count};
use bahdanau::experiments::bars;
use bahdanau::experiments::beam::{WIDTHS, WRITTEN};
use bahdanau::experiments::bleu::corpus_bleu;
use bahdanau::experiments::bottleneck::{BottleneckConfig, run, total_sentences};
use bahdanau::experiments::json::translations_file;
use bahdanau::experiments::model_result::source_lengths;
use bahdanau::experiments::results::beam_file;
use bahdanau::experiments::results::{self, committed, summary, text_files, to_json};
use bahdanau::experiments::score::{Buckets, score_by_length};
use bahdanau::render::bottleneck::{figures, render_view};
use bahdanau::repl::ExperimentView;
use common::check_fresh;

fn committed_file(name: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(results::DIR).join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::to_string).collect()
}

#[test]
fn the_whole_pipeline_runs_deterministically_on_a_tiny_budget() {
    let c = BottleneckConfig::SMOKE;
    let done = AtomicUsize::new(0);
    let a = run(&c, c.seeds, &|| false, &done).expect("the smoke run finishes");
    assert_eq!(
        done.into_inner(),
        total_sentences(&c, c.seeds),
        "every training pair was counted, stopped early or not, and every sentence the beam decoded"
    );
    let b = run(&c, c.seeds, &|| false, &AtomicUsize::new(0)).expect("the smoke run finishes");
    assert_eq!(to_json(&a), to_json(&b), "two runs give the same bits");
    let s = summary(&to_json(&a)).expect("results read back");
    assert_eq!(s.runs.iter().map(|r| r.seed).collect::<Vec<_>>(), c.seeds, "one run per seed, in order");
    assert_ne!(s.runs[0].models, s.runs[1].models, "another seed, another model");
    for r in &s.runs {
        assert_eq!(r.models.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["RNNsearch", "RNNencdec"]);
        for m in &r.models {
            assert_eq!(m.buckets.len(), bucket_count());
            assert!(m.buckets.iter().all(|b| b.sentences == c.corpus.test_per_bucket));
            assert!(m.buckets.iter().chain([&m.overall]).all(|b| (0.0..=100.0).contains(&b.bleu)));
            assert!((1..=c.run.cap(c.corpus.n_train)).contains(&m.pairs_run()));
            assert!(m.best < m.checks.len() && m.checks[0].pairs == 0);
        }
        assert!(
            r.models[0].parameters > r.models[1].parameters,
            "attention and a second encoder direction cost weights"
        );
        assert_eq!(r.alignment.shape(), (s.example.reference.len(), s.example.source.len()));
    }
    let judged = bars::bottleneck(&s);
    assert_eq!(judged.len(), 5);
    assert!(judged.iter().all(|b| b.text.contains(" of 2 seeds")), "every bar is judged on both seeds");
    let beams = bars::beam(&s);
    assert_eq!(beams.len(), 2);
    assert!(beams[0].met(), "beam K = 1 is greedy at every seed: {}", beams[0].text);
    for r in &s.runs {
        assert_eq!(r.beam.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(), ["RNNsearch", "RNNencdec"]);
        for b in &r.beam {
            assert_eq!(b.widths.iter().map(|w| w.k).collect::<Vec<_>>(), [5, 10]);
            assert!(b.widths.iter().all(|w| w.buckets.len() == bucket_count()));
        }
    }
    let files = text_files(&a);
    assert_eq!(files.len(), 2 + 4 * c.seeds.len(), "greedy and beam K = 10 translations of every model");
    assert!(files.iter().all(|(_, text)| text.lines().count() == a.sources.len()));
}

#[test]
fn a_stop_request_ends_training_with_nothing_returned() {
    let c = BottleneckConfig::SMOKE;
    let stopped = run(&c, c.seeds, &|| true, &AtomicUsize::new(0));
    assert_eq!(stopped.err(), Some(bahdanau::experiments::runner::RunError::Interrupted));
}

#[test]
fn committed_numbers_are_the_bleu_of_the_committed_translations() {
    let s = committed().expect("the committed results are readable");
    let c = BottleneckConfig::DEFAULT;
    assert_eq!(s.runs.iter().map(|r| r.seed).collect::<Vec<_>>(), c.seeds, "committed at today's seeds");
    let refs = committed_file("bottleneck-reference.txt");
    let corpus = graded::generate(c.corpus);
    assert_eq!(refs.len(), corpus.test.len());
    assert_eq!(refs, bahdanau::experiments::runner::references(&corpus.test), "the references are the test split's");
    for r in &s.runs {
        for m in &r.models {
            let hyps = committed_file(&translations_file("bottleneck", r.seed, &m.name));
            let (buckets, overall) = score_by_length(Buckets::toy(), &source_lengths(&corpus.test), &hyps, &refs);
            assert_eq!(buckets, m.buckets, "seed {} {}: per-bucket BLEU and exact matches", r.seed, m.name);
            assert_eq!(overall.bleu, corpus_bleu(&hyps, &refs));
            assert_eq!(overall, m.overall);
            assert_eq!(hyps[s.example.index], m.example);
        }
        for (m, b) in r.models.iter().zip(&r.beam) {
            assert_eq!(b.name, m.name, "seed {}: the beam's models in the order of the greedy ones", r.seed);
            assert_eq!(
                b.k1_equal,
                refs.len(),
                "seed {} {}: beam K = 1 is greedy on every test sentence",
                r.seed,
                m.name
            );
            let hyps = committed_file(&beam_file(r.seed, &b.name));
            let w = b.width(WRITTEN).expect("K = 10 is committed");
            assert_eq!(
                score_by_length(Buckets::toy(), &source_lengths(&corpus.test), &hyps, &refs),
                (w.buckets.clone(), w.overall.clone())
            );
            assert_eq!(b.widths.iter().map(|w| w.k).collect::<Vec<_>>(), WIDTHS, "seed {} {}", r.seed, m.name);
        }
    }
    assert_eq!((s.budget, s.n_train), (c.run.budget, c.corpus.n_train), "committed with today's budget");
}

#[test]
fn the_figures_are_drawn_from_the_committed_results() {
    for (path, svg) in figures(&committed().expect("the committed results are readable")) {
        check_fresh(path, &svg);
    }
}

/// Every line of `text` fits `width` columns.
fn fits(text: &str, width: usize) {
    for line in text.lines() {
        assert!(line.chars().count() <= width, "wider than {width} columns:\n{line}");
    }
}

#[test]
fn the_repl_views_of_the_committed_results() {
    let views = [ExperimentView::Table, ExperimentView::Seed(1), ExperimentView::Example, ExperimentView::Beam];
    for width in [60, 80] {
        bahdanau::render::set_width(width);
        views.iter().for_each(|&v| fits(&render_view(v), width));
    }
    // The book's width; the book includes these.
    bahdanau::render::set_width(common::BOOK_WIDTH);
    snapshot!("bottleneck_table", render_view(ExperimentView::Table));
    snapshot!("bottleneck_seed", render_view(ExperimentView::Seed(1)));
    snapshot!("bottleneck_example", render_view(ExperimentView::Example));
    snapshot!("bottleneck_beam", render_view(ExperimentView::Beam));
    assert!(render_view(ExperimentView::Seed(99)).contains("no seed 99: type bottleneck seed K with K one of 1, 2"));
    the_repl_views_of_the_committed_results_in_chinese();
}

/// The same views as a Chinese learner reads them, fitting 60 and 80
/// columns as a Chinese character takes two; the numbers are the English ones.
/// (Run from the English test: the output width is the whole program's, so the two cannot run side by side.)
fn the_repl_views_of_the_committed_results_in_chinese() {
    use bahdanau::text::{Lang, set};
    set(Lang::Zh); // this thread only
    let views = [ExperimentView::Table, ExperimentView::Seed(1), ExperimentView::Example, ExperimentView::Beam];
    for width in [60, 80] {
        bahdanau::render::set_width(width);
        for v in views {
            let text = render_view(v);
            let wide: Vec<&str> = text.lines().filter(|l| bahdanau::layout::columns_of(l) > width).collect();
            assert!(wide.is_empty(), "{v:?} wider than {width} columns:\n{}", wide.join("\n"));
        }
    }
    bahdanau::render::set_width(common::BOOK_WIDTH);
    snapshot!("zh_bottleneck_table", render_view(ExperimentView::Table));
    snapshot!("zh_bottleneck_seed", render_view(ExperimentView::Seed(1)));
    snapshot!("zh_bottleneck_example", render_view(ExperimentView::Example));
    assert!(render_view(ExperimentView::Seed(99)).contains("没有种子 99"));
    set(Lang::En);
}

#[test]
fn every_committed_file_is_built_into_the_binary() {
    let s = committed().unwrap();
    let built: Vec<&str> = bahdanau::front::committed::COMMITTED.iter().map(|(n, _)| *n).collect();
    for r in &s.runs {
        for m in &r.models {
            let name = translations_file("bottleneck", r.seed, &m.name);
            assert!(built.contains(&name.as_str()), "{name} is missing from front::committed::COMMITTED");
        }
        for b in &r.beam {
            let name = beam_file(r.seed, &b.name);
            assert!(built.contains(&name.as_str()), "{name} is missing from front::committed::COMMITTED");
        }
    }
    let sc = bahdanau::experiments::scores_results::committed().unwrap();
    for r in &sc.runs {
        for m in &r.scores {
            let name = translations_file("scores", r.seed, &m.model.name);
            assert!(built.contains(&name.as_str()), "{name} is missing from front::committed::COMMITTED");
        }
    }
    for (name, text) in bahdanau::front::committed::COMMITTED {
        assert!(!text.is_empty(), "{name} is built in empty");
    }
}

/// "mean ± sd (min to max)" of BLEU, as the chapter writes it.
fn spread_words(xs: &[f64]) -> String {
    let s = bahdanau::experiments::spread::Spread::of(xs);
    let f = |x: f64| bahdanau::walkthrough::fmt_num(x, 1);
    format!("{} ± {} ({} to {})", f(s.mean), f(s.sd), f(s.min), f(s.max))
}

/// The chapter's sentences that carry numbers, made from the committed
/// results: the chapter must contain each one word for word.
fn chapter_claims(s: &bahdanau::experiments::results::Summary) -> Vec<String> {
    let n = s.runs.len();
    let bucket = |name: &str, b: usize| -> Vec<f64> { s.across(name).map(|m| m.buckets[b].bleu).collect() };
    let last = bucket_count() - 1;
    let runs = |name: &str| -> Vec<u64> { s.across(name).map(|m| m.pairs_run() as u64).collect() };
    let by_rule = |name: &str| s.across(name).filter(|m| m.converged()).count();
    let gaps: Vec<f64> = bucket("RNNsearch", last).iter().zip(bucket("RNNencdec", last)).map(|(a, b)| a - b).collect();
    let ahead = gaps.iter().filter(|g| **g > 0.0).count();
    let f = |x: f64| bahdanau::walkthrough::fmt_num(x, 1);
    let f3 = |x: f64| bahdanau::walkthrough::fmt_num(x, 4);
    let list = |v: Vec<u64>| v.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ");
    let seeds_where = |name: &str, pick: &dyn Fn(&bahdanau::experiments::json::ModelSummary) -> bool| -> Vec<u64> {
        s.runs.iter().filter(|r| r.models.iter().any(|m| m.name == name && pick(m))).map(|r| r.seed).collect()
    };
    let drop = |m: &bahdanau::experiments::json::ModelSummary| m.buckets[0].bleu - m.buckets[last].bleu;
    let search_ok = seeds_where("RNNsearch", &|m| drop(m) <= bars::SEARCH_MAX_DROP);
    let search_bad: Vec<f64> = s.across("RNNsearch").map(drop).filter(|d| *d > bars::SEARCH_MAX_DROP).collect();
    // The held-out loss of the weights kept: the failing seeds' against the others'.
    let kept_loss = |m: &bahdanau::experiments::json::ModelSummary| m.checks[m.best].loss;
    let (bad_loss, good_loss): (Vec<f64>, Vec<f64>) = (
        s.across("RNNsearch").filter(|m| drop(m) > bars::SEARCH_MAX_DROP).map(kept_loss).collect(),
        s.across("RNNsearch").filter(|m| drop(m) <= bars::SEARCH_MAX_DROP).map(kept_loss).collect(),
    );
    let lo = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = |v: &[f64]| v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let short_ok = seeds_where("RNNencdec", &|m| m.buckets[0].bleu >= bars::ENCDEC_MIN_SHORT);
    let short_bad: Vec<String> = s
        .runs
        .iter()
        .filter_map(|r| {
            let m = r.models.iter().find(|m| m.name == "RNNencdec" && m.buckets[0].bleu < bars::ENCDEC_MIN_SHORT)?;
            Some(format!("seed {} ({})", r.seed, f(m.buckets[0].bleu)))
        })
        .collect();
    let mut claims = beam_claims(s);
    claims.extend([
        format!(
            "holds at {} of {n} seeds ({}); at seeds {} it loses {} to {} points.",
            search_ok.len(),
            list(search_ok.clone()),
            list(seeds_where("RNNsearch", &|m| drop(m) > bars::SEARCH_MAX_DROP)),
            f(search_bad.iter().copied().fold(f64::INFINITY, f64::min)),
            f(search_bad.iter().copied().fold(f64::NEG_INFINITY, f64::max))
        ),
        format!(
            "at seeds {} RNNsearch kept weights of held-out loss {} to {}, against {} to {} at the seeds where the \
             bar holds.",
            list(seeds_where("RNNsearch", &|m| drop(m) > bars::SEARCH_MAX_DROP)),
            f3(lo(&bad_loss)),
            f3(hi(&bad_loss)),
            f3(lo(&good_loss)),
            f3(hi(&good_loss))
        ),
        format!(
            "RNNencdec reaches {} on 3–5 words at {} of {n} seeds; below it at {}.",
            bars::ENCDEC_MIN_SHORT,
            short_ok.len(),
            short_bad.join(", ")
        ),
        format!(
            "On 3–5 words RNNencdec reaches {} BLEU over the {n} seeds, and RNNsearch {}.",
            spread_words(&bucket("RNNencdec", 0)),
            spread_words(&bucket("RNNsearch", 0))
        ),
        format!(
            "On 41–45 words RNNencdec ends at {}, RNNsearch at {}.",
            spread_words(&bucket("RNNencdec", last)),
            spread_words(&bucket("RNNsearch", last))
        ),
        format!(
            "RNNsearch is ahead on 41–45 words at {ahead} of {n} seeds, by {} to {} points.",
            f(gaps.iter().copied().fold(f64::INFINITY, f64::min)),
            f(gaps.iter().copied().fold(f64::NEG_INFINITY, f64::max))
        ),
        format!(
            "The stopping rule ended every run before the cap: RNNsearch at {} of {n} seeds, after {} pair-updates; \
             RNNencdec at {} of {n}, after {}.",
            by_rule("RNNsearch"),
            list(runs("RNNsearch")),
            by_rule("RNNencdec"),
            list(runs("RNNencdec"))
        ),
    ]);
    claims
}

/// The chapter's sentences on greedy against beam search.
fn beam_claims(s: &bahdanau::experiments::results::Summary) -> Vec<String> {
    let n = s.runs.len();
    let last = bucket_count() - 1;
    // (greedy, K = 5, K = 10) BLEU of `name` in bucket `b` (None: overall), one triple a seed.
    let at = |name: &str, b: Option<usize>| -> Vec<[f64; 3]> {
        s.runs
            .iter()
            .filter_map(|r| {
                let (m, beam) = r.models.iter().zip(&r.beam).find(|(m, _)| m.name == name)?;
                let pick = |bs: &[bahdanau::experiments::score::Score], o: &bahdanau::experiments::score::Score| {
                    b.map_or(o.bleu, |b| bs[b].bleu)
                };
                let (w5, w10) = (beam.width(5)?, beam.width(10)?);
                Some([pick(&m.buckets, &m.overall), pick(&w5.buckets, &w5.overall), pick(&w10.buckets, &w10.overall)])
            })
            .collect()
    };
    let col = |v: &[[f64; 3]], i: usize| v.iter().map(|x| x[i]).collect::<Vec<_>>();
    let k1 =
        s.runs.iter().filter(|r| r.models.iter().zip(&r.beam).all(|(m, b)| b.k1_equal == m.overall.sentences)).count();
    let mut out = vec![format!(
        "beam K = 1 gives greedy's translation of every test sentence, for both models, at {k1} of {n} seeds"
    )];
    let f = |x: f64| bahdanau::walkthrough::fmt_num(x, 1);
    let list = |v: &[u64]| v.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ");
    let range = |v: &[f64]| {
        (f(v.iter().copied().fold(f64::INFINITY, f64::min)), f(v.iter().copied().fold(f64::NEG_INFINITY, f64::max)))
    };
    // (seed, model, K = 10 minus greedy over the test split)
    let gains: Vec<(u64, &str, f64)> = s
        .runs
        .iter()
        .flat_map(|r| {
            r.models.iter().zip(&r.beam).map(move |(m, b)| {
                (r.seed, m.name.as_str(), b.width(10).map_or(f64::NAN, |w| w.overall.bleu) - m.overall.bleu)
            })
        })
        .collect();
    let lifted: Vec<(u64, f64)> =
        gains.iter().filter(|g| g.1 == "RNNsearch" && g.2 > 1.0).map(|g| (g.0, g.2)).collect();
    let (lo, hi) = range(&lifted.iter().map(|g| g.1).collect::<Vec<_>>());
    out.push(format!(
        "K = 10 lifts RNNsearch by more than 1 BLEU at seeds {}, by {lo} to {hi} points.",
        list(&lifted.iter().map(|g| g.0).collect::<Vec<_>>()),
    ));
    let failed: Vec<&(u64, &str, f64)> = gains.iter().filter(|g| -g.2 > bars::BEAM_MAX_LOSS).collect();
    let mut failed_seeds: Vec<u64> = failed.iter().map(|g| g.0).collect();
    failed_seeds.dedup();
    let mut who: Vec<&str> = failed.iter().map(|g| g.1).collect();
    who.sort();
    who.dedup();
    let (lo, hi) = range(&failed.iter().map(|g| -g.2).collect::<Vec<_>>());
    out.push(format!(
        "The bar on the beam (K = 10 at most {} BLEU below greedy) fails at seeds {}, where {} loses {lo} to {hi} points.",
        bars::BEAM_MAX_LOSS,
        list(&failed_seeds),
        who.join(" and ")
    ));
    // Where the beam loses: how many words its translations of the longest
    // bucket hold, against greedy's and the references'.
    let test = graded::generate(BottleneckConfig::DEFAULT.corpus).test;
    let last_bucket: Vec<usize> =
        (0..test.len()).filter(|&i| graded::bucket_of(graded::words(&test[i])) == last).collect();
    let words_in = |file: &str| -> usize {
        let lines = committed_file(file);
        last_bucket.iter().map(|&i| lines[i].split_whitespace().count()).sum()
    };
    for (seed, name, _) in failed.iter().filter(|g| g.1 == "RNNencdec") {
        out.push(format!(
            "at seed {seed} its K = 10 translations of the 41–45-word sentences hold {} words, greedy's {}, the \
             references' {}.",
            words_in(&beam_file(*seed, name)),
            words_in(&translations_file("bottleneck", *seed, name)),
            words_in("bottleneck-reference.txt")
        ));
    }
    for name in ["RNNsearch", "RNNencdec"] {
        let all = at(name, None);
        let gain: Vec<f64> = all.iter().map(|x| x[2] - x[0]).collect();
        out.push(format!(
            "{name}: over the whole test split K = 10 minus greedy is {} BLEU, ahead at {} of {n} seeds and behind at {}.",
            spread_words(&gain),
            gain.iter().filter(|g| **g > 0.0).count(),
            gain.iter().filter(|g| **g < 0.0).count()
        ));
        for (label, b) in [("3–5", 0), ("41–45", last)] {
            let v = at(name, Some(b));
            out.push(format!(
                "{name} on {label} words: greedy {}, K = 5 {}, K = 10 {}.",
                spread_words(&col(&v, 0)),
                spread_words(&col(&v, 1)),
                spread_words(&col(&v, 2))
            ));
        }
    }
    out
}

#[test]
fn the_chapter_states_what_the_committed_runs_show() {
    let s = committed().expect("the committed results are readable");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters/bottleneck-experiment.md");
    let text = std::fs::read_to_string(&path).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    let missing: Vec<String> = chapter_claims(&s).into_iter().filter(|c| !text.contains(c.as_str())).collect();
    assert!(missing.is_empty(), "chapters/bottleneck-experiment.md should say, word for word:\n{}", missing.join("\n"));
}
