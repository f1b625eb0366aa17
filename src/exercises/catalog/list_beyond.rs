//! The catalogue entries of exercises 15–21: the backward pass, the RNNencdec
//! baseline, BLEU's brevity penalty, a padded batch, one beam step, the
//! energies' backward pass and BLEU's clipped precision.

use crate::exercises::checker::exercise::{Exercise, Mistake};

const fn m(key: &'static str, hint: &'static str) -> Mistake {
    Mistake { key, hint }
}

const REFERENCE: &str = "src/exercises/catalog/reference_beyond.rs";

pub const CONTEXT_BACKWARD: Exercise = Exercise {
    id: 15,
    function: "context_backward",
    title: "the backward pass of c_t = H α_t",
    file: "tests/exercises/ex15_context_backward.rs",
    step: None,
    chapter: "chapters/training.md",
    formula: "∂L/∂α_i = h_iᵀ ∂L/∂c,  so ∂α = Hᵀ ∂c",
    idea: "c is a weighted sum of the annotations, linear in α: nudging α_i moves c along h_i, so the gradient \
           of α_i is how much h_i points along ∂L/∂c.",
    hint: "One dot product per column of H: ∂α_i = h_i · ∂c, which is H.tr_mul(grad_c). α is not needed.",
    nonfinite: None,
    mistakes: &[
        m(
            "alpha_weighted",
            "you multiplied by α_i: α_i h_iᵀ ∂c. That factor belongs to ∂h_i = α_i ∂c; c is linear in α, so \
             ∂α_i = h_iᵀ ∂c with no α in it.",
        ),
        m(
            "grad_h_summed",
            "you computed ∂H = ∂c αᵀ (the gradient of the annotations) and summed it. The exercise asks for the \
             gradient of α: ∂α_i = h_iᵀ ∂c.",
        ),
        m("grad_c_summed", "every ∂α_i is the sum of ∂c: h_i is missing. ∂α_i = Σ_k H[k, i] ∂c[k]."),
        m("h_summed", "you summed each column of H: ∂c is missing. ∂α_i = Σ_k H[k, i] ∂c[k]."),
        m(
            "forward_half",
            "you used only the top n rows (→h_i). h_i has 2n entries, forward and backward: the dot product runs \
             over all of them.",
        ),
        m("negated", "your sign is flipped: the gradient is +Hᵀ ∂c. The minus belongs to the update, θ ← θ − η ∂L/∂θ."),
        m("softmax_applied", "you applied a softmax: ∂α is a gradient, not a distribution. Return Hᵀ ∂c as it is."),
        m(
            "through_softmax",
            "you went on through the softmax and returned ∂e, α ∘ (∂α − αᵀ∂α). This exercise stops at α: return \
             ∂α = Hᵀ ∂c; exercise 14 takes it on to the energies.",
        ),
        m(
            "factors_added",
            "you added h_i and ∂c entry by entry, then summed. The chain rule multiplies: ∂α_i = Σ_k H[k, i] · ∂c[k].",
        ),
        m(
            "backward_half",
            "you used only the bottom n rows (←h_i). h_i has 2n entries, forward and backward: the dot product runs \
             over all of them.",
        ),
        m(
            "softmax_diagonal",
            "you multiplied by α_i (1 − α_i), the softmax's slope. c = H α is linear in α: no derivative of α enters, \
             ∂α_i = h_iᵀ ∂c.",
        ),
        m(
            "forward_pass",
            "you returned H α, the context c itself (2n entries). The backward pass returns one gradient per source \
             position: ∂α = Hᵀ ∂c, T_x entries.",
        ),
    ],
    solution: (REFERENCE, "ex15_context_backward"),
};

