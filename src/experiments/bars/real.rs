//! The real-corpus experiment's bars: RNNsearch over the copy baseline and
//! over RNNencdec, both curves drawn, greedy against beam, α peaked on the
//! example sentences, training ended by the rule, and a rerun equal to the
//! committed results; each judged on the results read back.

use super::{BEAM_MAX_LOSS, Bar, ended_by_rule, every_seed, every_seed_that};
use crate::experiments::real::OVER_COPY;
use crate::experiments::real::summary::{MODELS, RealSummary, RunSummary};
use crate::text::real as T;
use crate::walkthrough::{fmt_num, signed};

/// The experiment's bars, each on its results read back.
pub fn bars(r: &RealSummary) -> Vec<Bar> {
    let copy = r.copy.1.bleu;
    let searches: Vec<f64> = r.across("RNNsearch").map(|m| m.model.overall.bleu).collect();
    let worst = searches.iter().copied().fold(f64::INFINITY, f64::min);
    let measured = r.measured;
    let drawn = |name: &str| r.spread_at(name, 1).buckets.len() == measured;
    let runs = &r.runs;
    let agree = runs.iter().filter(|m| m.beam.k1_equal == m.model.overall.sentences).count();
    let lost = runs.iter().map(|m| m.beam_gain().map_or(f64::INFINITY, |g| -g)).fold(f64::NEG_INFINITY, f64::max);
    let mut all = vec![
        Bar::judged(
            !searches.is_empty() && worst >= copy + OVER_COPY,
            T::BAR_OVER_COPY.fill(&[
                ("bar", &OVER_COPY.to_string()),
                ("worst", &fmt_num(worst.min(100.0), 2)),
                ("copy", &fmt_num(copy, 2)),
            ]),
        ),
        Bar::judged(measured > 0 && drawn("RNNsearch") && drawn("RNNencdec"), T::BAR_DRAWN.fill(&[("n", &measured)])),
        Bar::judged(
            !runs.is_empty() && agree == runs.len(),
            T::BAR_K1.fill(&[("agree", &agree), ("runs", &runs.len())]),
        ),
        Bar::judged(
            !runs.is_empty() && lost <= BEAM_MAX_LOSS,
            T::BAR_BEAM_LOSS.fill(&[
                ("bar", &BEAM_MAX_LOSS.to_string()),
                ("lost", &if lost.is_finite() { signed(lost) } else { T::NO_K10.get().into() }),
            ]),
        ),
    ];
    all.push(above_encdec(r));
    all.push(peaked(r));
    for name in MODELS {
        let each: Vec<(u64, bool)> = r.across(name).map(|m| (m.seed, m.model.converged())).collect();
        let words = ended_by_rule(name, &r.config.run.budget, r.pairs.0);
        all.push(every_seed_that(&words, &each));
    }
    all
}

/// The buckets a bar on real data judges: those with at least this many test sentences.
pub const BUCKET_SENTENCES: usize = 50;

/// RNNsearch above RNNencdec in every bucket of at least [`BUCKET_SENTENCES`]
/// test sentences, at every seed.
fn above_encdec(r: &RealSummary) -> Bar {
    let judged = |m: &RunSummary| -> Vec<f64> {
        m.model.buckets.iter().filter(|b| b.sentences >= BUCKET_SENTENCES).map(|b| b.bleu).collect()
    };
    let each: Vec<(u64, f64)> = r
        .across("RNNsearch")
        .filter_map(|m| {
            let e = r.across("RNNencdec").find(|e| e.seed == m.seed)?;
            let lead = judged(m).iter().zip(judged(e)).map(|(a, b)| a - b).fold(f64::INFINITY, f64::min);
            Some((m.seed, lead))
        })
        .collect();
    every_seed(&T::BAR_ABOVE.fill(&[("n", &BUCKET_SENTENCES)]), &each, |d| d > 0.0)
}

/// The Figure 3 sentences: the mean of each α row's largest weight at least 0.5.
fn peaked(r: &RealSummary) -> Bar {
    let peaks: Vec<f64> = r
        .examples
        .iter()
        .filter_map(|ex| ex.alignment.as_ref())
        .flat_map(|a| a.row_iter().map(|row| row.iter().copied().fold(0.0, f64::max)).collect::<Vec<_>>())
        .collect();
    let mean = peaks.iter().sum::<f64>() / peaks.len().max(1) as f64;
    Bar::judged(!peaks.is_empty() && mean >= 0.5, T::BAR_PEAKED.fill(&[("mean", &fmt_num(mean, 2))]))
}

/// Every run's numbers against the committed results' (its times aside,
/// which no two runs share): the same at which seeds.
pub fn committed(r: &RealSummary) -> Bar {
    let committed = crate::experiments::real::summary::committed();
    let held: Vec<RunSummary> = committed.iter().flat_map(|c| c.runs.iter().map(RunSummary::untimed)).collect();
    let same = committed.is_some_and(|c| c.config == r.config && c.examples == r.examples);
    // One answer a seed: yes when every run of that seed (both models) matches.
    let mut each: Vec<(u64, bool)> = Vec::new();
    for m in &r.runs {
        let (seed, equal) = (m.seed, same && held.contains(&m.untimed()));
        match each.iter_mut().find(|(k, _)| *k == seed) {
            Some(entry) => entry.1 &= equal,
            None => each.push((seed, equal)),
        }
    }
    every_seed_that(&T::BAR_RERUN.fill(&[]), &each)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_results_meet_their_own_rerun_bar_one_answer_a_seed() {
        let v = crate::experiments::real::summary::committed().expect("real.json is readable");
        let mut timed = v.clone();
        timed.runs[0].times.train_secs = 1.0e9;
        let bar = committed(&timed);
        assert!(bar.met(), "times aside, the committed runs are themselves: {}", bar.text);
        assert!(bar.text.contains("3 of 3 seeds"), "one answer a seed, not a run: {}", bar.text);
        let mut changed = v.clone();
        changed.runs[1].model.overall.bleu = 99.0;
        let bar = committed(&changed);
        assert!(bar.failed() && bar.text.contains("2 of 3 seeds"), "{}", bar.text);
    }
}
