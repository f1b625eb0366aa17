//! The scores experiment: the pipeline end to end on a tiny budget, concat as
//! the additive model written another way, the committed results against
//! their text files and against the bottleneck's RNNsearch, the book's
//! figures and the REPL's views.

#[macro_use]
mod common;

use std::sync::atomic::AtomicUsize;

use bahdanau::corpus::graded::{self, bucket_count};
use bahdanau::experiments::bottleneck::{BottleneckConfig, score_by_length};
use bahdanau::experiments::models::{RnnSearch, ScoredSearch};
use bahdanau::experiments::results;
use bahdanau::experiments::runner::{references, train, translate_all};
use bahdanau::experiments::scores::{KINDS, ScoresConfig, bars, run, total_pairs};
use bahdanau::experiments::scores_results::{self, committed, summary, text_files, to_json};
use bahdanau::model::scored::ScoreSpec;
use bahdanau::model::scores::ScoreKind;
use bahdanau::render::scores::{figures, render_view};
use bahdanau::repl::ExperimentView;
use common::{check_fresh, committed_lines as committed_file};

#[test]
fn the_whole_pipeline_runs_deterministically_on_a_tiny_budget() {
    let c = ScoresConfig::SMOKE;
    let done = AtomicUsize::new(0);
    let a = run(&c, &|| false, &done).expect("the smoke run finishes");
    assert_eq!(done.into_inner(), total_pairs(&c), "every training pair was counted");
    let b = run(&c, &|| false, &AtomicUsize::new(0)).expect("the smoke run finishes");
    assert_eq!(to_json(&a), to_json(&b), "two runs give the same bits");
    let s = summary(&to_json(&a)).expect("results read back");
    assert_eq!(s.scores.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), KINDS.map(|k| k.name()));
    for m in &s.scores {
        assert_eq!(m.buckets.len(), bucket_count());
        assert_eq!(m.held_out_accuracy.first().map(|p| p.0), Some(0), "measured before training");
        assert!(m.held_out_accuracy.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(m.held_out_accuracy.iter().map(|p| &p.1).chain([&m.test_accuracy]).all(|a| (0.0..=1.0).contains(a)));
        assert!(m.test_entropy >= 0.0);
    }
    assert_eq!(s.sweep.len(), 2 * c.sweep.d_ks.len());
    assert_eq!(bars(&s).len(), KINDS.len());
    assert_eq!(text_files(&a).len(), KINDS.len());
}

#[test]
fn concat_trains_to_the_same_numbers_as_the_additive_model() {
    let c = BottleneckConfig::SMOKE;
    let corpus = graded::generate(c.corpus);
    let splits = (corpus.train.as_slice(), corpus.held_out.as_slice());
    let none = AtomicUsize::new(0);
    let add = RnnSearch { dims: c.dims };
    let cat = ScoredSearch { dims: c.dims, spec: ScoreSpec { kind: ScoreKind::Concat, d_k: None } };
    let a = train(&add, &c.run, splits, &|| false, &none).unwrap();
    let b = train(&cat, &c.run, splits, &|| false, &none).unwrap();
    assert_eq!(a.best_epoch, b.best_epoch);
    for (x, y) in a.held_out_bleu.iter().zip(&b.held_out_bleu) {
        assert!((x - y).abs() < 1e-9, "held-out BLEU {x} vs {y}");
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
    for m in &s.scores {
        let hyps = committed_file(&format!("scores-{}.txt", m.name));
        let (buckets, overall) = score_by_length(&corpus.test, &hyps, &refs);
        assert_eq!(buckets, m.buckets, "{}: per-bucket BLEU and exact matches", m.name);
        assert_eq!(overall, m.overall);
    }
    let text = scores_results::COMMITTED;
    assert!(text.contains(&format!("\"epochs\": {}", c.base.run.epochs)), "committed with today's config");
}

#[test]
fn the_additive_row_is_the_bottleneck_experiments_rnnsearch() {
    let (s, b) = (committed().unwrap(), results::committed().unwrap());
    assert_eq!(ScoresConfig::DEFAULT.base, BottleneckConfig::DEFAULT, "same corpus, seed and budget");
    let (add, search) = (&s.scores[0], b.models.iter().find(|m| m.name == "RNNsearch").unwrap());
    assert_eq!(add.name, "additive");
    assert_eq!((&add.buckets, &add.overall, add.best_epoch), (&search.buckets, &search.overall, search.best_epoch));
    assert_eq!(committed_file("scores-additive.txt"), committed_file("bottleneck-rnnsearch.txt"));
}

#[test]
fn the_figures_are_drawn_from_the_committed_results() {
    for (path, svg) in figures(&committed().expect("the committed results are readable")) {
        check_fresh(path, &svg);
    }
}

#[test]
fn the_repl_views_of_the_committed_results() {
    let fit = bahdanau::render::fit;
    snapshot!("scores_table", fit(&render_view(ExperimentView::Table)));
    snapshot!("scores_sweep", fit(&render_view(ExperimentView::Sweep)));
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
