//! The scores experiment as text: BLEU by length for every score, when each
//! alignment formed and how peaked it ended, and the √d_k sweep.

use super::bottleneck::{Curve, aligned_table, length_chart};
use super::charts::line_chart_svg;
use super::fit;
use crate::experiments::bottleneck::Score;
use crate::experiments::scores::{FORMED, WATCH_EVERY};
use crate::experiments::scores_results::ScoreSummary;
use crate::experiments::scores_results::{ScoresSummary, committed};
use crate::experiments::sweep::SweepStats;
use crate::repl::ExperimentView;
use crate::walkthrough::fmt_num;

fn curves(s: &ScoresSummary) -> Vec<Curve<'_>> {
    s.scores.iter().map(|m| (m.name.as_str(), &m.buckets[..], &m.overall)).collect()
}

/// BLEU and exact matches by length, one column per score.
pub fn render_length_table(s: &ScoresSummary) -> String {
    let cell = |b: &Score| {
        format!("{} ({} %)", fmt_num(b.bleu, 2), fmt_num(100.0 * b.exact as f64 / b.sentences.max(1) as f64, 0))
    };
    let rows_n = s.scores.first().map_or(0, |m| m.buckets.len());
    let rows = (0..=rows_n)
        .map(|b| {
            let pick = |m: &ScoreSummary| if b < rows_n { m.buckets[b].clone() } else { m.overall.clone() };
            let first = s.scores.first().map(pick);
            let mut row = vec![
                first.as_ref().map_or(String::new(), |f| f.label.clone()),
                first.as_ref().map_or(String::new(), |f| f.sentences.to_string()),
            ];
            row.extend(s.scores.iter().map(|m| cell(&pick(m))));
            row
        })
        .collect();
    let mut header = vec!["source words".to_string(), "sentences".to_string()];
    header.extend(s.scores.iter().map(|m| m.name.clone()));
    format!(
        "BLEU-4 of greedy translations of the test split by source length in words (exact matches):\n{}\n",
        aligned_table(header, rows)
    )
}

/// Per score: size, best epoch, when the alignment formed, and how it ended.
pub fn render_alignment_table(s: &ScoresSummary) -> String {
    let rows = s
        .scores
        .iter()
        .map(|m| {
            vec![
                m.name.clone(),
                m.parameters.to_string(),
                format!("{} of {}", m.best_epoch, s.epochs),
                m.formed_after.map_or("never".to_string(), |p| p.to_string()),
                format!("{} %", fmt_num(100.0 * m.test_accuracy, 1)),
                fmt_num(m.test_entropy, 3),
                fmt_num(m.overall.bleu, 2),
            ]
        })
        .collect();
    let header =
        ["score", "parameters", "best epoch", "pairs until aligned", "nouns, adj. aligned", "H(α) nats", "BLEU"];
    format!(
        "{}\n{}\n",
        aligned_table(header.map(String::from).to_vec(), rows),
        fit(&format!(
            "Trained on the same {} pairs for {} epochs each. \"Aligned\": the share of nouns and adjectives whose \
             largest α falls on the source word they translate (determiners take their gender from the noun, so \
             a model may rightly look there instead). \"Pairs until aligned\": training pairs seen when the \
             held-out share, measured every {} pairs, first came within {} points of where training left it. \
             The last three columns are on the test split, the α columns teacher-forced.",
            s.n_train,
            s.epochs,
            WATCH_EVERY,
            fmt_num(100.0 * FORMED, 0)
        ))
    )
}

fn stats_cells(st: &SweepStats) -> [String; 4] {
    [fmt_num(st.spread, 2), fmt_num(st.entropy, 3), fmt_num(st.jacobian, 3), fmt_num(st.grad, 4)]
}

