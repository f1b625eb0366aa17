//! The experiments' bars: each a rule that every seed must meet, stated in
//! code before the runs that judge it, and reported with the number it
//! judged at every seed. The real corpus's are in [`real`].

pub mod real;

use super::beam::BeamSummary;
use super::json::ModelSummary;
use super::results::Summary;
use super::runner::Budget;
use super::sweep::SweepRow;
use crate::text::reports as R;
use crate::walkthrough::fmt_num;

/// How a bar came out on the runs it judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Met,
    Failed,
    /// Nothing it speaks of was run (a rerun of seeds that were never committed).
    NotApplicable,
}

/// One of the experiment's stated bars, with the numbers it judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub verdict: Verdict,
    pub text: String,
    /// For a failed bar: in one line, what the runs measured against what the bar asks.
    pub why: Option<String>,
}

impl Bar {
    /// A bar met or failed, as `met` says, with no line of why.
    pub fn judged(met: bool, text: String) -> Bar {
        Bar { verdict: if met { Verdict::Met } else { Verdict::Failed }, text, why: None }
    }

    pub fn met(&self) -> bool {
        self.verdict == Verdict::Met
    }

    /// Whether the bar fails the run (one that cannot apply does not).
    pub fn failed(&self) -> bool {
        self.verdict == Verdict::Failed
    }
}

/// What a rule asks, from its words: "at most 10" of "x at most 10".
fn asked(rule: &str) -> Option<&str> {
    let at = ["at most ", "at least ", "within ", "above "].iter().filter_map(|w| rule.rfind(w)).max()?;
    Some(&rule[at..])
}

/// "2, 3 and 4".
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => {
            let rest = rest.join(crate::text::variants::LIST_SEP.get());
            R::AND.fill(&[("rest", &rest), ("last", last)])
        }
    }
}

/// A bar judged on every seed: `values` holds (seed, the number judged);
/// met when `ok` holds at all of them (and there is at least one).
pub fn every_seed(rule: &str, values: &[(u64, f64)], ok: impl Fn(f64) -> bool) -> Bar {
    let passed = values.iter().filter(|(_, v)| ok(*v)).count();
    let colon = crate::text::place::COLON.get();
    let each: Vec<String> =
        values.iter().map(|(k, v)| format!("{k}{colon}{}{}", fmt_num(*v, 2), if ok(*v) { "" } else { " ✗" })).collect();
    let missed: Vec<&(u64, f64)> = values.iter().filter(|(_, v)| !ok(*v)).collect();
    let seeds: Vec<String> = missed.iter().map(|(k, _)| k.to_string()).collect();
    let numbers: Vec<String> = missed.iter().map(|(_, v)| fmt_num(*v, 2)).collect();
    let why = match (missed.is_empty(), values.is_empty()) {
        (_, true) => Some(R::NO_SEED_JUDGED.get().to_string()),
        (true, false) => None,
        (false, false) => {
            let text = if seeds.len() > 1 { R::SEEDS_MISSED } else { R::SEED_MISSED };
            let asked = asked(rule).unwrap_or(R::ASKED_OTHERWISE.get());
            let (seeds, numbers) = (and_list(&seeds), and_list(&numbers));
            Some(text.fill(&[("seeds", &seeds), ("numbers", &numbers), ("asked", &asked)]))
        }
    };
    let met = passed == values.len() && !values.is_empty();
    let text = bar_line(rule, passed, values.len(), &each);
    Bar { why: why.filter(|_| !met), ..Bar::judged(met, text) }
}

/// "RULE: 3 of 5 seeds (seed 1: …, seed 2: …)".
fn bar_line(rule: &str, passed: usize, n: usize, each: &[String]) -> String {
    let each = each.join(R::BAR_SEED_SEP.get());
    R::BAR_LINE.fill(&[("rule", &rule), ("passed", &passed), ("n", &n), ("each", &each)])
}

/// A yes-or-no bar judged on every seed, each seed's answer shown as yes or no.
pub fn every_seed_that(rule: &str, values: &[(u64, bool)]) -> Bar {
    let passed = values.iter().filter(|(_, v)| *v).count();
    let colon = crate::text::place::COLON.get();
    let each: Vec<String> =
        values.iter().map(|(k, v)| format!("{k}{colon}{}", if *v { R::YES } else { R::NO }.get())).collect();
    let seeds: Vec<String> = values.iter().filter(|(_, v)| !*v).map(|(k, _)| k.to_string()).collect();
    let met = passed == values.len() && !values.is_empty();
    let why = match seeds.is_empty() {
        true => R::NO_SEED_JUDGED.get().to_string(),
        false => {
            let text = if seeds.len() > 1 { R::SEEDS_NO } else { R::SEED_NO };
            text.fill(&[("seeds", &and_list(&seeds))])
        }
    };
    let text = bar_line(rule, passed, values.len(), &each);
    Bar { why: Some(why).filter(|_| !met), ..Bar::judged(met, text) }
}

