//! The bottleneck experiment as text: BLEU by source length for both models,
//! the two curves as a terminal chart, and one long sentence with both
//! translations and RNNsearch's alignment.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{CellAlignment, ContentArrangement, Table};

use super::fit;
use crate::corpus::graded::bucket_count;
use crate::experiments::bottleneck::Score;
use crate::experiments::results::{Summary, committed};
use crate::repl::ExperimentView;
use crate::walkthrough::fmt_num;

/// One model's scores by length bucket, and over the whole test split.
pub type Curve<'a> = (&'a str, &'a [Score], &'a Score);

/// A table with the given header, every column but the first right-aligned.
pub fn aligned_table(header: Vec<String>, rows: Vec<Vec<String>>) -> String {
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Disabled);
    let cols = header.len();
    t.set_header(header);
    rows.into_iter().for_each(|r| {
        t.add_row(r);
    });
    for c in 1..cols {
        if let Some(col) = t.column_mut(c) {
            col.set_cell_alignment(CellAlignment::Right);
        }
    }
    t.to_string()
}

/// The per-length table: BLEU and exact matches of every model, then totals.
pub fn length_table(models: &[Curve]) -> String {
    let mut header = vec!["source words".to_string(), "sentences".to_string()];
    for (name, _, _) in models {
        header.push(format!("{name} BLEU"));
        header.push(format!("{name} exact"));
    }
    let rows = models.first().map_or(0, |m| m.1.len());
    let mut lines = Vec::new();
    for b in 0..=rows {
        let pick = |m: &Curve| if b < rows { m.1[b].clone() } else { m.2.clone() };
        let first = models.first().map(pick);
        let mut row = vec![
            first.as_ref().map_or(String::new(), |f| f.label.clone()),
            first.as_ref().map_or(String::new(), |f| f.sentences.to_string()),
        ];
        for m in models {
            let sc = pick(m);
            row.push(fmt_num(sc.bleu, 2));
            row.push(format!("{} %", fmt_num(100.0 * sc.exact as f64 / sc.sentences.max(1) as f64, 0)));
        }
        lines.push(row);
    }
    aligned_table(header, lines)
}

fn curves(s: &Summary) -> Vec<Curve<'_>> {
    s.models.iter().map(|m| (m.name.as_str(), &m.buckets[..], &m.overall)).collect()
}

/// The per-length table of both models, then their sizes and budget.
pub fn render_table(s: &Summary) -> String {
    let sizes: Vec<String> = s
        .models
        .iter()
        .map(|m| {
            format!("{} {} parameters (best held-out epoch {} of {})", m.name, m.parameters, m.best_epoch, s.epochs)
        })
        .collect();
    format!(
        "BLEU-4 of greedy translations of the test split, by source length in words:\n{}\n{}\n",
        length_table(&curves(s)),
        fit(&format!("Trained on the same {} pairs for {} epochs: {}.", s.n_train, s.epochs, sizes.join("; ")))
    )
}

/// BLEU against source length, every curve on one terminal chart (0 to 100);
/// `marks` gives each curve its letter.
pub fn length_chart(models: &[Curve], marks: &[char]) -> String {
    let cols = bucket_count();
    let mut out = String::from("BLEU\n");
    for level in (0..=10).rev() {
        let mut line = format!("{:>4} ┤", level * 10);
        for b in 0..cols {
            let here: Vec<char> = models
                .iter()
                .zip(marks)
                .filter(|(m, _)| m.1.get(b).is_some_and(|sc| (sc.bleu / 10.0).round() as usize == level))
                .map(|(_, c)| *c)
                .collect();
            let cell = match here.as_slice() {
                [] => ' ',
                [one] => *one,
                _ => '*',
            };
            line += &format!("   {cell}   ");
        }
        out += line.trim_end();
        out.push('\n');
    }
    out += &format!("     └{}\n      ", "───────".repeat(cols));
    for sc in models.first().map_or(&[][..], |m| m.1) {
        out += &format!("{:^7}", sc.label);
    }
    out = out.trim_end().to_string() + "\n      source words\n      ";
    let legend: Vec<String> = models.iter().zip(marks).map(|(m, c)| format!("{c} {}", m.0)).collect();
    let several = if models.len() == 2 { "both" } else { "more than one" };
    out + &legend.join("   ") + "   * " + several + "\n"
}

/// Both curves of the bottleneck experiment.
pub fn render_chart(s: &Summary) -> String {
    length_chart(&curves(s), &['S', 'E'])
}

/// Where `hyp` first differs from `reference` (1-based), and which words it
/// drops and adds, counted as multisets.
pub fn differences(hyp: &str, reference: &str) -> (Option<usize>, Vec<String>, Vec<String>) {
    let (h, r): (Vec<&str>, Vec<&str>) = (hyp.split_whitespace().collect(), reference.split_whitespace().collect());
    let first = (0..h.len().max(r.len())).find(|&k| h.get(k) != r.get(k)).map(|k| k + 1);
    let minus = |a: &[&str], b: &[&str]| {
        let mut rest: Vec<&str> = b.to_vec();
        let mut out = Vec::new();
        for w in a {
            match rest.iter().position(|x| x == w) {
                Some(k) => {
                    rest.swap_remove(k);
                }
                None => out.push(w.to_string()),
            }
        }
        out
    };
    (first, minus(&r, &h), minus(&h, &r))
}