/// The √d_k sweep: dot and scaled dot at each d_k, at initialisation and trained.
pub fn render_sweep(s: &ScoresSummary) -> String {
    let mut rows = Vec::new();
    for w in &s.sweep {
        let mut row = vec![w.d_k.to_string(), w.kind.name().to_string()];
        row.extend(stats_cells(&w.init));
        row.extend(stats_cells(&w.trained));
        row.push(fmt_num(w.bleu, 1));
        rows.push(row);
    }
    let header = ["d_k", "score", "spread e", "H(α)", "‖J‖", "‖∂W_q‖", "spread e", "H(α)", "‖J‖", "‖∂W_q‖", "BLEU"];
    let (pairs, epochs, probe) = s.sweep_budget;
    format!(
        "The √d_k sweep, q = W_q s_{{t-1}} and k_i = W_k h_i of length d_k; columns 3–6 at initialisation, \
         7–11 after training:\n{}\n{}\n",
        aligned_table(header.map(String::from).to_vec(), rows),
        fit(&format!(
            "Measured teacher-forced on {probe} held-out pairs (the spread is the standard deviation of e_t over \
             the source, ‖J‖ the Frobenius norm of the softmax Jacobian diag(α) − ααᵀ, ‖∂W_q‖ that of the \
             gradient reaching the query weights). The short training budget, {pairs} pairs for {epochs} epochs, \
             keeps the {} models within seconds; BLEU is on the same {probe} pairs.",
            s.sweep.len()
        ))
    )
}

/// The BLEU curves of every score on one terminal chart.
pub fn render_chart(s: &ScoresSummary) -> String {
    length_chart(&curves(s), &['A', 'D', 'G', 'S'])
}

/// The middle of a bucket label "lo–hi", for a chart's x-axis.
fn mid(label: &str) -> f64 {
    let (lo, hi) = label.split_once('–').unwrap_or((label, label));
    (lo.parse::<f64>().unwrap_or(0.0) + hi.parse::<f64>().unwrap_or(0.0)) / 2.0
}

/// The book's figures, drawn from results: (path from the crate's root, SVG).
pub fn figures(s: &ScoresSummary) -> Vec<(&'static str, String)> {
    let bleu: Vec<(&str, Vec<(f64, f64)>)> = s
        .scores
        .iter()
        .map(|m| (m.name.as_str(), m.buckets.iter().map(|b| (mid(&b.label), b.bleu)).collect()))
        .collect();
    let accuracy: Vec<(&str, Vec<(f64, f64)>)> = s
        .scores
        .iter()
        .map(|m| (m.name.as_str(), m.held_out_accuracy.iter().map(|&(n, a)| (n as f64 / 1000.0, 100.0 * a)).collect()))
        .collect();
    let mut entropy: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    for (when, trained) in [("at init", false), ("trained", true)] {
        for kind in ["dot", "scaled"] {
            let pts = s
                .sweep
                .iter()
                .filter(|w| w.kind.name() == kind)
                .map(|w| ((w.d_k as f64).log2(), if trained { w.trained.entropy } else { w.init.entropy }))
                .collect();
            entropy.push((format!("{kind}, {when}"), pts));
        }
    }
    let entropy: Vec<(&str, Vec<(f64, f64)>)> = entropy.iter().map(|(n, p)| (n.as_str(), p.clone())).collect();
    vec![
        (
            "chapters/figures/scores-bleu.svg",
            line_chart_svg(&bleu, None, "source sentence length in words: BLEU-4 on the test split"),
        ),
        (
            "chapters/figures/scores-alignment.svg",
            line_chart_svg(
                &accuracy,
                None,
                "thousands of training pairs seen: % of held-out nouns and adjectives aligned",
            ),
        ),
        ("chapters/figures/scores-sqrt-dk.svg", line_chart_svg(&entropy, None, "log₂ d_k: mean entropy of α in nats")),
    ]
}

/// What `scores`, `scores sweep` print, from the committed results.
pub fn render_view(view: ExperimentView) -> String {
    let Some(s) = committed() else {
        return "The committed results could not be read: run cargo run --release -- --scores-report\n".into();
    };
    match view {
        ExperimentView::Sweep => format!(
            "{}\nThese are the committed results of cargo run --release -- --scores-report.\n",
            render_sweep(&s)
        ),
        _ => format!(
            "{}\n{}\n{}\nThese are the committed results of cargo run --release -- --scores-report. \
             scores sweep shows the √d_k sweep; scores run trains every score again here.\n",
            render_length_table(&s),
            render_alignment_table(&s),
            render_chart(&s)
        ),
    }
}
