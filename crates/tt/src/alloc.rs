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

// What the unsafe code of this module relies on about `Bucket`, checked when it compiles: it
// may be sent and shared between threads (it holds only atomics), and it is not zero-sized.
const _: () = {
    const fn send_and_sync<T: Send + Sync>() {}
    send_and_sync::<Bucket>();
    assert!(size_of::<Bucket>() > 0);
};

// SAFETY: `Buckets` uniquely owns its allocation, as a `Box<[Bucket]>` would (no other pointer
// to it escapes: `Deref` lends borrows tied to `self`), so moving the owner to another thread
// moves only `Bucket`s, which are `Send` (asserted above).
unsafe impl Send for Buckets {}
// SAFETY: `&Buckets` hands out only `&[Bucket]` (and `len`/`pages`, plain copies), so sharing
// it shares `Bucket`s, which are `Sync` (asserted above); mutation needs `&mut Buckets`.
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
        // SAFETY: `alloc`'s one precondition is a non-zero size: `count > 0` (returned above
        // otherwise) and a bucket is not zero-sized (asserted at the top of this module). A
        // null result (no memory) is turned into `None` on the next line.
        let raw = unsafe { alloc(layout) };
        let start = NonNull::new(raw.cast::<Bucket>())?;
        pages::advise(raw, layout.size(), pages);
        // SAFETY: `start` is non-null and points to a fresh allocation of `layout.size() >=
        // count * size_of::<Bucket>()` bytes, at most `isize::MAX` (`Layout::array` checks it),
        // aligned to at least a bucket's alignment (`align_to` only raises it), owned by nobody
        // else; `MaybeUninit` asks nothing of the contents, so the uninitialized bytes are valid.
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
        // SAFETY: `start` is valid and aligned for `len` initialized buckets: `new` wrote
        // every one before building `Self` (the fill covers the whole slice, threads that could
        // not start included), and the empty array is `len == 0` with a dangling, well aligned
        // pointer. The memory lives until `drop`, and the borrow is tied to `self`.
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
        // One bucket (the smallest allocation), and sizes that are not a whole number of huge
        // pages.
        for count in [1, 1000, (2 << 20) / 64 + 1] {
            for pages in [PageSize::Standard, PageSize::Huge] {
                let mut buckets = Buckets::new(count, pages, 2).unwrap();
                assert_eq!(buckets.len(), count);
                assert_eq!(buckets.pages(), pages);
                let align = pages::alignment(pages).max(64);
                assert_eq!(buckets.as_ptr() as usize % align, 0);
                assert_eq!(buckets.as_mut_ptr() as usize % align, 0);
                assert!(all_empty(&buckets));
            }
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
        // Beyond `isize::MAX` bytes (refused by `Layout`), then below it but beyond any memory
        // (refused by the allocator), then the largest count whose bytes still fit a `usize`.
        assert!(Buckets::new(usize::MAX / 8, PageSize::Huge, 2).is_none());
        assert!(Buckets::new(usize::MAX / 128, PageSize::Standard, 2).is_none());
        assert!(Buckets::new(usize::MAX / 64, PageSize::Huge, 2).is_none());
        let empty = Buckets::new(0, PageSize::Huge, 2).unwrap();
        assert_eq!(empty.len(), 0);
        assert_eq!(Buckets::empty().len(), 0);
    }
}
