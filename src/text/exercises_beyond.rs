//! What exercises 15–21 say: each one's title, its two hints, what a NaN in
//! the answer means, and the hint of each classic mistake (`EXnn_KEY`).

use super::texts;

texts! {
    EX15_TITLE {
        en: "the backward pass of c_t = H α_t",
        zh: "c_t = H α_t 的反向传播",
    };
    EX15_IDEA {
        en: "c is a weighted sum of the annotations, linear in α: nudging α_i moves c along h_i, so the gradient \
             of α_i is how much h_i points along ∂L/∂c.",
        zh: "c 是编码器隐状态的加权和，对 α 是线性的：微调 α_i 会让 c 沿 h_i 移动，所以 α_i 的梯度就是 h_i 在 ∂L/\
             ∂c 方向上的分量。",
    };
    EX15_HINT {
        en: "One dot product per column of H: ∂α_i = h_i · ∂c, which is H.tr_mul(grad_c). α is not needed.",
        zh: "H 的每一列做一次点积：∂α_i = h_i · ∂c，也就是 H.tr_mul(grad_c)。用不到 α。",
    };
    EX15_ALPHA_WEIGHTED {
        en: "you multiplied by α_i: α_i h_iᵀ ∂c. That factor belongs to ∂h_i = α_i ∂c; c is linear in α, so ∂α_i \
             = h_iᵀ ∂c with no α in it.",
        zh: "你乘了 α_i：α_i h_iᵀ ∂c。这个因子属于 ∂h_i = α_i ∂c；c 对 α 是线性的，所以 ∂α_i = h_iᵀ ∂c，里面没有 \
             α。",
    };
    EX15_GRAD_H_SUMMED {
        en: "you computed ∂H = ∂c αᵀ (the gradient of the annotations) and summed it. The exercise asks for the \
             gradient of α: ∂α_i = h_iᵀ ∂c.",
        zh: "你算的是 ∂H = ∂c αᵀ（编码器隐状态的梯度），再把它求和。练习要的是 α 的梯度：∂α_i = h_iᵀ ∂c。",
    };
    EX15_GRAD_C_SUMMED {
        en: "every ∂α_i is the sum of ∂c: h_i is missing. ∂α_i = Σ_k H[k, i] ∂c[k].",
        zh: "每个 ∂α_i 都是 ∂c 的和：少了 h_i。∂α_i = Σ_k H[k, i] ∂c[k]。",
    };
    EX15_H_SUMMED {
        en: "you summed each column of H: ∂c is missing. ∂α_i = Σ_k H[k, i] ∂c[k].",
        zh: "你对 H 的每一列求和：少了 ∂c。∂α_i = Σ_k H[k, i] ∂c[k]。",
    };
    EX15_FORWARD_HALF {
        en: "you used only the top n rows (→h_i). h_i has 2n entries, forward and backward: the dot product runs \
             over all of them.",
        zh: "你只用了上面 n 行（→h_i）。h_i 有 2n 个元素，前向和后向都有：点积要遍历全部。",
    };
    EX15_NEGATED {
        en: "your sign is flipped: the gradient is +Hᵀ ∂c. The minus belongs to the update, θ ← θ − η ∂L/∂θ.",
        zh: "你的符号反了：梯度是 +Hᵀ ∂c。负号属于参数更新，θ ← θ − η ∂L/∂θ。",
    };
    EX15_SOFTMAX_APPLIED {
        en: "you applied a softmax: ∂α is a gradient, not a distribution. Return Hᵀ ∂c as it is.",
        zh: "你用了 softmax：∂α 是梯度，不是分布。直接返回 Hᵀ ∂c。",
    };
    EX15_THROUGH_SOFTMAX {
        en: "you went on through the softmax and returned ∂e, α ∘ (∂α − αᵀ∂α). This exercise stops at α: return \
             ∂α = Hᵀ ∂c; exercise 14 takes it on to the energies.",
        zh: "你继续穿过了 softmax，返回的是 ∂e，即 α ∘ (∂α − αᵀ∂α)。这个练习到 α 为止：返回 ∂α = Hᵀ ∂c；练习 14 \
             再把它传到能量。",
    };
    EX15_FACTORS_ADDED {
        en: "you added h_i and ∂c entry by entry, then summed. The chain rule multiplies: ∂α_i = Σ_k H[k, i] · \
             ∂c[k].",
        zh: "你把 h_i 和 ∂c 逐元素相加后再求和。链式法则是相乘：∂α_i = Σ_k H[k, i] · ∂c[k]。",
    };
    EX15_BACKWARD_HALF {
        en: "you used only the bottom n rows (←h_i). h_i has 2n entries, forward and backward: the dot product \
             runs over all of them.",
        zh: "你只用了下面 n 行（←h_i）。h_i 有 2n 个元素，前向和后向都有：点积要遍历全部。",
    };
    EX15_SOFTMAX_DIAGONAL {
        en: "you multiplied by α_i (1 − α_i), the softmax's slope. c = H α is linear in α: no derivative of α \
             enters, ∂α_i = h_iᵀ ∂c.",
        zh: "你乘了 softmax 的斜率 α_i (1 − α_i)。c = H α 对 α 是线性的：不涉及 α 的导数，∂α_i = h_iᵀ ∂c。",
    };
    EX15_FORWARD_PASS {
        en: "you returned H α, the context c itself (2n entries). The backward pass returns one gradient per \
             source position: ∂α = Hᵀ ∂c, T_x entries.",
        zh: "你返回的是 H α，也就是上下文向量 c 本身（2n 个元素）。反向传播给每个源语言位置返回一个梯度：∂α = Hᵀ \
             ∂c，共 T_x 个元素。",
    };
    EX16_TITLE {
        en: "RNNencdec's fixed context c at every step",
        zh: "RNNencdec 在每一步使用的固定上下文 c",
    };
    EX16_IDEA {
        en: "RNNencdec squeezes the whole sentence into one vector, read from the last encoder state, and the \
             decoder reads that same vector at every step: there is no c_t.",
        zh: "RNNencdec 把整个句子压进一个向量，取自编码器的最后一个状态；解码器每一步读的都是这同一个向量：没有 c\
             _t。",
    };
    EX16_HINT {
        en: "Take the last column of h, multiply by V, apply tanh; then repeat that vector as every one of the \
             T_y columns.",
        zh: "取 h 的最后一列，乘以 V，取 tanh；然后把这个向量重复 T_y 次，作为每一列。",
    };
    EX16_FIRST_STATE {
        en: "you used h_1, the state after the first word. The summary comes from h_{T_x}, the last column: the \
             only state that has read the whole sentence.",
        zh: "你用的是 h_1，读完第一个词后的状态。摘要来自最后一列 h_{T_x}：只有它读完了整个句子。",
    };
    EX16_NO_TANH {
        en: "you left out the tanh: c = tanh(V h_{T_x}).",
        zh: "你漏了 tanh：c = tanh(V h_{T_x})。",
    };
    EX16_MEAN_OF_STATES {
        en: "you averaged the encoder states. RNNencdec keeps only the last one: c = tanh(V h_{T_x}). (An \
             average with learned weights is what attention adds.)",
        zh: "你平均了编码器状态。RNNencdec 只保留最后一个：c = tanh(V h_{T_x})。（按学到的权重平均，正是注意力所\
             增加的东西。）",
    };
    EX16_V_TRANSPOSED {
        en: "you multiplied by Vᵀ. The summary is V h_{T_x}: row k of V gives entry k of c.",
        zh: "你乘的是 Vᵀ。摘要是 V h_{T_x}：V 的第 k 行给出 c 的第 k 个元素。",
    };
    EX16_TANH_BEFORE_V {
        en: "you applied tanh before V: V tanh(h_{T_x}). The order is tanh(V h_{T_x}).",
        zh: "你在乘 V 之前取了 tanh：V tanh(h_{T_x})。顺序应是 tanh(V h_{T_x})。",
    };
    EX16_FIRST_STEP_ONLY {
        en: "only step 1 got the context. In RNNencdec, as the paper uses it, every decoder step reads c: all \
             T_y columns are c.",
        zh: "只有第 1 步拿到了上下文。按论文的用法，RNNencdec 的每个解码步都读 c：T_y 列全是 c。",
    };
    EX16_MOVING_STATE {
        en: "your column t comes from h_t: a context that moves with t. RNNencdec has one fixed c for every \
             step; a context that moves is what RNNsearch's c_t gives.",
        zh: "你的第 t 列来自 h_t：上下文随 t 移动。RNNencdec 每一步只有一个固定的 c；会移动的上下文是 RNNsearch \
             的 c_t 才有的。",
    };
    EX16_STATE_BEFORE_LAST {
        en: "you used h_{T_x − 1}, the state before the last. The summary reads h_{T_x}, the last column, \
             h.ncols() − 1: the only state that has read the whole sentence.",
        zh: "你用的是倒数第二个状态 h_{T_x − 1}。摘要读的是最后一列 h_{T_x}，即 h.ncols() − 1：只有它读完了整个句\
             子。",
    };
    EX16_SIGMOID {
        en: "you squashed with σ. The summary uses tanh: c = tanh(V h_{T_x}), entries between −1 and 1.",
        zh: "你用 σ 做了压缩。摘要用的是 tanh：c = tanh(V h_{T_x})，元素在 −1 和 1 之间。",
    };
    EX16_SUM_OF_STATES {
        en: "you summed the encoder states. RNNencdec keeps only the last one: c = tanh(V h_{T_x}).",
        zh: "你把编码器状态加了起来。RNNencdec 只保留最后一个：c = tanh(V h_{T_x})。",
    };
    EX16_MAX_OF_STATES {
        en: "you took the largest entry over the states. RNNencdec keeps only the last state: c = tanh(V \
             h_{T_x}).",
        zh: "你在各状态上取了最大元素。RNNencdec 只保留最后一个状态：c = tanh(V h_{T_x})。",
    };
    EX16_TANH_OF_V {
        en: "you applied tanh to V's entries, then multiplied. The tanh comes after the product: first V \
             h_{T_x}, then tanh of that vector.",
        zh: "你先对 V 的元素取 tanh，再相乘。tanh 在乘积之后：先算 V h_{T_x}，再对这个向量取 tanh。",
    };
    EX16_EXTRA_STEP {
        en: "you returned T_y + 1 columns. The decoder reads c at t = 1 … T_y: one column per step, T_y in all \
             (s_0 needs no column).",
        zh: "你返回了 T_y + 1 列。解码器在 t = 1 … T_y 读 c：每步一列，共 T_y 列（s_0 不需要列）。",
    };
    EX17_TITLE {
        en: "BLEU's brevity penalty, over the corpus",
        zh: "BLEU 在整个语料上的长度惩罚",
    };
    EX17_IDEA {
        en: "Precision alone rewards saying little; the penalty charges a corpus of translations that is \
             shorter, in total, than its references. Longer ones are not penalised (their precision already \
             suffers).",
        zh: "只看精确率会奖励少说话；长度惩罚针对总长度短于参考译文的一组译文。更长的不受惩罚（它们的精确率本来就\
             会受损）。",
    };
    EX17_HINT {
        en: "Sum each slice first (c and r are corpus totals), then one if: c > r gives 1.0, otherwise (1.0 - r \
             / c).exp().",
        zh: "先对每个切片求和（c 和 r 是语料的总数），然后一个 if：c > r 得 1.0，否则 (1.0 - r / c).exp()。",
    };
    EX17_SENTENCE_AVERAGE {
        en: "you averaged one penalty per sentence. Corpus BLEU sums the lengths first: c = Σ hypothesis \
             lengths, r = Σ reference lengths, then one BP.",
        zh: "你平均了每个句子各自的惩罚。语料级 BLEU 先把长度加起来：c = Σ 候选译文长度，r = Σ 参考译文长度，然后\
             只算一个 BP。",
    };
    EX17_SENTENCE_PRODUCT {
        en: "you multiplied one penalty per sentence. Corpus BLEU sums the lengths first and computes one BP.",
        zh: "你把每个句子各自的惩罚乘了起来。语料级 BLEU 先把长度加起来，然后只算一个 BP。",
    };
    EX17_RATIO_INVERTED {
        en: "you wrote exp(1 − c/r). The penalty is exp(1 − r/c): reference length over hypothesis length.",
        zh: "你写的是 exp(1 − c/r)。惩罚是 exp(1 − r/c)：参考译文长度除以候选译文长度。",
    };
    EX17_NO_EXP {
        en: "you returned c/r. The penalty is exp(1 − r/c), which falls faster as the hypotheses get shorter.",
        zh: "你返回的是 c/r。惩罚是 exp(1 − r/c)，候选译文越短，它下降得越快。",
    };
    EX17_MISSING_ONE {
        en: "you wrote exp(−r/c); the formula is exp(1 − r/c), which is 1 when c = r.",
        zh: "你写的是 exp(−r/c)；公式是 exp(1 − r/c)，c = r 时等于 1。",
    };
    EX17_PENALISES_LONGER {
        en: "your penalty is above 1 for longer hypotheses. BP = 1 when c > r: only a corpus that is too short \
             is penalised.",
        zh: "候选译文更长时你的惩罚大于 1。c > r 时 BP = 1：只有太短的语料才受惩罚。",
    };
    EX17_LONGEST_SENTENCE {
        en: "you used the lengths of one sentence, the longest. c and r are totals over every sentence: c = Σ \
             hyp_lens, r = Σ ref_lens.",
        zh: "你用的是一个句子（最长那个）的长度。c 和 r 是所有句子的总和：c = Σ hyp_lens，r = Σ ref_lens。",
    };
    EX17_SHORTEST_SENTENCE {
        en: "you used the lengths of one sentence, the shortest. c and r are totals over every sentence: c = Σ \
             hyp_lens, r = Σ ref_lens.",
        zh: "你用的是一个句子（最短那个）的长度。c 和 r 是所有句子的总和：c = Σ hyp_lens，r = Σ ref_lens。",
    };
    EX17_INTEGER_DIVISION {
        en: "r / c was an integer division: 18 / 13 is 1 among usize. Convert to f64 before dividing: r as f64 / \
             c as f64.",
        zh: "r / c 做的是整数除法：在 usize 里 18 / 13 等于 1。除之前先转成 f64：r as f64 / c as f64。",
    };
    EX17_EXPONENT_SIGN {
        en: "your exponent's sign is flipped: exp(r/c − 1) is above 1. The penalty is exp(1 − r/c), at most 1.",
        zh: "你的指数符号反了：exp(r/c − 1) 大于 1。惩罚是 exp(1 − r/c)，最大为 1。",
    };
    EX17_ONE_MORE_PER_SENTENCE {
        en: "every sentence counts one word more than it has (an <eos>, or a len + 1). The lengths are the word \
             counts you are given: sum them as they are.",
        zh: "每个句子都多算了一个词（一个 <eos>，或 len + 1）。长度就是给你的词数：原样相加即可。",
    };
    EX17_LAST_LEFT_OUT {
        en: "your totals leave out the last sentence. c and r sum every sentence: check the range of your loop \
             or slice.",
        zh: "你的总数漏掉了最后一个句子。c 和 r 要加上每个句子：检查循环或切片的范围。",
    };
    EX17_CONDITION_INVERTED {
        en: "your condition is the wrong way round. BP = 1 when the hypotheses are longer, c > r; the penalty \
             exp(1 − r/c) applies when they are shorter.",
        zh: "你的条件写反了。候选译文更长（c > r）时 BP = 1；更短时才用惩罚 exp(1 − r/c)。",
    };
    EX17_RATIO_AVERAGED {
        en: "you averaged the ratios r_s / c_s of the sentences. Corpus BLEU divides the totals once: r / c with \
             c = Σ hyp_lens, r = Σ ref_lens.",
        zh: "你平均了各句的比值 r_s / c_s。语料级 BLEU 只对总数做一次除法：r / c，其中 c = Σ hyp_lens，r = Σ ref_\
             lens。",
    };
    EX18_TITLE {
        en: "the context of a padded batch",
        zh: "填充批次的上下文向量",
    };
    EX18_IDEA {
        en: "Padding is not part of the sentence: it must contribute exactly nothing to c_b, neither weight in \
             the softmax nor its columns of H, whatever numbers they hold.",
        zh: "填充不是句子的一部分：无论里面存着什么数，它对 c_b 的贡献必须恰好为零，softmax 里不能有它的权重，H \
             里它的列也不能参与。",
    };
    EX18_HINT {
        en: "For each sentence b: keep the positions with mask[(b, i)] = 1, softmax e over those only, and sum \
             only those columns of h[b]; h[b].select_columns(&real) helps. Never multiply a padding column, even \
             by 0.",
        zh: "对每个句子 b：保留 mask[(b, i)] = 1 的位置，只在这些位置上对 e 做 softmax，并且只把 h[b] 的这些列加\
             起来；h[b].select_columns(&real) 用得上。填充列永远不要去乘，哪怕乘的是 0。",
    };
    EX18_NONFINITE {
        en: "NaN or ∞ in c. The padding columns of H hold NaN or ∞ in the last case: 0 · NaN is NaN, so \
             multiplying them by a zero weight is not enough. Leave padding columns out of the sum.",
        zh: "c 中出现了 NaN 或 ∞。最后一个用例里 H 的填充列存着 NaN 或 ∞：0 · NaN 仍是 NaN，所以给它们乘一个零权\
             重是不够的。求和时把填充列排除在外。",
    };
    EX18_NOT_MASKED {
        en: "your softmax ran over every position, padding included, so padding took weight. Each row's softmax \
             runs over its real tokens only.",
        zh: "你的 softmax 覆盖了所有位置，包括填充，所以填充分走了权重。每一行的 softmax 只在它的真实词上进行。",
    };
    EX18_NOT_RENORMALISED {
        en: "you zeroed the padding weights after a softmax over every position, so the real weights no longer \
             sum to 1. Take the softmax over the real tokens only.",
        zh: "你在对所有位置做完 softmax 之后才把填充的权重置零，于是真实词的权重之和不再是 1。只在真实词上做 soft\
             max。",
    };
    EX18_ZERO_TIMES_PADDING {
        en: "you multiplied the padding columns by a zero weight. They hold NaN or ∞ here, and 0 · NaN = NaN: \
             leave padding columns out of the sum instead.",
        zh: "你给填充列乘了零权重。这里它们存着 NaN 或 ∞，而 0 · NaN = NaN：应当在求和时直接排除填充列。",
    };
    EX18_FIRST_ROW_MASK {
        en: "every sentence used the first sentence's mask. Row b of the mask belongs to sentence b.",
        zh: "每个句子都用了第一个句子的掩码。掩码的第 b 行属于句子 b。",
    };
    EX18_UNIFORM {
        en: "you weighted the real tokens equally: the energies e are missing. α_b = softmax of e over real i.",
        zh: "你给真实词分配了相等的权重：少了能量 e。α_b 应是 e 在真实位置 i 上的 softmax。",
    };
    EX18_INVERTED {
        en: "you attended to the padding and skipped the real tokens: mask = 1 marks a real token.",
        zh: "你关注了填充而跳过了真实词：mask = 1 标记的是真实词。",
    };
    EX18_MAX_OVER_PADDING {
        en: "you took the maximum over the padding too. When a padding energy is the largest, every real exp(e − \
             max) underflows to 0 and the weights are 0/0. Take the max over the real tokens only.",
        zh: "你把填充也算进了最大值。当某个填充能量最大时，每个真实词的 exp(e − max) 都下溢为 0，权重变成 0/0。只\
             在真实词上取最大值。",
    };
    EX18_NO_MAX {
        en: "you took exp(e) without subtracting the maximum. With energies near 800, exp overflows to ∞ and the \
             weights are ∞/∞. Subtract the largest real energy first.",
        zh: "你直接取了 exp(e)，没有减去最大值。能量接近 800 时 exp 溢出为 ∞，权重变成 ∞/∞。先减去真实词中最大的\
             能量。",
    };
    EX18_WEIGHTS_NOT_NORMALISED {
        en: "your weights exp(e − max) are not divided by their sum, so they do not add to 1. α_b = exp(e − max) \
             / Σ_{real j} exp(e_j − max).",
        zh: "你的权重 exp(e − max) 没有除以它们的和，所以加起来不是 1。α_b = exp(e − max) / Σ_{real j} exp(e_j − \
             max)。",
    };
    EX18_LAST_TOKEN_DROPPED {
        en: "each sentence lost its last real token. The real positions are every i with mask[(b, i)] = 1: check \
             your loop's last index.",
        zh: "每个句子都丢了最后一个真实词。真实位置是所有 mask[(b, i)] = 1 的 i：检查循环的最后一个下标。",
    };
    EX18_MASK_MULTIPLIED {
        en: "you multiplied the energies by the mask: a padding energy of 0 still takes weight exp(0 − max). \
             Leave padding out of the softmax and of the sum.",
        zh: "你把能量乘以掩码：能量为 0 的填充仍有 exp(0 − max) 的权重。softmax 和求和都要把填充排除在外。",
    };
    EX18_SOFTMAX_OVER_BATCH {
        en: "your softmax ran down the batch, over the sentences at one position. Each sentence's weights are a \
             softmax along its own row of e, over its real positions.",
        zh: "你的 softmax 沿批次方向进行，即在同一位置上跨句子。每个句子的权重是沿 e 中它自己那一行、在它的真实位\
             置上做的 softmax。",
    };
    EX18_FIRST_ROW_ENERGIES {
        en: "every sentence used the first sentence's energies. Row b of e belongs to sentence b.",
        zh: "每个句子都用了第一个句子的能量。e 的第 b 行属于句子 b。",
    };
    EX19_TITLE {
        en: "one beam step: the K survivors",
        zh: "束搜索的一步：K 个幸存者",
    };
    EX19_IDEA {
        en: "Each survivor is a whole prefix plus one word, so its score is the prefix's ln p plus the word's, \
             and the best room of them are taken over every hypothesis and every word together: one hypothesis \
             may supply all of them. A survivor ending in <eos> still takes its place, then leaves the beam as \
             finished.",
        zh: "每个幸存者是一个完整前缀加一个词，所以它的分数是前缀的 ln p 加上这个词的 ln p；最好的 room 个是在所\
             有假设和所有词中一起选出的：一个假设可能提供全部幸存者。以 <eos> 结尾的幸存者照样占一个位置，然后作\
             为已完成的假设离开束。",
    };
    EX19_HINT {
        en: "Collect (h, w, log_p[h] + next_log_p[(w, h)]) for every h, then every w; sort by score, largest \
             first, with a stable sort (sort_by with b.2.total_cmp(&a.2)) so ties keep that order; keep the \
             first room; partition on w != eos into (live, finished).",
        zh: "对每个 h、再对每个 w 收集 (h, w, log_p[h] + next_log_p[(w, h)])；按分数从大到小排序，用稳定排序（sor\
             t_by 配 b.2.total_cmp(&a.2)），让并列的保持原顺序；保留前 room 个；按 w != eos 划分为 (live, finishe\
             d)。",
    };
    EX19_NO_PREFIX {
        en: "you scored each candidate by ln p(w) alone. A survivor is the prefix plus w: its score is ln \
             p(prefix_h) + ln p(w | prefix_h), log_p[h] + next_log_p[(w, h)].",
        zh: "你只用 ln p(w) 给每个候选打分。幸存者是前缀加 w：分数是 ln p(prefix_h) + ln p(w | prefix_h)，即 log_\
             p[h] + next_log_p[(w, h)]。",
    };
    EX19_PER_HYPOTHESIS {
        en: "you kept the room best words of every hypothesis: live × room survivors. The room best are chosen \
             over all hypotheses × words together, so the beam never grows past room.",
        zh: "你为每个假设各保留了最好的 room 个词：共 live × room 个幸存者。最好的 room 个要在所有假设 × 词中一起\
             选，这样束永远不会超过 room。",
    };
    EX19_EOS_KEPT_LIVE {
        en: "a survivor ending in <eos> stayed in the live beam. It is finished: set it apart (the second list), \
             where it keeps its place among the room but is not expanded again.",
        zh: "一个以 <eos> 结尾的幸存者留在了活跃的束里。它已经完成：把它放到一边（第二个列表），它在 room 个位置\
             中保留自己的一席，但不再扩展。",
    };
    EX19_EOS_NOT_COUNTED {
        en: "you set <eos> survivors apart but filled the live beam with room others. A finished survivor takes \
             one of the room places: keep the room best, then split them into live and finished.",
        zh: "你把 <eos> 幸存者放到了一边，却又用另外 room 个候选填满了活跃的束。已完成的幸存者也占 room 个位置之\
             一：先保留最好的 room 个，再把它们分成 live 和 finished。",
    };
    EX19_LOGS_MULTIPLIED {
        en: "you multiplied ln p(prefix) by ln p(w). Probabilities multiply, so their logarithms add: ln(p · q) \
             = ln p + ln q.",
        zh: "你把 ln p(prefix) 和 ln p(w) 相乘了。概率相乘，所以对数相加：ln(p · q) = ln p + ln q。",
    };
    EX19_PROBABILITIES {
        en: "you returned probabilities, p(prefix) · p(w), not their logarithm. The beam keeps ln p: over 40 \
             words a product of probabilities underflows where the sum of logs does not.",
        zh: "你返回的是概率 p(prefix) · p(w)，而不是它的对数。束里保存的是 ln p：40 个词之后概率之积会下溢，对数\
             之和不会。",
    };
    EX19_TIES_REVERSED {
        en: "your ties are in the wrong order. Equal scores go to the lower hypothesis index, then the lower \
             word id (what greedy's argmax does): a stable sort of the (h, w) order, largest score first.",
        zh: "你的并列顺序反了。分数相同时，假设编号小的在前，然后是词 id 小的在前（贪心解码的 argmax 也是这样）：\
             在 (h, w) 顺序上做稳定排序，分数大的在前。",
    };
    EX19_ONE_MORE {
        en: "you kept room + 1 survivors: room of them survive, live and finished together.",
        zh: "你保留了 room + 1 个幸存者：幸存者一共 room 个，活跃的和已完成的合计。",
    };
    EX19_ONE_FEWER {
        en: "you kept room − 1 survivors: room of them survive, live and finished together.",
        zh: "你保留了 room − 1 个幸存者：幸存者一共 room 个，活跃的和已完成的合计。",
    };
    EX19_EOS_LEFT_OUT {
        en: "<eos> was never a candidate, so no survivor finishes. A word <eos> competes like any other; the \
             survivors that end in it go to the finished list.",
        zh: "<eos> 从来没有成为候选，所以没有幸存者能完成。<eos> 这个词和其他词一样参与竞争；以它结尾的幸存者进入\
             已完成列表。",
    };
    EX19_LIVE_FINISHED_SWAPPED {
        en: "your two lists are swapped: the first holds the survivors ending in <eos>. Return (live, finished): \
             word != eos is live.",
        zh: "你的两个列表对调了：第一个装的是以 <eos> 结尾的幸存者。返回 (live, finished)：word != eos 的是活跃的\
             。",
    };
    EX19_BEST_WORD_ONLY {
        en: "you kept only each hypothesis's best word. Every (h, w) pair is a candidate: one hypothesis may \
             supply several survivors, and another none.",
        zh: "你只保留了每个假设最好的词。每一对 (h, w) 都是候选：一个假设可能提供好几个幸存者，另一个可能一个也没\
             有。",
    };
    EX19_TRUNCATED_FIRST {
        en: "you cut the list to room before sorting it, so you kept the first candidates, not the best. Sort \
             all of them, best first, then keep room.",
        zh: "你在排序之前就把列表截成了 room 个，所以保留的是最前面的候选，而不是最好的。先把全部候选从好到坏排序\
             ，再保留 room 个。",
    };
    EX19_RANKED_BY_WORD {
        en: "you ranked the candidates by the word's ln p alone. Rank by the whole score, ln p(prefix_h) + ln \
             p(w | prefix_h): a strong prefix can outweigh a better word.",
        zh: "你只按这个词的 ln p 给候选排名。要按完整的分数 ln p(prefix_h) + ln p(w | prefix_h) 排名：一个强的前\
             缀可能胜过一个更好的词。",
    };
    EX19_ROOM_IGNORED {
        en: "you kept every candidate. Only the room best survive, live and finished together: truncate to room \
             after sorting.",
        zh: "你保留了所有候选。只有最好的 room 个能幸存，活跃的和已完成的合计：排序之后截到 room 个。",
    };
    EX19_FINISHED_DROPPED {
        en: "the survivors ending in <eos> vanished. They are finished, not lost: return them as the second list.",
        zh: "以 <eos> 结尾的幸存者不见了。它们是已完成，不是丢弃：把它们作为第二个列表返回。",
    };
    EX19_FINISHED_WORD_SCORE {
        en: "your finished survivors carry the word's ln p alone. A finished hypothesis keeps its whole score, \
             ln p(prefix_h) + ln p(<eos> | prefix_h).",
        zh: "你的已完成幸存者只带着这个词的 ln p。已完成的假设保留它的完整分数 ln p(prefix_h) + ln p(<eos> | pref\
             ix_h)。",
    };
    EX20_TITLE {
        en: "the backward pass from ∂e to ∂v_a and ∂Z",
        zh: "从 ∂e 到 ∂v_a 和 ∂Z 的反向传播",
    };
    EX20_IDEA {
        en: "Each energy is a dot product of v_a with one column of the tanh layer, so v_a collects every column \
             weighted by its energy's gradient, and each column receives v_a scaled by its own ∂e_i; then the \
             tanh's slope, 1 − u², carries that back to the pre-activation.",
        zh: "每个能量是 v_a 与 tanh 层某一列的点积，所以 v_a 汇集每一列、按其能量的梯度加权，而每一列得到按它自己\
             的 ∂e_i 缩放的 v_a；然后 tanh 的斜率 1 − u² 把梯度传回激活前的值。",
    };
    EX20_HINT {
        en: "∂v_a is u * grad_e ((n', T_x)·(T_x)); ∂u is v_a * grad_e.transpose() ((n', T_x)); then multiply \
             entry by entry by 1 − u², with zip_map(u, |g, u| g * (1.0 - u * u)). u holds tanh's output already.",
        zh: "∂v_a 是 u * grad_e（(n', T_x)·(T_x)）；∂u 是 v_a * grad_e.transpose()（(n', T_x)）；再逐元素乘以 1 − \
             u²，用 zip_map(u, |g, u| g * (1.0 - u * u))。u 已经是 tanh 的输出。",
    };
    EX20_NO_TANH_DERIVATIVE {
        en: "you stopped at ∂u = v_a ∂eᵀ. The exercise asks for the pre-activation's gradient: multiply by \
             tanh's derivative, 1 − u², entry by entry.",
        zh: "你停在了 ∂u = v_a ∂eᵀ。练习要的是激活前的梯度：逐元素乘以 tanh 的导数 1 − u²。",
    };
    EX20_A_NOT_SQUARED {
        en: "you multiplied by 1 − u. tanh′(z) = 1 − tanh²(z) = 1 − u²: the output is squared.",
        zh: "你乘的是 1 − u。tanh′(z) = 1 − tanh²(z) = 1 − u²：输出要平方。",
    };
    EX20_TANH_AGAIN {
        en: "you multiplied by 1 − tanh²(u), as if u were the pre-activation. u is tanh's output already: the \
             derivative is 1 − u², with no second tanh.",
        zh: "你乘的是 1 − tanh²(u)，好像 u 是激活前的值。u 已经是 tanh 的输出：导数是 1 − u²，不需要再套一层 tanh\
             。",
    };
    EX20_NO_V_A {
        en: "v_a is missing from ∂Z. e_i = v_aᵀ u_i, so the gradient reaching u_i is v_a ∂e_i: column i of ∂u is \
             v_a times ∂e_i.",
        zh: "∂Z 里少了 v_a。e_i = v_aᵀ u_i，所以传到 u_i 的梯度是 v_a ∂e_i：∂u 的第 i 列是 v_a 乘以 ∂e_i。",
    };
    EX20_GRAD_E_LEFT_OUT {
        en: "your ∂v_a sums the columns of u without ∂e. Each column counts as much as its energy's gradient: \
             ∂v_a = Σ_i ∂e_i u_i = u ∂e.",
        zh: "你的 ∂v_a 把 u 的各列加起来时没有乘 ∂e。每一列的分量要按它的能量梯度计：∂v_a = Σ_i ∂e_i u_i = u ∂e。",
    };
    EX20_V_A_THROUGH_TANH {
        en: "you took ∂v_a through the tanh's slope, (1 − u²) ∂e. v_a multiplies the tanh's output, after the \
             tanh: ∂v_a = u ∂e, with no derivative in it.",
        zh: "你让 ∂v_a 经过了 tanh 的斜率：(1 − u²) ∂e。v_a 乘的是 tanh 的输出，在 tanh 之后：∂v_a = u ∂e，里面没\
             有导数。",
    };
    EX20_NEGATED {
        en: "your signs are flipped: the gradients are +u ∂e and +(v_a ∂eᵀ) ∘ (1 − u²). The minus belongs to the \
             update, θ ← θ − η ∂L/∂θ.",
        zh: "你的符号反了：梯度是 +u ∂e 和 +(v_a ∂eᵀ) ∘ (1 − u²)。负号属于参数更新，θ ← θ − η ∂L/∂θ。",
    };
    EX20_TRANSPOSED {
        en: "your ∂Z is (T_x, n'), one row per source position. It has the shape of Z and of u: (n', T_x), \
             column i for source position i.",
        zh: "你的 ∂Z 是 (T_x, n')，每个源语言位置一行。它的形状和 Z、u 一样：(n', T_x)，第 i 列对应源语言位置 i。",
    };
    EX20_SIGMOID_SLOPE {
        en: "you multiplied by a (1 − a), the slope of σ. The tanh's slope is 1 − a², entry by entry.",
        zh: "你乘的是 σ 的斜率 a (1 − a)。tanh 的斜率是 1 − a²，逐元素相乘。",
    };
    EX20_SLOPE_SQUARED {
        en: "you multiplied by (1 − a)². The tanh's slope is 1 − a²: a is squared, not 1 − a.",
        zh: "你乘的是 (1 − a)²。tanh 的斜率是 1 − a²：平方的是 a，不是 1 − a。",
    };
    EX20_SLOPE_DIVIDED {
        en: "you divided by tanh's slope. The chain rule multiplies: ∂Z = ∂A ∘ (1 − A²).",
        zh: "你除以了 tanh 的斜率。链式法则是相乘：∂Z = ∂A ∘ (1 − A²)。",
    };
    EX20_GRAD_E_SUMMED {
        en: "every column of your ∂Z uses the sum of ∂e. Column i gets its own ∂e_i: ∂A = v_a ∂eᵀ, column i is \
             v_a ∂e_i.",
        zh: "你的 ∂Z 每一列都用了 ∂e 的总和。第 i 列用它自己的 ∂e_i：∂A = v_a ∂eᵀ，第 i 列是 v_a ∂e_i。",
    };
    EX20_DV_MEAN {
        en: "your ∂v_a is divided by T_x. The gradient sums over the positions: ∂v_a = Σ_i ∂e_i a_i = A ∂e.",
        zh: "你的 ∂v_a 除以了 T_x。梯度是对各位置求和：∂v_a = Σ_i ∂e_i a_i = A ∂e。",
    };
    EX21_TITLE {
        en: "BLEU's clipped n-gram precision, over the corpus",
        zh: "BLEU 在整个语料上的截断 n-gram 精确率",
    };
    EX21_IDEA {
        en: "A hypothesis n-gram counts as matched at most as often as its own sentence's reference has it, so \
             repeating a right word earns nothing; and the corpus adds up matches and hypothesis n-grams over \
             every sentence before the one division.",
        zh: "候选译文中的一个 n-gram 最多只能按它所在句子的参考译文中出现的次数算作匹配，所以重复一个正确的词得不\
             到任何好处；语料把每个句子的匹配数和候选 n-gram 数先分别加起来，最后只做一次除法。",
    };
    EX21_HINT {
        en: "For each pair: split on whitespace, count the n-grams of each side (words.windows(n) into a \
             HashMap), add min(hyp count, ref count) for every hypothesis n-gram to matched, and len − n + 1 (0 \
             when len < n) to total; return matched as f64 / total as f64 after the loop.",
        zh: "对每一对句子：按空白切分，统计两边的 n-gram（words.windows(n) 放进 HashMap），对候选译文的每个 n-gra\
             m 把两边计数中的较小者加到 matched，把 len − n + 1（len < n 时为 0）加到 total；循环结束后返\
             回 matched as f64 / total as f64。",
    };
    EX21_NO_CLIPPING {
        en: "you counted every hypothesis n-gram the reference contains, however often it repeats. Clip: an \
             n-gram matches at most as often as the reference has it, min(count_hyp, count_ref).",
        zh: "参考译文里有的候选 n-gram，你不管重复多少次都算了进去。要截断：一个 n-gram 的匹配次数最多等于它在参\
             考译文中出现的次数，min(count_hyp, count_ref)。",
    };
    EX21_CORPUS_CLIPPING {
        en: "you clipped against the whole corpus's references. Each hypothesis is clipped against its own \
             sentence's reference; only the clipped counts are then summed over the corpus.",
        zh: "你按整个语料的参考译文做了截断。每个候选译文只按它自己句子的参考译文截断；之后才把截断后的计数在整个\
             语料上相加。",
    };
    EX21_REFERENCE_DENOMINATOR {
        en: "you divided by the references' n-grams. Precision is over what the hypotheses said: the denominator \
             is the number of hypothesis n-grams (recall would divide by the reference's).",
        zh: "你除以的是参考译文的 n-gram 数。精确率衡量的是候选译文说了什么：分母是候选译文的 n-gram 数（召回率才\
             除以参考译文的）。",
    };
    EX21_SENTENCE_AVERAGE {
        en: "you averaged one precision per sentence. Corpus BLEU sums the clipped matches and the n-gram counts \
             over every sentence first, then divides once.",
        zh: "你平均了每个句子各自的精确率。语料级 BLEU 先把所有句子的截断匹配数和 n-gram 数分别相加，再做一次除法\
             。",
    };
    EX21_WINDOW_SHORT {
        en: "each sentence lost its last n-gram: a sentence of T words has T − n + 1 n-grams, windows starting \
             at 0 ..= T − n (words.windows(n) gives them all).",
        zh: "每个句子都丢了最后一个 n-gram：T 个词的句子有 T − n + 1 个 n-gram，窗口起点是 0 ..= T − n（words.win\
             dows(n) 会全部给出）。",
    };
    EX21_UNIQUE_NGRAMS {
        en: "you counted each distinct n-gram once. A repeated n-gram counts every time it occurs, in the total \
             and, up to the reference's count, in the matches.",
        zh: "你把每个不同的 n-gram 只算了一次。重复的 n-gram 每出现一次都要算一次，总数里如此，匹配数里也如此（不\
             超过参考译文的次数）。",
    };
    EX21_REFERENCE_COUNTS {
        en: "you added the reference's count for each n-gram the hypothesis has, so a precision above 1 is \
             possible. Clip: min(count in the hypothesis, count in the reference).",
        zh: "对候选译文中的每个 n-gram，你加的是参考译文的计数，所以精确率可能超过 1。要截断：取它在候选译文与\
             参考译文中出现次数的较小者。",
    };
    EX21_SPLIT_ON_SPACE {
        en: "you split on ' ': two spaces in a row, or one at either end, make empty words. Split with \
             split_whitespace(), which skips any run of spaces.",
        zh: "你按 ' ' 切分：连续两个空格或首尾的空格都会产生空词。用 split_whitespace() 切分，它会跳过任意连续的\
             空白。",
    };
    EX21_LETTERS_FOR_WORDS {
        en: "your n-grams are windows of letters. BLEU's are windows of words: split each sentence into words \
             first, s.split_whitespace().",
        zh: "你的 n-gram 是字母的窗口。BLEU 的是词的窗口：先把每个句子切成词，s.split_whitespace()。",
    };
    EX21_WORDS_FOR_NGRAMS {
        en: "your denominator counts words. It counts the hypothesis n-grams: a sentence of T words has T − n + \
             1 of them (0 when T < n).",
        zh: "你的分母数的是词。它应当数候选译文的 n-gram：T 个词的句子有 T − n + 1 个（T < n 时为 0）。",
    };
    EX21_INTEGER_DIVISION {
        en: "matched / total was an integer division, so the answer is 0 or 1. Convert both to f64 before \
             dividing.",
        zh: "matched / total 做的是整数除法，所以答案只会是 0 或 1。除之前把两者都转成 f64。",
    };
    EX21_CORPUS_JOINED {
        en: "you joined the corpus into one word list, so n-grams run across sentences and every hypothesis is \
             clipped against every reference. Count each sentence pair on its own, then sum.",
        zh: "你把整个语料拼成了一个词序列，于是 n-gram 跨越了句子边界，每个候选译文都按所有参考译文截断。每一对句\
             子单独计数，然后再相加。",
    };
    EX21_NGRAM_COUNT_SHORT {
        en: "your denominator counts T − n n-grams per sentence. A sentence of T words has T − n + 1 of them: \
             the windows start at 0 ..= T − n.",
        zh: "你的分母每句只算了 T − n 个 n-gram。T 个词的句子有 T − n + 1 个：窗口起点是 0 ..= T − n。",
    };
}
