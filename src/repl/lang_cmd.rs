//! `lang`, `lang zh`, `lang en`: the language the REPL speaks. Only the
//! words change; the numbers, the session and what is saved as results stay.

use super::reply::Reply;
use super::session::Session;
use crate::text::replies as R;
use crate::text::{Lang, current, set};

/// `lang` says which language is spoken and how to change it; `lang zh`
/// and `lang en` change it.
pub fn lang_cmd(_: &mut Session, args: &[String]) -> Result<Reply, String> {
    match args {
        [] => Ok(Reply::Note(R::LANG_NOW.get().to_string())),
        [word] => match Lang::parse(word).filter(|_| Lang::NAMES.iter().any(|n| word.eq_ignore_ascii_case(n))) {
            Some(lang) => {
                set(lang);
                Ok(Reply::Note(R::LANG_SET.get().to_string()))
            }
            None => Err(crate::text::errors::LANG_UNKNOWN.fill(&[("word", &super::visible::quote(word))])),
        },
        _ => Err(crate::text::errors::LANG_ONE_WORD.get().to_string()),
    }
}

/// The language spoken now, as `lang` and a saved session write it.
pub fn spoken() -> &'static str {
    current().code()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::execute;

    #[test]
    fn lang_switches_the_words_and_leaves_the_session_alone() {
        let mut s = Session::default_scenario().unwrap();
        execute(&mut s, "goto 10").unwrap();
        let before = s.clone();
        let Ok(Reply::Note(zh)) = execute(&mut s, "lang zh") else { panic!("lang zh") };
        assert!(zh.contains("中文"), "{zh}");
        assert_eq!(spoken(), "zh");
        assert_eq!(s, before, "only the words change");
        assert!(execute(&mut s, "lang fr").unwrap_err().contains("lang en"));
        assert!(execute(&mut s, "lang zh en").is_err());
        let Ok(Reply::Note(now)) = execute(&mut s, "lang") else { panic!("lang") };
        assert!(now.contains("BAHDANAU_LANG"), "{now}");
        let Ok(Reply::Note(en)) = execute(&mut s, "lang en") else { panic!("lang en") };
        assert!(en.contains("English"), "{en}");
        assert_eq!(spoken(), "en");
    }
}
