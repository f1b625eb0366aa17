use super::*;
use crate::decode::step::decode_step;
use crate::decode::step::encode;
use crate::decode::stepper::{Attending, Expansion, FastAttending, FromBos};
use crate::decode::{greedy_decode, greedy_decode_readable};
use crate::model::{Dims, Params, Vector};
use approx::assert_relative_eq;

const BOS: usize = 0;
const EOS: usize = 1;

/// A decoder given by a table: p(next word | words so far), words 2 = x, 3 = y.
/// Greedy takes x (0.55) then <eos> (0.4): p = 0.22; y <eos> has 0.45 · 0.9.
struct Table;

impl Stepper for Table {
    type State = Vec<usize>;
    fn start(&self) -> Vec<usize> {
        vec![]
    }
    fn step(&self, fed: &Vec<usize>, y_prev: usize) -> Expansion<Vec<usize>> {
        let mut words = fed.clone();
        if y_prev != BOS {
            words.push(y_prev);
        }
        let p = match words.as_slice() {
            [] => [0.0, 0.0, 0.55, 0.45],
            [2] => [0.0, 0.4, 0.3, 0.3],
            [3] => [0.0, 0.9, 0.05, 0.05],
            _ => [0.0, 0.5, 0.25, 0.25],
        };
        Expansion {
            s: words,
            log_p: Vector::from_vec(p.iter().map(|v: &f64| v.ln()).collect()),
            alpha: Vector::zeros(0),
        }
    }
}

#[test]
fn a_wider_beam_finds_what_greedy_misses() {
    let greedy = beam_search(&Table, 1, BOS, EOS, 6, Norm::None);
    assert_eq!(greedy[0].words, vec![2, EOS]);
    let beam = beam_search(&Table, 2, BOS, EOS, 6, Norm::None);
    assert_eq!(beam[0].words, vec![3, EOS]);
    assert_relative_eq!(beam[0].log_p, (0.45f64 * 0.9).ln(), epsilon = 1e-12);
    assert_eq!(beam[1].words, vec![2, EOS], "the greedy translation finished second");
}

#[test]
fn survivors_are_the_best_over_all_hypotheses_not_per_hypothesis() {
    let mut b = Beam::new(&Table, 2, BOS, EOS, 6);
    b.advance(&Table);
    assert_eq!(b.live.iter().map(|h| h.words.clone()).collect::<Vec<_>>(), vec![vec![2], vec![3]]);
    b.advance(&Table);
    let step = &b.steps[1];
    // both survivors end in <eos>; x x (0.165) would be second per hypothesis
    assert_eq!(step.kept.iter().map(|c| (c.from, c.word)).collect::<Vec<_>>(), vec![(1, EOS), (0, EOS)]);
    assert!(b.done() && b.live.is_empty() && b.finished.len() == 2);
    assert_eq!(step.top[0].len(), 2, "each hypothesis shows its best `room` continuations");
}

#[test]
fn a_finished_hypothesis_leaves_the_beam_and_takes_its_room() {
    let mut b = Beam::new(&Table, 3, BOS, EOS, 6);
    b.advance(&Table);
    b.advance(&Table);
    // y <eos> (0.405) and x <eos> (0.22) finished; one place is left
    assert_eq!(b.finished.len(), 2);
    assert_eq!(b.live.len(), 1);
    b.advance(&Table);
    assert_eq!(b.steps[2].room, 1);
    assert!(b.done());
}

#[test]
fn ties_go_to_the_earlier_hypothesis_then_the_lower_word() {
    let mut b = Beam::new(&Table, 2, BOS, EOS, 6);
    b.advance(&Table); // live: [x], [y]
    b.live[1].log_p = b.live[0].log_p;
    b.live[1].words = vec![9]; // another prefix: the table's "_" row, as for x's children
    b.live[0].words = vec![8];
    let kept = prune(&b.live, &expand(&Table, &b.live, BOS), 3);
    // every row is <eos> 0.5, x 0.25, y 0.25 with equal prefixes
    assert_eq!(kept.iter().map(|c| (c.from, c.word)).collect::<Vec<_>>(), vec![(0, EOS), (1, EOS), (0, 2)]);
}

#[test]
fn at_the_length_limit_the_live_hypotheses_are_cut() {
    let r = beam_search(&Table, 2, BOS, EOS, 1, Norm::None);
    assert_eq!(r.len(), 2);
    assert!(r.iter().all(|h| h.cut && h.words.len() == 1));
}

#[test]
fn the_guard_forbids_eos_until_min_len_words_are_written() {
    // unguarded, both hypotheses end at t = 2 (y <eos> and x <eos>)
    let plain = beam_search(&Table, 2, BOS, EOS, 6, Norm::None);
    assert!(plain.iter().all(|h| h.words.len() == 2));
    let guarded = search(&Table, Beam::new(&Table, 2, BOS, EOS, 6).with_min_len(2), Norm::None);
    assert_eq!(guarded.len(), 2);
    for h in &guarded {
        assert_eq!(h.words.last(), Some(&EOS), "{:?} finished", h.words);
        assert!(h.words.len() >= 3, "{:?} ended before 2 words", h.words);
        assert!(h.words[..2].iter().all(|&w| w != EOS));
    }
    assert_eq!(guard::half(7), 3, "GroundHog's len(seq) / 2 rounds down");
    assert_eq!(guard::half(1), 0);
}