// ANCHOR: bottleneck_bars
/// RNNsearch's BLEU on the longest bucket is within this of its shortest.
pub const SEARCH_MAX_DROP: f64 = 10.0;
/// RNNencdec's BLEU on the longest bucket is at least this below its shortest…
pub const ENCDEC_MIN_DROP: f64 = 30.0;
/// …while it reaches this on the shortest.
pub const ENCDEC_MIN_SHORT: f64 = 80.0;

/// (seed, BLEU on the shortest bucket, on the longest) of model `name`.
fn ends(s: &Summary, name: &str) -> Vec<(u64, f64, f64)> {
    s.runs
        .iter()
        .filter_map(|r| {
            let m = r.models.iter().find(|m| m.name == name)?;
            Some((r.seed, m.buckets.first()?.bleu, m.buckets.last()?.bleu))
        })
        .collect()
}

/// The bottleneck experiment's bars, each on every seed of results read back.
pub fn bottleneck(s: &Summary) -> Vec<Bar> {
    let drop = |name| -> Vec<(u64, f64)> {
        // (seed, BLEU on the shortest bucket − BLEU on the longest)
        let ends = ends(s, name);
        ends.iter().map(|&(k, first, last)| (k, first - last)).collect()
    };
    let short = |name| -> Vec<(u64, f64)> {
        // (seed, BLEU on the shortest bucket)
        ends(s, name).iter().map(|&(k, first, _)| (k, first)).collect()
    };
    let minus = "shortest bucket minus longest";
    vec![
        every_seed(
            &format!("RNNsearch: {minus} at most {SEARCH_MAX_DROP}"),
            &drop("RNNsearch"), // (seed, drop)
            |d| d <= SEARCH_MAX_DROP,
        ),
        every_seed(
            &format!("RNNencdec: {minus} at least {ENCDEC_MIN_DROP}"),
            &drop("RNNencdec"), // (seed, drop)
            |d| d >= ENCDEC_MIN_DROP,
        ),
        every_seed(
            &format!("RNNencdec: shortest bucket at least {ENCDEC_MIN_SHORT}"),
            &short("RNNencdec"), // (seed, BLEU)
            |b| b >= ENCDEC_MIN_SHORT,
        ),
        converged(s, "RNNsearch"),
        converged(s, "RNNencdec"),
    ]
}

// ANCHOR_END: bottleneck_bars

/// Training ended by the stopping rule, not at the cap: the model was
/// trained until its held-out loss stopped improving.
fn converged(s: &Summary, name: &str) -> Bar {
    let each: Vec<(u64, bool)> =
        s.runs.iter().filter_map(|r| Some((r.seed, r.models.iter().find(|m| m.name == name)?.converged()))).collect();
    every_seed_that(&ended_by_rule(name, &s.budget, s.n_train), &each)
}

/// The words of the bar that training ended by the rule.
pub fn ended_by_rule(name: &str, budget: &Budget, n_train: usize) -> String {
    let cap = match budget {
        Budget::Rule(r) => R::CAP_PAIRS.fill(&[("n", &r.cap)]),
        Budget::Epochs(n) => R::CAP_EPOCHS_PAIRS.fill(&[("n", n), ("pairs", &(n * n_train))]),
    };
    R::ENDED_BY_RULE.fill(&[("name", &name), ("cap", &cap)])
}

// ANCHOR: beam_bars
/// Beam K = 10 loses at most this much BLEU over the whole test split
/// against greedy decoding, for either model (it may gain any amount).
pub const BEAM_MAX_LOSS: f64 = 1.0;

/// Greedy against beam, on every seed: K = 1 gives greedy's translation of
/// every test sentence, and K = 10 is not worse than greedy overall by
/// more than [`BEAM_MAX_LOSS`].
pub fn beam(s: &Summary) -> Vec<Bar> {
    let (mut k1, mut loss) = (Vec::new(), Vec::new());
    for r in &s.runs {
        let pairs: Vec<_> = r.models.iter().zip(&r.beam).collect();
        let same = |(m, b): &Pair| b.k1_equal == m.overall.sentences;
        k1.push((r.seed, !pairs.is_empty() && pairs.iter().all(same)));
        loss.push((r.seed, worse_loss(&pairs)));
    }
    let rule = format!("greedy minus beam K = 10 BLEU at most {BEAM_MAX_LOSS}");
    vec![
        every_seed_that("beam K = 1 is greedy on every test sentence", &k1),
        every_seed(&rule, &loss, |d| d <= BEAM_MAX_LOSS),
    ]
}
// ANCHOR_END: beam_bars

/// A model's greedy numbers and its beam's, at one seed.
type Pair<'a> = (&'a ModelSummary, &'a BeamSummary);

/// Greedy minus beam K = 10 over the test split, the larger over the
/// models; ∞ (failing) when a model has no K = 10.
fn worse_loss(pairs: &[Pair]) -> f64 {
    let lost: Vec<f64> = pairs.iter().filter_map(|(m, b)| Some(m.overall.bleu - b.width(10)?.overall.bleu)).collect();
    match lost.len() == pairs.len() && !lost.is_empty() {
        true => lost.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        false => f64::INFINITY,
    }
}

