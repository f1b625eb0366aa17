//! The line under each variant that says which weights it ran on, so that
//! no score looks worse for being untrained.

use crate::text::variants as T;
use crate::variants::WeightsUsed;

/// For the views with no trained form (qkv separate): the variants' weights are drawn.
pub fn drawn_note(u: &WeightsUsed) -> String {
    let seed = u.seed;
    let text = if u.walk_trained { T::DRAWN_WALK_TRAINED } else { T::ALL_DRAWN };
    format!("{}\n", text.fill(&[("seed", &seed)]))
}

/// Says which weights were trained: each score's own model, or the draws before training.
pub fn weights_note(u: &WeightsUsed) -> String {
    let seed = u.seed;
    if u.trained {
        return format!("{}\n", T::TRAINED_WEIGHTS.get());
    }
    let text = if u.walk_trained { T::BEFORE_TRAINING } else { T::ALL_DRAWN };
    format!("{}\n", text.fill(&[("seed", &seed)]))
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
