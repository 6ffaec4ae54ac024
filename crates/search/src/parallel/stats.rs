//! `ParallelStats`: what a parallel design measured during a search, as named counters that
//! say how to read them, so that `smp-bench` shows any design's statistics without knowing
//! its types.

/// What one of a design's counters measures, which says how to read it against a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Events (split points, helpers): read as a count.
    Count(u64),
    /// Thread time, in microseconds: read as a share of the threads' time.
    ThreadMicros(u64),
    /// Nodes: read as a share of the search's nodes.
    Nodes(u64),
}

impl Measure {
    /// The raw value.
    pub fn value(self) -> u64 {
        match self {
            Measure::Count(n) | Measure::ThreadMicros(n) | Measure::Nodes(n) => n,
        }
    }

    /// The same kind of measure with `n` added.
    fn plus(self, n: u64) -> Measure {
        match self {
            Measure::Count(m) => Measure::Count(m + n),
            Measure::ThreadMicros(m) => Measure::ThreadMicros(m + n),
            Measure::Nodes(m) => Measure::Nodes(m + n),
        }
    }
}

/// What a design measured during the last search, counter by counter (none for a design
/// that keeps no statistics).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParallelStats {
    /// The counters, in the design's order.
    pub counters: Vec<(&'static str, Measure)>,
}

impl ParallelStats {
    /// The counter of this name, if the design keeps it.
    pub fn get(&self, name: &str) -> Option<Measure> {
        self.counters
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, m)| m)
    }
}

impl std::ops::AddAssign<&ParallelStats> for ParallelStats {
    /// Adds another search's counters (for totals over many searches).
    fn add_assign(&mut self, other: &ParallelStats) {
        for &(name, measure) in &other.counters {
            match self.counters.iter_mut().find(|(n, _)| *n == name) {
                Some((_, total)) => *total = total.plus(measure.value()),
                None => self.counters.push((name, measure)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_add_up_counter_by_counter() {
        let one = ParallelStats {
            counters: vec![
                ("splits", Measure::Count(2)),
                ("idle", Measure::ThreadMicros(5)),
            ],
        };
        let mut total = ParallelStats::default();
        total += &one;
        total += &one;
        assert_eq!(total.get("splits"), Some(Measure::Count(4)));
        assert_eq!(total.get("idle"), Some(Measure::ThreadMicros(10)));
        assert_eq!(total.get("helpers"), None);
    }
}
