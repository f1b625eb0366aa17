//! Designed inputs for the GRU steps (exercises 2 and 9): the gates forced
//! shut or open, so that the mixing line, the reset and the candidate can be
//! checked one at a time.

use super::ctx::Ctx;
use super::probes::why;
use super::relation::{Diagnosis, found};
use super::tolerance::same;
use crate::model::Mat;
use crate::text::probes as P;

/// A gate forced shut (κ = −60) or open (κ = 60): W x = κ for every row, U = 0, C = 0.
fn gate(ctx: &Ctx, w: usize, x: usize, kappa: f64, zeroed: &[usize]) -> Vec<(usize, Mat)> {
    let xv = &ctx.parts[x];
    let forced = Mat::from_fn(ctx.parts[w].nrows(), xv.nrows(), |_, j| kappa * xv[(j, 0)] / xv.norm_squared());
    let mut changes = vec![(w, forced)];
    changes.extend(zeroed.iter().map(|&u| (u, ctx.parts[u].map(|_| 0.0))));
    changes
}

/// Parts of a GRU step: x and h_prev, and the C weights when the step has a context.
struct Layout {
    x: usize,
    c: Option<[usize; 3]>,
    ctx_term: &'static str,
}

/// Forces the gates to isolate the mixing line, the reset and the candidate.
fn gru(ctx: &Ctx, l: Layout) -> Option<Diagnosis> {
    if ctx.parts[l.x].norm_squared() < 1e-12 {
        return None;
    }
    let (cz, cr) = match l.c {
        Some([_, cz, cr]) => (vec![4, cz], vec![5, cr]),
        None => (vec![4], vec![5]),
    };
    let (mix, extra) = (if l.c.is_some() { P::GRU_MIX_CONTEXT } else { P::GRU_MIX }, l.ctx_term);
    let shut = ctx.with(gate(ctx, 1, l.x, -60.0, &cz));
    if let Some((want, got)) = ctx.differs(&shut) {
        return found("gru_mix", Ctx::observed(mix, &want, &got, &[]));
    }
    let open = |r_kappa: f64| {
        let mut changes = gate(ctx, 1, l.x, 60.0, &cz);
        changes.extend(gate(ctx, 2, l.x, r_kappa, &cr));
        ctx.with(changes)
    };
    let (reset, kept) = (open(-60.0), open(60.0));
    if let Some((want, got)) = ctx.differs(&reset) {
        let with_r_one = (ctx.reference)(&kept);
        if got.as_ref().zip(with_r_one.as_ref()).is_some_and(|(g, k)| same(g, k)) {
            return found("gru_reset", P::GRU_RESET.fill_spaced(&[("c", &extra)]));
        }
        let there = why(&want, &got, ctx);
        return found(
            "gru_candidate",
            Ctx::observed(P::GRU_CANDIDATE_RESET, &want, &got, &[("c", &extra), ("there", &there)]),
        );
    }
    if let Some((want, got)) = ctx.differs(&kept) {
        let there = why(&want, &got, ctx);
        return found(
            "gru_candidate",
            Ctx::observed(P::GRU_CANDIDATE_KEPT, &want, &got, &[("c", &extra), ("there", &there)]),
        );
    }
    let gates = if l.c.is_some() { " + C_z c" } else { "" };
    let gates_r = if l.c.is_some() { " + C_r c" } else { "" };
    found("gru_gates", P::GRU_GATES.fill_spaced(&[("cz", &gates), ("cr", &gates_r)]))
}

pub fn gru_step(ctx: &Ctx) -> Option<Diagnosis> {
    gru(ctx, Layout { x: 6, c: None, ctx_term: "" })
}

pub fn decoder_step(ctx: &Ctx) -> Option<Diagnosis> {
    gru(ctx, Layout { x: 9, c: Some([6, 7, 8]), ctx_term: " + C c" })
}
