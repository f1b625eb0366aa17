//! The catalogue: the ordered list of exercises ([`list`]), their seeded
//! cases and the table tying each to the learner's function ([`cases`]), the
//! reference solutions ([`reference`]) and the classic mistakes written out
//! ([`mistakes`]).

pub mod cases;
mod list;
pub mod mistakes;
pub mod reference;

pub use crate::exercises::checker::exercise::{Exercise, Mistake};
pub use list::{EXERCISES, by_function, exercise, mistake};
