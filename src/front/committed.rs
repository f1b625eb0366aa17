//! The bar every toy experiment's report ends with: a rerun's numbers and
//! translations equal the committed files bit for bit, seed by seed, as
//! built into this binary.

use crate::experiments::bars::{Bar, Verdict};
use crate::experiments::results;
use crate::render::report_table::seed_list;
use crate::text::reports as R;

/// The committed files named, as built into this binary.
macro_rules! committed_files {
    ($($name:literal),* $(,)?) => { &[$(($name, include_str!(concat!("../experiments/results/", $name)))),*] };
}

/// The committed results as built into this binary (file name, contents),
/// so a report never depends on the folder the binary was built in. A test
/// checks that this lists every committed seed's files.
pub const COMMITTED: &[(&str, &str)] = committed_files![
    "bottleneck.json",
    "bottleneck-source.txt",
    "bottleneck-reference.txt",
    "bottleneck-seed1-rnnsearch.txt",
    "bottleneck-seed1-rnnencdec.txt",
    "bottleneck-seed2-rnnsearch.txt",
    "bottleneck-seed2-rnnencdec.txt",
    "bottleneck-seed3-rnnsearch.txt",
    "bottleneck-seed3-rnnencdec.txt",
    "bottleneck-seed4-rnnsearch.txt",
    "bottleneck-seed4-rnnencdec.txt",
    "bottleneck-seed5-rnnsearch.txt",
    "bottleneck-seed5-rnnencdec.txt",
    "bottleneck-seed1-rnnsearch-beam10.txt",
    "bottleneck-seed1-rnnencdec-beam10.txt",
    "bottleneck-seed2-rnnsearch-beam10.txt",
    "bottleneck-seed2-rnnencdec-beam10.txt",
    "bottleneck-seed3-rnnsearch-beam10.txt",
    "bottleneck-seed3-rnnencdec-beam10.txt",
    "bottleneck-seed4-rnnsearch-beam10.txt",
    "bottleneck-seed4-rnnencdec-beam10.txt",
    "bottleneck-seed5-rnnsearch-beam10.txt",
    "bottleneck-seed5-rnnencdec-beam10.txt",
    "scores.json",
    "scores-seed1-additive.txt",
    "scores-seed1-dot.txt",
    "scores-seed1-general.txt",
    "scores-seed1-scaled.txt",
    "scores-seed2-additive.txt",
    "scores-seed2-dot.txt",
    "scores-seed2-general.txt",
    "scores-seed2-scaled.txt",
    "scores-seed3-additive.txt",
    "scores-seed3-dot.txt",
    "scores-seed3-general.txt",
    "scores-seed3-scaled.txt",
    "scores-seed4-additive.txt",
    "scores-seed4-dot.txt",
    "scores-seed4-general.txt",
    "scores-seed4-scaled.txt",
    "scores-seed5-additive.txt",
    "scores-seed5-dot.txt",
    "scores-seed5-general.txt",
    "scores-seed5-scaled.txt",
];

/// One seed of a run: its seed, its JSON run object, its files (name, contents).
pub type SeedFiles = (u64, serde_json::Value, Vec<(String, String)>);

