//! What the checker says of a wrong answer that no catalogued mistake
//! explains, where it reads the answer as the right formula with one term
//! changed, or reads a panic for its cause (`exercises::diagnosis::diagnose`).
//! `{$name}` and `{$other}` are the formula's own symbols (`W_a`, `h_prev`).

use super::texts;

texts! {
    TERM_MISSING {
        en: "{$name} is missing: your answer is the formula with {$name} = 0.",
        zh: "少了 {$name}：你的答案等于把公式里的 {$name} 设为 0。",
    };
    TERM_SIGN {
        en: "{$name} enters with the wrong sign: your answer is the formula with −{$name}.",
        zh: "{$name} 的符号反了：你的答案等于把公式里的 {$name} 换成 −{$name}。",
    };
    TERM_TWICE {
        en: "{$name} is counted twice: your answer is the formula with 2·{$name}.",
        zh: "{$name} 算了两次：你的答案等于把公式里的 {$name} 换成 2·{$name}。",
    };
    TERM_HALVED {
        en: "{$name} is halved: your answer is the formula with {$name}/2.",
        zh: "{$name} 被减半了：你的答案等于把公式里的 {$name} 换成 {$name}/2。",
    };
    TERM_SWAPPED {
        en: "you used {$other} where {$name} belongs.",
        zh: "该用 {$name} 的地方，你用了 {$other}。",
    };
    TERM_IDENTITY {
        en: "{$name} is left out: your answer is the formula with {$name} = I.",
        zh: "漏掉了 {$name}：你的答案等于把公式里的 {$name} 换成单位矩阵 I。",
    };
    TERM_TRANSPOSED {
        en: "you used {$name}ᵀ where {$name} belongs.",
        zh: "该用 {$name} 的地方，你用了它的转置 {$name}ᵀ。",
    };
    TERMS_EXCHANGED {
        en: "you swapped {$name} and {$other}: each stands where the other belongs.",
        zh: "你把 {$name} 和 {$other} 弄反了：两者各自站在了对方的位置上。",
    };
    TERM_EVERYWHERE {
        en: "you used {$name} in place of {$others} too: each term has its own weights (a line copied and not \
             edited?).",
        zh: "你在 {$others} 的位置上也用了 {$name}：每一项都有自己的权重（是不是复制了一行却忘了改？）。",
    };
    /// Joins the names of `TERM_EVERYWHERE`'s `{$others}`.
    AND { en: " and ", zh: "、" };
    OPERANDS {
        en: " The operands were {$a} and {$b}.",
        zh: "两个操作数分别是 {$a}，以及 {$b}。",
    };
    SHAPE_OF { en: "{$shape}, the shape of {$names}", zh: "{$shape}，即 {$names} 的形状" };
    PANIC_PRODUCT {
        en: "a matrix product has mismatched dimensions: A·B needs A's columns to equal B's rows.{$operands} The \
             inputs were {$inputs}. Write each product's shape beside it, e.g. `// (n', T_x)`, and transpose or \
             swap the factor that does not fit (a.tr_mul(&b) is aᵀ·b).",
        zh: "有一个矩阵乘积的维度对不上：A·B 要求 A 的列数等于 B 的行数。{$operands}输入是 {$inputs}。\
             在每个乘积旁边写上它的形状，例如 `// (n', T_x)`，再把对不上的那个因子转置或换掉\
             （a.tr_mul(&b) 就是 aᵀ·b）。",
    };
    PANIC_SUM {
        en: "two terms added or multiplied entry by entry have different shapes.{$operands} The inputs were \
             {$inputs}: check each term's shape, and which product should have brought them to the same one.",
        zh: "两个逐元素相加或相乘的项形状不同。{$operands}输入是 {$inputs}：检查每一项的形状，\
             看看本该由哪个乘积把它们变成同一形状。",
    };
    PANIC_INDEX {
        en: "an index ran past the end of a matrix or vector. The inputs were {$inputs}: check which axis each \
             index runs over (rows come first in m[(row, col)]) and the range of every loop.",
        zh: "有一个下标越过了矩阵或向量的末尾。输入是 {$inputs}：检查每个下标沿哪个轴走\
             （m[(row, col)] 里行在前）以及每个循环的范围。",
    };
    PANIC_UNDERFLOW {
        en: "an index went below 0 (a usize subtraction overflowed). The inputs were {$inputs}: at the smallest \
             t, check what each `t - k` gives.",
        zh: "有一个下标减到了 0 以下（usize 减法溢出）。输入是 {$inputs}：在最小的 t 上，\
             检查每个 `t - k` 得到什么。",
    };
    PANIC_OTHER {
        en: "your function panicked. The inputs were {$inputs}: read the message above for its cause.",
        zh: "你的函数 panic 了。输入是 {$inputs}：原因见上面的报错信息。",
    };
}
