//! The fast path (src/model/fast/) against the readable one (Trace::record,
//! backward, decode_step) on seeded cases at several sizes, the reference
//! sizes included (T_x = 20, 2n = 512, n = 256, n' = 128): energies, α, c_t,
//! the loss, every parameter's gradient and greedy decoding agree to 1e-12.

use bahdanau::decode::{greedy_decode, greedy_decode_readable};
use bahdanau::model::fast::{self, Workspace};
use bahdanau::model::rng::SeededRng;
use bahdanau::model::{Dims, Params};
use bahdanau::train::grad::{backward, loss, zeros_like};
use bahdanau::walkthrough::trace::Trace;

const TOL: f64 = 1e-12;

struct Case {
    dims: Dims,
    t_x: usize,
    t_y: usize,
    seed: u64,
}

const K_X: usize = 30;
const K_Y: usize = 24;

/// The reference material's sizes; m and l are free there, 64 keeps the test quick.
const REFERENCE: Dims = Dims { m: 64, n: 256, n_a: 128, l: 64 };

fn cases() -> Vec<Case> {
    vec![
        Case { dims: REFERENCE, t_x: 20, t_y: 6, seed: 7 },
        Case { dims: Dims::new(3, 4, 3, 2).unwrap(), t_x: 4, t_y: 3, seed: 1 },
        Case { dims: Dims::new(5, 7, 9, 3).unwrap(), t_x: 9, t_y: 11, seed: 2 },
        Case { dims: Dims::DEFAULT, t_x: 20, t_y: 20, seed: 3 },
        Case { dims: Dims::new(6, 10, 17, 4).unwrap(), t_x: 1, t_y: 1, seed: 4 },
        Case { dims: Dims::DEFAULT, t_x: 40, t_y: 38, seed: 5 },
    ]
}

fn pair(c: &Case) -> (Params, Vec<usize>, Vec<usize>) {
    let mut rng = SeededRng::new(c.seed + 1000);
    let mut draw = |k: usize, len: usize| -> Vec<usize> {
        (0..len).map(|_| 1 + (rng.uniform01() * (k - 1) as f64) as usize).collect()
    };
    let (src, tgt) = (draw(K_X, c.t_x), draw(K_Y, c.t_y));
    (Params::init(c.dims, K_X, K_Y, c.seed), src, tgt)
}

fn assert_close(what: &str, fast: &[f64], readable: &[f64]) {
    assert_eq!(fast.len(), readable.len(), "{what}: lengths differ");
    for (k, (a, b)) in fast.iter().zip(readable).enumerate() {
        assert!((a - b).abs() <= TOL, "{what}[{k}]: fast {a:e}, readable {b:e}, differ by {:e}", (a - b).abs());
    }
}

#[test]
fn energies_alpha_and_context_equal_the_readable_trace() {
    let mut ws = Workspace::default();
    for round in 0..2 {
        for c in cases() {
            let (p, src, tgt) = pair(&c);
            let tr = Trace::record(&p, &src, &tgt, 0);
            let l = fast::teacher_forced(&p, &mut ws, &src, &tgt, 0);
            let at = format!("{:?}, T_x = {}, round {round}", c.dims, c.t_x);
            assert!((l - loss(&tr)).abs() <= TOL, "loss at {at}: {l} vs {}", loss(&tr));
            for (t, d) in tr.steps.iter().enumerate() {
                let span = t * c.t_x..(t + 1) * c.t_x;
                assert_close(&format!("e_{t} at {at}"), &ws.e[span.clone()], d.e.as_slice());
                assert_close(&format!("alpha_{t} at {at}"), &ws.alpha[span], d.alpha.as_slice());
                assert_close(&format!("c_{t} at {at}"), ws.c.column(t).as_slice(), d.c.as_slice());
                assert_close(&format!("p_{t} at {at}"), ws.p.column(t).as_slice(), d.p.as_slice());
            }
        }
    }
}

#[test]
fn every_gradient_equals_the_readable_backward() {
    let mut ws = Workspace::default();
    for round in 0..2 {
        for c in cases() {
            let (p, src, tgt) = pair(&c);
            let mut readable = zeros_like(&p);
            backward(&p, &Trace::record(&p, &src, &tgt, 0), &mut readable);
            // the fast gradient is added into what is there, like the readable one
            let mut fast_g = zeros_like(&p);
            fast_g.W_a.fill(0.25);
            fast::loss_and_backward(&p, &mut ws, &src, &tgt, 0, &mut fast_g);
            fast_g.W_a.add_scalar_mut(-0.25);
            for ((name, a), (_, b)) in fast_g.named().into_iter().zip(readable.named()) {
                let scale = b.amax().max(1.0);
                let worst = (a - b).amax();
                assert!(
                    worst <= TOL * scale,
                    "∂{name} differs by {worst:e} (largest entry {scale:e}) at {:?}, T_x = {}, round {round}",
                    c.dims,
                    c.t_x
                );
            }
        }
    }
}

#[test]
fn greedy_decoding_picks_the_same_words() {
    for c in cases() {
        let (p, src, _) = pair(&c);
        let (fast, readable) = (greedy_decode(&p, &src, 0, 1, 12), greedy_decode_readable(&p, &src, 0, 1, 12));
        assert_eq!(fast, readable, "at {:?}", c.dims);
        assert!(!fast.is_empty());
    }
}

#[test]
fn an_unused_word_gets_no_gradient_on_the_fast_path() {
    let p = Params::init(Dims::new(3, 3, 3, 2).unwrap(), 6, 6, 4);
    let mut g = zeros_like(&p);
    fast::loss_and_backward(&p, &mut Workspace::default(), &[1, 2], &[3, 1], 0, &mut g);
    assert!(g.E_x.column(5).iter().all(|&v| v == 0.0));
    assert!(g.E_y.column(5).iter().all(|&v| v == 0.0));
    assert!(g.E_x.column(1).iter().any(|&v| v != 0.0));
}

#[test]
fn the_watchs_alignment_equals_the_readable_one_for_every_fast_score() {
    use bahdanau::model::scored::{self, ScoreSpec, ScoredParams};
    use bahdanau::model::scores::ScoreKind;
    let mut ws = Workspace::default();
    for round in 0..2 {
        for c in cases() {
            let (p, src, tgt) = pair(&c);
            let at = format!("{:?}, T_x = {}, round {round}", c.dims, c.t_x);
            let fast = fast::alignment_with(&p, fast::Score::Additive, &mut ws, &src, &tgt, 0);
            let readable = Trace::record(&p, &src, &tgt, 0).alignment();
            assert_eq!(fast.shape(), (c.t_y, c.t_x), "additive at {at}");
            assert_close(&format!("additive α at {at}"), fast.as_slice(), readable.as_slice());
            for kind in [ScoreKind::Dot, ScoreKind::General, ScoreKind::Scaled] {
                let q = ScoredParams::init(ScoreSpec { kind, d_k: None }, c.dims, K_X, K_Y, c.seed);
                let score = q.fast_score().expect("a multiplicative score has a fast path");
                let fast = fast::alignment_with(&q.base, score, &mut ws, &src, &tgt, 0);
                let readable = scored::alignment(&q, &src, &tgt, 0);
                assert_eq!(fast.shape(), readable.shape(), "{kind:?} at {at}");
                assert_close(&format!("{kind:?} α at {at}"), fast.as_slice(), readable.as_slice());
            }
        }
    }
}
