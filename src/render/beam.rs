//! The beam search as text: one table per target position (the live
//! hypotheses, their α_t, their best continuations and what became of each),
//! then the finished hypotheses ranked beside greedy decoding and the reference.

use super::heatmap::render_heatmap;
use super::style::Style;
use super::table::render_tensor;
use crate::decode::beam::BeamStep;
use crate::model::Mat;
use crate::repl::Session;
use crate::repl::beam_run::{BeamReference, BeamRun, BeamShow, hypotheses};
use crate::walkthrough::{Tensor, Walkthrough, fmt_num};

const DECIMALS: usize = 4;
/// How many continuations of each hypothesis a table lists besides the survivors.
pub const SHOWN: usize = 3;

fn words(w: &Walkthrough, ids: &[usize]) -> Vec<String> {
    ids.iter().map(|&i| w.target_vocab.token(i).to_string()).collect()
}

/// The last words of `ws` that fit in `room` columns, "…" in front if cut.
fn tail(ws: &[String], room: usize) -> String {
    let all = ws.join(" ");
    if all.chars().count() <= room {
        return if all.is_empty() { "(none: <bos>)".into() } else { all };
    }
    let mut out = String::new();
    for word in ws.iter().rev() {
        let next = if out.is_empty() { word.clone() } else { format!("{word} {out}") };
        if next.chars().count() + 2 > room {
            break;
        }
        out = next;
    }
    format!("… {out}")
}

/// The table of one target position.
pub fn render_step(w: &Walkthrough, run: &BeamRun, step: &BeamStep, width: usize) -> String {
    let b = &run.beam;
    let guard = if b.min_len > 0 { format!(", minlen={}", b.min_len) } else { String::new() };
    let mut out = format!(
        "beam K={} (norm={}{guard}), t={}: {} live, room for {}\n",
        b.k,
        run.norm.name(),
        step.t,
        step.live.len(),
        step.room
    );
    if step.t <= b.min_len {
        out += &format!("<eos> is forbidden up to t={} (minlen): no hypothesis may end yet.\n", b.min_len);
    }
    let longest = step.live.iter().map(|(ws, _)| words(w, ws).join(" ").chars().count()).max().unwrap_or(0);
    let pw = longest.clamp(13, width.saturating_sub(16).max(13));
    out += &format!(" h  {:<pw$}  {:>10}\n", "prefix y_<t", "log p");
    for (h, (ws, lp)) in step.live.iter().enumerate() {
        out += &format!("{:>2}  {:<pw$}  {:>10}\n", h + 1, tail(&words(w, ws), pw), fmt_num(*lp, DECIMALS));
    }
    out += &format!("α_{} of each over the source:\n", step.t);
    let alpha = Tensor {
        values: Mat::from_fn(step.alpha.len(), w.scenario.source.len(), |h, i| step.alpha[h][i]),
        rows: (1..=step.alpha.len()).map(|h| format!("h{h}")).collect(),
        cols: w.scenario.source.clone(),
    };
    out += &render_tensor(&alpha);
    out += "\nbest continuations, log p = log p(prefix) + ln p(word):\n";
    let ww = w.target_vocab.tokens().iter().map(|t| t.chars().count()).max().unwrap_or(5).min(width / 3);
    out += &format!(" h  {:<ww$}  {:>10}  fate\n", "word", "log p");
    let (live_next, mut fin) = (&mut 0, 0);
    for (h, cands) in step.top.iter().enumerate() {
        for (i, c) in cands.iter().enumerate() {
            let kept = step.kept.iter().position(|k| k.from == c.from && k.word == c.word);
            if i >= SHOWN && kept.is_none() {
                continue;
            }
            let fate = match kept {
                Some(r) if c.word == b.eos => format!("finished (rank {})", r + 1),
                Some(r) => format!("kept (rank {})", r + 1),
                None => "pruned".into(),
            };
            let word = w.target_vocab.token(c.word);
            out += &format!("{:>2}  {word:<ww$}  {:>10}  {fate}\n", h + 1, fmt_num(c.log_p, DECIMALS));
        }
    }
    let survivors: Vec<String> = step
        .kept
        .iter()
        .filter(|k| {
            let ended = k.word == b.eos;
            fin += usize::from(ended);
            !ended
        })
        .map(|k| {
            *live_next += 1;
            let mut ws = step.live[k.from].0.clone();
            ws.push(k.word);
            format!("h{} = {}", live_next, words(w, &ws).join(" "))
        })
        .collect();
    let finished = b.k - step.room + fin;
    out += &format!("Finished at t={}: {fin}; finished in all: {finished} of K={}.\n", step.t, b.k);
    if !survivors.is_empty() && step.t < b.max_len {
        out += &format!("Live for t={}: {}.\n", step.t + 1, survivors.join("; "));
    } else if step.t >= b.max_len {
        out += &format!("t={} is the length limit 2 T_x + 10: the live ones are set aside, cut.\n", b.max_len);
    }
    out
}

