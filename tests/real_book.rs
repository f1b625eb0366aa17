//! The chapter "Real sentences" against the committed results of the real
//! corpus (src/experiments/results/real.json): its tables are snapshots of
//! the renderings the report prints, and every sentence of it that carries
//! a number is made here from the results and must stand in it word for word.

mod common;

use bahdanau::experiments::real::OVER_COPY;
use bahdanau::experiments::real::results::committed;
use bahdanau::render::real::{examples_text, per_seed, spread, table};
use bahdanau::walkthrough::fmt_num;
use serde_json::Value;

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap()
}

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

fn overall(v: &Value, model: &str) -> Vec<f64> {
    let runs = v["runs"].as_array().unwrap();
    runs.iter().filter(|r| r["model"] == model).map(|r| num(&r["overall"]["bleu"])).collect()
}

fn chapter_claims(v: &Value) -> Vec<String> {
    let c = &v["config"];
    let d = &c["dims"];
    let one = |x: f64| fmt_num(x, 1);
    let (s, e) = (spread(v, "RNNsearch"), spread(v, "RNNencdec"));
    let copy = num(&v["copy"]["overall"]["bleu"]);
    let worst = overall(v, "RNNsearch").into_iter().fold(f64::INFINITY, f64::min);
    let measured = v["measured"].as_u64().unwrap() as usize;
    let (first, last) = (&s.0[0], &s.0[measured - 1]);
    let (efirst, elast) = (&e.0[0], &e.0[measured - 1]);
    let copy_bucket = |b: usize| one(num(&v["copy"]["buckets"][b]["bleu"]));
    let above = (0..measured).filter(|&b| s.0[b].1 > e.0[b].1).count();
    let exact: Vec<u64> = v["runs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["model"] == "RNNsearch")
        .map(|r| r["overall"]["exact"].as_u64().unwrap())
        .collect();
    let peaks: Vec<f64> = v["examples"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|ex| {
            let cols = ex["alignment"]["shape"][1].as_u64().unwrap() as usize;
            let data: Vec<f64> = ex["alignment"]["data"].as_array().unwrap().iter().map(num).collect();
            data.chunks(cols).map(|row| row.iter().copied().fold(0.0, f64::max)).collect::<Vec<_>>()
        })
        .collect();
    let seeds: Vec<String> = c["seeds"].as_array().unwrap().iter().map(|s| s.to_string()).collect();
    vec![
        bahdanau::corpus::real::NOTICE.to_string(),
        format!(
            "{} training pairs of at most {} source words",
            thousands(v["pairs"]["train"].as_u64().unwrap()),
            c["max_train_words"]
        ),
        format!("the first {} held-out sentences", v["pairs"]["held_out"]),
        format!("all {} test sentences", v["pairs"]["test"]),
        format!("m = {}, n = {}, n' = {}, l = {}", d["m"], d["n"], d["n_a"], d["l"]),
        format!(
            "cover {}% of the training tokens: {} English and {} French tokens",
            fmt_num(100.0 * num(&c["shortlist"]["coverage"]), 0),
            v["shortlists"]["en"],
            v["shortlists"]["fr"]
        ),
        format!(
            "{} epochs in mini-batches of {}, Adam from a learning rate of {}",
            c["run"]["epochs"], c["run"]["batch"], c["run"]["lr"]
        ),
        format!("seeds {} and {}", seeds[..seeds.len() - 1].join(", "), seeds[seeds.len() - 1]),
        format!(
            "RNNsearch scores {} BLEU on the whole test split ({} to {} over the seeds), RNNencdec {} ({} to {}), \
             and copying the source {}",
            one(s.1.0),
            one(s.1.1),
            one(s.1.2),
            one(e.1.0),
            one(e.1.1),
            one(e.1.2),
            one(copy)
        ),
        format!(
            "RNNsearch's worst seed, {}, is {} BLEU below the copy baseline instead of {} above it: the bar \
             failed by {} BLEU",
            fmt_num(worst, 2),
            fmt_num(copy - worst, 2),
            fmt_num(OVER_COPY, 0),
            fmt_num(OVER_COPY + copy - worst, 2)
        ),
        format!("all {measured} buckets from {} to {} words", first.0, last.0),
        format!(
            "RNNsearch falls from {} BLEU at {} words to {} at {}, RNNencdec from {} to {}",
            one(first.1),
            first.0,
            one(last.1),
            last.0,
            one(efirst.1),
            one(elast.1)
        ),
        format!("RNNsearch's mean is above RNNencdec's in {above} of the {measured} buckets"),
        format!("the copy baseline rises from {} to {}", copy_bucket(0), copy_bucket(measured - 1)),
        format!(
            "RNNsearch writes {} to {} of the {} test sentences exactly as the reference",
            exact.iter().min().unwrap(),
            exact.iter().max().unwrap(),
            v["pairs"]["test"]
        ),
        format!(
            "the largest weight in a row is between {} and {}",
            fmt_num(peaks.iter().copied().fold(1.0, f64::min), 2),
            fmt_num(peaks.iter().copied().fold(0.0, f64::max), 2)
        ),
    ]
}

#[test]
fn the_chapter_states_what_the_committed_runs_show() {
    let v = committed().expect("src/experiments/results/real.json parses");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters/real-sentences.md");
    let text = std::fs::read_to_string(&path).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    let missing: Vec<String> = chapter_claims(&v).into_iter().filter(|c| !text.contains(c.as_str())).collect();
    assert!(missing.is_empty(), "chapters/real-sentences.md should say, word for word:\n{}", missing.join("\n"));
}

#[test]
fn the_chapter_tables_are_the_reports_renderings() {
    let v = committed().expect("src/experiments/results/real.json parses");
    bahdanau::render::set_width(common::BOOK_WIDTH);
    snapshot!("real_table", table(&v));
    snapshot!("real_seeds", per_seed(&v));
    snapshot!("real_examples", bahdanau::render::fit(&examples_text(&v)));
}
