//! Designed inputs for the GRU steps (exercises 2 and 9): the gates forced
//! shut or open, so that the mixing line, the reset and the candidate can be
//! checked one at a time.

use super::ctx::Ctx;
use super::probes::why;
use super::relation::{Diagnosis, found};
use super::tolerance::same;
use crate::model::Mat;

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
    let (zc, extra) = (if l.c.is_some() { ", C_z = 0" } else { "" }, l.ctx_term);
    let shut = ctx.with(gate(ctx, 1, l.x, -60.0, &cz));
    if let Some((want, got)) = ctx.differs(&shut) {
        return found(
            "gru_mix",
            format!(
                "with z ≈ 0 (W_z x = −60, U_z = 0{zc}) the new state must be h_prev unchanged, because h = (1 − z)∘h_prev \
                 + z∘h~: it {}. Check the mixing line and that z goes through σ.",
                Ctx::observed(&want, &got)
            ),
        );
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
            return found(
                "gru_reset",
                format!(
                    "with z ≈ 1 and r ≈ 0 the candidate must not see h_prev: h = tanh(W x + U (r∘h_prev){extra}) = \
                     tanh(W x{extra}). Yours is what r = 1 gives: the reset gate must multiply h_prev before U."
                ),
            );
        }
        return found(
            "gru_candidate",
            format!(
                "with z ≈ 1 and r ≈ 0 the new state is the candidate alone, tanh(W x{extra}): it {}. Check the \
                 candidate's W x term, its tanh, and that r goes through σ.{}",
                Ctx::observed(&want, &got),
                why(&want, &got, ctx)
            ),
        );
    }
    if let Some((want, got)) = ctx.differs(&kept) {
        return found(
            "gru_candidate",
            format!(
                "with z ≈ 1 and r ≈ 1 the new state is tanh(W x + U h_prev{extra}): it {}. With r ≈ 0 yours is \
                 right, so look at the U (r∘h_prev) term.{}",
                Ctx::observed(&want, &got),
                why(&want, &got, ctx)
            ),
        );
    }
    let gates = if l.c.is_some() { " + C_z c" } else { "" };
    let gates_r = if l.c.is_some() { " + C_r c" } else { "" };
    found(
        "gru_gates",
        format!(
            "with the gates forced shut or open your step is right, so the gates are wrong: z = σ(W_z x + U_z h_prev{gates}), \
             r = σ(W_r x + U_r h_prev{gates_r}). Check each term and the σ."
        ),
    )
}

pub fn gru_step(ctx: &Ctx) -> Option<Diagnosis> {
    gru(ctx, Layout { x: 6, c: None, ctx_term: "" })
}

pub fn decoder_step(ctx: &Ctx) -> Option<Diagnosis> {
    gru(ctx, Layout { x: 9, c: Some([6, 7, 8]), ctx_term: " + C c" })
}