pub const ENCDEC_CONTEXTS: Exercise = Exercise {
    id: 16,
    function: "encdec_contexts",
    title: "RNNencdec's fixed context c at every step",
    file: "tests/exercises/ex16_encdec_contexts.rs",
    step: None,
    chapter: "chapters/bottleneck-experiment.md",
    formula: "c = tanh(V h_{T_x}),  column t of C is c for every t = 1 … T_y",
    idea: "RNNencdec squeezes the whole sentence into one vector, read from the last encoder state, and the \
           decoder reads that same vector at every step: there is no c_t.",
    hint: "Take the last column of h, multiply by V, apply tanh; then repeat that vector as every one of the \
           T_y columns.",
    nonfinite: None,
    mistakes: &[
        m(
            "first_state",
            "you used h_1, the state after the first word. The summary comes from h_{T_x}, the last column: the \
             only state that has read the whole sentence.",
        ),
        m("no_tanh", "you left out the tanh: c = tanh(V h_{T_x})."),
        m(
            "mean_of_states",
            "you averaged the encoder states. RNNencdec keeps only the last one: c = tanh(V h_{T_x}). (An average \
             with learned weights is what attention adds.)",
        ),
        m("v_transposed", "you multiplied by Vᵀ. The summary is V h_{T_x}: row k of V gives entry k of c."),
        m("tanh_before_v", "you applied tanh before V: V tanh(h_{T_x}). The order is tanh(V h_{T_x})."),
        m(
            "first_step_only",
            "only step 1 got the context. In RNNencdec, as the paper uses it, every decoder step reads c: all T_y \
             columns are c.",
        ),
        m(
            "moving_state",
            "your column t comes from h_t: a context that moves with t. RNNencdec has one fixed c for every step; \
             a context that moves is what RNNsearch's c_t gives.",
        ),
        m(
            "state_before_last",
            "you used h_{T_x − 1}, the state before the last. The summary reads h_{T_x}, the last column, h.ncols() − 1: \
             the only state that has read the whole sentence.",
        ),
        m("sigmoid", "you squashed with σ. The summary uses tanh: c = tanh(V h_{T_x}), entries between −1 and 1."),
        m("sum_of_states", "you summed the encoder states. RNNencdec keeps only the last one: c = tanh(V h_{T_x})."),
        m(
            "max_of_states",
            "you took the largest entry over the states. RNNencdec keeps only the last state: c = tanh(V h_{T_x}).",
        ),
        m(
            "tanh_of_v",
            "you applied tanh to V's entries, then multiplied. The tanh comes after the product: first V h_{T_x}, then \
             tanh of that vector.",
        ),
        m(
            "extra_step",
            "you returned T_y + 1 columns. The decoder reads c at t = 1 … T_y: one column per step, T_y in all (s_0 \
             needs no column).",
        ),
    ],
    solution: (REFERENCE, "ex16_encdec_contexts"),
};

