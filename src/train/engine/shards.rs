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
//!    no more than its groups), every other shard into its own
//!    accumulator, kept from batch to batch and zeroed in its own thread;
//! 3. the other shards' gradients are then added into `g` in shard order.

use super::batch::Batch;
use crate::corpus::Pair;
use crate::model::ParamSet;
use crate::train::grad::zero;
use std::any::Any;
use std::cell::RefCell;

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

/// What readies an accumulator in its shard's thread (zeroes it).
type Ready<'a, R> = &'a (dyn Fn(&mut R) + Sync);

/// Each shard's groups in its own thread (shard 0 in the caller's): every
/// group's loss added in group order, and what `work` adds into the
/// shard's accumulator, `first` for shard 0 and one of `rest` for every
/// other, which its own thread readies with `ready` first; the losses in
/// shard order, and the other shards' accumulators.
fn on_shards<R: Send>(
    pairs: &[Pair],
    (shards, group): (usize, usize),
    (first, rest, ready): (&mut R, Vec<R>, Ready<R>),
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
    assert_eq!(rest.len() + 1, parts.len(), "one accumulator for every shard");
    std::thread::scope(|scope| {
        let others: Vec<_> = parts[1..]
            .iter()
            .zip(rest)
            .map(|(idx, mut acc)| {
                scope.spawn(move || {
                    ready(&mut acc);
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

thread_local! {
    /// The other shards' accumulators of this thread's last batch, kept for
    /// its next: a fresh copy of every parameter for every batch cost a
    /// clone, the first touch of its memory and a fill, in the shard's own
    /// time, which shard 0 then waited for.
    static SPARE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// `count` accumulators shaped like `like`: the kept ones that fit, then
/// copies (each is zeroed in its own thread before it is used).
fn accumulators<P: ParamSet + 'static>(like: &P, count: usize) -> Vec<P> {
    let kept = SPARE.with(|s| s.borrow_mut().take()).and_then(|b| b.downcast::<Vec<P>>().ok());
    let fits = |p: &P| p.named().iter().zip(like.named()).all(|((_, a), (_, b))| a.shape() == b.shape());
    let mut out: Vec<P> = kept.map(|b| *b).unwrap_or_default().into_iter().filter(fits).take(count).collect();
    out.resize_with(count, || like.clone());
    out
}

/// Adds into `g` the gradient `work` computes for every group of `pairs`
/// (shard 0's straight into `g`, each other shard's sum in its own zeroed
/// accumulator shaped like `like`, the parameters, then added in shard
/// order); returns the sum of `work`'s losses.
pub fn run<P: ParamSet + Send + Sync + 'static>(
    pairs: &[Pair],
    sizes: (usize, usize),
    like: &P,
    work: &(dyn Fn(&Batch, &mut P) -> f64 + Sync),
    g: &mut P,
) -> f64 {
    let rest = accumulators(like, sizes.0.max(1) - 1);
    let (losses, others) = on_shards(pairs, sizes, (g, rest, &|acc: &mut P| zero(acc)), work);
    for part in &others {
        for ((_, into), (_, from)) in g.named_mut().into_iter().zip(part.named()) {
            into.as_mut_slice().iter_mut().zip(from.as_slice()).for_each(|(a, b)| *a += b);
        }
    }
    SPARE.with(|s| *s.borrow_mut() = Some(Box::new(others)));
    losses.into_iter().sum()
}

/// The sum of `loss` over every group of `pairs`, split and added up as
/// [`run`] adds its losses (so with the same bits), with no gradient.
pub fn loss_only(pairs: &[Pair], sizes: (usize, usize), loss: &(dyn Fn(&Batch) -> f64 + Sync)) -> f64 {
    let rest = vec![(); sizes.0.max(1) - 1];
    on_shards(pairs, sizes, (&mut (), rest, &|_| ()), &|b, _| loss(b)).0.into_iter().sum()
}
