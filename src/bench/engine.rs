//! `cargo bench --bench figures -- engine`: first the toy experiments'
//! arrangement (the per-pair path against the engine on 1 and 2 threads at
//! the bottleneck's dims), then the training engine beside the batched
//! PyTorch trainer (chapters/pytorch/train_batched.py) on the real
//! corpus' experiment selection (its training pairs of at most 40 source
//! words, `RealConfig::FULL`'s dims and shortlists), batch 64, a whole
//! training step each (forward, backward, Adam with clipping at 5), 20
//! batches timed after 3 of warm-up, as the script times them. Two kinds of
//! batches, the same on both sides: cut from a seeded shuffle of the pairs
//! (the experiment's), and cut from the pairs sorted by length, in a seeded
//! order (what a PyTorch user who buckets by length trains on). Engine on 1
//! thread and on 2, PyTorch float32 on 2 threads, interleaved, three rounds,
//! each with the load average. Then where the engine's time goes: its
//! phases timed one by one on one thread, and how near the output layer's
//! products run to the core's float64 peak (`ceiling.rs`).

use bahdanau::corpus::real::parallel;
use bahdanau::corpus::real::store::{corpus_dir, load};
use bahdanau::corpus::{Pair, ParallelCorpus};
use bahdanau::experiments::real::RealConfig;
use bahdanau::model::Params;
use bahdanau::model::rng::SeededRng;
use bahdanau::train::engine::attention::Attention;
use bahdanau::train::engine::batch::Batch;
use bahdanau::train::engine::{Engine, Precision, decoder, encoder, output, shards};
use bahdanau::train::grad::{zero, zeros_like};
use bahdanau::train::optim::Adam;
use bahdanau::vocab::BOS;
use std::process::Command;
use std::time::Instant;

const BATCH: usize = 64;
const WARMUP: usize = 3;
const TIMED: usize = 20;
const ROUNDS: usize = 3;

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or("unknown".into(), |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

/// A seeded shuffle of `0 … n − 1`.
fn shuffle(n: usize) -> Vec<usize> {
    let mut rng = SeededRng::new(2015);
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, (rng.uniform01() * (i + 1) as f64) as usize);
    }
    order
}

/// The batches timed: a seeded shuffle of the pairs cut into 64s, or
/// (`sorted`) the pairs sorted by source and target length cut into 64s,
/// taken in a seeded order.
fn batches(pairs: &[Pair], sorted: bool) -> Vec<Vec<Pair>> {
    let take = |idx: &[usize]| idx.iter().map(|&k| pairs[k].clone()).collect::<Vec<_>>();
    if !sorted {
        return shuffle(pairs.len()).chunks(BATCH).take(WARMUP + TIMED).map(take).collect();
    }
    let mut by_length: Vec<usize> = (0..pairs.len()).collect();
    by_length.sort_by_key(|&k| (pairs[k].source.len(), pairs[k].target.len(), k));
    let cut: Vec<&[usize]> = by_length.chunks(BATCH).collect();
    shuffle(cut.len()).into_iter().take(WARMUP + TIMED).map(|b| take(cut[b])).collect()
}

/// Training pairs per second over the timed batches.
fn engine_rate(engine: Engine, p0: &Params, batches: &[Vec<Pair>], bos: usize) -> (f64, f64) {
    let c = RealConfig::FULL;
    let (mut p, mut g) = (p0.clone(), zeros_like(p0));
    let mut adam = Adam::new(&p, c.run.lr, c.run.clip);
    let (mut start, mut done, mut loss) = (Instant::now(), 0, 0.0);
    for (k, batch) in batches.iter().enumerate() {
        if k == WARMUP {
            (start, done) = (Instant::now(), 0);
        }
        zero(&mut g);
        loss = engine.search(&p, batch, bos, &mut g) / batch.len() as f64;
        g.named_mut().into_iter().for_each(|(_, m)| *m /= batch.len() as f64);
        adam.step(&mut p, &g).expect("a finite gradient");
        done += batch.len();
    }
    (done as f64 / start.elapsed().as_secs_f64(), loss)
}

