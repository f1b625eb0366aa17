//! Designed inputs and readings for the masked softmax (exercise 7): an
//! inverted mask, a mask applied after the softmax, padding that keeps weight,
//! a max taken over padding, padding energies that leak into the answer.

use super::ctx::Ctx;
use super::probes::invariant;
use super::relation::{Diagnosis, row, show};
use super::tolerance::same;
use crate::walkthrough::fmt_num;

/// Rows of `e` with their real (mask = 1) and padding positions.
fn rows(ctx: &Ctx) -> Vec<(usize, Vec<usize>, Vec<usize>)> {
    let (e, mask) = (&ctx.parts[0], &ctx.parts[1]);
    (0..e.nrows())
        .map(|b| {
            let (real, pad): (Vec<usize>, Vec<usize>) = (0..e.ncols()).partition(|&i| mask[(b, i)] != 0.0);
            (b, real, pad)
        })
        .collect()
}

fn masked_shape_ok(ctx: &Ctx) -> bool {
    ctx.got.shape() == ctx.expected.shape()
}

pub fn masked_inverted(ctx: &Ctx) -> Option<Diagnosis> {
    let padded: Vec<_> = rows(ctx).into_iter().filter(|(_, _, pad)| !pad.is_empty()).collect();
    let inverted = masked_shape_ok(ctx)
        && !padded.is_empty()
        && padded.iter().all(|(b, real, pad)| {
            real.iter().all(|&i| ctx.got[(*b, i)] == 0.0) && pad.iter().any(|&i| ctx.got[(*b, i)] > 0.0)
        });
    inverted.then(|| Diagnosis {
        key: "mask_inverted",
        hint:
            "your weights sit on the padding and the real tokens get 0: the mask is inverted. mask[(b, i)] = 1 marks \
               a real token, 0 marks padding."
                .into(),
    })
}

pub fn masked_after_softmax(ctx: &Ctx) -> Option<Diagnosis> {
    let (e, mask) = (&ctx.parts[0], &ctx.parts[1]);
    let mut after = e.clone();
    for b in 0..e.nrows() {
        let row = crate::model::attention::softmax(&e.row(b).transpose());
        after.row_mut(b).copy_from(&row.component_mul(&mask.row(b).transpose()).transpose());
    }
    let sums: Vec<String> = after.row_iter().take(3).map(|r| fmt_num(r.sum(), 4)).collect();
    (masked_shape_ok(ctx) && same(ctx.got, &after)).then(|| Diagnosis {
        key: "masked_after_softmax",
        hint: format!(
            "you took the softmax over every position, padding included, then zeroed the padding without \
             renormalising: your rows sum to {}, not 1. Mask before the softmax (−∞ or −1e9 at padding), so the \
             sum runs over real tokens only.",
            sums.join(", ")
        ),
    })
}

pub fn masked_padding_not_zero(ctx: &Ctx) -> Option<Diagnosis> {
    let rs = rows(ctx);
    let real_right = rs.iter().all(|(b, real, _)| {
        real.iter().all(|&i| {
            same(&ctx.got.view((*b, i), (1, 1)).into_owned(), &ctx.expected.view((*b, i), (1, 1)).into_owned())
        })
    });
    let pad_wrong = rs.iter().any(|(b, _, pad)| pad.iter().any(|&i| ctx.got[(*b, i)] != 0.0));
    (masked_shape_ok(ctx) && real_right && pad_wrong).then(|| Diagnosis {
        key: "padding_not_zero",
        hint: "your real tokens are right, but the padding positions are not 0. Padding must get weight exactly 0."
            .into(),
    })
}

pub fn masked_max_over_padding(ctx: &Ctx) -> Option<Diagnosis> {
    let e = &ctx.parts[0];
    if !masked_shape_ok(ctx) {
        return None;
    }
    rows(ctx).into_iter().find_map(|(b, real, pad)| {
        let top = |ix: &[usize]| ix.iter().map(|&i| e[(b, i)]).fold(f64::NEG_INFINITY, f64::max);
        let (real_max, pad_max) = (top(&real), top(&pad));
        // NaN or 0: nothing positive survived.
        let lost = real.iter().all(|&i| ctx.got[(b, i)].is_nan() || ctx.got[(b, i)] <= 0.0);
        (pad_max - real_max > 700.0 && lost).then(|| Diagnosis {
            key: "max_over_padding",
            hint: format!(
                "in row {b} a padding position has energy {}, far above the real ones (at most {}), and your \
                 real tokens got {}: exp(e − max) underflowed to 0 because the max included padding. Take the max \
                 and the sum over the real tokens only (or set padding to −∞ before the max).",
                fmt_num(pad_max, 1),
                fmt_num(real_max, 1),
                show(&row(ctx.got, b))
            ),
        })
    })
}

pub fn masked_padding_leaks(ctx: &Ctx) -> Option<Diagnosis> {
    let mask = &ctx.parts[1];
    let moved = ctx.parts[0].zip_map(mask, |e, m| if m == 0.0 { e + 5.0 } else { e });
    invariant(
        ctx,
        &ctx.with(vec![(0, moved)]),
        "padding_leaks",
        "raising only the energies at padding positions (by 5) changed your weights: padding leaks into the max, \
         the exp or the sum. Every one of them must run over the real tokens only.",
    )
}

/// Every column sums to 1 over its real tokens (or holds nothing), the rows do
/// not: the softmax ran down the batch, over b, instead of along each sentence.
pub fn masked_columns(ctx: &Ctx) -> Option<Diagnosis> {
    let mask = &ctx.parts[1];
    if !masked_shape_ok(ctx) || ctx.got.nrows() < 2 {
        return None;
    }
    let (b_n, t) = ctx.got.shape();
    let sums_to_one = |v: f64| super::tolerance::close(v, 1.0);
    let column_unit = (0..t).all(|i| {
        let real: Vec<usize> = (0..b_n).filter(|&b| mask[(b, i)] != 0.0).collect();
        let total: f64 = real.iter().map(|&b| ctx.got[(b, i)]).sum();
        real.is_empty() || sums_to_one(total)
    });
    let rows_unit = (0..b_n).all(|b| sums_to_one(ctx.got.row(b).sum()));
    (column_unit && !rows_unit).then(|| Diagnosis {
        key: "normalised_columns",
        hint: "each column of yours sums to 1 over its real tokens: you normalised down the batch, over the \
               sentences b. A row is one sentence: the softmax runs over the source positions i of each row b, so \
               every row sums to 1."
            .into(),
    })
}
