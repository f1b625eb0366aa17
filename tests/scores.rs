//! The scores experiment: the pipeline end to end on a tiny budget, concat as
//! the additive model written another way, the committed results against
//! their text files and against the bottleneck's RNNsearch, the book's
//! figures and the REPL's views.

#[macro_use]
mod common;

use std::sync::atomic::AtomicUsize;

use bahdanau::corpus::graded::{self, bucket_count};
use bahdanau::experiments::bars;
use bahdanau::experiments::bottleneck::BottleneckConfig;
use bahdanau::experiments::json::translations_file;
use bahdanau::experiments::model_result::source_lengths;
use bahdanau::experiments::models::{RnnSearch, ScoredSearch};
use bahdanau::experiments::results;
use bahdanau::experiments::runner::{references, train, translate_all};
use bahdanau::experiments::score::{Buckets, score_by_length};
use bahdanau::experiments::scores::{KINDS, ScoresConfig, run, total_pairs};
use bahdanau::experiments::scores_results::{committed, summary, text_files, to_json};
use bahdanau::model::scored::ScoreSpec;
use bahdanau::model::scores::ScoreKind;
use bahdanau::render::scores::{figures, render_view};
use bahdanau::repl::ExperimentView;
use common::{check_fresh, committed_lines as committed_file};

#[test]
fn the_whole_pipeline_runs_deterministically_on_a_tiny_budget() {
    let c = ScoresConfig::SMOKE;
    let seeds = c.seeds;
    let done = AtomicUsize::new(0);
    let a = run(&c, seeds, &|| false, &done).expect("the smoke run finishes");
    assert_eq!(done.into_inner(), total_pairs(&c, seeds), "every training pair was counted");
    let b = run(&c, seeds, &|| false, &AtomicUsize::new(0)).expect("the smoke run finishes");
    assert_eq!(to_json(&a), to_json(&b), "two runs give the same bits");
    let s = summary(&to_json(&a)).expect("results read back");
    assert_eq!(s.runs.iter().map(|r| r.seed).collect::<Vec<_>>(), seeds);
    for r in &s.runs {
        assert_eq!(r.scores.iter().map(|m| m.model.name.as_str()).collect::<Vec<_>>(), KINDS.map(|k| k.name()));
        for m in &r.scores {
            assert_eq!(m.model.buckets.len(), bucket_count());
            assert_eq!(m.held_out_accuracy.first().map(|p| p.0), Some(0), "measured before training");
            assert!(m.held_out_accuracy.windows(2).all(|w| w[0].0 < w[1].0));
            assert!(
                m.held_out_accuracy.iter().map(|p| &p.1).chain([&m.test_accuracy]).all(|a| (0.0..=1.0).contains(a))
            );
            assert!(m.test_entropy >= 0.0);
        }
        assert_eq!(r.sweep.len(), 2 * c.sweep.d_ks.len());
    }
    assert_ne!(s.runs[0].sweep, s.runs[1].sweep, "the sweep is drawn again at every seed");
    assert!(bars::scores(&s).iter().all(|b| b.text.contains(" of 2 seeds")));
    assert_eq!(text_files(&a).len(), KINDS.len() * seeds.len());
}

#[test]
fn concat_trains_to_the_same_numbers_as_the_additive_model() {
    let c = BottleneckConfig::SMOKE;
    let corpus = graded::generate(c.corpus);
    let splits = (corpus.train.as_slice(), corpus.held_out.as_slice());
    let none = AtomicUsize::new(0);
    let add = RnnSearch::toy(c.dims);
    let cat = ScoredSearch { dims: c.dims, spec: ScoreSpec { kind: ScoreKind::Concat, d_k: None } };
    let a = train(&add, &c.run, splits, &|| false, &none).unwrap();
    let b = train(&cat, &c.run, splits, &|| false, &none).unwrap();
    assert_eq!((a.best, a.checks.len()), (b.best, b.checks.len()));
    for (x, y) in a.checks.iter().zip(&b.checks) {
        assert_eq!(x.pairs, y.pairs);
        assert!((x.bleu - y.bleu).abs() < 1e-9, "held-out BLEU {} vs {}", x.bleu, y.bleu);
        assert!((x.loss - y.loss).abs() < 1e-9, "held-out loss {} vs {}", x.loss, y.loss);
    }
    assert_eq!(translate_all(&add, &a.params, &corpus.test), translate_all(&cat, &b.params, &corpus.test));
    let w_c = bahdanau::model::scores::concat_weight(&a.params.W_a, &a.params.U_a);
    assert!((&w_c - &b.params.W_c).amax() < 1e-9, "W_c stays [W_a, U_a] through training");
}

