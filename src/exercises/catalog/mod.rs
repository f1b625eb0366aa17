//! The catalogue: the ordered list of exercises ([`list`]), their seeded
//! cases and the table tying each to the learner's function ([`cases`]), the
//! reference solutions ([`reference`]) and the classic mistakes written out
//! ([`mistakes`]).

pub mod cases;
mod cases_beyond;
mod list;
mod list_beyond;
pub mod mistakes;
mod mistakes_beyond;
pub mod reference;
pub mod reference_beyond;
mod submissions;

pub use crate::exercises::checker::exercise::{Exercise, Mistake};
pub use list::{EXERCISES, by_function, exercise, mistake};