#[test]
fn normalisations_divide_as_stated() {
    assert_eq!(normalised(-6.0, 3, Norm::None), -6.0);
    assert_eq!(normalised(-6.0, 3, Norm::Length), -2.0);
    assert_relative_eq!(normalised(-6.0, 3, Norm::Gnmt(1.0)), -6.0 * 6.0 / 8.0, epsilon = 1e-12);
    assert_relative_eq!(normalised(-6.0, 1, Norm::Gnmt(0.6)), -6.0, epsilon = 1e-12);
    assert_eq!(Norm::parse("gnmt:0.2"), Ok(Norm::Gnmt(0.2)));
    assert_eq!(Norm::parse("gnmt"), Ok(Norm::Gnmt(Norm::GNMT_A)));
    for bad in ["len", "gnmt:", "gnmt:3", "gnmt:x", ""] {
        let e = Norm::parse(bad).unwrap_err();
        assert!(e.contains("norm=length"), "{e}");
    }
}

/// The default sentence on the default dims' draw from seed 2014: its
/// parameters, source ids, <bos> and <eos>.
struct Default {
    params: Params,
    source: Vec<usize>,
    bos: usize,
    eos: usize,
}

fn default_sentence() -> Default {
    use crate::vocab::{BOS, EOS, Vocab};
    let (sv, tv) = (Vocab::source(), Vocab::target());
    let params = Params::init(Dims::DEFAULT, sv.len(), tv.len(), 2014);
    let source = crate::corpus::toy::probe().source;
    Default { params, source, bos: tv.id(BOS).unwrap(), eos: tv.id(EOS).unwrap() }
}

#[test]
fn beam_of_one_is_greedy_decoding() {
    let w = default_sentence();
    let (bos, eos) = (w.bos, w.eos);
    let (k_x, k_y) = (w.params.E_x.ncols(), w.params.E_y.ncols());
    let mut cases = vec![(w.params, w.source)];
    for seed in 1..4 {
        let p = Params::init(Dims::new(4, 6, 5, 3).unwrap(), k_x, k_y, seed);
        cases.push((p, vec![2, 3, 4, (seed as usize) % 5 + 1]));
    }
    for (p, src) in cases {
        let enc = encode(&p, &src);
        let st = Attending { p: &p, enc: &enc };
        let len = max_len(src.len());
        let beam = beam_decode(&st, 1, bos, eos, len, Norm::None);
        assert_eq!(beam, greedy_decode_readable(&p, &src, bos, eos, len));
        assert_eq!(beam, greedy_decode(&p, &src, bos, eos, len));
    }
}

#[test]
fn the_naive_search_from_bos_gives_the_same_beam() {
    let w = default_sentence();
    let enc = encode(&w.params, &w.source);
    let st = Attending { p: &w.params, enc: &enc };
    let fast = beam_search(&st, 4, w.bos, w.eos, 12, Norm::None);
    let naive = beam_search(&FromBos(Attending { p: &w.params, enc: &enc }), 4, w.bos, w.eos, 12, Norm::None);
    assert_eq!(fast, naive);
}

#[test]
fn a_hypothesis_log_p_and_alpha_are_its_teacher_forced_ones() {
    let w = default_sentence();
    let enc = encode(&w.params, &w.source);
    let st = Attending { p: &w.params, enc: &enc };
    for h in beam_search(&st, 3, w.bos, w.eos, 12, Norm::None) {
        // teacher-forced on the hypothesis' own words, as the walkthrough records
        let mut steps: Vec<crate::decode::step::DecoderStep> = Vec::new();
        for t in 0..h.words.len() {
            let y_prev = if t == 0 { w.bos } else { h.words[t - 1] };
            let s_prev = steps.last().map_or(&enc.s_0, |d| d.s()).clone();
            steps.push(decode_step(&w.params, &enc, &s_prev, y_prev));
        }
        let forced: f64 = steps.iter().zip(&h.words).map(|(d, &y)| d.p[y].ln()).sum();
        assert_relative_eq!(h.log_p, forced, epsilon = 1e-12);
        for (t, a) in h.alpha.iter().enumerate() {
            assert_relative_eq!(a, &steps[t].alpha, epsilon = 1e-12);
            assert_relative_eq!(a.sum(), 1.0, epsilon = 1e-12);
        }
    }
}

