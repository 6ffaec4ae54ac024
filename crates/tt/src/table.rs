//! The shared table: sizing, probe, store, aging, `hashfull`, clear.

use std::alloc::Layout;
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::alloc::Buckets;
use crate::bucket::{self, Bucket, DEPTH_PREFERRED, Plan, SLOTS};
use crate::entry::{Bound, Data, GENERATION_MASK};
use crate::error::TtError;
use crate::pages::PageSize;
use crate::score::{eval_to_tt, score_from_tt, score_to_tt};
use crate::system::available_memory;

/// The smallest table, in MiB.
pub const MIN_MEGABYTES: usize = 1;

/// The largest table, in MiB (32 TiB; the machine is the real limit).
pub const MAX_MEGABYTES: usize = 1 << 25;

const BYTES_PER_MEGABYTE: usize = 1 << 20;

/// The buckets of the smallest table.
const MIN_BUCKETS: usize = MIN_MEGABYTES * BYTES_PER_MEGABYTE / size_of::<Bucket>();

/// Entries `hashfull` samples, from the start of the table.
const HASHFULL_SAMPLE: usize = 1000;

/// Memory a resize leaves to the rest of the machine, in MiB: a table that would
/// take the last of it is refused.
const HEADROOM_MEGABYTES: usize = 256;

/// A probe that found the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// The stored move as its raw 16 bits (0 for none); the search decodes it.
    pub mv: u16,
    /// The score, converted back to the root-relative form for the probing ply.
    pub score: i32,
    /// The static evaluation, or [`EVAL_NONE`](crate::EVAL_NONE).
    pub eval: i32,
    /// The depth in plies the score was searched to.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
}

/// A transposition table shared by reference between all search threads.
///
/// Lock-free: each entry is two relaxed atomic words checked by XOR, so
/// concurrent probes and stores need no lock and a torn entry reads as a miss.
pub struct TranspositionTable {
    buckets: Buckets,
    megabytes: usize,
    generation: AtomicU8,
}

impl fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("megabytes", &self.megabytes)
            .field("buckets", &self.buckets)
            .field("generation", &self.generation())
            .finish_non_exhaustive()
    }
}

impl TranspositionTable {
    /// Creates an empty table of `megabytes` MiB on [`PageSize::Huge`], filled by
    /// the calling thread alone.
    ///
    /// # Errors
    /// [`TtError::SizeOutOfRange`] outside `MIN_MEGABYTES..=MAX_MEGABYTES`,
    /// [`TtError::AllocationFailed`] when the memory is not available.
    pub fn new(megabytes: usize) -> Result<Self, TtError> {
        Self::with_pages(megabytes, PageSize::Huge, 1)
    }

