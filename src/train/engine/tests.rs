//! The engine against the per-pair path, parameter by parameter.

use super::{Engine, Precision};
use crate::corpus::Pair;
use crate::model::encdec::EncDecParams;
use crate::model::rng::SeededRng;
use crate::model::{Dims, Mat, ParamSet, Params};
use crate::train::grad::zeros_like;
use crate::train::{encdec, grad};

/// Pairs of lengths 1 … 9 on both sides, ids in 1 … k − 1 (0 is <bos>).
fn pairs(count: usize, k_x: usize, k_y: usize, seed: u64) -> Vec<Pair> {
    let mut rng = SeededRng::new(seed);
    let mut draw = |k: usize, len: usize| -> Vec<usize> {
        (0..len).map(|_| 1 + (rng.uniform01() * (k - 1) as f64) as usize).collect()
    };
    (0..count)
        .map(|i| {
            let (lx, ly) = (1 + (i * 7 + 3) % 9, 1 + (i * 5 + 1) % 9);
            Pair { source: draw(k_x, lx), target: draw(k_y, ly) }
        })
        .collect()
}

/// The largest ‖a − b‖ / (‖a‖ + ‖b‖) over the parameters, and its name.
fn worst<P: ParamSet>(a: &P, b: &P) -> (f64, &'static str) {
    let rel = |x: &Mat, y: &Mat| (x - y).norm() / (x.norm() + y.norm()).max(1e-300);
    a.named()
        .into_iter()
        .zip(b.named())
        .map(|((name, x), (_, y))| (rel(x, y), name))
        .fold((0.0, ""), |m, v| if v.0 > m.0 { v } else { m })
}

fn bits<P: ParamSet>(p: &P) -> Vec<u64> {
    p.named().into_iter().flat_map(|(_, m)| m.iter().map(|v| v.to_bits()).collect::<Vec<_>>()).collect()
}

const DIMS: [Dims; 2] = [Dims { m: 3, n: 4, n_a: 5, l: 2 }, Dims { m: 8, n: 6, n_a: 9, l: 3 }];

fn search_case(dims: Dims, count: usize, engine: Engine, seed: u64) -> ((f64, Params), (f64, Params)) {
    let p = Params::init(dims, 11, 13, seed);
    let batch = pairs(count, 11, 13, seed + 50);
    let mut per_pair = zeros_like(&p);
    let loss: f64 = batch.iter().map(|q| grad::loss_and_backward(&p, &q.source, &q.target, 0, &mut per_pair)).sum();
    let mut g = zeros_like(&p);
    let batched = engine.search(&p, &batch, 0, &mut g);
    ((loss, per_pair), (batched, g))
}

fn encdec_case(dims: Dims, count: usize, engine: Engine, seed: u64) -> ((f64, EncDecParams), (f64, EncDecParams)) {
    let p = EncDecParams::init(dims, 11, 13, seed);
    let batch = pairs(count, 11, 13, seed + 50);
    let mut per_pair = zeros_like(&p);
    let loss: f64 = batch.iter().map(|q| encdec::loss_and_backward(&p, &q.source, &q.target, 0, &mut per_pair)).sum();
    let mut g = zeros_like(&p);
    let batched = engine.encdec(&p, &batch, 0, &mut g);
    ((loss, per_pair), (batched, g))
}

#[test]
fn rnnsearch_batch_gradient_is_the_sum_of_the_per_pair_gradients() {
    for (k, dims) in DIMS.into_iter().enumerate() {
        for engine in
            [Engine { shards: 1, group: 16, ..Engine::DEFAULT }, Engine { shards: 2, group: 3, ..Engine::DEFAULT }]
        {
            let ((l1, g1), (l2, g2)) = search_case(dims, 11, engine, k as u64 + 1);
            let (err, name) = worst(&g1, &g2);
            assert!(err < 1e-10, "{name}: relative error {err:e} at {dims:?}, {engine:?}");
            assert!((l1 - l2).abs() <= 1e-12 * l1.abs(), "loss {l1} per pair, {l2} batched");
        }
    }
}

#[test]
fn rnnencdec_batch_gradient_is_the_sum_of_the_per_pair_gradients() {
    for (k, dims) in DIMS.into_iter().enumerate() {
        for engine in
            [Engine { shards: 1, group: 16, ..Engine::DEFAULT }, Engine { shards: 2, group: 3, ..Engine::DEFAULT }]
        {
            let ((l1, g1), (l2, g2)) = encdec_case(dims, 11, engine, k as u64 + 7);
            let (err, name) = worst(&g1, &g2);
            assert!(err < 1e-10, "{name}: relative error {err:e} at {dims:?}, {engine:?}");
            assert!((l1 - l2).abs() <= 1e-12 * l1.abs(), "loss {l1} per pair, {l2} batched");
        }
    }
}

#[test]
fn a_batch_of_one_is_the_per_pair_path() {
    for seed in 1..4 {
        let ((l1, g1), (l2, g2)) = search_case(DIMS[1], 1, Engine::DEFAULT, seed);
        let (err, name) = worst(&g1, &g2);
        assert!(err < 1e-12 && (l1 - l2).abs() <= 1e-13 * l1, "RNNsearch {name}: {err:e}, loss {l1} vs {l2}");
        let ((l1, g1), (l2, g2)) = encdec_case(DIMS[1], 1, Engine::DEFAULT, seed);
        let (err, name) = worst(&g1, &g2);
        assert!(err < 1e-12 && (l1 - l2).abs() <= 1e-13 * l1, "RNNencdec {name}: {err:e}, loss {l1} vs {l2}");
    }
}