pub const BREVITY_PENALTY: Exercise = Exercise {
    id: 17,
    function: "brevity_penalty",
    title: "BLEU's brevity penalty, over the corpus",
    file: "tests/exercises/ex17_brevity_penalty.rs",
    step: None,
    chapter: "chapters/bottleneck-experiment.md",
    formula: "c = Σ hypothesis lengths, r = Σ reference lengths;  BP = 1 if c > r, else exp(1 − r/c)",
    idea: "Precision alone rewards saying little; the penalty charges a corpus of translations that is shorter, \
           in total, than its references. Longer ones are not penalised (their precision already suffers).",
    hint: "Sum each slice first (c and r are corpus totals), then one if: c > r gives 1.0, otherwise \
           (1.0 - r / c).exp().",
    nonfinite: None,
    mistakes: &[
        m(
            "sentence_average",
            "you averaged one penalty per sentence. Corpus BLEU sums the lengths first: c = Σ hypothesis lengths, \
             r = Σ reference lengths, then one BP.",
        ),
        m(
            "sentence_product",
            "you multiplied one penalty per sentence. Corpus BLEU sums the lengths first and computes one BP.",
        ),
        m(
            "ratio_inverted",
            "you wrote exp(1 − c/r). The penalty is exp(1 − r/c): reference length over hypothesis length.",
        ),
        m("no_exp", "you returned c/r. The penalty is exp(1 − r/c), which falls faster as the hypotheses get shorter."),
        m("missing_one", "you wrote exp(−r/c); the formula is exp(1 − r/c), which is 1 when c = r."),
        m(
            "penalises_longer",
            "your penalty is above 1 for longer hypotheses. BP = 1 when c > r: only a corpus that is too short is \
             penalised.",
        ),
        m(
            "longest_sentence",
            "you used the lengths of one sentence, the longest. c and r are totals over every sentence: \
             c = Σ hyp_lens, r = Σ ref_lens.",
        ),
        m(
            "shortest_sentence",
            "you used the lengths of one sentence, the shortest. c and r are totals over every sentence: \
             c = Σ hyp_lens, r = Σ ref_lens.",
        ),
        m(
            "integer_division",
            "r / c was an integer division: 18 / 13 is 1 among usize. Convert to f64 before dividing: \
             r as f64 / c as f64.",
        ),
        m(
            "exponent_sign",
            "your exponent's sign is flipped: exp(r/c − 1) is above 1. The penalty is exp(1 − r/c), at most 1.",
        ),
        m(
            "one_more_per_sentence",
            "every sentence counts one word more than it has (an <eos>, or a len + 1). The lengths are the word counts \
             you are given: sum them as they are.",
        ),
        m(
            "last_left_out",
            "your totals leave out the last sentence. c and r sum every sentence: check the range of your loop or slice.",
        ),
        m(
            "condition_inverted",
            "your condition is the wrong way round. BP = 1 when the hypotheses are longer, c > r; the penalty \
             exp(1 − r/c) applies when they are shorter.",
        ),
        m(
            "ratio_averaged",
            "you averaged the ratios r_s / c_s of the sentences. Corpus BLEU divides the totals once: r / c with \
             c = Σ hyp_lens, r = Σ ref_lens.",
        ),
    ],
    solution: (REFERENCE, "ex17_brevity_penalty"),
};

pub const MASKED_CONTEXT: Exercise = Exercise {
    id: 18,
    function: "masked_context",
    title: "the context of a padded batch",
    file: "tests/exercises/ex18_masked_context.rs",
    step: Some(11),
    chapter: "chapters/steps/10-softmax.md",
    formula: "α_b = softmax over real i of e[b, i],  c_b = Σ_{i real} α_{b,i} h_{b,i}  (column b of C)",
    idea: "Padding is not part of the sentence: it must contribute exactly nothing to c_b, neither weight in \
           the softmax nor its columns of H, whatever numbers they hold.",
    hint: "For each sentence b: keep the positions with mask[(b, i)] = 1, softmax e over those only, and sum \
           only those columns of h[b]; h[b].select_columns(&real) helps. Never multiply a padding column, even by 0.",
    nonfinite: Some(
        "NaN or ∞ in c. The padding columns of H hold NaN or ∞ in the last case: 0 · NaN is NaN, so multiplying \
         them by a zero weight is not enough. Leave padding columns out of the sum.",
    ),
    mistakes: &[
        m(
            "not_masked",
            "your softmax ran over every position, padding included, so padding took weight. Each row's softmax \
             runs over its real tokens only.",
        ),
        m(
            "not_renormalised",
            "you zeroed the padding weights after a softmax over every position, so the real weights no longer sum \
             to 1. Take the softmax over the real tokens only.",
        ),
        m(
            "zero_times_padding",
            "you multiplied the padding columns by a zero weight. They hold NaN or ∞ here, and 0 · NaN = NaN: leave \
             padding columns out of the sum instead.",
        ),
        m("first_row_mask", "every sentence used the first sentence's mask. Row b of the mask belongs to sentence b."),
        m(
            "uniform",
            "you weighted the real tokens equally: the energies e are missing. α_b = softmax of e over real i.",
        ),
        m("inverted", "you attended to the padding and skipped the real tokens: mask = 1 marks a real token."),
        m(
            "max_over_padding",
            "you took the maximum over the padding too. When a padding energy is the largest, every real exp(e − max) \
             underflows to 0 and the weights are 0/0. Take the max over the real tokens only.",
        ),
        m(
            "no_max",
            "you took exp(e) without subtracting the maximum. With energies near 800, exp overflows to ∞ and the \
             weights are ∞/∞. Subtract the largest real energy first.",
        ),
        m(
            "weights_not_normalised",
            "your weights exp(e − max) are not divided by their sum, so they do not add to 1. α_b = exp(e − max) / \
             Σ_{real j} exp(e_j − max).",
        ),
        m(
            "last_token_dropped",
            "each sentence lost its last real token. The real positions are every i with mask[(b, i)] = 1: check \
             your loop's last index.",
        ),
        m(
            "mask_multiplied",
            "you multiplied the energies by the mask: a padding energy of 0 still takes weight exp(0 − max). Leave \
             padding out of the softmax and of the sum.",
        ),
        m(
            "softmax_over_batch",
            "your softmax ran down the batch, over the sentences at one position. Each sentence's weights are a \
             softmax along its own row of e, over its real positions.",
        ),
        m("first_row_energies", "every sentence used the first sentence's energies. Row b of e belongs to sentence b."),
    ],
    solution: (REFERENCE, "ex18_masked_context"),
};

