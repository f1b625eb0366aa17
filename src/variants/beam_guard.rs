//! The guard of the paper's code against short translations, measured: greedy
//! decoding, a plain beam and the same beam with `minlen=half` (no `<eos>`
//! before half the source length, as GroundHog's `sample.py` searches) over a
//! set of pairs, counting the words each writes and the sentences it gets
//! exactly right.

use crate::corpus::Pair;
use crate::decode::beam::{Beam, Norm, guard, max_len, search};
use crate::decode::greedy_decode_readable;
use crate::decode::step::encode;
use crate::decode::stepper::Attending;
use crate::model::Params;

/// What one decoder wrote over the pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Words, `<eos>` not counted.
    pub words: usize,
    /// Translations equal to the reference.
    pub right: usize,
}

/// Greedy, beam K and beam K with `minlen=half` (all norm=none, length limit
/// 2 T_x + 10), with the references' own word count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuardTally {
    pub reference_words: usize,
    pub greedy: Written,
    pub beam: Written,
    pub guarded: Written,
}

fn add(w: &mut Written, out: &[usize], pair: &Pair, eos: usize) {
    w.words += out.iter().filter(|&&y| y != eos).count();
    w.right += usize::from(out == pair.target);
}

/// The three decoders on every pair.
pub fn guard_tally(p: &Params, pairs: &[Pair], bos: usize, eos: usize, k: usize) -> GuardTally {
    let mut t = GuardTally {
        reference_words: pairs.iter().map(|q| q.target.iter().filter(|&&y| y != eos).count()).sum(),
        greedy: Written::default(),
        beam: Written::default(),
        guarded: Written::default(),
    };
    for pair in pairs {
        let enc = encode(p, &pair.source);
        let st = Attending { p, enc: &enc };
        let (t_x, len) = (pair.source.len(), max_len(pair.source.len()));
        add(&mut t.greedy, &greedy_decode_readable(p, &pair.source, bos, eos, len), pair, eos);
        let plain = search(&st, Beam::new(&st, k, bos, eos, len), Norm::None);
        add(&mut t.beam, &plain[0].words, pair, eos);
        let guarded = search(&st, Beam::new(&st, k, bos, eos, len).with_min_len(guard::half(t_x)), Norm::None);
        add(&mut t.guarded, &guarded[0].words, pair, eos);
    }
    t
}
