//! The one ordered list of exercises: what each asks, where it lives, which
//! step and chapter it belongs to, and the mistakes its checker recognises.

use super::list_beyond;
use crate::exercises::checker::exercise::{Exercise, Mistake};

const fn m(key: &'static str, hint: &'static str) -> Mistake {
    Mistake { key, hint }
}

const PYTORCH_GATE: &str = "you wrote h = z∘h_prev + (1 − z)∘h~, PyTorch's nn.GRU convention. In the paper the update \
     gate weights the candidate: h = (1 − z)∘h_prev + z∘h~.";

const CANDIDATE_RETURNED: &str = "you returned the candidate h~ itself. The new state mixes it with the old one, \
     weighted by the update gate: h = (1 − z)∘h_prev + z∘h~.";

pub const EXERCISES: [Exercise; 21] = [
    Exercise {
        id: 1,
        function: "embed",
        title: "embedding lookup",
        file: "tests/exercises/ex01_embedding.rs",
        step: Some(1),
        chapter: "chapters/steps/01-embeddings.md",
        formula: "X[:, i] = E[:, ids[i]]",
        idea: "An embedding is a lookup, not a product: token i's vector is one column of E, the column its id names.",
        hint: "Column i of X is the column of E numbered ids[i]; X has E's rows (m) and one column per token.",
        nonfinite: None,
        mistakes: &[m(
            "transposed",
            "your X has one row per token, PyTorch's layout. Here vectors are columns: X is (m, T), column i = E[:, ids[i]].",
        )],
        solution: ("src/model/encoder.rs", "embed"),
    },
    Exercise {
        id: 2,
        function: "gru_step",
        title: "one GRU step (the paper's form)",
        file: "tests/exercises/ex02_gru_step.rs",
        step: Some(2),
        chapter: "chapters/steps/02-forward-gru.md",
        formula: "z = σ(W_z x + U_z h_prev), r = σ(W_r x + U_r h_prev), h~ = tanh(W x + U (r∘h_prev)), \
                  h = (1 − z)∘h_prev + z∘h~",
        idea: "Two gates decide how much of the old state to keep (z) and how much of it the candidate may read (r); the paper applies r to h_prev before U, and z weights the candidate.",
        hint: "Compute z, r, then h~ with the reset gate applied to h_prev before U, then mix: (1 − z)∘h_prev + z∘h~.",
        nonfinite: None,
        mistakes: &[
            m("pytorch_update_gate", PYTORCH_GATE),
            m(
                "reset_after_u",
                "you applied r after U: tanh(W x + r∘(U h_prev)), PyTorch's form. The paper resets first: \
                 tanh(W x + U (r∘h_prev)).",
            ),
            m("candidate_returned", CANDIDATE_RETURNED),
        ],
        solution: ("src/model/gru.rs", "gru_step"),
    },
    Exercise {
        id: 3,
        function: "annotations",
        title: "the bidirectional concatenation",
        file: "tests/exercises/ex03_annotations.rs",
        step: Some(4),
        chapter: "chapters/steps/04-annotations.md",
        formula: "h_i = [→h_i; ←h_i]",
        idea: "Each source word gets one annotation that knows both sides of it: the forward state (what came before) stacked on the backward state (what comes after).",
        hint: "H has 2n rows: rows 0..n are →h (column i is →h_i), rows n..2n are ←h (column i is ←h_i).",
        nonfinite: None,
        mistakes: &[
            m(
                "forward_only",
                "your h_i comes from one direction only. Each annotation stacks both: the forward state on top, \
                 the backward state below, so H is (2n, T_x).",
            ),
            m("forward_twice", "your h_i repeats the forward state. The lower half must be the backward state ←h_i."),
            m("backward_on_top", "you stacked ←h above →h. The paper's order is h_i = [→h_i; ←h_i]: forward on top."),
            m(
                "backward_reversed",
                "you reversed the backward states in time. ←h is already in source order: column i is ←h_i, the \
                 state after reading words T_x … i.",
            ),
        ],
        solution: ("src/model/encoder.rs", "annotations"),
    },
    Exercise {
        id: 4,
        function: "broadcast_sum",
        title: "the broadcast sum W_a s_{t-1} + U_a h_i",
        file: "tests/exercises/ex04_broadcast_sum.rs",
        step: Some(8),
        chapter: "chapters/steps/08-tanh.md",
        formula: "pre[k, i] = (W_a s_{t-1})[k] + (U_a H)[k, i]",
        idea: "One query, many keys: the same projected decoder state is compared with every source position, so it is added to each of them.",
        hint: "The query (n') is added to every column of U_a H (n' × T_x): entry [k, i] gets query[k].",
        nonfinite: None,
        mistakes: &[
            m(
                "wrong_axis",
                "you added the query along the wrong axis: query[i] went to column i. The query is indexed by the \
                 row k (n' entries), and the same query is added to every column i.",
            ),
            m("tanh_applied", "you applied tanh already. This step returns the sum; tanh is the next function."),
        ],
        solution: ("src/model/attention.rs", "broadcast_tanh"),
    },
    Exercise {
        id: 5,
        function: "energies",
        title: "the energies e_t",
        file: "tests/exercises/ex05_energies.rs",
        step: Some(9),
        chapter: "chapters/steps/09-energies.md",
        formula: "e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i)",
        idea: "The energy scores how well source word i fits the next target word, judged from the decoder's state before it writes that word.",
        hint: "Take s_{t-1} = s.column(t - 1), project it with W_a, add it to every column of U_a H, apply tanh, \
               then multiply by v_aᵀ.",
        nonfinite: None,
        mistakes: &[
            m(
                "s_t_for_s_prev",
                "you used s_t (column t) where s_{t-1} belongs. The decoder chooses where to look before it writes \
                 word t, so the query is the previous state: s.column(t - 1).",
            ),
            m("no_tanh", "you left out the tanh: e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i)."),
            m(
                "no_v_a",
                "you summed tanh(…) over k instead of weighting it by v_a: e_{t,i} = Σ_k v_a[k] tanh(…)[k, i].",
            ),
        ],
        solution: ("src/exercises/catalog/reference.rs", "ex05_energies"),
    },
    Exercise {
        id: 6,
        function: "softmax",
        title: "a stable softmax",
        file: "tests/exercises/ex06_softmax.rs",
        step: Some(10),
        chapter: "chapters/steps/10-softmax.md",
        formula: "softmax(e)_i = exp(e_i − max e) / Σ_j exp(e_j − max e)",
        idea: "α is a distribution: positive, summing to 1, with the largest energy getting the largest weight; exp of a large energy overflows unless you shift first.",
        hint: "Subtract max e from every entry, take exp, divide by the sum.",
        nonfinite: Some(
            "exp of a large energy overflows to ∞, and ∞/∞ is NaN. Subtract max e before exp: softmax does not \
             change when every e_i moves by the same amount, and then every exp is at most 1.",
        ),
        mistakes: &[
            m(
                "no_max",
                "exp(e_i) overflowed at large energies (exp(710) is already ∞). Subtract max e before exp; the \
                 result is mathematically the same.",
            ),
            m("not_normalised", "your weights do not sum to 1: divide every exp by their sum."),
            m(
                "numerator_unshifted",
                "you subtracted max e in the sum but not in the numerator: your weights are exp(max e) times too \
                 large. Use exp(e_i − max e) above the line and below it.",
            ),
        ],
        solution: ("src/model/attention.rs", "softmax"),
    },
    Exercise {
        id: 7,
        function: "masked_softmax",
        title: "a masked softmax over a padded batch",
        file: "tests/exercises/ex07_masked_softmax.rs",
        step: Some(10),
        chapter: "chapters/steps/10-softmax.md",
        formula: "α[b, i] = exp(e[b, i] − max) / Σ_{j real} exp(e[b, j] − max) where mask[b, i] = 1, else 0",
        idea: "Padding is not part of the sentence: its weight must be exactly 0, and the softmax of each sentence must look only at its own real tokens.",
        hint: "For each row b: the max over its real tokens, exp(e − max) at real tokens, 0 at padding, divide by \
               the row's sum.",
        nonfinite: Some(
            "NaN or ∞ in α. Either exp overflowed (subtract each row's max first) or you built the fill as \
             (1 − m)·(−∞), which is 0·∞ = NaN at every real token: choose −∞ (or 0 after exp) only where m = 0, \
             with an if, not a product.",
        ),
        mistakes: &[
            m(
                "wrong_axis",
                "you normalised each column. A row is one sentence: softmax runs over the source positions i of \
                 each row b, so every row sums to 1.",
            ),
            m(
                "mask_multiplied",
                "you multiplied e by the mask, which sets padding energies to 0, not −∞: padding keeps weight \
                 exp(0 − max). Padding must get exactly 0.",
            ),
            m(
                "mask_wrong_sign",
                "the padding took the weight: your fill is large and positive. It must be very negative (−∞), so \
                 that exp gives 0.",
            ),
            m(
                "mask_inf_times_zero",
                "(1 − m)·(−∞) is 0·∞ = NaN at every real token. Put −∞ only where m = 0, with an if or a select.",
            ),
            m("no_max", "exp overflowed at large energies. Subtract each row's max (over real tokens) before exp."),
        ],
        solution: ("src/exercises/catalog/reference.rs", "ex07_masked_softmax"),
    },
    Exercise {
        id: 8,
        function: "context",
        title: "the context vector c_t",
        file: "tests/exercises/ex08_context.rs",
        step: Some(11),
        chapter: "chapters/steps/11-context.md",
        formula: "c_t = Σ_i α_{t,i} h_i = H α_t",
        idea: "c_t is an average of the annotations, each weighted by how much attention its word gets.",
        hint: "Weight column i of H by α_i and add the columns up: one vector of 2n entries, the product H α.",
        nonfinite: None,
        mistakes: &[
            m(
                "product_without_sum",
                "you returned the element-wise products α_i h_i, all T_x of them, without the sum over i. c_t is \
                 one vector of 2n: add the columns.",
            ),
            m("first_term_only", "you returned α_1 h_1 only. c_t sums α_i h_i over every source position i."),
            m(
                "sum_over_rows",
                "you summed over the wrong axis: one number per source position. Sum over i (the columns), so \
                 that c_t has H's 2n rows.",
            ),
            m("alpha_ignored", "you added the annotations without the weights: c_t = Σ_i α_i h_i."),
            m(
                "mean_of_annotations",
                "you averaged the annotations with equal weights, ignoring α. c_t weights each by its attention: \
                 c_t = Σ_i α_i h_i.",
            ),
            m(
                "last_term_only",
                "you returned α_T h_T only, the last term: each pass of the loop replaced c_t instead of adding to \
                 it (`c += …`, not `c = …`).",
            ),
            m(
                "argmax_only",
                "you returned the annotation of the most attended word only (hard attention). c_t is soft: every \
                 annotation contributes, weighted by its α_i.",
            ),
        ],
        solution: ("src/model/attention.rs", "context"),
    },
    Exercise {
        id: 9,
        function: "decoder_step",
        title: "the decoder step s_t",
        file: "tests/exercises/ex09_decoder_step.rs",
        step: Some(12),
        chapter: "chapters/steps/12-decoder-state.md",
        formula: "s_t = GRU_dec(E_y y_{t-1}, s_{t-1}, c_t): the GRU with + C_z c, + C_r c, + C c in its three gates",
        idea: "The decoder is a GRU that reads three things: the previous word, its previous state and the context c_t, which enters every gate.",
        hint: "It is the GRU of exercise 2 with one more term in each gate: C_z c_t in z, C_r c_t in r, C c_t in h~.",
        nonfinite: None,
        mistakes: &[
            m("pytorch_update_gate", PYTORCH_GATE),
            m(
                "reset_after_u",
                "you applied r after U: tanh(W y + r∘(U s_(t-1)) + C c), PyTorch's form. The paper resets first: \
                 tanh(W y + U (r∘s_(t-1)) + C c).",
            ),
            m("candidate_returned", CANDIDATE_RETURNED),
            m("context_left_out", "c_t never entered your GRU. Each gate gets a context term: C_z c, C_r c and C c."),
            m(
                "context_only_in_candidate",
                "c_t entered only the candidate h~. The gates see it too: z = σ(… + C_z c), r = σ(… + C_r c).",
            ),
        ],
        solution: ("src/model/gru.rs", "gru_step"),
    },
    Exercise {
        id: 10,
        function: "luong_dot",
        title: "Luong's dot score",
        file: "tests/exercises/ex10_luong_dot.rs",
        step: None,
        chapter: "chapters/score-functions.md",
        formula: "e_i = h_tᵀ h̄_i",
        idea: "The dot score asks how aligned the decoder state is with each source state, without any learned weights.",
        hint: "One dot product per column of h̄: h̄ᵀ h_t.",
        nonfinite: None,
        mistakes: &[
            m(
                "scaled",
                "you divided by √d: that is the Transformer's scaled dot product. Luong's dot score is h_tᵀ h̄_i.",
            ),
            m(
                "softmax_applied",
                "you returned weights that sum to 1. This function returns the scores e; softmax comes after.",
            ),
        ],
        solution: ("src/model/scores.rs", "dot"),
    },
    Exercise {
        id: 11,
        function: "luong_general",
        title: "Luong's general score",
        file: "tests/exercises/ex11_luong_general.rs",
        step: None,
        chapter: "chapters/score-functions.md",
        formula: "e_i = h_tᵀ W_a h̄_i",
        idea: "The general score is the dot score through a learned matrix: source states are mapped into the decoder's space first.",
        hint: "Project every source state with W_a, then take the dot product of h_t with each column: (W_a h̄)ᵀ h_t.",
        nonfinite: None,
        mistakes: &[
            m(
                "w_a_transposed",
                "you used W_aᵀ: h̄_iᵀ W_a h_t = h_tᵀ W_aᵀ h̄_i. W_a multiplies the source state: h_tᵀ (W_a h̄_i).",
            ),
            m(
                "softmax_applied",
                "you returned weights that sum to 1. This function returns the scores e; softmax comes after.",
            ),
        ],
        solution: ("src/model/scores.rs", "general"),
    },
    Exercise {
        id: 12,
        function: "entropy",
        title: "the entropy of α",
        file: "tests/exercises/ex12_entropy.rs",
        step: Some(10),
        chapter: "chapters/diagnostics.md",
        formula: "H(α) = −Σ_i α_i ln α_i  (nats; 0·ln 0 = 0)",
        idea: "Entropy measures how spread α is: 0 when all weight is on one word, ln T_x when it is uniform; a zero weight contributes nothing.",
        hint: "Sum α_i ln α_i over the entries with α_i > 0, then negate.",
        nonfinite: Some("0·ln 0 gave NaN (ln 0 = −∞, and 0·(−∞) is NaN). Skip the zero weights: their limit is 0."),
        mistakes: &[
            m("zero_log", "0·ln 0 gave NaN. Skip the entries with α_i = 0: x ln x → 0 as x → 0."),
            m("missing_minus", "your entropy is negative: H(α) = −Σ α_i ln α_i."),
            m("log2", "you measured in bits (log₂). The book uses nats: the natural logarithm ln."),
            m("ln_1p", "you took ln(1 + α_i) (ln_1p) where the formula has ln α_i: H(α) = −Σ α_i ln α_i."),
        ],
        solution: ("src/model/diagnostics.rs", "entropy"),
    },
    Exercise {
        id: 13,
        function: "coverage",
        title: "the coverage of each source word",
        file: "tests/exercises/ex13_coverage.rs",
        step: Some(14),
        chapter: "chapters/diagnostics.md",
        formula: "cov_i = Σ_t α_{t,i}  (column sums of A)",
        idea: "Coverage asks how much attention each source word received in total, over every target step.",
        hint: "Add up each column of A (T_y × T_x): one number per source word.",
        nonfinite: None,
        mistakes: &[
            m(
                "wrong_axis",
                "you summed each row of A, and every row is a softmax, so those sums are all 1. Coverage sums each \
                 column: the attention source word i received over all t.",
            ),
            m("mean", "you averaged over t. Coverage is the sum: 1 means the word was attended once in total."),
        ],
        solution: ("src/model/diagnostics.rs", "coverage"),
    },
    Exercise {
        id: 14,
        function: "softmax_backward",
        title: "the softmax backward pass",
        file: "tests/exercises/ex14_softmax_backward.rs",
        step: None,
        chapter: "chapters/training.md",
        formula: "∂L/∂e_i = α_i (g_i − Σ_j g_j α_j),  g = ∂L/∂α",
        idea: "A change in one energy moves every weight, because they must still sum to 1: the gradient is g minus its α-weighted mean, scaled by α.",
        hint: "Compute the scalar gᵀα once, subtract it from every g_i, multiply element-wise by α.",
        nonfinite: None,
        mistakes: &[
            m(
                "diagonal_only",
                "you kept only the diagonal of the Jacobian, α_i (1 − α_i) g_i. Every α_j depends on every e_i: \
                 ∂L/∂e_i = α_i (g_i − Σ_j g_j α_j).",
            ),
            m("passed_through", "you passed ∂L/∂α through unchanged. The softmax's Jacobian sits between them."),
            m("missing_alpha", "you forgot the factor α_i: ∂L/∂e_i = α_i (g_i − gᵀα)."),
        ],
        solution: ("src/exercises/catalog/reference.rs", "ex14_softmax_backward"),
    },
    list_beyond::CONTEXT_BACKWARD,
    list_beyond::ENCDEC_CONTEXTS,
    list_beyond::BREVITY_PENALTY,
    list_beyond::MASKED_CONTEXT,
    list_beyond::BEAM_STEP,
    list_beyond::ENERGIES_BACKWARD,
    list_beyond::CLIPPED_PRECISION,
];

/// The exercise numbered `id` (1-based, as `hint N` takes it).
pub fn exercise(id: u8) -> Option<&'static Exercise> {
    EXERCISES.iter().find(|e| e.id == id)
}

/// The exercise whose function is `name`.
pub fn by_function(name: &str) -> Option<&'static Exercise> {
    EXERCISES.iter().find(|e| e.function == name)
}

/// The hint of a mistake, by exercise and key.
pub fn mistake(ex: &Exercise, key: &str) -> Option<&'static Mistake> {
    EXERCISES.iter().find(|e| e.id == ex.id)?.mistakes.iter().find(|m| m.key == key)
}
