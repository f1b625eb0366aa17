//! Timing by repetition: each figure is the median of seven batches, each
//! batch long enough (≥ 40 ms) that the clock's resolution does not matter.

use bahdanau::model::Mat;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Nanoseconds per call of `f`.
pub fn measure<T>(mut f: impl FnMut() -> T) -> f64 {
    let mut iters: u64 = 1;
    loop {
        let start = Instant::now();
        (0..iters).for_each(|_| drop(black_box(f())));
        if start.elapsed() >= Duration::from_millis(40) {
            break;
        }
        iters *= 2;
    }
    let mut batches: Vec<f64> = (0..7)
        .map(|_| {
            let start = Instant::now();
            (0..iters).for_each(|_| drop(black_box(f())));
            start.elapsed().as_nanos() as f64 / iters as f64
        })
        .collect();
    batches.sort_by(f64::total_cmp);
    batches[3]
}

/// FLOP/s of a 512 × 512 by 512 × 512 product: the practical ceiling here.
pub fn gemm_rate() -> f64 {
    let a = Mat::from_fn(512, 512, |r, c| ((r + c) % 7) as f64 * 0.1);
    let b = a.transpose();
    let ns = measure(|| &a * &b);
    2.0 * 512f64.powi(3) / (ns * 1e-9)
}

pub struct Row {
    label: String,
    ns: f64,
    flops: f64,
    /// For a naive variant: how many times slower than the figure it shadows.
    ratio: Option<f64>,
}

impl Row {
    pub fn new(label: &str, ns: f64, flops: f64) -> Row {
        Row { label: label.to_string(), ns, flops, ratio: None }
    }

    pub fn naive(label: &str, ns: f64, flops: f64, against_ns: f64) -> Row {
        Row { ratio: Some(ns / against_ns), ..Row::new(label, ns, flops) }
    }
}

pub fn human(ns: f64) -> String {
    match ns {
        ns if ns < 1e3 => format!("{ns:.0} ns"),
        ns if ns < 1e6 => format!("{:.2} µs", ns / 1e3),
        ns if ns < 1e9 => format!("{:.2} ms", ns / 1e6),
        ns => format!("{:.2} s", ns / 1e9),
    }
}

pub fn print_table(rows: &[Row], peak: f64) {
    println!("{:<52} {:>10} {:>12} {:>9} {:>8} {:>8}", "figure", "time", "FLOPs", "GFLOP/s", "of peak", "ratio");
    for r in rows {
        let rate = r.flops / (r.ns * 1e-9);
        let ratio = r.ratio.map_or(String::new(), |x| format!("{x:.2}×"));
        let (flops, gflops, share) = if r.flops > 0.0 {
            (format!("{:.3e}", r.flops), format!("{:.2}", rate / 1e9), format!("{:.1}%", 100.0 * rate / peak))
        } else {
            ("–".into(), "–".into(), "–".into())
        };
        println!("{:<52} {:>10} {flops:>12} {gflops:>9} {share:>8} {ratio:>8}", r.label, human(r.ns));
    }
}
