//! Adam (Kingma and Ba, 2014) with gradient-norm clipping, and a guard that
//! refuses any step whose gradient or result is not finite.
//!
//! ```text
//! g ← g · min(1, clip / ‖g‖)                  (‖g‖ over every parameter at once)
//! m ← β₁ m + (1 − β₁) g        v ← β₂ v + (1 − β₂) g²
//! θ ← θ − lr · (m / (1 − β₁ᵏ)) / (√(v / (1 − β₂ᵏ)) + ε)
//! ```

use super::grad::zeros_like;
use crate::model::fast::dispatch;
use crate::model::{ParamSet, Params};

/// Why a step was refused; the parameters are left as they were.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NonFinite {
    /// The gradient held a NaN or an infinity.
    Gradient,
    /// The update would have made a parameter NaN or infinite.
    Parameters,
}

/// What one step multiplies and divides by, the same for every entry.
#[derive(Clone, Copy)]
pub struct Rates {
    scale: f64, // the clipping's
    b1: f64,
    b2: f64,
    c1: f64, // 1 − β₁ᵏ
    c2: f64, // 1 − β₂ᵏ
    lr: f64,
    eps: f64,
}

/// One step for the entries of one parameter: new m, v and θ from the old
/// ones and g; `finite` turns false at a θ that is not finite.
#[inline(always)]
fn update_kernel(
    (m0, v0, theta0, g): (&[f64], &[f64], &[f64], &[f64]),
    (m, v, theta): (&mut [f64], &mut [f64], &mut [f64]),
    r: Rates,
    finite: &mut bool,
) {
    let n = g.len();
    let (m0, v0, theta0, m, v, theta) = (&m0[..n], &v0[..n], &theta0[..n], &mut m[..n], &mut v[..n], &mut theta[..n]);
    for j in 0..n {
        let gj = g[j] * r.scale;
        m[j] = r.b1 * m0[j] + (1.0 - r.b1) * gj;
        v[j] = r.b2 * v0[j] + (1.0 - r.b2) * gj * gj;
        theta[j] = theta0[j] - r.lr * (m[j] / r.c1) / ((v[j] / r.c2).sqrt() + r.eps);
        *finite &= theta[j].is_finite();
    }
}

type Old<'a> = (&'a [f64], &'a [f64], &'a [f64], &'a [f64]);
type New<'a> = (&'a mut [f64], &'a mut [f64], &'a mut [f64]);

dispatch!(
    /// [`update_kernel`] in the widest vectors the processor has: each entry
    /// is the same sequence of IEEE operations (no multiply-add is fused),
    /// so every instruction set gives the same bits.
    update, update_at => update_kernel(old: Old, new: New, r: Rates, finite: &mut bool)
);

/// g / b for every entry: the sum of a batch's gradients made its mean.
/// For b a power of two the quotient is g · (1/b) exactly, a multiplication
/// the processor does far faster than a division; the bits are the same.
#[inline(always)]
fn mean_kernel(g: &mut [f64], b: f64) {
    let inverse = 1.0 / b;
    if b.to_bits() & ((1u64 << 52) - 1) == 0 && b.is_normal() && inverse.is_normal() {
        g.iter_mut().for_each(|x| *x *= inverse);
    } else {
        g.iter_mut().for_each(|x| *x /= b);
    }
}

dispatch!(
    /// [`mean_kernel`] in the widest vectors the processor has.
    mean, mean_at => mean_kernel(g: &mut [f64], b: f64)
);

/// Every entry of every parameter of `g` divided by `count`: a batch's
/// summed gradient made its mean, with the bits of `x / count`.
pub fn batch_mean<P: ParamSet>(g: &mut P, count: usize) {
    for (_, m) in g.named_mut() {
        mean(m.as_mut_slice(), count as f64);
    }
}

/// Adam's state: the running first and second moments of every parameter.
#[derive(Clone, Debug)]
pub struct Adam<P: ParamSet = Params> {
    pub lr: f64,
    pub beta1: f64,
    pub beta2: f64,
    pub eps: f64,
    /// The largest gradient norm let through; larger gradients are scaled down to it.
    pub clip: f64,
    m: P,
    v: P,
    k: i32, // steps taken
    /// Where a step writes m, v and θ before it is accepted: the previous
    /// step's old values, reused so that a step allocates nothing.
    spare: Option<Box<(P, P, P)>>,
}

/// Two optimisers are equal when their settings and moments are; the spare
/// buffers hold nothing of the state.
impl<P: ParamSet + PartialEq> PartialEq for Adam<P> {
    fn eq(&self, o: &Self) -> bool {
        (self.lr, self.beta1, self.beta2, self.eps, self.clip, self.k) == (o.lr, o.beta1, o.beta2, o.eps, o.clip, o.k)
            && self.m == o.m
            && self.v == o.v
    }
}

