//! The caption under each step's table (what the tensor is, in a sentence)
//! and its formula, where the formula has words in it.

use super::texts;

texts! {
    MEANING_01 {
        en: "Each source word becomes a column of numbers the network can compute with.",
        zh: "每个源语言词都变成一列数，网络从此可以拿它来计算。",
    };
    MEANING_02 {
        en: "Reading left to right, column i summarises the words up to and including word i.",
        zh: "从左往右读：第 i 列概括了句首到第 i 个词（含）为止的内容。",
    };
    MEANING_03 {
        en: "Reading right to left, column i summarises word i and everything after it.",
        zh: "从右往左读：第 i 列概括了第 i 个词以及它后面的所有词。",
    };
    MEANING_04 {
        en: "Annotation h_i describes word i in the context of the whole sentence; attention chooses among these columns.",
        zh: "编码器隐状态 h_i 在整句的语境中描述第 i 个词；注意力就在这些列之间做选择。",
    };
    MEANING_05 {
        en: "The decoder starts from the backward state at the first word, which has read the whole sentence.",
        zh: "解码器从第一个词处的反向状态出发，这个状态已经读完了整句话。",
    };
    MEANING_06 {
        en: "W_a q_t: the query q_t = s_{t-1}, what the decoder seeks for word t, moved into the score space.",
        zh: "W_a q_t：查询 q_t = s_{t-1} 代表解码器为第 t 个词要找的东西，这里把它投影到打分空间。",
    };
    MEANING_07 {
        en: "The projected keys: each key k_i = h_i projected into the score space, once per sentence and reused at every t.",
        zh: "投影后的键：每个键 k_i = h_i 都投影到打分空间；每句话只算一次，每个 t 都复用。",
    };
    MEANING_08 {
        en: "Query and key meet: column i is a small hidden layer's view of how s_{t-1} and h_i fit together. \
             An entry near ±1 is saturated: there the derivative 1 − tanh² is near 0, so almost no gradient \
             flows back through it to W_a, U_a, s_{t-1} or h_i.",
        zh: "查询和键在这里相遇：第 i 列是一个小隐藏层对 s_{t-1} 与 h_i 是否相配的判断。接近 ±1 的元素已经饱和：\
             那里的导数 1 − tanh² 接近 0，几乎没有梯度能经过它传回 W_a、U_a、s_{t-1} 或 h_i。",
    };
    MEANING_09 {
        en: "One score per source word: how well word i matches what the decoder needs now.",
        zh: "每个源语言词一个能量：第 i 个词与解码器此刻所需之物的匹配程度。",
    };
    MEANING_10 {
        en: "The scores made into weights that are positive and sum to 1: a soft choice of source words.",
        zh: "能量变成了注意力权重，个个为正、总和为 1：这是对源语言词的一次软选择。",
    };
    MEANING_11 {
        en: "The context: the annotations averaged with the weights α_t, a fresh summary for word t.",
        zh: "上下文向量：用权重 α_t 对编码器隐状态求加权平均，专为第 t 个词重新做的一份概括。",
    };
    MEANING_12 {
        en: "The decoder's new state mixes the previous word, its old state and the context.",
        zh: "解码器的新状态融合了上一个词、旧的解码器状态和上下文向量。",
    };
    MEANING_13 {
        en: "A probability for every target word; training raises the one for the correct word.",
        zh: "目标词表中的每个词都得到一个概率；训练会提高正确词的那一个。",
    };
    MEANING_14 {
        en: "The alignment: row t shows where the decoder looked while writing target word t.",
        zh: "对齐矩阵：第 t 行显示解码器写第 t 个目标词时看向了哪里。",
    };
    FORMULA_01 { same: "x_i = E_x[:, token_i]" };
    FORMULA_02 { same: "→h_i = GRU_fwd(x_i, →h_{i-1}),  →h_0 = 0" };
    FORMULA_03 { same: "←h_i = GRU_bwd(x_i, ←h_{i+1}),  ←h_{T_x+1} = 0" };
    FORMULA_04 { same: "h_i = [→h_i; ←h_i]" };
    FORMULA_05 { same: "s_0 = tanh(W_s ←h_1)" };
    FORMULA_06 { same: "W_a s_{t-1}" };
    FORMULA_07 {
        en: "U_a h_i for every i, as one product U_a H",
        zh: "对每个 i 求 U_a h_i，合为一次乘法 U_a H",
    };
    FORMULA_08 {
        en: "tanh(W_a s_{t-1} + U_a h_i), the query added to every column",
        zh: "tanh(W_a s_{t-1} + U_a h_i)，查询加到每一列上",
    };
    FORMULA_09 { same: "e_{t,i} = v_aᵀ tanh(W_a s_{t-1} + U_a h_i)" };
    FORMULA_10 { same: "α_{t,i} = exp(e_{t,i}) / Σ_k exp(e_{t,k})" };
    FORMULA_11 { same: "c_t = Σ_i α_{t,i} h_i = H α_t" };
    FORMULA_12 { same: "s_t = GRU_dec(E_y y_{t-1}, s_{t-1}, c_t)" };
    FORMULA_13 { same: "p(y_t) = softmax(W_o maxout(U_o s_t + V_o E_y y_{t-1} + C_o c_t))" };
    FORMULA_14 { same: "A = [α_1; α_2; …; α_{T_y}]" };
    /// Under step 10: where the decoder looks most.
    OBS_ALPHA {
        en: "While writing \"{$target}\", the decoder looks most at \"{$source}\" (α = {$alpha}).",
        zh: "写“{$target}”时，解码器最关注“{$source}”（α = {$alpha}）。",
    };
    /// Under step 13: the correct word's probability and the likeliest word's.
    OBS_P {
        en: "The correct word \"{$want}\" gets p = {$p_want}; the most probable word is \"{$best}\" (p = {$p_best}).",
        zh: "正确的词“{$want}”得到 p = {$p_want}；概率最大的词是“{$best}”（p = {$p_best}）。",
    };
    /// Under step 08: how much of the table is saturated.
    OBS_SATURATION {
        en: "Saturation: {$count} of {$total} entries ({$share} %) have |tanh| > {$limit}, where 1 − tanh² < \
             {$slope_limit}; the largest |W_a s_{$prev} + U_a h_i| is {$big}, where 1 − tanh² = {$slope}.",
        zh: "饱和：{$total} 个元素中有 {$count} 个（{$share} %）满足 |tanh| > {$limit}，此处 1 − tanh² < \
             {$slope_limit}；最大的 |W_a s_{$prev} + U_a h_i| 为 {$big}，此处 1 − tanh² = {$slope}。",
    };
}