pub const BEAM_STEP: Exercise = Exercise {
    id: 19,
    function: "beam_step",
    title: "one beam step: the K survivors",
    file: "tests/exercises/ex19_beam_step.rs",
    step: None,
    chapter: "chapters/beam-search.md",
    formula: "score(h, w) = ln p(prefix_h) + ln p(w | prefix_h);  keep the room best over all h × w, \
              then set those ending in <eos> apart",
    idea: "Each survivor is a whole prefix plus one word, so its score is the prefix's ln p plus the word's, and \
           the best room of them are taken over every hypothesis and every word together: one hypothesis may \
           supply all of them. A survivor ending in <eos> still takes its place, then leaves the beam as finished.",
    hint: "Collect (h, w, log_p[h] + next_log_p[(w, h)]) for every h, then every w; sort by score, largest first, \
           with a stable sort (sort_by with b.2.total_cmp(&a.2)) so ties keep that order; keep the first room; \
           partition on w != eos into (live, finished).",
    nonfinite: None,
    mistakes: &[
        m(
            "no_prefix",
            "you scored each candidate by ln p(w) alone. A survivor is the prefix plus w: its score is \
             ln p(prefix_h) + ln p(w | prefix_h), log_p[h] + next_log_p[(w, h)].",
        ),
        m(
            "per_hypothesis",
            "you kept the room best words of every hypothesis: live × room survivors. The room best are chosen \
             over all hypotheses × words together, so the beam never grows past room.",
        ),
        m(
            "eos_kept_live",
            "a survivor ending in <eos> stayed in the live beam. It is finished: set it apart (the second list), \
             where it keeps its place among the room but is not expanded again.",
        ),
        m(
            "eos_not_counted",
            "you set <eos> survivors apart but filled the live beam with room others. A finished survivor takes \
             one of the room places: keep the room best, then split them into live and finished.",
        ),
        m(
            "logs_multiplied",
            "you multiplied ln p(prefix) by ln p(w). Probabilities multiply, so their logarithms add: \
             ln(p · q) = ln p + ln q.",
        ),
        m(
            "probabilities",
            "you returned probabilities, p(prefix) · p(w), not their logarithm. The beam keeps ln p: over 40 words \
             a product of probabilities underflows where the sum of logs does not.",
        ),
        m(
            "ties_reversed",
            "your ties are in the wrong order. Equal scores go to the lower hypothesis index, then the lower word \
             id (what greedy's argmax does): a stable sort of the (h, w) order, largest score first.",
        ),
        m("one_more", "you kept room + 1 survivors: room of them survive, live and finished together."),
        m("one_fewer", "you kept room − 1 survivors: room of them survive, live and finished together."),
        m(
            "eos_left_out",
            "<eos> was never a candidate, so no survivor finishes. A word <eos> competes like any other; the \
             survivors that end in it go to the finished list.",
        ),
        m(
            "live_finished_swapped",
            "your two lists are swapped: the first holds the survivors ending in <eos>. Return (live, finished): \
             word != eos is live.",
        ),
        m(
            "best_word_only",
            "you kept only each hypothesis's best word. Every (h, w) pair is a candidate: one hypothesis may supply \
             several survivors, and another none.",
        ),
        m(
            "truncated_first",
            "you cut the list to room before sorting it, so you kept the first candidates, not the best. Sort all \
             of them, best first, then keep room.",
        ),
        m(
            "ranked_by_word",
            "you ranked the candidates by the word's ln p alone. Rank by the whole score, ln p(prefix_h) + \
             ln p(w | prefix_h): a strong prefix can outweigh a better word.",
        ),
        m(
            "room_ignored",
            "you kept every candidate. Only the room best survive, live and finished together: truncate to room \
             after sorting.",
        ),
        m(
            "finished_dropped",
            "the survivors ending in <eos> vanished. They are finished, not lost: return them as the second list.",
        ),
        m(
            "finished_word_score",
            "your finished survivors carry the word's ln p alone. A finished hypothesis keeps its whole score, \
             ln p(prefix_h) + ln p(<eos> | prefix_h).",
        ),
    ],
    solution: (REFERENCE, "ex19_beam_step"),
};

