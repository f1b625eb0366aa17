//! `--train-report`: trains from scratch, then measures the trained model
//! against the bars it must reach and prints every number it used.

use super::TrainConfig;
use super::grad::gradient_check;
use super::mean_entropy;
use super::replay::{alignment_table, argmax_positions, verdict};
use super::trained::{committed_json, to_json, train};
use super::trainer::{Checkpoint, Trainer};
use crate::corpus::Pair;
use crate::decode::greedy_decode;
use crate::model::diagnostics::coverage;
use crate::render::pattern::pattern_name;
use crate::render::render_tensor;
use crate::vocab::{BOS, EOS, Vocab};
use crate::walkthrough::fmt_num;

/// The probe's content words and the source word each must look at most.
pub const CROSSING: [(&str, &str); 3] = [("zone", "Area"), ("économique", "Economic"), ("européenne", "European")];
pub const MIN_ACCURACY: f64 = 0.95;
pub const MAX_PROBE_ENTROPY: f64 = 0.8;

fn check(ok: bool) -> &'static str {
    if ok { "PASS" } else { "FAIL" }
}

/// Trains with `config` and returns the report, and whether every bar was met.
pub fn train_report(config: TrainConfig) -> (String, bool) {
    let (t, secs) = match train(config) {
        Ok(done) => done,
        Err(e) => return (format!("{e}\n"), false),
    };
    let c = &config;
    let examples = c.epochs * c.n_train;
    let mut out = format!(
        "Training RNNsearch from scratch: m = {}, n = {}, n' = {}, l = {}, seed {}\n\
         corpus: {} training pairs, {} held out (seed {}); Adam, lr {} falling to {}, batch {}, clip {}\n\n\
         epoch  held-out loss  accuracy  mean H(α)  probe H(α)  probe argmax i  probe pattern\n",
        c.dims.m,
        c.dims.n,
        c.dims.n_a,
        c.dims.l,
        c.init_seed,
        c.n_train,
        c.n_held_out,
        c.corpus_seed,
        c.lr,
        fmt_num(c.lr_at(c.epochs), 4),
        c.batch,
        c.clip,
    );
    let reference = super::replay::probe_reference(&t.corpus.test[0]);
    let tv = Vocab::target();
    let words: Vec<String> = t.corpus.test[0].target.iter().map(|&i| tv.token(i).to_string()).collect();
    for cp in &t.checkpoints {
        out += &format!(
            "{:5}  {:>13}  {:>7} %  {:>9}  {:>10}  {:14}  {}\n",
            cp.epoch,
            fmt_num(cp.eval.loss, 4),
            fmt_num(100.0 * cp.eval.accuracy, 2),
            fmt_num(cp.eval.entropy, 4),
            fmt_num(mean_entropy(&cp.alignment), 4),
            argmax_positions(&cp.alignment),
            pattern_name(verdict(&cp.alignment, &words, reference.as_deref()).pattern)
        );
    }
    out += "(probe pattern: judged on the target words; the last argmax, <eos>'s, apart)\n";
    let (params, best, kept) = (&t.best.params, &t.best.eval, &t.best.epoch);
    let last = t.checkpoints.last().map_or(*best, |cp| cp.eval);
    out += &format!(
        "\nwall time: {} s for {} epochs, {examples} training pairs: {} pairs per second (one thread)\n",
        fmt_num(secs, 2),
        c.epochs,
        fmt_num(examples as f64 / secs, 0)
    );
    out += &format!(
        "kept: epoch {kept}, the best held-out accuracy (the last epoch has {} %)\n",
        fmt_num(100.0 * last.accuracy, 2)
    );

    let acc_ok = best.accuracy >= MIN_ACCURACY;
    out += &format!(
        "\n[{}] held-out token accuracy (teacher-forced): {} % (bar: at least {} %)\n",
        check(acc_ok),
        fmt_num(100.0 * best.accuracy, 2),
        fmt_num(100.0 * MIN_ACCURACY, 0)
    );
    out += &greedy_line(&t, params);

    let probe = &t.corpus.test[0];
    let first = &t.checkpoints[0];
    let kept_cp = t.checkpoints.iter().find(|cp| cp.epoch == *kept).unwrap_or(first);
    let table = alignment_table(probe, &kept_cp.alignment);
    out += &format!("\nThe probe, never seen in training: {}\n", table.cols.join(" "));
    out += &format!("{}\n", render_tensor(&table));
    let mut cross_ok = true;
    for (fr, en) in CROSSING {
        let row = table.rows.iter().position(|w| w == fr);
        let got = row.map(|r| table.cols[kept_cp.alignment.row(r).transpose().argmax().0].as_str());
        cross_ok &= got == Some(en);
        out += &format!("[{}] argmax α for {fr}: {} (want {en})\n", check(got == Some(en)), got.unwrap_or("—"));
    }
    let cov = coverage(&kept_cp.alignment);
    let cov: Vec<String> = table.cols.iter().zip(cov.iter()).map(|(w, v)| format!("{w} {}", fmt_num(*v, 2))).collect();
    out += &format!("coverage Σ_t α_t,i: {}\n", cov.join(", "));

    out += &entropy_lines(first, kept_cp, probe);
    let h_ok = mean_entropy(&kept_cp.alignment) < MAX_PROBE_ENTROPY;
    out += &format!("[{}] the probe's mean α entropy is below {MAX_PROBE_ENTROPY} nats\n", check(h_ok));

    let same = to_json(&t) == committed_json();
    out += &format!(
        "\nthe trained weights equal src/train/trained.json bit for bit: {}\n",
        if same { "yes" } else { "no" }
    );
    out += &gradient_lines(&super::initial_params(c), probe);
    (out, acc_ok && cross_ok && h_ok)
}

