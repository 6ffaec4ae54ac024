//! `SplitConfig`: when a node becomes a split point and how many threads may work there.
//!
//! The limits are per pool, fixed when the pool is made, so the search reads plain fields on
//! its hot path. `smp-bench` changes them by name (through the pool's design settings) to
//! compare variants on the same positions.

/// Splitting a node this shallow costs more than it saves, with up to four threads.
pub(crate) const MIN_SPLIT_DEPTH: i32 = 4;

/// The same with more than four threads. Measured with `smp-bench` on 16 cores (depth 17,
/// 20 positions): from 4 to 6, the extra nodes at 16 threads fell from +60% to +44% and the
/// time-to-depth speedup rose from 2.8x to 3.6x (3.05x to 3.17x at 8 threads); at 4 threads
/// it made no difference. Shallower split points multiply, and their helpers cost more than
/// they find.
pub(crate) const MIN_SPLIT_DEPTH_MANY_THREADS: i32 = 6;

/// The most split points one thread may own at once (nested in its own subtree). Each one
/// pins the owner until its helpers finish, so deep nesting only adds waiting.
pub(crate) const MAX_SPLITS_PER_THREAD: usize = 8;

/// The most helpers one split point takes (the default): more threads on one node mostly
/// search moves that a cutoff makes useless, and they are better kept for the next split.
pub(crate) const MAX_HELPERS_PER_SPLIT: usize = 8;

/// How long an idle thread sleeps between looks for a split point to join, once its short
/// spin is over, when every thread has a core of its own. Split points live for
/// milliseconds: a thread that sleeps a millisecond (the park this replaced) misses most of the
/// ones it could join late.
pub(crate) const IDLE_PARK_MICROS: u64 = 50;

/// The same when the pool has more threads than the machine has cores: sleepers waking every
/// few microseconds would take the cores from the threads that search.
pub(crate) const IDLE_PARK_MICROS_OVERSUBSCRIBED: u64 = 1000;
const _: () = assert!(IDLE_PARK_MICROS < IDLE_PARK_MICROS_OVERSUBSCRIBED);

/// The limits of the young-brothers-wait search.
/// ([`SplitConfig::default`] has the limits of a few threads; a pool takes
/// [`SplitConfig::for_threads`] unless told otherwise.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SplitConfig {
    /// Nodes at least this many plies from the leaves may split.
    pub min_depth: i32,
    /// The most helpers one split point takes, late joiners included.
    pub max_helpers: usize,
    /// The most split points a thread owns at once.
    pub max_splits_per_thread: usize,
    /// A thread with nothing to do may join a split point that is already running and still
    /// has moves (Stockfish's "active reparenting", 2012), instead of waiting for an owner
    /// to open a new one.
    pub late_join: bool,
    /// Nodes expected to fail high (cut nodes) may split once their first move did not. Off,
    /// only PV nodes and expected all-nodes split: a cut node that has not failed high yet
    /// still often does on a later move, and the helpers' work there is thrown away.
    pub cut_node_splits: bool,
    /// An owner waiting for its helpers may help at any split point below its own (opened by
    /// its helpers, their helpers, and so on). Off (the default), only at split points its
    /// own helpers opened. Either way it helps only work that its own split point waits for.
    /// On 16 cores it did not measurably help (one run of each: 3.02x, 3.75x, 3.90x against
    /// 3.10x, 3.33x, 3.77x at 4, 8, 16 threads), so it stays a choice to measure again.
    pub owner_helps_below: bool,
    /// Microseconds an idle thread sleeps between looks for work (it is woken at once when
    /// assigned; the look is for split points it may join late).
    pub idle_park_micros: u64,
}

impl SplitConfig {
    /// The limits for a pool of `threads` threads on this machine.
    pub fn for_threads(threads: usize) -> SplitConfig {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        SplitConfig::for_threads_on(threads, cores)
    }

    /// The limits for a pool of `threads` threads on a machine of `cores` cores.
    pub fn for_threads_on(threads: usize, cores: usize) -> SplitConfig {
        SplitConfig {
            min_depth: if threads > 4 {
                MIN_SPLIT_DEPTH_MANY_THREADS
            } else {
                MIN_SPLIT_DEPTH
            },
            idle_park_micros: if threads > cores {
                IDLE_PARK_MICROS_OVERSUBSCRIBED
            } else {
                IDLE_PARK_MICROS
            },
            ..SplitConfig::default()
        }
    }
}

