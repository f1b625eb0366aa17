//! One learner's submission for one exercise, and what the checker should
//! say of it: a wrong answer with the diagnosis it should get, or a valid
//! alternative that must pass.

use crate::exercises::catalog::cases::Submissions;

/// A learner's submission for one exercise, and what the checker should say.
pub struct Trial {
    pub function: &'static str,
    pub what: &'static str,
    pub s: Submissions,
    /// The diagnosis key expected; `None` for a valid alternative.
    pub expect: Option<&'static str>,
}

pub fn wrong(
    function: &'static str,
    what: &'static str,
    expect: &'static str,
    f: impl FnOnce(&mut Submissions),
) -> Trial {
    let mut s = Submissions::reference();
    f(&mut s);
    Trial { function, what, s, expect: Some(expect) }
}

pub fn valid(function: &'static str, what: &'static str, f: impl FnOnce(&mut Submissions)) -> Trial {
    let mut s = Submissions::reference();
    f(&mut s);
    Trial { function, what, s, expect: None }
}
