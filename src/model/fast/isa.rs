//! The instruction sets the kernels are compiled for, and which of them
//! this processor runs.

/// The instruction sets the kernels are compiled for: AVX-512 holds eight
/// f64 in a register, AVX2 four (both with fused multiply-add), and the
/// target's baseline (SSE2 on x86-64) two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    Baseline,
    Avx2,
    Avx512,
}

impl Isa {
    /// Whether this processor runs code compiled for `self`.
    pub fn available(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            match self {
                Isa::Baseline => true,
                Isa::Avx2 => has!("avx2") && has!("fma"),
                Isa::Avx512 => has!("avx512f") && has!("avx2") && has!("fma"),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self == Isa::Baseline
        }
    }

    /// Every one this processor runs, the narrowest first: what a test of
    /// the same bits on every instruction set runs through.
    pub fn all_available() -> Vec<Isa> {
        [Isa::Baseline, Isa::Avx2, Isa::Avx512].into_iter().filter(|i| i.available()).collect()
    }

    /// The widest this processor has (std caches the detection).
    pub fn best() -> Isa {
        [Isa::Avx512, Isa::Avx2].into_iter().find(|i| i.available()).unwrap_or(Isa::Baseline)
    }
}
