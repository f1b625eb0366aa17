//! The diagnosis of a wrong answer that no catalogued mistake explains, the
//! way a teacher reads it: first what the answer has in common with the right
//! one ([`relation`]), then whether it is the right formula with one input
//! term changed (left out, negated, doubled, swapped for another), then the
//! exercise's designed inputs ([`designed`]), and last where NaN appears and
//! which entries are right. A panic is read for the product or index at fault.

use super::ctx::Ctx;
use super::knowledge::Knowledge;
use super::relation::{self, Diagnosis, found};
use super::tolerance::same;
use crate::model::Mat;
use crate::text::diagnoses as T;

/// Every size in the input, for naming a constant factor (1/T, √d, …).
fn dims(parts: &[Mat]) -> Vec<usize> {
    let mut d: Vec<usize> = parts.iter().flat_map(|m| [m.nrows(), m.ncols()]).collect();
    d.sort_unstable();
    d.dedup();
    d
}

/// The right formula with one term changed: scaled by 0, −1, 2 or 1/2, replaced by
/// another term of its shape, by the identity, or by its transpose.
fn substitution(ctx: &Ctx, k: &Knowledge) -> Option<Diagnosis> {
    let terms: Vec<usize> = (0..ctx.parts.len()).filter(|&j| k.parts.get(j).is_some_and(|p| p.1)).collect();
    let name = |j: usize| k.name(j).unwrap_or("?");
    let matches = |j: usize, m: Mat| (ctx.reference)(&ctx.with(vec![(j, m)])).is_some_and(|r| same(ctx.got, &r));
    for &j in &terms {
        let p = &ctx.parts[j];
        if p.iter().all(|v| *v == 0.0) {
            continue;
        }
        for (f, key, text) in [
            (0.0, "term_missing", T::TERM_MISSING),
            (-1.0, "term_sign", T::TERM_SIGN),
            (2.0, "term_twice", T::TERM_TWICE),
            (0.5, "term_scaled", T::TERM_HALVED),
        ] {
            let text = text.fill(&[("name", &name(j))]);
            if matches(j, p * f) {
                return found(key, text);
            }
        }
        if let Some(&o) =
            terms.iter().find(|&&o| o != j && ctx.parts[o].shape() == p.shape() && matches(j, ctx.parts[o].clone()))
        {
            return found("term_swapped", T::TERM_SWAPPED.fill(&[("other", &name(o)), ("name", &name(j))]));
        }
        if p.is_square() && p.nrows() > 1 {
            if matches(j, Mat::identity(p.nrows(), p.ncols())) {
                return found("term_identity", T::TERM_IDENTITY.fill(&[("name", &name(j))]));
            }
            if matches(j, p.transpose()) {
                return found("term_transposed", T::TERM_TRANSPOSED.fill(&[("name", &name(j))]));
            }
        }
    }
    exchange(ctx, k, &terms)
}

/// The right formula with two terms of one shape exchanged, or with one of
/// them standing in for all the others of its shape (a line copied and not
/// edited): `U_z` and `U_r` swapped, `C` in all three gates, α and ∂L/∂α swapped.
fn exchange(ctx: &Ctx, k: &Knowledge, terms: &[usize]) -> Option<Diagnosis> {
    let name = |j: usize| k.name(j).unwrap_or("?");
    let matches = |changes: Vec<(usize, Mat)>| (ctx.reference)(&ctx.with(changes)).is_some_and(|r| same(ctx.got, &r));
    let nonzero = |j: usize| ctx.parts[j].iter().any(|v| *v != 0.0);
    let shaped = |j: usize| -> Vec<usize> {
        terms.iter().copied().filter(|&o| o != j && ctx.parts[o].shape() == ctx.parts[j].shape()).collect()
    };
    for &j in terms.iter().filter(|&&j| nonzero(j)) {
        for o in shaped(j).into_iter().filter(|&o| o > j && nonzero(o) && ctx.parts[o] != ctx.parts[j]) {
            if matches(vec![(j, ctx.parts[o].clone()), (o, ctx.parts[j].clone())]) {
                return found("terms_exchanged", T::TERMS_EXCHANGED.fill(&[("name", &name(j)), ("other", &name(o))]));
            }
        }
    }
    for &j in terms.iter().filter(|&&j| nonzero(j)) {
        let others = shaped(j);
        if others.len() >= 2 && matches(others.iter().map(|&o| (o, ctx.parts[j].clone())).collect()) {
            let list: Vec<&str> = others.iter().map(|&o| name(o)).collect();
            return found(
                "term_everywhere",
                T::TERM_EVERYWHERE.fill(&[("name", &name(j)), ("others", &list.join(T::AND.get()))]),
            );
        }
    }
    None
}

/// A named diagnosis for a wrong, non-panicking answer, or `None` (the generic hint).
pub fn diagnose(ctx: &Ctx, k: &Knowledge, nonfinite_why: Option<&str>) -> Option<Diagnosis> {
    let (got, exp, w) = (ctx.got, ctx.expected, k.words);
    relation::relate(got, exp, &dims(ctx.parts), w)
        .or_else(|| substitution(ctx, k))
        .or_else(|| k.probes.iter().find_map(|p| p(ctx)))
        .or_else(|| relation::relate_sums(got, exp, w))
        .or_else(|| relation::nonfinite(got, exp, w, nonfinite_why))
        .or_else(|| relation::partial(got, exp, w))
}

