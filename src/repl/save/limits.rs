//! What a session can hold, so that `load` refuses a file holding more
//! before building anything from it (a 64 MiB `[0,0,…]` would take 1 GB as
//! JSON values), and so that every file `save` writes loads again.

use crate::corpus::toy::probe;
use crate::model::{Dims, MAX_DIM, Params};
use crate::walkthrough::Scenario;

/// The most epochs one training run keeps (one checkpoint each); `train` stops there.
pub const MAX_RUN_EPOCHS: usize = 10_000;

/// JSON values (numbers, texts, lists, objects) in a `{"shape", "data"}` matrix of `len` numbers.
fn matrix_values(len: usize) -> usize {
    len + 6
}

/// The most values a session file saved by this program holds: four sets of
/// parameters at the largest dims (current, best, Adam's m and v), a
/// checkpoint for every epoch of the longest run, and the few fields around.
pub fn max_values() -> usize {
    let sc = Scenario::default();
    let dims = Dims::new(MAX_DIM, MAX_DIM, MAX_DIM, MAX_DIM).expect("the largest dims are valid");
    let params = Params::init(dims, sc.source_vocab().len(), sc.target_vocab().len(), 0);
    let one_set: usize = params.named().iter().map(|(_, m)| matrix_values(m.len()) + 1).sum();
    let p = probe();
    let checkpoint = matrix_values(p.target.len() * p.source.len()) + 8;
    4 * one_set + (MAX_RUN_EPOCHS + 1) * checkpoint + 200
}

pub use crate::fsio::count_values;

/// Refuses a document holding more values than any session (see [`max_values`]).
pub fn check_size(doc: &str) -> Result<(), String> {
    let (n, most) = (count_values(doc), max_values());
    if n > most {
        return Err(crate::text::files::TOO_MANY_VALUES.fill(&[("n", &n), ("most", &most)]));
    }
    Ok(())
}