pub const ENERGIES_BACKWARD: Exercise = Exercise {
    id: 20,
    function: "energies_backward",
    title: "the backward pass from ∂e to ∂v_a and ∂Z",
    file: "tests/exercises/ex20_energies_backward.rs",
    step: None,
    chapter: "chapters/training.md",
    formula: "e_i = v_aᵀ u_i, u_i = tanh(z_i):  ∂v_a = u ∂e,  ∂Z = (v_a ∂eᵀ) ∘ (1 − u²)",
    idea: "Each energy is a dot product of v_a with one column of the tanh layer, so v_a collects every column \
           weighted by its energy's gradient, and each column receives v_a scaled by its own ∂e_i; then the \
           tanh's slope, 1 − u², carries that back to the pre-activation.",
    hint: "∂v_a is u * grad_e ((n', T_x)·(T_x)); ∂u is v_a * grad_e.transpose() ((n', T_x)); then multiply \
           entry by entry by 1 − u², with zip_map(u, |g, u| g * (1.0 - u * u)). u holds tanh's output already.",
    nonfinite: None,
    mistakes: &[
        m(
            "no_tanh_derivative",
            "you stopped at ∂u = v_a ∂eᵀ. The exercise asks for the pre-activation's gradient: multiply by tanh's \
             derivative, 1 − u², entry by entry.",
        ),
        m("a_not_squared", "you multiplied by 1 − u. tanh′(z) = 1 − tanh²(z) = 1 − u²: the output is squared."),
        m(
            "tanh_again",
            "you multiplied by 1 − tanh²(u), as if u were the pre-activation. u is tanh's output already: the \
             derivative is 1 − u², with no second tanh.",
        ),
        m(
            "no_v_a",
            "v_a is missing from ∂Z. e_i = v_aᵀ u_i, so the gradient reaching u_i is v_a ∂e_i: column i of ∂u is \
             v_a times ∂e_i.",
        ),
        m(
            "grad_e_left_out",
            "your ∂v_a sums the columns of u without ∂e. Each column counts as much as its energy's gradient: \
             ∂v_a = Σ_i ∂e_i u_i = u ∂e.",
        ),
        m(
            "v_a_through_tanh",
            "you took ∂v_a through the tanh's slope, (1 − u²) ∂e. v_a multiplies the tanh's output, after the tanh: \
             ∂v_a = u ∂e, with no derivative in it.",
        ),
        m(
            "negated",
            "your signs are flipped: the gradients are +u ∂e and +(v_a ∂eᵀ) ∘ (1 − u²). The minus belongs to \
             the update, θ ← θ − η ∂L/∂θ.",
        ),
        m(
            "transposed",
            "your ∂Z is (T_x, n'), one row per source position. It has the shape of Z and of u: (n', T_x), \
             column i for source position i.",
        ),
        m("sigmoid_slope", "you multiplied by a (1 − a), the slope of σ. The tanh's slope is 1 − a², entry by entry."),
        m("slope_squared", "you multiplied by (1 − a)². The tanh's slope is 1 − a²: a is squared, not 1 − a."),
        m("slope_divided", "you divided by tanh's slope. The chain rule multiplies: ∂Z = ∂A ∘ (1 − A²)."),
        m(
            "grad_e_summed",
            "every column of your ∂Z uses the sum of ∂e. Column i gets its own ∂e_i: ∂A = v_a ∂eᵀ, column i is \
             v_a ∂e_i.",
        ),
        m("dv_mean", "your ∂v_a is divided by T_x. The gradient sums over the positions: ∂v_a = Σ_i ∂e_i a_i = A ∂e."),
    ],
    solution: (REFERENCE, "ex20_energies_backward"),
};

