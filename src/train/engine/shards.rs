//! The batch split between threads by a fixed rule, so that the bits of the
//! gradient depend only on the number of shards, never on timing:
//!
//! 1. the pairs are sorted longest source first (then longest target, then
//!    position in the batch) and dealt round-robin to the shards, so each
//!    shard gets the same mix of lengths;
//! 2. each shard cuts its pairs, still sorted, into groups of at most
//!    `group`, which share one padded length (little padding: neighbours in
//!    the sort have nearly the same length), and adds their gradients into
//!    its own zeroed copy in group order;
//! 3. the shards' gradients are added into `g` in shard order, shard 0 first.

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
/// group's loss added in group order, and what `work` adds into the shard's
/// own `start()`; the shards' results in shard order.
fn on_shards<R: Send>(
    pairs: &[Pair],
    (shards, group): (usize, usize),
    start: &(dyn Fn() -> R + Sync),
    work: &(dyn Fn(&Batch, &mut R) -> f64 + Sync),
) -> Vec<(f64, R)> {
    let shard = |idx: &[usize]| {
        let (mut loss, mut acc) = (0.0, start());
        for chunk in idx.chunks(group.max(1)) {
            let chosen: Vec<&Pair> = chunk.iter().map(|&k| &pairs[k]).collect();
            loss += work(&Batch::new(&chosen), &mut acc);
        }
        (loss, acc)
    };
    let parts = split(pairs, shards);
    std::thread::scope(|scope| {
        let others: Vec<_> = parts[1..].iter().map(|idx| scope.spawn(|| shard(idx))).collect();
        let first = shard(&parts[0]);
        std::iter::once(first).chain(others.into_iter().map(|h| h.join().expect("a shard's thread panicked"))).collect()
    })
}

/// Adds into `g` the gradient `work` computes for every group of `pairs`
/// (each shard's sum in its own zeroed copy of `like`, the parameters);
/// returns the sum of `work`'s losses.
pub fn run<P: ParamSet + Send + Sync>(
    pairs: &[Pair],
    sizes: (usize, usize),
    like: &P,
    work: &(dyn Fn(&Batch, &mut P) -> f64 + Sync),
    g: &mut P,
) -> f64 {
    let mut loss = 0.0;
    for (l, part) in on_shards(pairs, sizes, &|| zeros_like(like), work) {
        loss += l;
        for ((_, into), (_, from)) in g.named_mut().into_iter().zip(part.named()) {
            *into += from;
        }
    }
    loss
}

/// The sum of `loss` over every group of `pairs`, split and added up as
/// [`run`] adds its losses (so with the same bits), with no gradient.
pub fn loss_only(pairs: &[Pair], sizes: (usize, usize), loss: &(dyn Fn(&Batch) -> f64 + Sync)) -> f64 {
    let mut total = 0.0;
    for (l, ()) in on_shards(pairs, sizes, &|| (), &|b, _| loss(b)) {
        total += l;
    }
    total
}