// ANCHOR: scores_bars
/// Every score reaches this BLEU on the shortest bucket.
pub const SCORES_MIN_SHORT: f64 = 90.0;
/// No score loses this much from its shortest bucket to its longest (the
/// least RNNencdec must lose, [`ENCDEC_MIN_DROP`]).
pub const SCORES_MAX_DROP: f64 = ENCDEC_MIN_DROP;
/// At initialisation, unscaled dot's energies spread at least this many times
/// wider at the largest d_k than at the smallest…
pub const DOT_MIN_GROWTH: f64 = 4.0;
/// …while scaled dot's spread changes by less than this factor either way.
pub const SCALED_MAX_GROWTH: f64 = 2.0;

// ANCHOR_END: scores_bars

/// The scores experiment's bars, each on every seed of results read back.
pub fn scores(s: &super::scores_results::ScoresSummary) -> Vec<Bar> {
    let mut out = Vec::new();
    for name in s.names() {
        let ends: Vec<(u64, f64, f64)> = s
            .runs
            .iter()
            .filter_map(|r| {
                let b = &r.score(name)?.model.buckets;
                Some((r.seed, b.first()?.bleu, b.last()?.bleu))
            })
            .collect();
        let short: Vec<(u64, f64)> = ends.iter().map(|&(k, a, _)| (k, a)).collect();
        let drop: Vec<(u64, f64)> = ends.iter().map(|&(k, a, b)| (k, a - b)).collect();
        out.push(every_seed(&format!("{name}: shortest bucket at least {SCORES_MIN_SHORT}"), &short, |b| {
            b >= SCORES_MIN_SHORT
        }));
        out.push(every_seed(&format!("{name}: shortest bucket minus longest at most {SCORES_MAX_DROP}"), &drop, |d| {
            d <= SCORES_MAX_DROP
        }));
        let each: Vec<(u64, bool)> =
            s.runs.iter().filter_map(|r| Some((r.seed, r.score(name)?.model.converged()))).collect();
        out.push(every_seed_that(&ended_by_rule(name, &s.budget, s.n_train), &each));
    }
    out.extend(sweep(s));
    out
}

/// The sweep's bars: the unscaled spread grows with d_k and the scaled one
/// does not, at initialisation; and at the largest d_k, after the short
/// training, scaled dot's BLEU is above unscaled dot's.
fn sweep(s: &super::scores_results::ScoresSummary) -> Vec<Bar> {
    fn row<'a>(r: &'a super::scores_results::ScoresSeed, kind: &str, largest: bool) -> Option<&'a SweepRow> {
        let rows = r.sweep.iter().filter(|w| w.kind.name() == kind);
        if largest { rows.max_by_key(|w| w.d_k) } else { rows.min_by_key(|w| w.d_k) }
    }
    let growth = |kind: &str| -> Vec<(u64, f64)> {
        s.runs
            .iter()
            .filter_map(|r| Some((r.seed, row(r, kind, true)?.init.spread / row(r, kind, false)?.init.spread)))
            .collect()
    };
    let gap: Vec<(u64, f64)> = s
        .runs
        .iter()
        .filter_map(|r| Some((r.seed, row(r, "scaled", true)?.bleu - row(r, "dot", true)?.bleu)))
        .collect();
    vec![
        every_seed(
            &format!("sweep: dot's spread at init, largest d_k over smallest, at least {DOT_MIN_GROWTH}"),
            &growth("dot"),
            |g| g >= DOT_MIN_GROWTH,
        ),
        every_seed(
            &format!(
                "sweep: scaled dot's spread at init, largest d_k over smallest, within a factor {SCALED_MAX_GROWTH}"
            ),
            &growth("scaled"),
            |g| (1.0 / SCALED_MAX_GROWTH..=SCALED_MAX_GROWTH).contains(&g),
        ),
        every_seed("sweep: at the largest d_k, scaled dot's BLEU minus dot's above 0", &gap, |g| g > 0.0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_is_met_only_when_every_seed_meets_it() {
        let b = every_seed("x at most 1", &[(1, 0.5), (2, 2.0), (3, 3.0)], |v| v <= 1.0);
        assert!(b.failed());
        assert_eq!(b.text, "x at most 1: 1 of 3 seeds (seed 1: 0.50, seed 2: 2.00 ✗, seed 3: 3.00 ✗)");
        assert_eq!(b.why.as_deref(), Some("seeds 2 and 3 measured 2.00 and 3.00, where the bar asks at most 1"));
        let met = every_seed("x", &[(1, 0.5)], |v| v <= 1.0);
        assert!(met.met() && met.why.is_none());
        assert!(every_seed("x", &[], |_| true).failed(), "no seed, no pass");
        let no = every_seed_that("y", &[(1, true), (2, false)]);
        assert!(no.failed());
        assert_eq!(no.why.as_deref(), Some("the answer was no at seed 2, where the bar asks yes at every seed"));
    }
}
