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
