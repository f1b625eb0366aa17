//! Every sentence a learner reads, keyed, in English and Chinese (zh-CN).
//!
//! A [`Text`] is one entry: its key and its two versions, side by side, so a
//! sentence is written once per language in one place and the code refers
//! to it by name. Arguments are named, `{$word}`, and filled by
//! [`Text::fill`]; a number reaches a template already formatted by the one
//! number formatter, so it reads the same in both languages. Which language
//! is spoken is [`lang`]'s.
//!
//! - [`lang`]: the language, chosen by `lang`, `BAHDANAU_LANG` or the locale.
//! - [`fill`]: named arguments, found and filled.
//! - One table per concept: [`steps`] (each step's caption and formula),
//!   [`explain`] (the paragraph of each step), [`place`] (where a step
//!   stands), [`help`] (the groups, each command's line and what it
//!   accepts), [`replies`] (what commands answer) and [`errors`] (what goes
//!   wrong at the prompt); [`bugs`] and [`variants`] (the replies of `bug`,
//!   `compare`, `mask`, `qkv` and `diagnose`); [`training`] (the patterns'
//!   names and `replay`); [`exercises`] and [`exercises_beyond`] (what
//!   each exercise and its classic mistakes say) [`checker`] (the
//!   checker's report around them, with [`cases`], the names of its test
//!   cases) and [`diagnoses`] (its reading of a wrong answer or a panic),
//!   [`readings`] (what it reads from the two outputs alone, in each
//!   exercise's words for the answer's axes) and [`probes`] (what its
//!   designed inputs show).

pub mod beam;
pub mod bugs;
pub mod cases;
pub mod checker;
pub mod cli;
pub mod corpus;
pub mod diagnoses;
pub mod errors;
pub mod exercises;
pub mod exercises_beyond;
pub mod explain;
pub mod files;
pub mod fill;
pub mod help;
pub mod lang;
pub mod model;
pub mod place;
pub mod probes;
pub mod readings;
pub mod real;
pub mod replies;
pub mod reports;
pub mod steps;
pub mod training;
pub mod variants;

pub use fill::{Arg, names};
pub use lang::{Lang, current, set, set_default, set_default_from_env};

/// One learner-facing sentence (or template) in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text {
    /// The entry's name in its table, for the tests' messages.
    pub key: &'static str,
    pub en: &'static str,
    pub zh: &'static str,
}

impl Text {
    /// The version in `lang`.
    pub fn in_lang(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Zh => self.zh,
        }
    }

    /// The version in the language spoken now.
    pub fn get(&self) -> &'static str {
        self.in_lang(current())
    }

    /// The version spoken now, with its named arguments filled.
    pub fn fill(&self, args: &[(&str, &dyn Arg)]) -> String {
        fill::fill(self.get(), args)
    }

    /// [`Text::fill`], spaced where an argument meets Chinese ([`fill::fill_spaced`]).
    pub fn fill_spaced(&self, args: &[(&str, &dyn Arg)]) -> String {
        fill::fill_spaced(self.get(), args)
    }
}

/// `texts! { NAME { en: "…", zh: "…" }; … }`: one `pub const` per entry and
/// `ALL`, every entry of the table, for the tests that check both languages.
/// `NAME { same: "…" };` is an entry that reads the same in both (a bare formula).
macro_rules! texts {
    (@one $(#[$m:meta])* $name:ident { en: $en:expr, zh: $zh:expr $(,)? }) => {
        $(#[$m])*
        pub const $name: $crate::text::Text = $crate::text::Text { key: stringify!($name), en: $en, zh: $zh };
    };
    (@one $(#[$m:meta])* $name:ident { same: $both:expr $(,)? }) => {
        $(#[$m])*
        pub const $name: $crate::text::Text = $crate::text::Text { key: stringify!($name), en: $both, zh: $both };
    };
    ($( $(#[$m:meta])* $name:ident $body:tt ;)*) => {
        $( $crate::text::texts!(@one $(#[$m])* $name $body); )*
        /// Every entry of this table.
        pub const ALL: &[$crate::text::Text] = &[$($name),*];
    };
}
pub(crate) use texts;

/// Every table, for the tests that check both languages.
pub const TABLES: &[&[Text]] = &[
    steps::ALL,
    explain::ALL,
    place::ALL,
    help::ALL,
    help::accepts::ALL,
    replies::ALL,
    errors::ALL,
    files::ALL,
    bugs::ALL,
    cli::ALL,
    beam::ALL,
    corpus::ALL,
    variants::ALL,
    model::ALL,
    training::ALL,
    reports::ALL,
    real::ALL,
    checker::ALL,
    diagnoses::ALL,
    readings::ALL,
    probes::ALL,
    cases::ALL,
    exercises::ALL,
    exercises_beyond::ALL,
];

#[cfg(test)]
mod tests;
