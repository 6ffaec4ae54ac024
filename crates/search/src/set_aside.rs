//! Lines set aside: a thread waiting on its own split point may help at another, whose line
//! then overwrites its own (position keys, ply frames, accumulators); its own comes back when
//! the help ends. Helps nest (a helper may split and wait, and help again), so the lines are
//! kept as a stack, in buffers that stop allocating once they have grown: a 16-thread search
//! joins split points hundreds of thousands of times.

use nnue::{AccumulatorSlot, AccumulatorStack};

use crate::stack::PlyState;

/// The set-aside lines of one thread, innermost last.
#[derive(Debug, Default)]
pub(crate) struct SetAside {
    keys: Vec<u64>,
    plies: Vec<PlyState>,
    accumulators: Vec<AccumulatorSlot>,
}

/// Where one set-aside line starts in each buffer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mark {
    keys: usize,
    plies: usize,
    accumulators: usize,
}

impl SetAside {
    /// Sets aside `keys`, the frames `plies` (from ply 0) and, if `accumulators` is given,
    /// the slots `from..=to` of that stack.
    pub fn push(
        &mut self,
        keys: &[u64],
        plies: &[PlyState],
        accumulators: Option<(&AccumulatorStack, usize, usize)>,
    ) -> Mark {
        let mark = Mark {
            keys: self.keys.len(),
            plies: self.plies.len(),
            accumulators: self.accumulators.len(),
        };
        self.keys.extend_from_slice(keys);
        self.plies.extend_from_slice(plies);
        if let Some((stack, from, to)) = accumulators {
            stack.save(from, to, &mut self.accumulators);
        }
        mark
    }

    /// Puts back the line set aside at `mark` (the innermost one): the keys, the frames from
    /// ply 0 (keeping the killers learnt meanwhile, as the histories are kept) and the
    /// accumulator slots from ply `from`.
    pub fn pop(
        &mut self,
        mark: Mark,
        keys: &mut Vec<u64>,
        plies: &mut [PlyState],
        accumulators: &mut AccumulatorStack,
        from: usize,
    ) {
        keys.clear();
        keys.extend_from_slice(&self.keys[mark.keys..]);
        self.keys.truncate(mark.keys);
        for (frame, line) in plies.iter_mut().zip(&self.plies[mark.plies..]) {
            frame.take_line(line);
        }
        self.plies.truncate(mark.plies);
        if self.accumulators.len() > mark.accumulators {
            accumulators.restore(from, &self.accumulators[mark.accumulators..]);
            self.accumulators.truncate(mark.accumulators);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(eval: i32) -> PlyState {
        PlyState {
            eval,
            ..PlyState::default()
        }
    }

    /// Nested lines come back innermost first, each as it was, and the buffers end empty.
    #[test]
    fn nested_lines_come_back_in_order() {
        let mut aside = SetAside::default();
        let accumulators = AccumulatorStack::new(4);
        let mut scratch = AccumulatorStack::new(4);
        let outer = aside.push(&[1, 2, 3], &[frame(10), frame(11)], None);
        let inner = aside.push(&[7], &[frame(20), frame(21), frame(22)], None);

        let mut keys = vec![99; 5];
        let mut plies = [frame(0); 4];
        aside.pop(inner, &mut keys, &mut plies, &mut scratch, 0);
        assert_eq!(keys, [7]);
        assert_eq!(plies.map(|p| p.eval), [20, 21, 22, 0]);
        aside.pop(outer, &mut keys, &mut plies, &mut scratch, 0);
        assert_eq!(keys, [1, 2, 3]);
        assert_eq!(
            plies.map(|p| p.eval),
            [10, 11, 22, 0],
            "only the saved frames"
        );
        assert!(aside.keys.is_empty() && aside.plies.is_empty());

        let with_slots = aside.push(&[], &[], Some((&accumulators, 1, 2)));
        assert_eq!(aside.accumulators.len(), 2);
        aside.pop(with_slots, &mut keys, &mut plies, &mut scratch, 1);
        assert!(aside.accumulators.is_empty());
    }
}