/// ‖g‖ = √(Σ over every entry of every parameter of g²).
pub fn grad_norm<P: ParamSet>(g: &P) -> f64 {
    g.named().iter().map(|(_, m)| m.norm_squared()).sum::<f64>().sqrt()
}

impl<P: ParamSet> Adam<P> {
    pub fn new(p: &P, lr: f64, clip: f64) -> Adam<P> {
        Adam { lr, beta1: 0.9, beta2: 0.999, eps: 1e-8, clip, m: zeros_like(p), v: zeros_like(p), k: 0, spare: None }
    }

    // ANCHOR: adam_step
    /// One update of `p` along the gradient `g`. Returns ‖g‖ before clipping,
    /// or why the step was refused (then `p` and the moments are unchanged).
    pub fn step(&mut self, p: &mut P, g: &P) -> Result<f64, NonFinite> {
        let norm = grad_norm(g);
        if !norm.is_finite() {
            return Err(NonFinite::Gradient);
        }
        let scale = if norm > self.clip { self.clip / norm } else { 1.0 };
        let (mut m, mut v, mut next) = self.spare_buffers(p);
        // Saturates at i32::MAX, where both corrections are 1 to the last bit, instead of wrapping.
        let k = self.k.saturating_add(1);
        let (c1, c2) = (1.0 - self.beta1.powi(k), 1.0 - self.beta2.powi(k)); // bias corrections
        let rates = Rates { scale, b1: self.beta1, b2: self.beta2, c1, c2, lr: self.lr, eps: self.eps };
        let mut finite = true;
        let old = self.m.named().into_iter().zip(self.v.named()).zip(p.named().into_iter().zip(g.named()));
        let new = m.named_mut().into_iter().zip(v.named_mut()).zip(next.named_mut());
        for ((((_, m0), (_, v0)), ((_, theta0), (_, g))), (((_, m), (_, v)), (_, theta))) in old.zip(new) {
            let n = g.len();
            let old = (&m0.as_slice()[..n], &v0.as_slice()[..n], &theta0.as_slice()[..n], g.as_slice());
            let new = (&mut m.as_mut_slice()[..n], &mut v.as_mut_slice()[..n], &mut theta.as_mut_slice()[..n]);
            update(old, new, rates, &mut finite);
        }
        if !finite {
            self.spare = Some(Box::new((m, v, next)));
            return Err(NonFinite::Parameters);
        }
        std::mem::swap(&mut self.m, &mut m);
        std::mem::swap(&mut self.v, &mut v);
        std::mem::swap(p, &mut next);
        (self.k, self.spare) = (k, Some(Box::new((m, v, next))));
        Ok(norm)
    }
    // ANCHOR_END: adam_step

    /// Buffers shaped like `p` for the next step's values: the spare ones
    /// when they fit, else fresh copies.
    fn spare_buffers(&mut self, p: &P) -> (P, P, P) {
        let fits = |b: &(P, P, P)| b.2.named().iter().zip(p.named()).all(|((_, x), (_, y))| x.shape() == y.shape());
        match self.spare.take() {
            Some(b) if fits(&b) => *b,
            _ => (self.m.clone(), self.v.clone(), p.clone()),
        }
    }

    /// The moments m and v and the steps taken (what a save file stores).
    pub fn moments(&self) -> (&P, &P, i32) {
        (&self.m, &self.v, self.k)
    }