/// The script's line for the experiment's selection, or why there is none.
fn pytorch(dir: &std::path::Path, sorted: bool) -> String {
    let Some(py) = crate::torch::python() else { return format!("PyTorch: {}", crate::torch::NOT_FOUND) };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/chapters/pytorch/train_batched.py");
    let kind = if sorted { "sorted" } else { "shuffled" };
    match Command::new(&py).arg(script).arg(dir).arg("2").arg(kind).output() {
        Ok(o) if o.status.success() => {
            let text = String::from_utf8_lossy(&o.stdout);
            let lines: Vec<&str> = text.lines().collect();
            let at = lines.iter().position(|l| l.starts_with("the experiment's")).unwrap_or(lines.len());
            lines[at.min(lines.len())..].iter().take(2).map(|l| l.trim()).collect::<Vec<_>>().join("; ")
        }
        Ok(o) => format!("PyTorch failed: {}", String::from_utf8_lossy(&o.stderr).trim()),
        Err(e) => format!("could not run {py}: {e}"),
    }
}

/// One group of 16 (the longest sentences of a batch, as a shard takes
/// them), each phase timed alone; prints each one's share.
fn breakdown(p: &Params, batch: &[Pair], bos: usize, precision: Precision) {
    let idx = &shards::split(batch, 1)[0];
    let groups: Vec<Vec<&Pair>> =
        idx.chunks(Engine::DEFAULT.group).map(|c| c.iter().map(|&k| &batch[k]).collect()).collect();
    let mut times = [0.0f64; 7];
    let mut g = zeros_like(p);
    for _ in 0..5 {
        for chosen in &groups {
            let b = Batch::new(chosen);
            let mut clock = Instant::now();
            let mut lap = |k: usize| {
                times[k] += clock.elapsed().as_secs_f64();
                clock = Instant::now();
            };
            let enc = encoder::encode(p, &b);
            lap(0);
            let mut att = Attention::new(p, &enc, &b);
            let dec = decoder::decode(&p.dec, &p.dec_c, &p.E_y, &b, bos, &enc.s_0, &mut att);
            lap(1);
            let w = (&p.U_o, &p.V_o, &p.C_o, &p.W_o);
            let (_, d_out) =
                output::loss_and_backward(w, (&mut g.U_o, &mut g.V_o, &mut g.C_o, &mut g.W_o), &b, &dec, precision);
            lap(2);
            let d_s_0 = decoder::backward(
                (&p.dec, &p.dec_c),
                &dec,
                &b,
                bos,
                d_out,
                &mut att,
                (&mut g.dec, &mut g.dec_c, &mut g.E_y),
            );
            lap(3);
            let d_h = att.finish(&dec.steps.h_prev, (&mut g.W_a, &mut g.U_a, &mut g.v_a));
            lap(4);
            encoder::backward(p, &enc, &b, &d_h, &d_s_0, &mut g);
            lap(5);
        }
    }
    let mut adam = Adam::new(p, 0.001, 5.0);
    let mut q = p.clone();
    let clock = Instant::now();
    for _ in 0..5 {
        adam.step(&mut q, &g).expect("a finite gradient");
    }
    times[6] = clock.elapsed().as_secs_f64();
    let names = [
        "encoder forward (both GRUs, U_a H, s_0)",
        "decoder forward (attention + GRU)",
        "output layer forward + backward (softmax over K_y)",
        "decoder backward (GRU + attention)",
        "attention's weight gradients",
        "encoder backward",
        "Adam step (one per batch)",
    ];
    let total: f64 = times.iter().sum();
    println!(
        "where the time of a batch of {} goes (1 thread, groups of {}, output layer in {precision:?}):",
        batch.len(),
        Engine::DEFAULT.group
    );
    for (name, t) in names.iter().zip(times) {
        println!("  {:5.1} %  {:7.2} ms  {name}", 100.0 * t / total, 1e3 * t / 5.0);
    }
}

