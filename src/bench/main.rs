//! The project's figures: `cargo bench --bench figures`.
//!
//! Every figure is measured next to a naive variant in the same run and
//! reported as a ratio, with the step's FLOP count and the rate it reaches
//! against the best matrix-multiply rate this build gets on this machine.

mod repl;
mod timing;
mod train;

use bahdanau::model::attention::{
    broadcast_sum, context, energies, hidden_energy, key_projections, query_projection, softmax,
};
use bahdanau::model::{Dims, Mat, Params, Vector};
use bahdanau::walkthrough::trace::{Trace, decode_step, encode};
use bahdanau::walkthrough::{Scenario, Walkthrough};
use std::hint::black_box;
use timing::{Row, measure};

/// The reference material's sizes: T_x = 20, n = 256 (so 2n = 512), n' = 128.
const BIG: Dims = Dims { m: 256, n: 256, n_a: 128, l: 128 };
const T_X: usize = 20;

fn seeded(rows: usize, cols: usize, k: f64) -> Mat {
    Mat::from_fn(rows, cols, |r, c| ((r * 31 + c * 17) as f64 * 0.013 + k).sin() * 0.1)
}

/// FLOPs of steps 06–11 at one t, U_a H excluded (tanh and exp count as one).
fn attention_flops(n: usize, n_a: usize, t_x: usize) -> f64 {
    let query = 2 * n_a * n;
    let sum_tanh = 2 * n_a * t_x;
    let energies = 2 * n_a * t_x;
    let softmax = 4 * t_x;
    let context = 2 * (2 * n) * t_x;
    (query + sum_tanh + energies + softmax + context) as f64
}

fn key_flops(n: usize, n_a: usize, t_x: usize) -> f64 {
    (2 * n_a * 2 * n * t_x) as f64
}

fn attention_step(rows: &mut Vec<Row>) {
    let (n, n_a) = (BIG.n, BIG.n_a);
    let (w_a, u_a, v_a) = (seeded(n_a, n, 0.1), seeded(n_a, 2 * n, 0.2), seeded(n_a, 1, 0.3));
    let h = seeded(2 * n, T_X, 0.4);
    let s_prev = Vector::from_fn(n, |i, _| (i as f64 * 0.01).cos());
    let ua_h = key_projections(&u_a, &h);
    let step = |ua_h: &Mat| {
        let e = energies(&v_a, &hidden_energy(&broadcast_sum(&query_projection(&w_a, &s_prev), ua_h)));
        context(&h, &softmax(&e))
    };
    let once = measure(|| black_box(step(black_box(&ua_h))));
    let every = measure(|| black_box(step(&key_projections(&u_a, black_box(&h)))));
    let flops = attention_flops(n, n_a, T_X);
    rows.push(Row::new("attention step 06–11, U_a H once per sentence", once, flops));
    rows.push(Row::naive("  naive: U_a H recomputed at every t", every, flops + key_flops(n, n_a, T_X), once));
    // Where the time goes: the n' × T_x tanh alone, each counted as one FLOP.
    let pre = broadcast_sum(&query_projection(&w_a, &s_prev), &ua_h);
    let tanh = measure(|| hidden_energy(black_box(&pre)));
    rows.push(Row::new("  of which tanh over n' × T_x = 2,560 entries", tanh, (n_a * T_X) as f64));

    // The same step into buffers allocated once, against the allocating one.
    let (mut wa_s, mut pre, mut e, mut c) =
        (Vector::zeros(n_a), Mat::zeros(n_a, T_X), Vector::zeros(T_X), Vector::zeros(2 * n));
    let reuse = measure(|| {
        wa_s.gemv(1.0, &w_a, black_box(&s_prev), 0.0);
        for i in 0..T_X {
            for k in 0..n_a {
                pre[(k, i)] = (wa_s[k] + ua_h[(k, i)]).tanh();
            }
        }
        e.gemv_tr(1.0, &pre, &v_a.column(0), 0.0);
        let max = e.max();
        e.apply(|v| *v = (*v - max).exp());
        let total = e.sum();
        e /= total;
        c.gemv(1.0, &h, &e, 0.0);
        black_box(&c);
    });
    rows.push(Row::new("attention step 06–11, buffers reused", reuse, flops));
    rows.push(Row::naive("  naive: a new matrix for every intermediate", once, flops, reuse));
}

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
    let peak = timing::gemm_rate();
    println!("best matrix-multiply rate of this build (512 × 512 × 512, one core): {:.2} GFLOP/s\n", peak / 1e9);
    let mut rows = Vec::new();
    attention_step(&mut rows);

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
    let src: Vec<usize> = (0..50).map(|i| 1 + (i * 7) % (k_x - 1)).collect();
    let tgt: Vec<usize> = (0..50).map(|i| 2 + (i * 5) % (k_y - 2)).collect();
    whole_pass(&mut rows, "teacher-forced pass, 50 tokens at reference sizes", &big, &src, &tgt, tr.bos_id);

    train::figures(&mut rows);
    repl::figures(&mut rows);
    timing::print_table(&rows, peak);
}
