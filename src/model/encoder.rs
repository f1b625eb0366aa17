//! The bidirectional encoder: embeddings, a forward and a backward GRU, and the
//! annotations h_i = [→h_i; ←h_i] stacked as the columns of H.

use super::gru::{Gru, GruStep, gru_step, gru_step_backward};
use super::{Mat, Vector};

/// The states of one direction: column i of `h` is that direction's h_i, and
/// `steps[i]` holds the gates that produced it.
#[derive(Clone, Debug, PartialEq)]
pub struct RnnPass {
    pub h: Mat,              // (n, T_x)
    pub steps: Vec<GruStep>, // T_x entries, in source order
}

// ANCHOR: embed
/// X = E[x]: column i is the embedding of token id `ids[i]`.
pub fn embed(e: &Mat, ids: &[usize]) -> Mat {
    Mat::from_fn(e.nrows(), ids.len(), |d, i| e[(d, ids[i])]) // (m, T)
}
// ANCHOR_END: embed

// ANCHOR: embed_backward
/// A lookup copies column ids[i] of E into X, so ∂X's column i is added back
/// into ∂E's column ids[i] (a word seen twice collects both).
pub fn embed_backward(d_x: &Mat, ids: &[usize], d_e: &mut Mat) {
    for (i, &id) in ids.iter().enumerate() {
        let mut col = d_e.column_mut(id); // (m)
        col += d_x.column(i);
    }
}
// ANCHOR_END: embed_backward

// ANCHOR: forward_rnn
/// →h_i = GRU(x_i, →h_{i−1}) for i = 1 … T_x, starting from →h_0 = 0.
pub fn forward_rnn(g: &Gru, x: &Mat) -> RnnPass {
    let n = g.u.nrows();
    let mut h_prev = Vector::zeros(n); // →h_0, (n)
    let mut steps = Vec::with_capacity(x.ncols());
    for i in 0..x.ncols() {
        let step = gru_step(g, &x.column(i).into_owned(), &h_prev, None);
        h_prev = step.h.clone();
        steps.push(step);
    }
    RnnPass { h: stack_states(n, &steps), steps }
}
// ANCHOR_END: forward_rnn

// ANCHOR: forward_rnn_backward
/// Backpropagation through time, i = T_x … 1: the gradient reaching →h_i is
/// what H sent (`d_h` column i) plus what →h_{i+1} sent back through h_prev.
/// Adds the weights' gradients into `d_g` and returns ∂X.
pub fn forward_rnn_backward(g: &Gru, x: &Mat, pass: &RnnPass, d_h: &Mat, d_g: &mut Gru) -> Mat {
    let n = g.u.nrows();
    let mut d_x = Mat::zeros(x.nrows(), x.ncols()); // (m, T_x)
    let mut carry = Vector::zeros(n); // ∂→h_i from step i + 1
    for i in (0..x.ncols()).rev() {
        let h_prev = if i == 0 { Vector::zeros(n) } else { pass.h.column(i - 1).into_owned() };
        let d_hi = d_h.column(i) + &carry;
        let back = gru_step_backward(g, &x.column(i).into_owned(), &h_prev, None, &pass.steps[i], &d_hi, d_g);
        d_x.set_column(i, &back.d_x);
        carry = back.d_h_prev;
    }
    d_x
}
// ANCHOR_END: forward_rnn_backward

// ANCHOR: backward_rnn
/// ←h_i = GRU(x_i, ←h_{i+1}) for i = T_x … 1, starting from ←h_{T_x+1} = 0.
pub fn backward_rnn(g: &Gru, x: &Mat) -> RnnPass {
    let n = g.u.nrows();
    let mut h_next = Vector::zeros(n); // ←h_{T_x+1}, (n)
    let mut steps = Vec::with_capacity(x.ncols());
    for i in (0..x.ncols()).rev() {
        let step = gru_step(g, &x.column(i).into_owned(), &h_next, None);
        h_next = step.h.clone();
        steps.push(step);
    }
    steps.reverse(); // back into source order: steps[i] made ←h_i
    RnnPass { h: stack_states(n, &steps), steps }
}
// ANCHOR_END: backward_rnn

