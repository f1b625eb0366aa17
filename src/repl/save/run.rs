//! The `"training"` section of a save file: the run `train` started, so that
//! after `load` the next `train` continues it bit for bit. The corpus is not
//! stored (it is drawn again from its seed); the current parameters are the
//! session's own (training always leaves them in the walkthrough).

use serde_json::{Value, json};

use super::limits::MAX_RUN_EPOCHS;
use super::read::{describe, field, matrix, number, params, size, uint};
use crate::corpus::toy::probe;
use crate::export::matrix as matrix_json;
use crate::model::{Dims, Params};
use crate::text::files as T;
use crate::train::TrainConfig;
use crate::train::trainer::resume::RunState;
use crate::train::trainer::{Best, Checkpoint, Eval, Trainer};

fn params_json(p: &Params) -> Value {
    Value::Object(p.named().iter().map(|(n, m)| (n.to_string(), matrix_json(m))).collect())
}

fn eval_json(e: &Eval) -> Value {
    json!({ "loss": e.loss, "accuracy": e.accuracy, "entropy": e.entropy })
}

fn config_json(c: &TrainConfig) -> Value {
    json!({
        "corpus_seed": c.corpus_seed, "order_seed": c.order_seed, "n_train": c.n_train,
        "n_held_out": c.n_held_out, "epochs": c.epochs, "batch": c.batch, "lr": c.lr, "clip": c.clip,
    })
}

pub fn run_json(t: &Trainer) -> Value {
    let st = t.run_state();
    let checkpoints: Vec<Value> = st
        .checkpoints
        .iter()
        .map(|c| json!({ "epoch": c.epoch, "eval": eval_json(&c.eval), "alignment": matrix_json(&c.alignment) }))
        .collect();
    json!({
        "config": config_json(&t.config),
        "epochs_done": st.epochs_done,
        "best": { "epoch": st.best.epoch, "eval": eval_json(&st.best.eval), "params": params_json(&st.best.params) },
        "checkpoints": checkpoints,
        "adam": { "lr": st.adam_lr, "steps": st.adam_steps, "m": params_json(&st.adam_m), "v": params_json(&st.adam_v) },
        // Words of the shuffling stream used; far below 2⁶⁴ for any run this program makes.
        "order_words": u64::try_from(st.order_words).unwrap_or(u64::MAX),
    })
}

fn read_eval(v: &Value, what: &str) -> Result<Eval, String> {
    let e = field(v, "eval").map_err(|e| T::IN_FIELD.fill(&[("name", &what), ("error", &e)]))?;
    Ok(Eval { loss: number(e, "loss")?, accuracy: number(e, "accuracy")?, entropy: number(e, "entropy")? })
}

/// `epochs_done`, checked against what training makes: at most
/// [`MAX_RUN_EPOCHS`], one checkpoint per epoch from 0 (numbered in order),
/// and the best epoch among them; a file that says otherwise is refused by field.
fn counters(v: &Value, best: &Value, checkpoints: &[Checkpoint]) -> Result<usize, String> {
    let done = size(v, "epochs_done")?;
    if done > MAX_RUN_EPOCHS {
        return Err(T::EPOCHS_PAST_MOST.fill(&[("done", &done), ("most", &MAX_RUN_EPOCHS)]));
    }
    if checkpoints.len() != done + 1 {
        let n = checkpoints.len();
        return Err(T::EPOCHS_CHECKPOINTS.fill(&[("done", &done), ("n", &n)]));
    }
    if let Some((i, c)) = checkpoints.iter().enumerate().find(|(i, c)| c.epoch != *i) {
        return Err(T::CHECKPOINT_EPOCH.fill(&[("i", &i), ("epoch", &c.epoch)]));
    }
    let best_epoch = size(best, "epoch")?;
    if best_epoch > done {
        return Err(T::BEST_PAST.fill(&[("best", &best_epoch), ("done", &done)]));
    }
    Ok(done)
}

/// The run stored in `v`, for a session on `dims` and `seed` whose current
/// parameters are `current`. A run made with another training set-up is refused.
pub fn read_run(v: &Value, dims: Dims, seed: u64, current: &Params) -> Result<Trainer, String> {
    let config = TrainConfig { dims, init_seed: seed, ..TrainConfig::DEFAULT };
    if field(v, "config")? != &config_json(&config) {
        return Err(T::OTHER_SETUP.get().into());
    }
    let (k_x, k_y) = (current.E_x.ncols(), current.E_y.ncols());
    let best = field(v, "best")?;
    let adam = field(v, "adam")?;
    let probe = probe();
    let want = (probe.target.len(), probe.source.len());
    let list = field(v, "checkpoints")?;
    let list =
        list.as_array().ok_or_else(|| T::NOT_A_LIST.fill(&[("key", &"checkpoints"), ("value", &describe(list))]))?;
    let checkpoints = list
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let what = T::CHECKPOINT.fill(&[("i", &i)]);
            let alignment = matrix(field(c, "alignment")?, &T::CHECKPOINT_ALIGNMENT.fill(&[("i", &i)]), want)?;
            Ok(Checkpoint { epoch: size(c, "epoch")?, alignment, eval: read_eval(c, &what)? })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let steps = i32::try_from(uint(adam, "steps")?).map_err(|_| T::ADAM_STEPS.fill(&[("most", &i32::MAX)]))?;
    let epochs_done = counters(v, best, &checkpoints)?;
    let state = RunState {
        best: Best {
            params: params(field(best, "params")?, "best.params", dims, k_x, k_y)?,
            eval: read_eval(best, "best")?,
            epoch: size(best, "epoch")?,
        },
        checkpoints,
        epochs_done,
        adam_lr: number(adam, "lr")?,
        adam_m: params(field(adam, "m")?, "adam.m", dims, k_x, k_y)?,
        adam_v: params(field(adam, "v")?, "adam.v", dims, k_x, k_y)?,
        adam_steps: steps,
        order_words: u128::from(uint(v, "order_words")?),
    };
    Trainer::resume(config, current.clone(), state)
}
