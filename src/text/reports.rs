//! What the toy experiments' reports say (`--bottleneck-report`,
//! `--scores-report`) and the REPL's `bottleneck` and `scores`, which show
//! their committed results: the tables' headings, how training ended, the
//! bars and their verdicts, the timings. The numbers are the formatter's.

use super::texts;

texts! {
    // Table headings.
    COL_SOURCE_WORDS { en: "source words", zh: "源句词数" };
    COL_SENTENCES { en: "sentences", zh: "句数" };
    COL_MEAN_SD { en: "{$name} mean ± sd", zh: "{$name} 均值 ± 标准差" };
    COL_RANGE { en: "{$name} range", zh: "{$name} 范围" };
    COL_BLEU { en: "{$name} BLEU", zh: "{$name} BLEU 值" };
    COL_EXACT { en: "{$name} exact", zh: "{$name} 完全一致" };
    GREEDY { en: "greedy", zh: "贪心" };
    ALL_BUCKETS { en: "all", zh: "全部" };
    // How training ended.
    STOPPED_BY_RULE { en: "stopped by the rule", zh: "由停止规则停下" };
    ENDED_AT_CAP { en: "ended at the cap", zh: "到上限结束" };
    TRAINING_LINE {
        en: "kept the check at {$best} of {$run} pair-updates ({$how}; cap {$cap})",
        zh: "保留了第 {$best} 次句对更新时的检查点，共训练 {$run} 次句对更新（{$how}；上限 {$cap}）",
    };
    CAP_EPOCHS { en: "{$n} epochs, {$pairs}", zh: "{$n} 轮，{$pairs} 次" };
    BUDGET_RULE {
        en: "Every model trains on the same {$n_train} pairs and checks its held-out loss every {$every} pair-updates; \
             after {$checks} checks without a fall of {$percent} % (and {$nats} nats) it halves its learning rate, at \
             most {$halvings} times, then stops after {$patience} more, keeping the weights of its lowest held-out \
             loss (cap {$cap} pair-updates)",
        zh: "每个模型都在同样的 {$n_train} 个句对上训练，每 {$every} 次句对更新检查一次留出集损失；\
             连续 {$checks} 次检查都没有下降 {$percent} %（且 {$nats} 奈特）时，学习率减半，最多减半 {$halvings} 次，\
             之后再过 {$patience} 次检查仍无改进就停止，保留留出集损失最低时的权重（上限 {$cap} 次句对更新）",
    };
    BUDGET_EPOCHS {
        en: "Every model trains on the same {$n_train} pairs for {$n} epochs and keeps the epoch of its best held-out BLEU",
        zh: "每个模型都在同样的 {$n_train} 个句对上训练 {$n} 轮，保留留出集 BLEU 最高的那一轮",
    };
    // The bottleneck report.
    SUMMARY_HEAD {
        en: "BLEU-4 of greedy translations of the test split by source length, over {$n} seeds ({$seeds}); \
             mean ± sample sd, and the range:",
        zh: "测试集上贪心解码译文的 BLEU-4，按源句长度分段，共 {$n} 个种子（{$seeds}）；\
             给出均值 ± 样本标准差，以及范围：",
    };
    MODEL_TRAINED {
        en: "{$name} trained {$run} pair-updates, stopped by the rule at {$converged} of {$n} seeds",
        zh: "{$name} 分别训练了 {$run} 次句对更新，{$n} 个种子中有 {$converged} 个由停止规则停下",
    };
    CHART_NOTE {
        en: "The chart draws the means. {$per_bucket} test sentences a bucket. {$budget}: {$models}.",
        zh: "图中画的是均值。每个长度段 {$per_bucket} 个测试句。{$budget}：{$models}。",
    };
    /// Between the clauses of a list of models or seeds: "; " in English.
    CLAUSE_SEP { en: "; ", zh: "；" };
    SEED_HEAD {
        en: "Seed {$seed}: BLEU-4 of greedy translations of the test split, by source length in words:",
        zh: "种子 {$seed}：测试集上贪心解码译文的 BLEU-4，按源句词数分段：",
    };
    MODEL_SIZE { en: "{$name} {$parameters} parameters, {$training}", zh: "{$name} 有 {$parameters} 个参数，{$training}" };
    TRAINED_ON { en: "Trained on the same {$n} pairs: {$models}.", zh: "在同样的 {$n} 个句对上训练：{$models}。" };
    CHART_X { en: "source words", zh: "源句词数" };
    LEGEND_BOTH { en: "both", zh: "两者重合" };
    LEGEND_SEVERAL { en: "more than one", zh: "多条重合" };
    EXAMPLE_HEAD {
        en: "The first test sentence of the longest bucket ({$words} words, test sentence {$index}), seed {$seed}:",
        zh: "最长长度段的第一个测试句（{$words} 个词，第 {$index} 个测试句），种子 {$seed}：",
    };
    LABEL_SOURCE { en: "source", zh: "源句" };
    LABEL_REFERENCE { en: "reference", zh: "参考译文" };
    IDENTICAL { en: "identical to the reference", zh: "与参考译文完全相同" };
    DIFFERS {
        en: "{$n} words; first difference at word {$k} of {$of}; missing: {$missing}; extra: {$extra}",
        zh: "{$n} 个词；第一处不同在第 {$k} 个词（共 {$of} 个）；缺少：{$missing}；多出：{$extra}",
    };
    NONE { en: "none", zh: "无" };
    EXAMPLE_ALPHA {
        en: "RNNsearch's α for this sentence (teacher-forced on the reference), one row per target word:",
        zh: "RNNsearch 对这个句子的 α（以参考译文做教师强制），每个目标词一行：",
    };
    // The bars.
    PASS { en: "PASS", zh: "通过" };
    FAIL { en: "FAIL", zh: "未通过" };
    NOT_APPLICABLE { en: "N/A", zh: "不适用" };
    WHY { en: "why: {$why}", zh: "原因：{$why}" };
    BARS_HEAD { en: "The bars, each judged on every seed:", zh: "各项标准，每项都在每个种子上判定：" };
    FAIL_NOTE {
        en: "A FAIL is a measured result, not a fault of the tool: each bar was fixed before the runs, and one they \
             miss is reported as measured.",
        zh: "“未通过”是测得的结果，不是工具的故障：每项标准都在运行之前就定好了，没有达到的照实报告。",
    };
    BAR_LINE {
        en: "{$rule}: {$passed} of {$n} seeds (seed {$each})",
        zh: "{$rule}：{$n} 个种子中 {$passed} 个达到（种子 {$each}）",
    };
    /// Between the seeds of a bar's line: "seed 1: 0.50, seed 2: …".
    BAR_SEED_SEP { en: ", seed ", zh: "，种子 " };
    YES { en: "yes", zh: "是" };
    NO { en: "no ✗", zh: "否 ✗" };
    NO_SEED_JUDGED { en: "no seed was judged", zh: "没有判定任何种子" };
    SEED_MISSED {
        en: "seed {$seeds} measured {$numbers}, where the bar asks {$asked}",
        zh: "种子 {$seeds} 测得 {$numbers}，而标准要求 {$asked}",
    };
    SEEDS_MISSED {
        en: "seeds {$seeds} measured {$numbers}, where the bar asks {$asked}",
        zh: "种子 {$seeds} 分别测得 {$numbers}，而标准要求 {$asked}",
    };
    ASKED_OTHERWISE { en: "otherwise", zh: "另一个结果" };
    SEED_NO {
        en: "the answer was no at seed {$seeds}, where the bar asks yes at every seed",
        zh: "种子 {$seeds} 的回答是否，而标准要求每个种子都回答是",
    };
    SEEDS_NO {
        en: "the answer was no at seeds {$seeds}, where the bar asks yes at every seed",
        zh: "种子 {$seeds} 的回答是否，而标准要求每个种子都回答是",
    };
    AND { en: "{$rest} and {$last}", zh: "{$rest} 和 {$last}" };
    ENDED_BY_RULE {
        en: "{$name}: training ended by the stopping rule, before the cap of {$cap}",
        zh: "{$name}：训练由停止规则结束，没有到达上限 {$cap}",
    };
    CAP_PAIRS { en: "{$n} pair-updates", zh: "{$n} 次句对更新" };
    CAP_EPOCHS_PAIRS { en: "{$n} epochs ({$pairs} pair-updates)", zh: "{$n} 轮（{$pairs} 次句对更新）" };
    // The committed results in the REPL.
    UNREADABLE {
        en: "The committed results could not be read: run cargo run -- {$flag}",
        zh: "无法读取已提交的结果：请运行 cargo run -- {$flag}",
    };
    NO_SEED { en: "The committed results hold no seed.", zh: "已提交的结果里没有任何种子。" };
    NO_SEED_K {
        en: "The committed results have no seed {$k}: type {$command} seed K with K one of {$seeds}.",
        zh: "已提交的结果里没有种子 {$k}：请输入 {$command} seed K，K 取 {$seeds} 之一。",
    };
    BOTTLENECK_TAIL {
        en: "These are the committed results of cargo run -- --bottleneck-report. bottleneck seed K \
             shows one seed's tables (K one of {$seeds}); bottleneck example one long sentence at seed {$first}; \
             bottleneck beam greedy against beam search; bottleneck run trains every model again here.",
        zh: "这些是 cargo run -- --bottleneck-report 已提交的结果。bottleneck seed K 显示一个种子的表\
             （K 取 {$seeds} 之一）；bottleneck example 显示种子 {$first} 的一个长句；\
             bottleneck beam 比较贪心解码与束搜索；bottleneck run 在这里把每个模型重新训练一遍。",
    };
    SCORES_TAIL {
        en: "These are the committed results of cargo run -- --scores-report.",
        zh: "这些是 cargo run -- --scores-report 已提交的结果。",
    };
    SEED_TAKES_NUMBER {
        en: "{$command} seed takes a whole number, not {$word}: type {$command} seed 1",
        zh: "{$command} seed 需要一个整数，不是 {$word}：请输入 {$command} seed 1",
    };
    SEED_NEEDS_NUMBER {
        en: "{$command} seed needs the seed's number: type {$command} seed 1",
        zh: "{$command} seed 需要种子的编号：请输入 {$command} seed 1",
    };
    // The scores report.
    COL_SCORE { en: "score", zh: "打分函数" };
    COL_PARAMETERS { en: "parameters", zh: "参数个数" };
    COL_KEPT_AT { en: "kept at pairs", zh: "保留时的句对数" };
    COL_UNTIL_ALIGNED { en: "pairs until aligned", zh: "对齐形成前的句对数" };
    COL_ALIGNED { en: "aligned", zh: "对齐率" };
    COL_ALIGNED_PERCENT { en: "aligned %", zh: "对齐率 %" };
    COL_ENTROPY { en: "H(α) nats", zh: "H(α)（奈特）" };
    COL_PAIR_UPDATES { en: "pair-updates", zh: "句对更新次数" };
    COL_STOPPED { en: "stopped by rule", zh: "由规则停下" };
    OF { en: "{$k} of {$n}", zh: "{$n} 中的 {$k}" };
    NEVER { en: "never", zh: "从未" };
    NOT_EVERY_SEED { en: "not at every seed", zh: "并非每个种子都有" };
    SCORES_SEED_HEAD {
        en: "Seed {$seed}: BLEU-4 of greedy translations of the test split by source length (exact matches):",
        zh: "种子 {$seed}：测试集上贪心解码译文的 BLEU-4，按源句长度分段（括号里是完全一致的比例）：",
    };
    RANKING {
        en: "Best overall at how many of the {$n} seeds: {$overall}. Best on the longest bucket: {$longest}.",
        zh: "{$n} 个种子中整体最好的次数：{$overall}。在最长长度段上最好的次数：{$longest}。",
    };
    SCORES_NOTE {
        en: "{$ranking} {$budget}. \"Aligned\": the share of test nouns and adjectives whose largest α falls on the \
             source word they translate, teacher-forced. \"Pairs until aligned\": training pairs seen when the \
             held-out share, measured every {$every} pairs, first came within {$points} points of where training \
             left it.",
        zh: "{$ranking}{$budget}。“对齐率”：在教师强制下，测试集的名词和形容词中，最大的 α 落在它所翻译的源词上的比例。\
             “对齐形成前的句对数”：每 {$every} 个句对测一次留出集上的这一比例，它第一次距训练结束时的值不到 \
             {$points} 个百分点时已经见过的训练句对数。",
    };
    RULER {
        en: "The ruler above counts source positions (a dotted bar at 5, 15, …; the digit k at 10k):",
        zh: "上面的标尺按源语言位置计数（5、15……处是虚线，10k 处是数字 k）：",
    };
    // Greedy against beam.
    BEAM_SEED_HEAD {
        en: "Seed {$seed}: BLEU-4 of greedy and beam translations by source length in words:",
        zh: "种子 {$seed}：贪心解码与束搜索译文的 BLEU-4，按源句词数分段：",
    };
    K1_AGREES { en: "{$name} {$equal} of {$n}", zh: "{$name} {$n} 句中有 {$equal} 句" };
    K1_GREEDY {
        en: "Beam K = 1 gives the greedy translation of {$models} test sentences.",
        zh: "束宽 K = 1 的束搜索给出的译文与贪心解码相同的测试句：{$models}。",
    };
    NO_RESULTS_SEED { en: "The results hold no seed.", zh: "结果里没有任何种子。" };
    BEAM_SUMMARY_HEAD {
        en: "BLEU-4 of greedy and beam translations of the test split by source length, over {$n} seeds ({$seeds}); \
             mean ± sample sd, and the range. The beam ranks its finished translations by ln p(y | x), \
             normalisation {$norm} (GroundHog's default; the paper states none), no minimum length, within greedy's \
             length limit of 2 T_x + 10 words.",
        zh: "测试集上贪心解码与束搜索译文的 BLEU-4，按源句长度分段，共 {$n} 个种子（{$seeds}）；\
             给出均值 ± 样本标准差，以及范围。束搜索按 ln p(y | x) 给已完成的译文排序，长度归一化用 {$norm}\
             （GroundHog 的默认设置；论文没有说明），不设最短长度，长度上限与贪心解码相同，为 2 T_x + 10 个词。",
    };
    COMMAND_ARGS {
        en: "{$command} takes nothing, {$words}, seed K or run, not {$args}: type {$command} for the summary over seeds",
        zh: "{$command} 不带参数，或者带 {$words}、seed K 或 run，不能带 {$args}：输入 {$command} 查看所有种子的汇总",
    };
    SCORES_VIEW_TAIL {
        en: "{$tail} scores seed K shows one seed (K one of {$seeds}); scores sweep the √d_k sweep; scores run trains every \
             score again here.",
        zh: "{$tail}scores seed K 显示一个种子（K 取 {$seeds} 之一）；scores sweep 显示 √d_k 扫描；scores run 在这里把每种\
             打分函数重新训练一遍。",
    };
    GAINS { en: "K = 10 minus greedy over the test split: {$each}.", zh: "整个测试集上 K = 10 减去贪心解码：{$each}。" };
    SEED_GAIN { en: "seed {$seed} {$gain}", zh: "种子 {$seed} {$gain}" };
    // Timings and files of a rerun.
    WALL_TIME {
        en: "wall time: {$secs} s for {$models} models ({$seeds} seeds): {$train} s of training, two at a time on two \
             threads, then {$beam} s of beam decoding (K = 1, 5 and 10, every test sentence), \
             two at a time",
        zh: "总用时：{$models} 个模型（{$seeds} 个种子）共 {$secs} 秒：训练 {$train} 秒，两个一组在两个线程上并行；\
             然后束搜索解码 {$beam} 秒（对每个测试句做 K = 1、5 和 10），同样两个一组",
    };
    MODEL_TIME {
        en: "seed {$seed} {$name}: {$secs} s of training, {$pairs} pair-updates, {$rate} training pairs per second",
        zh: "种子 {$seed} {$name}：训练 {$secs} 秒，{$pairs} 次句对更新，每秒 {$rate} 个训练句对",
    };
    BEAM_TIME { en: "seed {$seed} {$name}: {$secs} s of beam decoding", zh: "种子 {$seed} {$name}：束搜索解码 {$secs} 秒" };
    WRITTEN {
        en: "written, one sentence a line in the test split's order (for any BLEU tool):",
        zh: "已写出的文件，每行一句，按测试集的顺序（任何 BLEU 工具都能读）：",
    };
    RERUN_STOPPED {
        en: "stopped by Ctrl-C: nothing was written; {$command} shows the committed results",
        zh: "被 Ctrl-C 停下：没有写入任何文件；{$command} 会显示已提交的结果",
    };
    DIVERGED {
        en: "{$model} diverged after {$pairs} pair-updates (a NaN or ∞); nothing was written",
        zh: "{$model} 在 {$pairs} 次句对更新后发散了（出现 NaN 或 ∞）；没有写入任何文件",
    };
    BOTTLENECK_BAR {
        en: "RNNsearch and RNNencdec at every seed, two at a time: training, then beam search",
        zh: "每个种子上的 RNNsearch 和 RNNencdec，两个一组：先训练，再做束搜索",
    };
    UNIT_SENTENCES { en: "sentences", zh: "句" };
    // The rerun bar of the toy reports: this run's seeds against the committed results.
    RERUN_SAME {
        en: "every seed's numbers equal the committed {$file} bit for bit, and its translations the text files: \
             the same at seeds {$same}, different at seeds {$differ}",
        zh: "每个种子的数字都与已提交的 {$file} 逐位相同，译文也与文本文件相同：\
             相同的种子 {$same}，不同的种子 {$differ}",
    };
    RERUN_ABSENT {
        en: " (seeds {$seeds} are not committed, so not compared)",
        zh: "（种子 {$seeds} 没有提交过结果，所以没有比较）",
    };
    RERUN_NEW { en: " (not committed, so not compared: {$what})", zh: "（没有提交过，所以没有比较：{$what}）" };
    RERUN_FIELD { en: "field {$field}", zh: "字段 {$field}" };
    RERUN_NONE { en: "none", zh: "无" };
    RERUN_NOT_APPLICABLE {
        en: "every seed's numbers equal the committed {$file} bit for bit: not applicable, no committed seed \
             was run (seeds {$seeds} are not committed, so not compared)",
        zh: "每个种子的数字都与已提交的 {$file} 逐位相同：不适用，这次没有运行任何已提交的种子\
             （种子 {$seeds} 没有提交过结果，所以没有比较）",
    };
    RERUN_DIFFER {
        en: "the rerun's numbers or translations differ from the committed ones at seeds {$seeds}",
        zh: "重跑得到的数字或译文在种子 {$seeds} 上与已提交的不同",
    };
}
