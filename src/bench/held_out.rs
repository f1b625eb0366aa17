//! `cargo bench --bench figures -- held-out [KEY=VALUE …]`: one real-corpus
//! training run scored on the held-out split only (never the test split),
//! the tool the real experiment's batch, rate and budget are chosen with.
//! Keys: `model=search|encdec`, `seed=`, `batch=`, `lr=`, `check=` (C),
//! `patience=` (P), `cap=`, `group=`, `train=` (pairs); the rest are `RealConfig::FULL`'s.
//! Prints every check (pair-updates, held-out loss and BLEU, the rate's
//! multiple, seconds so far), how the run ended and its pairs per second.

use bahdanau::corpus::Pair;
use bahdanau::experiments::models::{RnnEncDec, RnnSearch};
use bahdanau::experiments::real::RealConfig;
use bahdanau::experiments::runner::{Budget, Model, Rule, train_observed};
use bahdanau::train::engine::Engine;
use std::sync::atomic::AtomicUsize;
use std::time::Instant;

/// The value of `key=` among the arguments, or `default`.
fn arg<T: std::str::FromStr>(key: &str, default: T) -> T {
    let prefix = format!("{key}=");
    std::env::args().find_map(|a| a.strip_prefix(&prefix).and_then(|v| v.parse().ok())).unwrap_or(default)
}

fn run<M: Model>(model: &M, c: &RealConfig, (train, held): (&[Pair], &[Pair])) {
    let start = Instant::now();
    let done = AtomicUsize::new(0);
    let mut show = |seen: usize, _: &M::P| {
        eprintln!("  … {seen} pair-updates, {:.0} s", start.elapsed().as_secs_f64());
    };
    let spec = c.run_of(arg("seed", c.seeds[0]));
    match train_observed(model, &spec, (train, held), &|| false, &done, (40_000, &mut show)) {
        Ok(t) => {
            let secs = start.elapsed().as_secs_f64();
            for (k, ch) in t.checks.iter().enumerate() {
                let mark = if k == t.best { " ← kept" } else { "" };
                println!(
                    "check {k:3}: {:7} pair-updates, held-out loss {:.4}, BLEU {:5.2}, rate × {}{mark}",
                    ch.pairs, ch.loss, ch.bleu, ch.lr_scale
                );
            }
            let pairs = t.checks.last().map_or(0, |k| k.pairs);
            println!(
                "ended by {:?} after {pairs} pair-updates in {secs:.0} s: {:.0} pairs/s",
                t.end,
                pairs as f64 / secs
            );
        }
        Err(e) => println!("the run failed: {e:?}"),
    }
}

pub fn figures() {
    let mut c = RealConfig::FULL;
    let Budget::Rule(rule) = c.run.budget else { return println!("held-out: the real budget is not a rule") };
    let rule = Rule {
        check_every: arg("check", rule.check_every),
        patience: arg("patience", rule.patience),
        cap: arg("cap", rule.cap),
        ..rule
    };
    c.run.budget = Budget::Rule(rule);
    c.run.batch = arg("batch", c.run.batch);
    c.run.lr = arg("lr", c.run.lr);
    c.n_train = arg("train", c.n_train);
    let engine = Engine { group: arg("group", Engine::DEFAULT.group), ..c.engine() };
    let (_, corpus, train) = match crate::engine::experiment_pairs(&c) {
        Ok(found) => found,
        Err(e) => return println!("held-out: {e}"),
    };
    let held = c.held_out(&corpus);
    let which: String = arg("model", "search".to_string());
    println!(
        "{which}, seed {}, batch {}, lr {}, C {}, P {}, cap {}, group {}, output layer {:?}, {} training pairs, {} held-out",
        arg("seed", c.seeds[0]),
        c.run.batch,
        c.run.lr,
        rule.check_every,
        rule.patience,
        rule.cap,
        engine.group,
        engine.output,
        train.len(),
        held.len()
    );
    if which == "encdec" {
        run(&RnnEncDec { engine, ..c.encdec(&corpus) }, &c, (&train, held));
    } else {
        run(&RnnSearch { engine, ..c.search(&corpus) }, &c, (&train, held));
    }
}
