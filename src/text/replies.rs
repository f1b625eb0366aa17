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
}
