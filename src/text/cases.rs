//! The names of the checker's test cases, as the report shows them ("case 3
//! of 6: e (4), large energies"), the names of the inputs' parts that are
//! words rather than a formula's symbols, and what the report says of a
//! panic. A case whose name is only symbols (`H (2n=4, T_x=3), α (T_x=3)`)
//! reads the same in both languages and has no entry.

use super::texts;

texts! {
    // Exercise 3.
    ANNOTATIONS { en: "→h and ←h (n={$n}, T_x={$t})", zh: "→h 和 ←h (n={$n}, T_x={$t})" };
    // Exercise 5.
    ENERGIES {
        en: "n={$n}, n'={$na}, T_x={$tx}, s_0…s_{$ty} as columns, t={$t}",
        zh: "n={$n}, n'={$na}, T_x={$tx}，s_0…s_{$ty} 各占一列，t={$t}",
    };
    // Exercise 6.
    SOFTMAX_RANDOM { en: "e ({$n}), random", zh: "e ({$n})，随机取值" };
    SOFTMAX_LARGE { en: "e (4), large energies", zh: "e (4)，能量很大" };
    SOFTMAX_LARGEST_NOT_FIRST { en: "e (4), the largest energy not first", zh: "e (4)，最大的能量不在第一个" };
    SOFTMAX_ALL_NEGATIVE {
        en: "e (4), every energy large and negative",
        zh: "e (4)，每个能量都是绝对值很大的负数",
    };
    SOFTMAX_ONE_FAR { en: "e (4), one energy far above the rest", zh: "e (4)，有一个能量远高于其余的" };
    // Exercise 7.
    MASKED_LENGTHS { en: "e (B={$b}, T_x={$t}), lengths {$lengths}", zh: "e (B={$b}, T_x={$t})，长度 {$lengths}" };
    MASKED_LARGE {
        en: "e (B=2, T_x=3), lengths [3, 2], large energies",
        zh: "e (B=2, T_x=3)，长度 [3, 2]，能量很大",
    };
    MASKED_PADDING_HIGH {
        en: "e (B=2, T_x=4), lengths [2, 3], padding energies far above the real ones",
        zh: "e (B=2, T_x=4)，长度 [2, 3]，填充处的能量远高于真实词的",
    };
    // Exercise 12.
    ENTROPY_POSITIVE { en: "α (5), all weights above 0", zh: "α (5)，所有权重都大于 0" };
    ENTROPY_PADDING { en: "α (4) with zeros from padding", zh: "α (4)，含有填充带来的 0" };
    ENTROPY_ONE_WORD { en: "α (3), all weight on one word", zh: "α (3)，权重全在一个词上" };
    // Exercise 16.
    ENCDEC {
        en: "V (n={$n}, n), encoder states h (n={$n}, T_x={$tx}), T_y={$ty}",
        zh: "V (n={$n}, n)，编码器状态 h (n={$n}, T_x={$tx})，T_y={$ty}",
    };
    // Exercise 17.
    BP_SHORTER {
        en: "hypotheses shorter: lengths {$hyp}, references {$refs}",
        zh: "候选译文较短：长度 {$hyp}，参考译文 {$refs}",
    };
    BP_LONGER {
        en: "hypotheses longer: lengths {$hyp}, references {$refs}",
        zh: "候选译文较长：长度 {$hyp}，参考译文 {$refs}",
    };
    BP_MIXED {
        en: "one sentence shorter, one longer, the corpus longer: [6, 2] against [3, 4]",
        zh: "一句较短、一句较长，整个语料较长：候选译文 [6, 2]，参考译文 [3, 4]",
    };
    BP_SAME { en: "the same lengths: [4, 7] against [4, 7]", zh: "长度相同：候选译文和参考译文都是 [4, 7]" };
    // Exercise 18.
    BATCH {
        en: "B={$b} sentences, 2n={$d}, T_x={$t}, lengths {$lengths}",
        zh: "B={$b} 个句子，2n={$d}, T_x={$t}，长度 {$lengths}",
    };
    BATCH_NAN {
        en: "B=2 sentences, 2n=4, T_x=4, lengths [2, 3], padding columns of H that hold NaN",
        zh: "B=2 个句子，2n=4, T_x=4，长度 [2, 3]，H 的填充列里是 NaN",
    };
    BATCH_NEAR_800 {
        en: "B=2 sentences, 2n=4, T_x=4, lengths [3, 2], energies near 800",
        zh: "B=2 个句子，2n=4, T_x=4，长度 [3, 2]，能量接近 800",
    };
    BATCH_PADDING_HIGH {
        en: "B=2 sentences, 2n=4, T_x=4, lengths [2, 3], padding energies far above the real ones",
        zh: "B=2 个句子，2n=4, T_x=4，长度 [2, 3]，填充处的能量远高于真实词的",
    };
    // Exercise 19.
    BEAM_FIRST {
        en: "3 live hypotheses, K_y = 5 words, <eos> = 0, room 3, two <eos> among the best",
        zh: "3 个未完成的假设，K_y = 5 个词，<eos> = 0，room 3，最好的候选里有两个 <eos>",
    };
    BEAM_TIES {
        en: "2 live hypotheses, K_y = 4, <eos> = 3, room 3, ties at −1.5",
        zh: "2 个未完成的假设，K_y = 4，<eos> = 3，room 3，有候选在 −1.5 处并列",
    };
    BEAM_START {
        en: "the first position: 1 hypothesis (ln p 0), K_y = 6, <eos> = 5, room 4",
        zh: "第一个位置：1 个假设（ln p 为 0），K_y = 6，<eos> = 5，room 4",
    };
    BEAM_LATER {
        en: "4 live hypotheses, K_y = 5, <eos> = 2, room 2 (two finished before)",
        zh: "4 个未完成的假设，K_y = 5，<eos> = 2，room 2（之前已有两个完成）",
    };
    // Exercise 21.
    BLEU_BIGRAM {
        en: "n = 2, two sentences of 6 and 5 words, a bigram repeated",
        zh: "n = 2，两个句子，分别有 6 个和 5 个词，有一个 2-gram 重复出现",
    };
    BLEU_REFERENCE_REPEATS {
        en: "n = 1, a reference repeating \"the\" more often than its hypothesis, irregular spacing",
        zh: "n = 1，参考译文里“the”出现的次数比候选译文多，空格不规则",
    };
    BLEU_HYPOTHESIS_REPEATS {
        en: "n = 1, \"the the the the\" against a reference with one \"the\"",
        zh: "n = 1，候选译文是“the the the the”，参考译文里只有一个“the”",
    };
    BLEU_NO_TRIGRAM {
        en: "n = 3, one hypothesis with no matching trigram, one shorter than 3 words",
        zh: "n = 3，一个候选译文没有匹配的 3-gram，另一个不到 3 个词",
    };
    BLEU_FOUR { en: "n = 4, three sentences", zh: "n = 4，三个句子" };
    // The parts of an input named in words (`exercises::diagnosis::knowledge`).
    PART_HYPOTHESIS_LENGTHS { en: "hypothesis lengths", zh: "候选译文长度" };
    PART_REFERENCE_LENGTHS { en: "reference lengths", zh: "参考译文长度" };
    PART_SENTENCES_SIDE_BY_SIDE { en: "H (the sentences side by side)", zh: "H（各句子并排）" };
    PART_LIVE_LOG_P { en: "ln p of the live hypotheses", zh: "ln p（未完成的假设）" };
    PART_HYPOTHESES { en: "hypotheses", zh: "候选译文" };
    PART_REFERENCES { en: "references", zh: "参考译文" };
    // A panic, as the report shows it.
    PANIC_AT { en: "{$message} (at {$location})", zh: "{$message}（位于 {$location}）" };
    PANIC_NO_MESSAGE { en: "a panic without a message", zh: "一次没有消息的 panic" };
}
