//! Locks the text of the exercise report in three states the book shows: a
//! fresh clone (all pending), a classic mistake (softmax without the max), and
//! a first pass (the solution is quoted). The numbers are the checker's own.

#[macro_use]
mod common;

use bahdanau::exercises::catalog::by_function;
use bahdanau::exercises::catalog::cases::Submissions;
use bahdanau::exercises::catalog::wrongs::mistaken;
use bahdanau::exercises::check_all;
use bahdanau::exercises::report::text::harness_report;

#[test]
fn fresh_clone_report() {
    let text = harness_report(&check_all(&Submissions::untouched()), &[], false);
    let n = bahdanau::exercises::EXERCISES.len();
    assert!(text.contains(&format!("0 of {n} passed, 0 failing, {n} pending")), "{text}");
    snapshot!("exercises_fresh", &text);
}

#[test]
fn softmax_without_the_max_report() {
    let mut learner = Submissions::untouched();
    let wrong = mistaken(by_function("softmax").unwrap(), "no_max").unwrap();
    learner.embed = Submissions::reference().embed;
    learner.softmax = wrong.softmax;
    let text = harness_report(&check_all(&learner), &[], false);
    assert!(text.contains("exp(e_i) overflowed"), "{text}");
    snapshot!("exercises_softmax_no_max", &text);
}

#[test]
fn first_pass_quotes_the_solution() {
    let mut learner = Submissions::untouched();
    learner.embed = Submissions::reference().embed;
    let text = harness_report(&check_all(&learner), &[1], false);
    assert!(text.contains("pub fn embed"), "{text}");
    snapshot!("exercises_first_pass", &text);
}

/// The report a learner who reads Chinese gets for the same classic mistake:
/// the frame, the case, the hint and what to do next in Chinese, every line
/// within 80 display columns (a Chinese character takes two).
#[test]
fn softmax_without_the_max_report_in_chinese() {
    use bahdanau::layout::columns_of;
    use bahdanau::text::{Lang, set};
    set(Lang::Zh);
    let mut learner = Submissions::untouched();
    let wrong = mistaken(by_function("softmax").unwrap(), "no_max").unwrap();
    learner.embed = Submissions::reference().embed;
    learner.softmax = wrong.softmax;
    let text = harness_report(&check_all(&learner), &[1], false);
    set(Lang::En);
    for needle in ["练习：每一步都由你自己实现", "通过了！参考解答", "提示：", "进度：", "下一步：打开"]
    {
        assert!(text.contains(needle), "{needle} is not in:\n{text}");
    }
    let wide: Vec<&str> = text.lines().filter(|l| columns_of(l) > 80).collect();
    assert!(wide.is_empty(), "lines wider than 80 columns: {wide:#?}");
    snapshot!("zh_exercises_softmax_no_max", &text);
}

/// `hint 6` and `hint 6 2` in Chinese, and the `exercises` listing at 80 and
/// 60 columns: the labels line up by display width and no line is too wide.
#[test]
fn hints_and_listing_in_chinese_fit() {
    use bahdanau::exercises::report::status::Status;
    use bahdanau::exercises::report::text::{hint, listing_to};
    use bahdanau::layout::{columns_of, set_width};
    use bahdanau::text::{Lang, set};
    set(Lang::Zh);
    let mut out = String::new();
    for width in [80, 60] {
        set_width(width);
        let h1 = hint(&["6".into()]).unwrap();
        let h2 = hint(&["6".into(), "2".into()]).unwrap();
        let statuses: Vec<_> = bahdanau::exercises::EXERCISES
            .iter()
            .map(|ex| (ex, if ex.id == 1 { Status::Passed } else { Status::Pending }))
            .collect();
        let list = listing_to(&statuses, width);
        for text in [&h1, &h2, &list] {
            let wide: Vec<&str> = text.lines().filter(|l| columns_of(l) > width).collect();
            assert!(wide.is_empty(), "at {width} columns, lines too wide: {wide:#?}");
        }
        out += &format!("── {width} columns\n{h1}\n\n{h2}\n\n{list}\n\n");
    }
    let refused = hint(&["99".into()]).unwrap_err();
    set(Lang::En);
    assert!(refused.contains("没有第 99 个练习"), "{refused}");
    out += &refused;
    snapshot!("zh_exercises_hints_listing", &out);
}

