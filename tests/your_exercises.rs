//! The last lines of a full `cargo test`: where the exercises stand, as the
//! `exercises` target (run a moment earlier) recorded them. Do not edit.

fn main() {
    print!("{}", bahdanau::exercises::summary(&std::env::args().skip(1).collect::<Vec<_>>()));
}
