//! The ordered steps of a walkthrough: one new tensor each, as DESIGN.md lists
//! them. Steps 06–13 repeat for every target position; 07 is shown once.

use crate::text::Text;
use crate::text::steps as T;

/// What never changes about a step: its id, symbol, formula and meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepInfo {
    pub id: u8,
    /// The paper's symbol, as the tables print it.
    pub symbol: &'static str,
    /// The name `show` and the JSON export use.
    pub name: &'static str,
    /// The formula, with its words in the language spoken (see [`Text::get`]).
    pub formula: Text,
    pub shape: &'static str,
    /// Whether the step is computed anew for every target position.
    pub per_target: bool,
    /// The caption under the table: what the tensor is, in a sentence.
    pub meaning: Text,
}

pub const STEP_INFO: [StepInfo; 14] = [
    StepInfo {
        id: 1,
        symbol: "X",
        name: "X",
        formula: T::FORMULA_01,
        shape: "m × T_x",
        per_target: false,
        meaning: T::MEANING_01,
    },
    StepInfo {
        id: 2,
        symbol: "→h",
        name: "h_fwd",
        formula: T::FORMULA_02,
        shape: "n × T_x",
        per_target: false,
        meaning: T::MEANING_02,
    },
    StepInfo {
        id: 3,
        symbol: "←h",
        name: "h_bwd",
        formula: T::FORMULA_03,
        shape: "n × T_x",
        per_target: false,
        meaning: T::MEANING_03,
    },
    StepInfo {
        id: 4,
        symbol: "H",
        name: "H",
        formula: T::FORMULA_04,
        shape: "2n × T_x",
        per_target: false,
        meaning: T::MEANING_04,
    },
    StepInfo {
        id: 5,
        symbol: "s_0",
        name: "s_0",
        formula: T::FORMULA_05,
        shape: "n",
        per_target: false,
        meaning: T::MEANING_05,
    },
    StepInfo {
        id: 6,
        symbol: "W_a s_{t-1}",
        name: "Wa_s",
        formula: T::FORMULA_06,
        shape: "n'",
        per_target: true,
        meaning: T::MEANING_06,
    },
    StepInfo {
        id: 7,
        symbol: "U_a H",
        name: "UaH",
        formula: T::FORMULA_07,
        shape: "n' × T_x",
        per_target: false,
        meaning: T::MEANING_07,
    },
    StepInfo {
        id: 8,
        symbol: "tanh(W_a s_{t-1} + U_a h_i)",
        name: "hidden",
        formula: T::FORMULA_08,
        shape: "n' × T_x",
        per_target: true,
        meaning: T::MEANING_08,
    },
    StepInfo {
        id: 9,
        symbol: "e_t",
        name: "e",
        formula: T::FORMULA_09,
        shape: "T_x",
        per_target: true,
        meaning: T::MEANING_09,
    },
    StepInfo {
        id: 10,
        symbol: "α_t",
        name: "alpha",
        formula: T::FORMULA_10,
        shape: "T_x",
        per_target: true,
        meaning: T::MEANING_10,
    },
    StepInfo {
        id: 11,
        symbol: "c_t",
        name: "c",
        formula: T::FORMULA_11,
        shape: "2n",
        per_target: true,
        meaning: T::MEANING_11,
    },
    StepInfo {
        id: 12,
        symbol: "s_t",
        name: "s",
        formula: T::FORMULA_12,
        shape: "n",
        per_target: true,
        meaning: T::MEANING_12,
    },
    StepInfo {
        id: 13,
        symbol: "p(y_t)",
        name: "p",
        formula: T::FORMULA_13,
        shape: "K_y",
        per_target: true,
        meaning: T::MEANING_13,
    },
    StepInfo {
        id: 14,
        symbol: "A",
        name: "A",
        formula: T::FORMULA_14,
        shape: "T_y × T_x",
        per_target: false,
        meaning: T::MEANING_14,
    },
];

/// The static facts of step `id` (1 … 14).
pub fn info(id: u8) -> Option<&'static StepInfo> {
    STEP_INFO.iter().find(|s| s.id == id)
}

/// One position in the walkthrough: a step id and, for 06 and 08–13, the
/// target position t (1-based). 07 is listed once, at t = 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepRef {
    pub id: u8,
    pub t: Option<usize>,
}

impl StepRef {
    pub fn info(&self) -> &'static StepInfo {
        info(self.id).expect("step ids come from STEP_INFO")
    }

    /// The snapshot and file name: `step_09_t1`, or `step_07`.
    pub fn key(&self) -> String {
        match self.t {
            Some(t) => format!("step_{:02}_t{t}", self.id),
            None => format!("step_{:02}", self.id),
        }
    }
}

/// The walkthrough's order for a target of `t_y` words.
pub fn order(t_y: usize) -> Vec<StepRef> {
    let mut out: Vec<StepRef> = (1..=5).map(|id| StepRef { id, t: None }).collect();
    for t in 1..=t_y {
        for id in 6..=13 {
            match id {
                7 if t == 1 => out.push(StepRef { id, t: None }),
                7 => {}
                _ => out.push(StepRef { id, t: Some(t) }),
            }
        }
    }
    out.push(StepRef { id: 14, t: None });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_one_to_fourteen_in_order() {
        let ids: Vec<u8> = STEP_INFO.iter().map(|s| s.id).collect();
        assert_eq!(ids, (1..=14).collect::<Vec<u8>>());
    }

    #[test]
    fn order_repeats_the_decoder_steps_and_shows_keys_once() {
        let o = order(3);
        assert_eq!(o.len(), 5 + 1 + 3 * 7 + 1);
        assert_eq!(o.iter().filter(|s| s.id == 7).count(), 1);
        assert_eq!(o.iter().filter(|s| s.id == 10).count(), 3);
        assert_eq!(o[5], StepRef { id: 6, t: Some(1) });
        assert_eq!(o[6], StepRef { id: 7, t: None });
        assert_eq!(o.last().unwrap().key(), "step_14");
    }
}
