//! The chapter "Real sentences" against the committed results of the real
//! corpus (src/experiments/results/real.json): its tables are snapshots of
//! the renderings the report prints, and every sentence of it that carries
//! a number is made here from the results and must stand in it word for word.

mod common;

use bahdanau::experiments::bars::BEAM_MAX_LOSS;
use bahdanau::experiments::real::OVER_COPY;
use bahdanau::experiments::real::results::committed;
use bahdanau::render::real::{
    beam_gain, beam_seeds, beam_table, beam_words, examples_text, per_seed, spread, spread_at, spread_replaced, table,
};
use bahdanau::render::real_unk::{unk_examples_text, unk_table};
use bahdanau::walkthrough::{fmt_num, signed};
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
            "until the stopping rule ends it (the held-out loss checked every {} pair-updates, at most {}), in \
             mini-batches of {}, Adam from a learning rate of {}",
            thousands(c["run"]["budget"]["rule"]["check_every"].as_u64().unwrap()),
            thousands(c["run"]["budget"]["rule"]["cap"].as_u64().unwrap()),
            c["run"]["batch"],
            c["run"]["lr"]
        ),
        {
            let runs = v["runs"].as_array().unwrap();
            let by_rule = runs.iter().filter(|m| m["end"] == "plateau").count();
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
            one(s.1.0),
            one(s.1.1),
            one(s.1.2),
            one(e.1.0),
            one(e.1.1),
            one(e.1.2),
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

/// The sentences of the section on greedy against beam search.
fn beam_claims(v: &Value) -> Vec<String> {
    let one = |x: f64| fmt_num(x, 1);
    let runs = v["runs"].as_array().unwrap();
    let agree = runs.iter().filter(|m| m["beam"]["k1_equals_greedy"] == m["overall"]["sentences"]).count();
    let gains = |model: &str| -> (f64, f64) {
        let g: Vec<f64> = runs.iter().filter(|m| m["model"] == model).map(|m| beam_gain(m).unwrap()).collect();
        (g.iter().copied().fold(f64::INFINITY, f64::min), g.iter().copied().fold(f64::NEG_INFINITY, f64::max))
    };
    let ((s_lo, s_hi), (e_lo, e_hi)) = (gains("RNNsearch"), gains("RNNencdec"));
    let bleu = |m: &Value, k: u64| -> f64 {
        let widths = m["beam"]["widths"].as_array().unwrap();
        num(&widths.iter().find(|w| w["k"] == k).unwrap()["overall"]["bleu"])
    };
    let gains5 = |model: &str| -> (f64, f64) {
        let g: Vec<f64> =
            runs.iter().filter(|m| m["model"] == model).map(|m| bleu(m, 5) - num(&m["overall"]["bleu"])).collect();
        (g.iter().copied().fold(f64::INFINITY, f64::min), g.iter().copied().fold(f64::NEG_INFINITY, f64::max))
    };
    let ((s5_lo, s5_hi), (e5_lo, e5_hi)) = (gains5("RNNsearch"), gains5("RNNencdec"));
    let ten_below_five = runs.iter().filter(|m| bleu(m, 10) < bleu(m, 5)).count();
    let worst_loss = -s_lo.min(e_lo);
    let mean = |model: &str, k: usize| spread_at(v, model, k).1.0;
    let shorter: Vec<f64> =
        runs.iter().map(|m| 100.0 * (1.0 - num(&m["words"]["10"]) / num(&m["words"]["1"]))).collect();
    let (short_lo, short_hi) =
        (shorter.iter().copied().fold(f64::INFINITY, f64::min), shorter.iter().copied().fold(0.0, f64::max));
    let greedy_words = |model: &str| -> Vec<u64> {
        runs.iter().filter(|m| m["model"] == model).map(|m| m["words"]["1"].as_u64().unwrap()).collect()
    };
    let sw = greedy_words("RNNsearch");
    let refs = num(&v["reference_words"]);
    let penalties: Vec<f64> = runs.iter().map(|m| (1.0 - refs / num(&m["words"]["10"])).min(0.0).exp()).collect();
    let short = |model: &str, k: usize| spread_at(v, model, k).0[0].clone();
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
            thousands(v["reference_words"].as_u64().unwrap()),
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
            if e10.1 < eg.1 { "falls" } else { "rises" },
            one(eg.1),
            one(e10.1),
            one(e10.2)
        ),
    ]
}

/// Every claim `claims` makes of the committed results stands in the chapter
/// word for word (whitespace aside).
fn chapter_says(claims: fn(&Value) -> Vec<String>) {
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

/// What the chapter says of `<unk>` replaced through α, from the results.
fn unk_claims(v: &Value) -> Vec<String> {
    let one = |x: f64| fmt_num(x, 1);
    let (plain, fixed) = (spread(v, "RNNsearch"), spread_replaced(v));
    let runs: Vec<&Value> = v["runs"].as_array().unwrap().iter().filter(|r| r["unk_replaced"].is_object()).collect();
    let n = |r: &Value, k: &str| r["unk_replaced"][k].as_u64().unwrap();
    let first = runs[0];
    let (written, filled, right) = (n(first, "written"), n(first, "filled"), n(first, "in_reference"));
    let gains: Vec<f64> =
        runs.iter().map(|r| num(&r["unk_replaced"]["overall"]["bleu"]) - num(&r["overall"]["bleu"])).collect();
    let (lo, hi) = gains.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &g| (a.min(g), b.max(g)));
    vec![
        format!(
            "moves RNNsearch from {} to {} BLEU over the whole test split (the mean of the {} seeds; the gain is {} to {} at each)",
            one(plain.1.0),
            one(fixed.1.0),
            runs.len(),
            signed(lo),
            signed(hi)
        ),
        format!(
            "At seed {} the model wrote {} `<unk>`; {} of them peak on a source word that can be copied, \
             and {} of the {} copied words occur in the sentence's reference",
            first["seed"],
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
