//! What `corpus` answers, and what it says when the real corpus is not there.

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
}
