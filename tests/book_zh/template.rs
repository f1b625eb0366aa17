//! Whether po/messages.pot is what mdbook-xgettext would write from the
//! chapters as they read now, judged by their words: every message of a
//! chapter is found in it, word for word, and every word of the chapter's
//! prose belongs to one of its messages. A changed English paragraph fails
//! both ways until po/update is run (and then shows as untranslated).

use super::chapters;
use super::po::Message;
use super::shares::in_code;
use super::text::{parts, tokens};

pub fn differences(template: &[Message], chapter: &str) -> Vec<String> {
    let split = chapters::split(&chapters::read(chapter));
    let words = &split.words;
    let mut covered = vec![false; words.len()];
    let mut problems = Vec::new();
    for message in template.iter().filter(|m| m.is_from(chapter) && !in_code(m, &split)) {
        let sought = tokens(&parts(&message.msgid).plain);
        if sought.is_empty() {
            continue;
        }
        let mut found = false;
        for start in 0..words.len().saturating_sub(sought.len() - 1) {
            if words[start..start + sought.len()] == sought[..] {
                covered[start..start + sought.len()].iter_mut().for_each(|c| *c = true);
                found = true;
            }
        }
        if !found {
            problems.push(format!("{chapter} no longer reads {}", super::quote(&message.msgid)));
        }
    }
    let mut i = 0;
    while i < words.len() {
        if covered[i] {
            i += 1;
            continue;
        }
        let end = (i..words.len()).find(|&j| covered[j]).unwrap_or(words.len());
        problems
            .push(format!("{chapter} reads {} which po/messages.pot lacks", super::quote(&words[i..end].join(" "))));
        i = end;
    }
    problems
}
