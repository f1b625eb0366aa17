//! Readings of the energies' backward pass: (∂v_a, ∂Z) side by side, column 0
//! ∂v_a and column 1 + i the pre-activation's gradient at source position i.

use super::ctx::Ctx;
use super::relation::{Diagnosis, found};
use super::tolerance::same;
use crate::model::Mat;
use crate::text::diagnoses as T;

/// ∂e read in reverse order: ∂e_{T_x−1−i} where ∂e_i belongs.
pub fn eback_reversed_grad(ctx: &Ctx) -> Option<Diagnosis> {
    reversed_gradient_reproduces(ctx)?;
    found("eback_reversed_grad", T::EBACK_REVERSED.get())
}

/// One of the two gradients right, the other not.
pub fn eback_one_half(ctx: &Ctx) -> Option<Diagnosis> {
    let (got, exp) = (ctx.got, ctx.expected);
    if got.shape() != exp.shape() || exp.ncols() < 2 {
        return None;
    }
    let t = exp.ncols() - 1;
    let dv_right = same(&got.columns(0, 1).into_owned(), &exp.columns(0, 1).into_owned());
    let dz_right = same(&got.columns(1, t).into_owned(), &exp.columns(1, t).into_owned());
    match (dv_right, dz_right) {
        (true, false) => found("eback_dz_wrong", T::EBACK_DZ_WRONG.get()),
        (false, true) => found("eback_dv_wrong", T::EBACK_DV_WRONG.get()),
        _ => None,
    }
}

/// ∂c read in reverse order: ∂c[2n−1−k] paired with row k of H.
pub fn ctx_back_reversed_grad(ctx: &Ctx) -> Option<Diagnosis> {
    reversed_gradient_reproduces(ctx)?;
    found("reversed_input", crate::text::probes::CTX_BACK_REVERSED.get())
}

/// Some(()) when the right answer, fed the incoming gradient (input 2) in
/// reverse order, gives exactly the learner's output.
fn reversed_gradient_reproduces(ctx: &Ctx) -> Option<()> {
    let g = ctx.parts.get(2)?;
    if g.nrows() < 2 {
        return None;
    }
    let rev = Mat::from_fn(g.nrows(), 1, |i, _| g[(g.nrows() - 1 - i, 0)]);
    let want = (ctx.reference)(&ctx.with(vec![(2, rev)]))?;
    same(ctx.got, &want).then_some(())
}
