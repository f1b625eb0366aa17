//! The fast path: the same RNNsearch as the one-equation functions of
//! src/model/, run the way a real implementation runs it. The experiments'
//! training (`train::grad::loss_and_backward`, and the multiplicative scores'
//! in `train::scored_grad`) and greedy decoding use it; the walkthrough's
//! trace and its own training keep the readable path.
//!
//! What differs, and why the numbers are the same to rounding:
//! - steps 08–09 are fused ([`kernels::energies_fused`]): no n' × T_x matrix;
//! - U_a H is one product shaped for few columns ([`keys::matmul`]), and every
//!   kernel runs on eight lanes with fused multiply-add, compiled for AVX-512
//!   or AVX2 when the processor has them, with the same bits either way;
//! - every buffer lives in a [`Workspace`] that grows to the longest sentence
//!   seen and is then reused, so a decoder step allocates nothing;
//! - what does not feed back through time is batched over t into one matrix
//!   product: the input products W X of the encoder, the deep output and
//!   W_o t_t of every t, and every weight gradient (Σ_t ∂a_t xᵀ_t = ∂A Xᵀ).

/// `pub fn $name(args)` that runs `$kernel` compiled for the widest vectors
/// the processor has, and `$at(isa, args)` that runs it compiled for `isa`
/// (the tests compare them). Each `mul_add` in a kernel is rounded once, as
/// IEEE 754 asks of it everywhere (in software where there is no
/// instruction), so every [`Isa`] gives the same bits.
macro_rules! dispatch {
    ($(#[$doc:meta])* $name:ident, $at:ident => $kernel:ident($($arg:ident: $ty:ty),*)) => {
        $(#[$doc])*
        pub fn $name($($arg: $ty),*) {
            $at(crate::model::fast::Isa::best(), $($arg),*)
        }

        /// The same, compiled for `isa` when the processor has it (else as built).
        pub(crate) fn $at(isa: crate::model::fast::Isa, $($arg: $ty),*) {
            #[cfg(target_arch = "x86_64")]
            {
                use crate::model::fast::Isa;
                #[target_feature(enable = "avx512f,avx2,fma")]
                unsafe fn avx512($($arg: $ty),*) {
                    $kernel($($arg),*)
                }
                #[target_feature(enable = "avx2,fma")]
                unsafe fn avx2($($arg: $ty),*) {
                    $kernel($($arg),*)
                }
                if isa == Isa::Avx512 && Isa::Avx512.available() {
                    // SAFETY: the processor has just been found to support AVX-512F, AVX2 and FMA.
                    return unsafe { avx512($($arg),*) };
                }
                if isa == Isa::Avx2 && Isa::Avx2.available() {
                    // SAFETY: the processor has just been found to support AVX2 and FMA.
                    return unsafe { avx2($($arg),*) };
                }
            }
            let _ = isa;
            $kernel($($arg),*)
        }
    };
}

/// The instruction sets the kernels are compiled for: AVX-512 holds eight
/// f64 in a register, AVX2 four (both with fused multiply-add), and the
/// target's baseline (SSE2 on x86-64) two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    Baseline,
    Avx2,
    Avx512,
}

impl Isa {
    /// Whether this processor runs code compiled for `self`.
    pub fn available(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            match self {
                Isa::Baseline => true,
                Isa::Avx2 => has!("avx2") && has!("fma"),
                Isa::Avx512 => has!("avx512f") && has!("avx2") && has!("fma"),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self == Isa::Baseline
        }
    }

    /// The widest this processor has (std caches the detection).
    pub fn best() -> Isa {
        [Isa::Avx512, Isa::Avx2].into_iter().find(|i| i.available()).unwrap_or(Isa::Baseline)
    }
}

pub mod backward;
pub mod forward;
pub mod gru;
pub mod kernels;
pub mod keys;
pub mod product;
pub mod tanh;

pub use forward::{greedy_decode, greedy_decode_with, teacher_forced};
pub use product::{Product, ProductGrads};

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

/// The score a pass computes: the paper's additive one from the model's
/// W_a, U_a and v_a, or a multiplicative one with its own weights.
#[derive(Clone, Copy, Debug)]
pub enum Score<'a> {
    Additive,
    Product(Product<'a>),
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

/// [`loss_and_backward`] for a model whose score is `score`; the score's own
/// gradients go into `score_grads` (a multiplicative score's).
#[allow(clippy::too_many_arguments)]
pub fn loss_and_backward_with(
    p: &Params,
    score: Score,
    ws: &mut Workspace,
    (source, target, bos): (&[usize], &[usize], usize),
    g: &mut Params,
    score_grads: Option<ProductGrads>,
) -> f64 {
    let loss = forward::teacher_forced_with(p, score, ws, source, target, bos);
    backward::backward_with(p, score, ws, (source, target, bos), g, score_grads);
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
    pub ua_h: Mat, // the keys: U_a H, (n', T_x), or a product score's K, (d_k, T_x)
    pub s_0: Vector,
    pub y: Mat, // E_y y_{t−1}, (m, T_y)
    pub dec: Dir,
    pub q: Vector,                       // W_a s_{t−1}, (n'), or a product score's q, (d_k)
    pub queries: Mat,                    // a product score's q of every t, (d_k, T_y)
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
