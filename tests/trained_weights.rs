//! The committed weights in src/train/trained.json are exactly what training
//! from scratch with `TrainConfig::DEFAULT` produces, bit for bit.
//!
//! To regenerate after changing the model, the corpus or the configuration:
//! `BAHDANAU_UPDATE_TRAINED=1 cargo test --test trained_weights`

use bahdanau::train::TrainConfig;
use bahdanau::train::trained::{to_json, train};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/train/trained.json");

#[test]
fn committed_weights_are_what_training_produces() {
    let (trainer, _) = train(TrainConfig::DEFAULT).expect("the default training finishes");
    let text = to_json(&trainer);
    let var = "BAHDANAU_UPDATE_TRAINED";
    if bahdanau::fsio::project::switch(var, std::env::var_os(var).as_deref()).unwrap_or_else(|e| panic!("{e}")) {
        std::fs::write(PATH, &text).expect("src/train/trained.json is writable");
    }
    let committed = std::fs::read_to_string(PATH).expect("src/train/trained.json exists");
    assert!(
        text == committed,
        "retraining gave other weights than src/train/trained.json; if the change is intended, run \
         BAHDANAU_UPDATE_TRAINED=1 cargo test --test trained_weights"
    );
}
