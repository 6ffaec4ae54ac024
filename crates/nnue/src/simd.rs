//! The two kernels of inference, each in three forms with identical results: portable scalar,
//! AVX2 and AVX-512 (chosen at run time by [`Backend`]).
//!
//! Identical, not merely close: everything is integer arithmetic whose intermediate values the
//! file checks keep in range (accumulators within 16 bits, `QA × |output weight| < 2^15`), and
//! the 32-bit sums wrap in every form, so the order of additions cannot matter.

use crate::arch::QA;

/// `H` 16-bit values, 64-byte aligned: the weights of one input or one output half, for a
/// network of hidden width `H`.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row<const H: usize>(pub [i16; H]);

impl<const H: usize> std::fmt::Debug for Row<H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Row({:?}...)", &self.0[..4.min(H)])
    }
}

impl<const H: usize> Row<H> {
    /// A row of zeros.
    pub const ZERO: Row<H> = Row([0; H]);
}

/// One row of a kernel's operands: `H` lanes, the width of the network in use, 64-byte
/// aligned. Every width this build runs is a multiple of 32, the lanes of one AVX-512 step
/// (checked in `arch.rs`).
pub type Lanes<const H: usize> = Row<H>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

/// Which instruction set the kernels use. A SIMD backend can only be made after the CPU has
/// been checked for it, which is what makes calling its kernels sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backend(Kind);

impl Backend {
    /// Portable Rust, any CPU.
    pub const SCALAR: Backend = Backend(Kind::Scalar);

    /// AVX2, if this CPU has it.
    pub fn avx2() -> Option<Backend> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Some(Backend(Kind::Avx2));
        }
        None
    }

    /// AVX-512 (F and BW), if this CPU has it.
    pub fn avx512() -> Option<Backend> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
        {
            return Some(Backend(Kind::Avx512));
        }
        None
    }

    /// The widest backend this CPU runs.
    pub fn best() -> Backend {
        Backend::avx512()
            .or_else(Backend::avx2)
            .unwrap_or(Backend::SCALAR)
    }

    /// Every backend this CPU runs, scalar first (for tests and benchmarks).
    pub fn available() -> Vec<Backend> {
        [Some(Backend::SCALAR), Backend::avx2(), Backend::avx512()]
            .into_iter()
            .flatten()
            .collect()
    }

    /// The backend's name.
    pub fn name(self) -> &'static str {
        match self.0 {
            Kind::Scalar => "scalar",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => "avx2",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => "avx512",
        }
    }

    /// `dst = src + Σ add − Σ sub`, lane by lane, wrapping. The counts of rows are constants,
    /// so that each kernel is one straight pass with its loops over rows unrolled: a move adds
    /// and removes one or two rows, and a kernel left to loop over slices of unknown length was
    /// measurably slower.
    #[inline]
    pub fn update<const H: usize, const A: usize, const S: usize>(
        self,
        dst: &mut Lanes<H>,
        src: &Lanes<H>,
        add: [&Lanes<H>; A],
        sub: [&Lanes<H>; S],
    ) {
        match self.0 {
            Kind::Scalar => scalar::update(dst, src, add, sub),
            // SAFETY: the callee's one precondition is a CPU with AVX2. `Backend`'s field and
            // `Kind` are private to this module, where `Backend(Kind::Avx2)` is built only by
            // `avx2()`, after `is_x86_feature_detected!("avx2")` said yes; the rows are whole
            // `[i16; H]` arrays, which the kernel's loads and stores stay inside.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { avx2::update(dst, src, add, sub) },
            // SAFETY: as for AVX2: `Backend(Kind::Avx512)` is built only by `avx512()`, after
            // the CPU was found to support AVX-512 F and BW, the callee's one precondition.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { avx512::update(dst, src, add, sub) },
        }
    }

    /// `Σ clamp(acc, 0, QA)² × weight` over both rows of `acc` against the matching rows of
    /// `weights` (the two accumulator halves against the output layer's), in wrapping 32-bit
    /// arithmetic: one kernel call and one reduction for the output. Exact when every weight
    /// is in `-128..128` (the file check guarantees it).
    #[inline]
    pub fn screlu_dot<const H: usize>(self, acc: [&Lanes<H>; 2], weights: &[Lanes<H>; 2]) -> i32 {
        match self.0 {
            Kind::Scalar => scalar::screlu_dot(acc, weights),
            // SAFETY: as in `update`, this variant exists only on a CPU with AVX2.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { avx2::screlu_dot(acc, weights) },
            // SAFETY: as in `update`, this variant exists only on a CPU with AVX-512 F and BW.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { avx512::screlu_dot(acc, weights) },
        }
    }
}

mod scalar {
    use super::*;

    pub fn update<const H: usize, const A: usize, const S: usize>(
        dst: &mut Lanes<H>,
        src: &Lanes<H>,
        add: [&Lanes<H>; A],
        sub: [&Lanes<H>; S],
    ) {
        *dst = *src;
        for row in add {
            for (d, &a) in dst.0.iter_mut().zip(row.0.iter()) {
                *d = d.wrapping_add(a);
            }
        }
        for row in sub {
            for (d, &s) in dst.0.iter_mut().zip(row.0.iter()) {
                *d = d.wrapping_sub(s);
            }
        }
    }

