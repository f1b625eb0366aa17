//! The words around a step's table: where it stands in the walkthrough,
//! the labels of its formula and shape, and where the learner is.

use super::texts;

texts! {
    /// "step 10 (10 of 42)": the step, its place, the number of steps.
    STEP_HEAD {
        en: "step {$id} ({$k} of {$n})",
        zh: "步骤 {$id}（第 {$k} 步，共 {$n} 步）",
    };
    /// The target position of a decoder step and the word being written.
    AT_T {
        en: " · t = {$t} of {$t_y} (writing \"{$word}\")",
        zh: " · t = {$t}/{$t_y}（正在写“{$word}”）",
    };
    /// Between a step's place and its symbol.
    COLON {
        en: ": ",
        zh: "：",
    };
    /// The end of a sentence built from parts.
    FULL_STOP {
        en: ".",
        zh: "。",
    };
    /// The label before the formula; as wide as [`SHAPE`]'s, so the two align.
    FORMULA {
        en: "  formula: ",
        zh: "  公式：",
    };
    SHAPE {
        en: "  shape:   ",
        zh: "  形状：",
    };
    /// p(y_t) of a real shortlist, of which only the likeliest rows are shown.
    LIKELIEST {
        en: "{$k_y}, the {$rows} likeliest words shown",
        zh: "{$k_y}，只列出概率最大的 {$rows} 个词",
    };
    WHERE_AT {
        en: "You are at {$place}; {$next}.",
        zh: "你在{$place}；{$next}。",
    };
    WHERE_NEXT {
        en: "Enter shows step {$id}, {$symbol}",
        zh: "按 Enter 看步骤 {$id}，{$symbol}",
    };
    WHERE_LAST {
        en: "this is the last step",
        zh: "这已经是最后一步",
    };
    WHERE_BEFORE {
        en: "Before step 01 of {$n}: press Enter to begin.",
        zh: "还没开始，共 {$n} 步：按 Enter 从步骤 01 开始。",
    };
}
