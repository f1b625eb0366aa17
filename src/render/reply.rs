//! A REPL reply as text. The session is read only for labels and positions.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{ContentArrangement, Table};

use super::heatmap::render_heatmap;
use super::step::render_step;
use super::style::Style;
use super::table::render_tensor;
use super::training;
use super::variants::qkv::render_step_qkv;
use crate::layout::{fit, width};
use crate::repl::{Reply, Session};
use crate::text::place as P;
use crate::text::replies as R;
use crate::variants::qkv::relabel;
use crate::walkthrough::{StepRef, Tensor};
use crate::weights::Origin;

/// A small table of words; at a narrow width its longest cells wrap inside their columns.
fn table(header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic).force_no_tty();
    t.set_width(u16::try_from(width()).unwrap_or(u16::MAX));
    t.set_header(header.to_vec());
    t
}

/// "step 10 (10 of 42) · t = 1 of 5 (writing "la"): α_t"
pub fn place(s: &Session, step: StepRef) -> String {
    let k = s.index_of(step).map_or(0, |k| k + 1);
    let w = s.walk();
    let at = match step.t {
        Some(t) => {
            let word = w.scenario.target.get(t - 1).map_or("", String::as_str);
            P::AT_T.fill(&[("t", &t), ("t_y", &w.trace.steps.len()), ("word", &word)])
        }
        None => String::new(),
    };
    let head = P::STEP_HEAD.fill(&[("id", &format!("{:02}", step.id)), ("k", &k), ("n", &s.order().len())]);
    format!("{head}{at}{}{}", P::COLON.get(), step.info().symbol)
}

/// Where the learner is, and what Enter shows next.
pub fn where_line(s: &Session) -> String {
    let next = s.order().get(s.shown()).map_or(P::WHERE_LAST.get().to_string(), |n| {
        P::WHERE_NEXT.fill(&[("id", &format!("{:02}", n.id)), ("symbol", &n.info().symbol)])
    });
    match s.current() {
        Some(step) => P::WHERE_AT.fill(&[("place", &place(s, step)), ("next", &next)]),
        None => P::WHERE_BEFORE.fill(&[("n", &s.order().len())]),
    }
}

/// For the views whose meaning depends on learning (α, p, the alignment, the
/// decoded words): a warning when the weights are an untrained draw.
fn untrained_note(s: &Session) -> String {
    match s.origin() {
        Origin::Untrained { seed } => {
            let trained = crate::train::TrainConfig::DEFAULT.init_seed;
            crate::text::replies::UNTRAINED_NOTE.fill(&[("seed", &seed), ("trained", &trained)]) + "\n"
        }
        _ => String::new(),
    }
}

/// One step as this session shows it: in Q/K/V terms if asked, and with a
/// warning on α, p and A when the weights are untrained.
pub fn step_in_session(s: &Session, step: StepRef) -> Option<String> {
    let w = s.walk();
    let text = if s.qkv() { render_step_qkv(w, step) } else { render_step(w, step) };
    let warn = if matches!(step.id, 10 | 13 | 14) { fit(&untrained_note(s)) } else { String::new() };
    text.map(|t| t + &warn)
}

/// The text of `reply`; `Steps` shows every step in turn.
pub fn render_reply(reply: &Reply, s: &Session, style: Style) -> String {
    fit(&reply_text(reply, s, style))
}