    /// Puts back stored moments; they must have the parameters' shapes.
    pub fn restore(&mut self, m: P, v: P, k: i32) -> Result<(), String> {
        let same = |a: &P| a.named().iter().zip(self.m.named()).all(|((_, x), (_, y))| x.shape() == y.shape());
        if !same(&m) || !same(&v) || k < 0 {
            return Err("Adam's moments do not fit the parameters".into());
        }
        (self.m, self.v, self.k) = (m, v, k);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Dims;
    use crate::model::fast::Isa;

    fn params() -> Params {
        Params::init(Dims::new(2, 2, 2, 1).unwrap(), 3, 3, 5)
    }

    #[test]
    fn first_step_moves_every_entry_by_lr_against_the_gradient_sign() {
        let mut p = params();
        let before = p.clone();
        let mut g = zeros_like(&p);
        g.W_a.fill(0.3);
        g.v_a.fill(-2.0);
        let mut adam = Adam::new(&p, 0.01, 1e9);
        adam.step(&mut p, &g).unwrap();
        // With bias correction, step 1 is lr · g / (|g| + ε) ≈ lr · sign(g).
        approx::assert_relative_eq!(p.W_a, before.W_a.add_scalar(-0.01), epsilon = 1e-9);
        approx::assert_relative_eq!(p.v_a, before.v_a.add_scalar(0.01), epsilon = 1e-9);
        assert_eq!(p.E_x, before.E_x);
    }

    #[test]
    fn clipping_scales_the_gradient_to_the_limit() {
        let p = params();
        let mut g = zeros_like(&p);
        g.W_s.fill(10.0);
        let (mut clipped, mut free) = (p.clone(), p.clone());
        let mut a = Adam::new(&p, 0.1, 1.0);
        let mut b = Adam::new(&p, 0.1, 1e9);
        assert_eq!(a.step(&mut clipped, &g), Ok(20.0)); // ‖g‖ = √(4 · 100)
        b.step(&mut free, &g).unwrap();
        // Adam divides by √v, so one clipped step moves as far; the moments differ:
        assert!((a.m.W_s[0] - 0.05).abs() < 1e-12 && (b.m.W_s[0] - 1.0).abs() < 1e-12); // (1 − β₁) g
    }

    #[test]
    fn a_nan_gradient_is_refused_and_the_parameters_kept() {
        let mut p = params();
        let before = p.clone();
        let mut g = zeros_like(&p);
        g.U_o[(0, 0)] = f64::NAN;
        let mut adam = Adam::new(&p, 0.1, 1.0);
        assert_eq!(adam.step(&mut p, &g), Err(NonFinite::Gradient));
        assert_eq!(p, before);
        g.U_o[(0, 0)] = f64::INFINITY;
        assert_eq!(adam.step(&mut p, &g), Err(NonFinite::Gradient));
        assert_eq!(adam.k, 0);
    }

    #[test]
    fn an_overflowing_update_is_refused() {
        let mut p = params();
        let before = p.clone();
        let mut g = zeros_like(&p);
        g.W_o.fill(1.0);
        let mut adam = Adam::new(&p, f64::MAX, 1.0);
        adam.lr = f64::INFINITY;
        assert_eq!(adam.step(&mut p, &g), Err(NonFinite::Parameters));
        assert_eq!(p, before);
    }

    /// Values of every scale, subnormals, zeros and a NaN.
    fn entries(count: usize) -> Vec<f64> {
        let mut rng = crate::model::rng::SeededRng::new(31);
        let mut xs: Vec<f64> = (0..count).map(|j| (rng.uniform01() - 0.5) * 2f64.powi((j % 80) as i32 - 60)).collect();
        xs.extend([0.0, -0.0, 5e-324, -3e-310, f64::MIN_POSITIVE, 1e300, f64::NAN]);
        xs
    }

    #[test]
    fn the_batch_mean_has_the_bits_of_a_division_for_any_batch() {
        let xs = entries(10_000);
        for b in [1usize, 2, 3, 4, 7, 8, 64, 100, 1 << 20] {
            let expected: Vec<u64> = xs.iter().map(|x| (x / b as f64).to_bits()).collect();
            for isa in Isa::all_available() {
                let mut got = xs.clone();
                mean_at(isa, &mut got, b as f64);
                let got: Vec<u64> = got.iter().map(|x| x.to_bits()).collect();
                assert!(got == expected, "batch {b} on {isa:?}: not the division's bits");
            }
        }
    }

    #[test]
    fn the_update_has_the_same_bits_on_every_instruction_set() {
        let (g, m0, theta0) = (entries(5_000), entries(5_007), entries(5_007));
        let v0: Vec<f64> = entries(5_007).iter().map(|x| x * x).collect();
        let n = g.len();
        let r = Rates { scale: 0.75, b1: 0.9, b2: 0.999, c1: 0.19, c2: 0.002997, lr: 0.01, eps: 1e-8 };
        let run = |isa: Isa| {
            let (mut m, mut v, mut theta) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
            let mut finite = true;
            update_at(isa, (&m0, &v0, &theta0, &g), (&mut m, &mut v, &mut theta), r, &mut finite);
            let bits = |x: &[f64]| x.iter().map(|v| v.to_bits()).collect::<Vec<u64>>();
            (bits(&m), bits(&v), bits(&theta), finite)
        };
        let baseline = run(Isa::Baseline);
        assert!(!baseline.3, "a NaN gradient makes a θ that is not finite");
        for isa in [Isa::Avx2, Isa::Avx512].into_iter().filter(|i| i.available()) {
            assert!(run(isa) == baseline, "{isa:?} differs");
        }
    }
}
