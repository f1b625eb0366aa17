//! What `beam` says when a line cannot be done, its notes, and its tables:
//! one per target position, then the ranking of what finished.

use super::texts;

texts! {
    GONE {
        en: "The beam is gone; Enter steps through the walkthrough again.",
        zh: "束搜索已关闭；按 Enter 重新逐步查看演示。",
    };
    NONE { en: "There was no beam: type beam 3 to start one.", zh: "现在没有束搜索：输入 beam 3 开始一次。" };
    USAGE {
        en: "{$what}: write beam 3, beam 3 norm=length (norm=none|length|gnmt|gnmt:0.6) or beam 5 minlen=half; \
             beam off leaves",
        zh: "{$what}：请写 beam 3、beam 3 norm=length（norm=none|length|gnmt|gnmt:0.6）或 beam 5 minlen=half；\
             beam off 退出",
    };
    NEEDS_WIDTH { en: "beam needs a width", zh: "beam 需要一个束宽" };
    ONE_NORM { en: "beam takes at most one norm=", zh: "beam 最多只接受一个 norm=" };
    ONE_MINLEN { en: "beam takes at most one minlen=", zh: "beam 最多只接受一个 minlen=" };
    NEITHER { en: "\"{$option}\" is neither norm=… nor minlen=…", zh: "“{$option}”既不是 norm=… 也不是 minlen=…" };
    NOT_A_WIDTH {
        en: "\"{$word}\" is not a beam width from 1 to {$max}",
        zh: "“{$word}”不是 1 到 {$max} 之间的束宽",
    };
    NORM_AS_IN { en: "{$error}, as in beam 3 norm=length", zh: "{$error}，例如 beam 3 norm=length" };
    NOT_A_NORM {
        en: "\"{$word}\" is not a normalisation: write norm=none, norm=length, norm=gnmt or norm=gnmt:0.6 \
             (an exponent from 0 to 2)",
        zh: "“{$word}”不是一种长度归一化：请写 norm=none、norm=length、norm=gnmt 或 norm=gnmt:0.6\
             （指数在 0 到 2 之间）",
    };
    NOT_A_MINLEN {
        en: "\"{$word}\" is not a minimum length: write minlen=half (here {$half} words) or a number of words \
             from 0 to {$max}, as in beam 5 minlen=half",
        zh: "“{$word}”不是最短长度：请写 minlen=half（这里是 {$half} 个词），或 0 到 {$max} 之间的词数，\
             例如 beam 5 minlen=half",
    };
    ENDED {
        en: "the search has ended: show alpha h=1, alignment h=1, a new beam 3, or beam off",
        zh: "搜索已经结束：可以输入 show alpha h=1、alignment h=1、重新来一次 beam 3，或 beam off",
    };
    NOT_A_HYPOTHESIS {
        en: "\"{$arg}\" is not a hypothesis: write h=1, h=2, …",
        zh: "“{$arg}”不是一个假设编号：请写 h=1、h=2……",
    };
    H_WITH_ALPHA {
        en: "h=N goes with alpha only: show alpha h={$h} (or alignment h={$h})",
        zh: "h=N 只能和 alpha 一起用：show alpha h={$h}（或 alignment h={$h}）",
    };
    H_RANGE {
        en: "there are {$count} hypotheses, so h is 1 … {$count}: show alpha h=1",
        zh: "共有 {$count} 个假设，所以 h 只能是 1 … {$count}：show alpha h=1",
    };
    NO_WORD_YET {
        en: "no word is chosen yet, so there is no α: press Enter for t = 1",
        zh: "还没有选出任何词，所以没有 α：按 Enter 进入 t = 1",
    };

    NO_BEAM { en: "There is no beam: type beam 3 to start one.", zh: "现在没有束搜索：输入 beam 3 开始一次。" };
    NO_BEAM_ERR { en: "there is no beam: type beam 3 to start one", zh: "现在没有束搜索：输入 beam 3 开始一次" };
    NO_BEAM_FOR_ALPHA {
        en: "there is no beam: type beam 3, then show alpha h=1",
        zh: "现在没有束搜索：先输入 beam 3，再输入 show alpha h=1",
    };
    /// The head of a position's table.
    STEP_HEAD {
        en: "beam K={$k} (norm={$norm}), t={$t}: {$live} live, room for {$room}",
        zh: "束搜索 K={$k}（norm={$norm}），t={$t}：{$live} 个未完成的假设，还有 {$room} 个名额",
    };
    /// [`STEP_HEAD`] of a search that forbids `<eos>` early.
    STEP_HEAD_MINLEN {
        en: "beam K={$k} (norm={$norm}, minlen={$minlen}), t={$t}: {$live} live, room for {$room}",
        zh: "束搜索 K={$k}（norm={$norm}，minlen={$minlen}），t={$t}：{$live} 个未完成的假设，还有 {$room} 个名额",
    };
    FORBIDDEN {
        en: "<eos> is forbidden up to t={$n} (minlen): no hypothesis may end yet.",
        zh: "到 t={$n} 为止不许出现 <eos>（minlen）：现在还没有假设可以结束。",
    };
    COL_PREFIX { en: "prefix y_<t", zh: "前缀 y_<t" };
    /// The prefix of the first position, which has no word yet.
    NO_PREFIX { en: "(none: <bos>)", zh: "（无：<bos>）" };
    ALPHA_OF_EACH { en: "α_{$t} of each over the source:", zh: "每个假设在源句上的 α_{$t}：" };
    BEST_NEXT {
        en: "best continuations, log p = log p(prefix) + ln p(word):",
        zh: "最好的几个扩展，log p = log p(y_<t) + ln p(y_t)：",
    };
    COL_WORD { en: "word", zh: "词" };
    COL_FATE { en: "fate", zh: "去向" };
    FATE_FINISHED { en: "finished (rank {$r})", zh: "完成（第 {$r} 名）" };
    FATE_KEPT { en: "kept (rank {$r})", zh: "保留（第 {$r} 名）" };
    FATE_PRUNED { en: "pruned", zh: "剪掉" };
    FINISHED_AT {
        en: "Finished at t={$t}: {$fin}; finished in all: {$all} of K={$k}.",
        zh: "t={$t} 时完成 {$fin} 个；累计完成 {$all} 个，最多 K={$k} 个。",
    };
    LIVE_FOR { en: "Live for t={$t}: {$list}.", zh: "进入 t={$t} 的假设：{$list}。" };
    /// Between the survivors of [`LIVE_FOR`].
    LIST_SEP { en: "; ", zh: "；" };
    LENGTH_LIMIT {
        en: "t={$t} is the length limit 2 T_x + 10: the live ones are set aside, cut.",
        zh: "t={$t} 是长度上限 2 T_x + 10：未完成的假设被截断，放在一边。",
    };
    MORE {
        en: "Enter: the next position; run: to the end; show alpha h=1, alignment h=1.",
        zh: "按 Enter 看下一个位置；run 一直走到结束；也可以输入 show alpha h=1 或 alignment h=1。",
    };
    ENDED_HEAD {
        en: "The search ended after t={$t}: {$n} finished, ranked by {$by}:",
        zh: "搜索在 t={$t} 后结束：完成了 {$n} 个假设，按{$by}排序：",
    };
    BY_NONE { en: "log p (norm=none, as GroundHog by default)", zh: "log p（norm=none，GroundHog 默认如此）" };
    BY_LENGTH { en: "log p / |y| (norm=length)", zh: "log p / |y|（norm=length，除以长度）" };
    BY_LP { en: "log p / lp(y) (norm={$norm})", zh: "log p / lp(y)（norm={$norm}，除以长度惩罚 lp(y)）" };
    /// The label of a hypothesis' score in the ranking.
    SCORE { en: "score", zh: "得分" };
    CUT { en: ", cut: no <eos>", zh: "，被截断：没有 <eos>" };
    GREEDY_HEAD { en: "greedy, K=1{$plain} ({$against}):", zh: "贪心解码，K=1{$plain}（{$against}）：" };
    WITHOUT_MINLEN { en: ", without minlen", zh: "，不加 minlen" };
    GREEDY_SAME { en: "the beam's choice too", zh: "也是束搜索选出的译文" };
    GREEDY_HIGHER {
        en: "scores higher than the beam's choice: the beam did not keep it to the end, a search error",
        zh: "得分比束搜索选出的更高：束搜索没有把它保留到最后，这是一次搜索错误",
    };
    GREEDY_TIE { en: "not the beam's choice, with the same score", zh: "不是束搜索选出的译文，但得分相同" };
    GREEDY_LOWER { en: "scores lower than the beam's choice", zh: "得分比束搜索选出的低" };
    REF_TEST {
        en: "reference (test sentence {$index} of the corpus):",
        zh: "参考译文（语料的第 {$index} 个测试句）：",
    };
    REF_NOT_TEST {
        en: "No reference: the source is not the corpus's test sentence.",
        zh: "没有参考译文：源句不是语料的测试句。",
    };
    REF_TOY { en: "reference (the toy grammar's):", zh: "参考译文（玩具语法给出的）：" };
    REF_OUTSIDE_TOY {
        en: "No reference: the source is outside the toy grammar.",
        zh: "没有参考译文：源句不在玩具语法之内。",
    };
    ENDED_FOOT {
        en: "show alpha h=1 and alignment h=1 show a hypothesis' α; beam off goes back to the walkthrough.",
        zh: "show alpha h=1 和 alignment h=1 显示一个假设的 α；beam off 回到逐步演示。",
    };
    ALPHA_FINISHED { en: "finished hypothesis {$h}: {$words}", zh: "已完成的假设 {$h}：{$words}" };
    ALPHA_LIVE { en: "live hypothesis {$h}: {$words}", zh: "未完成的假设 {$h}：{$words}" };
    ITS_ALIGNMENT {
        en: "its alignment: row t is the α_t with which it chose word t",
        zh: "它的对齐矩阵：第 t 行是它选第 t 个词时的 α_t",
    };
    ITS_LAST_ALPHA {
        en: "α_{$t}: where it looked while choosing its last word",
        zh: "α_{$t}：它选最后一个词时看向源句的哪里",
    };
}
