//! The checkers checked: every reference passes and every catalogued mistake
//! gets its own hint ([`checks`]); wrong answers no catalogue lists get a
//! named diagnosis, and valid alternatives pass ([`wrong`]).

mod checks;
mod learners;
mod learners_beyond;
mod tally;
mod trial;
mod wrong;
mod wrong_attention;
mod wrong_beyond;
mod wrong_encoder;