/// One failing exercise's block of the Chinese report, as the learner reads
/// it under `cargo test --test exercises`: its line, the case, the numbers
/// and the checker's reading. Every line fits 80 display columns.
fn chinese_block(function: &str, learner: &Submissions) -> String {
    use bahdanau::exercises::catalog::cases::check;
    use bahdanau::layout::columns_of;
    use bahdanau::text::{Lang, set};
    set(Lang::Zh);
    let ex = by_function(function).unwrap();
    let report = harness_report(&[(ex, check(ex, learner))], &[], false);
    set(Lang::En);
    let block: Vec<&str> = report.lines().skip(2).take_while(|l| !l.is_empty()).collect();
    let wide: Vec<&&str> = block.iter().filter(|l| columns_of(l) > 80).collect();
    assert!(wide.is_empty(), "lines wider than 80 columns: {wide:#?}");
    block.join("\n") + "\n"
}

/// The checker's own readings, in Chinese, of wrong answers no catalogued
/// mistake explains: a GRU step whose candidate has no tanh (the gates
/// forced open show it, and what the two answers have in common there), annotations set side by side (the right numbers in
/// another shape), a softmax that subtracts the smallest energy (NaN where
/// exp overflows), and an embedding whose last column is off (which columns
/// are right).
#[test]
fn the_checkers_readings_in_chinese() {
    use bahdanau::model::Mat;
    use bahdanau::model::gru::sigmoid;
    let mut gru = Submissions::reference();
    gru.gru_step = |g, x, h| {
        let z = sigmoid(&(&g.w_z * x + &g.u_z * h));
        let r = sigmoid(&(&g.w_r * x + &g.u_r * h));
        let candidate = &g.w * x + &g.u * r.component_mul(h);
        z.map(|v| 1.0 - v).component_mul(h) + z.component_mul(&candidate)
    };
    let text = chinese_block("gru_step", &gru);
    assert!(text.contains("z ≈ 1 且 r ≈ 0 时") && text.contains("在这个输入上，"), "{text}");
    snapshot!("zh_exercises_gru_gates", &text);

    let mut shape = Submissions::reference();
    shape.annotations = |a, b| {
        let t = a.ncols();
        Mat::from_fn(a.nrows(), 2 * t, |r, c| if c < t { a[(r, c)] } else { b[(r, c - t)] })
    };
    let text = chinese_block("annotations", &shape);
    assert!(text.contains("形状不同") && text.contains("排成了 (3, 8)"), "{text}");
    snapshot!("zh_exercises_wrong_shape", &text);

    let mut nan = Submissions::reference();
    nan.softmax = |e| {
        let x = e.map(|v| (v - e.min()).exp());
        &x / x.sum()
    };
    let text = chinese_block("softmax", &nan);
    assert!(text.contains("出现了 NaN"), "{text}");
    snapshot!("zh_exercises_nan", &text);

    let mut partly = Submissions::reference();
    partly.embed = |e, ids| {
        let last = ids.len() - 1;
        Mat::from_fn(e.nrows(), ids.len(), |r, i| e[(r, ids[i])] + if i == last { 0.5 } else { 0.0 })
    };
    let text = chinese_block("embed", &partly);
    assert!(text.contains("只有第 0、1、2 个词是对的"), "{text}");
    snapshot!("zh_exercises_partly_right", &text);
}

/// The "Next" block for every exercise in turn, in both languages: the line
/// that names the chapter and the hint is wrapped under the block (six
/// columns in) and never runs past the report's 80 columns, where a terminal
/// would break it at column 1.
#[test]
fn the_next_block_wraps_under_its_indent_for_every_exercise() {
    use bahdanau::exercises::EXERCISES;
    use bahdanau::exercises::checker::run::Outcome;
    use bahdanau::layout::columns_of;
    use bahdanau::text::{Lang, set};
    for lang in [Lang::En, Lang::Zh] {
        set(lang);
        for next in EXERCISES {
            let outcomes: Vec<_> = EXERCISES
                .iter()
                .map(|ex| (ex, if ex.id < next.id { Outcome::Pass } else { Outcome::Pending }))
                .collect();
            let text = harness_report(&outcomes, &[], false);
            let block: Vec<&str> = text.lines().skip_while(|l| !l.contains(next.file)).skip(1).collect();
            let block: Vec<&str> = block.into_iter().take_while(|l| l.starts_with(' ')).collect();
            assert!(block.iter().any(|l| l.contains(next.chapter)), "{lang:?}, exercise {}:\n{text}", next.id);
            for line in &block {
                assert!(
                    line.starts_with("      ") && columns_of(line) <= 80,
                    "{lang:?}, exercise {}: {line:?}",
                    next.id
                );
            }
        }
    }
    set(Lang::En);
}
