//! The beam search as text: one table per target position (the live
//! hypotheses, their α_t, their best continuations and what became of each),
//! then the finished hypotheses ranked beside greedy decoding and the reference.

use super::heatmap::render_heatmap;
use super::style::Style;
use super::table::render_tensor;
use crate::decode::beam::BeamStep;
use crate::layout::{columns_of, pad};
use crate::model::Mat;
use crate::repl::Session;
use crate::repl::beam_run::{BeamReference, BeamRun, BeamShow, hypotheses};
use crate::text::beam as T;
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
    if columns_of(&all) <= room {
        return if all.is_empty() { T::NO_PREFIX.get().into() } else { all };
    }
    let mut out = String::new();
    for word in ws.iter().rev() {
        let next = if out.is_empty() { word.clone() } else { format!("{word} {out}") };
        if columns_of(&next) + 2 > room {
            break;
        }
        out = next;
    }
    format!("… {out}")
}

/// The table of one target position.
pub fn render_step(w: &Walkthrough, run: &BeamRun, step: &BeamStep, width: usize) -> String {
    let b = &run.beam;
    let head = if b.min_len > 0 { T::STEP_HEAD_MINLEN } else { T::STEP_HEAD };
    let head = head.fill(&[
        ("k", &b.k),
        ("norm", &run.norm.name()),
        ("minlen", &b.min_len),
        ("t", &step.t),
        ("live", &step.live.len()),
        ("room", &step.room),
    ]);
    let mut out = format!("{head}\n");
    if step.t <= b.min_len {
        out += &format!("{}\n", T::FORBIDDEN.fill(&[("n", &b.min_len)]));
    }
    // The prefix column is as wide as its widest entry, its heading or the
    // first position's "no prefix" (a Chinese character takes two columns).
    let longest = step.live.iter().map(|(ws, _)| columns_of(&words(w, ws).join(" "))).max().unwrap_or(0);
    let least = columns_of(T::COL_PREFIX.get()).max(columns_of(T::NO_PREFIX.get()));
    let pw = longest.clamp(least, width.saturating_sub(16).max(least));
    out += &format!(" h  {}  {:>10}\n", pad(T::COL_PREFIX.get(), pw), "log p");
    for (h, (ws, lp)) in step.live.iter().enumerate() {
        out += &format!("{:>2}  {}  {:>10}\n", h + 1, pad(&tail(&words(w, ws), pw), pw), fmt_num(*lp, DECIMALS));
    }
    out += &format!("{}\n", T::ALPHA_OF_EACH.fill(&[("t", &step.t)]));
    let alpha = Tensor {
        values: Mat::from_fn(step.alpha.len(), w.scenario.source.len(), |h, i| step.alpha[h][i]),
        rows: (1..=step.alpha.len()).map(|h| format!("h{h}")).collect(),
        cols: w.scenario.source.clone(),
    };
    out += &render_tensor(&alpha);
    out += &format!("\n{}\n", T::BEST_NEXT.get());
    let widest = w.target_vocab.tokens().iter().map(|t| columns_of(t)).max().unwrap_or(0);
    let ww = widest.min(width / 3).max(columns_of(T::COL_WORD.get()));
    out += &format!(" h  {}  {:>10}  {}\n", pad(T::COL_WORD.get(), ww), "log p", T::COL_FATE.get());
    let (live_next, mut fin) = (&mut 0, 0);
    for (h, cands) in step.top.iter().enumerate() {
        for (i, c) in cands.iter().enumerate() {
            let kept = step.kept.iter().position(|k| k.from == c.from && k.word == c.word);
            if i >= SHOWN && kept.is_none() {
                continue;
            }
            let fate = match kept {
                Some(r) if c.word == b.eos => T::FATE_FINISHED.fill(&[("r", &(r + 1))]),
                Some(r) => T::FATE_KEPT.fill(&[("r", &(r + 1))]),
                None => T::FATE_PRUNED.get().into(),
            };
            let word = pad(w.target_vocab.token(c.word), ww);
            out += &format!("{:>2}  {word}  {:>10}  {fate}\n", h + 1, fmt_num(c.log_p, DECIMALS));
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
    out += &T::FINISHED_AT.fill(&[("t", &step.t), ("fin", &fin), ("all", &finished), ("k", &b.k)]);
    out += "\n";
    if !survivors.is_empty() && step.t < b.max_len {
        let list = survivors.join(T::LIST_SEP.get());
        out += &format!("{}\n", T::LIVE_FOR.fill(&[("t", &(step.t + 1)), ("list", &list)]));
    } else if step.t >= b.max_len {
        out += &format!("{}\n", T::LENGTH_LIMIT.fill(&[("t", &b.max_len)]));
    }
    out
}

/// The finished hypotheses ranked, greedy's translation and the reference.
pub fn render_ranking(s: &Session, run: &BeamRun) -> String {
    let w = s.walk();
    let b = &run.beam;
    let ranked = run.ranked();
    let by = match run.norm.name().as_str() {
        "none" => T::BY_NONE.get().to_string(),
        "length" => T::BY_LENGTH.get().to_string(),
        n => T::BY_LP.fill(&[("norm", &n)]),
    };
    let head = T::ENDED_HEAD.fill_spaced(&[("t", &b.steps.len()), ("n", &ranked.len()), ("by", &by)]);
    let mut out = format!("{head}\n");
    let score = T::SCORE.get();
    for (r, h) in ranked.iter().enumerate() {
        let cut = if h.cut { T::CUT.get() } else { "" };
        out += &format!(
            "{:>2}  {score} {:>8}  log p {:>8}  |y| {}{cut}\n    {}\n",
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
        Some(h) if h.words == run.greedy => T::GREEDY_SAME,
        Some(h) if run.greedy_score > h.score => T::GREEDY_HIGHER,
        Some(h) if run.greedy_score == h.score => T::GREEDY_TIE,
        _ => T::GREEDY_LOWER,
    };
    let plain = if b.min_len > 0 { T::WITHOUT_MINLEN.get() } else { "" };
    out += &T::GREEDY_HEAD.fill(&[("plain", &plain), ("against", &against.get())]);
    out += &format!(
        "\n    {score} {}  log p {}  |y| {}\n    {}\n",
        fmt_num(run.greedy_score, DECIMALS),
        fmt_num(run.greedy_log_p, DECIMALS),
        run.greedy.len(),
        words(w, &run.greedy).join(" ")
    );
    out += &reference(&run.reference);
    out + T::ENDED_FOOT.get() + "\n"
}

/// The reference, said in full.
fn reference(r: &BeamReference) -> String {
    match r {
        BeamReference::Test { index, words } => {
            format!("{}\n    {} <eos>\n", T::REF_TEST.fill(&[("index", index)]), words.join(" "))
        }
        BeamReference::NotTest => format!("{}\n", T::REF_NOT_TEST.get()),
        BeamReference::Toy(fr) => format!("{}\n    {} <eos>\n", T::REF_TOY.get(), fr.join(" ")),
        BeamReference::OutsideToy => format!("{}\n", T::REF_OUTSIDE_TOY.get()),
    }
}

/// A beam reply: positions, ranking, or one hypothesis' α.
pub fn render_beam(s: &Session, show: BeamShow, style: Style) -> String {
    let Some(run) = s.beam() else { return format!("{}\n", T::NO_BEAM.get()) };
    let w = s.walk();
    match show {
        BeamShow::Steps { from } => {
            let steps = &run.beam.steps[from.saturating_sub(1)..];
            let mut out: Vec<String> = steps.iter().map(|st| render_step(w, run, st, crate::layout::width())).collect();
            if run.beam.done() {
                out.push(render_ranking(s, run));
            } else {
                out.push(format!("{}\n", T::MORE.get()));
            }
            out.join("\n")
        }
        BeamShow::Alpha { h, all } => {
            let hyps = hypotheses(run);
            let (ws, alpha) = &hyps[h - 1];
            let which = if run.beam.done() { T::ALPHA_FINISHED } else { T::ALPHA_LIVE };
            let rows = if all { 0 } else { alpha.len() - 1 };
            let t = Tensor {
                values: Mat::from_fn(alpha.len() - rows, w.scenario.source.len(), |r, i| alpha[rows + r][i]),
                rows: words(w, &ws[rows..]),
                cols: w.scenario.source.clone(),
            };
            let head = which.fill(&[("h", &h), ("words", &words(w, ws).join(" "))]);
            if all {
                format!("{head}\n{}\n{}", T::ITS_ALIGNMENT.get(), render_heatmap(&t, style))
            } else {
                let what = T::ITS_LAST_ALPHA.fill(&[("t", &alpha.len())]);
                format!("{head}\n{what}\n{}\n", render_tensor(&t))
            }
        }
    }
}
