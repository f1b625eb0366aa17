//! The catalogue: the ordered list of exercises ([`list`]), the learner's
//! signatures ([`signatures`]), the table of their functions
//! ([`submissions`]), their seeded cases ([`cases`], drawn by
//! [`generators`]), the reference solutions ([`reference`]) and the classic
//! mistakes written out ([`mistakes`] and the files beside it), listed by key
//! in [`wrongs`]. Each file imports only those below it: signatures and
//! references first, then mistakes and submissions, then the wrong tables,
//! then the cases.

pub mod cases;
mod cases_beyond;
mod generators;
mod list;
mod list_beyond;
pub mod mistakes;
mod mistakes_beam;
mod mistakes_beyond;
mod mistakes_bleu;
mod mistakes_context;
pub mod reference;
pub mod reference_beyond;
pub mod signatures;
mod submissions;
pub mod wrongs;
mod wrongs_beyond;

pub use crate::exercises::checker::exercise::{Exercise, Mistake};
pub use list::{EXERCISES, by_function, exercise, mistake};
