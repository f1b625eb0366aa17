//! The replies of `compare`, `mask`, `qkv` and `diagnose`, the notes on
//! which weights they ran on, and what their commands say when a line
//! cannot be done.

use super::texts;

texts! {
    // compare
    COMPARE_TRAINED {
        en: "each score in its own trained model, on its own s_{t-1} and H",
        zh: "每种打分函数各用自己训练好的模型，各用自己的 s_{t-1} 和 H",
    };
    COMPARE_BEFORE {
        en: "every score on the same s_{$prev} and H, before training",
        zh: "所有打分函数都用同一个 s_{$prev} 和 H，尚未训练",
    };
    COMPARE_HEAD {
        en: "compare at t = {$t} (writing \"{$word}\"): {$how}",
        zh: "在 t = {$t} 处比较（正在写“{$word}”）：{$how}",
    };
    COMPARE_E { en: "e_{$t}, one row per score:", zh: "e_{$t}，每种打分函数一行：" };
    COMPARE_ALPHA {
        en: "α_{$t} = softmax(e_{$t}), one row per score:",
        zh: "α_{$t} = softmax(e_{$t})，每种打分函数一行：",
    };
    COMPARE_DOT_REFUSED { en: "dot on s_{$prev} itself: {$why}.", zh: "直接对 s_{$prev} 做点积：{$why}。" };
    COMPARE_DOT_PROJECTED {
        en: "  So dot and scaled score q = W_q s_{$prev} (W_q: {$two_n} × {$n}), and dot on q is general with \
             W = W_qᵀ: max |difference| = {$gap}",
        zh: "  所以 dot 和 scaled 给 q = W_q s_{$prev} 打分（W_q：{$two_n} × {$n}）；对 q 做 dot 就是 \
             W = W_qᵀ 时的 general：max |差| = {$gap}",
    };
    COMPARE_CONCAT {
        en: "concat with W = [W_a, U_a] and v = v_a is the additive score: max |difference| = {$gap}",
        zh: "取 W = [W_a, U_a]、v = v_a 时，concat 就是加性打分：max |差| = {$gap}",
    };
    COMPARE_REAL {
        en: "On the real corpus only additive was trained: every other score is an untrained draw, before or not.",
        zh: "在真实语料上只训练过 additive：其余打分函数不论加不加 before，都是未经训练的随机抽取。",
    };
    T_OUTSIDE {
        en: "t = {$t} is outside 1 … {$t_y}: type compare followed by a target position, e.g. compare 1",
        zh: "t = {$t} 不在 1 … {$t_y} 之内：输入 compare 加一个目标位置，例如 compare 1",
    };
    NOT_A_POSITION {
        en: "\"{$word}\" is not a target position: write {$name} 2 or {$name} t=2",
        zh: "“{$word}”不是目标位置：请写 {$name} 2 或 {$name} t=2",
    };
    AT_MOST_ONE_POSITION {
        en: "{$name} takes at most one target position: {$name} 2",
        zh: "{$name} 最多接受一个目标位置：{$name} 2",
    };
    SCORE_NEEDS_KIND {
        en: "score needs one kind: score dot, or score dot before for the untrained draw (the kinds: {$kinds})",
        zh: "score 需要一种打分函数：score dot，或者 score dot before 看未训练的抽取（可选：{$kinds}）",
    };
    DIAGNOSE_ARGS {
        en: "diagnose takes nothing, or before for the untrained scores: diagnose before",
        zh: "diagnose 不带参数，或者带 before 看未训练的打分：diagnose before",
    };
    BUG_ARGS {
        en: "bug takes one name: bug softmax_axis (bug alone lists them)",
        zh: "bug 只接受一个名称：bug softmax_axis（只输入 bug 会列出所有名称）",
    };
    QKV_MODE_UNKNOWN {
        en: "unknown qkv mode \"{$word}\": type qkv on, qkv off or qkv separate",
        zh: "qkv 没有“{$word}”这种模式：输入 qkv on、qkv off 或 qkv separate",
    };
    QKV_T_OUTSIDE {
        en: "t = {$t} is outside 1 … {$t_y}: type qkv separate, or goto a step with t in that range",
        zh: "t = {$t} 不在 1 … {$t_y} 之内：输入 qkv separate，或先用 goto 跳到 t 在此范围内的某一步",
    };
    BUG_UNKNOWN {
        en: "unknown bug \"{$word}\": type bug followed by one of {$names}",
        zh: "没有叫“{$word}”的错误：输入 bug 加下列名称之一：{$names}",
    };
    BUG_NO_TARGET {
        en: "the target is empty, so there is no decoder step: give a target first, e.g. target la zone",
        zh: "目标句是空的，所以没有解码器步骤：先给一个目标句，例如 target la zone",
    };
    BROADCAST_CANNOT_ADD {
        en: "a vector of {$len} entries cannot be added along the T_x = {$t_x} axis of the {$rows} × {$t_x} matrix U_a H",
        zh: "长度为 {$len} 的向量无法沿 {$rows} × {$t_x} 矩阵 U_a H 的 T_x = {$t_x} 轴相加",
    };
    SCORE_UNKNOWN {
        en: "unknown score \"{$word}\": type score followed by one of {$names}",
        zh: "没有“{$word}”这种打分函数：输入 score 加下列名称之一：{$names}",
    };
    // score KIND
    SCORE_WALK_HEAD { en: "score {$kind}: {$formula}", zh: "打分函数 {$kind}：{$formula}" };
    SCORE_WALK_TRAINED {
        en: "  Each score runs in its own trained RNNsearch: H and every s_{t-1} are that model's own.",
        zh: "  每种打分函数都在它自己训练好的 RNNsearch 里运行：H 和每个 s_{t-1} 都是那个模型自己的。",
    };
    SCORE_WALK_DRAWN {
        en: "  Everything after e_t is the model's own code; from t = 2 on, s_{t-1} is this walk's own state.",
        zh: "  e_t 之后的每一步都是模型自己的代码；从 t = 2 起，s_{t-1} 是这次演示自己的状态。",
    };
    NO_PROJECTION {
        en: "  s_{t-1} and h_i both have {$n} entries: the dot product needs no projection.",
        zh: "  s_{t-1} 和 h_i 都有 {$n} 个分量：点积不需要投影。",
    };
    PROJECTION {
        en: "  s_{t-1} has {$n} entries and h_i has {$two_n}: a dot product needs one length, so q = W_q s_{t-1} \
             (W_q: {$two_n} × {$n}) projects the query first.",
        zh: "  s_{t-1} 有 {$n} 个分量，h_i 有 {$two_n} 个：点积要求长度相同，所以先用 q = W_q s_{t-1}\
             （W_q：{$two_n} × {$n}）投影查询。",
    };
    A_UNDER {
        en: "A under {$kind} (rows α_t, teacher-forced on the target):",
        zh: "{$kind} 打分下的 A（每行是 α_t，以目标句做教师强制）：",
    };
    A_UNDER_ADDITIVE { en: "A under additive (the walkthrough's):", zh: "additive 打分下的 A（演示本身的）：" };
    AT_T_WRITING { en: "t = {$t} (writing \"{$word}\"):", zh: "t = {$t}（正在写“{$word}”）：" };
    P_CORRECT { en: "p of the correct word at each t:", zh: "每个 t 上正确词的概率 p：" };
    PATTERN_UNDER { en: "pattern under {$kind}: {$pattern}", zh: "{$kind} 打分下的模式：{$pattern}" };
    // qkv
    QKV_STATE_ON {
        en: "Q/K/V labels are on: qkv on relabels the steps, qkv off restores the paper's names, \
             qkv separate shows keys and values projected apart.",
        zh: "Q/K/V 标签已打开：qkv on 用查询、键、值重新命名各步，qkv off 恢复论文的名称，\
             qkv separate 显示分别投影的键和值。",
    };
    QKV_STATE_OFF {
        en: "Q/K/V labels are off: qkv on relabels the steps, qkv off restores the paper's names, \
             qkv separate shows keys and values projected apart.",
        zh: "Q/K/V 标签已关闭：qkv on 用查询、键、值重新命名各步，qkv off 恢复论文的名称，\
             qkv separate 显示分别投影的键和值。",
    };
    QKV_ARGS {
        en: "qkv takes one word: qkv on, qkv off or qkv separate",
        zh: "qkv 只接受一个词：qkv on、qkv off 或 qkv separate",
    };
    QKV_ON {
        en: "Steps now call s_{t-1} the query q_t and h_i the key k_i and value v_i; qkv off undoes it.",
        zh: "现在各步把 s_{t-1} 叫作查询 q_t，把 h_i 叫作键 k_i 和值 v_i；qkv off 可以撤销。",
    };
    QKV_OFF { en: "Steps use the paper's names again.", zh: "各步重新使用论文里的名称。" };
    QKV_COL_STEP { en: "step", zh: "步骤" };
    QKV_COL_PAPER { en: "paper", zh: "论文" };
    QKV_COL_QKV { en: "queries, keys, values", zh: "查询、键、值" };
    QKV_HEAD {
        en: "qkv: the same attention read as queries, keys and values",
        zh: "qkv：把同一个注意力读作查询、键和值",
    };
    QKV_AT_T {
        en: "At t = {$t}: Bahdanau scores q = s_{$prev} against k_i = h_i and averages v_i = h_i.\n\
             The Transformer projects q = W_q s_{$prev}, K = W_K H, V = W_V H and scores qᵀk_i / √d:",
        zh: "在 t = {$t} 处：Bahdanau 用 q = s_{$prev} 和 k_i = h_i 打分，再对 v_i = h_i 加权平均。\n\
             Transformer 先投影 q = W_q s_{$prev}、K = W_K H、V = W_V H，再用 qᵀk_i / √d 打分：",
    };
    QKV_CONTEXTS {
        en: "the context each reading gives (2n = {$n2}):",
        zh: "每种读法得到的上下文向量（2n = {$n2}）：",
    };
    QKV_GAPS {
        en: "α does not depend on V: max |α(K = V) − α(K ≠ V)| = {$alpha_gap}; the context does: \
             max |c(K = V) − c(K ≠ V)| = {$c_gap}",
        zh: "α 与 V 无关：max |α(K = V) − α(K ≠ V)| = {$alpha_gap}；上下文向量却与 V 有关：\
             max |c(K = V) − c(K ≠ V)| = {$c_gap}",
    };
    // The steps' formulas under qkv on.
    QKV_FORMULA_04 { same: "k_i = v_i = h_i = [→h_i; ←h_i]" };
    QKV_FORMULA_05 { same: "q_1 = s_0 = tanh(W_s ←h_1)" };
    QKV_FORMULA_06 {
        en: "W_a q_t, the query q_t = s_{t-1} projected",
        zh: "W_a q_t，即投影后的查询 q_t = s_{t-1}",
    };
    QKV_FORMULA_07 {
        en: "U_a k_i for every i, as one product U_a K",
        zh: "对每个 i 求 U_a k_i，合起来就是一次乘积 U_a K",
    };
    QKV_FORMULA_08 {
        en: "tanh(W_a q_t + U_a k_i), the query added to every key",
        zh: "tanh(W_a q_t + U_a k_i)，查询加到每一个键上",
    };
    QKV_FORMULA_09 { same: "e_{t,i} = v_aᵀ tanh(W_a q_t + U_a k_i)" };
    QKV_FORMULA_11 { same: "c_t = Σ_i α_{t,i} v_i = V α_t" };
    QKV_FORMULA_12 { same: "q_{t+1} = s_t = GRU_dec(E_y y_{t-1}, q_t, c_t)" };
    /// The three readings' rows in `qkv separate`.
    QKV_ROW_ADDITIVE { en: "K = V = H (additive)", zh: "K = V = H（加性）" };
    QKV_ROW_SHARED { same: "K = V = W_K H" };
    QKV_ROW_APART { same: "K = W_K H, V = W_V H" };
    // mask
    MASK_HEAD {
        en: "mask: a batch of {$rows} sentences padded to T_x = {$t_x}",
        zh: "mask：一批 {$rows} 个句子，都填充到 T_x = {$t_x}",
    };
    MASK_ROW { en: "  row {$b}: ", zh: "  第 {$b} 行：" };
    MASK_ENCODED {
        en: "Each sentence is encoded at its own length; the padded columns of H are zeros.",
        zh: "每个句子按自己的长度编码；H 中填充的列全是 0。",
    };
    MASK_ROW_T1 {
        en: "row {$b}, t = 1: e_1 and α_1 with and without the mask:",
        zh: "第 {$b} 行，t = 1：加掩码和不加掩码时的 e_1 与 α_1：",
    };
    MASK_NO_MASK { en: "α no mask", zh: "α 无掩码" };
    MASK_FILL { en: "α fill {$fill}", zh: "α 填 {$fill}" };
    MASK_PAD_WEIGHT {
        en: "  without the mask the padding takes α = {$weight} of the weight",
        zh: "  不加掩码时，填充位置分走了 α = {$weight} 的权重",
    };
    MASK_ALONE_GAP {
        en: "  masked α against α of the sentence alone, max |difference|: {$gaps}",
        zh: "  加掩码的 α 与单独处理该句时的 α 相比，max |差|：{$gaps}",
    };
    /// One fill's gap in the list after [`MASK_ALONE_GAP`], and what separates two.
    MASK_GAP { en: "{$fill}: {$gap}", zh: "填 {$fill} 时为 {$gap}" };
    LIST_SEP { en: ", ", zh: "，" };
    MASK_FP16 {
        en: "In half precision −1e9 is stored as {$stored} (beyond ±65504); −65504 is the most negative finite value.",
        zh: "在半精度下 −1e9 被存成 {$stored}（超出了 ±65504）；−65504 是最小的有限值。",
    };
    MASK_EMPTY {
        en: "A row that is all padding (an empty sentence in the batch), plain softmax after filling:",
        zh: "全是填充的一行（批次中的空句子），填充后直接做 softmax：",
    };
    MASK_EMPTY_FILL { en: "fill {$fill}", zh: "填 {$fill}" };
    MASK_EMPTY_FP16 { en: "fill −1e9 in fp16", zh: "fp16 下填 −1e9" };
    MASK_EMPTY_SPREAD {
        en: "  finite fills spread the weight evenly over padding (silently wrong); −∞ gives NaN.",
        zh: "  填有限值会把权重平均分给填充位置（错了却不报错）；填 −∞ 则得到 NaN。",
    };
    MASK_REFUSES {
        en: "  masked_softmax refuses the row instead: {$error}",
        zh: "  masked_softmax 则拒绝处理这一行：{$error}",
    };
    // diagnose
    DIAGNOSE_HEAD {
        en: "diagnose: the walkthrough's alignment A (additive score)",
        zh: "diagnose：演示中的对齐矩阵 A（加性打分）",
    };
    ENTROPY_HEAD {
        en: "entropy H(α_t) = −Σ_i α_{t,i} ln α_{t,i}, against ln T_x = {$ln_tx} (uniform row):",
        zh: "熵 H(α_t) = −Σ_i α_{t,i} ln α_{t,i}，对照 ln T_x = {$ln_tx}（均匀的一行）：",
    };
    COVERAGE_HEAD {
        en: "coverage C_i = Σ_t α_{t,i} (an even split gives T_y / T_x = {$even}; flagged below {$low} or above {$high}):",
        zh: "覆盖度 C_i = Σ_t α_{t,i}（平均分配时为 T_y / T_x = {$even}；低于 {$low} 或高于 {$high} 时标出）：",
    };
    FLAGGED_WORD { en: "  \"{$word}\": {$flag}", zh: "  源词“{$word}”：{$flag}" };
    NONE_FLAGGED { en: "  no source word is flagged", zh: "  没有源词被标出" };
    WORDS_PATTERN {
        en: "pattern of the words, every row but <eos>: {$pattern}",
        zh: "词的模式（除 <eos> 外的每一行）：{$pattern}",
    };
    ARGMAX_PATH { en: "argmax path of the words: {$arrows}", zh: "词的 argmax 路径：{$arrows}" };
    REFERENCE {
        en: "reference alignment of the toy grammar: {$arrows}\n  as source positions (from 1): argmax path {$path}, \
             reference {$reference}; {$matching} of {$rows} words agree",
        zh: "玩具语法的参考对齐：{$arrows}\n  换成源语言位置（从 1 数起）：argmax 路径 {$path}，\
             参考 {$reference}；{$rows} 个词中有 {$matching} 个一致",
    };
    NO_REFERENCE {
        en: " (positions {$path})\nno reference alignment: the target is not the toy grammar's translation of the \
             source, so no path is called a crossing",
        zh: "（位置 {$path}）\n没有参考对齐：目标句不是玩具语法对源句的译文，所以不把任何路径称为交叉",
    };
    CROSSING_RULE {
        en: "A crossing is named only when the words' argmax path equals the reference alignment and that reference \
             reorders; the <eos> row only ends the sentence and is judged apart.",
        zh: "只有当词的 argmax 路径与参考对齐相同、且参考对齐确实调换了词序时，才称为交叉；\
             <eos> 那一行只负责结束句子，单独判断。",
    };
    EVERY_SCORE {
        en: "the same sentences aligned under every score (score KIND shows one):",
        zh: "同样的句子在每种打分函数下的对齐（用 score 加名称可单独查看一种）：",
    };
    COL_SCORE { en: "score", zh: "打分" };
    COL_MEAN_RATIO { en: "mean H / ln T_x", zh: "平均 H / ln T_x" };
    COL_PATTERN { en: "words' pattern", zh: "词的模式" };
    COL_EOS { en: "<eos> peaks at", zh: "<eos> 峰值位置" };
    // the weights a view ran on
    DRAWN_WALK_TRAINED {
        en: "Only the walkthrough's own weights (additive) are trained; the variants' weights are drawn from \
             seed {$seed} and never trained, so their rows show an untrained score, not a worse one.",
        zh: "只有演示本身的权重（additive）经过训练；变体的权重从种子 {$seed} 抽取、从未训练，\
             所以它们那几行显示的是未训练的打分，并不说明它们更差。",
    };
    ALL_DRAWN {
        en: "Every weight here, the walkthrough's and the variants', is an untrained draw from seed {$seed}.",
        zh: "这里的每个权重，不论是演示的还是变体的，都是从种子 {$seed} 抽取、未经训练的。",
    };
    TRAINED_WEIGHTS {
        en: "Trained weights: each score is the attention of its own RNNsearch, trained with the walkthrough's \
             recipe (dot, general, scaled; concat is the walkthrough's additive model with W_c = [W_a, U_a]). \
             Add before to the command for the untrained draws.",
        zh: "训练后的权重：每种打分函数都是它自己那个 RNNsearch 的注意力，按演示的训练方法训练\
             （dot、general、scaled；concat 就是演示的加性模型，取 W_c = [W_a, U_a]）。\
             在命令后加 before 可看未训练的抽取。",
    };
    BEFORE_TRAINING {
        en: "Before training: only the walkthrough's own weights (additive) are trained; the variants' weights \
             are untrained draws from seed {$seed}, so their rows show an untrained score, not a worse one. \
             Without before, each score's trained model is shown.",
        zh: "训练之前：只有演示本身的权重（additive）经过训练；变体的权重是从种子 {$seed} 抽取、未经训练的，\
             所以它们那几行显示的是未训练的打分，并不说明它们更差。不加 before 时显示每种打分函数训练好的模型。",
    };
}