#[test]
fn the_selection_keeps_what_a_stable_sort_of_every_candidate_keeps() {
    let mut rng = crate::model::rng::SeededRng::new(7);
    let mut below = |n: usize| (rng.uniform01() * n as f64) as usize;
    for _ in 0..200 {
        let (live_n, vocab) = (1 + below(4), 1 + below(39));
        // scores from a few values only, so that ties are everywhere
        let mut level = || -(below(6) as f64);
        let live: Vec<Hypothesis<()>> = (0..live_n)
            .map(|_| Hypothesis { words: vec![], s: (), log_p: level(), alpha: vec![], cut: false })
            .collect();
        let expanded: Vec<Expansion<()>> = (0..live_n)
            .map(|_| Expansion {
                s: (),
                log_p: Vector::from_iterator(vocab, (0..vocab).map(|_| level())),
                alpha: Vector::zeros(0),
            })
            .collect();
        let mut all: Vec<Candidate> = (0..live_n)
            .flat_map(|from| (0..vocab).map(move |word| (from, word)))
            .map(|(from, word)| Candidate { from, word, log_p: live[from].log_p + expanded[from].log_p[word] })
            .collect();
        all.sort_by(|a, b| b.log_p.total_cmp(&a.log_p)); // stable: (hypothesis, word) order on ties
        for room in 1..=12 {
            let want: Vec<Candidate> = all.iter().copied().take(room).collect();
            assert_eq!(prune(&live, &expanded, room), want, "room {room}, {live_n} hypotheses × {vocab} words");
        }
    }
}

#[test]
fn the_fast_stepper_expands_as_the_readable_one_to_rounding() {
    let w = default_sentence();
    let (k_x, k_y) = (w.params.E_x.ncols(), w.params.E_y.ncols());
    let mut cases = vec![(w.params, w.source)];
    for seed in 1..4 {
        let p = Params::init(Dims::new(4, 6, 5, 3).unwrap(), k_x, k_y, seed);
        cases.push((p, vec![2, 3, 4, (seed as usize) % 5 + 1, 3]));
    }
    for (p, src) in cases {
        let enc = encode(&p, &src);
        let readable = Attending { p: &p, enc: &enc };
        let mut ws = crate::model::fast::Workspace::default();
        let fast = FastAttending::new(&p, &mut ws, &src);
        let start = fast.start();
        assert_relative_eq!(start, readable.start(), max_relative = 1e-12);
        // every hypothesis the readable beam keeps, expanded by both from the same state
        for h in beam_search(&readable, 4, w.bos, w.eos, 12, Norm::None) {
            let mut s = readable.start();
            for t in 0..h.words.len() {
                let y_prev = if t == 0 { w.bos } else { h.words[t - 1] };
                let (want, got) = (readable.step(&s, y_prev), fast.step(&s, y_prev));
                assert_relative_eq!(got.s, want.s, max_relative = 1e-12);
                assert_relative_eq!(got.alpha, want.alpha, max_relative = 1e-12);
                assert_relative_eq!(got.log_p, want.log_p, max_relative = 1e-12);
                assert_eq!(got.log_p.argmax().0, want.log_p.argmax().0, "the same best word at t = {t}");
                s = want.s;
            }
        }
        assert_eq!(fast.start(), start, "a step leaves s_0 as the encoder wrote it");
        for k in [1, 3, 10] {
            let len = max_len(src.len());
            let want = beam_decode(&readable, k, w.bos, w.eos, len, Norm::None);
            assert_eq!(beam_decode(&fast, k, w.bos, w.eos, len, Norm::None), want, "K = {k}");
        }
    }
}

#[test]
fn the_fast_rnnencdec_stepper_expands_as_the_readable_one_bit_for_bit() {
    use crate::decode::stepper::{FastSummarised, Summarised};
    use crate::model::encdec::{self, EncDecParams};
    let bits = |v: &Vector| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    for seed in 1..4 {
        let p = EncDecParams::init(Dims::new(4, 6, 5, 3).unwrap(), 7, 9, seed);
        let src = [2, 3, 4, (seed as usize) % 5 + 1, 3];
        let enc = encdec::encode(&p, &src);
        let (readable, fast) = (Summarised { p: &p, enc: &enc }, FastSummarised::new(&p, &enc));
        assert_eq!(bits(&fast.start()), bits(&readable.start()));
        // every hypothesis the readable beam keeps, expanded by both from the same state
        for h in beam_search(&readable, 4, BOS, EOS, 12, Norm::None) {
            let mut s = readable.start();
            for t in 0..h.words.len() {
                let y_prev = if t == 0 { BOS } else { h.words[t - 1] };
                let (want, got) = (readable.step(&s, y_prev), fast.step(&s, y_prev));
                assert_eq!(bits(&got.s), bits(&want.s), "s_t at t = {t}, seed {seed}");
                assert_eq!(bits(&got.log_p), bits(&want.log_p), "ln p at t = {t}, seed {seed}");
                assert!(got.alpha.is_empty() && want.alpha.is_empty(), "RNNencdec has no α");
                s = want.s;
            }
        }
        for k in [1, 3, 10] {
            let len = max_len(src.len());
            let want = beam_decode(&readable, k, BOS, EOS, len, Norm::None);
            assert_eq!(beam_decode(&fast, k, BOS, EOS, len, Norm::None), want, "K = {k}, seed {seed}");
        }
    }
}
