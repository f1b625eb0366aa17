//! How near the engine's output layer runs to this core's ceiling in
//! float64: the core's multiply-add peak, measured with a loop that does
//! nothing else, beside the rate of each of the output layer's three
//! products at the real corpus's sizes (K_y × l weights, a chunk of
//! [`output::CHUNK`] target words), and the cost of one exp of the softmax.
//! A product near the peak has little left to give in float64; what is
//! left is elsewhere, or in fewer bits per number.

use bahdanau::model::Mat;
use bahdanau::model::fast::narrow::narrow;
use bahdanau::model::fast::sysexp::exp_slice;
use bahdanau::train::engine::gemm::{mul, outer, view};
use bahdanau::train::engine::output;
use std::hint::black_box;
use std::time::Instant;

/// Independent chains of eight lanes: more than a multiply-add's latency
/// times the units that run them, so no chain waits for its last result.
const CHAINS: usize = 16;
const STEPS: usize = 20_000_000;

#[inline(always)]
fn peak_kernel(a: f64, b: f64) -> f64 {
    let mut acc = [0.0f64; 8 * CHAINS];
    for _ in 0..STEPS {
        for v in &mut acc {
            *v = v.mul_add(a, b);
        }
    }
    let mut total = 0.0;
    for v in acc {
        total += v;
    }
    total
}

/// Multiply-adds a second on one core, counted as two operations each.
fn peak() -> f64 {
    let (a, b) = (black_box(0.999_999), black_box(1e-9));
    let start = Instant::now();
    let mut out = None;
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f,fma")]
        unsafe fn wide(a: f64, b: f64) -> f64 {
            peak_kernel(a, b)
        }
        #[target_feature(enable = "avx2,fma")]
        unsafe fn avx2(a: f64, b: f64) -> f64 {
            peak_kernel(a, b)
        }
        if std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the processor has just been found to support AVX-512F and FMA.
            out = Some(unsafe { wide(a, b) });
        } else if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the processor has just been found to support AVX2 and FMA.
            out = Some(unsafe { avx2(a, b) });
        }
    }
    black_box(out.unwrap_or_else(|| peak_kernel(a, b)));
    (2 * 8 * CHAINS * STEPS) as f64 / start.elapsed().as_secs_f64()
}

/// Seconds per call of `f`, the best of five runs of `reps` calls.
fn best_of(reps: usize, mut f: impl FnMut()) -> f64 {
    f();
    (0..5)
        .map(|_| {
            let start = Instant::now();
            (0..reps).for_each(|_| f());
            start.elapsed().as_secs_f64() / reps as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// Numbers of a fixed, harmless spread.
fn filled(len: usize, scale: f64) -> Vec<f64> {
    (0..len).map(|i| scale * ((i * 7_919 % 1_000) as f64 / 1_000.0 - 0.5)).collect()
}

/// The output layer's products at K_y × l, one chunk of words, on one thread.
pub fn print(k_y: usize, l: usize) {
    let w = output::CHUNK;
    let flop = (2 * k_y * l * w) as f64;
    let peak = peak();
    let w_o = Mat::from_vec(k_y, l, filled(k_y * l, 0.2));
    let w_o_t = w_o.transpose();
    let t = filled(l * w, 1.0);
    let logits = filled(k_y * w, 1e-3);
    let (mut p, mut d_t, mut d_w_o) = (vec![0.0; k_y * w], vec![0.0; l * w], Mat::zeros(k_y, l));
    let rows = [
        ("W_o t (matrixmultiply, W_o packed each chunk)", best_of(200, || mul(0.0, &mut p, &w_o, false, &t))),
        ("∂W_o += ∂logits tᵀ (matrixmultiply)", best_of(200, || outer(&mut d_w_o, view(&logits, k_y), view(&t, l)))),
        (
            "W_oᵀ ∂logits (narrow, W_oᵀ read where it lies)",
            best_of(200, || narrow(l, 0.0, w_o_t.as_slice(), &logits, &mut d_t)),
        ),
    ];
    println!(
        "\nthe output layer against this core's float64 ceiling (1 thread, K_y = {k_y}, l = {l}, {w} words a chunk):"
    );
    println!("  multiply-add peak, {CHAINS} independent chains of 8 lanes: {:.1} GFLOP/s", peak / 1e9);
    for (name, secs) in rows {
        let rate = flop / secs;
        println!(
            "  {name}: {:.3} ms a chunk, {:.1} GFLOP/s, {:.0} % of the peak",
            secs * 1e3,
            rate / 1e9,
            100.0 * rate / peak
        );
    }
    let mut e = logits.clone();
    let exp = best_of(200, || {
        e.copy_from_slice(&logits);
        exp_slice(&mut e);
    });
    println!(
        "  exp of the chunk's {} logits (the system's bits, copy included): {:.3} ms, {:.2} ns each",
        k_y * w,
        exp * 1e3,
        exp * 1e9 / (k_y * w) as f64
    );
    black_box((p, d_t, d_w_o, e));
}
