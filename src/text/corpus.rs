//! What `corpus` answers, what it says when the real corpus is not there,
//! and why a kept model of the real corpus could not be used or kept.

use super::texts;

texts! {
    NO_DATA_FOLDER {
        en: "this system names no data folder: set {$var} to the corpus folder; the session is unchanged",
        zh: "这个系统没有指定数据文件夹：请把 {$var} 设为语料所在的文件夹；会话保持不变",
    };
    NO_CORPUS {
        en: "there is no real corpus in {$dir}; the session is unchanged.\n\
             Fetch and build it once (about 5 MB) with\n  cargo run -- --fetch-corpus\n\
             then type corpus real again.",
        zh: "{$dir} 里没有真实语料；会话保持不变。\n\
             先用下面的命令下载并构建一次（约 5 MB）：\n  cargo run -- --fetch-corpus\n\
             然后再输入 corpus real。",
    };
    UNCHANGED { en: "{$error}; the session is unchanged", zh: "{$error}；会话保持不变" };
    ON_REAL {
        en: "The walkthrough is on the real corpus: corpus toy goes back.",
        zh: "演示现在用的是真实语料：corpus toy 回到玩具语料。",
    };
    ON_TOY {
        en: "The walkthrough is on the toy corpus: corpus real switches to real sentences.",
        zh: "演示现在用的是玩具语料：corpus real 切换到真实句子。",
    };
    ALREADY_TOY {
        en: "Already on the toy corpus: corpus real switches to real sentences.",
        zh: "已经在用玩具语料了：corpus real 切换到真实句子。",
    };
    ALREADY_REAL {
        en: "Already on the real corpus: corpus toy goes back.",
        zh: "已经在用真实语料了：corpus toy 回到玩具语料。",
    };
    BACK_ON_TOY {
        en: "Back on the toy corpus: \"{$source}\" → \"{$target}\". {$origin}",
        zh: "回到了玩具语料：“{$source}”→“{$target}”。{$origin}",
    };
    ONE_WORD {
        en: "corpus takes one word: corpus real (real sentences) or corpus toy (the default scenario)",
        zh: "corpus 只接受一个词：corpus real（真实句子）或 corpus toy（默认场景）",
    };
    EMPTY_SENTENCE {
        en: "the sentence is empty: give at least one word, as in {$side} \"Click OK.\"",
        zh: "句子是空的：至少给一个词，例如 {$side} \"Click OK.\"",
    };
    TOO_LONG {
        en: "the sentence has {$n} tokens; the limit is {$limit}: give a shorter one",
        zh: "这个句子有 {$n} 个词元，上限是 {$limit}：请给一个短一些的句子",
    };
    ONE_UNK {
        en: "{$n} word outside the shortlist of {$size} became <unk>: {$words}.",
        zh: "有 {$n} 个词不在 {$size} 个词的候选词表里，变成了 <unk>：{$words}。",
    };
    MANY_UNK {
        en: "{$n} words outside the shortlist of {$size} became <unk>: {$words}.",
        zh: "有 {$n} 个词不在 {$size} 个词的候选词表里，变成了 <unk>：{$words}。",
    };
    TARGET_NOW { en: "The target is now \"{$words}\".", zh: "目标句现在是“{$words}”。" };
    SOURCE_NOW {
        en: "The source is now \"{$words}\". The target is the model's own greedy translation, \"{$target}\"; \
             type target \"WORDS\" to step through another.",
        zh: "源句现在是“{$words}”。目标句是模型自己贪心解码的译文“{$target}”；\
             想逐步查看别的目标句，输入 target \"词 词 …\"。",
    };
    TOY_ONLY {
        en: "{$name} works on the toy corpus only: type corpus toy first (the real session is unchanged)",
        zh: "{$name} 只能在玩具语料上用：先输入 corpus toy（真实语料的会话保持不变）",
    };
    UNK_REPLACED {
        en: "each <unk> replaced by the source word its α row peaks on: {$words}",
        zh: "把每个 <unk> 换成它那一行 α 最大处的源语言词：{$words}",
    };
    UNK_FILL {
        en: "  word {$t}, <unk> ← \"{$word}\" (source word {$j}, α = {$alpha})",
        zh: "  第 {$t} 个词 <unk> ← “{$word}”（第 {$j} 个源语言词，α = {$alpha}）",
    };
    UNK_LEFT {
        en: "  word {$t}, <unk> stays: its α row peaks on source word {$j}, {$word} (α = {$alpha}), which has no typed form to copy",
        zh: "  第 {$t} 个词 <unk> 保持不变：它那一行 α 最大处是第 {$j} 个源语言词 {$word}（α = {$alpha}），没有可照抄的原词",
    };

    /// Once on the real corpus; `how` is [`HOW_KEPT`] or [`HOW_TRAINED`], `kept` [`KEPT_CHECK`].
    REAL_BANNER {
        en: "On the real corpus: RNNsearch, seed {$seed}, {$how} ({$kept}). corpus toy goes back. \
             Test sentence {$index}:\n  {$source}\n  reference: {$reference}\n{$notice}",
        zh: "现在用的是真实语料：RNNsearch，种子 {$seed}，{$how}（{$kept}）。corpus toy 回到玩具语料。\
             测试句 {$index}：\n  {$source}\n  参考译文：{$reference}\n{$notice}",
    };
    HOW_KEPT { en: "kept in the data folder", zh: "模型早已保存在数据文件夹里" };
    HOW_TRAINED { en: "trained now and kept in the data folder", zh: "模型刚刚训练好，已保存在数据文件夹里" };
    KEPT_CHECK {
        en: "the weights of its check at {$pairs} pair-updates, held-out BLEU {$bleu}",
        zh: "用的是第 {$pairs} 次句对更新时那次检查的权重，留出集 BLEU {$bleu}",
    };
    /// Where the real corpus's sentences come from, and under what licence.
    NOTICE {
        en: crate::corpus::real::NOTICE,
        zh: "这些句子来自 LibreOffice 帮助（Debian 打包的 libreoffice-help-en-us 和 libreoffice-help-fr），\
             © The Document Foundation 及其贡献者，按 Mozilla Public License 2.0（https://mozilla.org/MPL/2.0/）授权。",
    };
    NO_TEST_SENTENCES {
        en: "the corpus has no test sentences; build it again with cargo run -- --fetch-corpus",
        zh: "语料里没有测试句：请用 cargo run -- --fetch-corpus 重新构建它",
    };
    // Training the real model in the REPL, with a bar.
    TRAIN_BAR { en: "RNNsearch on the real corpus, once (then kept)", zh: "在真实语料上训练 RNNsearch（只训练一次，之后保存）" };
    TRAINED_IN { en: "trained in {$secs} s", zh: "训练用时 {$secs} 秒" };
    TRAINED_NOT_KEPT {
        en: "the model was trained and the session is on it, but it could not be kept: {$why}. \
             Type save FILE to keep the whole session, or make room and type corpus toy, then \
             corpus real, to train and keep it again",
        zh: "模型已经训练好，会话也已切换到它，但没能保存下来：{$why}。输入 save s.json 这样的命令可以保存整个会话；\
             或者腾出空间后先输入 corpus toy，再输入 corpus real，重新训练并保存",
    };
    TRAINING_STOPPED { en: "training stopped (Ctrl-C); nothing was kept", zh: "训练已停止（Ctrl-C）；没有保存任何东西" };
    TRAINING_DIVERGED {
        en: "training diverged after {$pairs} pair-updates; nothing was kept",
        zh: "训练在 {$pairs} 次句对更新后发散了；没有保存任何东西",
    };
    // A kept model that cannot be used: what is wrong, then how to make it again.
    KEPT_AGAIN {
        en: "delete {$path} and type corpus real again to train it anew",
        zh: "请删除 {$path}，再输入 corpus real 重新训练",
    };
    KEPT_REFUSED {
        en: "{$path} is not a kept model this program can use: {$why}; {$again}",
        zh: "{$path} 不是本程序能用的已保存模型：{$why}；{$again}",
    };
    KEPT_TOO_MANY_VALUES {
        en: "it holds {$n} values, more than a model of these shapes ({$most} at most)",
        zh: "它有 {$n} 个数值，比这些形状的模型能有的还多（最多 {$most} 个）",
    };
    KEPT_NOT_JSON { en: "it is not valid JSON ({$error})", zh: "它不是有效的 JSON（{$error}）" };
    KEPT_NOT_FORMAT { en: "it is not of format {$format}", zh: "它的格式不是 {$format}" };
    KEPT_CHANGED {
        en: "it was changed since it was written (its sha256 does not match what it holds)",
        zh: "写出之后它被改动过（它的 sha256 与内容不符）",
    };
    KEPT_OTHER_CORPUS {
        en: "{$path} was trained on another build of the corpus: {$again}",
        zh: "{$path} 是在另一次构建的语料上训练的：{$again}",
    };
    KEPT_OTHER_CONFIG { en: "{$path} was trained with another config: {$again}", zh: "{$path} 是用另一套配置训练的：{$again}" };
    KEPT_WEIGHT_BEYOND {
        en: "its {$name} holds {$x}, beyond the ±{$most} training gives",
        zh: "它的 {$name} 里有 {$x}，超出了训练能给出的 ±{$most}",
    };
    KEPT_NO_PARAM {
        en: "{$path} holds no {$name} of shape {$rows} × {$cols}: {$again}",
        zh: "{$path} 里没有形状为 {$rows} × {$cols} 的 {$name}：{$again}",
    };
    CHECKS_NOT_LIST { en: "its checks are not a list", zh: "它的 checks 不是列表" };
    CHECK_FIELDS {
        en: "one of its checks is not pairs, loss, bleu and lr_scale",
        zh: "它的某次检查不是由 pairs、loss、bleu 和 lr_scale 组成的",
    };
    CHECKS_COUNT {
        en: "it records {$n} checks, but its training makes 1 to {$most}",
        zh: "它记录了 {$n} 次检查，但这样的训练只会做 1 到 {$most} 次",
    };
    CHECKS_NOT_RISING {
        en: "its checks' pair-updates do not rise from 0",
        zh: "它各次检查的句对更新次数不是从 0 开始递增的",
    };
    CHECK_BLEU {
        en: "one of its checks has BLEU {$x}, but BLEU lies between 0 and 100",
        zh: "它的某次检查 BLEU 为 {$x}，但 BLEU 在 0 到 100 之间",
    };
    CHECK_LOSS {
        en: "one of its checks has loss {$x}, but a loss is finite and not negative",
        zh: "它的某次检查损失为 {$x}，但损失是有限的非负数",
    };
    BEST_NOT_MADE { en: "its best_check is not a check it made", zh: "它的 best_check 不是它做过的某次检查" };
    BEST_OTHER {
        en: "its best_check is {$best}, but its training keeps check {$chosen}",
        zh: "它的 best_check 是 {$best}，但这样的训练保留的是第 {$chosen} 次检查",
    };
}
