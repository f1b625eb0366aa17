//! What `--real-report` says beside its tables: the headings, the bars, the
//! `<unk>` replacement, the timings, where the REPL's model was kept, and
//! the labels around the example sentences (the sentences are the corpus's).
//! The numbers are the formatter's; the tables' own headings are shared
//! with the toy reports where they mean the same.

use super::texts;

texts! {
    BLEU_HEAD {
        en: "BLEU by source length, mean over {$n} seeds (lowest–highest):",
        zh: "按源句长度统计的 BLEU，{$n} 个种子的均值（最低–最高）：",
    };
    BEAM_HEAD {
        en: "Greedy against beam search (no length normalisation, greedy's limit of 2 T_x + 10 words), \
             mean over {$n} seeds (lowest–highest):",
        zh: "贪心解码与束搜索对比（不做长度归一化，长度上限与贪心解码相同，为 2 T_x + 10 个词），\
             {$n} 个种子的均值（最低–最高）：",
    };
    UNK_HEAD {
        en: "RNNsearch with every <unk> it writes replaced by the source word its α row peaks on, \
             mean over {$n} seeds (lowest–highest):",
        zh: "RNNsearch 把写出的每个 <unk> 换成那一行 α 最大处的源语言词之后的结果，\
             {$n} 个种子的均值（最低–最高）：",
    };
    UNK_SEED {
        en: "  seed {$seed}: {$written} <unk> written, {$filled} replaced by a source word, \
             {$right} of them a word of the reference",
        zh: "  种子 {$seed}：写出 {$written} 个 <unk>，其中 {$filled} 个换成了源语言词，\
             换上的词有 {$right} 个出现在参考译文里",
    };
    COL_WORDS { en: "words", zh: "词数" };
    WORDS_TITLE {
        en: "Words written over the test split (its references hold {$n}):",
        zh: "在整个测试集上写出的词数（参考译文共 {$n} 个词）：",
    };
    COL_COPY { en: "copy", zh: "复制源句" };
    COL_PLAIN { en: "plain", zh: "原样" };
    COL_REPLACED { en: "<unk> replaced", zh: "替换 <unk>" };
    COL_GAIN { en: "gain", zh: "提升" };
    PER_SEED {
        en: "  {$model} seed {$seed}: BLEU {$bleu}, exact {$exact} of {$n},\n    kept check {$best} of {$checks}, {$how}",
        zh: "  {$model} 种子 {$seed}：BLEU {$bleu}，{$n} 句中完全一致 {$exact} 句，\n    保留第 {$best} 次检查（共 {$checks} 次），{$how}",
    };
    WALL {
        en: "wall time: {$secs} s for {$runs} runs, two at a time{$load}",
        zh: "墙钟时间：{$runs} 次运行，每次两个并行，共 {$secs} 秒{$load}",
    };
    LOAD { en: " (load average {$load} at the end)", zh: "（结束时平均负载 {$load}）" };
    RUN_TIME {
        en: "  {$model} seed {$seed}: {$rate} training pairs per second, beam decoding {$secs} s",
        zh: "  {$model} 种子 {$seed}：每秒训练 {$rate} 个句对，束搜索解码 {$secs} 秒",
    };
    KEPT {
        en: "kept RNNsearch of seed {$seed} for the REPL (corpus real loads it without training): {$path}",
        zh: "已为 REPL 保留种子 {$seed} 的 RNNsearch（corpus real 直接加载，无需训练）：{$path}",
    };
    NOT_KEPT {
        en: "RNNsearch of seed {$seed} was not kept for the REPL ({$error}); corpus real will train it",
        zh: "种子 {$seed} 的 RNNsearch 没能为 REPL 保留下来（{$error}）；corpus real 会重新训练它",
    };
    NOT_READ_BACK {
        en: "error: the results could not be read back",
        zh: "错误：结果无法读回",
    };
    BAR_OVER_COPY {
        en: "RNNsearch beats copying the source by at least {$bar} BLEU on every seed: its worst seed {$worst}, \
             the copy {$copy}",
        zh: "在每个种子上，RNNsearch 都比复制源句至少高 {$bar} BLEU：最差的种子 {$worst}，复制源句 {$copy}",
    };
    BAR_DRAWN {
        en: "both curves drawn over all {$n} buckets with at least 50 test sentences",
        zh: "两条曲线都画满了测试句不少于 50 句的全部 {$n} 个长度段",
    };
    BAR_K1 {
        en: "beam K = 1 gives greedy's translation of every test sentence, in every run: in {$agree} of {$runs}",
        zh: "每次运行中，K = 1 的束搜索对每个测试句都给出贪心解码的译文：{$runs} 次中 {$agree} 次",
    };
    BAR_BEAM_LOSS {
        en: "greedy minus beam K = 10 over the test split at most {$bar} BLEU in every run: the largest {$lost}",
        zh: "每次运行中，整个测试集上贪心解码减去 K = 10 束搜索至多 {$bar} BLEU：最大为 {$lost}",
    };
    NO_K10 { en: "(a run holds no K = 10)", zh: "（有一次运行没有 K = 10 的结果）" };
    BAR_ABOVE {
        en: "RNNsearch minus RNNencdec in its worst bucket of at least {$n} test sentences above 0",
        zh: "在测试句不少于 {$n} 句的长度段中，RNNsearch 减去 RNNencdec 在最差的一段也大于 0",
    };
    BAR_PEAKED {
        en: "on the Figure 3 sentences the mean of each α row's largest weight is at least 0.5: {$mean}",
        zh: "在图 3 的句子上，α 每一行最大权重的均值至少为 0.5：{$mean}",
    };
    BAR_RERUN {
        en: "every seed's runs equal the committed src/experiments/results/real.json bit for bit (times aside)",
        zh: "每个种子的运行都与已提交的 src/experiments/results/real.json 逐位相同（时间除外）",
    };

    // The example sentences: each labelled, the sentences as the corpus and the models wrote them.
    EX_HEAD { en: "{$k}. test sentence {$index}", zh: "{$k}. 测试句 {$index}" };
    EX_SOURCE { en: "   source: {$words}", zh: "   源句：{$words}" };
    EX_REFERENCE { en: "   reference: {$words}", zh: "   参考译文：{$words}" };
    EX_REPLACED { en: "   replaced: {$words}", zh: "   替换后：{$words}" };
    /// A model that wrote nothing for the sentence.
    EX_NONE { en: "(none)", zh: "（无）" };
    EX_FILL {
        en: "     word {$t} <unk>: α peaks on source word {$j}, \"{$word}\" (α = {$alpha}), {$how}",
        zh: "     第 {$t} 个词 <unk>：α 最大处是第 {$j} 个源语言词“{$word}”（α = {$alpha}），{$how}",
    };
    EX_COPIED { en: "copied", zh: "照抄源词" };
    EX_LEFT { en: "left as <unk>", zh: "保留为 <unk>" };
    // The command line's own lines around the report and the fetch.
    NO_DATA_FOLDER {
        en: "this system names no data folder; set {$var} to the corpus folder",
        zh: "这个系统没有指定数据文件夹：请把 {$var} 设为语料所在的文件夹",
    };
    NO_FOLDER_TO_BUILD {
        en: "this system names no data folder; set {$var} to the folder to build the corpus in",
        zh: "这个系统没有指定数据文件夹：请把 {$var} 设为要在其中构建语料的文件夹",
    };
    REPORT_BAR {
        en: "RNNsearch and RNNencdec, every seed, two at a time: training, then beam search",
        zh: "RNNsearch 和 RNNencdec，每个种子，两个并行：先训练，再做束搜索",
    };
    FETCH_STOPPED {
        en: "fetch stopped (Ctrl-C): the corpus folder is as it was, and nothing of this download is left. \
             Type cargo run -- --fetch-corpus to start again",
        zh: "下载已停止（Ctrl-C）：语料文件夹保持原样，这次下载的东西都没有留下。输入 cargo run -- --fetch-corpus \
             重新开始",
    };
}
