//! `bug`: what each classic mistake is, what its tables show, and how it
//! gives itself away in real code.

use super::texts;

texts! {
    TITLE_STATE_T {
        en: "s_t where s_{t-1} belongs: the query one step late",
        zh: "该用 s_{t-1} 的地方用了 s_t，查询晚了一步",
    };
    TITLE_BROADCAST {
        en: "W_a s_{t-1} added along the wrong axis of U_a H",
        zh: "W_a s_{t-1} 沿着 U_a H 错误的轴加了上去",
    };
    TITLE_NO_SUM {
        en: "c_t without its sum over i: H α_t written as H ∘ α_t",
        zh: "c_t 漏掉了对 i 的求和：把 H α_t 写成了 H ∘ α_t",
    };
    TITLE_SOFTMAX_AXIS {
        en: "softmax over the target axis of the energies instead of the source axis",
        zh: "softmax 沿能量的目标语言轴做了，而不是沿源语言轴",
    };
    TITLE_FP16_MASK {
        en: "an additive (1 − keep)·(−1e9) mask computed in half precision",
        zh: "用半精度计算加性掩码 (1 − keep)·(−1e9)",
    };
    RECOGNISE_STATE_T {
        en: "The alignment looks shifted up one row (each target word seems aligned with the source of the \
             next one) while every shape checks out, and the trained weights suddenly translate badly.",
        zh: "对齐矩阵看上去整体上移了一行（每个目标词似乎都对齐到下一个词的源词上），而所有形状都对得上；\
             训练好的权重也突然翻译得很差。",
    };
    RECOGNISE_BROADCAST {
        en: "It runs only when n' happens to equal T_x, so it crashes on some sentences and gives odd weights \
             on others: test with sizes that all differ.",
        zh: "只有 n' 恰好等于 T_x 时它才跑得起来，所以有的句子直接报错，有的句子给出古怪的权重：\
             测试时让各个尺寸互不相同。",
    };
    RECOGNISE_NO_SUM {
        en: "A shape error one layer later (the decoder wants 2n numbers and gets 2n × T_x), or, where a \
             library broadcasts, outputs that grow with the sentence length.",
        zh: "下一层会出现形状错误（解码器要的是 2n 个数，拿到的却是 2n × T_x）；如果库会自动广播，\
             输出就会随句子长度变大。",
    };
    RECOGNISE_SOFTMAX_AXIS {
        en: "The rows of A do not sum to 1 but its columns do, and a row's weights change when another target \
             word is added.",
        zh: "A 的每一行加起来不是 1，每一列却是 1；而且多加一个目标词，某一行的权重就会跟着变。",
    };
    RECOGNISE_FP16_MASK {
        en: "The loss turns NaN as soon as half precision is switched on, on every batch with padding, while \
             fp32 trains fine.",
        zh: "一打开半精度，凡是带填充的批次，损失都变成 NaN；用 fp32 却训练得好好的。",
    };
    RIGHT_STATE_T { en: "A, α_t queried with s_{t-1}", zh: "A，α_t 用 s_{t-1} 查询" };
    WRONG_STATE_T {
        en: "A of the buggy decoder: s_t = GRU(y_{t-1}, s_{t-1}, c_{t-1}) first, then α_t queried with s_t",
        zh: "有错的解码器的 A：先算 s_t = GRU(y_{t-1}, s_{t-1}, c_{t-1})，再用 s_t 查询 α_t",
    };
    RIGHT_BROADCAST {
        en: "tanh(W_a s_0 + U_a h_i), the query added to every column",
        zh: "tanh(W_a s_0 + U_a h_i)，查询加到每一列上",
    };
    WRONG_BROADCAST {
        en: "the query added to every row: entry k of W_a s_0 shifts source word k",
        zh: "查询加到了每一行上：W_a s_0 的第 k 个元素平移的是第 k 个源词",
    };
    RIGHT_NO_SUM { same: "c_1 = H α_1 = Σ_i α_{1,i} h_i" };
    WRONG_NO_SUM { en: "H ∘ α_1, column i is α_{1,i} h_i", zh: "H ∘ α_1，第 i 列是 α_{1,i} h_i" };
    RIGHT_SOFTMAX_AXIS { en: "A, softmax over i in every row", zh: "A，每一行沿 i 做 softmax" };
    WRONG_SOFTMAX_AXIS { en: "softmax over t in every column", zh: "每一列沿 t 做 softmax" };
    RIGHT_FP16_MASK { en: "masked energies replaced by −65504", zh: "被掩掉的能量换成 −65504" };
    WRONG_FP16_MASK { en: "softmax(e_1 + mask in fp16)", zh: "softmax(e_1 + mask)，掩码在半精度下计算" };
    /// The first line of `bug NAME`.
    HEAD { en: "bug {$name}: {$title}", zh: "经典错误 {$name}：{$title}" };
    SHAPES {
        en: "  right: {$right} = {$right_n}    wrong: {$wrong} = {$wrong_n}",
        zh: "  正确：{$right} = {$right_n}    错误：{$wrong} = {$wrong_n}",
    };
    RIGHT { en: "right, {$what}:", zh: "正确的结果（{$what}）：" };
    WRONG { en: "wrong, {$what}:", zh: "错误的结果（{$what}）：" };
    HOW_TO_RECOGNISE { en: "How to recognise it: {$how}", zh: "怎样认出它：{$how}" };
    BROADCAST_REFUSED {
        en: "Here n' = {$n_a} and T_x = {$t_x}: {$error}, so a library stops with a shape error.",
        zh: "这里 n' = {$n_a}，T_x = {$t_x}：{$error}，所以库会报形状错误并停下。",
    };
    BROADCAST_RUNS {
        en: "With n' = T_x = {$t_x} (same sentences, weights drawn from the seed), broadcasting runs silently:",
        zh: "当 n' = T_x = {$t_x} 时（句子相同，权重从种子抽取），广播会悄无声息地跑完：",
    };
    P_CORRECT {
        en: "p of the correct word at each t, both decoders on the same weights:",
        zh: "每个 t 上正确词的概率 p，两个解码器用同一组权重：",
    };
    ROW_RIGHT { en: "right", zh: "正确" };
    ROW_BUGGY { en: "buggy", zh: "有错" };
    ALPHA_RIGHT { en: "α_1 right", zh: "α_1 正确" };
    ALPHA_WRONG { en: "α_1 wrong", zh: "α_1 错误" };
    ATTENTION_THEN { en: "what attention then does at t = 1:", zh: "于是 t = 1 时注意力会这样分配：" };
    ENERGIES { en: "the energies E, row t = e_t:", zh: "能量 E，第 t 行是 e_t：" };
    PADDED_SENTENCE { en: "the padded sentence \"{$words}\" at t = 1:", zh: "填充后的句子“{$words}”在 t = 1 时：" };
    MASK_FP32 { en: "mask in fp32", zh: "fp32 掩码" };
    MASK_FP16 { en: "mask in fp16", zh: "fp16 掩码" };
    NOT_A_SHIFT {
        en: "Not just a shift: max |buggy row t − right row t+1| over t = 1 … {$last} is {$gap}, because every \
             state of the buggy decoder differs too.",
        zh: "这不只是平移：在 t = 1 … {$last} 上，max |有错的第 t 行 − 正确的第 t+1 行| 是 {$gap}，\
             因为有错的解码器的每个状态也都不一样。",
    };
    GREEDY_RIGHT {
        en: "greedy translation, right decoder: {$words}",
        zh: "贪心解码的译文，正确的解码器：{$words}",
    };
    GREEDY_BUGGY {
        en: "greedy translation, buggy decoder: {$words}",
        zh: "贪心解码的译文，有错的解码器：{$words}",
    };
    SUM_GIVES_BACK {
        en: "summing the wrong matrix over i gives c_1 back: max |difference| = {$gap}",
        zh: "把错误的矩阵沿 i 求和，就得回 c_1：max |差| = {$gap}",
    };
    SAME_SLIP_IN_E {
        en: "the same slip in e_1 (v_a ∘ tanh(…) without the sum over n') gives {$rows} × {$cols} numbers \
             instead of T_x = {$t_x}",
        zh: "同样的疏忽出现在 e_1 里（v_a ∘ tanh(…) 没有对 n' 求和），得到的是 {$rows} × {$cols} 个数，\
             而不是 T_x = {$t_x} 个",
    };
    FP16_STORED {
        en: "−1e9 is beyond half precision's ±65504, so it is stored as {$stored}; then 0 · (−∞) = NaN on every \
             kept position, and the whole row is NaN.",
        zh: "−1e9 超出了半精度的 ±65504，于是被存成 {$stored}；接着在每个保留的位置上 0 · (−∞) = NaN，\
             整行都成了 NaN。",
    };
    FP16_RIGHT {
        en: "The right row replaces masked energies with −65504 (or −∞) instead of adding a product.",
        zh: "正确的那一行把被掩掉的能量直接换成 −65504（或 −∞），而不是加上一个乘积。",
    };
    LIST_HEAD {
        en: "bug NAME runs the walkthrough with one classic mistake. The names:",
        zh: "bug 名称：在演示中植入一个经典错误再运行一遍。可用的名称：",
    };
    LIST_EXAMPLE { en: "For example: bug softmax_axis", zh: "例如：bug softmax_axis" };
}
