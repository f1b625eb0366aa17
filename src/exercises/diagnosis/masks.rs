//! Designed inputs and readings for the masked softmax (exercise 7): an
//! inverted mask, a mask applied after the softmax, padding that keeps weight,
//! a max taken over padding, padding energies that leak into the answer.

use super::ctx::Ctx;
use super::probes::invariant;
use super::relation::{Diagnosis, row, show};
use super::tolerance::same;
use crate::text::diagnoses::LIST_SEP;
use crate::text::probes as P;
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
    inverted.then(|| Diagnosis { key: "mask_inverted", hint: P::MASK_INVERTED.get().into() })
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
        hint: P::MASKED_AFTER_SOFTMAX.fill_spaced(&[("sums", &sums.join(LIST_SEP.get()))]),
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
    (masked_shape_ok(ctx) && real_right && pad_wrong)
        .then(|| Diagnosis { key: "padding_not_zero", hint: P::PADDING_NOT_ZERO.get().into() })
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
            hint: P::MAX_OVER_PADDING.fill_spaced(&[
                ("b", &b),
                ("pad", &fmt_num(pad_max, 1)),
                ("real", &fmt_num(real_max, 1)),
                ("got", &show(&row(ctx.got, b))),
            ]),
        })
    })
}

pub fn masked_padding_leaks(ctx: &Ctx) -> Option<Diagnosis> {
    let mask = &ctx.parts[1];
    let moved = ctx.parts[0].zip_map(mask, |e, m| if m == 0.0 { e + 5.0 } else { e });
    invariant(ctx, &ctx.with(vec![(0, moved)]), "padding_leaks", P::PADDING_LEAKS)
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
    (column_unit && !rows_unit)
        .then(|| Diagnosis { key: "normalised_columns", hint: P::NORMALISED_COLUMNS.get().into() })
}
