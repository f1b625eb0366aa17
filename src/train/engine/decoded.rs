//! What passes between the decoder and the output layer over a batch, both
//! ways: the decoder's states forward ([`Decoded`], made by [`super::decoder`],
//! read by [`super::output`]), their gradients back ([`OutGrads`], made by the
//! output layer, read by the decoder's backward pass). Time-major: column
//! t·B + b is target position t of sentence b.

use super::gru::Steps;
use crate::model::Mat;

/// s_t, E_y y_{t−1} and c_t for every t and sentence.
pub struct Decoded {
    pub y: Mat, // E_y y_{t−1}, (m, T_y·B)
    pub steps: Steps,
    pub c: Mat, // c_t, (k, T_y·B)
}

/// ∂s_t, ∂E_y y_{t−1}, ∂c_t from the output layer, time-major (zero past each end).
pub struct OutGrads {
    pub d_s: Mat,
    pub d_y: Mat,
    pub d_c: Mat,
}
