//! The batch split between threads by a fixed rule, so that the bits of the
//! gradient depend only on the number of shards, never on timing:
//!
//! 1. the pairs are sorted longest source first (then longest target, then
//!    position in the batch) and dealt round-robin to the shards, so each
//!    shard gets the same mix of lengths;
//! 2. each shard cuts its pairs, still sorted, into groups of at most
//!    `group`, which share one padded length (little padding: neighbours in
//!    the sort have nearly the same length), and adds their gradients in
//!    group order: shard 0 straight into `g` (no copy and no extra sum, so
//!    with one shard, as when each core trains its own model, a batch costs
//!    no more than its groups), every other shard into its own zeroed copy;
//! 3. the other shards' gradients are then added into `g` in shard order.

use super::batch::Batch;
use crate::corpus::Pair;
use crate::model::ParamSet;
use crate::train::grad::zeros_like;

/// Which pairs (indices into `pairs`) each of `shards` shards takes.
pub fn split(pairs: &[Pair], shards: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..pairs.len()).collect();
    order.sort_by_key(|&k| (std::cmp::Reverse(pairs[k].source.len()), std::cmp::Reverse(pairs[k].target.len()), k));
    let mut out = vec![Vec::new(); shards.max(1)];
    for (i, k) in order.into_iter().enumerate() {
        out[i % shards.max(1)].push(k);
    }
    out
}

/// Each shard's groups in its own thread (shard 0 in the caller's): every
/// group's loss added in group order, and what `work` adds into the
/// shard's accumulator, `first` for shard 0 and its own `start()` for every
/// other; the losses in shard order, and the other shards' accumulators.
fn on_shards<R: Send>(
    pairs: &[Pair],
    (shards, group): (usize, usize),
    (first, start): (&mut R, &(dyn Fn() -> R + Sync)),
    work: &(dyn Fn(&Batch, &mut R) -> f64 + Sync),
) -> (Vec<f64>, Vec<R>) {
    let shard = |idx: &[usize], acc: &mut R| {
        let mut loss = 0.0;
        for chunk in idx.chunks(group.max(1)) {
            let chosen: Vec<&Pair> = chunk.iter().map(|&k| &pairs[k]).collect();
            loss += work(&Batch::new(&chosen), acc);
        }
        loss
    };
    let parts = split(pairs, shards);
    std::thread::scope(|scope| {
        let others: Vec<_> = parts[1..]
            .iter()
            .map(|idx| {
                scope.spawn(|| {
                    let mut acc = start();
                    (shard(idx, &mut acc), acc)
                })
            })
            .collect();
        let mut losses = vec![shard(&parts[0], first)];
        let mut accs = Vec::new();
        for (loss, acc) in others.into_iter().map(|h| h.join().expect("a shard's thread panicked")) {
            losses.push(loss);
            accs.push(acc);
        }
        (losses, accs)
    })
}

/// Adds into `g` the gradient `work` computes for every group of `pairs`
/// (shard 0's straight into `g`, each other shard's sum in its own zeroed
/// copy of `like`, the parameters, then added in shard order); returns the
/// sum of `work`'s losses.
pub fn run<P: ParamSet + Send + Sync>(
    pairs: &[Pair],
    sizes: (usize, usize),
    like: &P,
    work: &(dyn Fn(&Batch, &mut P) -> f64 + Sync),
    g: &mut P,
) -> f64 {
    let (losses, others) = on_shards(pairs, sizes, (g, &|| zeros_like(like)), work);
    for part in others {
        for ((_, into), (_, from)) in g.named_mut().into_iter().zip(part.named()) {
            *into += from;
        }
    }
    losses.into_iter().sum()
}

/// The sum of `loss` over every group of `pairs`, split and added up as
/// [`run`] adds its losses (so with the same bits), with no gradient.
pub fn loss_only(pairs: &[Pair], sizes: (usize, usize), loss: &(dyn Fn(&Batch) -> f64 + Sync)) -> f64 {
    on_shards(pairs, sizes, (&mut (), &|| ()), &|b, _| loss(b)).0.into_iter().sum()
}
