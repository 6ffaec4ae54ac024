//! Reading table files into the page cache off the search threads, so that no probe waits on
//! the disk.
//!
//! The prober maps a table file when a position of its material is first probed, and every
//! probe then reads its pages through page faults. With the file not yet in the operating
//! system's page cache (a fresh boot, a large set, a slow or busy disk) the first probes of a
//! material wait for the disk: tens of milliseconds on an idle SSD, seconds on a slow or
//! loaded one, and the faulting thread can do nothing else meanwhile. A search thread stuck
//! there loses on time. So the engine asks the prober only about materials whose files (and
//! those of every material its captures and promotions lead to, which a probe also reads) one
//! background thread has already read through: a probe of a material not yet read asks that
//! thread to read it and gets no answer this time, and the search goes on without it.
//!
//! Pages read once can still be dropped by the kernel later, under memory pressure; a probe
//! then faults on a single block, which is what every engine that maps its tables accepts.

use std::collections::VecDeque;
use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use crate::material::MaterialSet;
use crate::scan::TableKind;

/// Most bytes of one file read ahead. Larger files (7-piece tables) are read up to here,
/// which covers their headers and index tables; their data blocks come in on demand.
const MAX_READ_PER_FILE: u64 = 1 << 30;

/// Sets of at most this many bytes are read through in the background as soon as they are
/// loaded (the published 3-4-5 piece set is 939 MB); larger ones only as probes ask.
pub(crate) const READ_ALL_LIMIT: u64 = 2 << 30;

/// Where a material stands for one kind of probe.
const COLD: u8 = 0;
const ASKED: u8 = 1;
const READY: u8 = 2;

/// The warming state of every material, shared by the probing threads and the reader.
#[derive(Debug)]
pub(crate) struct Warmth {
    materials: MaterialSet,
    /// Per material and kind ([`TableKind::index`]): `COLD`, `ASKED` or `READY`. A material is
    /// ready for WDL when the WDL files of its whole reach are read, for DTZ when its own DTZ
    /// file is read as well.
    states: Vec<[AtomicU8; 2]>,
    /// Per material and kind: whether that one file has been read.
    read: Vec<[AtomicU8; 2]>,
    queue: Mutex<Queue>,
    wake: Condvar,
}

#[derive(Debug, Default)]
struct Queue {
    /// What to read: (material, kind), the probes' requests first.
    jobs: VecDeque<(usize, TableKind)>,
    /// The tables were closed: the reader ends.
    closed: bool,
}

impl Warmth {
    /// Every material cold, and the reader thread started (it sleeps until asked). When no
    /// thread can be started, everything is read here and now instead.
    pub fn start(materials: MaterialSet) -> Arc<Warmth> {
        let n = materials.len();
        let warmth = Arc::new(Warmth {
            materials,
            states: (0..n).map(|_| Default::default()).collect(),
            read: (0..n).map(|_| Default::default()).collect(),
            queue: Mutex::new(Queue::default()),
            wake: Condvar::new(),
        });
        let reader = Arc::clone(&warmth);
        let spawned = std::thread::Builder::new()
            .name("syzygy-reader".into())
            .spawn(move || reader.serve());
        if spawned.is_err() {
            // No thread: read everything now rather than refuse every probe.
            warmth.read_everything();
        }
        warmth
    }

    /// The materials and their files.
    pub fn materials(&self) -> &MaterialSet {
        &self.materials
    }

    /// Whether material `i` may be probed for `kind` without waiting on the disk. If not, the
    /// reader is asked (once) to read what it needs, ahead of the background reading.
    #[inline]
    pub fn ready(&self, i: usize, kind: TableKind) -> bool {
        let state = &self.states[i][kind.index()];
        match state.load(Ordering::Acquire) {
            READY => true,
            COLD => {
                if state
                    .compare_exchange(COLD, ASKED, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok()
                {
                    self.push(i, kind, true);
                }
                false
            }
            _ => false,
        }
    }

    /// Queues every material for reading, behind the probes' requests, when the whole set is
    /// at most [`READ_ALL_LIMIT`] bytes.
    pub fn read_all_in_background(&self) {
        let total: u64 = (0..self.materials.len())
            .flat_map(|i| [TableKind::Wdl, TableKind::Dtz].map(|k| self.materials.file(i, k)))
            .flatten()
            .filter_map(|path| std::fs::metadata(path).ok())
            .map(|meta| meta.len())
            .sum();
        if total > READ_ALL_LIMIT {
            return;
        }
        for i in 0..self.materials.len() {
            for kind in [TableKind::Wdl, TableKind::Dtz] {
                if self.states[i][kind.index()]
                    .compare_exchange(COLD, ASKED, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok()
                {
                    self.push(i, kind, false);
                }
            }
        }
    }

    /// Reads every file on the calling thread and marks everything ready.
    pub fn read_everything(&self) {
        for i in 0..self.materials.len() {
            for kind in [TableKind::Wdl, TableKind::Dtz] {
                self.warm(i, kind);
            }
        }
    }

    /// Tells the reader to stop; the files it has not read stay unread.
    pub fn close(&self) {
        self.lock().closed = true;
        self.wake.notify_all();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn push(&self, i: usize, kind: TableKind, urgent: bool) {
        let mut queue = self.lock();
        if urgent {
            queue.jobs.push_front((i, kind));
        } else {
            queue.jobs.push_back((i, kind));
        }
        drop(queue);
        self.wake.notify_one();
    }

    /// The reader thread: takes jobs until the tables are closed.
    fn serve(&self) {
        loop {
            let job = {
                let mut queue = self.lock();
                loop {
                    if queue.closed {
                        return;
                    }
                    if let Some(job) = queue.jobs.pop_front() {
                        break job;
                    }
                    queue = self
                        .wake
                        .wait(queue)
                        .unwrap_or_else(PoisonError::into_inner);
                }
            };
            self.warm(job.0, job.1);
        }
    }

    /// Reads what a `kind` probe of material `i` touches, then marks it ready, and every
    /// material in its reach ready for WDL: a reach holds the reach of each of its members.
    fn warm(&self, i: usize, kind: TableKind) {
        let reach = self.materials.reach(i);
        for &m in reach {
            self.read_file(m, TableKind::Wdl);
        }
        for &m in reach {
            self.states[m][TableKind::Wdl.index()].store(READY, Ordering::Release);
        }
        if kind == TableKind::Dtz {
            self.read_file(i, TableKind::Dtz);
        }
        self.states[i][kind.index()].store(READY, Ordering::Release);
    }

    /// Reads material `i`'s file of `kind` through once (the page cache keeps it). A file
    /// that cannot be read is left to the prober, which reports no answer for it.
    fn read_file(&self, i: usize, kind: TableKind) {
        if self.read[i][kind.index()].swap(1, Ordering::AcqRel) == 1 {
            return;
        }
        if let Some(path) = self.materials.file(i, kind) {
            // A failed read only means the prober will read the pages itself.
            let _ = read_through(path);
        }
    }
}

/// Reads `path` up to [`MAX_READ_PER_FILE`] bytes into a scratch buffer.
fn read_through(path: &Path) -> std::io::Result<()> {
    let mut file = File::open(path)?.take(MAX_READ_PER_FILE);
    let mut buffer = vec![0u8; 1 << 20];
    while file.read(&mut buffer)? > 0 {}
    Ok(())
}