    pub fn screlu_dot<const H: usize>(acc: [&Lanes<H>; 2], weights: &[Lanes<H>; 2]) -> i32 {
        let mut sum = 0i32;
        for (acc, weights) in acc.into_iter().zip(weights) {
            for (&a, &w) in acc.0.iter().zip(weights.0.iter()) {
                let v = i32::from(a.clamp(0, QA));
                // The 16-bit product the SIMD forms take (exact for weights in range).
                let vw = i32::from((v * i32::from(w)) as i16);
                sum = sum.wrapping_add(vw * v);
            }
        }
        sum
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::*;
    use std::arch::x86_64::*;

    const LANES: usize = 16;

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn update<const H: usize, const A: usize, const S: usize>(
        dst: &mut Lanes<H>,
        src: &Lanes<H>,
        add: [&Lanes<H>; A],
        sub: [&Lanes<H>; S],
    ) {
        const { assert!(H.is_multiple_of(LANES)) };
        for i in (0..H).step_by(LANES) {
            // SAFETY: `i + LANES <= H` (H is a multiple of LANES, asserted above), so every load and
            // store stays inside its row; unaligned loads have no alignment requirement.
            unsafe {
                let mut v = _mm256_loadu_si256(src.0.as_ptr().add(i).cast());
                for row in add {
                    v = _mm256_add_epi16(v, _mm256_loadu_si256(row.0.as_ptr().add(i).cast()));
                }
                for row in sub {
                    v = _mm256_sub_epi16(v, _mm256_loadu_si256(row.0.as_ptr().add(i).cast()));
                }
                _mm256_storeu_si256(dst.0.as_mut_ptr().add(i).cast(), v);
            }
        }
    }

    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn screlu_dot<const H: usize>(acc: [&Lanes<H>; 2], weights: &[Lanes<H>; 2]) -> i32 {
        const { assert!(H.is_multiple_of(LANES)) };
        let zero = _mm256_setzero_si256();
        let qa = _mm256_set1_epi16(QA);
        let mut sum = _mm256_setzero_si256();
        for (acc, weights) in acc.into_iter().zip(weights) {
            for i in (0..H).step_by(LANES) {
                // SAFETY: `i + LANES <= H` (H is a multiple of LANES, asserted above), so both
                // loads stay inside their rows.
                let (a, w) = unsafe {
                    (
                        _mm256_loadu_si256(acc.0.as_ptr().add(i).cast()),
                        _mm256_loadu_si256(weights.0.as_ptr().add(i).cast()),
                    )
                };
                let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), qa);
                let vw = _mm256_mullo_epi16(v, w);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
            }
        }
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` is 32 bytes, the size of the store.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sum) };
        lanes.iter().fold(0i32, |s, &x| s.wrapping_add(x))
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::*;
    use std::arch::x86_64::*;

    const LANES: usize = 32;

    /// # Safety
    /// The CPU must support AVX-512 F and BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn update<const H: usize, const A: usize, const S: usize>(
        dst: &mut Lanes<H>,
        src: &Lanes<H>,
        add: [&Lanes<H>; A],
        sub: [&Lanes<H>; S],
    ) {
        const { assert!(H.is_multiple_of(LANES)) };
        for i in (0..H).step_by(LANES) {
            // SAFETY: `i + LANES <= H` (H is a multiple of LANES, asserted above), so every load and
            // store stays inside its row; unaligned loads have no alignment requirement.
            unsafe {
                let mut v = _mm512_loadu_si512(src.0.as_ptr().add(i).cast());
                for row in add {
                    v = _mm512_add_epi16(v, _mm512_loadu_si512(row.0.as_ptr().add(i).cast()));
                }
                for row in sub {
                    v = _mm512_sub_epi16(v, _mm512_loadu_si512(row.0.as_ptr().add(i).cast()));
                }
                _mm512_storeu_si512(dst.0.as_mut_ptr().add(i).cast(), v);
            }
        }
    }

    /// # Safety
    /// The CPU must support AVX-512 F and BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn screlu_dot<const H: usize>(acc: [&Lanes<H>; 2], weights: &[Lanes<H>; 2]) -> i32 {
        const { assert!(H.is_multiple_of(LANES)) };
        let zero = _mm512_setzero_si512();
        let qa = _mm512_set1_epi16(QA);
        let mut sum = _mm512_setzero_si512();
        for (acc, weights) in acc.into_iter().zip(weights) {
            for i in (0..H).step_by(LANES) {
                // SAFETY: `i + LANES <= H` (H is a multiple of LANES, asserted above), so both
                // loads stay inside their rows.
                let (a, w) = unsafe {
                    (
                        _mm512_loadu_si512(acc.0.as_ptr().add(i).cast()),
                        _mm512_loadu_si512(weights.0.as_ptr().add(i).cast()),
                    )
                };
                let v = _mm512_min_epi16(_mm512_max_epi16(a, zero), qa);
                let vw = _mm512_mullo_epi16(v, w);
                sum = _mm512_add_epi32(sum, _mm512_madd_epi16(vw, v));
            }
        }
        _mm512_reduce_add_epi32(sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The soundness of every SIMD call rests on this: a backend exists only where the CPU
    /// reports its instructions, whichever constructor or list it comes from.
    #[test]
    fn simd_backends_exist_only_on_cpus_that_have_them() {
        #[cfg(target_arch = "x86_64")]
        {
            let avx2 = std::arch::is_x86_feature_detected!("avx2");
            let avx512 = std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw");
            assert_eq!(Backend::avx2().is_some(), avx2);
            assert_eq!(Backend::avx512().is_some(), avx512);
            for backend in Backend::available().into_iter().chain([Backend::best()]) {
                match backend.0 {
                    Kind::Scalar => {}
                    Kind::Avx2 => assert!(avx2),
                    Kind::Avx512 => assert!(avx512),
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        assert_eq!(Backend::available(), vec![Backend::SCALAR]);
    }
}
