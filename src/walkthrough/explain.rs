//! What `explain` says about each step: a paragraph on what the tensor is,
//! why it is computed this way and what to look for in its numbers (the
//! one-line caption under each table says only the first).

/// The paragraph of step `id` (1 … 14); None for any other id.
pub fn paragraph(id: u8) -> Option<&'static str> {
    Some(match id {
        1 => {
            "Each source word is replaced by its column of the embedding matrix E_x (m × K_x): x_i is the column \
             at word i's id, a lookup and nothing more. X has one column per source token, <eos> included, so T_x \
             counts it. Training moves the columns so that words used alike end up alike; the paper uses \
             m = 620, this walkthrough m = 8 so that every table fits."
        }
        2 => {
            "The forward GRU reads X from left to right, starting from →h_0 = 0: →h_i = GRU(x_i, →h_{i-1}). \
             Its update gate z decides how much of the new candidate replaces the old state, its reset gate r \
             how much of the old state the candidate may use. Column i therefore summarises words 1 … i and \
             nothing after them."
        }
        3 => {
            "The backward GRU reads the same X from right to left, from ←h_{T_x+1} = 0, with weights of its \
             own. Column i summarises word i and every word after it. Together with step 02, every position \
             has now seen the whole sentence, from one side or the other."
        }
        4 => {
            "The annotation h_i = [→h_i; ←h_i] stacks the two states of word i into one column of 2n numbers: \
             a summary of the whole sentence with a focus on the words around i. H is what attention chooses \
             from at every t; it is computed once per sentence and does not change while the decoder writes."
        }
        5 => {
            "The decoder's first state is s_0 = tanh(W_s ←h_1): the backward state at the first word has read \
             the whole sentence, so it is a summary of it. The first previous word y_0 is <bos> in this \
             project. From here on the decoder writes one target word per t, and steps 06 to 13 repeat for \
             every t."
        }
        6 => {
            "The projected query: the decoder's previous state s_{t-1} is the query q_t, and W_a projects it \
             into the n'-dimensional space where scores are computed. It is one vector per t, the same for \
             every source word; step 08 adds it to every column of U_a H. It carries what has been written so \
             far into the question of where to look next."
        }
        7 => {
            "The projected keys: every annotation, the key k_i = h_i, projected by U_a into the same \
             n'-dimensional space. U_a H does not depend on t, so it is computed once per sentence and reused \
             at every target position, as the paper's appendix advises (the README's benchmark measures what \
             this saves)."
        }
        8 => {
            "Query and key are added column by column (the query is broadcast over the T_x columns) and passed \
             through tanh: for each source word a small hidden layer of n' units whose inputs are what the \
             decoder has written (s_{t-1}) and what the word is (h_i). tanh keeps every unit in (−1, 1) \
             however large its input. The price is saturation: where |W_a s_{t-1} + U_a h_i| is large, tanh is \
             ±1 and its derivative 1 − tanh² is nearly 0, so almost no gradient flows back through that unit \
             to W_a, U_a or the states. The line below counts how much of this table is saturated."
        }
        9 => {
            "v_a reads each column's hidden layer into one number: e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i), \
             the energy (score) of source word i for target position t. Energies are not normalised and only \
             their differences matter: adding one constant to all of them leaves the softmax of step 10 \
             unchanged."
        }
        10 => {
            "The softmax turns the energies into weights that are positive and sum to 1: α_{t,i} = \
             exp(e_{t,i}) / Σ_k exp(e_{t,k}), the sum over the source positions k, computed after \
             subtracting the largest energy so that exp never overflows. α_t is a distribution over source \
             positions: how much the decoder reads word i while writing target word t. An energy larger by 1 \
             gives a weight larger by a factor e ≈ 2.72."
        }
        11 => {
            "The context is the α-weighted average of the annotations: c_t = Σ_i α_{t,i} h_i = H α_t. The \
             weights are positive and sum to 1, so c_t lies inside the convex hull of the h_i; when α_t is \
             peaked, c_t is almost the annotation of one word. A new c_t is made for every t, where the \
             encoder–decoder without attention has one fixed vector for the whole sentence."
        }
        12 => {
            "The decoder GRU updates its state from the previous word y_{t-1} (its column of E_y), the \
             previous state s_{t-1} and the context c_t, which enters the candidate and both gates through \
             C, C_z and C_r. s_t now holds what has been written and what was just read."
        }
        13 => {
            "The deep output combines the state, the previous word and the context: t̃_t = U_o s_t + V_o E_y \
             y_{t-1} + C_o c_t has 2l numbers, maxout keeps the larger of each pair (l numbers), and W_o with \
             a softmax gives a probability to every target word. Training raises the probability of the \
             correct word; greedy decoding takes the most probable one and feeds it back as y_t."
        }
        14 => {
            "Stacking the rows α_1 … α_{T_y} gives the alignment matrix A. A row says where the decoder looked \
             while writing one target word; a column, summed, says how much one source word was read in all \
             (its coverage, see coverage). When a translation reorders words, the bright cells leave the \
             diagonal, as in the paper's Figure 3; diagnose compares the path of the peaks with the \
             reference alignment."
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walkthrough::STEP_INFO;

    #[test]
    fn every_step_has_a_paragraph_longer_than_its_caption() {
        for info in STEP_INFO {
            let p = paragraph(info.id).unwrap_or_else(|| panic!("step {} has no paragraph", info.id));
            assert!(p.len() > 2 * info.meaning.len().min(200), "step {}", info.id);
            assert!(!p.contains(info.meaning), "step {} repeats its caption", info.id);
        }
        assert_eq!(paragraph(15), None);
    }
}
