//! Locks that count how long threads waited for them: the parallel search's cost of
//! contention, reported by `smp-bench`. Only a lock that is found taken is timed, so an
//! uncontended lock costs what it did.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::Instant;

/// Locks `mutex`; if another thread holds it, adds the nanoseconds spent waiting to `waited`.
/// A poisoned lock is taken as it is: the state behind it stays consistent between
/// statements, and the search that panicked is reported by the pool.
pub(crate) fn lock_counting<'a, T>(mutex: &'a Mutex<T>, waited: &AtomicU64) -> MutexGuard<'a, T> {
    if let Some(guard) = try_lock(mutex) {
        return guard;
    }
    let start = Instant::now();
    let guard = mutex.lock().unwrap_or_else(PoisonError::into_inner);
    waited.fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
    guard
}

/// Locks `mutex` if nobody holds it now (a poisoned lock is taken as it is, as above).
pub(crate) fn try_lock<T>(mutex: &Mutex<T>) -> Option<MutexGuard<'_, T>> {
    match mutex.try_lock() {
        Ok(guard) => Some(guard),
        Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn only_a_wait_for_a_held_lock_is_counted() {
        let mutex = Arc::new(Mutex::new(0));
        let waited = Arc::new(AtomicU64::new(0));
        *lock_counting(&mutex, &waited) += 1;
        assert_eq!(waited.load(Ordering::Relaxed), 0, "nobody held it");
        // A waiter started while the lock is held waits for it; on a loaded machine it may
        // reach the lock only after the release, so the hold grows until it is seen waiting.
        for hold_ms in [20, 80, 320, 1280] {
            let held = mutex.lock().expect("not poisoned");
            let (m, w) = (Arc::clone(&mutex), Arc::clone(&waited));
            let waiter = std::thread::spawn(move || *lock_counting(&m, &w) += 1);
            std::thread::sleep(Duration::from_millis(hold_ms));
            drop(held);
            waiter.join().expect("no panic");
            if waited.load(Ordering::Relaxed) > 0 {
                break;
            }
        }
        assert!(*mutex.lock().expect("not poisoned") >= 2);
        assert!(
            waited.load(Ordering::Relaxed) > 0,
            "a wait for a held lock counts"
        );
    }
}
