//! What `explain` says about each step: a paragraph on what the tensor is,
//! why it is computed this way and what to look for in its numbers (the
//! one-line caption under each table says only the first). The paragraphs
//! live with every other sentence a learner reads, in `text::explain`.

use crate::text::Text;

/// The paragraph of step `id` (1 … 14); None for any other id.
pub fn paragraph(id: u8) -> Option<Text> {
    crate::text::explain::paragraph(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lang;
    use crate::walkthrough::STEP_INFO;

    #[test]
    fn every_step_has_a_paragraph_longer_than_its_caption() {
        for info in STEP_INFO {
            let p = paragraph(info.id).unwrap_or_else(|| panic!("step {} has no paragraph", info.id));
            assert_eq!(p.key, format!("EXPLAIN_{:02}", info.id), "the paragraphs are in step order");
            for lang in Lang::ALL {
                let (p, m) = (p.in_lang(lang), info.meaning.in_lang(lang));
                assert!(p.chars().count() > 2 * m.chars().count().min(200), "step {} ({})", info.id, lang.code());
                assert!(!p.contains(m), "step {} repeats its caption ({})", info.id, lang.code());
            }
        }
        assert_eq!(paragraph(15), None);
        assert_eq!(paragraph(0), None);
    }
}
