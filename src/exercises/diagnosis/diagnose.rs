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
    let name = |j: usize| k.parts[j].0;
    let matches = |j: usize, m: Mat| (ctx.reference)(&ctx.with(vec![(j, m)])).is_some_and(|r| same(ctx.got, &r));
    for &j in &terms {
        let p = &ctx.parts[j];
        if p.iter().all(|v| *v == 0.0) {
            continue;
        }
        for (f, key, text) in [
            (0.0, "term_missing", format!("{} is missing: your answer is the formula with {} = 0.", name(j), name(j))),
            (
                -1.0,
                "term_sign",
                format!("{} enters with the wrong sign: your answer is the formula with −{}.", name(j), name(j)),
            ),
            (
                2.0,
                "term_twice",
                format!("{} is counted twice: your answer is the formula with 2·{}.", name(j), name(j)),
            ),
            (0.5, "term_scaled", format!("{} is halved: your answer is the formula with {}/2.", name(j), name(j))),
        ] {
            if matches(j, p * f) {
                return found(key, text);
            }
        }
        if let Some(&o) =
            terms.iter().find(|&&o| o != j && ctx.parts[o].shape() == p.shape() && matches(j, ctx.parts[o].clone()))
        {
            return found("term_swapped", format!("you used {} where {} belongs.", name(o), name(j)));
        }
        if p.is_square() && p.nrows() > 1 {
            if matches(j, Mat::identity(p.nrows(), p.ncols())) {
                return found(
                    "term_identity",
                    format!("{} is left out: your answer is the formula with {} = I.", name(j), name(j)),
                );
            }
            if matches(j, p.transpose()) {
                return found("term_transposed", format!("you used {}ᵀ where {} belongs.", name(j), name(j)));
            }
        }
    }
    exchange(ctx, k, &terms)
}

/// The right formula with two terms of one shape exchanged, or with one of
/// them standing in for all the others of its shape (a line copied and not
/// edited): `U_z` and `U_r` swapped, `C` in all three gates, α and ∂L/∂α swapped.
fn exchange(ctx: &Ctx, k: &Knowledge, terms: &[usize]) -> Option<Diagnosis> {
    let name = |j: usize| k.parts[j].0;
    let matches = |changes: Vec<(usize, Mat)>| (ctx.reference)(&ctx.with(changes)).is_some_and(|r| same(ctx.got, &r));
    let nonzero = |j: usize| ctx.parts[j].iter().any(|v| *v != 0.0);
    let shaped = |j: usize| -> Vec<usize> {
        terms.iter().copied().filter(|&o| o != j && ctx.parts[o].shape() == ctx.parts[j].shape()).collect()
    };
    for &j in terms.iter().filter(|&&j| nonzero(j)) {
        for o in shaped(j).into_iter().filter(|&o| o > j && nonzero(o) && ctx.parts[o] != ctx.parts[j]) {
            if matches(vec![(j, ctx.parts[o].clone()), (o, ctx.parts[j].clone())]) {
                return found(
                    "terms_exchanged",
                    format!("you swapped {} and {}: each stands where the other belongs.", name(j), name(o)),
                );
            }
        }
    }
    for &j in terms.iter().filter(|&&j| nonzero(j)) {
        let others = shaped(j);
        if others.len() >= 2 && matches(others.iter().map(|&o| (o, ctx.parts[j].clone())).collect()) {
            let list: Vec<&str> = others.iter().map(|&o| name(o)).collect();
            return found(
                "term_everywhere",
                format!(
                    "you used {} in place of {} too: each term has its own weights (a line copied and not edited?).",
                    name(j),
                    list.join(" and ")
                ),
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
            let (name, term) = k.parts.get(j).copied().unwrap_or(("?", true));
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
    let names: Vec<&str> = parts
        .iter()
        .enumerate()
        .filter(|(_, m)| m.shape() == shape)
        .filter_map(|(j, _)| k.parts.get(j).map(|p| p.0))
        .collect();
    let text = format!("({}, {})", shape.0, shape.1);
    if names.is_empty() { text } else { format!("{text}, the shape of {}", names.join(" and ")) }
}

/// A panic read for its cause: which product, sum or index, with the input's shapes.
pub fn panic_diagnosis(message: &str, parts: &[Mat], k: &Knowledge) -> Diagnosis {
    let first = message.lines().next().unwrap_or(message);
    let shapes = quoted_shapes(message);
    let operands = match shapes[..] {
        [a, b, ..] => format!(" The operands were {} and {}.", name_shape(a, parts, k), name_shape(b, parts, k)),
        _ => String::new(),
    };
    let inputs = input_shapes(parts, k);
    let (key, hint) = if first.contains("Gemv")
        || first.contains("multiplication")
        || first.contains("gemm")
        || first.contains("Dot product")
    {
        (
            "panic_product",
            format!(
                "a matrix product has mismatched dimensions: A·B needs A's columns to equal B's rows.{operands} The \
                 inputs were {inputs}. Write each product's shape beside it, e.g. `// (n', T_x)`, and transpose or \
                 swap the factor that does not fit (a.tr_mul(&b) is aᵀ·b)."
            ),
        )
    } else if first.contains("addition") || first.contains("Componentwise") {
        (
            "panic_sum",
            format!(
                "two terms added or multiplied entry by entry have different shapes.{operands} The inputs were \
                 {inputs}: check each term's shape, and which product should have brought them to the same one."
            ),
        )
    } else if first.contains("out of bounds") {
        (
            "panic_index",
            format!(
                "an index ran past the end of a matrix or vector. The inputs were {inputs}: check which axis each \
                 index runs over (rows come first in m[(row, col)]) and the range of every loop."
            ),
        )
    } else if first.contains("subtract with overflow") {
        (
            "panic_index",
            format!(
                "an index went below 0 (a usize subtraction overflowed). The inputs were {inputs}: at the smallest \
                 t, check what each `t - k` gives."
            ),
        )
    } else {
        ("panic", format!("your function panicked. The inputs were {inputs}: read the message above for its cause."))
    };
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

    #[test]
    fn an_unnamed_mistake_still_yields_a_partial_reading() {
        let exp = Mat::from_row_slice(2, 2, &[1.0, 2.0, 3.0, 4.0]);
        let got = Mat::from_row_slice(2, 2, &[1.0, 2.0, 0.3, 0.7]);
        let w = relation::Words { rows: "sentence b", cols: "source position i" };
        let d = relation::partial(&got, &exp, w).unwrap();
        assert_eq!(d.key, "partial");
        assert!(d.hint.contains("sentence b 0"), "{}", d.hint);
    }
}
