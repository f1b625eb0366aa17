//! The line under each variant that says which weights it ran on, so that
//! no score looks worse for being untrained.

use crate::variants::WeightsUsed;

/// For the views with no trained form (qkv separate): the variants' weights are drawn.
pub fn drawn_note(u: &WeightsUsed) -> String {
    let seed = u.seed;
    if u.walk_trained {
        format!(
            "Only the walkthrough's own weights (additive) are trained; the variants' weights are drawn from \
             seed {seed} and never trained, so their rows show an untrained score, not a worse one.\n"
        )
    } else {
        format!("Every weight here, the walkthrough's and the variants', is an untrained draw from seed {seed}.\n")
    }
}

/// Says which weights were trained: each score's own model, or the draws before training.
pub fn weights_note(u: &WeightsUsed) -> String {
    let seed = u.seed;
    if u.trained {
        return "Trained weights: each score is the attention of its own RNNsearch, trained with the walkthrough's \
                recipe (dot, general, scaled; concat is the walkthrough's additive model with W_c = [W_a, U_a]). \
                Add before to the command for the untrained draws.\n"
            .to_string();
    }
    if u.walk_trained {
        format!(
            "Before training: only the walkthrough's own weights (additive) are trained; the variants' weights \
             are untrained draws from seed {seed}, so their rows show an untrained score, not a worse one. \
             Without before, each score's trained model is shown.\n"
        )
    } else {
        format!("Every weight here, the walkthrough's and the variants', is an untrained draw from seed {seed}.\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_says_whether_the_walkthrough_is_trained() {
        let before = WeightsUsed { trained: false, walk_trained: true, seed: 2014 };
        assert!(weights_note(&before).contains("Before training"));
        let drawn = WeightsUsed { trained: false, walk_trained: false, seed: 7 };
        assert!(weights_note(&drawn).contains("untrained draw from seed 7"));
        assert!(drawn_note(&drawn).contains("untrained draw from seed 7"));
        assert!(weights_note(&WeightsUsed { trained: true, ..before }).starts_with("Trained weights"));
    }
}