/// Greedy decoding (no teacher) of every held-out sentence.
fn greedy_line(t: &Trainer, p: &crate::model::Params) -> String {
    let tv = Vocab::target();
    let (bos, eos) = (tv.id(BOS).unwrap_or(0), tv.id(EOS).unwrap_or(1));
    let right = t.corpus.held_out.iter().filter(|pair| greedy_decode(p, &pair.source, bos, eos, 20) == pair.target);
    format!(
        "       held-out sentences translated exactly by greedy decoding: {} of {}\n",
        right.count(),
        t.corpus.held_out.len()
    )
}

fn entropy_lines(first: &Checkpoint, kept: &Checkpoint, probe: &Pair) -> String {
    let t_x = probe.source.len();
    format!(
        "mean α-row entropy, probe:    {} at initialisation (ln T_x = ln {t_x} = {}) → {} trained\n\
         mean α-row entropy, held out: {} at initialisation → {} trained\n",
        fmt_num(mean_entropy(&first.alignment), 4),
        fmt_num((t_x as f64).ln(), 4),
        fmt_num(mean_entropy(&kept.alignment), 4),
        fmt_num(first.eval.entropy, 4),
        fmt_num(kept.eval.entropy, 4),
    )
}

/// The hand-written gradient at the initial weights, on the probe, against
/// central differences, matrix by matrix.
fn gradient_lines(p: &crate::model::Params, probe: &Pair) -> String {
    let bos = Vocab::target().id(BOS).unwrap_or(0);
    let errors = gradient_check(p, &probe.source, &probe.target, bos);
    let mut out = String::from("gradient check (hand-written vs central differences, probe, initial weights):\n");
    for row in errors.chunks(4) {
        let cells: Vec<String> = row.iter().map(|(n, e)| format!("{n:>8} {e:.1e}")).collect();
        out += &format!("  {}\n", cells.join("   "));
    }
    let worst = errors.iter().map(|e| e.1).fold(0.0, f64::max);
    out + &format!("[{}] largest relative error {worst:.1e} (bar: below 1e-6)\n", check(worst < 1e-6))
}
