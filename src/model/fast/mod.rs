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
//!
//! The files: [`forward`] and [`backward`] the passes, [`gru`] one GRU step
//! and its backward, [`kernels`], [`keys`] and [`tanh`] the vector kernels
//! on [`lanes`] of eight, [`systanh`] and [`sysexp`] the C library's tanh
//! and exp eight at a time with its bits (the GRUs', the softmaxes'),
//! [`softmax`] every softmax, [`product`] the multiplicative scores; the passes'
//! buffers are a [`workspace`] of [`direction`]s, read through [`columns`]
//! and multiplied by [`gemm`] (or [`narrow`], with its bits, when the left
//! factor stays in cache or the right one has a few columns), and by
//! [`blas`] (nalgebra's matrix–vector products, with their bits); [`isa`]
//! chooses the vector width.

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

/// [`dispatch!`] for kernels outside the fast path (Adam's update).
pub(crate) use dispatch;

pub mod backward;
pub mod blas;
pub mod columns;
pub mod direction;
pub mod forward;
pub mod gemm;
pub mod gru;
pub mod isa;
pub mod kernels;
pub mod keys;
pub mod lanes;
pub mod narrow;
pub mod narrow32;
pub mod product;
pub mod softmax;
pub mod softmax32;
pub mod summarised;
pub mod sysexp;
pub mod systanh;
pub mod tanh;
#[cfg(test)]
pub(crate) mod testing;
pub mod workspace;

pub use direction::Dir;
pub use forward::{alignment_with, greedy_decode, greedy_decode_with, teacher_forced};
pub use isa::Isa;
pub use product::{Product, ProductGrads, Score};
pub use workspace::{Workspace, with_workspace};

use super::Params;

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
