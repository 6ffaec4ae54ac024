//! Allocation of the bucket array.
//!
//! The array is requested already zeroed from the allocator (an all-zero
//! bucket is a valid, empty bucket). For large tables the allocator maps
//! fresh pages that the OS zeroes on first touch, so setting `Hash` to many
//! GiB returns at once instead of writing every byte on one thread; a failed
//! allocation is reported instead of aborting the process, as `Vec` would.

use std::alloc::{Layout, alloc_zeroed};
use std::ptr::{NonNull, slice_from_raw_parts_mut};

use crate::bucket::Bucket;

/// Allocates `count` empty buckets, or `None` if the memory is not available.
pub(crate) fn zeroed_buckets(count: usize) -> Option<Box<[Bucket]>> {
    if count == 0 {
        return Some(Box::default());
    }
    let layout = Layout::array::<Bucket>(count).ok()?;
    // SAFETY: `layout` has a non-zero size: `count > 0` and a bucket is 64 bytes.
    let raw = unsafe { alloc_zeroed(layout) };
    let start = NonNull::new(raw.cast::<Bucket>())?;
    let slice = slice_from_raw_parts_mut(start.as_ptr(), count);
    // SAFETY: the pointer comes from the global allocator with
    // `Layout::array::<Bucket>(count)`, the layout `Box<[Bucket]>` frees with;
    // it is non-null, aligned for `Bucket`, and owned by nobody else; its
    // bytes are zero, and all-zero bytes are a valid `Bucket` (it holds only
    // `AtomicU64`s, for which every bit pattern is valid).
    Some(unsafe { Box::from_raw(slice) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_come_back_empty_and_aligned() {
        let buckets = zeroed_buckets(1000).unwrap();
        assert_eq!(buckets.len(), 1000);
        assert_eq!(buckets.as_ptr() as usize % 64, 0);
        assert!(
            buckets
                .iter()
                .all(|b| b.snapshot().iter().all(|s| s.is_empty()))
        );
    }

    #[test]
    fn impossible_sizes_fail_without_aborting() {
        assert!(zeroed_buckets(usize::MAX / 8).is_none());
        assert_eq!(zeroed_buckets(0).map(|b| b.len()), Some(0));
    }
}