#[test]
fn committed_numbers_are_the_bleu_of_the_committed_translations() {
    let s = committed().expect("the committed results are readable");
    let c = ScoresConfig::DEFAULT;
    let corpus = graded::generate(c.base.corpus);
    let refs = committed_file("bottleneck-reference.txt");
    assert_eq!(refs, references(&corpus.test), "the references are the test split's");
    assert_eq!(s.runs.iter().map(|r| r.seed).collect::<Vec<_>>(), c.seeds, "committed at today's seeds");
    for r in &s.runs {
        for m in r.scores.iter().map(|m| &m.model) {
            let hyps = committed_file(&translations_file("scores", r.seed, &m.name));
            let (buckets, overall) = score_by_length(Buckets::toy(), &source_lengths(&corpus.test), &hyps, &refs);
            assert_eq!(buckets, m.buckets, "seed {} {}: per-bucket BLEU and exact matches", r.seed, m.name);
            assert_eq!(overall, m.overall);
        }
    }
    assert_eq!((s.budget, s.n_train), (c.base.run.budget, c.base.corpus.n_train), "committed with today's budget");
}

#[test]
fn the_additive_row_is_the_bottleneck_experiments_rnnsearch() {
    let (s, b) = (committed().unwrap(), results::committed().unwrap());
    assert_eq!(ScoresConfig::DEFAULT.base, BottleneckConfig::DEFAULT, "same corpus, seeds and budget");
    for r in &s.runs {
        let q = b.seed(r.seed).expect("every seed of the scores experiment is one of the bottleneck's");
        let (add, search) = (&r.scores[0].model, q.models.iter().find(|m| m.name == "RNNsearch").unwrap());
        assert_eq!(add.name, "additive");
        assert_eq!((&add.buckets, &add.overall, &add.checks), (&search.buckets, &search.overall, &search.checks));
        assert_eq!(
            committed_file(&translations_file("scores", r.seed, "additive")),
            committed_file(&translations_file("bottleneck", r.seed, "RNNsearch"))
        );
    }
}

#[test]
fn the_figures_are_drawn_from_the_committed_results() {
    for (path, svg) in figures(&committed().expect("the committed results are readable")) {
        check_fresh(path, &svg);
    }
}

#[test]
fn the_repl_views_of_the_committed_results() {
    let views = [ExperimentView::Table, ExperimentView::Seed(1), ExperimentView::Sweep];
    for width in [60, 80] {
        bahdanau::render::set_width(width);
        for v in views {
            for line in render_view(v).lines() {
                assert!(line.chars().count() <= width, "{v:?} wider than {width} columns:\n{line}");
            }
        }
    }
    bahdanau::render::set_width(common::BOOK_WIDTH);
    snapshot!("scores_table", render_view(ExperimentView::Table));
    snapshot!("scores_seed", render_view(ExperimentView::Seed(1)));
    snapshot!("scores_sweep", render_view(ExperimentView::Sweep));
    the_repl_views_of_the_committed_results_in_chinese();
}

/// The same views as a Chinese learner reads them, fitting 60 and 80 columns.
/// (Run from the English test: the output width is the whole program's, so the two cannot run side by side.)
fn the_repl_views_of_the_committed_results_in_chinese() {
    use bahdanau::text::{Lang, set};
    set(Lang::Zh); // this thread only
    for width in [60, 80] {
        bahdanau::render::set_width(width);
        for v in [ExperimentView::Table, ExperimentView::Seed(1), ExperimentView::Sweep] {
            let text = render_view(v);
            let wide: Vec<&str> = text.lines().filter(|l| bahdanau::layout::columns_of(l) > width).collect();
            assert!(wide.is_empty(), "{v:?} wider than {width} columns:\n{}", wide.join("\n"));
        }
    }
    bahdanau::render::set_width(common::BOOK_WIDTH);
    snapshot!("zh_scores_table", render_view(ExperimentView::Table));
    snapshot!("zh_scores_seed", render_view(ExperimentView::Seed(1)));
    set(Lang::En);
}

#[test]
fn the_walkthroughs_score_weights_retrain_bit_for_bit() {
    use bahdanau::experiments::walk_scores::{self, COMMITTED, train_all};
    let c = bahdanau::train::TrainConfig::DEFAULT;
    let fresh = walk_scores::to_json(&c, &train_all(&c).expect("training finishes"));
    check_fresh("src/experiments/results/walk-scores.json", &fresh);
    assert_eq!(fresh, COMMITTED, "the compiled-in copy is the committed file (rebuild after blessing)");
    assert_eq!(walk_scores::committed().len(), walk_scores::KINDS.len());
}

/// "mean ± sd (min to max)", as the chapter writes it.
fn spread_words(xs: &[f64], decimals: usize) -> String {
    let s = bahdanau::experiments::spread::Spread::of(xs);
    let f = |x: f64| bahdanau::walkthrough::fmt_num(x, decimals);
    format!("{} ± {} ({} to {})", f(s.mean), f(s.sd), f(s.min), f(s.max))
}

