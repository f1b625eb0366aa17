//! Classic attention bugs, each computed for real as a deliberately wrong
//! variant of one step and shown next to the right numbers and shapes.
//!
//! - [`report`]: the bugs by name, and what running one gives.
//! - `cases`: the five runs, each next to the right computation.
//! - [`late_query`]: the whole decoder with the query one step late.

mod cases;
pub mod late_query;
pub mod report;

use crate::walkthrough::Walkthrough;
pub use cases::wrong_broadcast;
use cases::{broadcast, fp16_mask, no_sum, softmax_axis, state_t};
pub use report::{Bug, BugDetail, BugReport, ShapeRefusal};

/// Runs `bug` on the walkthrough.
pub fn run_bug(w: &Walkthrough, bug: Bug) -> Result<BugReport, String> {
    if w.trace.steps.is_empty() {
        return Err(crate::text::variants::BUG_NO_TARGET.get().into());
    }
    match bug {
        Bug::StateT => Ok(state_t(w)),
        Bug::Broadcast => broadcast(w),
        Bug::NoSum => Ok(no_sum(w)),
        Bug::SoftmaxAxis => Ok(softmax_axis(w)),
        Bug::Fp16Mask => fp16_mask(w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Mat, Vector};
    use crate::variants::max_gap;
    use crate::walkthrough::Scenario;

    fn differs(a: &Mat, b: &Mat) -> bool {
        a.shape() != b.shape() || a.iter().zip(b.iter()).any(|(x, y)| x.is_nan() != y.is_nan() || (x - y).abs() > 1e-6)
    }

    #[test]
    fn every_bug_differs_from_the_right_numbers_and_has_its_claimed_shape() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let (t_x, t_y, n, n_a) = (5, 5, 8, 5); // the broadcast bug runs with n' = T_x
        for bug in Bug::ALL {
            let r = run_bug(&w, bug).unwrap();
            assert!(differs(&r.right.values, &r.wrong.values), "{bug:?}");
            let expect = match bug {
                Bug::StateT => ((t_y, t_x), (t_y, t_x)),
                Bug::Broadcast => ((n_a, t_x), (n_a, t_x)),
                Bug::NoSum => ((2 * n, 1), (2 * n, t_x)),
                Bug::SoftmaxAxis => ((t_y, t_x), (t_y, t_x)),
                Bug::Fp16Mask => ((1, t_x), (1, t_x)),
            };
            assert_eq!((r.right.values.shape(), r.wrong.values.shape()), expect, "{bug:?}");
        }
    }

    #[test]
    fn the_late_query_runs_the_whole_decoder_not_a_shifted_copy() {
        use super::late_query::late_step;
        use crate::model::Vector;
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let r = run_bug(&w, Bug::StateT).unwrap();
        let (a, b) = (&r.right.values, &r.wrong.values);
        // Row 1 by hand: s_1 from s_0 with c_0 = 0, then attention asked with s_1.
        let tr = &w.trace;
        let first = late_step(&w.params, &tr.enc, &tr.enc.s_0, &Vector::zeros(16), tr.bos_id);
        assert!((b.row(0).transpose() - &first.alpha).amax() < 1e-15);
        assert!((b.row(0).sum() - 1.0).abs() < 1e-12);
        // The buggy decoder's own states make it more than the right rows shifted up.
        assert!(max_gap(&b.rows(0, 4).into_owned(), &a.rows(1, 4).into_owned()) > 1e-3);
        let BugDetail::StateT { greedy, .. } = &r.detail else { panic!("{:?}", r.detail) };
        assert_eq!(greedy[0], w.decode(), "the right decoder's translation is the walkthrough's");
    }

    #[test]
    fn wrong_axis_softmax_sums_columns_to_one_not_rows() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let r = run_bug(&w, Bug::SoftmaxAxis).unwrap();
        let (right, wrong) = (&r.right.values, &r.wrong.values);
        for k in 0..5 {
            assert!((right.row(k).sum() - 1.0).abs() < 1e-12 && (wrong.column(k).sum() - 1.0).abs() < 1e-12);
        }
        assert!((0..5).any(|t| (wrong.row(t).sum() - 1.0).abs() > 1e-3));
        let (_, with_sums) = r.sums.as_ref().expect("the sums are shown");
        assert_eq!(with_sums.cols.last().map(String::as_str), Some("Σ_i"));
        assert!((with_sums.values[(5, 0)] - 1.0).abs() < 1e-12, "each column of the wrong A sums to 1");
    }

    #[test]
    fn fp16_mask_overflow_is_nan_in_the_naive_path() {
        let w = Walkthrough::new(Scenario::default()).unwrap();
        let r = run_bug(&w, Bug::Fp16Mask).unwrap();
        assert!(r.wrong.values.iter().all(|v| v.is_nan()));
        assert!((r.right.values.sum() - 1.0).abs() < 1e-12 && r.right.values[(0, 4)] == 0.0);
    }

    #[test]
    fn the_wrong_broadcast_agrees_only_where_k_equals_i() {
        let (q, k) = (Vector::from_vec(vec![1.0, 2.0]), Mat::from_row_slice(2, 2, &[0.0, 10.0, 20.0, 30.0]));
        let wrong = wrong_broadcast(&q, &k).unwrap();
        assert_eq!(wrong, Mat::from_row_slice(2, 2, &[1.0, 12.0, 21.0, 32.0]));
    }

    #[test]
    fn broadcast_with_unequal_sizes_is_refused_and_names_are_parsed() {
        let err = wrong_broadcast(&Vector::zeros(8), &Mat::zeros(8, 5)).unwrap_err();
        assert!(err.contains("T_x = 5"), "{err}");
        for b in Bug::ALL {
            assert_eq!(Bug::parse(b.name()), Ok(b));
        }
        assert!(Bug::parse("typo").unwrap_err().contains("softmax_axis"));
    }
}
