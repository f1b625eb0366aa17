//! The project's figures: `cargo bench --bench figures`.
//!
//! Every figure is measured next to a naive variant in the same run and
//! reported as a ratio, with the step's FLOP count and the rate it reaches
//! against the best matrix-multiply rate this build gets on this machine.

mod attention;
mod beam;
mod ceiling;
mod engine;
mod experiments;
mod held_out;
mod real;
mod repl;
mod timing;
mod torch;
mod train;

use attention::{BIG, attention_flops, key_flops};
use bahdanau::decode::step::{decode_step, encode};
use bahdanau::model::Params;
use bahdanau::model::attention::key_projections;
use bahdanau::walkthrough::trace::Trace;
use bahdanau::walkthrough::{Scenario, Walkthrough};
use std::hint::black_box;
use timing::{Row, measure};

/// A teacher-forced pass; the naive variant recomputes U_a H at every t.
fn whole_pass(rows: &mut Vec<Row>, label: &str, p: &Params, src: &[usize], tgt: &[usize], bos: usize) {
    let d = p.dims();
    let (t_x, t_y) = (src.len() as f64, tgt.len() as f64);
    let gru = |input: usize| 3.0 * (2.0 * (d.n * input + d.n * d.n) as f64) + 10.0 * d.n as f64;
    let k_y = p.W_o.nrows();
    let out = (2 * 2 * d.l * (d.n + d.m + 2 * d.n) + 2 * k_y * d.l + 4 * k_y) as f64;
    let flops = 2.0 * t_x * gru(d.m)
        + 2.0 * (d.n * d.n) as f64
        + key_flops(d.n, d.n_a, src.len())
        + t_y * (attention_flops(d.n, d.n_a, src.len()) + gru(d.m) + 3.0 * 2.0 * (d.n * 2 * d.n) as f64 + out);
    let fast = measure(|| black_box(Trace::record(p, black_box(src), tgt, bos)));
    let naive = measure(|| {
        let mut enc = encode(p, black_box(src));
        let (mut s, mut y) = (enc.s_0.clone(), bos);
        for &next in tgt {
            enc.ua_h = key_projections(&p.U_a, &enc.h);
            s = decode_step(p, &enc, &s, y).gru.h;
            y = next;
        }
        black_box(s)
    });
    rows.push(Row::new(label, fast, flops));
    rows.push(Row::naive(
        "  naive: U_a H recomputed at every t",
        naive,
        flops + (t_y - 1.0) * key_flops(d.n, d.n_a, src.len()),
        fast,
    ));
}

fn main() {
    // `cargo bench --bench figures -- real`: one training pair at the real corpus'
    // sizes alone (its rows count no FLOPs, so the peak is not measured: a
    // profile of this run shows the training pair and the corpus' loading only).
    if std::env::args().any(|a| a == "real") {
        let mut rows = Vec::new();
        real::figures(&mut rows);
        timing::print_table(&rows, f64::NAN);
        return;
    }
    // `cargo bench --bench figures -- held-out KEY=VALUE …`: one real run on
    // the held-out split, to choose the real experiment's training by.
    if std::env::args().any(|a| a == "held-out") {
        held_out::figures();
        return;
    }
    // `cargo bench --bench figures -- ceiling`: the engine figures' last part
    // alone, the output layer's products against the core's float64 peak.
    if std::env::args().any(|a| a == "ceiling") {
        engine::ceiling();
        return;
    }
    // `cargo bench --bench figures -- engine`: the training engine beside
    // batched PyTorch on the real corpus, three interleaved rounds.
    if std::env::args().any(|a| a == "engine") {
        engine::figures();
        return;
    }
    let peak = timing::gemm_rate();
    // `cargo bench --bench figures -- beam` measures the beam search alone.
    if std::env::args().any(|a| a == "beam") {
        let mut rows = Vec::new();
        beam::figures(&mut rows);
        timing::print_table(&rows, peak);
        return;
    }
    println!("best matrix-multiply rate of this build (512 × 512 × 512, one core): {:.2} GFLOP/s\n", peak / 1e9);
    let mut rows = Vec::new();
    let summary = attention::figures(&mut rows, peak);
    // `cargo bench --bench figures -- attention` stops here, to re-measure it alone.
    if std::env::args().any(|a| a == "attention") {
        timing::print_table(&rows, peak);
        summary.print();
        return;
    }

    let walk = Walkthrough::new(Scenario::default()).expect("the default scenario is valid");
    let tr = &walk.trace;
    whole_pass(
        &mut rows,
        "teacher-forced pass, default scenario",
        &walk.params,
        &tr.source_ids,
        &tr.target_ids,
        tr.bos_id,
    );

    let (k_x, k_y) = (walk.source_vocab.len(), walk.target_vocab.len());
    let big = Params::init(BIG, k_x, k_y, 1);
    let src: Vec<usize> = (0..40).map(|i| 1 + (i * 7) % (k_x - 1)).collect();
    let tgt: Vec<usize> = (0..40).map(|i| 2 + (i * 5) % (k_y - 2)).collect();
    whole_pass(&mut rows, "teacher-forced pass, 40 tokens at reference sizes", &big, &src, &tgt, tr.bos_id);

    train::figures(&mut rows, &big, &src, &tgt, tr.bos_id);
    real::figures(&mut rows);
    experiments::figures(&mut rows);
    beam::figures(&mut rows);
    repl::figures(&mut rows);
    timing::print_table(&rows, peak);
    summary.print();
}
