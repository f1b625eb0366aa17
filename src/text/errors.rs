//! What the learner is told when a line at the prompt cannot be done: what
//! went wrong, and what to type instead.

use super::texts;

texts! {
    LANG_UNKNOWN {
        en: "the REPL speaks en and zh, not \"{$word}\": type lang zh for Chinese or lang en for English",
        zh: "REPL 只会说 en 和 zh，不会说“{$word}”：输入 lang zh 用中文，输入 lang en 用英文",
    };
    LANG_ONE_WORD {
        en: "lang takes one word, en or zh: lang zh",
        zh: "lang 只接受一个词，en 或 zh：lang zh",
    };
    UNKNOWN_TOKEN {
        en: "unknown token \"{$word}\": {$hint}the known tokens are: {$tokens}",
        zh: "词表里没有“{$word}”：{$hint}词表里的词是：{$tokens}",
    };
    DID_YOU_MEAN_TOKEN { en: "did you mean \"{$token}\"? ", zh: "你是想写“{$token}”吗？" };
    UNKNOWN_COMMAND {
        en: "unknown command \"{$word}\": {$hint}type help for the list of commands",
        zh: "没有“{$word}”这个命令：{$hint}输入 help 查看命令列表",
    };
    DID_YOU_MEAN { en: "did you mean {$name}? ", zh: "你是想输入 {$name} 吗？" };
    NO_ARGUMENTS { en: "{$name} takes no arguments: type just {$name}", zh: "{$name} 不接受参数：只输入 {$name} 即可" };
    LAST_STEP {
        en: "this is the last step ({$n} of {$n}): type alignment for the heatmap, back, goto STEP or reset",
        zh: "这已经是最后一步（第 {$n} 步，共 {$n} 步）：输入 alignment 看热力图，或输入 back、goto 步骤、reset",
    };
    FIRST_STEP {
        en: "there is no step before this one: press Enter (or type next) to go forward",
        zh: "前面没有步骤了：按 Enter（或输入 next）往前走",
    };
    HELP_UNKNOWN {
        en: "there is no command or group \"{$word}\": {$hint}type help for the list",
        zh: "没有叫“{$word}”的命令或分组：{$hint}输入 help 查看列表",
    };
    NO_STEP_YET {
        en: "no step yet: press Enter (or type next) for step 01",
        zh: "还没有任何步骤：按 Enter（或输入 next）进入步骤 01",
    };
    NO_POSITION {
        en: "there is no position {$k}: the prompt counts positions 1 … {$steps} (goto {$steps} is the last), \
             and goto 1 … {$last_id} names a step",
        zh: "没有第 {$k} 个位置：提示符里的位置从 1 数到 {$steps}（goto {$steps} 是最后一个），\
             而 goto 1 … {$last_id} 指的是步骤编号",
    };
    ALREADY_LAST {
        en: "You are already at the last step: type alignment, back or reset.",
        zh: "已经在最后一步了：输入 alignment、back 或 reset。",
    };
    SHOW_NOT_T { en: "\"{$word}\" is not t=N: write show {$name} t=2", zh: "“{$word}”不是 t=N 的形式：请写 show {$name} t=2" };
    SHOW_NEEDS_NAME {
        en: "show needs one name: show alpha, show alpha t=2, show W_a; type shapes for the names",
        zh: "show 需要一个名字：show alpha、show alpha t=2、show W_a；输入 shapes 查看所有名字",
    };
    SHAPES_ARGS {
        en: "shapes takes nothing or the word params: type shapes or shapes params",
        zh: "shapes 不带参数，或者带 params：输入 shapes 或 shapes params",
    };
    ALIGNMENT_NOT_H {
        en: "\"{$word}\" is not h=N: write alignment, or alignment h=2 for a beam hypothesis",
        zh: "“{$word}”不是 h=N 的形式：请写 alignment，或者用 alignment h=2 查看束搜索的一个假设",
    };
    ALIGNMENT_ARGS {
        en: "alignment takes nothing or h=N: type alignment, or alignment h=2",
        zh: "alignment 不带参数，或者带 h=N：输入 alignment 或 alignment h=2",
    };
    /// BAHDANAU_LANG holds a value that names no language; said in the language chosen instead.
    LANG_ENV_UNKNOWN {
        en: "BAHDANAU_LANG=\"{$value}\" names no language this program speaks, so the locale chose English: \
             set BAHDANAU_LANG=en or BAHDANAU_LANG=zh (or type lang zh at the prompt)",
        zh: "BAHDANAU_LANG=\"{$value}\" 不是本程序会说的语言，因此按区域设置选用了中文：\
             请设置 BAHDANAU_LANG=en 或 BAHDANAU_LANG=zh（也可以在提示符下输入 lang en）",
    };
    T_OUT_OF_RANGE {
        en: "t = {$t} is out of range: the target has T_y = {$t_y} words, so t is 1 … {$t_y}",
        zh: "t = {$t} 超出了范围：目标句有 T_y = {$t_y} 个词，所以 t 只能是 1 … {$t_y}",
    };
    NOT_A_POSITION {
        en: "\"{$arg}\" is not a target position: write t=1, t=2, …",
        zh: "“{$arg}”不是目标位置：请写 t=1、t=2……",
    };
    /// `show` of a tensor the walkthrough has not computed yet.
    NOT_REACHED {
        en: "{$name} is computed at step {$id} ({$k} of {$n}), which you have not reached: press Enter to go on, \
             or type goto {$goto}",
        zh: "{$name} 在第 {$id} 步（共 {$n} 步中的第 {$k} 步）才算出来，你还没走到那里：按 Enter 继续往下走，\
             或者输入 goto {$goto}",
    };
    NOT_REACHED_AT {
        en: "{$name} at t = {$t} is computed at step {$id} ({$k} of {$n}), which you have not reached: press Enter \
             to go on, or type goto {$goto}",
        zh: "t = {$t} 时的 {$name} 在第 {$id} 步（共 {$n} 步中的第 {$k} 步）才算出来，你还没走到那里：\
             按 Enter 继续往下走，或者输入 goto {$goto}",
    };
}
