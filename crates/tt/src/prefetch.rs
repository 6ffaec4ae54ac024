//! A cache prefetch hint: start loading a value's cache line now, so that reading it a little
//! later does not wait for memory. The search issues it for what a child will read first
//! (its hash-table bucket, its correction-history entries) as soon as the child's position
//! is known, and does other work while the lines arrive.

/// Asks the CPU to bring the cache line holding `value` into the cache. A hint only: it
/// changes nothing the program can observe, and does nothing where no prefetch instruction
/// is available.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let address: *const T = value;
        // SAFETY: `_mm_prefetch` needs SSE, which every x86-64 CPU has (it is in the x86-64
        // baseline that every `x86_64` target enables), and it reads no memory the program
        // can observe: a prefetch is a hint that never faults, whatever the address. The
        // address is a live reference's anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
