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

    // A line that cannot be read: an open quote, a `goto` or `dims` argument.
    QUOTE_OPEN {
        en: "the quote opened at column {$col} is not closed: end the phrase with \", as in source \"the Area\"",
        zh: "第 {$col} 列开始的引号没有闭合：用 \" 结束这个短语，例如 source \"the Area\"",
    };
    /// What `goto` accepts, ending its errors.
    STEP_FORM {
        en: "write goto 9, goto 09 t=3, goto step_09_t3 or goto t=3",
        zh: "请写 goto 9、goto 09 t=3、goto step_09_t3 或 goto t=3",
    };
    NOT_A_STEP { en: "\"{$arg}\" is not a step: {$form}", zh: "“{$arg}”不是一个步骤：{$form}" };
    NO_T_NUMBER { en: "\"{$arg}\" has no number after _t: {$form}", zh: "“{$arg}”的 _t 后面没有数字：{$form}" };
    GOTO_NEEDS_STEP { en: "goto needs a step: {$form}", zh: "goto 需要一个步骤：{$form}" };
    NO_SUCH_STEP {
        en: "there is no step {$id}: steps are {$first} … {$last} ({$form})",
        zh: "没有步骤 {$id}：步骤编号是 {$first} … {$last}（{$form}）",
    };
    ONCE_PER_SENTENCE {
        en: "step {$id} ({$name}) is computed once for the sentence, not per t: write goto {$n} (you wrote \"{$joined}\")",
        zh: "步骤 {$id}（{$name}）每个句子只算一次，不随 t 变化：请写 goto {$n}（你写的是“{$joined}”）",
    };
    NOT_PER_T {
        en: "step {$id} does not repeat per target word: write goto {$n} without t",
        zh: "步骤 {$id} 不随目标词重复：请写 goto {$n}，不带 t",
    };
    /// What `dims` accepts, ending its errors.
    DIMS_FORM {
        en: "write dims n=4 l=2 (any of m, n, n', l) or four numbers: dims 8 8 8 8",
        zh: "请写 dims n=4 l=2（m、n、n'、l 任选），或者四个数：dims 8 8 8 8",
    };
    DIM_NOT_WHOLE {
        en: "{$name} = \"{$value}\" is not a whole number between 1 and {$max}: {$form}",
        zh: "{$name} = “{$value}”不是 1 到 {$max} 之间的整数：{$form}",
    };
    NOT_NAME_VALUE { en: "\"{$arg}\" is not of the form name=value: {$form}", zh: "“{$arg}”不是 name=value 的形式：{$form}" };
    NO_DIMENSION {
        en: "there is no dimension \"{$name}\": the dimensions are m, n, n' and l; {$form}",
        zh: "没有叫“{$name}”的维度：维度只有 m、n、n' 和 l；{$form}",
    };
    DIM_RANGE {
        en: "{$name} = {$value} is out of range: every dimension must be between 1 and {$max}",
        zh: "{$name} = {$value} 超出了范围：每个维度都必须在 1 到 {$max} 之间",
    };
    HELP_ONE {
        en: "help takes at most one command or group: help goto, help looking",
        zh: "help 最多接受一个命令或分组：help goto、help looking",
    };
    // `show` of a name that is not there.
    UNKNOWN_NAME {
        en: "there is no tensor or parameter called \"{$name}\": {$hint}type shapes for the tensors so far, \
             shapes params for the parameters",
        zh: "没有叫“{$name}”的张量或参数：{$hint}输入 shapes 查看目前已有的张量，输入 shapes params 查看参数",
    };
    ENERGY_TWO {
        en: "\"{$name}\" names two things, so neither is called that here: type show hidden for the tanh layer \
             tanh(W_a s_{t-1} + U_a h_i) of step 08, or show e for the energies e_t of step 09",
        zh: "“{$name}”可以指两样东西，所以这里哪个都不叫这个名字：输入 show hidden 查看步骤 08 的 tanh 层 \
             tanh(W_a s_{t-1} + U_a h_i)，或者输入 show e 查看步骤 09 的能量 e_t",
    };
    NO_VALUE_AT { en: "{$name} has no value at {$key}", zh: "{$name} 在 {$key} 没有值" };
    // `train`, `entropy`, `coverage`.
    NOT_EPOCHS {
        en: "\"{$n}\" is not a number of epochs from 1 to {$max}: type train 10",
        zh: "“{$n}”不是 1 到 {$max} 之间的训练轮数：输入 train 10",
    };
    TRAIN_ONE {
        en: "train takes at most one number, the epochs: train or train 10",
        zh: "train 最多接受一个数，即训练轮数：train 或 train 10",
    };
    TRAIN_PAST_MOST {
        en: "this run has trained {$done} epochs and keeps at most {$most}; train {$left} at most, \
             or start a new run with seed {$seed}",
        zh: "这次训练已经训练了 {$done} 轮，最多保留 {$most} 轮：最多还能 train {$left}，\
             或者输入 seed {$seed} 开始一次新的训练",
    };
    NO_ALPHA_YET {
        en: "no α yet: the first row appears at step 10 ({$k} of {$n}); type goto 10 or run",
        zh: "还没有 α：第一行在步骤 10 出现（第 {$k} 步，共 {$n} 步）；输入 goto 10 或 run",
    };
    // A sentence that cannot be the scenario's.
    EMPTY_SENTENCE {
        en: "the sentence is empty: give at least one word, for example \"the European Economic Area\"",
        zh: "句子是空的：至少给一个词，例如 \"the European Economic Area\"",
    };
    SENTENCE_TOO_LONG {
        en: "the sentence has {$n} tokens with <eos>; the limit is {$limit}: give a shorter one",
        zh: "这个句子连 <eos> 共有 {$n} 个词元，上限是 {$limit}：请给一个短一些的句子",
    };
    EOS_INSIDE {
        en: "<eos> may only end the sentence, but it stands at position {$pos}",
        zh: "<eos> 只能放在句末，但它出现在第 {$pos} 个位置",
    };
    NOT_IN_WALK { en: "{$key} is not part of this walkthrough", zh: "{$key} 不在这次演示之中" };
    PAST_LAST {
        en: "position {$shown} is past the last step, {$n}",
        zh: "位置 {$shown} 超过了最后一步（第 {$n} 步）",
    };
    OTHER_VOCABULARIES {
        en: "the parameters were made for other vocabularies",
        zh: "这些参数是为别的词表建立的",
    };
}