    /// Creates an empty table of `megabytes` MiB on `pages`, its memory written
    /// (and so faulted in) by up to `threads` threads.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn with_pages(megabytes: usize, pages: PageSize, threads: usize) -> Result<Self, TtError> {
        let count = bucket_count(megabytes)?;
        let buckets =
            Buckets::new(count, pages, threads).ok_or(TtError::AllocationFailed { megabytes })?;
        Ok(Self {
            buckets,
            megabytes,
            generation: AtomicU8::new(0),
        })
    }

    /// Replaces the table by an empty one of `megabytes` MiB on `pages`, written by
    /// up to `threads` threads. The old table is freed before the new one is
    /// allocated, so the process never holds both; a table that already has this
    /// size and these pages is cleared in place instead.
    ///
    /// # Errors
    /// The old table, contents included, stays when the size is out of range
    /// ([`TtError::SizeOutOfRange`]) or, on Linux, when growing the table would
    /// not leave the machine 256 MiB of available memory
    /// ([`TtError::NotEnoughMemory`]). When the allocation itself fails
    /// ([`TtError::AllocationFailed`]), the table is empty, at the old size if
    /// that can be had again, else at the largest of its halves that can;
    /// [`megabytes`](Self::megabytes) tells which.
    ///
    /// # Aborts
    /// Only if not even [`MIN_MEGABYTES`] can be allocated, when the process could
    /// not go on anyway.
    pub fn resize(
        &mut self,
        megabytes: usize,
        pages: PageSize,
        threads: usize,
    ) -> Result<(), TtError> {
        if megabytes == self.megabytes && pages == self.pages() {
            self.clear(threads);
            return Ok(());
        }
        self.resize_with(megabytes, available_memory(), |count| {
            Buckets::new(count, pages, threads)
        })
    }

    /// [`resize`](Self::resize) with the available memory and the allocator as
    /// parameters, so that tests can make either fall short.
    pub(crate) fn resize_with(
        &mut self,
        megabytes: usize,
        available_bytes: Option<u64>,
        mut alloc: impl FnMut(usize) -> Option<Buckets>,
    ) -> Result<(), TtError> {
        bucket_count(megabytes)?;
        if let Some(bytes) = available_bytes {
            // Freeing the old table makes its memory available again.
            let available = usize::try_from(bytes / BYTES_PER_MEGABYTE as u64)
                .unwrap_or(usize::MAX)
                .saturating_add(self.megabytes)
                .saturating_sub(HEADROOM_MEGABYTES);
            if megabytes > self.megabytes && megabytes > available {
                return Err(TtError::NotEnoughMemory {
                    requested: megabytes,
                    available,
                });
            }
        }
        let old = self.megabytes;
        self.buckets = Buckets::empty();
        self.generation.store(0, Ordering::Relaxed);
        let fallbacks = std::iter::successors(Some(old), |&size| {
            (size > MIN_MEGABYTES).then_some(size / 2)
        });
        for size in std::iter::once(megabytes).chain(fallbacks) {
            let Some(buckets) = bucket_count(size).ok().and_then(&mut alloc) else {
                continue;
            };
            self.buckets = buckets;
            self.megabytes = size;
            return if size == megabytes {
                Ok(())
            } else {
                Err(TtError::AllocationFailed { megabytes })
            };
        }
        std::alloc::handle_alloc_error(Layout::new::<[Bucket; MIN_BUCKETS]>())
    }

    /// The size in MiB.
    #[must_use]
    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    /// The pages the table's memory was allocated on.
    #[must_use]
    pub fn pages(&self) -> PageSize {
        self.buckets.pages()
    }

    /// Empties every entry in place and resets the generation, splitting the work
    /// over up to `threads` threads for large tables. If a thread cannot be
    /// started, the calling thread does its share.
    pub fn clear(&mut self, threads: usize) {
        self.generation.store(0, Ordering::Relaxed);
        self.buckets.clear(threads);
    }

    /// Starts a new search: entries written from now on are newer than all
    /// before, and older ones are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The current generation, modulo 64.
    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) & GENERATION_MASK
    }

    /// The bucket for `key`: the high bits of `key * buckets`, which maps
    /// keys evenly onto any number of buckets (no power of two needed).
    #[inline]
    pub(crate) fn bucket(&self, key: u64) -> &Bucket {
        let len = self.buckets.len() as u128;
        // The product's high word is below `len`, so it fits and indexes.
        let index = ((u128::from(key) * len) >> 64) as usize;
        &self.buckets[index]
    }

    /// Starts loading the bucket of `key` into the cache ([`prefetch`](crate::prefetch)),
    /// so that a probe of it a little later does not wait for memory: the search calls it as
    /// soon as a child's key is known, before the work of making the move (as Stockfish's
    /// `do_move` does).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::prefetch(self.bucket(key));
    }

    /// Looks `key` up. `ply` is the probing node's distance from the root,
    /// needed to turn a stored mate score back into a root-relative one.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let bucket = self.bucket(key);
        bucket.entries.iter().find_map(|entry| {
            let slot = entry.load();
            slot.holds(key).then(|| TtHit {
                mv: slot.data.mv(),
                score: score_from_tt(slot.data.score(), ply),
                eval: i32::from(slot.data.eval()),
                depth: slot.data.depth(),
                bound: slot.data.bound(),
            })
        })
    }

    /// Stores a search result for `key`, found at `ply` plies from the root.
    ///
    /// `score` is root-relative (it is made node-relative here), `eval` may be
    /// [`EVAL_NONE`](crate::EVAL_NONE), `mv` 0 keeps the move already stored
    /// for this key, `depth` is clamped to [`DEPTH_MIN`](crate::DEPTH_MIN)..=
    /// [`DEPTH_MAX`](crate::DEPTH_MAX). Where it goes is the bucket policy's
    /// choice (crate docs).
    #[expect(
        clippy::too_many_arguments,
        reason = "the fields of one entry, in the order the search has them"
    )]
    #[inline]
    pub fn store(
        &self,
        key: u64,
        mv: u16,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let generation = self.generation();
        let bucket = self.bucket(key);
        let slots = bucket.snapshot();
        let same = bucket::find(&slots, key);
        let stored_move = match same {
            Some(slot) if mv == 0 => slots[slot].data.mv(),
            _ => mv,
        };
        let score = score_to_tt(score, ply);
        let data = Data::pack(
            stored_move,
            score,
            eval_to_tt(eval),
            depth,
            bound,
            generation,
        );
        match bucket::plan(&slots, same, data, generation) {
            Plan::Write(slot) => bucket.entries[slot].store(key, data),
            Plan::Promote { down } => {
                if let Some(slot) = down {
                    bucket.entries[slot].store_slot(slots[DEPTH_PREFERRED]);
                }
                bucket.entries[DEPTH_PREFERRED].store(key, data);
            }
            Plan::Skip => {}
        }
    }

    /// How full the table is with entries of the current search, in permille,
    /// from the first 1000 entries (UCI `info hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> usize {
        let generation = self.generation();
        let buckets = self.buckets.len().min(HASHFULL_SAMPLE / SLOTS);
        let sampled = buckets * SLOTS;
        if sampled == 0 {
            return 0;
        }
        let used: usize = self.buckets[..buckets]
            .iter()
            .flat_map(Bucket::snapshot)
            .filter(|slot| !slot.is_empty() && slot.data.generation() == generation)
            .count();
        used * 1000 / sampled
    }

    /// The number of buckets.
    #[cfg(test)]
    pub(crate) fn bucket_count(&self) -> usize {
        self.buckets.len()
    }

    /// All buckets, for tests that inspect the whole table.
    #[cfg(test)]
    pub(crate) fn buckets_for_test(&self) -> &[Bucket] {
        &self.buckets
    }
}

/// The number of buckets in a table of `megabytes` MiB, if that size is allowed.
fn bucket_count(megabytes: usize) -> Result<usize, TtError> {
    if !(MIN_MEGABYTES..=MAX_MEGABYTES).contains(&megabytes) {
        return Err(TtError::SizeOutOfRange {
            requested: megabytes,
            min: MIN_MEGABYTES,
            max: MAX_MEGABYTES,
        });
    }
    megabytes
        .checked_mul(BYTES_PER_MEGABYTE / size_of::<Bucket>())
        .ok_or(TtError::AllocationFailed { megabytes })
}