/// α as one shade a cell (· ░ ▒ ▓ █), rows the target words, columns the
/// source positions numbered from 1; the words are listed below.
pub fn render_compact_alignment(a: &crate::model::Mat, rows: &[String], cols: &[String]) -> String {
    let label = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let ruler: String = (1..=a.ncols())
        .map(|k| match (k % 10, k % 5) {
            (0, _) => char::from_digit((k / 10 % 10) as u32, 10).unwrap_or('?'),
            (_, 0) => '┆',
            _ => ' ',
        })
        .collect();
    let mut out = format!("{:label$}  {}\n", "", ruler.trim_end());
    for (t, r) in rows.iter().enumerate() {
        let cells: String = (0..a.ncols())
            .map(|i| ['·', '░', '▒', '▓', '█'][(a[(t, i)].clamp(0.0, 1.0) * 4.0).round() as usize])
            .collect();
        out += &format!("{r:>label$}  {cells}\n");
    }
    let numbered: Vec<String> = cols.iter().enumerate().map(|(i, w)| format!("{}:{w}", i + 1)).collect();
    out + &fit(&format!(
        "The ruler above counts source positions (a dotted bar at 5, 15, …; the digit k at 10k):\n{}",
        numbered.join(" ")
    )) + "\n"
}

/// `label` in a column of 11, then `text` wrapped to the width with the
/// continuation lines under its first word.
fn labelled(label: &str, text: &str) -> String {
    super::layout::hang(&format!("{label:<10} "), text, super::width()).join("\n") + "\n"
}

/// The example: the sentence, the reference, each model's translation with
/// what it got wrong, and RNNsearch's alignment.
pub fn render_example(s: &Summary) -> String {
    let ex = &s.example;
    let strip = |w: &[String]| w.iter().filter(|w| *w != "<eos>").cloned().collect::<Vec<_>>().join(" ");
    let (source, reference) = (strip(&ex.source), strip(&ex.reference));
    let mut out = format!(
        "The first test sentence of the longest bucket ({} words, test sentence {}):\n\n",
        ex.source.len() - 1,
        ex.index + 1
    );
    out += &format!("{}\n{}", labelled("source", &source), labelled("reference", &reference));
    for m in &s.models {
        let (first, dropped, added) = differences(&m.example, &reference);
        let verdict = match first {
            None => "identical to the reference".to_string(),
            Some(k) => format!(
                "{} words; first difference at word {k} of {}; missing: {}; extra: {}",
                m.example.split_whitespace().count(),
                reference.split_whitespace().count(),
                if dropped.is_empty() { "none".into() } else { dropped.join(" ") },
                if added.is_empty() { "none".into() } else { added.join(" ") },
            ),
        };
        out += &format!("\n{}{}", labelled(&m.name, &m.example), labelled("", &format!("({verdict})")));
    }
    out += &format!(
        "\nRNNsearch's α for this sentence (teacher-forced on the reference), one row per target word:\n\n{}",
        render_compact_alignment(&ex.alignment, &ex.reference, &ex.source)
    );
    out
}

/// What `bottleneck` and `bottleneck example` print, from the committed results.
pub fn render_view(view: ExperimentView) -> String {
    let Some(s) = committed() else {
        return "The committed results could not be read: run cargo run --release -- --bottleneck-report\n".into();
    };
    match view {
        ExperimentView::Example => render_example(&s),
        _ => format!(
            "{}\n{}\nThese are the committed results of cargo run --release -- --bottleneck-report. \
             bottleneck example shows one long sentence; bottleneck run trains both models again here.\n",
            render_table(&s),
            render_chart(&s)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_name_the_first_wrong_word_and_the_multisets() {
        let (first, dropped, added) = differences("la zone zone et", "la zone et le fonds");
        assert_eq!(first, Some(3));
        assert_eq!(dropped, ["le", "fonds"]);
        assert_eq!(added, ["zone"]);
        assert_eq!(differences("a b", "a b"), (None, vec![], vec![]));
    }

    #[test]
    fn compact_alignment_has_one_shade_per_cell() {
        let a = crate::model::Mat::from_row_slice(2, 3, &[1.0, 0.0, 0.0, 0.0, 0.5, 0.5]);
        let text = render_compact_alignment(&a, &["la".into(), "zone".into()], &["the".into(), "A".into(), "B".into()]);
        assert!(text.contains("  la  █··\n") && text.contains("zone  ·▒▒\n"), "{text}");
        assert!(text.contains("1:the 2:A 3:B"));
    }
}
