//! The RNNsearch model of Bahdanau, Cho and Bengio (2014), Appendix A, as pure
//! functions on f64 matrices. Vectors are columns; biases are omitted, as in
//! the paper's equations.

pub mod attention;
pub mod decoder;
pub mod diagnostics;
pub mod encdec;
pub mod encoder;
pub mod fast;
pub mod gru;
pub mod mask;
pub mod matrix;
pub mod output;
pub mod reordering;
pub mod rng;
pub mod scored;
pub mod scores;
pub mod verdict;

pub use gru::{ContextWeights, Gru, GruStep};
pub use matrix::{Mat, Vector};
use rng::SeededRng;

/// The largest dimension a learner may ask for; tables stop being readable
/// long before this, and it keeps every trace small.
pub const MAX_DIM: usize = 64;

/// The sizes of the model: m (embedding), n (hidden), n' (attention), l (maxout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims {
    pub m: usize,
    pub n: usize,
    pub n_a: usize,
    pub l: usize,
}

impl Dims {
    /// n' = 16: with n' = 8 the trained α rows of the toy corpus stay blurred
    /// between neighbours; twice the attention units let them settle on one word.
    pub const DEFAULT: Dims = Dims { m: 8, n: 8, n_a: 16, l: 8 };

    /// Checks every size against 1 … MAX_DIM and names the one that is off.
    pub fn new(m: usize, n: usize, n_a: usize, l: usize) -> Result<Dims, String> {
        for (name, v) in [("m", m), ("n", n), ("n'", n_a), ("l", l)] {
            if v == 0 || v > MAX_DIM {
                return Err(crate::text::errors::DIM_RANGE.fill(&[("name", &name), ("value", &v), ("max", &MAX_DIM)]));
            }
        }
        Ok(Dims { m, n, n_a, l })
    }
}

/// Every parameter of the model, under its DESIGN.md name.
#[allow(non_snake_case)]
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub E_x: Mat, // (m, K_x)
    pub E_y: Mat, // (m, K_y)
    pub fwd: Gru,
    pub bwd: Gru,
    pub dec: Gru,
    pub dec_c: ContextWeights, // dec.C, dec.C_z, dec.C_r: (n, 2n)
    pub W_s: Mat,              // (n, n)
    pub W_a: Mat,              // (n', n)
    pub U_a: Mat,              // (n', 2n)
    pub v_a: Mat,              // (n', 1)
    pub U_o: Mat,              // (2l, n)
    pub V_o: Mat,              // (2l, m)
    pub C_o: Mat,              // (2l, 2n)
    pub W_o: Mat,              // (K_y, l)
}

/// Lists the parameters in one fixed order, by name; the same list serves
/// shared and mutable access, so export, loading and training never drift.
macro_rules! param_list {
    ($p:expr, $($r:tt)*) => {
        [
            ("E_x", $($r)* $p.E_x), ("E_y", $($r)* $p.E_y),
            ("fwd.W", $($r)* $p.fwd.w), ("fwd.W_z", $($r)* $p.fwd.w_z), ("fwd.W_r", $($r)* $p.fwd.w_r),
            ("fwd.U", $($r)* $p.fwd.u), ("fwd.U_z", $($r)* $p.fwd.u_z), ("fwd.U_r", $($r)* $p.fwd.u_r),
            ("bwd.W", $($r)* $p.bwd.w), ("bwd.W_z", $($r)* $p.bwd.w_z), ("bwd.W_r", $($r)* $p.bwd.w_r),
            ("bwd.U", $($r)* $p.bwd.u), ("bwd.U_z", $($r)* $p.bwd.u_z), ("bwd.U_r", $($r)* $p.bwd.u_r),
            ("dec.W", $($r)* $p.dec.w), ("dec.W_z", $($r)* $p.dec.w_z), ("dec.W_r", $($r)* $p.dec.w_r),
            ("dec.U", $($r)* $p.dec.u), ("dec.U_z", $($r)* $p.dec.u_z), ("dec.U_r", $($r)* $p.dec.u_r),
            ("dec.C", $($r)* $p.dec_c.c), ("dec.C_z", $($r)* $p.dec_c.c_z), ("dec.C_r", $($r)* $p.dec_c.c_r),
            ("W_s", $($r)* $p.W_s), ("W_a", $($r)* $p.W_a), ("U_a", $($r)* $p.U_a), ("v_a", $($r)* $p.v_a),
            ("U_o", $($r)* $p.U_o), ("V_o", $($r)* $p.V_o), ("C_o", $($r)* $p.C_o), ("W_o", $($r)* $p.W_o),
        ]
    };
}

