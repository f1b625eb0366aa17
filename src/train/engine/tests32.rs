//! The output layer in float32 against float64: one gradient, then a whole
//! training run's losses, at a vocabulary wide enough that each group's
//! softmax spans several chunks.

use super::{Engine, Precision};
use crate::corpus::Pair;
use crate::model::rng::SeededRng;
use crate::model::{Dims, Params};
use crate::train::grad::{zero, zeros_like};
use crate::train::optim::Adam;

const K_X: usize = 300;
const K_Y: usize = 400;
const DIMS: Dims = Dims { m: 8, n: 12, n_a: 10, l: 6 };

/// Pairs of 3 … 12 words whose target is learnable: word w of the source
/// becomes 1 + (7 w mod (K_Y − 1)), in the same order.
fn pairs(count: usize, seed: u64) -> Vec<Pair> {
    let mut rng = SeededRng::new(seed);
    (0..count)
        .map(|_| {
            let len = 3 + (rng.uniform01() * 10.0) as usize;
            let source: Vec<usize> = (0..len).map(|_| 1 + (rng.uniform01() * (K_X - 1) as f64) as usize).collect();
            let target = source.iter().map(|&w| 1 + (7 * w) % (K_Y - 1)).collect();
            Pair { source, target }
        })
        .collect()
}

fn engine(output: Precision) -> Engine {
    Engine { shards: 2, group: 8, output }
}

#[test]
fn the_float32_output_layer_gives_float64s_gradient_to_float32_rounding() {
    let p = Params::init(DIMS, K_X, K_Y, 5);
    let batch = pairs(40, 6);
    let (mut g64, mut g32) = (zeros_like(&p), zeros_like(&p));
    let l64 = engine(Precision::F64).search(&p, &batch, 0, &mut g64);
    let l32 = engine(Precision::F32).search(&p, &batch, 0, &mut g32);
    assert!((l64 - l32).abs() <= 1e-6 * l64, "loss {l64} against {l32}");
    for ((name, a), (_, b)) in g64.named().into_iter().zip(g32.named()) {
        let rel = (a - b).norm() / a.norm().max(1e-300);
        assert!(rel < 1e-5, "{name}: ‖∂64 − ∂32‖ / ‖∂64‖ = {rel:e}");
    }
}

/// A training run of `steps` batches of 16 with Adam (lr 0.01): its mean
/// loss over every `every` steps and its final held-out loss. At every
/// check, `beside` is called with the parameters, the batch and the
/// gradient just computed.
fn run(
    engine: Engine,
    (steps, every): (usize, usize),
    mut beside: impl FnMut(&Params, &[Pair], &Params),
) -> (Vec<f64>, f64) {
    let (train, held_out) = (pairs(1_600, 7), pairs(200, 8));
    let mut p = Params::init(DIMS, K_X, K_Y, 9);
    let mut g = zeros_like(&p);
    let mut adam = Adam::new(&p, 0.01, 5.0);
    let (mut curve, mut sum) = (Vec::new(), 0.0);
    for (k, batch) in train.chunks(16).cycle().take(steps).enumerate() {
        zero(&mut g);
        sum += engine.search(&p, batch, 0, &mut g) / batch.len() as f64;
        if (k + 1) % every == 0 {
            beside(&p, batch, &g);
            curve.push(sum / every as f64);
            sum = 0.0;
        }
        g.named_mut().into_iter().for_each(|(_, m)| *m /= batch.len() as f64);
        adam.step(&mut p, &g).expect("a finite gradient");
    }
    let held = engine.search_loss(&p, &held_out, 0) / held_out.len() as f64;
    (curve, held)
}

#[test]
fn along_a_training_run_float32_gives_float64s_loss_and_gradient() {
    // float64's run; at every check, float32's loss and gradient at the
    // very same weights: the arithmetic compared where learning happens,
    // not only at the initial weights
    let mut worst = (0.0f64, 0.0f64);
    let f32_engine = engine(Precision::F32);
    let (curve, _) = run(engine(Precision::F64), (1_500, 100), |p, batch, g64| {
        let mut g32 = zeros_like(p);
        let l32 = f32_engine.search(p, batch, 0, &mut g32);
        let l64 = engine(Precision::F64).search(p, batch, 0, &mut zeros_like(p));
        worst.0 = worst.0.max((l64 - l32).abs() / l64);
        for ((_, a), (_, b)) in g64.named().into_iter().zip(g32.named()) {
            worst.1 = worst.1.max((a - b).norm() / a.norm().max(1e-300));
        }
    });
    assert!(curve[curve.len() - 1] < 0.5 * curve[0], "the run learns: {curve:?}");
    // measured: 4.0e-8 and 3.6e-6
    assert!(worst.0 < 1e-6 && worst.1 < 1e-4, "worst relative gap: loss {:e}, gradient {:e}", worst.0, worst.1);
}

#[test]
fn a_float32_run_ends_within_the_spread_of_float64s_sum_orders() {
    // Runs that differ in the last bits drift apart as they learn; the
    // float64 runs with their sums in three orders (one, two and three
    // shards) show how far that already goes, and float32's run must end
    // inside that spread, widened by half of it
    let steps = (3_000, 250);
    let held: Vec<f64> =
        (1..=3).map(|shards| run(Engine { shards, ..engine(Precision::F64) }, steps, |_, _, _| {}).1).collect();
    let (_, h32) = run(engine(Precision::F32), steps, |_, _, _| {});
    let (lo, hi) = held.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &h| (a.min(h), b.max(h)));
    let margin = 0.5 * (hi - lo); // measured: 0.162, 0.271, 0.177; float32 0.249
    assert!(hi < 1.0 && (lo - margin..=hi + margin).contains(&h32), "float64 {held:?}, float32 {h32}");
}
