//! One GRU direction's tensors over a sentence, a column per step.

use super::columns::fit;
use crate::model::Mat;

/// One GRU direction's tensors over a sentence, column i for step i: the
/// input products (W_z x_i, W_r x_i, W x_i), the gates, h~, h_i and the h_prev
/// each step read. Each (n, T) with room for longer sentences.
#[derive(Clone, Debug, Default)]
pub struct Dir {
    pub in_z: Mat,
    pub in_r: Mat,
    pub in_h: Mat,
    pub z: Mat,
    pub r: Mat,
    pub h_tilde: Mat,
    pub h: Mat,
    pub h_prev: Mat,
}

impl Dir {
    pub(crate) fn fit(&mut self, n: usize, t: usize) {
        for m in [
            &mut self.in_z,
            &mut self.in_r,
            &mut self.in_h,
            &mut self.z,
            &mut self.r,
            &mut self.h_tilde,
            &mut self.h,
            &mut self.h_prev,
        ] {
            fit(m, n, t);
        }
    }
}