/// The names and shapes of the input's parts: `W_a (4, 3), t = 1, …`.
pub fn input_shapes(parts: &[Mat], k: &Knowledge) -> String {
    let shown: Vec<String> = parts
        .iter()
        .enumerate()
        .map(|(j, m)| {
            let term = k.parts.get(j).is_none_or(|p| p.1);
            let name = k.name(j).unwrap_or("?");
            match (term, m.shape()) {
                (false, (1, 1)) => format!("{name} = {}", m[(0, 0)]),
                (_, (r, 1)) => format!("{name} ({r})"),
                (_, (r, c)) => format!("{name} ({r}, {c})"),
            }
        })
        .collect();
    shown.join(", ")
}

/// The shapes a nalgebra message quotes, as "(r, c)" pairs.
fn quoted_shapes(message: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for piece in message.split('(').skip(1) {
        let Some(inner) = piece.split(')').next() else { continue };
        let nums: Vec<usize> = inner.split(',').filter_map(|s| s.trim().parse().ok()).collect();
        if let [r, c] = nums[..] {
            out.push((r, c));
        }
    }
    out
}

/// Which inputs have a quoted shape: "(3, 1), which is the shape of x".
fn name_shape(shape: (usize, usize), parts: &[Mat], k: &Knowledge) -> String {
    let names: Vec<&str> =
        parts.iter().enumerate().filter(|(_, m)| m.shape() == shape).filter_map(|(j, _)| k.name(j)).collect();
    let text = format!("({}, {})", shape.0, shape.1);
    if names.is_empty() { text } else { T::SHAPE_OF.fill(&[("shape", &text), ("names", &names.join(T::AND.get()))]) }
}

/// A panic read for its cause: which product, sum or index, with the input's shapes.
pub fn panic_diagnosis(message: &str, parts: &[Mat], k: &Knowledge) -> Diagnosis {
    let first = message.lines().next().unwrap_or(message);
    let shapes = quoted_shapes(message);
    let operands = match shapes[..] {
        [a, b, ..] => T::OPERANDS.fill(&[("a", &name_shape(a, parts, k)), ("b", &name_shape(b, parts, k))]),
        _ => String::new(),
    };
    let inputs = input_shapes(parts, k);
    let (key, text) = if first.contains("Gemv")
        || first.contains("multiplication")
        || first.contains("gemm")
        || first.contains("Dot product")
    {
        ("panic_product", T::PANIC_PRODUCT)
    } else if first.contains("addition") || first.contains("Componentwise") {
        ("panic_sum", T::PANIC_SUM)
    } else if first.contains("out of bounds") {
        ("panic_index", T::PANIC_INDEX)
    } else if first.contains("subtract with overflow") {
        ("panic_index", T::PANIC_UNDERFLOW)
    } else {
        ("panic", T::PANIC_OTHER)
    };
    let hint = text.fill(&[("operands", &operands), ("inputs", &inputs)]);
    Diagnosis { key, hint }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_read_from_a_nalgebra_message() {
        let m = "assertion `left == right` failed: Matrix addition/subtraction dimensions mismatch.\n  left: (3, 1)\n right: (4, 1)";
        assert_eq!(quoted_shapes(m), vec![(3, 1), (4, 1)]);
        assert_eq!(quoted_shapes("Gemv: dimensions mismatch."), vec![]);
    }

    /// A product's panic read in Chinese: the same cause, the operands named
    /// by the formula's symbols, the inputs' shapes, in the learner's language.
    #[test]
    fn a_panic_is_read_in_the_learners_language() {
        use crate::text::{Lang, set};
        let k = Knowledge {
            parts: &[("W_a", true), ("s", true)],
            words: relation::Words { rows: None, cols: None },
            probes: &[],
        };
        let parts = [Mat::zeros(4, 3), Mat::zeros(4, 1)];
        let message = "Gemv: dimensions mismatch (4, 3) and (4, 1)";
        let en = panic_diagnosis(message, &parts, &k);
        set(Lang::Zh);
        let zh = panic_diagnosis(message, &parts, &k);
        set(Lang::En);
        assert_eq!((en.key, zh.key), ("panic_product", "panic_product"));
        assert!(
            en.hint.contains("The operands were (4, 3), the shape of W_a and (4, 1), the shape of s."),
            "{}",
            en.hint
        );
        assert!(zh.hint.starts_with("有一个矩阵乘积的维度对不上"), "{}", zh.hint);
        assert!(zh.hint.contains("两个操作数分别是 (4, 3)，即 W_a 的形状，以及 (4, 1)，即 s 的形状。"), "{}", zh.hint);
        assert!(zh.hint.contains("输入是 W_a (4, 3), s (4)"), "{}", zh.hint);
    }

    #[test]
    fn an_unnamed_mistake_still_yields_a_partial_reading() {
        use super::super::knowledge::axes::{SENTENCE, SOURCE_POSITION};
        let exp = Mat::from_row_slice(2, 2, &[1.0, 2.0, 3.0, 4.0]);
        let got = Mat::from_row_slice(2, 2, &[1.0, 2.0, 0.3, 0.7]);
        let w = relation::Words { rows: SENTENCE, cols: SOURCE_POSITION };
        let d = relation::partial(&got, &exp, w).unwrap();
        assert_eq!(d.key, "partial");
        assert!(d.hint.contains("sentence b 0"), "{}", d.hint);
        crate::text::set(crate::text::Lang::Zh);
        let zh = relation::partial(&got, &exp, w).unwrap();
        crate::text::set(crate::text::Lang::En);
        assert!(zh.hint.starts_with("你的答案只有句子 0 是对的，其余的都不对。"), "{}", zh.hint);
    }
}
