//! What the checker reads in a wrong answer from the two outputs alone
//! (`exercises::diagnosis::relation`): the right numbers in other places, a
//! constant factor, a non-linearity too many or too few, a normalisation, a
//! loop's edge, where NaN appears and which entries are right. Each reading
//! names the answer's axes in the exercise's words, the `AXIS_*` entries
//! here: a name ("source position i") and the same numbered (`{$n}`, a list
//! of 0-based indices: "source position i 0, 2"), since Chinese numbers an
//! axis in its own word order (第 3 行, 源位置 3, h 的第 3 维). A Chinese name
//! keeps an axis's explanation ("维度（0..n 是 →h…）") and its numbered form
//! drops it, so that a numbered axis in parentheses holds no parentheses.

use super::texts;

texts! {
    // The axes when an exercise names none.
    AXIS_ROW { en: "row", zh: "行" };
    AXIS_ROW_AT { en: "row {$n}", zh: "第 {$n} 行" };
    AXIS_COLUMN { en: "column", zh: "列" };
    AXIS_COLUMN_AT { en: "column {$n}", zh: "第 {$n} 列" };
    AXIS_ENTRY { en: "entry", zh: "元素" };
    AXIS_ENTRY_AT { en: "entry {$n}", zh: "第 {$n} 个元素" };
    ROW_INDEX { en: "the row index", zh: "行下标" };
    COLUMN_INDEX { en: "the column index", zh: "列下标" };
    // The axes of each exercise's answer (`exercises::diagnosis::knowledge`).
    AXIS_EMBEDDING_DIM { en: "embedding dimension", zh: "词嵌入维度" };
    AXIS_EMBEDDING_DIM_AT { en: "embedding dimension {$n}", zh: "词嵌入的第 {$n} 维" };
    AXIS_TOKEN { en: "token", zh: "词" };
    AXIS_TOKEN_AT { en: "token {$n}", zh: "第 {$n} 个词" };
    AXIS_DIM_H { en: "dimension of h", zh: "h 的维度" };
    AXIS_DIM_H_AT { en: "dimension of h {$n}", zh: "h 的第 {$n} 维" };
    AXIS_DIM_HALVES { en: "dimension (0..n: →h, n..2n: ←h)", zh: "维度（0..n 是 →h，n..2n 是 ←h）" };
    AXIS_DIM_HALVES_AT {
        en: "dimension (0..n: →h, n..2n: ←h) {$n}",
        zh: "第 {$n} 维",
    };
    AXIS_SOURCE_POSITION { en: "source position i", zh: "源位置" };
    AXIS_SOURCE_POSITION_AT { en: "source position i {$n}", zh: "源位置 {$n}" };
    AXIS_ATTENTION_DIM { en: "attention dimension k", zh: "注意力维度" };
    AXIS_ATTENTION_DIM_AT { en: "attention dimension k {$n}", zh: "注意力的第 {$n} 维" };
    AXIS_SENTENCE { en: "sentence b", zh: "句子" };
    AXIS_SENTENCE_AT { en: "sentence b {$n}", zh: "句子 {$n}" };
    AXIS_DIM_C_T { en: "dimension of c_t", zh: "c_t 的维度" };
    AXIS_DIM_C_T_AT { en: "dimension of c_t {$n}", zh: "c_t 的第 {$n} 维" };
    AXIS_DIM_S_T { en: "dimension of s_t", zh: "s_t 的维度" };
    AXIS_DIM_S_T_AT { en: "dimension of s_t {$n}", zh: "s_t 的第 {$n} 维" };
    AXIS_SOURCE_WORD { en: "source word i", zh: "源语言词" };
    AXIS_SOURCE_WORD_AT { en: "source word i {$n}", zh: "源语言词 {$n}" };
    AXIS_DIM_C { en: "dimension of c", zh: "c 的维度" };
    AXIS_DIM_C_AT { en: "dimension of c {$n}", zh: "c 的第 {$n} 维" };
    AXIS_DECODER_STEP { en: "decoder step t", zh: "解码步" };
    AXIS_DECODER_STEP_AT { en: "decoder step t {$n}", zh: "解码步 {$n}" };
    AXIS_DIM_C_B { en: "dimension of c_b", zh: "c_b 的维度" };
    AXIS_DIM_C_B_AT { en: "dimension of c_b {$n}", zh: "c_b 的第 {$n} 维" };
    AXIS_SURVIVOR { en: "survivor", zh: "幸存者" };
    AXIS_SURVIVOR_AT { en: "survivor {$n}", zh: "幸存者 {$n}" };
    AXIS_BEAM_FIELD { en: "field (h, word, ln p, finished)", zh: "字段（h、词、ln p、是否完成）" };
    AXIS_BEAM_FIELD_AT {
        en: "field (h, word, ln p, finished) {$n}",
        zh: "字段 {$n}",
    };
    AXIS_EBACK_COLUMN {
        en: "column (0: ∂v_a; 1 + i: ∂Z at source position i)",
        zh: "列（第 0 列是 ∂v_a，第 1 + i 列是源位置 i 处的 ∂Z）",
    };
    AXIS_EBACK_COLUMN_AT {
        en: "column (0: ∂v_a; 1 + i: ∂Z at source position i) {$n}",
        zh: "第 {$n} 列",
    };
    /// After the first six indices of a list (joined by `diagnoses::LIST_SEP`).
    LIST_MORE { en: ", …", zh: " 等" };
    // The right numbers in other places.
    TRANSPOSED {
        en: "your answer is the transpose of the right one: one row per {$rows}, one column per {$cols}.",
        zh: "你的答案是正确答案的转置：应当一行对应一个{$rows}，一列对应一个{$cols}。",
    };
    /// A vector's transpose: its columns have no name.
    TRANSPOSED_VECTOR {
        en: "your answer is the transpose of the right one: one row per {$rows}, one column per .",
        zh: "你的答案是正确答案的转置：应当只有一列，一行对应一个{$rows}。",
    };
    REARRANGED {
        en: "your answer holds exactly the right numbers, arranged as {$got} instead of {$want}: check along which \
             axis you joined or indexed.",
        zh: "你的答案里的数一个不差，却排成了 {$got}，而不是 {$want}：检查你是沿哪个轴拼接或取下标的。",
    };
    REVERSED {
        en: "the right numbers in reverse order: {$axis} runs backwards.",
        zh: "数都对，只是{$axis}的顺序整个倒过来了。",
    };
    PERMUTED_COLUMNS {
        en: "every {$axis} is right but in the wrong column",
        zh: "各{$axis}的数都对，只是放到了别的列",
    };
    PERMUTED_ROWS { en: "every {$axis} is right but in the wrong row", zh: "各{$axis}的数都对，只是放到了别的行" };
    PERMUTED_ENTRIES {
        en: "the entries are the right numbers in other places",
        zh: "各个元素都是对的数，只是放错了位置",
    };
    PERMUTED {
        en: "{$what}: check which index you read each entry from (a sort, a swapped index, a reversed loop?).",
        zh: "{$what}：检查每个元素是从哪个下标读出来的（是不是排了序、下标写反了，或者循环倒着走了？）。",
    };
    /// The same, with which entries are right (`PARTIAL_*`).
    PERMUTED_PARTLY {
        en: "{$what} ({$right}): check which index you read each entry from (a sort, a swapped index, a reversed \
             loop?).",
        zh: "{$what}（{$right}）：检查每个元素是从哪个下标读出来的（是不是排了序、下标写反了，或者循环倒着走了？）。",
    };
    // A constant factor; the named factors come with what they suggest.
    FACTOR_SIGN { en: "−1 (the sign is flipped)", zh: "−1（符号反了）" };
    FACTOR_PERCENT {
        en: "100 (a percentage where a share from 0 to 1 belongs)",
        zh: "100（这里要的是 0 到 1 之间的比例，你给的是百分数）",
    };
    FACTOR_LOG2 { en: "1/ln 2 (log₂ instead of ln)", zh: "1/ln 2（用了 log₂，而不是 ln）" };
    FACTOR_LOG10 { en: "1/ln 10 (log₁₀ instead of ln)", zh: "1/ln 10（用了 log₁₀，而不是 ln）" };
    FACTOR_SIGN_LOG2 {
        en: "−1/ln 2 (the sign, and log₂ instead of ln)",
        zh: "−1/ln 2（符号反了，而且用了 log₂，而不是 ln）",
    };
    FACTOR_MEAN { en: "1/{$d} (a mean where a sum belongs?)", zh: "1/{$d}（该求和的地方求了平均？）" };
    FACTOR_INV_SQRT {
        en: "1/√{$d} (a scaling this formula does not have)",
        zh: "1/√{$d}（这个公式里没有这种缩放）",
    };
    FACTOR_SQRT { en: "√{$d} (a scaling this formula does not have)", zh: "√{$d}（这个公式里没有这种缩放）" };
    FACTOR_INV_LN {
        en: "1/ln {$d} (a normalisation this formula does not have)",
        zh: "1/ln {$d}（这个公式里没有这种归一化）",
    };
    FACTOR { en: "your answer is {$factor} times the right one.", zh: "你的答案等于正确答案乘以 {$factor}。" };
    FACTOR_UNNAMED {
        en: "your answer is the right one times a constant, {$k}: something scales it that should not.",
        zh: "你的答案等于正确答案乘以一个常数 {$k}：有个不该有的东西把它缩放了。",
    };
    CONSTANT {
        en: "every entry of your answer is {$v}, whatever the input: the formula's terms never reach it.",
        zh: "不管输入是什么，你的答案每个元素都是 {$v}：公式里的各项根本没有作用到它上面。",
    };
    AFFINE {
        en: "each of your entries is {$k} × (the right value) {$sign} {$c}: a constant is added that should not be.",
        zh: "你的每个元素都等于 {$k} ×（正确的值）{$sign} {$c}：多加了一个不该有的常数。",
    };
    // A non-linearity too many or too few.
    TANH_MISSING {
        en: "a tanh is missing: tanh of your answer is the right one.",
        zh: "少了一个 tanh：对你的答案取 tanh，就得到正确答案。",
    };
    TANH_EXTRA {
        en: "you applied a tanh this function does not have: your answer is tanh of the right one.",
        zh: "你多用了一个 tanh，这个函数里没有它：你的答案是正确答案的 tanh。",
    };
    SIGMA_MISSING {
        en: "a σ is missing: σ of your answer is the right one.",
        zh: "少了一个 σ：对你的答案取 σ，就得到正确答案。",
    };
    SIGMA_EXTRA {
        en: "you applied a σ this function does not have: your answer is σ of the right one.",
        zh: "你多用了一个 σ，这个函数里没有它：你的答案是正确答案的 σ。",
    };
    LOG_SPACE {
        en: "your answer is the logarithm of the right one: return the values themselves, not their log.",
        zh: "你的答案是正确答案的对数：直接返回这些值本身，不要取 log。",
    };
    EXP_EXTRA {
        en: "your answer is exp of the right one: an exp too many.",
        zh: "你的答案是正确答案的 exp：多了一个 exp。",
    };
    // Normalised where it must not be, or not normalised where it must.
    NORMALISED_EACH {
        en: "each {$axis} sums to 1, like softmax weights, and the right one does not (it sums to {$sum}): no softmax \
             or normalisation belongs in this function, or you returned a single row of weights.",
        zh: "你的答案里，各{$axis}的和都是 1，就像 softmax 权重，而正确答案不是（它的和是 {$sum}）：\
             这个函数里不该有 softmax 或归一化，要不就是你只返回了一行权重。",
    };
    NORMALISED_ANSWER {
        en: "your answer sums to 1, like softmax weights, and the right one does not (it sums to {$sum}): no \
             softmax or normalisation belongs in this function, or you returned a single row of weights.",
        zh: "你的答案之和是 1，就像 softmax 权重，而正确答案不是（它的和是 {$sum}）：这个函数里不该有 \
             softmax 或归一化，要不就是你只返回了一行权重。",
    };
    NOT_NORMALISED_EACH {
        en: "each {$axis} has the right proportions but sums to {$sums} instead of 1: divide by the sum of the same \
             values you return.",
        zh: "你的答案里，各{$axis}的比例都对，和却是 {$sums}，而不是 1：要除以你返回的这些值自己的和。",
    };
    NOT_NORMALISED_ANSWER {
        en: "your answer has the right proportions but sums to {$sums} instead of 1: divide by the sum of the same \
             values you return.",
        zh: "你的答案比例对了，和却是 {$sums}，而不是 1：要除以你返回的这些值自己的和。",
    };
    // A loop that starts one late or stops one short.
    LOOP_LAST {
        en: "every {$axis} is right except the last ({$at}), which is 0: your loop stops one short. A range over n \
             entries is 0..n.",
        zh: "其余的{$axis}都对，只有最后一个（{$at}）是 0：你的循环少走了最后一步。\
             遍历 n 个元素的范围是 0..n。",
    };
    LOOP_FIRST {
        en: "every {$axis} is right except the first ({$at}), which is 0: your loop starts one late. A range over n \
             entries starts at 0.",
        zh: "其余的{$axis}都对，只有第一个（{$at}）是 0：你的循环晚开始了一步。\
             遍历 n 个元素的范围从 0 开始。",
    };
    // NaN or ∞ where the right answer has none.
    /// `{$kind}` is NaN or ∞, `{$at}` where (a vector's entries).
    NONFINITE_AT {
        en: "your answer has {$kind} at {$at} (the largest finite value around is {$big}). {$cause}",
        zh: "你的答案在{$at}出现了 {$kind}（这里最大的有限值是 {$big}）。{$cause}",
    };
    /// The same, in a matrix's rows.
    NONFINITE_IN {
        en: "your answer has {$kind} in {$at} (the largest finite value around is {$big}). {$cause}",
        zh: "你的答案在{$at}出现了 {$kind}（这里最大的有限值是 {$big}）。{$cause}",
    };
    NONFINITE_CAUSE {
        en: "An exp that overflows (above about 709), a log of 0, or 0·∞ and ∞ − ∞ give these: print the \
             intermediate values.",
        zh: "exp 溢出（参数超过约 709）、对 0 取 log，以及 0·∞ 和 ∞ − ∞，都会得到这样的值：把中间结果打印出来看看。",
    };
    // Which entries are right, when some are.
    PARTIAL_ONE {
        en: "only {$at} of your answer is right; the others are not",
        zh: "你的答案只有{$at}是对的，其余的都不对",
    };
    PARTIAL_MANY {
        en: "only {$at} of your answer are right; the others are not",
        zh: "你的答案只有{$at}是对的，其余的都不对",
    };
    PARTIAL_COUNT { en: "{$right} of {$total} entries are right", zh: "{$total} 个元素里有 {$right} 个是对的" };
    PARTIAL {
        en: "{$what}. Look for what the right part has that the rest lacks: a loop's first or last index, one half \
             of a concatenation.",
        zh: "{$what}。找找对的那部分有什么是其余部分没有的：循环的第一个或最后一个下标，或者拼接的某一半。",
    };
    // Around a designed input's reading (`exercises::diagnosis::probes`).
    /// What the learner's function gave when it panicked on a designed input.
    A_PANIC { en: "a panic", zh: "一次 panic" };
    /// A reading of the learner's answer on a designed input, after what it should have been.
    THERE { en: " There, {$reading}", zh: "在这个输入上，{$reading}" };
    BEFORE_AFTER { en: " Before: {$before}; after: {$after}.", zh: "改动前：{$before}；改动后：{$after}。" };
}
