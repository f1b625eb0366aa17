//! Every buffer of one forward and backward pass, grown to the longest
//! sentence seen and then reused, so a decoder step allocates nothing.

use std::cell::RefCell;

use super::direction::Dir;
use super::gru::{PreGrads, Transposed};
use crate::model::{Mat, Vector};

/// Lends this thread's buffers, which grow to the longest sentence seen.
pub fn with_workspace<T>(f: impl FnOnce(&mut Workspace) -> T) -> T {
    thread_local! {
        static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
    }
    WORKSPACE.with(|ws| match ws.try_borrow_mut() {
        Ok(mut ws) => f(&mut ws),
        Err(_) => f(&mut Workspace::default()), // only when called from inside f
    })
}

/// Every buffer of one forward and backward pass; reuse one for many pairs.
#[derive(Clone, Debug, Default)]
pub struct Workspace {
    pub t_x: usize,
    pub t_y: usize,
    pub x: Mat, // (m, T_x)
    pub fwd: Dir,
    pub bwd: Dir,
    pub h: Mat,    // H, (2n, T_x)
    pub ua_h: Mat, // the keys: U_a H, (n', T_x), or a product score's K, (d_k, T_x)
    pub s_0: Vector,
    pub y: Mat, // E_y y_{t−1}, (m, T_y)
    pub dec: Dir,
    pub q: Vector,             // W_a s_{t−1}, (n'), or a product score's q, (d_k)
    pub queries: Mat,          // a product score's q of every t, (d_k, T_y)
    pub e: Vec<f64>,           // e_t at [t T_x ..], (T_x) each
    pub hidden: Vec<f64>,      // tanh(…) of every t, T_y × (n', T_x)
    pub alpha: Vec<f64>,       // α_t at [t T_x ..], (T_x) each
    pub c: Mat,                // (2n, T_y)
    pub t_tilde: Mat,          // (2l, T_y)
    pub t_max: Mat,            // (l, T_y)
    pub p: Mat,                // (K_y, T_y)
    pub(crate) hp: Vector,     // the h_prev of the step at hand, (n)
    pub(crate) rh: Vector,     // r ∘ h_prev, (n)
    pub(crate) grads: Buffers, // the backward pass's own
}

/// The backward pass's buffers, kept between pairs.
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    pub(super) d_logits: Mat,  // (K_y, T_y)
    pub(super) d_t_max: Mat,   // (l, T_y)
    pub(super) d_t_tilde: Mat, // (2l, T_y)
    pub(super) d_s: Mat,       // (n, T_y)
    pub(super) d_y: Mat,       // (m, T_y)
    pub(super) d_c: Mat,       // (2n, T_y)
    pub(super) d_q: Mat,       // (n', T_y)
    pub(super) d_ua_h: Mat,    // (n', T_x)
    pub(super) d_h: Mat,       // (2n, T_x)
    pub(super) d_dir: Mat,     // one direction's ∂h, (n, T_x)
    pub(super) d_x: Mat,       // (m, T_x)
    pub(super) rh: Mat,        // r ∘ h_prev of every step, (n, T)
    pub(super) pre: PreGrads,
    pub(super) carry: Vector,
    pub(super) d_h_prev: Vector,
    pub(super) d_rh: Vector,
    pub(super) d_alpha: Vec<f64>,
    pub(super) d_e: Vec<f64>,
    pub(super) tr_enc: Transposed, // one encoder direction's weights, transposed
    pub(super) tr_dec: Transposed, // the decoder's
}
