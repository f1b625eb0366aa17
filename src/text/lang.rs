//! Which language the program speaks: `lang zh` / `lang en` in the REPL,
//! else `BAHDANAU_LANG`, else the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`,
//! the first one set; one starting with `zh` means Chinese).
//!
//! The front end sets the process's language once ([`set_default`]); a
//! session that says `lang` sets its own thread's ([`set`]), so tests that
//! run side by side never speak each other's language.

use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// Both, in the order `lang` lists them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];
    /// What `lang` takes.
    pub const NAMES: [&'static str; 2] = ["en", "zh"];

    /// The word `lang` and a saved session use: `en` or `zh`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// `en`, `zh`, and the forms a locale writes (`zh_CN.UTF-8`, `zh-CN`, `en_GB`).
    pub fn parse(word: &str) -> Option<Lang> {
        let w = word.trim().to_ascii_lowercase();
        if w.starts_with("zh") {
            Some(Lang::Zh)
        } else if w.starts_with("en") || w == "c" || w == "posix" || w.starts_with("c.") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The language the environment `var` asks for: `BAHDANAU_LANG` when it
    /// names one, else the first locale variable that is set (Chinese when
    /// it starts with `zh`, English otherwise).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Lang {
        if let Some(lang) = var("BAHDANAU_LANG").as_deref().and_then(Lang::parse) {
            return lang;
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].into_iter().find_map(|k| var(k).filter(|v| !v.is_empty()));
        match locale {
            Some(l) if l.to_ascii_lowercase().starts_with("zh") => Lang::Zh,
            _ => Lang::En,
        }
    }
}

static DEFAULT: AtomicU8 = AtomicU8::new(0);

thread_local! {
    static CURRENT: Cell<Option<Lang>> = const { Cell::new(None) };
}

fn from_u8(v: u8) -> Lang {
    if v == 1 { Lang::Zh } else { Lang::En }
}

/// The language spoken on this thread: the one [`set`] chose, else the process's.
pub fn current() -> Lang {
    CURRENT.with(Cell::get).unwrap_or_else(|| from_u8(DEFAULT.load(Ordering::Relaxed)))
}

/// This thread speaks `lang` from now on.
pub fn set(lang: Lang) {
    CURRENT.with(|c| c.set(Some(lang)));
}

/// The whole process speaks `lang` (the front end, once it has read the
/// environment, and after `lang`), this thread included.
pub fn set_default(lang: Lang) {
    DEFAULT.store(if lang == Lang::Zh { 1 } else { 0 }, Ordering::Relaxed);
    set(lang);
}

/// The whole process speaks what its environment asks for
/// ([`Lang::from_env`] on this process's variables): what the binary, the
/// exercise checker and the summary at the end of `cargo test` do first.
pub fn set_default_from_env() {
    set_default(Lang::from_env(|k| std::env::var(k).ok()));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
    }

    #[test]
    fn bahdanau_lang_wins_then_the_first_locale_variable_set() {
        assert_eq!(Lang::from_env(env(&[])), Lang::En);
        assert_eq!(Lang::from_env(env(&[("LANG", "zh_CN.UTF-8")])), Lang::Zh);
        assert_eq!(Lang::from_env(env(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")])), Lang::En);
        assert_eq!(Lang::from_env(env(&[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "zh_TW")])), Lang::Zh);
        assert_eq!(Lang::from_env(env(&[("LANG", "en_US.UTF-8"), ("LC_ALL", "")])), Lang::En);
        assert_eq!(Lang::from_env(env(&[("LANG", "zh_CN"), ("BAHDANAU_LANG", "en")])), Lang::En);
        assert_eq!(Lang::from_env(env(&[("BAHDANAU_LANG", "zh")])), Lang::Zh);
        // A value that names no language leaves the choice to the locale.
        assert_eq!(Lang::from_env(env(&[("BAHDANAU_LANG", "fr"), ("LANG", "zh_CN")])), Lang::Zh);
    }

    #[test]
    fn a_thread_speaks_what_it_set_and_others_keep_theirs() {
        set(Lang::Zh);
        assert_eq!(current(), Lang::Zh);
        let other = std::thread::spawn(current).join().unwrap();
        assert_eq!(other, Lang::En, "another thread keeps the process's language");
        set(Lang::En);
        assert_eq!(current(), Lang::En);
    }
}
