//! The chapter "Real sentences" against the committed results of the real
//! corpus (src/experiments/results/real.json): its tables are snapshots of
//! the renderings the report prints, and every sentence of it that carries
//! a number is made here from the results and must stand in it word for word.

#[macro_use]
mod common;

use bahdanau::experiments::bars::BEAM_MAX_LOSS;
use bahdanau::experiments::real::OVER_COPY;
use bahdanau::experiments::real::summary::{RealSummary, RunSummary, committed};
use bahdanau::experiments::runner::Budget;
use bahdanau::render::real::{beam_seeds, beam_table, beam_words, examples_text, per_seed, table};
use bahdanau::render::real_unk::{unk_examples_text, unk_table};
use bahdanau::walkthrough::{fmt_num, signed};

/// 16000 → "16,000".
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (k, c) in s.chars().enumerate() {
        if k > 0 && (s.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn overall(v: &RealSummary, model: &str) -> Vec<f64> {
    v.across(model).map(|r| r.model.overall.bleu).collect()
}

fn chapter_claims(v: &RealSummary) -> Vec<String> {
    let c = &v.config;
    let d = &c.dims;
    let one = |x: f64| fmt_num(x, 1);
    let (s, e) = (v.spread_at("RNNsearch", 1), v.spread_at("RNNencdec", 1));
    let copy = v.copy.1.bleu;
    let worst = overall(v, "RNNsearch").into_iter().fold(f64::INFINITY, f64::min);
    let measured = v.measured;
    let labels = v.labels();
    let (first, last) = ((labels[0], &s.buckets[0]), (labels[measured - 1], &s.buckets[measured - 1]));
    let (efirst, elast) = (&e.buckets[0], &e.buckets[measured - 1]);
    let copy_bucket = |b: usize| one(v.copy.0[b].bleu);
    let above = (0..measured).filter(|&b| s.buckets[b].mean > e.buckets[b].mean).count();
    let exact: Vec<usize> = v.across("RNNsearch").map(|r| r.model.overall.exact).collect();
    let peaks: Vec<f64> = v
        .examples
        .iter()
        .flat_map(|ex| {
            let a = ex.alignment.as_ref().unwrap();
            a.row_iter().map(|row| row.iter().copied().fold(0.0, f64::max)).collect::<Vec<_>>()
        })
        .collect();
    let seeds: Vec<String> = c.seeds.iter().map(|s| s.to_string()).collect();
    let Budget::Rule(rule) = c.run.budget else { panic!("the real runs train under the stopping rule") };
    vec![
        bahdanau::corpus::real::NOTICE.to_string(),
        format!("{} training pairs of at most {} source words", thousands(v.pairs.0 as u64), c.max_train_words),
        format!("the first {} held-out sentences", v.pairs.1),
        format!("all {} test sentences", v.pairs.2),
        format!("m = {}, n = {}, n' = {}, l = {}", d.m, d.n, d.n_a, d.l),
        format!(
            "cover {}% of the training tokens: {} English and {} French tokens",
            fmt_num(100.0 * c.vocab.coverage, 0),
            v.shortlists.0,
            v.shortlists.1
        ),
        format!(
            "until the stopping rule ends it (the held-out loss checked every {} pair-updates, at most {}), in \
             mini-batches of {}, Adam from a learning rate of {}",
            thousands(rule.check_every as u64),
            thousands(rule.cap as u64),
            c.run.batch,
            c.run.lr
        ),
        {
            let runs = &v.runs;
            let by_rule = runs.iter().filter(|m| m.model.converged()).count();
            if by_rule == runs.len() {
                format!("the rule ended all {by_rule} runs, none at the cap")
            } else {
                format!("the rule ended {by_rule} of the {} runs, the cap the others", runs.len())
            }
        },
        format!("seeds {} and {}", seeds[..seeds.len() - 1].join(", "), seeds[seeds.len() - 1]),
        format!(
            "RNNsearch scores {} BLEU on the whole test split ({} to {} over the seeds), RNNencdec {} ({} to {}), \
             and copying the source {}",
            one(s.overall.mean),
            one(s.overall.min),
            one(s.overall.max),
            one(e.overall.mean),
            one(e.overall.min),
            one(e.overall.max),
            one(copy)
        ),
        if worst >= copy + OVER_COPY {
            format!(
                "RNNsearch's worst seed, {}, is {} BLEU above the copy baseline: the bar of {} holds",
                fmt_num(worst, 2),
                fmt_num(worst - copy, 2),
                fmt_num(OVER_COPY, 0)
            )
        } else {
            format!(
                "RNNsearch's worst seed, {}, is {} BLEU {} the copy baseline instead of {} above it: the bar failed \
                 by {} BLEU",
                fmt_num(worst, 2),
                fmt_num((worst - copy).abs(), 2),
                if worst >= copy { "above" } else { "below" },
                fmt_num(OVER_COPY, 0),
                fmt_num(OVER_COPY + copy - worst, 2)
            )
        },
        format!("all {measured} buckets from {} to {} words", first.0, last.0),
        format!(
            "RNNsearch falls from {} BLEU at {} words to {} at {}, RNNencdec from {} to {}",
            one(first.1.mean),
            first.0,
            one(last.1.mean),
            last.0,
            one(efirst.mean),
            one(elast.mean)
        ),
        format!("RNNsearch's mean is above RNNencdec's in {above} of the {measured} buckets"),
        format!("the copy baseline rises from {} to {}", copy_bucket(0), copy_bucket(measured - 1)),
        format!(
            "RNNsearch writes {} to {} of the {} test sentences exactly as the reference",
            exact.iter().min().unwrap(),
            exact.iter().max().unwrap(),
            v.pairs.2
        ),
        format!(
            "the largest weight in a row is between {} and {}",
            fmt_num(peaks.iter().copied().fold(1.0, f64::min), 2),
            fmt_num(peaks.iter().copied().fold(0.0, f64::max), 2)
        ),
    ]
}

/// The sentences of the section on greedy against beam search.
fn beam_claims(v: &RealSummary) -> Vec<String> {
    let one = |x: f64| fmt_num(x, 1);
    let runs = &v.runs;
    let agree = runs.iter().filter(|m| m.beam.k1_equal == m.model.overall.sentences).count();
    let gains = |model: &str| -> (f64, f64) {
        let g: Vec<f64> = v.across(model).map(|m| m.beam_gain().unwrap()).collect();
        (g.iter().copied().fold(f64::INFINITY, f64::min), g.iter().copied().fold(f64::NEG_INFINITY, f64::max))
    };
    let ((s_lo, s_hi), (e_lo, e_hi)) = (gains("RNNsearch"), gains("RNNencdec"));
    let bleu = |m: &RunSummary, k: usize| -> f64 { m.decoded(k).unwrap().1.bleu };
    let gains5 = |model: &str| -> (f64, f64) {
        let g: Vec<f64> = v.across(model).map(|m| bleu(m, 5) - m.model.overall.bleu).collect();
        (g.iter().copied().fold(f64::INFINITY, f64::min), g.iter().copied().fold(f64::NEG_INFINITY, f64::max))
    };
    let ((s5_lo, s5_hi), (e5_lo, e5_hi)) = (gains5("RNNsearch"), gains5("RNNencdec"));
    let ten_below_five = runs.iter().filter(|m| bleu(m, 10) < bleu(m, 5)).count();
    let worst_loss = -s_lo.min(e_lo);
    let mean = |model: &str, k: usize| v.spread_at(model, k).overall.mean;
    let words = |m: &RunSummary, k: usize| m.words(k).unwrap() as f64;
    let shorter: Vec<f64> = runs.iter().map(|m| 100.0 * (1.0 - words(m, 10) / words(m, 1))).collect();
    let (short_lo, short_hi) =
        (shorter.iter().copied().fold(f64::INFINITY, f64::min), shorter.iter().copied().fold(0.0, f64::max));
    let greedy_words = |model: &str| -> Vec<u64> { v.across(model).map(|m| m.words(1).unwrap() as u64).collect() };
    let sw = greedy_words("RNNsearch");
    let refs = v.reference_words as f64;
    let penalties: Vec<f64> = runs.iter().map(|m| (1.0 - refs / words(m, 10)).min(0.0).exp()).collect();
    let short = |model: &str, k: usize| v.spread_at(model, k).buckets[0];
    let (eg, e10) = (short("RNNencdec", 1), short("RNNencdec", 10));
    vec![
        format!("K = 1 gives greedy's translation of every test sentence in {agree} of the {} runs", runs.len()),
        format!(
            "K = 10 minus greedy over the whole test split is {} to {} BLEU for RNNsearch and {} to {} for RNNencdec",
            signed(s_lo),
            signed(s_hi),
            signed(e_lo),
            signed(e_hi)
        ),
        if worst_loss <= 0.0 {
            format!(
                "no run loses: the smallest gain is {} BLEU, within the bar of {}",
                signed(-worst_loss),
                fmt_num(BEAM_MAX_LOSS, 0)
            )
        } else {
            format!(
                "the largest loss is {} BLEU, {} the bar of {}",
                fmt_num(worst_loss, 2),
                if worst_loss <= BEAM_MAX_LOSS { "within" } else { "beyond" },
                fmt_num(BEAM_MAX_LOSS, 0)
            )
        },
        format!(
            "RNNsearch's mean goes from {} with greedy to {} at K = 5 and {} at K = 10; RNNencdec's from {} to {} and {}",
            one(mean("RNNsearch", 1)),
            one(mean("RNNsearch", 5)),
            one(mean("RNNsearch", 10)),
            one(mean("RNNencdec", 1)),
            one(mean("RNNencdec", 5)),
            one(mean("RNNencdec", 10))
        ),
        format!(
            "K = 5 minus greedy is {} to {} BLEU for RNNsearch, {} every seed, and {} to {} for RNNencdec",
            signed(s5_lo),
            signed(s5_hi),
            if s5_lo > 0.0 { "a gain at" } else { "not a gain at" },
            signed(e5_lo),
            signed(e5_hi)
        ),
        format!("K = 10 scores below K = 5 in {ten_below_five} of the {} runs", runs.len()),
        format!(
            "hold {}% to {}% fewer words than the same run's greedy ones",
            fmt_num(short_lo, 0),
            fmt_num(short_hi, 0)
        ),
        format!(
            "references hold {} words, and RNNsearch's greedy translations {} to {}",
            thousands(v.reference_words as u64),
            thousands(*sw.iter().min().unwrap()),
            thousands(*sw.iter().max().unwrap())
        ),
        format!(
            "a brevity penalty of {} to {} on BLEU at K = 10",
            fmt_num(penalties.iter().copied().fold(1.0, f64::min), 2),
            fmt_num(penalties.iter().copied().fold(0.0, f64::max), 2)
        ),
        format!(
            "on 1–5 words RNNencdec's mean {} from {} with greedy to {} at K = 10, its lowest seed to {}",
            if e10.mean < eg.mean { "falls" } else { "rises" },
            one(eg.mean),
            one(e10.mean),
            one(e10.min)
        ),
    ]
}

/// Every claim `claims` makes of the committed results stands in the chapter
/// word for word (whitespace aside).
fn chapter_says(claims: fn(&RealSummary) -> Vec<String>) {
    let v = committed().expect("src/experiments/results/real.json parses");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters/real-sentences.md");
    let text = std::fs::read_to_string(&path).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    let missing: Vec<String> = claims(&v).into_iter().filter(|c| !text.contains(c.as_str())).collect();
    assert!(missing.is_empty(), "chapters/real-sentences.md should say, word for word:\n{}", missing.join("\n"));
}

#[test]
fn the_chapter_states_what_the_committed_beam_runs_show() {
    chapter_says(beam_claims);
}

#[test]
fn the_chapter_states_what_the_committed_runs_show() {
    chapter_says(chapter_claims);
}

#[test]
fn the_chapter_tables_are_the_reports_renderings() {
    let v = committed().expect("src/experiments/results/real.json parses");
    bahdanau::render::set_width(common::BOOK_WIDTH);
    snapshot!("real_table", table(&v));
    snapshot!("real_seeds", per_seed(&v));
    snapshot!("real_examples", bahdanau::render::fit(&examples_text(&v)));
    snapshot!("real_beam_search", beam_table(&v, "RNNsearch"));
    snapshot!("real_beam_encdec", beam_table(&v, "RNNencdec"));
    snapshot!("real_beam_runs", beam_seeds(&v));
    snapshot!("real_beam_words", beam_words(&v));
    snapshot!("real_unk", unk_table(&v));
    snapshot!("real_unk_examples", bahdanau::render::fit(&unk_examples_text(&v)));
}

/// The example sentences as the Chinese report labels them: the labels in
/// Chinese, the sentences (the corpus's and the models') as they are.
#[test]
fn the_example_sentences_in_chinese() {
    use bahdanau::text::{Lang, set};
    let v = committed().expect("src/experiments/results/real.json parses");
    bahdanau::render::set_width(common::BOOK_WIDTH);
    set(Lang::Zh); // this thread only
    let (examples, unk) = (bahdanau::render::fit(&examples_text(&v)), bahdanau::render::fit(&unk_examples_text(&v)));
    set(Lang::En);
    for text in [&examples, &unk] {
        assert!(text.contains("1. 测试句 ") && text.contains("   参考译文："), "{text}");
        assert!(text.lines().all(|l| bahdanau::layout::columns_of(l) <= common::BOOK_WIDTH), "{text}");
    }
    let first = &v.examples[0];
    assert!(examples.contains(&first.source.join(" ")), "the sentences stay as they are: {examples}");
    assert!(unk.contains("   替换后：") && unk.contains("个源语言词“"), "{unk}");
    snapshot!("zh_real_examples", examples);
    snapshot!("zh_real_unk_examples", unk);
}

/// What the chapter says of `<unk>` replaced through α, from the results.
fn unk_claims(v: &RealSummary) -> Vec<String> {
    let one = |x: f64| fmt_num(x, 1);
    let (plain, fixed) = (v.spread_at("RNNsearch", 1), v.spread_replaced());
    let runs: Vec<(&RunSummary, _)> = v.runs.iter().filter_map(|r| Some((r, r.unk.as_ref()?))).collect();
    let (first, u) = runs[0];
    let (written, filled, right) = (u.written as u64, u.filled as u64, u.in_reference as u64);
    let gains: Vec<f64> = runs.iter().map(|(r, u)| u.overall.bleu - r.model.overall.bleu).collect();
    let (lo, hi) = gains.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &g| (a.min(g), b.max(g)));
    vec![
        format!(
            "moves RNNsearch from {} to {} BLEU over the whole test split (the mean of the {} seeds; the gain is {} to {} at each)",
            one(plain.overall.mean),
            one(fixed.overall.mean),
            runs.len(),
            signed(lo),
            signed(hi)
        ),
        format!(
            "At seed {} the model wrote {} `<unk>`; {} of them peak on a source word that can be copied, \
             and {} of the {} copied words occur in the sentence's reference",
            first.seed,
            thousands(written),
            thousands(filled),
            thousands(right),
            thousands(filled)
        ),
    ]
}

#[test]
fn the_chapter_states_what_the_unk_replacement_did() {
    chapter_says(unk_claims);
}
