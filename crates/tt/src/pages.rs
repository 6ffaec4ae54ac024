//! Large pages for the table.
//!
//! A table of gigabytes is far larger than what the TLB maps with 4 KiB pages, so nearly every
//! probe pays a page-table walk on top of its cache miss, and every 4 KiB of a fresh table costs
//! a page fault. With 2 MiB pages the TLB covers 512 times more memory and a fresh table takes
//! 512 times fewer faults.
//!
//! - Linux: the table is aligned to 2 MiB and marked with `madvise(MADV_HUGEPAGE)`, which asks
//!   for transparent huge pages (see the kernel's `admin-guide/mm/transhuge` documentation). It
//!   is needed when the system setting is `madvise`, the default of several distributions,
//!   harmless under `always` and ignored under `never`. The kernel falls back to 4 KiB pages by
//!   itself when it has no huge page to give, so the request cannot fail the allocation.
//! - Elsewhere: standard pages. Windows large pages need the "Lock pages in memory" privilege,
//!   which ordinary accounts do not hold, so asking for them would fail for most users.

/// Which pages the table asks the OS for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PageSize {
    /// The OS's standard pages (4 KiB on x86-64).
    Standard,
    /// Large pages where the OS offers them without privileges (Linux transparent huge pages),
    /// standard pages elsewhere.
    #[default]
    Huge,
}

/// A transparent huge page on x86-64 and AArch64 with 4 KiB base pages.
const HUGE_PAGE_BYTES: usize = 2 << 20;

/// The alignment the table's memory gets: a huge page where huge pages are asked for, so the
/// first byte of the table starts one.
pub(crate) fn alignment(pages: PageSize) -> usize {
    match pages {
        PageSize::Huge if cfg!(target_os = "linux") => HUGE_PAGE_BYTES,
        PageSize::Huge | PageSize::Standard => 1,
    }
}

/// Asks the OS to back `len` bytes from `start` with large pages, if `pages` says so and the
/// platform can. Only advice: the memory's contents and validity do not change, and a refusal
/// (an old kernel, THP compiled out) leaves standard pages.
pub(crate) fn advise(start: *mut u8, len: usize, pages: PageSize) {
    if pages == PageSize::Huge {
        linux::advise_huge(start, len);
    }
}

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod linux {
    use std::ffi::{c_int, c_void};

    /// `MADV_HUGEPAGE` in Linux's `include/uapi/asm-generic/mman-common.h`, the value on
    /// x86-64 and AArch64 (a few other architectures number it differently, hence the `cfg`).
    const MADV_HUGEPAGE: c_int = 14;

    // The C library that `std` links on Linux provides `madvise` (POSIX, `sys/mman.h`); one
    // declaration is lighter than a dependency on the `libc` crate for one call.
    // SAFETY: the declaration matches the C prototype `int madvise(void *addr, size_t length,
    // int advice)` on these targets: `size_t` is `usize`, `int` is `c_int`, a pointer is a
    // pointer; it is the same declaration the `libc` crate makes.
    unsafe extern "C" {
        fn madvise(addr: *mut c_void, length: usize, advice: c_int) -> c_int;
    }

    pub(super) fn advise_huge(start: *mut u8, len: usize) {
        // SAFETY: `madvise` with `MADV_HUGEPAGE` only sets a flag on the mappings that cover
        // the range (khugepaged may later move their contents to huge pages, preserving them);
        // it reads and writes no memory of this process through `start`. Every argument is
        // checked by the kernel, which answers `EINVAL`/`ENOMEM` for a misaligned, empty or
        // unmapped range instead of acting on it (`advice_on_any_range_is_harmless` passes such
        // ranges); the result is ignored because standard pages are the fallback either way.
        let _ = unsafe { madvise(start.cast::<c_void>(), len, MADV_HUGEPAGE) };
    }
}

#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
mod linux {
    /// No transparent huge pages to ask for on this platform.
    pub(super) fn advise_huge(_start: *mut u8, _len: usize) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_pages_align_to_a_huge_page_on_linux_only() {
        assert_eq!(alignment(PageSize::Standard), 1);
        let huge = alignment(PageSize::Huge);
        if cfg!(target_os = "linux") {
            assert_eq!(huge, 2 << 20);
        } else {
            assert_eq!(huge, 1);
        }
        assert_eq!(PageSize::default(), PageSize::Huge);
    }

    #[test]
    fn advice_on_any_range_is_harmless() {
        let mut bytes = vec![7u8; 3 << 20];
        advise(bytes.as_mut_ptr(), bytes.len(), PageSize::Huge);
        advise(bytes.as_mut_ptr(), bytes.len(), PageSize::Standard);
        // An unaligned start, an odd length, an empty range and a null pointer: the kernel
        // refuses them, and nothing changes.
        advise(bytes.as_mut_ptr().wrapping_add(1), 4097, PageSize::Huge);
        advise(bytes.as_mut_ptr(), 0, PageSize::Huge);
        advise(std::ptr::null_mut(), 1 << 21, PageSize::Huge);
        assert!(bytes.iter().all(|&b| b == 7));
    }
}
