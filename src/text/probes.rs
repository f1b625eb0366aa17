//! What the checker says when an input designed to isolate one term shows
//! the learner's function wrong there (`exercises::diagnosis::probes`,
//! `gates` and `masks`): a weight set to 0, a one-hot α, a gate forced shut
//! or open, a padding energy far above the real ones. `{$want}` and
//! `{$yours}` are the right answer and the learner's on that input (up to
//! four entries, or `readings::A_PANIC`); `{$there}` is what their two
//! answers have in common (`readings::THERE`), or nothing.

use super::texts;

texts! {
    // Exercise 1, the embedding.
    EMBED_POSITIONS {
        en: "column i of your X is E[:, i], the column of the position. It must be E[:, ids[i]]: the column \
             numbered by the token's id.",
        zh: "你的 X 的第 i 列是 E[:, i]，也就是按位置取的那一列。它应当是 E[:, ids[i]]：按这个词的 id 编号的那一列。",
    };
    EMBED_ONE_ID {
        en: "every column of your X is E[:, ids[0]]: the first token's id is used for every position. Column i \
             takes ids[i].",
        zh: "你的 X 每一列都是 E[:, ids[0]]：每个位置用的都是第一个词的 id。第 i 列应当取 ids[i]。",
    };
    EMBED_MISINDEXED {
        en: "every entry of your X is an entry of E, but taken from the wrong place. X[(r, i)] must be \
             E[(r, ids[i])]: the row r unchanged, the column numbered by token i's id (m[(row, col)] puts the row \
             first).",
        zh: "你的 X 的每个元素都取自 E，但取错了位置。X[(r, i)] 应当是 E[(r, ids[i])]：行 r 不变，\
             列号是第 i 个词的 id（m[(row, col)] 里行在前）。",
    };
    // Exercise 3, the annotations.
    HALF_SHIFTED_UPPER {
        en: "the upper half of your column i is {$name}_(i{$sign}1), not {$name}_i: that direction is shifted by one \
             position. Both inputs are already in source order, column i of each is the state at word i, so no \
             index needs ±1.",
        zh: "你的第 i 列的上半部分是 {$name}_(i{$sign}1)，而不是 {$name}_i：这个方向错开了一个位置。\
             两个输入都已经按源语言的词序排好，各自的第 i 列就是第 i 个词处的状态，所以哪个下标都不需要 ±1。",
    };
    HALF_SHIFTED_LOWER {
        en: "the lower half of your column i is {$name}_(i{$sign}1), not {$name}_i: that direction is shifted by one \
             position. Both inputs are already in source order, column i of each is the state at word i, so no \
             index needs ±1.",
        zh: "你的第 i 列的下半部分是 {$name}_(i{$sign}1)，而不是 {$name}_i：这个方向错开了一个位置。\
             两个输入都已经按源语言的词序排好，各自的第 i 列就是第 i 个词处的状态，所以哪个下标都不需要 ±1。",
    };
    ANNOTATIONS_ADDED {
        en: "you added →h and ←h. The annotation stacks them, h_i = [→h_i; ←h_i]: 2n rows, forward on top.",
        zh: "你把 →h 和 ←h 加了起来。编码器隐状态是把两者上下叠起来：h_i = [→h_i; ←h_i]，共 2n 行，前向在上。",
    };
    // Exercise 4, the broadcast sum.
    QUERY_COLLAPSED {
        en: "with U_a H = 0 every entry of yours is the same number, {$v}: the query became one number. It is a \
             vector of n' entries, and entry k goes to row k of every column: pre[k, i] = query[k] + (U_a H)[k, i].",
        zh: "U_a H = 0 时，你的每个元素都是同一个数 {$v}：查询变成了一个数。查询是有 n' 个元素的向量，\
             第 k 个元素要加到每一列的第 k 行：pre[k, i] = query[k] + (U_a H)[k, i]。",
    };
    QUERY_COLLAPSED_SUM {
        en: "with U_a H = 0 every entry of yours is the same number, {$v} (the sum of the query's entries): the \
             query became one number. It is a vector of n' entries, and entry k goes to row k of every column: \
             pre[k, i] = query[k] + (U_a H)[k, i].",
        zh: "U_a H = 0 时，你的每个元素都是同一个数 {$v}（正是查询各元素之和）：查询变成了一个数。\
             查询是有 n' 个元素的向量，第 k 个元素要加到每一列的第 k 行：pre[k, i] = query[k] + (U_a H)[k, i]。",
    };
    QUERY_BY_POSITION {
        en: "with U_a H = 0 your column i is query[i] in every row: the query went along the wrong axis. It is \
             indexed by the row k (n' entries), and the whole query is added to every column i.",
        zh: "U_a H = 0 时，你的第 i 列每一行都是 query[i]：查询沿错了轴。它按行 k 编号（n' 个元素），\
             整个查询要加到每一列 i 上。",
    };
    QUERY_SOME_COLUMN {
        en: "with U_a H = 0 only column {$cols} of yours holds the query, the others are 0: the query must be \
             added to every column i = 0 … T_x − 1 (check the loop's range).",
        zh: "U_a H = 0 时，你的答案只有第 {$cols} 列是查询，其余都是 0：查询要加到每一列 i = 0 … T_x − 1 上\
             （检查循环的范围）。",
    };
    QUERY_SOME_COLUMNS {
        en: "with U_a H = 0 only columns {$cols} of yours hold the query, the others are 0: the query must be \
             added to every column i = 0 … T_x − 1 (check the loop's range).",
        zh: "U_a H = 0 时，你的答案只有第 {$cols} 列是查询，其余都是 0：查询要加到每一列 i = 0 … T_x − 1 上\
             （检查循环的范围）。",
    };
    /// `{$tail}` is `ALL_ZEROS` or nothing.
    ZERO_QUERY {
        en: "with W_a s_(t-1) = 0 the sum must be U_a H itself: it must be {$want}; yours is {$yours}.{$tail}",
        zh: "W_a s_(t-1) = 0 时，和应当就是 U_a H 本身：应当是 {$want}，你的却是 {$yours}。{$tail}",
    };
    ZERO_KEYS {
        en: "with U_a H = 0 the sum must be the query in every column: it must be {$want}; yours is {$yours}.{$tail}",
        zh: "U_a H = 0 时，和的每一列都应当就是查询：应当是 {$want}，你的却是 {$yours}。{$tail}",
    };
    ALL_ZEROS {
        en: " Yours is all zeros: did you multiply where the formula adds?",
        zh: "你的结果全是 0：是不是在公式相加的地方做了乘法？",
    };
    // Exercise 5, the energies.
    OTHER_INDEX {
        en: "your energies are the right ones for s_{$u} = s.column({$u}), at t = {$t}. The query is s_(t-1) = \
             s.column({$prev}).",
        zh: "在 t = {$t} 时，你的能量是用 s_{$u} = s.column({$u}) 算出的能量。查询应当是 s_(t-1) = \
             s.column({$prev})。",
    };
    ZERO_WEIGHTS {
        en: "with W_a = 0 and U_a = 0 every tanh(W_a s_(t-1) + U_a h_i) is tanh(0) = 0, so every energy must be \
             {$want}; yours is {$yours}. Check the non-linearity (tanh, whose value at 0 is 0, not σ) and any term \
             added outside it.",
        zh: "W_a = 0 且 U_a = 0 时，每个 tanh(W_a s_(t-1) + U_a h_i) 都是 tanh(0) = 0，所以能量应当是 {$want}，\
             你的却是 {$yours}。检查非线性函数（应当是在 0 处取值为 0 的 tanh，而不是 σ），以及加在它外面的项。",
    };
    LINEAR_IN_V_A {
        en: "e_i = v_aᵀ tanh(…) is linear in v_a: doubling v_a must double every energy, and yours did not. Apply \
             tanh before multiplying by v_aᵀ, and nothing after.",
        zh: "e_i = v_aᵀ tanh(…) 对 v_a 是线性的：v_a 加倍，每个能量都应当加倍，你的却没有。先取 tanh，\
             再乘以 v_aᵀ，之后不要再做任何运算。",
    };
    // Exercise 6, the softmax.
    SOFTMAX_SHIFT {
        en: "softmax(e + 3) = softmax(e): adding the same number to every energy must not change the weights, and \
             yours changed. The weights are exp(e_i − max e) divided by their sum: exp, not a power or a ratio of \
             energies.",
        zh: "softmax(e + 3) = softmax(e)：给每个能量加上同一个数，权重不应改变，你的却变了。\
             权重是 exp(e_i − max e) 除以它们的和：要用 exp，而不是幂或能量之比。",
    };
    SOFTMAX_UNDERFLOW {
        en: "with every energy very negative (−800, −801, …) your weights are NaN: exp underflowed to 0 and 0/0 is \
             NaN. Subtract max e, the largest energy itself (here −800, not the largest |e| that amax gives), so \
             that the largest exp is exactly 1.",
        zh: "每个能量都是很大的负数时（−800, −801, …），你的权重是 NaN：exp 下溢成了 0，而 0/0 是 NaN。\
             要减去 max e，也就是最大的那个能量本身（这里是 −800，而不是 amax 给出的最大 |e|），\
             这样最大的 exp 恰好是 1。",
    };
    // Exercise 7, the masked softmax.
    MASK_INVERTED {
        en: "your weights sit on the padding and the real tokens get 0: the mask is inverted. mask[(b, i)] = 1 \
             marks a real token, 0 marks padding.",
        zh: "你的权重落在了填充上，真实词却得到 0：掩码反了。mask[(b, i)] = 1 标记真实词，0 标记填充。",
    };
    MASKED_AFTER_SOFTMAX {
        en: "you took the softmax over every position, padding included, then zeroed the padding without \
             renormalising: your rows sum to {$sums}, not 1. Mask before the softmax (−∞ or −1e9 at padding), so the \
             sum runs over real tokens only.",
        zh: "你在所有位置上（包括填充）做了 softmax，再把填充置为 0，却没有重新归一化：你的各行之和是 {$sums}，\
             而不是 1。要在 softmax 之前加掩码（填充处放 −∞ 或 −1e9），这样求和只覆盖真实词。",
    };
    PADDING_NOT_ZERO {
        en: "your real tokens are right, but the padding positions are not 0. Padding must get weight exactly 0.",
        zh: "你的真实词都对，但填充位置不是 0。填充的权重必须恰好为 0。",
    };
    MAX_OVER_PADDING {
        en: "in row {$b} a padding position has energy {$pad}, far above the real ones (at most {$real}), and your \
             real tokens got {$got}: exp(e − max) underflowed to 0 because the max included padding. Take the max \
             and the sum over the real tokens only (or set padding to −∞ before the max).",
        zh: "第 {$b} 行有一个填充位置的能量是 {$pad}，远高于真实词（最多 {$real}），而你的真实词得到的是 {$got}：\
             最大值把填充也算了进去，exp(e − max) 于是下溢成 0。最大值和求和都只在真实词上取\
             （或者在取最大值之前把填充设为 −∞）。",
    };
    PADDING_LEAKS {
        en: "raising only the energies at padding positions (by 5) changed your weights: padding leaks into the \
             max, the exp or the sum. Every one of them must run over the real tokens only.",
        zh: "只把填充位置的能量调高（加 5），你的权重就变了：填充漏进了最大值、exp 或求和。\
             这三者都只能在真实词上进行。",
    };
    NORMALISED_COLUMNS {
        en: "each column of yours sums to 1 over its real tokens: you normalised down the batch, over the sentences \
             b. A row is one sentence: the softmax runs over the source positions i of each row b, so every row \
             sums to 1.",
        zh: "你的每一列在它的真实词上之和为 1：你是沿着批次往下、对各句子 b 做的归一化。一行是一个句子：\
             softmax 在每一行 b 的各源位置 i 上进行，所以每一行之和为 1。",
    };
    // Exercise 8, the context vector.
    ONE_HOT_WRONG_COLUMN {
        en: "with all the weight on source word {$k} (α one-hot), c_t must be h_{$k} (column {$i} of H), but it is \
             h_{$j1} (column {$j}): the weights are paired with the wrong columns of H.",
        zh: "权重全部落在源语言词 {$k} 上时（α 是独热向量），c_t 应当是 h_{$k}（H 的第 {$i} 列），\
             你的却是 h_{$j1}（第 {$j} 列）：权重和 H 的列配错了。",
    };
    ONE_HOT_TERM_MISSING {
        en: "with all the weight on source word {$k} (α one-hot), c_t must be h_{$k} (column {$i} of H), but it is \
             0: the term α_{$k} h_{$k} is missing from your sum (check the loop's range).",
        zh: "权重全部落在源语言词 {$k} 上时（α 是独热向量），c_t 应当是 h_{$k}（H 的第 {$i} 列），\
             你的却是 0：你的求和里少了 α_{$k} h_{$k} 这一项（检查循环的范围）。",
    };
    ONE_HOT_ALPHA_CHANGED {
        en: "with all the weight on source word {$k} (α one-hot), c_t must be h_{$k} (column {$i} of H), but it \
             must be {$want}; yours is {$yours}: is α changed (a second softmax?) before it weights the columns.",
        zh: "权重全部落在源语言词 {$k} 上时（α 是独热向量），c_t 应当是 h_{$k}（H 的第 {$i} 列），\
             即 {$want}，你的却是 {$yours}：α 在给各列加权之前是不是被改动了（又做了一次 softmax？）。",
    };
    // Exercises 10 and 11, Luong's scores.
    LUONG_DOT_ONE_HOT {
        en: "with h_t one-hot at dimension {$k}, the scores must be row {$k} of h̄: they must be {$want}; yours is \
             {$yours}. The dot product runs over all d dimensions.",
        zh: "h_t 是第 {$k} 维上的独热向量时，分数应当是 h̄ 的第 {$k} 行：应当是 {$want}，你的却是 {$yours}。\
             点积要遍历全部 d 维。",
    };
    LUONG_DOT_LINEAR {
        en: "the scores h_tᵀ h̄_i are linear in h_t: doubling h_t must double them, and yours did not. Divide by \
             nothing (dividing by the norms is cosine similarity) and apply nothing after the dot product.",
        zh: "分数 h_tᵀ h̄_i 对 h_t 是线性的：h_t 加倍，分数就应当加倍，你的却没有。什么都不要除\
             （除以范数就成了余弦相似度），点积之后也不要再做任何运算。",
    };
    LUONG_GENERAL_LINEAR {
        en: "h_tᵀ W_a h̄_i is linear in {$name}: doubling {$name} must double every score, and yours did not. Use \
             {$name} once, with no non-linearity around it.",
        zh: "h_tᵀ W_a h̄_i 对 {$name} 是线性的：{$name} 加倍，每个分数都应当加倍，你的却没有。\
             {$name} 只用一次，外面不要套任何非线性函数。",
    };
    // Exercise 12, the entropy.
    ENTROPY_UNIFORM {
        en: "for α uniform over T = {$t} words, H(α) = ln {$t}; it must be {$want}; yours is {$yours}. Each ln α_i \
             is weighted by its own α_i, and the sum is negated.",
        zh: "α 在 T = {$t} 个词上均匀分布时，H(α) = ln {$t}：应当是 {$want}，你的却是 {$yours}。\
             每个 ln α_i 都要乘以它自己的 α_i，求和之后再取负。",
    };
    ENTROPY_ONE_HOT {
        en: "for α with all the weight on one word, H(α) = 0 (no uncertainty); it must be {$want}; yours is \
             {$yours}.",
        zh: "α 的权重全在一个词上时，H(α) = 0（没有任何不确定性）：应当是 {$want}，你的却是 {$yours}。",
    };
    // Exercise 13, the coverage.
    COVERAGE_ROWS {
        en: "when only target word {$t} attends (all to source word {$i}), the coverage must be {$want}; yours is \
             {$yours}: every row t = 1 … T_y of A counts.",
        zh: "只有目标词 {$t} 有注意力（全部给了源语言词 {$i}）时，覆盖度应当是 {$want}，你的却是 {$yours}：\
             A 的每一行 t = 1 … T_y 都要算进去。",
    };
    COVERAGE_SUM {
        en: "when target words 1 and 2 both attend fully to source word 1, its coverage is 2; the answer must be \
             {$want}; yours is {$yours}. Coverage adds the weights: a sum, not a maximum or a count.",
        zh: "目标词 1 和 2 都把注意力全部给了源语言词 1 时，它的覆盖度是 2：答案应当是 {$want}，你的却是 \
             {$yours}。覆盖度是把权重加起来：是求和，而不是取最大值或计数。",
    };
    COVERAGE_LINEAR {
        en: "doubling every weight in A must double the coverage, and yours did not: coverage adds the weights \
             themselves, with nothing applied to them (no square, no maximum).",
        zh: "A 里的每个权重加倍，覆盖度就应当加倍，你的却没有：覆盖度是把权重本身加起来，\
             不对它们做任何运算（不平方，也不取最大值）。",
    };
    // Exercise 14, the softmax's backward pass.
    BACKWARD_SHIFT {
        en: "adding the same number to every g_i must not change ∂L/∂e (the α_i sum to 1, so the loss cannot tell), \
             and yours changed. Subtract gᵀα = Σ_j g_j α_j from every g_i, then multiply by α_i.",
        zh: "给每个 g_i 加上同一个数，∂L/∂e 不应改变（各 α_i 之和为 1，损失分辨不出这种变化），你的却变了。\
             从每个 g_i 中减去 gᵀα = Σ_j g_j α_j，再乘以 α_i。",
    };
    BACKWARD_ONE_HOT {
        en: "with α one-hot (all weight on word {$k}) the softmax is saturated and ∂L/∂e is 0: it must be {$want}; \
             yours is {$yours}. The factor is α_i, and the subtracted term is gᵀα, weighted by α.",
        zh: "α 是独热向量时（权重全在词 {$k} 上），softmax 饱和了，∂L/∂e 为 0：应当是 {$want}，你的却是 \
             {$yours}。因子是 α_i，减去的那一项是按 α 加权的 gᵀα。",
    };
    // Exercise 15, the context's backward pass.
    CTX_BACK_REVERSED {
        en: "you read ∂c backwards: ∂c[k] pairs with row k of H, in the same order, in every dot product h_iᵀ ∂c.",
        zh: "你把 ∂c 倒过来读了：在每个点积 h_iᵀ ∂c 里，∂c[k] 都和 H 的第 k 行配对，顺序相同。",
    };
    // Exercise 17, the brevity penalty.
    BP_SPLIT {
        en: "your penalty changes when the same corpus is cut into sentences differently. c and r are totals over \
             every sentence: sum all the lengths first, then compute one penalty.",
        zh: "同一个语料换一种方式切分成句子，你的惩罚就变了。c 和 r 是所有句子的总和：\
             先把全部长度加起来，再算一个惩罚。",
    };
    BP_SWAPPED {
        en: "you swapped the hypotheses and the references: c is the hypotheses' total length, r the references'. \
             BP = exp(1 − r/c) when c ≤ r.",
        zh: "你把候选译文和参考译文弄反了：c 是候选译文的总长度，r 是参考译文的总长度。c ≤ r 时 BP = exp(1 − r/c)。",
    };
    // Exercises 2 and 9, the GRU steps, with the gates forced shut or open.
    GRU_MIX {
        en: "with z ≈ 0 (W_z x = −60, U_z = 0) the new state must be h_prev unchanged, because h = (1 − z)∘h_prev \
             + z∘h~: it must be {$want}; yours is {$yours}. Check the mixing line and that z goes through σ.",
        zh: "z ≈ 0 时（W_z x = −60, U_z = 0），新状态应当原封不动地就是 h_prev，因为 h = (1 − z)∘h_prev + z∘h~：\
             应当是 {$want}，你的却是 {$yours}。检查混合的那一行，以及 z 有没有经过 σ。",
    };
    GRU_MIX_CONTEXT {
        en: "with z ≈ 0 (W_z x = −60, U_z = 0, C_z = 0) the new state must be h_prev unchanged, because h = (1 − \
             z)∘h_prev + z∘h~: it must be {$want}; yours is {$yours}. Check the mixing line and that z goes through \
             σ.",
        zh: "z ≈ 0 时（W_z x = −60, U_z = 0, C_z = 0），新状态应当原封不动地就是 h_prev，\
             因为 h = (1 − z)∘h_prev + z∘h~：应当是 {$want}，你的却是 {$yours}。检查混合的那一行，\
             以及 z 有没有经过 σ。",
    };
    /// `{$c}` is the context's term inside the formula (" + C c"), or nothing.
    GRU_RESET {
        en: "with z ≈ 1 and r ≈ 0 the candidate must not see h_prev: h = tanh(W x + U (r∘h_prev){$c}) = tanh(W \
             x{$c}). Yours is what r = 1 gives: the reset gate must multiply h_prev before U.",
        zh: "z ≈ 1 且 r ≈ 0 时，候选状态不应看到 h_prev：h = tanh(W x + U (r∘h_prev){$c}) = tanh(W x{$c})。\
             你的结果却是 r = 1 时的值：重置门必须在乘 U 之前作用于 h_prev。",
    };
    GRU_CANDIDATE_RESET {
        en: "with z ≈ 1 and r ≈ 0 the new state is the candidate alone, tanh(W x{$c}): it must be {$want}; yours \
             is {$yours}. Check the candidate's W x term, its tanh, and that r goes through σ.{$there}",
        zh: "z ≈ 1 且 r ≈ 0 时，新状态就只是候选状态 tanh(W x{$c})：应当是 {$want}，你的却是 {$yours}。\
             检查候选状态里的 W x 项和它的 tanh，以及 r 有没有经过 σ。{$there}",
    };
    GRU_CANDIDATE_KEPT {
        en: "with z ≈ 1 and r ≈ 1 the new state is tanh(W x + U h_prev{$c}): it must be {$want}; yours is \
             {$yours}. With r ≈ 0 yours is right, so look at the U (r∘h_prev) term.{$there}",
        zh: "z ≈ 1 且 r ≈ 1 时，新状态是 tanh(W x + U h_prev{$c})：应当是 {$want}，你的却是 {$yours}。\
             r ≈ 0 时你的结果是对的，所以问题出在 U (r∘h_prev) 这一项。{$there}",
    };
    /// `{$cz}` and `{$cr}` are the context's terms in the gates (" + C_z c", " + C_r c"), or nothing.
    GRU_GATES {
        en: "with the gates forced shut or open your step is right, so the gates are wrong: z = σ(W_z x + U_z \
             h_prev{$cz}), r = σ(W_r x + U_r h_prev{$cr}). Check each term and the σ.",
        zh: "把门强制关死或全开时，你的这一步是对的，所以错在门上：z = σ(W_z x + U_z h_prev{$cz})，\
             r = σ(W_r x + U_r h_prev{$cr})。逐项检查，也检查 σ。",
    };
}
