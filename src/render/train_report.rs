//! `--train-report` as text: the run's table, the bars it must reach, and
//! every number they were judged on (see `train::report`).

use super::pattern::pattern_name;
use super::table::render_tensor;
use crate::train::report::{CROSSING, MAX_GRADIENT_ERROR, MAX_PROBE_ENTROPY, MIN_ACCURACY, TrainReport};
use crate::walkthrough::fmt_num;

fn check(ok: bool) -> &'static str {
    if ok { "PASS" } else { "FAIL" }
}

/// The whole report.
pub fn render_train_report(r: &TrainReport) -> String {
    let c = &r.config;
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
        fmt_num(r.last_lr, 4),
        c.batch,
        c.clip,
    );
    for row in &r.rows {
        out += &format!(
            "{:5}  {:>13}  {:>7} %  {:>9}  {:>10}  {:14}  {}\n",
            row.epoch,
            fmt_num(row.eval.loss, 4),
            fmt_num(100.0 * row.eval.accuracy, 2),
            fmt_num(row.eval.entropy, 4),
            fmt_num(row.probe_entropy, 4),
            row.argmax,
            pattern_name(row.pattern)
        );
    }
    out += "(probe pattern: judged on the target words; the last argmax, <eos>'s, apart)\n";
    out += &format!(
        "\nwall time: {} s for {} epochs, {examples} training pairs: {} pairs per second (one thread)\n",
        fmt_num(r.secs, 2),
        c.epochs,
        fmt_num(examples as f64 / r.secs, 0)
    );
    out += &format!(
        "kept: epoch {}, the best held-out accuracy (the last epoch has {} %)\n",
        r.kept,
        fmt_num(100.0 * r.last_accuracy, 2)
    );
    out += &format!(
        "\n[{}] held-out token accuracy (teacher-forced): {} % (bar: at least {} %)\n",
        check(r.accuracy_met()),
        fmt_num(100.0 * r.best.accuracy, 2),
        fmt_num(100.0 * MIN_ACCURACY, 0)
    );
    out += &format!(
        "       held-out sentences translated exactly by greedy decoding: {} of {}\n",
        r.greedy_exact.0, r.greedy_exact.1
    );
    let table = &r.probe;
    out += &format!("\nThe probe, never seen in training: {}\n", table.cols.join(" "));
    out += &format!("{}\n", render_tensor(table));
    for (k, (fr, en)) in CROSSING.iter().enumerate() {
        let got = r.peaks[k].as_deref();
        out += &format!("[{}] argmax α for {fr}: {} (want {en})\n", check(r.peak_met(k)), got.unwrap_or("—"));
    }
    let cov: Vec<String> =
        table.cols.iter().zip(r.coverage.iter()).map(|(w, v)| format!("{w} {}", fmt_num(*v, 2))).collect();
    out += &format!("coverage Σ_t α_t,i: {}\n", cov.join(", "));
    let t_x = table.cols.len();
    out += &format!(
        "mean α-row entropy, probe:    {} at initialisation (ln T_x = ln {t_x} = {}) → {} trained\n\
         mean α-row entropy, held out: {} at initialisation → {} trained\n",
        fmt_num(r.probe_entropy.0, 4),
        fmt_num((t_x as f64).ln(), 4),
        fmt_num(r.probe_entropy.1, 4),
        fmt_num(r.held_out_entropy.0, 4),
        fmt_num(r.held_out_entropy.1, 4),
    );
    out += &format!("[{}] the probe's mean α entropy is below {MAX_PROBE_ENTROPY} nats\n", check(r.entropy_met()));
    out += &format!(
        "\nthe trained weights equal src/train/trained.json bit for bit: {}\n",
        if r.same_as_committed { "yes" } else { "no" }
    );
    out += "gradient check (hand-written vs central differences, probe, initial weights):\n";
    for row in r.gradient_errors.chunks(4) {
        let cells: Vec<String> = row.iter().map(|(n, e)| format!("{n:>8} {e:.1e}")).collect();
        out += &format!("  {}\n", cells.join("   "));
    }
    let worst = r.worst_gradient_error();
    out + &format!(
        "[{}] largest relative error {worst:.1e} (bar: below {MAX_GRADIENT_ERROR:.0e})\n",
        check(worst < MAX_GRADIENT_ERROR)
    )
}