/// The finished hypotheses ranked, greedy's translation and the reference.
pub fn render_ranking(s: &Session, run: &BeamRun) -> String {
    let w = s.walk();
    let b = &run.beam;
    let ranked = run.ranked();
    let mut out = format!(
        "The search ended after t={}: {} finished, ranked by {}:\n",
        b.steps.len(),
        ranked.len(),
        match run.norm.name().as_str() {
            "none" => "log p (norm=none, as GroundHog by default)".to_string(),
            "length" => "log p / |y| (norm=length)".to_string(),
            n => format!("log p / lp(y) (norm={n})"),
        }
    );
    for (r, h) in ranked.iter().enumerate() {
        let cut = if h.cut { ", cut: no <eos>" } else { "" };
        out += &format!(
            "{:>2}  score {:>8}  log p {:>8}  |y| {}{cut}\n    {}\n",
            r + 1,
            fmt_num(h.score, DECIMALS),
            fmt_num(h.log_p, DECIMALS),
            h.words.len(),
            words(w, &h.words).join(" ")
        );
    }
    if let Some(h) = ranked.first() {
        let ws = words(w, &h.words);
        if ws.iter().any(|x| x == crate::decode::unk::UNK) {
            let cols = h.alpha.first().map_or(0, |a| a.len());
            let alpha = crate::model::Mat::from_fn(h.alpha.len(), cols, |t, i| h.alpha[t][i]);
            let (replaced, fills) = s.unk_replaced(&ws, &alpha);
            out += &super::unk::unk_lines(&replaced, &fills);
        }
    }
    // The beam's choice is the best it finished, not the best there is:
    // greedy may score higher when the beam did not keep it to the end.
    let against = match ranked.first() {
        Some(h) if h.words == run.greedy => "the beam's choice too",
        Some(h) if run.greedy_score > h.score => {
            "scores higher than the beam's choice: the beam did not keep it to the end, a search error"
        }
        Some(h) if run.greedy_score == h.score => "not the beam's choice, with the same score",
        _ => "scores lower than the beam's choice",
    };
    let plain = if b.min_len > 0 { ", without minlen" } else { "" };
    out += &format!(
        "greedy, K=1{plain} ({against}):\n    score {}  log p {}  |y| {}\n    {}\n",
        fmt_num(run.greedy_score, DECIMALS),
        fmt_num(run.greedy_log_p, DECIMALS),
        run.greedy.len(),
        words(w, &run.greedy).join(" ")
    );
    out += &reference(&run.reference);
    out + "show alpha h=1 and alignment h=1 show a hypothesis' α; beam off goes back to the walkthrough.\n"
}

/// The reference, said in full.
fn reference(r: &BeamReference) -> String {
    match r {
        BeamReference::Test { index, words } => {
            format!("reference (test sentence {index} of the corpus):\n    {} <eos>\n", words.join(" "))
        }
        BeamReference::NotTest => "No reference: the source is not the corpus's test sentence.\n".into(),
        BeamReference::Toy(fr) => format!("reference (the toy grammar's):\n    {} <eos>\n", fr.join(" ")),
        BeamReference::OutsideToy => "No reference: the source is outside the toy grammar.\n".into(),
    }
}

/// A beam reply: positions, ranking, or one hypothesis' α.
pub fn render_beam(s: &Session, show: BeamShow, style: Style) -> String {
    let Some(run) = s.beam() else { return "There is no beam: type beam 3 to start one.\n".into() };
    let w = s.walk();
    match show {
        BeamShow::Steps { from } => {
            let steps = &run.beam.steps[from.saturating_sub(1)..];
            let mut out: Vec<String> = steps.iter().map(|st| render_step(w, run, st, crate::layout::width())).collect();
            if run.beam.done() {
                out.push(render_ranking(s, run));
            } else {
                out.push("Enter: the next position; run: to the end; show alpha h=1, alignment h=1.\n".into());
            }
            out.join("\n")
        }
        BeamShow::Alpha { h, all } => {
            let hyps = hypotheses(run);
            let (ws, alpha) = &hyps[h - 1];
            let which = if run.beam.done() { "finished hypothesis" } else { "live hypothesis" };
            let rows = if all { 0 } else { alpha.len() - 1 };
            let t = Tensor {
                values: Mat::from_fn(alpha.len() - rows, w.scenario.source.len(), |r, i| alpha[rows + r][i]),
                rows: words(w, &ws[rows..]),
                cols: w.scenario.source.clone(),
            };
            let head = format!("{which} {h}: {}\n", words(w, ws).join(" "));
            if all {
                format!(
                    "{head}its alignment: row t is the α_t with which it chose word t\n{}",
                    render_heatmap(&t, style)
                )
            } else {
                format!(
                    "{head}α_{}: where it looked while choosing its last word\n{}\n",
                    alpha.len(),
                    render_tensor(&t)
                )
            }
        }
    }
}