/// The toy experiments' arrangement: at the bottleneck's dims and batch,
/// the per-pair path against the engine on 1 and 2 threads, three
/// interleaved rounds over the same 512 training pairs (gradients only).
fn toy() {
    use bahdanau::corpus::graded;
    use bahdanau::experiments::bottleneck::BottleneckConfig;
    use bahdanau::experiments::models::RnnSearch;
    use bahdanau::experiments::runner::Model;
    let c = BottleneckConfig::DEFAULT;
    let corpus = graded::generate(c.corpus);
    let model = RnnSearch::toy(c.dims);
    let p = model.init(1);
    let bos = bahdanau::vocab::Vocab::target().id(BOS).expect("<bos> is in the toy vocabulary");
    let pairs = &corpus.train[..512];
    let mut g = zeros_like(&p);
    println!(
        "toy dims (m = {}, n = n' = {}, l = {}), 512 training pairs, gradient only, pairs per second:",
        c.dims.m, c.dims.n, c.dims.l
    );
    for round in 1..=ROUNDS {
        let start = Instant::now();
        for pair in pairs {
            model.loss_and_backward(&p, &pair.source, &pair.target, bos, &mut g);
        }
        let mut line = format!("round {round}: per-pair {:.0}", 512.0 / start.elapsed().as_secs_f64());
        for (shards, batch) in [(1, c.run.batch), (2, c.run.batch), (2, 16)] {
            let engine = Engine { shards, ..Engine::DEFAULT };
            let start = Instant::now();
            for chunk in pairs.chunks(batch) {
                engine.search(&p, chunk, bos, &mut g);
            }
            line += &format!(", engine {shards} thread(s) batch {batch} {:.0}", 512.0 / start.elapsed().as_secs_f64());
        }
        println!("{line}, load average {}", load_average());
    }
}

/// The real corpus as `c` builds it, the folder it came from, and the
/// experiment's training pairs; or why there is none.
pub fn experiment_pairs(c: &RealConfig) -> Result<(std::path::PathBuf, ParallelCorpus, Vec<Pair>), String> {
    let dir = corpus_dir().ok_or("no data folder on this system")?;
    let (splits, _) = load(&dir).map_err(|e| e.to_string())?;
    let corpus = parallel(&splits, c.vocab);
    let pairs = c.training_pairs(&corpus);
    Ok((dir, corpus, pairs))
}

/// `-- ceiling`: the output layer against the core's peak alone.
pub fn ceiling() {
    let c = RealConfig::FULL;
    match experiment_pairs(&c) {
        Ok((_, corpus, _)) => crate::ceiling::print(corpus.target.len(), c.dims.l),
        Err(e) => println!("ceiling: not measured: {e}"),
    }
}

pub fn figures() {
    toy();
    let c = RealConfig::FULL;
    let (dir, corpus, pairs) = match experiment_pairs(&c) {
        Ok(found) => found,
        Err(e) => return println!("engine: not measured: {e}"),
    };
    let bos = corpus.target.id(BOS).expect("<bos> is in the target vocabulary");
    let d = c.dims;
    println!(
        "engine vs PyTorch: {} pairs, m = {}, n = n' = {}, l = {}, K_x = {}, K_y = {}, batch {BATCH}, {TIMED} batches after {WARMUP}",
        pairs.len(),
        d.m,
        d.n,
        d.l,
        corpus.source.len(),
        corpus.target.len()
    );
    let p = Params::init(d, corpus.source.len(), corpus.target.len(), 2014);
    let kinds = [(false, "shuffled batches"), (true, "length-sorted batches")];
    for round in 1..=ROUNDS {
        for (sorted, kind) in kinds {
            let chosen = batches(&pairs, sorted);
            for (shards, output) in [(1, Precision::F64), (2, Precision::F64), (1, Precision::F32), (2, Precision::F32)]
            {
                let load = load_average();
                let (rate, loss) = engine_rate(Engine { shards, output, ..Engine::DEFAULT }, &p, &chosen, bos);
                let out = if output == Precision::F32 { "float64, output layer float32" } else { "float64" };
                println!(
                    "round {round}, {kind}: engine, {out}, {shards} thread(s): {rate:.0} pairs/s (last loss {loss:.3}), load average {load}"
                );
            }
            println!("round {round}, {kind}: PyTorch, float32, 2 threads: {}", pytorch(&dir, sorted));
        }
    }
    for precision in [Precision::F64, Precision::F32] {
        breakdown(&p, &batches(&pairs, false)[WARMUP], bos, precision);
    }
    crate::ceiling::print(corpus.target.len(), d.l);
}
