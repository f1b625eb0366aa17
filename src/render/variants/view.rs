//! A variants command's answer as text, whichever view it is.

use super::bug::{render_bug, render_bug_list};
use super::compare::render_compare;
use super::diagnose::render_diagnose;
use super::mask::render_mask;
use super::qkv::render_qkv;
use super::score_walk::render_score_walk;
use crate::variants::view::VariantView;
use crate::walkthrough::Walkthrough;

/// The text of `view`, computed on `w` (whose sentences label it).
pub fn render_view(w: &Walkthrough, view: &VariantView) -> String {
    match view {
        VariantView::Compare(c) => render_compare(w, c),
        VariantView::Score(v) => render_score_walk(w, v),
        VariantView::Qkv(v) => render_qkv(w, v),
        VariantView::Diagnose(v) => render_diagnose(w, v),
        VariantView::Mask(d) => render_mask(d),
        VariantView::Bug(r) => render_bug(r),
        VariantView::Bugs => render_bug_list(),
    }
}