// ANCHOR: backward_rnn_backward
/// The same through time, in the other direction: ←h_i's previous state is
/// ←h_{i+1}, so the gradient flows from i = 1 up to T_x.
pub fn backward_rnn_backward(g: &Gru, x: &Mat, pass: &RnnPass, d_h: &Mat, d_g: &mut Gru) -> Mat {
    let (n, t_x) = (g.u.nrows(), x.ncols());
    let mut d_x = Mat::zeros(x.nrows(), t_x); // (m, T_x)
    let mut carry = Vector::zeros(n); // ∂←h_i from step i − 1
    for i in 0..t_x {
        let h_prev = if i + 1 == t_x { Vector::zeros(n) } else { pass.h.column(i + 1).into_owned() };
        let d_hi = d_h.column(i) + &carry;
        let back = gru_step_backward(g, &x.column(i).into_owned(), &h_prev, None, &pass.steps[i], &d_hi, d_g);
        d_x.set_column(i, &back.d_x);
        carry = back.d_h_prev;
    }
    d_x
}
// ANCHOR_END: backward_rnn_backward

fn stack_states(n: usize, steps: &[GruStep]) -> Mat {
    Mat::from_fn(n, steps.len(), |d, i| steps[i].h[d]) // (n, T_x)
}

// ANCHOR: annotations
/// H = [→h; ←h]: column i is h_i, the forward state on top of the backward one.
pub fn annotations(h_fwd: &Mat, h_bwd: &Mat) -> Mat {
    let (n, t_x) = h_fwd.shape();
    let mut h = Mat::zeros(2 * n, t_x); // (2n, T_x)
    h.rows_mut(0, n).copy_from(h_fwd); // rows 0..n: →h_i
    h.rows_mut(n, n).copy_from(h_bwd); // rows n..2n: ←h_i
    h
}
// ANCHOR_END: annotations

// ANCHOR: annotations_backward
/// Stacking splits back: the top n rows of ∂H go to →h, the bottom n to ←h.
pub fn annotations_backward(d_h: &Mat) -> (Mat, Mat) {
    let n = d_h.nrows() / 2;
    (d_h.rows(0, n).into_owned(), d_h.rows(n, n).into_owned()) // (n, T_x) each
}
// ANCHOR_END: annotations_backward

#[cfg(test)]
mod tests {
    use super::*;

    fn gru(n: usize, m: usize, seed: f64) -> Gru {
        let f = |k: f64| Mat::from_fn(n, m, |a, b| ((a * 7 + b * 3) as f64 * 0.37 + seed * k).sin() * 0.5);
        let g = |k: f64| Mat::from_fn(n, n, |a, b| ((a * 5 + b * 11) as f64 * 0.23 + seed * k).cos() * 0.5);
        Gru { w: f(1.0), w_z: f(2.0), w_r: f(3.0), u: g(1.0), u_z: g(2.0), u_r: g(3.0) }
    }

    #[test]
    fn embed_picks_columns() {
        let e = Mat::from_fn(2, 4, |d, k| (10 * k + d) as f64);
        let x = embed(&e, &[3, 0, 3]);
        assert_eq!(x, Mat::from_row_slice(2, 3, &[30.0, 0.0, 30.0, 31.0, 1.0, 31.0]));
    }

    #[test]
    fn forward_matches_a_naive_loop() {
        let (g, x) = (gru(3, 2, 1.0), Mat::from_fn(2, 4, |a, b| (a + 2 * b) as f64 * 0.1));
        let pass = forward_rnn(&g, &x);
        let mut h = Vector::zeros(3);
        for i in 0..4 {
            h = gru_step(&g, &x.column(i).into_owned(), &h, None).h;
            assert_eq!(pass.h.column(i), h.column(0));
        }
    }

    #[test]
    fn backward_reads_the_sentence_from_the_end() {
        let (g, x) = (gru(3, 2, 2.0), Mat::from_fn(2, 4, |a, b| (a + 2 * b) as f64 * 0.1));
        let pass = backward_rnn(&g, &x);
        let last = gru_step(&g, &x.column(3).into_owned(), &Vector::zeros(3), None).h;
        assert_eq!(pass.h.column(3), last.column(0));
        let before = gru_step(&g, &x.column(2).into_owned(), &last, None).h;
        assert_eq!(pass.h.column(2), before.column(0));
    }

    #[test]
    fn annotations_stack_forward_over_backward() {
        let f = Mat::from_element(2, 3, 1.0);
        let b = Mat::from_element(2, 3, -1.0);
        let h = annotations(&f, &b);
        assert_eq!(h.shape(), (4, 3));
        assert_eq!(h.rows(0, 2), f);
        assert_eq!(h.rows(2, 2), b);
    }
}
