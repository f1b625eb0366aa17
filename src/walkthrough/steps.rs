//! The ordered steps of a walkthrough: one new tensor each, as DESIGN.md lists
//! them. Steps 06–13 repeat for every target position; 07 is shown once.

/// What never changes about a step: its id, symbol, formula and meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepInfo {
    pub id: u8,
    /// The paper's symbol, as the tables print it.
    pub symbol: &'static str,
    /// The name `show` and the JSON export use.
    pub name: &'static str,
    pub formula: &'static str,
    pub shape: &'static str,
    /// Whether the step is computed anew for every target position.
    pub per_target: bool,
    pub meaning: &'static str,
}

pub const STEP_INFO: [StepInfo; 14] = [
    StepInfo {
        id: 1,
        symbol: "X",
        name: "X",
        formula: "x_i = E_x[:, token_i]",
        shape: "m × T_x",
        per_target: false,
        meaning: "Each source word becomes a column of numbers the network can compute with.",
    },
    StepInfo {
        id: 2,
        symbol: "→h",
        name: "h_fwd",
        formula: "→h_i = GRU_fwd(x_i, →h_{i-1}),  →h_0 = 0",
        shape: "n × T_x",
        per_target: false,
        meaning: "Reading left to right, column i summarises the words up to and including word i.",
    },
    StepInfo {
        id: 3,
        symbol: "←h",
        name: "h_bwd",
        formula: "←h_i = GRU_bwd(x_i, ←h_{i+1}),  ←h_{T_x+1} = 0",
        shape: "n × T_x",
        per_target: false,
        meaning: "Reading right to left, column i summarises word i and everything after it.",
    },
    StepInfo {
        id: 4,
        symbol: "H",
        name: "H",
        formula: "h_i = [→h_i; ←h_i]",
        shape: "2n × T_x",
        per_target: false,
        meaning: "Annotation h_i describes word i in the context of the whole sentence; attention chooses among these columns.",
    },
    StepInfo {
        id: 5,
        symbol: "s_0",
        name: "s_0",
        formula: "s_0 = tanh(W_s ←h_1)",
        shape: "n",
        per_target: false,
        meaning: "The decoder starts from the backward state at the first word, which has read the whole sentence.",
    },
    StepInfo {
        id: 6,
        symbol: "W_a s_{t-1}",
        name: "Wa_s",
        formula: "W_a s_{t-1}",
        shape: "n'",
        per_target: true,
        meaning: "W_a q_t: the query q_t = s_{t-1}, what the decoder seeks for word t, moved into the score space.",
    },
    StepInfo {
        id: 7,
        symbol: "U_a H",
        name: "UaH",
        formula: "U_a h_i for every i, as one product U_a H",
        shape: "n' × T_x",
        per_target: false,
        meaning: "The projected keys: each key k_i = h_i projected into the score space, once per sentence and reused at every t.",
    },
    StepInfo {
        id: 8,
        symbol: "tanh(W_a s_{t-1} + U_a h_i)",
        name: "hidden",
        formula: "tanh(W_a s_{t-1} + U_a h_i), the query added to every column",
        shape: "n' × T_x",
        per_target: true,
        meaning: "Query and key meet: column i is a small hidden layer's view of how s_{t-1} and h_i fit together. \
                  An entry near ±1 is saturated: there the derivative 1 − tanh² is near 0, so almost no gradient \
                  flows back through it to W_a, U_a, s_{t-1} or h_i.",
    },
    StepInfo {
        id: 9,
        symbol: "e_t",
        name: "e",
        formula: "e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i)",
        shape: "T_x",
        per_target: true,
        meaning: "One score per source word: how well word i matches what the decoder needs now.",
    },
    StepInfo {
        id: 10,
        symbol: "α_t",
        name: "alpha",
        formula: "α_{t,i} = exp(e_{t,i}) / Σ_k exp(e_{t,k})",
        shape: "T_x",
        per_target: true,
        meaning: "The scores made into weights that are positive and sum to 1: a soft choice of source words.",
    },
    StepInfo {
        id: 11,
        symbol: "c_t",
        name: "c",
        formula: "c_t = Σ_i α_{t,i} h_i = H α_t",
        shape: "2n",
        per_target: true,
        meaning: "The context: the annotations averaged with the weights α_t, a fresh summary for word t.",
    },
    StepInfo {
        id: 12,
        symbol: "s_t",
        name: "s",
        formula: "s_t = GRU_dec(E_y y_{t-1}, s_{t-1}, c_t)",
        shape: "n",
        per_target: true,
        meaning: "The decoder's new state mixes the previous word, its old state and the context.",
    },
    StepInfo {
        id: 13,
        symbol: "p(y_t)",
        name: "p",
        formula: "p(y_t) = softmax(W_o maxout(U_o s_t + V_o E_y y_{t-1} + C_o c_t))",
        shape: "K_y",
        per_target: true,
        meaning: "A probability for every target word; training raises the one for the correct word.",
    },
    StepInfo {
        id: 14,
        symbol: "A",
        name: "A",
        formula: "A = [α_1; α_2; …; α_{T_y}]",
        shape: "T_y × T_x",
        per_target: false,
        meaning: "The alignment: row t shows where the decoder looked while writing target word t.",
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