fn reply_text(reply: &Reply, s: &Session, style: Style) -> String {
    let w = s.walk();
    let step_text = |st: StepRef| step_in_session(s, st);
    match reply {
        Reply::Nothing | Reply::Quit => String::new(),
        Reply::Step(step) => step_text(*step).unwrap_or_default(),
        Reply::Steps { steps, interrupted } => {
            let mut out: Vec<String> = steps.iter().filter_map(|st| step_text(*st)).collect();
            if *interrupted {
                out.push(R::INTERRUPTED.fill(&[("where", &where_line(s))]) + "\n");
            }
            out.join("\n")
        }
        Reply::Where(_) => format!("{}\n{}\n", where_line(s), s.origin().sentence()),
        Reply::Formula(step) => {
            let i = step.info();
            let formula = relabel(step.id).filter(|_| s.qkv()).map_or(i.formula.get(), |(_, f)| f);
            format!("{}\n{}{formula}\n{}{}\n", place(s, *step), P::FORMULA.get(), P::SHAPE.get(), i.shape)
        }
        Reply::Explain(step) => {
            let obs = w.observation(*step).map_or(String::new(), |o| format!("{o}\n"));
            let text = crate::walkthrough::explain::paragraph(step.id).unwrap_or(step.info().meaning).get();
            format!("{}\n{text}\n{obs}{}", place(s, *step), untrained_note(s))
        }
        Reply::Shown(shown) => format!("{}\n{}\n", shown.title, render_tensor(&shown.tensor)),
        Reply::Shapes(rows) if rows.is_empty() => format!("{}\n", R::NOTHING_YET.get()),
        Reply::Shapes(rows) => {
            let mut t = table(&[R::COL_NAME.get(), R::COL_SYMBOL.get(), R::COL_SHAPE.get(), R::COL_HERE.get(), "t"]);
            for r in rows {
                let ts = r.ts.map_or(String::new(), |(a, b)| if a == b { a.to_string() } else { format!("{a} … {b}") });
                let here = if r.shape.contains('×') {
                    format!("{} × {}", r.size.0, r.size.1)
                } else {
                    (r.size.0 * r.size.1).to_string()
                };
                t.add_row(vec![r.name, r.symbol, r.shape, &here, &ts]);
            }
            format!("{t}\n{}\n", R::SHAPES_TAIL.get())
        }
        Reply::ParamShapes(rows) => {
            let mut t = table(&[R::COL_PARAMETER.get(), R::COL_ROWS_COLS.get()]);
            for (name, (r, c)) in rows {
                t.add_row(vec![name.to_string(), format!("{r} × {c}")]);
            }
            format!("{t}\n")
        }
        Reply::Alignment { rows } => {
            let a = w.trace.alignment();
            let t_y = a.nrows();
            let part = Tensor {
                values: a.rows(0, *rows).into_owned(),
                rows: w.scenario.target[..*rows].to_vec(),
                cols: w.scenario.source.clone(),
            };
            let head = if *rows < t_y {
                R::ALIGNMENT_SO_FAR.fill(&[("rows", rows), ("t_y", &t_y), ("next", &(rows + 1))])
            } else {
                R::ALIGNMENT_ALL.fill(&[("rows", rows), ("t_y", &t_y)])
            };
            format!("{head}\n{}{}", render_heatmap(&part, style), untrained_note(s))
        }
        Reply::Help(h) => super::help::render_help(h, width()),
        Reply::Clear => String::new(),
        Reply::Dims(d) => {
            let mut t = table(&[R::COL_DIM.get(), R::COL_VALUE.get(), R::COL_SIZES.get()]);
            for (name, v, what) in
                [("m", d.m, R::DIM_M), ("n", d.n, R::DIM_N), ("n'", d.n_a, R::DIM_N_A), ("l", d.l, R::DIM_L)]
            {
                t.add_row(vec![name.to_string(), v.to_string(), what.get().to_string()]);
            }
            format!("{t}\n{}\n", R::DIMS_TAIL.fill(&[("max", &crate::model::MAX_DIM)]))
        }
        Reply::Sentence { side, tokens, vocab } => {
            let text = if *side == "source" { R::SOURCE_SHOWN } else { R::TARGET_SHOWN };
            let args: [(&str, &dyn crate::text::Arg); 3] =
                [("tokens", &tokens.join(" ")), ("n", &tokens.len()), ("vocab", &vocab.join(" "))];
            format!("{}\n", text.fill(&args))
        }
        Reply::Seed(v) => format!("{}\n{}\n", R::SEED_SHOWN.fill(&[("v", v)]), s.origin().sentence()),
        Reply::Changed(text) => format!("{text}\n{}\n", where_line(s)),
        Reply::Decoded { words, unk } => {
            use crate::text::replies as R;
            let same = if words == &w.scenario.target { R::DECODE_SAME } else { R::DECODE_OTHER };
            let cut = if words.last().map(String::as_str) == Some(crate::vocab::EOS) {
                String::new()
            } else {
                R::DECODE_CUT.fill(&[("n", &words.len())])
            };
            let filled = unk.as_ref().map_or(String::new(), |(replaced, fills)| super::unk::unk_lines(replaced, fills));
            let head = R::DECODED.fill(&[("words", &words.join(" ")), ("cut", &cut)]);
            let same = same.fill(&[("target", &w.scenario.target.join(" "))]);
            format!("{head}\n{filled}{same}\n{}", untrained_note(s))
        }
        Reply::Note(text) => format!("{text}\n"),
        Reply::Train { epochs } => format!("{}\n", R::TRAIN_IN_REPL.fill(&[("epochs", epochs)])),
        Reply::RealTrain { .. } => format!("{}\n", R::REAL_TRAIN_IN_REPL.get()),
        Reply::Trained(summary) => training::render_trained(summary),
        Reply::Beam(show) => super::beam::render_beam(s, *show, style),
        Reply::Variant(view) => format!("{}\n", super::variants::render_view(w, view).trim_end()),
        Reply::Bottleneck(view) => super::bottleneck::render_view(*view),
        Reply::Scores(view) => super::scores::render_view(*view),
        Reply::Replay { frames, own } => training::render_replay(frames, *own, style),
        Reply::Entropy { rows, t_x } => training::render_entropy(rows, *t_x),
        Reply::Coverage { words, flags, rows, t_y } => training::render_coverage(words, flags, *rows, *t_y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::execute;

    #[test]
    fn where_names_the_step_and_what_comes_next() {
        let mut s = Session::default_scenario().unwrap();
        assert!(where_line(&s).contains("press Enter to begin"));
        s.goto(StepRef { id: 9, t: Some(3) }).unwrap();
        let line = where_line(&s);
        assert!(line.contains("t = 3 of 5 (writing \"économique\")") && line.contains("step 10"), "{line}");
    }

    #[test]
    fn qkv_on_relabels_the_shown_step() {
        let mut s = Session::default_scenario().unwrap();
        execute(&mut s, "qkv on").unwrap();
        let reply = execute(&mut s, "goto 11 t=1").unwrap();
        let text = render_reply(&reply, &s, Style::PLAIN);
        assert!(text.contains("c_t = V α_t"), "{text}");
        let formula = render_reply(&execute(&mut s, "formula").unwrap(), &s, Style::PLAIN);
        assert!(formula.contains("Σ_i α_{t,i} v_i"), "{formula}");
    }
}
