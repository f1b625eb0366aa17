//! What the model's own functions say when they refuse their inputs: a dot
//! product of two lengths, a mask of the wrong length, a row that is all
//! padding. The book quotes these functions, so each keeps its English in a
//! comment beside the call, and a test holds the comment to this table.

use super::texts;

texts! {
    DOT_LENGTHS {
        en: "dot needs the query and the keys to have one length, but s has {$s} entries and each h_i has {$h}: \
             project one of them first (general: sᵀ W h_i with W of shape {$s} × {$h})",
        zh: "dot 要求查询和键的长度相同，但 s 有 {$s} 个分量，而每个 h_i 有 {$h} 个：\
             先把其中一个投影过去（general：sᵀ W h_i，W 的形状为 {$s} × {$h}）",
    };
    MASK_LENGTH {
        en: "the mask has {$k} entries but there are {$t_x} energies",
        zh: "掩码有 {$k} 项，但能量有 {$t_x} 个",
    };
    ALL_PADDING {
        en: "every position of this row is padding: there is nothing to attend to, so α is undefined",
        zh: "这一行的每个位置都是填充：没有可以关注的词，所以 α 没有定义",
    };
}

#[cfg(test)]
mod tests {
    /// The English of `t` as its comment in `source` writes it: the words
    /// of the template, arguments as `{name}`, with the comment's line
    /// breaks and `//` marks read as spaces.
    fn quoted(source: &str, t: super::super::Text) -> bool {
        let words = |s: &str| s.replace("{$", "{").split_whitespace().collect::<Vec<_>>().join(" ");
        let comments: String = source
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("//"))
            .map(|l| l.trim_start_matches('/'))
            .collect::<Vec<_>>()
            .join(" ");
        words(&comments).contains(&words(t.en))
    }

    #[test]
    fn the_functions_the_book_quotes_keep_their_english_beside_the_call() {
        let scores = include_str!("../model/scores.rs");
        let mask = include_str!("../model/mask.rs");
        assert!(quoted(scores, super::DOT_LENGTHS), "src/model/scores.rs no longer quotes DOT_LENGTHS in English");
        for t in [super::MASK_LENGTH, super::ALL_PADDING] {
            assert!(quoted(mask, t), "src/model/mask.rs no longer quotes {} in English", t.key);
        }
    }
}
