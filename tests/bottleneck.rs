//! The bottleneck experiment: the pipeline end to end on a tiny budget, the
//! committed results against their own text files, the book's figures and
//! the REPL's views of them.

#[macro_use]
mod common;

use std::sync::atomic::AtomicUsize;

use bahdanau::corpus::graded::{self, bucket_count};
use bahdanau::experiments::bleu::corpus_bleu;
use bahdanau::experiments::bottleneck::{BottleneckConfig, bars, run, score_by_length};
use bahdanau::experiments::results::{self, committed, summary, text_files, to_json};
use bahdanau::render::bottleneck::render_view;
use bahdanau::render::charts::line_chart_svg_upto;
use bahdanau::render::svg::compact_heatmap_svg;
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
    let a = run(&c, &|| false, &done).expect("the smoke run finishes");
    assert_eq!(done.into_inner(), 2 * c.run.epochs * c.corpus.n_train, "every training pair was counted");
    let b = run(&c, &|| false, &AtomicUsize::new(0)).expect("the smoke run finishes");
    assert_eq!(to_json(&a), to_json(&b), "two runs give the same bits");
    let s = summary(&to_json(&a)).expect("results read back");
    assert_eq!(s.models.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["RNNsearch", "RNNencdec"]);
    for m in &s.models {
        assert_eq!(m.buckets.len(), bucket_count());
        assert!(m.buckets.iter().all(|b| b.sentences == c.corpus.test_per_bucket));
        assert!(m.buckets.iter().chain([&m.overall]).all(|b| (0.0..=100.0).contains(&b.bleu)));
    }
    assert!(s.models[0].parameters > s.models[1].parameters, "attention and a second encoder direction cost weights");
    assert_eq!(bars(&s).len(), 3);
    let t_x = s.example.source.len();
    assert_eq!(s.example.alignment.shape(), (s.example.reference.len(), t_x));
    let files = text_files(&a);
    assert_eq!(files.len(), 4);
    assert!(files.iter().all(|(_, text)| text.lines().count() == a.sources.len()));
}

#[test]
fn a_stop_request_ends_training_with_nothing_returned() {
    let stopped = run(&BottleneckConfig::SMOKE, &|| true, &AtomicUsize::new(0));
    assert_eq!(stopped.err(), Some(bahdanau::experiments::runner::RunError::Interrupted));
}

#[test]
fn committed_numbers_are_the_bleu_of_the_committed_translations() {
    let s = committed().expect("the committed results are readable");
    let c = BottleneckConfig::DEFAULT;
    let refs = committed_file("bottleneck-reference.txt");
    let corpus = graded::generate(c.corpus);
    assert_eq!(refs.len(), corpus.test.len());
    assert_eq!(refs, bahdanau::experiments::runner::references(&corpus.test), "the references are the test split's");
    for m in &s.models {
        let hyps = committed_file(&format!("bottleneck-{}.txt", m.name.to_lowercase()));
        let (buckets, overall) = score_by_length(&corpus.test, &hyps, &refs);
        assert_eq!(buckets, m.buckets, "{}: per-bucket BLEU and exact matches", m.name);
        assert_eq!(overall.bleu, corpus_bleu(&hyps, &refs));
        assert_eq!(overall, m.overall);
        assert_eq!(hyps[s.example.index], m.example);
    }
    assert!(results::COMMITTED.contains(&format!("\"epochs\": {}", c.run.epochs)), "committed with today's config");
}

#[test]
fn the_figures_are_drawn_from_the_committed_results() {
    let s = committed().expect("the committed results are readable");
    let mid = |label: &str| {
        let (lo, hi) = label.split_once('–').expect("a bucket label is lo–hi");
        (lo.parse::<f64>().unwrap() + hi.parse::<f64>().unwrap()) / 2.0
    };
    let series: Vec<(&str, Vec<(f64, f64)>)> = s
        .models
        .iter()
        .map(|m| (m.name.as_str(), m.buckets.iter().map(|b| (mid(&b.label), b.bleu)).collect()))
        .collect();
    let chart =
        line_chart_svg_upto(&series, None, "source sentence length in words: BLEU-4 on the test split", Some(100.0));
    check_fresh("chapters/figures/bottleneck-bleu.svg", &chart);
    let ex = &s.example;
    let svg =
        compact_heatmap_svg(&ex.alignment, &ex.reference, &ex.source, "RNNsearch's alignment of a 43-word sentence");
    check_fresh("chapters/figures/bottleneck-alignment.svg", &svg);
}

#[test]
fn the_repl_views_of_the_committed_results() {
    let fit = bahdanau::render::fit;
    snapshot!("bottleneck_table", fit(&render_view(ExperimentView::Table)));
    snapshot!("bottleneck_example", fit(&render_view(ExperimentView::Example)));
}
