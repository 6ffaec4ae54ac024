//! The bucket array: one allocation, aligned for large pages, emptied in parallel.
//!
//! A fresh array is written with empty buckets by several threads at once. Those writes are
//! also the first touch of every page, so the page faults of a new table are taken there, split
//! over the cores, instead of one by one during the first search; and the allocator is asked for
//! uninitialized memory, because `alloc_zeroed` with an alignment above 16 bytes zeroes on one
//! thread. A failed allocation is reported instead of aborting the process, as `Vec` would.

use std::alloc::{Layout, alloc, dealloc};
use std::fmt;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;
use std::slice;
use std::thread;

use crate::bucket::Bucket;
use crate::pages::{self, PageSize};

/// Below this many buckets (16 MiB) filling does not start threads: starting them would cost
/// more than the work.
const PARALLEL_MIN_BUCKETS: usize = (16 << 20) / size_of::<Bucket>();

/// An owned array of buckets in memory laid out for `pages`.
pub(crate) struct Buckets {
    start: NonNull<Bucket>,
    len: usize,
    /// The layout `start` was allocated with (`None` for the empty array, which owns nothing).
    layout: Option<Layout>,
    pages: PageSize,
}

// SAFETY: `Buckets` owns its allocation as a `Box<[Bucket]>` would; `Bucket` is `Send` and
// `Sync` (it holds only atomics), so sending or sharing the owner is sound for the same reasons.
unsafe impl Send for Buckets {}
// SAFETY: as for `Send`: shared access hands out only `&[Bucket]`, and `Bucket: Sync`.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// An array of no buckets, which allocates nothing.
    pub(crate) fn empty() -> Self {
        Self {
            start: NonNull::dangling(),
            len: 0,
            layout: None,
            pages: PageSize::Standard,
        }
    }

    /// `count` empty buckets on `pages`, written by up to `threads` threads, or `None` if the
    /// memory is not available.
    pub(crate) fn new(count: usize, pages: PageSize, threads: usize) -> Option<Self> {
        if count == 0 {
            return Some(Self::empty());
        }
        let layout = Layout::array::<Bucket>(count)
            .and_then(|layout| layout.align_to(pages::alignment(pages)))
            .ok()?;
        // SAFETY: `layout` has a non-zero size: `count > 0` and a bucket is 64 bytes.
        let raw = unsafe { alloc(layout) };
        let start = NonNull::new(raw.cast::<Bucket>())?;
        pages::advise(raw, layout.size(), pages);
        // SAFETY: `start` points to a fresh allocation of `count` buckets' size with at least a
        // bucket's alignment, owned by nobody else; `MaybeUninit` asks nothing of its contents.
        let uninit = unsafe {
            slice::from_raw_parts_mut(start.as_ptr().cast::<MaybeUninit<Bucket>>(), count)
        };
        in_parallel(uninit, threads, |part| {
            part.iter_mut().for_each(|bucket| {
                bucket.write(Bucket::default());
            });
        });
        // From here on every bucket is initialized, as `Deref` requires.
        Some(Self {
            start,
            len: count,
            layout: Some(layout),
            pages,
        })
    }

    /// The pages the array was allocated on.
    pub(crate) fn pages(&self) -> PageSize {
        self.pages
    }

    /// Empties every bucket, over up to `threads` threads for large arrays.
    pub(crate) fn clear(&mut self, threads: usize) {
        in_parallel(self, threads, |part| {
            part.iter_mut().for_each(Bucket::clear)
        });
    }
}

impl Deref for Buckets {
    type Target = [Bucket];

    fn deref(&self) -> &[Bucket] {
        // SAFETY: `start` is valid for `len` initialized buckets (written in `new`; dangling
        // and well aligned for the empty array), and they live as long as `self`.
        unsafe { slice::from_raw_parts(self.start.as_ptr(), self.len) }
    }
}

impl DerefMut for Buckets {
    fn deref_mut(&mut self) -> &mut [Bucket] {
        // SAFETY: as in `deref`, and `&mut self` makes the borrow exclusive.
        unsafe { slice::from_raw_parts_mut(self.start.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        if let Some(layout) = self.layout {
            // SAFETY: `start` was allocated in `new` with exactly this layout and is freed only
            // here, once; `Bucket` has no drop glue, so nothing is left to run.
            unsafe { dealloc(self.start.as_ptr().cast::<u8>(), layout) };
        }
    }
}

impl fmt::Debug for Buckets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Buckets")
            .field("len", &self.len)
            .field("pages", &self.pages)
            .finish()
    }
}

/// Runs `work` over `items` cut into up to `threads` contiguous parts, one per thread, the
/// calling thread taking the first; small arrays stay on the calling thread. A part whose thread
/// cannot be started is done by the calling thread afterwards.
fn in_parallel<T: Send>(items: &mut [T], threads: usize, work: impl Fn(&mut [T]) + Sync) {
    let len = items.len();
    let threads = if len < PARALLEL_MIN_BUCKETS {
        1
    } else {
        threads.clamp(1, len)
    };
    if threads == 1 {
        work(items);
        return;
    }
    let chunk = len.div_ceil(threads);
    let work = &work;
    let mut failed = Vec::new();
    thread::scope(|scope| {
        let mut parts = items.chunks_mut(chunk).enumerate();
        let own = parts.next();
        for (index, part) in parts {
            let spawned = thread::Builder::new()
                .name("tt-fill".into())
                .spawn_scoped(scope, move || work(part));
            if spawned.is_err() {
                failed.push(index);
            }
        }
        if let Some((_, part)) = own {
            work(part);
        }
    });
    for index in failed {
        let start = index * chunk;
        work(&mut items[start..(start + chunk).min(len)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_empty(buckets: &[Bucket]) -> bool {
        buckets
            .iter()
            .all(|b| b.snapshot().iter().all(|s| s.is_empty()))
    }

    #[test]
    fn buckets_come_back_empty_and_aligned() {
        for pages in [PageSize::Standard, PageSize::Huge] {
            let buckets = Buckets::new(1000, pages, 1).unwrap();
            assert_eq!(buckets.len(), 1000);
            assert_eq!(buckets.pages(), pages);
            let align = pages::alignment(pages).max(64);
            assert_eq!(buckets.as_ptr() as usize % align, 0);
            assert!(all_empty(&buckets));
        }
    }

    #[test]
    fn many_threads_fill_and_clear_every_bucket() {
        // Twice the parallel threshold, an odd thread count so the last part is short.
        let count = 2 * PARALLEL_MIN_BUCKETS + 5;
        let mut buckets = Buckets::new(count, PageSize::Huge, 3).unwrap();
        assert!(all_empty(&buckets));
        for bucket in buckets.iter_mut() {
            bucket.entries[0].store(1, crate::entry::Data(1 << 48));
        }
        assert!(!all_empty(&buckets));
        buckets.clear(3);
        assert!(all_empty(&buckets));
    }

    #[test]
    fn impossible_sizes_fail_without_aborting() {
        assert!(Buckets::new(usize::MAX / 8, PageSize::Huge, 2).is_none());
        assert!(Buckets::new(usize::MAX / 128, PageSize::Standard, 2).is_none());
        let empty = Buckets::new(0, PageSize::Huge, 2).unwrap();
        assert_eq!(empty.len(), 0);
        assert_eq!(Buckets::empty().len(), 0);
    }
}