/// The chapter's sentences that carry numbers, made from the committed
/// results: the chapter must contain each one word for word.
fn chapter_claims(s: &bahdanau::experiments::scores_results::ScoresSummary) -> Vec<String> {
    let n = s.runs.len();
    let names = s.names();
    let per = |f: &dyn Fn(&bahdanau::experiments::scores_results::ScoreSummary) -> f64| -> String {
        names
            .iter()
            .map(|name| format!("{name} {}", spread_words(&s.across(name).map(f).collect::<Vec<_>>(), 1)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let overall: Vec<Vec<f64>> =
        s.runs.iter().map(|r| r.scores.iter().map(|m| m.model.overall.bleu).collect()).collect();
    let wins = bahdanau::experiments::spread::wins(&overall);
    let won = names.iter().zip(&wins).map(|(n, k)| format!("{n} at {k}")).collect::<Vec<_>>().join(", ");
    let sweep = |kind: &str, d_k: usize, f: &dyn Fn(&bahdanau::experiments::sweep::SweepRow) -> f64| -> Vec<f64> {
        s.runs.iter().filter_map(|r| r.sweep.iter().find(|w| w.kind.name() == kind && w.d_k == d_k).map(f)).collect()
    };
    let mean = |xs: Vec<f64>| bahdanau::walkthrough::fmt_num(bahdanau::experiments::spread::Spread::of(&xs).mean, 2);
    let beats = |d_k: usize| {
        sweep("scaled", d_k, &|w| w.bleu).iter().zip(sweep("dot", d_k, &|w| w.bleu)).filter(|(a, b)| **a > *b).count()
    };
    let last = bucket_count() - 1;
    // Every run, split by how its training ended: at the cap still improving, or by the rule.
    let all: Vec<&bahdanau::experiments::json::ModelSummary> =
        s.runs.iter().flat_map(|r| r.scores.iter().map(|m| &m.model)).collect();
    let by_rule = |m: &&bahdanau::experiments::json::ModelSummary| m.converged();
    let long = |ms: Vec<&&bahdanau::experiments::json::ModelSummary>| {
        let xs: Vec<f64> = ms.iter().map(|m| m.buckets[last].bleu).collect();
        (xs.len(), bahdanau::walkthrough::fmt_num(bahdanau::experiments::spread::Spread::of(&xs).mean, 1))
    };
    let (capped, ruled) =
        (long(all.iter().filter(|m| !by_rule(m)).collect()), long(all.iter().filter(|m| by_rule(m)).collect()));
    let below = |name: &str, f: &dyn Fn(&bahdanau::experiments::scores_results::ScoreSummary) -> f64| {
        let add = s.across("additive").map(f).collect::<Vec<_>>();
        s.across(name).map(f).zip(add).filter(|(x, a)| x < a).count()
    };
    let mut claims = vec![
        format!(
            "The stopping rule ended {} of the {} runs before the cap ({} at it); on 41–45 words they average {} BLEU.",
            ruled.0,
            all.len(),
            capped.0,
            ruled.1
        ),
        format!(
            "Pair-updates until the rule ended training: {}.",
            names
                .iter()
                .map(|name| {
                    let runs: Vec<String> = s.across(name).map(|m| m.model.pairs_run().to_string()).collect();
                    format!("{name} {}", runs.join(", "))
                })
                .collect::<Vec<_>>()
                .join("; ")
        ),
        format!(
            "dot's largest weight falls on the source word being translated less often than the additive score's at \
             {} of {n} seeds, general's at {} of {n}.",
            below("dot", &|m| m.test_accuracy),
            below("general", &|m| m.test_accuracy)
        ),
    ];
    // Each bar as the report states it, without its per-seed values.
    claims.extend(bars::scores(s).iter().filter_map(|b| b.text.split(" (").next().map(|t| format!("{t}."))));
    claims.extend(vec![
        format!("Overall BLEU over the {n} seeds: {}.", per(&|m| m.model.overall.bleu)),
        format!("On 41–45 words: {}.", per(&|m| m.model.buckets[last].bleu)),
        format!("Best overall, of {n} seeds: {won}."),
        format!(
            "At initialisation dot's spread grows from {} at d_k = 4 to {} at d_k = 256, scaled dot's goes from {} to {} \
             (means over the {n} seeds).",
            mean(sweep("dot", 4, &|w| w.init.spread)),
            mean(sweep("dot", 256, &|w| w.init.spread)),
            mean(sweep("scaled", 4, &|w| w.init.spread)),
            mean(sweep("scaled", 256, &|w| w.init.spread))
        ),
        format!(
            "After the short training, scaled dot's BLEU is above dot's at d_k = 256 at {} of {n} seeds, at d_k = 64 \
             at {} of {n}, and at d_k = 4 at {} of {n}.",
            beats(256),
            beats(64),
            beats(4)
        ),
    ]);
    claims
}

#[test]
fn the_chapter_states_what_the_committed_runs_show() {
    let s = committed().expect("the committed results are readable");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters/score-experiments.md");
    let text = std::fs::read_to_string(&path).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    let missing: Vec<String> = chapter_claims(&s).into_iter().filter(|c| !text.contains(c.as_str())).collect();
    assert!(missing.is_empty(), "chapters/score-experiments.md should say, word for word:\n{}", missing.join("\n"));
}