impl SplitConfig {
    /// Changes the setting `name` (as `smp-bench` spells it: `min_depth`, `max_helpers`,
    /// `late_join`, `cut_node_splits`, `owner_helps_below`, `idle_park_micros`; switches
    /// take 0 or 1) to `value`; false if there is no such setting or it cannot take `value`.
    pub fn set(&mut self, name: &str, value: i64) -> bool {
        let count = usize::try_from(value).ok();
        let switch = match value {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        };
        match name {
            "min_depth" => match i32::try_from(value) {
                Ok(depth) => self.min_depth = depth,
                Err(_) => return false,
            },
            "max_helpers" => match count {
                Some(n) => self.max_helpers = n,
                None => return false,
            },
            "idle_park_micros" => match count {
                Some(n) => self.idle_park_micros = n as u64,
                None => return false,
            },
            "late_join" | "cut_node_splits" | "owner_helps_below" => {
                let Some(on) = switch else {
                    return false;
                };
                match name {
                    "late_join" => self.late_join = on,
                    "cut_node_splits" => self.cut_node_splits = on,
                    _ => self.owner_helps_below = on,
                }
            }
            _ => return false,
        }
        true
    }

    /// The limits, in words.
    pub fn describe(&self) -> String {
        let late = if self.late_join {
            "late join"
        } else {
            "no late join"
        };
        let cuts = if self.cut_node_splits {
            ""
        } else {
            ", no cut-node splits"
        };
        let owners = if self.owner_helps_below {
            "owners help below"
        } else {
            "owners help helpers"
        };
        format!(
            "depth >= {}, <= {} helpers, {late}{cuts}, {owners}, idle park {} us",
            self.min_depth, self.max_helpers, self.idle_park_micros
        )
    }
}

impl Default for SplitConfig {
    fn default() -> SplitConfig {
        SplitConfig {
            min_depth: MIN_SPLIT_DEPTH,
            max_helpers: MAX_HELPERS_PER_SPLIT,
            max_splits_per_thread: MAX_SPLITS_PER_THREAD,
            late_join: true,
            cut_node_splits: true,
            owner_helps_below: false,
            idle_park_micros: IDLE_PARK_MICROS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_change_one_limit_each() {
        let own = SplitConfig::for_threads_on(2, 2);
        let mut config = own;
        assert!(config.set("min_depth", 6) && config.min_depth == 6);
        assert!(config.set("max_helpers", 3) && config.max_helpers == 3);
        assert!(config.set("late_join", 0) && !config.late_join);
        assert!(config.set("cut_node_splits", 0) && !config.cut_node_splits);
        assert!(config.set("owner_helps_below", 1) && config.owner_helps_below);
        assert!(config.set("idle_park_micros", 7) && config.idle_park_micros == 7);
        assert!(!config.set("late_join", 2), "a switch is 0 or 1");
        assert!(!config.set("max_helpers", -1));
        assert!(!config.set("depth", 6));
        assert_eq!(config.max_splits_per_thread, own.max_splits_per_thread);
        assert!(
            own.describe()
                .starts_with("depth >= 4, <= 8 helpers, late join")
        );
    }

    #[test]
    fn many_threads_split_only_deeper_nodes() {
        for threads in 1..=4 {
            assert_eq!(SplitConfig::for_threads(threads).min_depth, MIN_SPLIT_DEPTH);
        }
        for threads in [5, 8, 16, 256] {
            let config = SplitConfig::for_threads_on(threads, 256);
            assert_eq!(config.min_depth, MIN_SPLIT_DEPTH_MANY_THREADS);
            assert_eq!(config.max_helpers, MAX_HELPERS_PER_SPLIT);
            assert!(config.late_join);
        }
    }

    #[test]
    fn idle_threads_sleep_longer_when_they_outnumber_the_cores() {
        assert_eq!(
            SplitConfig::for_threads_on(16, 16).idle_park_micros,
            IDLE_PARK_MICROS
        );
        assert_eq!(
            SplitConfig::for_threads_on(64, 2).idle_park_micros,
            IDLE_PARK_MICROS_OVERSUBSCRIBED
        );
    }
}
