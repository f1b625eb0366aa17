//! What an alignment's pattern is called, and the replies of `replay`.

use super::texts;

texts! {
    NEAR_UNIFORM { en: "near-uniform", zh: "近乎均匀" };
    COLLAPSED { en: "collapsed", zh: "塌缩" };
    DIAGONAL { en: "diagonal", zh: "对角" };
    CROSSING { en: "crossing", zh: "交叉" };
    OUT_OF_ORDER { en: "out of order", zh: "乱序" };
    TOO_SHORT { en: "too short", zh: "太短" };
    DESCRIBE_NEAR_UNIFORM {
        en: "near-uniform: every row is close to ln T_x, attention is not choosing",
        zh: "近乎均匀：每一行的熵都接近 ln T_x，注意力没有在做选择",
    };
    DESCRIBE_COLLAPSED {
        en: "collapsed: every row puts most weight on the same source word",
        zh: "塌缩：每一行都把大部分权重放在同一个源词上",
    };
    DESCRIBE_DIAGONAL {
        en: "diagonal: the peaks move forward with t, a monotone alignment",
        zh: "对角：峰值随 t 向前移动，是单调的对齐",
    };
    DESCRIBE_CROSSING {
        en: "crossing: every peak is on the reference's source word, so the path reorders as the translation needs",
        zh: "交叉：每个峰值都落在参考对齐的源词上，所以路径正如译文所需那样调换了词序",
    };
    DESCRIBE_OUT_OF_ORDER {
        en: "out of order: the peaks move back, but not as the reference alignment reorders (so no crossing)",
        zh: "乱序：峰值会往回移，但不是按参考对齐那样调换词序（所以不算交叉）",
    };
    DESCRIBE_TOO_SHORT {
        en: "too short: fewer than two target words to judge, so there is no order to name",
        zh: "太短：可判断的目标词不到两个，谈不上什么顺序",
    };
    EOS_LINE {
        en: "<eos> row, apart: peaks at {$at} ({$word}) with α {$weight}",
        zh: "<eos> 行单独看：峰值在第 {$at} 个（{$word}），α 为 {$weight}",
    };
    ENTROPY_ROWS {
        en: "H(α_t) = −Σ_i α_t,i ln α_t,i, in nats:",
        zh: "H(α_t) = −Σ_i α_t,i ln α_t,i，单位是奈特（nats）：",
    };
    ENTROPY_MEAN {
        en: "mean {$mean} over {$rows} rows; 0 is a row on a single word, ln T_x = ln {$t_x} = {$ln_tx} a uniform row.",
        zh: "{$rows} 行的平均值为 {$mean}；0 表示这一行全部落在一个词上，ln T_x = ln {$t_x} = {$ln_tx} 表示均匀的一行。",
    };
    COVERAGE_ROWS {
        en: "coverage Σ_t α_t,i over the first {$rows} of {$t_y} rows:",
        zh: "覆盖度 Σ_t α_t,i，取 {$t_y} 行中的前 {$rows} 行：",
    };
    COVERAGE_END {
        en: "The columns of A summed: about 1 means the word was read about once.",
        zh: "这是 A 的各列之和：约为 1 表示这个词大约被读了一次。",
    };
    UNDER { en: "under-translated?", zh: "漏译？" };
    OVER { en: "over-translated?", zh: "过译？" };
    NO_CHECKPOINTS { en: "No checkpoints yet: type train to make some.", zh: "还没有检查点：输入 train 训练以生成检查点。" };
    REPLAY_HEAD {
        en: "The probe \"{$source}\" → \"{$target}\" at {$count} checkpoints of {$whose}.\n\
             \"words peak at\" gives, for each target word but <eos>, the source position it looks at most; \
             the pattern is named from those words, and the <eos> row, which only ends the sentence, is shown apart.",
        zh: "探针句“{$source}”→“{$target}”在{$whose}的 {$count} 个检查点上的样子。\n\
             “词的峰值”列出除 <eos> 外每个目标词最关注的源语言位置；模式按这些词来命名，\
             <eos> 那一行只负责结束句子，单独列出。",
    };
    REPLAY_OWN { en: "this session's training", zh: "本次会话训练" };
    REPLAY_DEFAULT { en: "the training that made the default weights", zh: "生成默认权重的那次训练" };
    REPLAY_FRAME {
        en: "epoch {$epoch} · held-out accuracy {$accuracy} % · mean H(α) {$entropy}\n  words peak at {$peaks} · {$pattern}",
        zh: "第 {$epoch} 轮 · 留出集准确率 {$accuracy} % · 平均 H(α) {$entropy}\n  词的峰值 {$peaks} · {$pattern}",
    };
    REPLAY_END {
        en: "H ≈ ln T_x = {$ln_tx} is a uniform row. At epoch {$epoch} each target word looks most at: {$looks}.",
        zh: "H ≈ ln T_x = {$ln_tx} 表示均匀的一行。第 {$epoch} 轮时，每个目标词最关注的是：{$looks}。",
    };
    PROGRESS {
        en: "epoch {$epoch} · loss {$loss} · held-out accuracy {$accuracy} % · mean H(α) {$entropy}",
        zh: "第 {$epoch} 轮 · 损失 {$loss} · 留出集准确率 {$accuracy} % · 平均 H(α) {$entropy}",
    };
    PAIRS_UNIT { en: "pairs", zh: "句对" };
    RATE {
        en: "{$pairs} pairs in {$secs} s ({$rate} pairs per second)",
        zh: "{$pairs} 个句对用时 {$secs} 秒（每秒 {$rate} 个句对）",
    };
    RUN_FRESH {
        en: "a new run from the seed's start (its draw with v_a × 0.01), replacing the weights shown",
        zh: "从种子的起点（它的抽取，v_a × 0.01）重新开始训练，替换当前显示的权重",
    };
    RUN_CONTINUING { en: "continuing this session's run", zh: "接着本次会话的训练继续" };
    TRAINED_FINISHED {
        en: "Trained {$pairs} pairs, {$run}; {$epochs} epochs so far.",
        zh: "训练了 {$pairs} 个句对，{$run}；到目前为止共 {$epochs} 轮。",
    };
    TRAINED_ONE_EPOCH {
        en: "Trained {$pairs} pairs, {$run}; {$epochs} epoch so far.",
        zh: "训练了 {$pairs} 个句对，{$run}；到目前为止共 {$epochs} 轮。",
    };
    TRAINED_INTERRUPTED {
        en: "Stopped by Ctrl-C in epoch {$epoch} after pair {$example}, {$run}; the parameters reached are kept.",
        zh: "在第 {$epoch} 轮、第 {$example} 个句对之后被 Ctrl-C 停下，{$run}；已经得到的参数会保留。",
    };
    WHAT_GRADIENT { en: "gradient", zh: "梯度" };
    WHAT_PARAMETERS { en: "parameters", zh: "参数" };
    TRAINED_NON_FINITE {
        en: "Training stopped in epoch {$epoch} at pair {$example}: that step would have made the {$what} NaN or \
             infinite, so it was refused and the last good parameters are kept. Type seed N for a fresh start.",
        zh: "训练在第 {$epoch} 轮、第 {$example} 个句对处停了下来：这一步会让{$what}变成 NaN 或无穷大，\
             所以没有执行，保留最后一组正常的参数。输入 seed N 可以重新开始。",
    };
    TRAINED_COMMITTED {
        en: "They are, bit for bit, the weights the default walkthrough starts with (src/train/trained.json).",
        zh: "它们与默认演示开始时用的权重逐位相同（src/train/trained.json）。",
    };
    TRAINED_HELD_OUT {
        en: "Held out after epoch {$epoch}: loss {$loss}, token accuracy {$accuracy} %, mean H(α) {$entropy} \
             (best accuracy at epoch {$best}).",
        zh: "第 {$epoch} 轮后的留出集：损失 {$loss}，词元准确率 {$accuracy} %，平均 H(α) {$entropy}\
             （最高准确率出现在第 {$best} 轮）。",
    };
    TRAINED_NEXT {
        en: "Every step now shows these parameters: goto 10 shows α, alignment the whole A, replay how it formed.",
        zh: "现在每一步都用这组参数显示：goto 10 看 α，alignment 看整个 A，replay 看它是怎样形成的。",
    };
}
