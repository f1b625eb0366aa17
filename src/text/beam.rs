//! What `beam` says when a line cannot be done, and its notes.

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
}