/// Whether a rerun's files (name, contents: each seed's numbers and
/// translations) equal the committed ones bit for bit, seed by seed, as
/// built into this binary (after BAHDANAU_BLESS=1, a rebuild compares with
/// the new ones). `per_seed` holds (seed, that seed's JSON run, its files);
/// seeds the committed results do not hold are named, not judged, and so are
/// a run's fields and files that a results format before this one did not have.
pub fn committed_bar(per_seed: &[SeedFiles], name: &str) -> Bar {
    let read = |file: &str| COMMITTED.iter().find(|(n, _)| *n == file).map(|(_, text)| text.to_string());
    let doc: serde_json::Value =
        read(&format!("{name}.json")).and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default();
    let committed_run = |k: u64| doc["runs"].as_array()?.iter().find(|r| r["seed"] == k).cloned();
    let (mut same, mut differ, mut absent, mut new) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (k, run, files) in per_seed {
        let Some(c) = committed_run(*k) else {
            absent.push(*k);
            continue;
        };
        let mut run = run.clone();
        if let (Some(fields), Some(held)) = (run.as_object_mut(), c.as_object()) {
            let missing: Vec<String> = fields.keys().filter(|f| !held.contains_key(*f)).cloned().collect();
            missing.iter().for_each(|f| drop(fields.remove(f)));
            new.extend(missing.into_iter().map(|f| R::RERUN_FIELD.fill(&[("field", &f)])));
        }
        let (held, unheld): (Vec<_>, Vec<_>) = files.iter().partition(|(f, _)| read(f).is_some());
        new.extend(unheld.into_iter().map(|(f, _)| f.clone()));
        match c == run && held.iter().all(|(f, text)| read(f).as_ref() == Some(text)) {
            true => same.push(*k),
            false => differ.push(*k),
        }
    }
    let list = |v: &[u64]| if v.is_empty() { R::RERUN_NONE.get().to_string() } else { seed_list(v.iter().copied()) };
    let file = format!("{}/{name}.json", results::DIR);
    let mut text = R::RERUN_SAME.fill(&[("file", &file), ("same", &list(&same)), ("differ", &list(&differ))]);
    if !absent.is_empty() {
        text += &R::RERUN_ABSENT.fill(&[("seeds", &list(&absent))]);
    }
    if !new.is_empty() {
        new.sort();
        new.dedup();
        text += &R::RERUN_NEW.fill(&[("what", &new.join(", "))]);
    }
    if same.is_empty() && differ.is_empty() {
        let text = R::RERUN_NOT_APPLICABLE.fill(&[("file", &file), ("seeds", &list(&absent))]);
        return Bar { verdict: Verdict::NotApplicable, text, why: None };
    }
    let why = (!differ.is_empty()).then(|| R::RERUN_DIFFER.fill(&[("seeds", &list(&differ))]));
    Bar { why, ..Bar::judged(differ.is_empty(), text) }
}

/// Each seed's JSON run object from results written as JSON text.
pub fn runs_json(json: &str) -> Vec<(u64, serde_json::Value)> {
    let doc: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
    doc["runs"]
        .as_array()
        .map_or(Vec::new(), |runs| runs.iter().filter_map(|r| Some((r["seed"].as_u64()?, r.clone()))).collect())
}

/// (seed, JSON run, that seed's files) of results, for [`committed_bar`].
pub fn per_seed_files(json: &str, files: &[(String, String)]) -> Vec<SeedFiles> {
    runs_json(json)
        .into_iter()
        .map(|(k, run)| {
            let tag = format!("-seed{k}-");
            (k, run, files.iter().filter(|(f, _)| f.contains(&tag)).cloned().collect())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed seed `k`'s run and files, as a rerun would give them.
    fn committed_seed(k: u64) -> SeedFiles {
        let files: Vec<(String, String)> = COMMITTED.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
        let json = COMMITTED[0].1;
        per_seed_files(json, &files).into_iter().find(|(seed, _, _)| *seed == k).expect("a committed seed")
    }

    #[test]
    fn the_committed_bar_is_met_by_the_committed_seed_and_fails_on_a_changed_number() {
        let same = committed_bar(&[committed_seed(1)], "bottleneck");
        assert!(same.met() && same.why.is_none(), "{}", same.text);
        let (k, mut run, files) = committed_seed(2);
        run["models"][0]["best_epoch"] = serde_json::json!(99);
        let changed = committed_bar(&[(k, run, files)], "bottleneck");
        assert!(changed.failed(), "{}", changed.text);
        assert!(changed.why.is_some_and(|w| w.contains("differ from the committed ones at seeds 2")));
    }

    #[test]
    fn the_committed_bar_cannot_apply_when_no_committed_seed_was_run() {
        let (_, run, _) = committed_seed(1);
        let bar = committed_bar(&[(6, run.clone(), vec![]), (7, run, vec![])], "bottleneck");
        assert_eq!(bar.verdict, Verdict::NotApplicable, "{}", bar.text);
        assert!(!bar.failed(), "a bar that cannot apply does not fail the run");
        assert!(bar.text.contains("not applicable, no committed seed was run (seeds 6, 7 are not committed"));
        let (text, met) = super::super::report_body::bars_text(&[bar]);
        assert!(met && text.contains("[N/A]"), "{text}");
    }
}
