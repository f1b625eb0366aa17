//! What commands answer, beyond the steps themselves.

use super::texts;

texts! {
    LANG_NOW {
        en: "The REPL speaks English. lang zh switches to Chinese (lang en back). Without lang, the language \
             is BAHDANAU_LANG (en or zh), else the locale: LC_ALL, LC_MESSAGES or LANG starting with zh means \
             Chinese. Only the words change: numbers, saved results and exported traces are the same in both.",
        zh: "REPL 现在用中文。lang en 切换到英文（lang zh 切回来）。不用 lang 时，语言由 BAHDANAU_LANG（en 或 zh）\
             决定，没有设置就看区域设置：LC_ALL、LC_MESSAGES 或 LANG 以 zh 开头即为中文。切换的只是文字：\
             数字、保存的结果和导出的轨迹在两种语言下完全相同。",
    };
    LANG_SET {
        en: "The REPL now speaks English; lang zh switches to Chinese. The session is as it was.",
        zh: "REPL 现在用中文显示；lang en 切换回英文。会话保持原样。",
    };
    // `decode`, `source`, `target`, `dims`, `seed`.
    DECODED { en: "greedy translation: {$words}{$cut}", zh: "贪心解码的译文：{$words}{$cut}" };
    DECODE_CUT {
        en: " (stopped after {$n} words without <eos>)",
        zh: "（写到 {$n} 个词仍没有 <eos>，在长度上限处停下）",
    };
    DECODE_SAME {
        en: "the same as the target you step through: {$target}",
        zh: "与逐步演算所用的目标句相同：{$target}",
    };
    DECODE_OTHER {
        en: "compare with the target you step through: {$target}",
        zh: "可以与逐步演算所用的目标句对照：{$target}",
    };
    DECODE_ADOPTED {
        en: "The target is now the greedy translation, \"{$words}\": every step follows it.",
        zh: "目标句现在是贪心解码的译文“{$words}”：之后每一步都按它计算。",
    };
    DECODE_USAGE {
        en: "decode takes nothing or the word adopt: decode, or decode adopt to make its output the target",
        zh: "decode 不带参数，或只带 adopt 一个词：decode，或用 decode adopt 把它的输出设为目标句",
    };
    CASE_TAKEN {
        en: "Words are matched whatever their case: took {$pairs}.",
        zh: "匹配词时不区分大小写：{$pairs}。",
    };
    CASE_PAIR { en: "\"{$typed}\" as \"{$token}\"", zh: "把“{$typed}”当作“{$token}”" };
    SENTENCE_RETRY {
        en: "{$error}; then type {$side} \"WORDS\" again",
        zh: "{$error}；然后再输入一次 {$side} \"WORDS\"",
    };
    TOY_TARGET_NOW { en: "The target is now \"{$words}\".", zh: "目标句现在是“{$words}”。" };
    TOY_SOURCE_NOW {
        en: "The source is now \"{$words}\". The target is the model's own greedy translation, \"{$target}\"{$hint}; \
             type target \"WORDS\" to step through another.",
        zh: "源句现在是“{$words}”。目标句是模型自己的贪心解码译文“{$target}”{$hint}；\
             想逐步演算别的译文，输入 target \"WORDS\"。",
    };
    GRAMMAR_HINT {
        en: " (the grammar's translation is \"{$words}\")",
        zh: "（按语法规则的译文是“{$words}”）",
    };
    DIMS_NOW {
        en: "Dimensions are now m = {$m}, n = {$n}, n' = {$na}, l = {$l}. {$origin}",
        zh: "维度现在是 m = {$m}、n = {$n}、n' = {$na}、l = {$l}。{$origin}",
    };
    SEED_NOT_NUMBER {
        en: "\"{$v}\" is not a seed: give a whole number from 0 to {$max}, as in seed 7",
        zh: "“{$v}”不是种子：请给一个 0 到 {$max} 之间的整数，例如 seed 7",
    };
    SEED_ONE { en: "seed takes one number: seed 7", zh: "seed 只接受一个数：seed 7" };
    SEED_NOW { en: "The seed is now {$v}. {$origin}", zh: "种子现在是 {$v}。{$origin}" };
    // Whose weights the walkthrough shows, and the banner.
    ORIGIN_TRAINED {
        en: "Weights: the trained ones ({$epochs} epochs from seed {$seed}, src/train/trained.json); every α was learned.",
        zh: "权重：训练好的那一组（从种子 {$seed} 训练 {$epochs} 轮，src/train/trained.json）；每个 α 都是学出来的。",
    };
    ORIGIN_UNTRAINED {
        en: "Weights: UNTRAINED, drawn from seed {$seed}: α and decode show no learning \
             (seed {$trained} with dims {$dims} gives back the trained ones; train trains these).",
        zh: "权重：未经训练，由种子 {$seed} 随机抽取：α 和 decode 看不出任何学习的结果\
             （seed {$trained} 配合维度 {$dims} 会换回训练好的权重；train 会训练当前这组）。",
    };
    ORIGIN_TRAINED_HERE_ONE {
        en: "Weights: trained in this session, 1 epoch from seed {$seed} \
             (train continues this run; seed {$trained} with dims {$dims} gives back the committed ones).",
        zh: "权重：在本次会话中从种子 {$seed} 训练了 1 轮\
             （train 接着这次训练；seed {$trained} 配合维度 {$dims} 会换回已提交的权重）。",
    };
    ORIGIN_TRAINED_HERE {
        en: "Weights: trained in this session, {$epochs} epochs from seed {$seed} \
             (train continues this run; seed {$trained} with dims {$dims} gives back the committed ones).",
        zh: "权重：在本次会话中从种子 {$seed} 训练了 {$epochs} 轮\
             （train 接着这次训练；seed {$trained} 配合维度 {$dims} 会换回已提交的权重）。",
    };
    ORIGIN_LOADED {
        en: "Weights: loaded from a file, neither the committed trained ones nor a draw from the seed \
             (seed {$trained} with dims {$dims} gives back the trained ones).",
        zh: "权重：从文件加载，既不是已提交的训练结果，也不是由种子抽取的\
             （seed {$trained} 配合维度 {$dims} 会换回训练好的权重）。",
    };
    ORIGIN_REAL {
        en: "Weights: RNNsearch trained on the real corpus from seed {$seed}, the first run of --real-report, \
             kept in the data folder (corpus toy goes back to the toy weights).",
        zh: "权重：在真实语料上从种子 {$seed} 训练的 RNNsearch，即 --real-report 的第一次运行，\
             保存在数据文件夹里（corpus toy 回到玩具语料的权重）。",
    };
    UNTRAINED_NOTE {
        en: "Untrained weights (drawn from seed {$seed}): nothing here was learned, so read the numbers, not \
             the words; seed {$trained} brings back the trained ones.",
        zh: "权重未经训练（由种子 {$seed} 抽取）：这里没有任何东西是学出来的，请看数字，别看词；\
             seed {$trained} 会换回训练好的权重。",
    };
    BANNER {
        en: "Bahdanau attention, tensor by tensor: {$n} steps of one translation,\n  {$source} → {$target}\n{$origin}\n\
             Press Enter for the next tensor · help lists the commands · Ctrl-D quits.",
        zh: "Bahdanau 注意力，逐个张量：一次翻译共 {$n} 步，\n  {$source} → {$target}\n{$origin}\n\
             按 Enter 看下一个张量 · help 列出所有命令 · Ctrl-D 退出。",
    };
    // What `shapes`, `shapes params`, `alignment`, `dims`, `source`, `target`, `seed` and `show` show.
    NOTHING_YET {
        en: "Nothing computed yet: press Enter for step 01.",
        zh: "还没有算出任何东西：按 Enter 看第 01 步。",
    };
    COL_NAME { en: "name", zh: "名称" };
    COL_SYMBOL { en: "symbol", zh: "符号" };
    COL_SHAPE { en: "shape", zh: "形状" };
    COL_HERE { en: "here", zh: "本例" };
    SHAPES_TAIL {
        en: "show NAME prints one; shapes params lists the parameters.",
        zh: "show NAME 显示其中一个；shapes params 列出各个参数。",
    };
    COL_PARAMETER { en: "parameter", zh: "参数" };
    COL_ROWS_COLS { en: "rows × cols", zh: "行 × 列" };
    ALIGNMENT_ALL {
        en: "A: row t is α_t, where the decoder looked while writing target word t ({$rows} of T_y = {$t_y} rows)",
        zh: "A：第 t 行是 α_t，即解码器写第 t 个目标词时看向了哪里（T_y = {$t_y} 行中的 {$rows} 行）",
    };
    ALIGNMENT_SO_FAR {
        en: "A: row t is α_t, where the decoder looked while writing target word t ({$rows} of T_y = {$t_y} rows; \
             rows {$next} … {$t_y} come as you go on, or type run for them all)",
        zh: "A：第 t 行是 α_t，即解码器写第 t 个目标词时看向了哪里（T_y = {$t_y} 行中的 {$rows} 行；\
             第 {$next} … {$t_y} 行随着你往下走出现，输入 run 可以一次看全）",
    };
    COL_DIM { en: "dim", zh: "维度" };
    COL_VALUE { en: "value", zh: "取值" };
    COL_SIZES { en: "what it sizes", zh: "决定哪些量的大小" };
    DIM_M { en: "word embeddings: columns of E_x, E_y", zh: "词嵌入，即 E_x、E_y 的每一列" };
    DIM_N { en: "GRU states →h, ←h, s_t (H has 2n rows)", zh: "GRU 状态 →h、←h、s_t（H 有 2n 行）" };
    DIM_N_A { en: "the attention's hidden layer: W_a, U_a, v_a", zh: "注意力的隐藏层：W_a、U_a、v_a" };
    DIM_L { en: "maxout units of the deep output (t̃ has 2l)", zh: "深度输出的 maxout 单元（t̃ 有 2l 个）" };
    DIMS_TAIL {
        en: "Change with dims n=4 (each 1 … {$max}); new parameters are drawn.",
        zh: "用 dims n=4 这样的命令修改（每个取 1 … {$max}）；改了之后会重新抽取参数。",
    };
    SOURCE_SHOWN {
        en: "source: {$tokens} ({$n} tokens)\nknown words: {$vocab}\nChange with source \"WORDS\"; <eos> is added at \
             the end.",
        zh: "源句：{$tokens}（{$n} 个词元）\n词表里的词：{$vocab}\n用 source \"WORDS\" 修改；末尾会自动加上 <eos>。",
    };
    TARGET_SHOWN {
        en: "target: {$tokens} ({$n} tokens)\nknown words: {$vocab}\nChange with target \"WORDS\"; <eos> is added at \
             the end.",
        zh: "目标句：{$tokens}（{$n} 个词元）\n词表里的词：{$vocab}\n用 target \"WORDS\" 修改；末尾会自动加上 <eos>。",
    };
    SEED_SHOWN {
        en: "seed {$v}: the parameters come from it (seed N changes it).",
        zh: "种子 {$v}：参数由它生成（seed N 换一个种子）。",
    };
    INTERRUPTED { en: "Interrupted. {$where}", zh: "已中断。{$where}" };
    TRAIN_IN_REPL {
        en: "Training {$epochs} epochs needs the REPL or a script: type train {$epochs}",
        zh: "训练 {$epochs} 轮要在 REPL 或脚本里进行：输入 train {$epochs}",
    };
    REAL_TRAIN_IN_REPL {
        en: "Training the real corpus's model needs the REPL or a script: type corpus real",
        zh: "训练真实语料上的模型要在 REPL 或脚本里进行：输入 corpus real",
    };
    /// `show`'s title of a parameter.
    PARAMETER_TITLE { en: "{$name} (parameter): {$r} × {$c}", zh: "{$name}（参数）：{$r} × {$c}" };
    /// `show`'s title of a tensor that repeats per target word.
    AT_TARGET { en: "{$name} at t = {$t}", zh: "t = {$t} 时的 {$name}" };
    NOT_IN_PROJECT {
        en: "{$dir} is not inside the bahdanau project's folder; run this from the folder you cloned, or give it \
             with --project DIR",
        zh: "{$dir} 不在 bahdanau 项目的文件夹里：请在你克隆下来的文件夹里运行，或者用 --project DIR 指定它",
    };
    EXERCISES_ARE_THERE {
        en: "{$error}; the exercises are the files in its tests/exercises/",
        zh: "{$error}；练习就是它的 tests/exercises/ 里的那些文件",
    };

    RESET { en: "Back at the start: press Enter for step 01.", zh: "回到了开头：按 Enter 进入步骤 01。" };
    /// Under the alignment drawn one character a cell.
    COMPACT_LEGEND {
        en: "· < 0.125   ░ ≈ 0.25   ▒ ≈ 0.5   ▓ ≈ 0.75   █ ≈ 1   (one character per source word: the table \
             with values is wider than {$width} columns)",
        zh: "· < 0.125   ░ ≈ 0.25   ▒ ≈ 0.5   ▓ ≈ 0.75   █ ≈ 1   （每个源语言词占一个字符：带数值的表格比 \
             {$width} 列更宽）",
    };
}
