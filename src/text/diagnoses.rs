//! What the checker says of a wrong answer that no catalogued mistake
//! explains, where it reads the answer as the right formula with one term
//! changed, or reads a panic for its cause (`exercises::diagnosis::diagnose`).
//! `{$name}` and `{$other}` are the formula's own symbols (`W_a`, `h_prev`).

use super::texts;

texts! {
    TERM_MISSING {
        en: "{$name} is missing: your answer is the formula with {$name} = 0.",
        zh: "少了 {$name}：你的答案等于把公式里的 {$name} 设为 0。",
    };
    TERM_SIGN {
        en: "{$name} enters with the wrong sign: your answer is the formula with −{$name}.",
        zh: "{$name} 的符号反了：你的答案等于把公式里的 {$name} 换成 −{$name}。",
    };
    TERM_TWICE {
        en: "{$name} is counted twice: your answer is the formula with 2·{$name}.",
        zh: "{$name} 算了两次：你的答案等于把公式里的 {$name} 换成 2·{$name}。",
    };
    TERM_HALVED {
        en: "{$name} is halved: your answer is the formula with {$name}/2.",
        zh: "{$name} 被减半了：你的答案等于把公式里的 {$name} 换成 {$name}/2。",
    };
    TERM_SWAPPED {
        en: "you used {$other} where {$name} belongs.",
        zh: "该用 {$name} 的地方，你用了 {$other}。",
    };
    TERM_IDENTITY {
        en: "{$name} is left out: your answer is the formula with {$name} = I.",
        zh: "漏掉了 {$name}：你的答案等于把公式里的 {$name} 换成单位矩阵 I。",
    };
    TERM_TRANSPOSED {
        en: "you used {$name}ᵀ where {$name} belongs.",
        zh: "该用 {$name} 的地方，你用了它的转置 {$name}ᵀ。",
    };
    TERMS_EXCHANGED {
        en: "you swapped {$name} and {$other}: each stands where the other belongs.",
        zh: "你把 {$name} 和 {$other} 弄反了：两者各自站在了对方的位置上。",
    };
    TERM_EVERYWHERE {
        en: "you used {$name} in place of {$others} too: each term has its own weights (a line copied and not \
             edited?).",
        zh: "你在 {$others} 的位置上也用了 {$name}：每一项都有自己的权重（是不是复制了一行却忘了改？）。",
    };
    /// Joins the names of `TERM_EVERYWHERE`'s `{$others}`.
    AND { en: " and ", zh: "、" };
    OPERANDS {
        en: " The operands were {$a} and {$b}.",
        zh: "两个操作数分别是 {$a}，以及 {$b}。",
    };
    SHAPE_OF { en: "{$shape}, the shape of {$names}", zh: "{$shape}，即 {$names} 的形状" };
    PANIC_PRODUCT {
        en: "a matrix product has mismatched dimensions: A·B needs A's columns to equal B's rows.{$operands} The \
             inputs were {$inputs}. Write each product's shape beside it, e.g. `// (n', T_x)`, and transpose or \
             swap the factor that does not fit (a.tr_mul(&b) is aᵀ·b).",
        zh: "有一个矩阵乘积的维度对不上：A·B 要求 A 的列数等于 B 的行数。{$operands}输入是 {$inputs}。\
             在每个乘积旁边写上它的形状，例如 `// (n', T_x)`，再把对不上的那个因子转置或换掉\
             （a.tr_mul(&b) 就是 aᵀ·b）。",
    };
    PANIC_SUM {
        en: "two terms added or multiplied entry by entry have different shapes.{$operands} The inputs were \
             {$inputs}: check each term's shape, and which product should have brought them to the same one.",
        zh: "两个逐元素相加或相乘的项形状不同。{$operands}输入是 {$inputs}：检查每一项的形状，\
             看看本该由哪个乘积把它们变成同一形状。",
    };
    PANIC_INDEX {
        en: "an index ran past the end of a matrix or vector. The inputs were {$inputs}: check which axis each \
             index runs over (rows come first in m[(row, col)]) and the range of every loop.",
        zh: "有一个下标越过了矩阵或向量的末尾。输入是 {$inputs}：检查每个下标沿哪个轴走\
             （m[(row, col)] 里行在前）以及每个循环的范围。",
    };
    PANIC_UNDERFLOW {
        en: "an index went below 0 (a usize subtraction overflowed). The inputs were {$inputs}: at the smallest \
             t, check what each `t - k` gives.",
        zh: "有一个下标减到了 0 以下（usize 减法溢出）。输入是 {$inputs}：在最小的 t 上，\
             检查每个 `t - k` 得到什么。",
    };
    PANIC_OTHER {
        en: "your function panicked. The inputs were {$inputs}: read the message above for its cause.",
        zh: "你的函数 panic 了。输入是 {$inputs}：原因见上面的报错信息。",
    };
    // Exercise 19, one step of beam search.
    BEAM_WORD_OFFSET {
        en: "your survivors are the right ones, but every word id is one too high: word w is row w of next_log_p, \
             counted from 0.",
        zh: "你选出的幸存者是对的，但每个词的 id 都大了 1：词 w 就是 next_log_p 的第 w 行，从 0 开始数。",
    };
    BEAM_WORD_SCORE {
        en: "you chose the right survivors but returned the word's ln p alone. A survivor's ln p is the whole \
             prefix's: ln p(prefix_h) + ln p(w | prefix_h).",
        zh: "幸存者选对了，但你返回的只是这个词自己的 ln p。幸存者的 ln p 是整个前缀的：\
             ln p(prefix_h) + ln p(w | prefix_h)。",
    };
    BEAM_WORST {
        en: "you kept the lowest scores. A log-probability is at most 0, and the best candidate is the largest, the \
             closest to 0: sort largest first, b.2.total_cmp(&a.2).",
        zh: "你留下的是得分最低的。对数概率最大为 0，最好的候选是最大的那个，也就是最接近 0 的：\
             按从大到小排序，b.2.total_cmp(&a.2)。",
    };
    BEAM_COUNT {
        en: "you returned {$got} survivors, live and finished together, where {$want} belong: exactly the room best \
             candidates survive (fewer only when there are fewer candidates).",
        zh: "你返回了 {$got} 个幸存者（未完成的和已完成的合计），应该是 {$want} 个：恰好留下 room 个最好的候选\
             （只有候选不够时才更少）。",
    };
    BEAM_SURVIVORS_ONE {
        en: "other candidates survive in your answer: {$missing} should survive and does not. Score every (h, w) as \
             log_p[h] + next_log_p[(w, h)] and keep the room largest.",
        zh: "你的答案里留下的是别的候选：{$missing} 本该留下却没有。每个 (h, w) 的得分是 \
             log_p[h] + next_log_p[(w, h)]，留下最大的 room 个。",
    };
    BEAM_SURVIVORS_MANY {
        en: "other candidates survive in your answer: {$missing} should survive and do not. Score every (h, w) as \
             log_p[h] + next_log_p[(w, h)] and keep the room largest.",
        zh: "你的答案里留下的是别的候选：{$missing} 本该留下却没有。每个 (h, w) 的得分是 \
             log_p[h] + next_log_p[(w, h)]，留下最大的 room 个。",
    };
    BEAM_CANDIDATE { en: "(h {$h}, word {$w})", zh: "（h {$h}，词 {$w}）" };
    /// Joins the candidates of `BEAM_SURVIVORS_*`.
    LIST_SEP { en: ", ", zh: "、" };
    BEAM_FINISHED {
        en: "the right survivors, but not the right ones finished: a survivor is finished exactly when its word is \
             <eos>, and only then.",
        zh: "幸存者对了，但标为已完成的不对：一个幸存者当且仅当它的词是 <eos> 时才算完成。",
    };
    BEAM_SCORES {
        en: "the right survivors, with the wrong scores: each carries the whole prefix's ln p, log_p[h] + \
             next_log_p[(w, h)].",
        zh: "幸存者对了，得分却不对：每个幸存者带的是整个前缀的 ln p，即 log_p[h] + next_log_p[(w, h)]。",
    };
    BEAM_ORDER {
        en: "the right survivors with the right scores, in another order: each list is best first, and equal scores \
             go to the lower h, then the lower w.",
        zh: "幸存者和得分都对，顺序却不同：每个列表都是最好的在前，得分相同时 h 小的在前，再比 w。",
    };
    // Exercises 17 and 21, corpus BLEU.
    BLEU_OTHER_N {
        en: "your answer is the precision of {$other}-grams where {$n}-grams belong: an n-gram is a window of n \
             words, words.windows(n), and a sentence of T words has T − n + 1 of them.",
        zh: "你算的是 {$other}-gram 的精确率，而这里要的是 {$n}-gram：n-gram 是 n 个词的窗口，即 words.windows(n)，\
             T 个词的句子有 T − n + 1 个。",
    };
    BLEU_SPLIT {
        en: "your answer counts only the first {$k} of the {$count} sentence pairs. Corpus precision sums matches \
             and n-grams over every pair: check the loop's range.",
        zh: "你的答案只算了 {$count} 对句子中的前 {$k} 对。语料级精确率要把每一对的匹配数和 n-gram 数都加起来：\
             检查循环的范围。",
    };
    // Exercise 20, the energies' backward pass.
    EBACK_REVERSED {
        en: "you read ∂e backwards: ∂e_i belongs to source position i, the column a_i of A, in the same order.",
        zh: "你把 ∂e 倒过来读了：∂e_i 属于源位置 i，对应 A 的第 i 列 a_i，顺序相同。",
    };
    EBACK_DZ_WRONG {
        en: "your ∂v_a is right and your ∂Z is not. Entry (k, i) of ∂Z is the product of three factors: v_a[k], \
             ∂e_i and tanh's slope 1 − a[(k, i)]²; check each.",
        zh: "你的 ∂v_a 对了，∂Z 不对。∂Z 的 (k, i) 元是三个因子的乘积：v_a[k]、∂e_i 和 tanh 的斜率 \
             1 − a[(k, i)]²；逐个检查。",
    };
    EBACK_DV_WRONG {
        en: "your ∂Z is right and your ∂v_a is not. e_i = v_aᵀ a_i, so ∂v_a = Σ_i ∂e_i a_i = A ∂e, with no tanh \
             slope in it.",
        zh: "你的 ∂Z 对了，∂v_a 不对。e_i = v_aᵀ a_i，所以 ∂v_a = Σ_i ∂e_i a_i = A ∂e，里面没有 tanh 的斜率。",
    };
}