#[test]
fn one_and_two_shards_agree_and_a_repeat_is_bit_identical() {
    let one = Engine { shards: 1, group: 4, ..Engine::DEFAULT };
    let two = Engine { shards: 2, group: 4, ..Engine::DEFAULT };
    let (_, (l1, g1)) = search_case(DIMS[1], 13, one, 5);
    let (_, (l2, g2)) = search_case(DIMS[1], 13, two, 5);
    let (err, name) = worst(&g1, &g2);
    assert!(err < 1e-12 && (l1 - l2).abs() <= 1e-13 * l1, "RNNsearch {name}: {err:e} between 1 and 2 shards");
    let (_, (l3, g3)) = search_case(DIMS[1], 13, two, 5);
    assert!(l2.to_bits() == l3.to_bits() && bits(&g2) == bits(&g3), "two runs on 2 shards differ");
    let (_, (l1, g1)) = encdec_case(DIMS[1], 13, one, 6);
    let (_, (l2, g2)) = encdec_case(DIMS[1], 13, two, 6);
    let (err, name) = worst(&g1, &g2);
    assert!(err < 1e-12 && (l1 - l2).abs() <= 1e-13 * l1, "RNNencdec {name}: {err:e} between 1 and 2 shards");
    let (_, (l3, g3)) = encdec_case(DIMS[1], 13, two, 6);
    assert!(l2.to_bits() == l3.to_bits() && bits(&g2) == bits(&g3), "two runs on 2 shards differ");
}

#[test]
fn words_never_seen_get_no_gradient_and_padding_none() {
    // Sentences of very different lengths in one group: any padding that
    // leaked into a real number would change the gradient of the short one.
    let p = Params::init(DIMS[0], 11, 13, 3);
    let short = Pair { source: vec![1, 2], target: vec![3] };
    let long = Pair { source: vec![4; 9], target: vec![5; 9] };
    let mut alone = zeros_like(&p);
    Engine { shards: 1, group: 1, ..Engine::DEFAULT }.search(&p, std::slice::from_ref(&short), 0, &mut alone);
    let mut with_long = zeros_like(&p);
    Engine { shards: 1, group: 2, ..Engine::DEFAULT }.search(&p, &[short.clone(), long.clone()], 0, &mut with_long);
    let mut long_alone = zeros_like(&p);
    Engine { shards: 1, group: 1, ..Engine::DEFAULT }.search(&p, &[long], 0, &mut long_alone);
    let mut sum = alone.clone();
    sum.named_mut().into_iter().zip(long_alone.named()).for_each(|((_, a), (_, b))| *a += b);
    let (err, name) = worst(&sum, &with_long);
    assert!(err < 1e-12, "{name}: {err:e}");
    assert!(with_long.E_x.column(10).iter().all(|&v| v == 0.0) && with_long.E_y.column(12).iter().all(|&v| v == 0.0));
}

#[test]
fn the_forward_alone_gives_the_losses_bits() {
    for dims in DIMS {
        for (shards, group) in [(1, 4), (2, 3), (2, 16)] {
            let engine = Engine { shards, group, ..Engine::DEFAULT };
            let batch = pairs(23, 11, 13, 9);
            let p = Params::init(dims, 11, 13, 4);
            let with_gradient = engine.search(&p, &batch, 0, &mut zeros_like(&p));
            let alone = engine.search_loss(&p, &batch, 0);
            assert_eq!(alone.to_bits(), with_gradient.to_bits(), "RNNsearch {dims:?}, {shards} shards of {group}");
            let p = EncDecParams::init(dims, 11, 13, 4);
            let with_gradient = engine.encdec(&p, &batch, 0, &mut zeros_like(&p));
            let alone = engine.encdec_loss(&p, &batch, 0);
            assert_eq!(alone.to_bits(), with_gradient.to_bits(), "RNNencdec {dims:?}, {shards} shards of {group}");
        }
    }
}

#[test]
fn a_group_in_any_order_gives_the_per_pair_gradient() {
    // The shards hand each group over longest source first, so that a step
    // computes a prefix of its columns; a group in another order (shortest
    // first, then mixed) computes padding inside that prefix, never reads it.
    use super::batch::Batch;
    use super::{encdec as engine_encdec, search};
    let pairs = pairs(9, 11, 13, 21);
    let mut orders: Vec<Vec<&Pair>> = vec![pairs.iter().collect(), pairs.iter().rev().collect()];
    let mut by_length: Vec<&Pair> = pairs.iter().collect();
    by_length.sort_by_key(|q| q.source.len());
    orders.push(by_length);
    for (k, order) in orders.iter().enumerate() {
        let batch = Batch::new(order);
        let p = Params::init(DIMS[1], 11, 13, 8);
        let mut per_pair = zeros_like(&p);
        let want: f64 = pairs.iter().map(|q| grad::loss_and_backward(&p, &q.source, &q.target, 0, &mut per_pair)).sum();
        let mut g = zeros_like(&p);
        let got = search::loss_and_backward(&p, &batch, 0, &mut g, Precision::F64);
        let (err, name) = worst(&per_pair, &g);
        assert!(err < 1e-10 && (want - got).abs() <= 1e-12 * want, "RNNsearch, order {k}: {name} {err:e}");
        let p = EncDecParams::init(DIMS[1], 11, 13, 8);
        let mut per_pair = zeros_like(&p);
        let want: f64 =
            pairs.iter().map(|q| encdec::loss_and_backward(&p, &q.source, &q.target, 0, &mut per_pair)).sum();
        let mut g = zeros_like(&p);
        let got = engine_encdec::loss_and_backward(&p, &batch, 0, &mut g, Precision::F64);
        let (err, name) = worst(&per_pair, &g);
        assert!(err < 1e-10 && (want - got).abs() <= 1e-12 * want, "RNNencdec, order {k}: {name} {err:e}");
    }
}
