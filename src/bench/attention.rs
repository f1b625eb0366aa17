//! The attention step (06–11) at the reference sizes: the readable path, the
//! fused one, each with U_a H cached or recomputed at every t, the reference
//! material's PyTorch module in the same run, and the two limits of the
//! cached step: its FLOPs at the best matrix-product rate, and the bytes it
//! reads at the bandwidth this machine gives a buffer of that size.

use crate::timing::{Row, human, measure};
use bahdanau::model::attention::{
    broadcast_sum, context, energies, hidden_energy, key_projections, query_projection, softmax,
};
use bahdanau::model::fast::kernels::{energies_fused, gemv, tanh_slice};
use bahdanau::model::fast::keys::matmul;
use bahdanau::model::{Dims, Mat, Vector};
use std::hint::black_box;

/// The reference material's sizes: T_x = 20, n = 256 (so 2n = 512), n' = 128.
pub const BIG: Dims = Dims { m: 256, n: 256, n_a: 128, l: 128 };
pub const T_X: usize = 20;

fn seeded(rows: usize, cols: usize, k: f64) -> Mat {
    Mat::from_fn(rows, cols, |r, c| ((r * 31 + c * 17) as f64 * 0.013 + k).sin() * 0.1)
}

/// FLOPs of steps 06–11 at one t, U_a H excluded (tanh and exp count as one).
pub fn attention_flops(n: usize, n_a: usize, t_x: usize) -> f64 {
    let query = 2 * n_a * n;
    let sum_tanh = 2 * n_a * t_x;
    let energies = 2 * n_a * t_x;
    let softmax = 4 * t_x;
    let context = 2 * (2 * n) * t_x;
    (query + sum_tanh + energies + softmax + context) as f64
}

pub fn key_flops(n: usize, n_a: usize, t_x: usize) -> f64 {
    (2 * n_a * 2 * n * t_x) as f64
}

/// What the timings of this module leave for the summary under the table.
pub struct Summary {
    pub fused_cached: f64,
    pub fused_recomputed: f64,
    pub torch: Option<f64>,
    pub flop_bound: f64,
    pub bytes: usize,
    pub bandwidth: f64, // bytes per ns
    pub tanh_ns: f64,
}

pub fn figures(rows: &mut Vec<Row>, peak: f64) -> Summary {
    let (n, n_a) = (BIG.n, BIG.n_a);
    let (w_a, u_a, v_a) = (seeded(n_a, n, 0.1), seeded(n_a, 2 * n, 0.2), seeded(n_a, 1, 0.3));
    let h = seeded(2 * n, T_X, 0.4);
    let s_prev = Vector::from_fn(n, |i, _| (i as f64 * 0.01).cos());
    let ua_h = key_projections(&u_a, &h);
    let flops = attention_flops(n, n_a, T_X);
    let keys = key_flops(n, n_a, T_X);

    // ANCHOR: readable_step
    let readable = |ua_h: &Mat| {
        let query = query_projection(&w_a, &s_prev);
        let e = energies(&v_a, &hidden_energy(&broadcast_sum(&query, ua_h)));
        context(&h, &softmax(&e))
    };
    // ANCHOR_END: readable_step
    let (mut q, mut e, mut c, mut keys_buf) = (Vector::zeros(n_a), vec![0.0; T_X], Vector::zeros(2 * n), ua_h.clone());
    // ANCHOR: fused_step
    let mut fused = |ua_h: &Mat| {
        // q = W_a s_{t−1}, (n'); then e_t, (T_x)
        gemv(n_a, w_a.as_slice(), s_prev.as_slice(), q.as_mut_slice());
        let (keys, v) = (ua_h.as_slice(), v_a.as_slice());
        energies_fused(q.as_slice(), keys, v, &mut e, None);
        let max = e.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        e.iter_mut().for_each(|v| *v = (*v - max).exp());
        let total: f64 = e.iter().sum();
        e.iter_mut().for_each(|v| *v /= total); // α_t
        gemv(2 * n, h.as_slice(), &e, c.as_mut_slice()); // c_t = H α_t, (2n)
        c[0]
    };
    // ANCHOR_END: fused_step
    let fused_cached = measure(|| fused(black_box(&ua_h)));
    let fused_recomputed = measure(|| {
        matmul(n_a, 2 * n, u_a.as_slice(), black_box(h.as_slice()), keys_buf.as_mut_slice()); // U_a H again
        fused(&keys_buf)
    });
    let readable_cached = measure(|| black_box(readable(black_box(&ua_h))));
    let readable_recomputed = measure(|| black_box(readable(&key_projections(&u_a, black_box(&h)))));

    rows.push(Row::new("attention step 06–11, fused, U_a H once per sentence", fused_cached, flops));
    rows.push(Row::naive("  naive: readable (one matrix per step)", readable_cached, flops, fused_cached));
    rows.push(Row::new("attention step 06–11, fused, U_a H at every t", fused_recomputed, flops + keys));
    rows.push(Row::naive("  naive: readable, U_a H at every t", readable_recomputed, flops + keys, fused_recomputed));
    let torch = crate::torch::attention_ns(n, n_a, T_X);
    if let Some(ns) = torch {
        rows.push(Row::naive("  PyTorch module (float64, 1 thread, no_grad)", ns, flops + keys, fused_recomputed));
    }

    // U_a H alone: most of the step when recomputed. nalgebra hands it to
    // matrixmultiply, whose general product packs U_a into panels first.
    let product = measure(|| matmul(n_a, 2 * n, u_a.as_slice(), black_box(h.as_slice()), keys_buf.as_mut_slice()));
    rows.push(Row::new("  of which U_a H, (n', 2n)·(2n, T_x)", product, keys));
    let general = measure(|| keys_buf.gemm(1.0, &u_a, black_box(&h), 0.0));
    rows.push(Row::naive("  naive: general product (nalgebra → matrixmultiply)", general, keys, product));
    // Where the cached step's time goes: the n' × T_x tanh alone.
    let pre = broadcast_sum(&query_projection(&w_a, &s_prev), &ua_h);
    let mut buf = pre.clone();
    let tanh_ns = measure(|| {
        buf.copy_from(&pre);
        tanh_slice(black_box(buf.as_mut_slice()));
    });
    rows.push(Row::new("  of which tanh over n' × T_x = 2,560, vectorised", tanh_ns, (n_a * T_X) as f64));
    let scalar = measure(|| hidden_energy(black_box(&pre)));
    rows.push(Row::naive("  naive: f64::tanh one at a time", scalar, (n_a * T_X) as f64, tanh_ns));

    // The limits: bytes the cached step must read (W_a, U_a H, H, v_a, s_{t−1}).
    let bytes = 8 * (n_a * n + n_a * T_X + 2 * n * T_X + n_a + n);
    let bandwidth = read_bandwidth(bytes);
    let flop_bound = flops / peak * 1e9;
    Summary { fused_cached, fused_recomputed, torch, flop_bound, bytes, bandwidth, tanh_ns }
}

