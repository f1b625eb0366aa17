//! The fast path: the same RNNsearch as the one-equation functions of
//! src/model/, run the way a real implementation runs it. The experiments'
//! training (`train::grad::loss_and_backward`) and greedy decoding use it;
//! the walkthrough's trace and its own training keep the readable path.
//!
//! What differs, and why the numbers are the same to rounding:
//! - steps 08–09 are fused ([`kernels::energies_fused`]): no n' × T_x matrix;
//! - every buffer lives in a [`Workspace`] that grows to the longest sentence
//!   seen and is then reused, so a decoder step allocates nothing;
//! - what does not feed back through time is batched over t into one matrix
//!   product: the input products W X of the encoder, the deep output and
//!   W_o t_t of every t, and every weight gradient (Σ_t ∂a_t xᵀ_t = ∂A Xᵀ).

/// `pub fn $name(args)` that runs `$kernel` compiled for AVX2 when the
/// processor has it, and as built (SSE2 on x86-64) otherwise.
macro_rules! dispatch {
    ($(#[$doc:meta])* $name:ident => $kernel:ident($($arg:ident: $ty:ty),*)) => {
        $(#[$doc])*
        pub fn $name($($arg: $ty),*) {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx2")]
                unsafe fn avx2($($arg: $ty),*) {
                    $kernel($($arg),*)
                }
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the processor has just been found to support AVX2.
                    return unsafe { avx2($($arg),*) };
                }
            }
            $kernel($($arg),*)
        }
    };
}

pub mod backward;
pub mod forward;
pub mod gru;
pub mod kernels;

pub use forward::{greedy_decode, teacher_forced};

use super::Params;
use std::cell::RefCell;

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

/// One training pair on the fast path: the forward pass, then ∂L/∂θ added
/// into `g`; returns L = (1 / T_y) Σ_t −ln p(y_t | y_<t, x).
pub fn loss_and_backward(
    p: &Params,
    ws: &mut Workspace,
    source: &[usize],
    target: &[usize],
    bos: usize,
    g: &mut Params,
) -> f64 {
    let loss = teacher_forced(p, ws, source, target, bos);
    backward::backward(p, ws, source, target, bos, g);
    loss
}

use super::{Mat, Vector};
use nalgebra::{DMatrixView, DMatrixViewMut, DVectorView};

/// One GRU direction's tensors over a sentence, column i for step i: the
/// input products (W_z x_i, W_r x_i, W x_i), the gates, h~, h_i and the h_prev
/// each step read. Each (n, T) with room for longer sentences.
#[derive(Clone, Debug, Default)]
pub struct Dir {
    pub in_z: Mat,
    pub in_r: Mat,
    pub in_h: Mat,
    pub z: Mat,
    pub r: Mat,
    pub h_tilde: Mat,
    pub h: Mat,
    pub h_prev: Mat,
}

impl Dir {
    fn fit(&mut self, n: usize, t: usize) {
        for m in [
            &mut self.in_z,
            &mut self.in_r,
            &mut self.in_h,
            &mut self.z,
            &mut self.r,
            &mut self.h_tilde,
            &mut self.h,
            &mut self.h_prev,
        ] {
            fit(m, n, t);
        }
    }
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
    pub ua_h: Mat, // U_a H, (n', T_x)
    pub s_0: Vector,
    pub y: Mat, // E_y y_{t−1}, (m, T_y)
    pub dec: Dir,
    pub q: Vector,                       // W_a s_{t−1}, (n')
    pub e: Vec<f64>,                     // e_t at [t T_x ..], (T_x) each
    pub hidden: Vec<f64>,                // tanh(…) of every t, T_y × (n', T_x)
    pub alpha: Vec<f64>,                 // α_t at [t T_x ..], (T_x) each
    pub c: Mat,                          // (2n, T_y)
    pub t_tilde: Mat,                    // (2l, T_y)
    pub t_max: Mat,                      // (l, T_y)
    pub p: Mat,                          // (K_y, T_y)
    pub(crate) hp: Vector,               // the h_prev of the step at hand, (n)
    pub(crate) rh: Vector,               // r ∘ h_prev, (n)
    pub(crate) grads: backward::Buffers, // the backward pass's own
}

/// Makes `m` (rows, ≥ cols); keeps its memory when it is already big enough.
pub(crate) fn fit(m: &mut Mat, rows: usize, cols: usize) {
    if m.nrows() != rows || m.ncols() < cols {
        *m = Mat::zeros(rows, cols.max(m.ncols() * (m.nrows() == rows) as usize));
    }
}

pub(crate) fn fit_vec(v: &mut Vector, len: usize) {
    if v.len() != len {
        *v = Vector::zeros(len);
    }
}

/// Column i of a column-major buffer, as a slice.
pub(crate) fn col(m: &Mat, i: usize) -> &[f64] {
    let r = m.nrows();
    &m.as_slice()[i * r..(i + 1) * r]
}

pub(crate) fn col_mut(m: &mut Mat, i: usize) -> &mut [f64] {
    let r = m.nrows();
    &mut m.as_mut_slice()[i * r..(i + 1) * r]
}

pub(crate) fn vview(s: &[f64]) -> DVectorView<'_, f64> {
    DVectorView::from_slice(s, s.len())
}

/// The first `t` columns of `m`.
pub(crate) fn cols(m: &Mat, t: usize) -> DMatrixView<'_, f64> {
    m.columns(0, t)
}

pub(crate) fn cols_mut(m: &mut Mat, t: usize) -> DMatrixViewMut<'_, f64> {
    m.columns_mut(0, t)
}

/// A matrix with an optional transpose, as a matrix product reads it.
pub(crate) struct Op<'a>(pub DMatrixView<'a, f64>, pub bool);

/// c = α op(a) op(b) + β c. matrixmultiply reads any strides, so a transpose
/// costs nothing (nalgebra would copy it first).
pub(crate) fn mm(beta: f64, c: &mut DMatrixViewMut<f64>, alpha: f64, a: Op, b: Op) {
    let dims = |o: &Op| {
        let (r, k) = o.0.shape();
        let (rs, cs) = o.0.strides();
        if o.1 { (k, r, cs as isize, rs as isize) } else { (r, k, rs as isize, cs as isize) }
    };
    let ((m, k, rsa, csa), (k2, n, rsb, csb)) = (dims(&a), dims(&b));
    assert!(k == k2 && c.shape() == (m, n), "matrix product of mismatched shapes");
    let (rsc, csc) = c.strides();
    // SAFETY: the shapes and strides describe the three views exactly, c is
    // borrowed mutably so it overlaps neither a nor b.
    unsafe {
        matrixmultiply::dgemm(
            m,
            k,
            n,
            alpha,
            a.0.as_ptr(),
            rsa,
            csa,
            b.0.as_ptr(),
            rsb,
            csb,
            beta,
            c.as_mut_ptr(),
            rsc as isize,
            csc as isize,
        );
    }
}