pub const CLIPPED_PRECISION: Exercise = Exercise {
    id: 21,
    function: "clipped_precision",
    title: "BLEU's clipped n-gram precision, over the corpus",
    file: "tests/exercises/ex21_clipped_precision.rs",
    step: None,
    chapter: "chapters/bottleneck-experiment.md",
    formula: "p_n = Σ_s Σ_g min(count_hyp_s(g), count_ref_s(g)) / Σ_s (|hyp_s| − n + 1)",
    idea: "A hypothesis n-gram counts as matched at most as often as its own sentence's reference has it, so \
           repeating a right word earns nothing; and the corpus adds up matches and hypothesis n-grams over every \
           sentence before the one division.",
    hint: "For each pair: split on whitespace, count the n-grams of each side (words.windows(n) into a HashMap), \
           add min(hyp count, ref count) for every hypothesis n-gram to matched, and len − n + 1 (0 when \
           len < n) to total; return matched as f64 / total as f64 after the loop.",
    nonfinite: None,
    mistakes: &[
        m(
            "no_clipping",
            "you counted every hypothesis n-gram the reference contains, however often it repeats. Clip: an n-gram \
             matches at most as often as the reference has it, min(count_hyp, count_ref).",
        ),
        m(
            "corpus_clipping",
            "you clipped against the whole corpus's references. Each hypothesis is clipped against its own \
             sentence's reference; only the clipped counts are then summed over the corpus.",
        ),
        m(
            "reference_denominator",
            "you divided by the references' n-grams. Precision is over what the hypotheses said: the denominator \
             is the number of hypothesis n-grams (recall would divide by the reference's).",
        ),
        m(
            "sentence_average",
            "you averaged one precision per sentence. Corpus BLEU sums the clipped matches and the n-gram counts \
             over every sentence first, then divides once.",
        ),
        m(
            "window_short",
            "each sentence lost its last n-gram: a sentence of T words has T − n + 1 n-grams, windows starting at \
             0 ..= T − n (words.windows(n) gives them all).",
        ),
        m(
            "unique_ngrams",
            "you counted each distinct n-gram once. A repeated n-gram counts every time it occurs, in the total \
             and, up to the reference's count, in the matches.",
        ),
        m(
            "reference_counts",
            "you added the reference's count for each n-gram the hypothesis has, so a precision above 1 is possible. \
             Clip: min(count in the hypothesis, count in the reference).",
        ),
        m(
            "split_on_space",
            "you split on ' ': two spaces in a row, or one at either end, make empty words. Split with \
             split_whitespace(), which skips any run of spaces.",
        ),
        m(
            "letters_for_words",
            "your n-grams are windows of letters. BLEU's are windows of words: split each sentence into words first, \
             s.split_whitespace().",
        ),
        m(
            "words_for_ngrams",
            "your denominator counts words. It counts the hypothesis n-grams: a sentence of T words has T − n + 1 of \
             them (0 when T < n).",
        ),
        m(
            "integer_division",
            "matched / total was an integer division, so the answer is 0 or 1. Convert both to f64 before dividing.",
        ),
        m(
            "corpus_joined",
            "you joined the corpus into one word list, so n-grams run across sentences and every hypothesis is \
             clipped against every reference. Count each sentence pair on its own, then sum.",
        ),
        m(
            "ngram_count_short",
            "your denominator counts T − n n-grams per sentence. A sentence of T words has T − n + 1 of them: the \
             windows start at 0 ..= T − n.",
        ),
    ],
    solution: (REFERENCE, "ex21_clipped_precision"),
};