/// Bytes per ns of a streaming read (a sum) of a buffer of `bytes`, read again
/// and again, so it sits where the step's working set sits in the caches.
/// Compiled for AVX-512 where the processor has it: with SSE2's 16-byte loads
/// the loop would measure the loads, not the caches.
fn read_bandwidth(bytes: usize) -> f64 {
    let buf: Vec<f64> = (0..bytes / 8).map(|k| k as f64).collect();
    let ns = measure(|| sum(black_box(&buf)));
    bytes as f64 / ns
}

#[inline(always)]
fn sum_kernel(buf: &[f64]) -> f64 {
    let mut acc = [0.0f64; 32]; // enough independent sums that the adds never wait
    for chunk in buf.chunks_exact(32) {
        for j in 0..32 {
            acc[j] += chunk[j]; // plain loops: std's closures are not inlined into the AVX builds
        }
    }
    let mut total = 0.0;
    for a in acc {
        total += a;
    }
    total
}

fn sum(buf: &[f64]) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f")]
        unsafe fn wide(buf: &[f64]) -> f64 {
            sum_kernel(buf)
        }
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the processor has just been found to support AVX-512F.
            return unsafe { wide(buf) };
        }
        #[target_feature(enable = "avx2")]
        unsafe fn avx2(buf: &[f64]) -> f64 {
            sum_kernel(buf)
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has just been found to support AVX2.
            return unsafe { avx2(buf) };
        }
    }
    sum_kernel(buf)
}

impl Summary {
    pub fn print(&self) {
        let at_bandwidth = self.bytes as f64 / self.bandwidth;
        println!("\nthe attention step at T_x = {T_X}, 2n = {}, n' = {}:", 2 * BIG.n, BIG.n_a);
        println!("  bytes read by the cached step (W_a, U_a H, H, v_a, s): {} KiB", self.bytes / 1024);
        println!(
            "  streaming read of a buffer that size: {:.1} GB/s, so the bytes take {} (memory bound)",
            self.bandwidth,
            human(at_bandwidth)
        );
        println!("  its FLOPs at the best matrix-product rate take {} (FLOP bound)", human(self.flop_bound));
        println!(
            "  the vectorised tanh of n' × T_x entries alone takes {} ({:.2} ns each)",
            human(self.tanh_ns),
            self.tanh_ns / (BIG.n_a * T_X) as f64
        );
        println!(
            "  fused, cached: {} = {:.1} × the memory bound, {:.1} × the FLOP bound",
            human(self.fused_cached),
            self.fused_cached / at_bandwidth,
            self.fused_cached / self.flop_bound
        );
        match self.torch {
            Some(t) => println!(
                "  PyTorch's module {}: {:.2} × slower than fused with U_a H at every t, {:.2} × than fused cached",
                human(t),
                t / self.fused_recomputed,
                t / self.fused_cached
            ),
            None => println!("  PyTorch: {}", crate::torch::NOT_FOUND),
        }
    }
}