/// A model's parameters as a list of named matrices: what the optimizer, the
/// gradient check and the experiments need from any model.
pub trait ParamSet: Clone {
    fn named(&self) -> Vec<(&'static str, &Mat)>;
    fn named_mut(&mut self) -> Vec<(&'static str, &mut Mat)>;

    /// How many numbers the model learns.
    fn count(&self) -> usize {
        self.named().iter().map(|(_, m)| m.len()).sum()
    }
}

impl ParamSet for Params {
    fn named(&self) -> Vec<(&'static str, &Mat)> {
        Params::named(self).into()
    }
    fn named_mut(&mut self) -> Vec<(&'static str, &mut Mat)> {
        Params::named_mut(self).into()
    }
}

/// How many parameter matrices the model has.
pub const PARAM_COUNT: usize = 31;

impl Params {
    /// Draws every parameter from `seed`, in the order of [`Params::named`].
    /// Each entry is uniform on ±gain·√(3 / fan_in), so a unit-variance input
    /// gives a pre-activation of variance about gain². The attention weights get
    /// a larger gain so that the untrained α rows are already peaked.
    pub fn init(dims: Dims, k_x: usize, k_y: usize, seed: u64) -> Params {
        let Dims { m, n, n_a, l } = dims;
        let zeros = |r, c| Mat::zeros(r, c);
        let gru = |input| Gru {
            w: zeros(n, input),
            w_z: zeros(n, input),
            w_r: zeros(n, input),
            u: zeros(n, n),
            u_z: zeros(n, n),
            u_r: zeros(n, n),
        };
        let mut p = Params {
            E_x: zeros(m, k_x),
            E_y: zeros(m, k_y),
            fwd: gru(m),
            bwd: gru(m),
            dec: gru(m),
            dec_c: ContextWeights { c: zeros(n, 2 * n), c_z: zeros(n, 2 * n), c_r: zeros(n, 2 * n) },
            W_s: zeros(n, n),
            W_a: zeros(n_a, n),
            U_a: zeros(n_a, 2 * n),
            v_a: zeros(n_a, 1),
            U_o: zeros(2 * l, n),
            V_o: zeros(2 * l, m),
            C_o: zeros(2 * l, 2 * n),
            W_o: zeros(k_y, l),
        };
        let mut rng = SeededRng::new(seed);
        for (name, w) in p.named_mut() {
            let gain = match name {
                "E_x" | "E_y" => 1.0,
                "W_a" | "U_a" => 2.0,
                "v_a" => 3.0,
                _ => 1.0,
            };
            // Embeddings are looked up, not multiplied: their "fan-in" is 1.
            let fan_in = if name.starts_with("E_") { 1 } else { w.ncols() };
            let a = gain * (3.0 / fan_in as f64).sqrt();
            w.iter_mut().for_each(|v| *v = rng.uniform(a));
        }
        p
    }

    /// The sizes these parameters were made for.
    pub fn dims(&self) -> Dims {
        Dims { m: self.E_x.nrows(), n: self.W_s.nrows(), n_a: self.W_a.nrows(), l: self.W_o.ncols() }
    }

    /// Every parameter with its name, in the fixed order.
    pub fn named(&self) -> [(&'static str, &Mat); PARAM_COUNT] {
        param_list!(self, &)
    }

    /// Every parameter with its name, mutable, in the fixed order.
    pub fn named_mut(&mut self) -> [(&'static str, &mut Mat); PARAM_COUNT] {
        param_list!(self, &mut)
    }

    /// The parameter called `name` (a DESIGN.md name such as `W_a` or `dec.C_z`).
    pub fn get(&self, name: &str) -> Option<&Mat> {
        self.named().into_iter().find(|(n, _)| *n == name).map(|(_, m)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn init_is_deterministic_and_seed_dependent() {
        let a = Params::init(Dims::DEFAULT, 10, 12, 42);
        assert_eq!(a, Params::init(Dims::DEFAULT, 10, 12, 42));
        assert_ne!(a, Params::init(Dims::DEFAULT, 10, 12, 43));
    }

    #[test]
    fn shapes_follow_the_design_table() {
        let d = Dims::new(3, 4, 5, 2).unwrap();
        let p = Params::init(d, 6, 7, 1);
        let shape = |name: &str| p.get(name).unwrap().shape();
        assert_eq!(shape("E_x"), (3, 6));
        assert_eq!(shape("E_y"), (3, 7));
        assert_eq!(shape("bwd.W_z"), (4, 3));
        assert_eq!(shape("dec.U_r"), (4, 4));
        assert_eq!(shape("dec.C"), (4, 8));
        assert_eq!(shape("W_a"), (5, 4));
        assert_eq!(shape("U_a"), (5, 8));
        assert_eq!(shape("v_a"), (5, 1));
        assert_eq!(shape("U_o"), (4, 4));
        assert_eq!(shape("V_o"), (4, 3));
        assert_eq!(shape("C_o"), (4, 8));
        assert_eq!(shape("W_o"), (7, 2));
        assert_eq!(p.dims(), d);
    }

    #[test]
    fn every_parameter_is_named_once() {
        let p = Params::init(Dims::DEFAULT, 4, 4, 0);
        let mut names: Vec<_> = p.named().iter().map(|(n, _)| *n).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), PARAM_COUNT);
    }

    #[test]
    fn dims_out_of_range_are_named() {
        assert!(Dims::new(8, 0, 8, 8).unwrap_err().starts_with("n = 0"));
        assert!(Dims::new(8, 8, 65, 8).unwrap_err().starts_with("n' = 65"));
    }
}
