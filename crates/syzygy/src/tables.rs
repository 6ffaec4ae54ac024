//! `Tablebases`: the loaded tables and the two probes the engine makes.
//!
//! Probing goes through pyrrhic-rs, a Rust translation of the Pyrrhic/Fathom prober. Its rules,
//! from its source: one set of tables per process (a second `TableBases::new` fails until the
//! last handle is dropped); WDL probes may run on any number of threads (tables are mapped
//! lazily under a lock); its root probe refuses to run while the handle is cloned. This type
//! owns the single handle and never clones it, so all threads share it through `Arc` and the
//! root probe's own check passes; in return the engine keeps root probes to the start of a
//! search, before any other thread probes (the root probe itself only adds per-call buffers
//! to what a WDL probe touches).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use movegen::{Color, Move, Position, Role};
use pyrrhic_rs::{DtzProbeValue, TBError, TableBases, WdlProbeResult};

use crate::adapter::MovegenAttacks;
use crate::material::MaterialSet;
use crate::scan::TableKind;
use crate::warm::Warmth;

/// A position's value for the side to move, as the WDL tables give it. "Cursed" wins and
/// "blessed" losses are wins and losses that the fifty-move rule turns into draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost.
    Loss,
    /// Lost, but drawn by the fifty-move rule.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won, but drawn by the fifty-move rule.
    CursedWin,
    /// Won.
    Win,
}

impl Wdl {
    /// The value for the other side.
    pub const fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// -2 (loss) to 2 (win), the scale python-chess and the Syzygy tools use.
    pub const fn signed(self) -> i32 {
        self as i32 - 2
    }

    fn from_prober(result: WdlProbeResult) -> Wdl {
        match result {
            WdlProbeResult::Loss => Wdl::Loss,
            WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
            WdlProbeResult::Draw => Wdl::Draw,
            WdlProbeResult::CursedWin => Wdl::CursedWin,
            WdlProbeResult::Win => Wdl::Win,
        }
    }
}

/// What the tables say about one root move, from the root side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootValue {
    /// Plies to the next zeroing move (capture or pawn move) with best play, counting this
    /// move: positive when the move wins, negative when it loses, 0 when it draws. Win and
    /// loss here ignore the fifty-move rule; compare with the counter to tell cursed wins.
    Dtz(i32),
    /// Only the WDL value (the DTZ table is missing), as if the counter were zero after it.
    Wdl(Wdl),
}

/// Why the tables could not be opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// Another set of tables is open in this process (the prober keeps one).
    AlreadyOpen,
    /// The prober found no table in the folders it was given.
    NoTables,
    /// The prober could not start.
    InitFailed,
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::AlreadyOpen => write!(f, "another set of tables is still open"),
            OpenError::NoTables => write!(f, "the prober found no tables"),
            OpenError::InitFailed => write!(f, "the prober failed to start"),
        }
    }
}

/// Open tablebases, shared by every search thread.
pub struct Tablebases {
    prober: TableBases<MovegenAttacks>,
    /// Most pieces (kings included) of any table found.
    max_pieces: u32,
    /// The materials with files, and which are read into memory (see `warm`). pyrrhic-rs
    /// 0.2.0 registers every table name as present whether its file exists or not (its file
    /// test returns -1, which reads as true, for a missing file): asking it about a material
    /// without a file makes it try to load one, and a failed DTZ load drops the material's WDL
    /// table too. So it is asked only about materials whose file was found, and only once
    /// their files are read, so that no probe waits on the disk.
    warmth: Arc<Warmth>,
    /// Set when the prober panicked: it is not called again.
    broken: AtomicBool,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("max_pieces", &self.max_pieces)
            .field("broken", &self.broken.load(Ordering::Relaxed))
            .finish()
    }
}

impl Tablebases {
    /// Opens the prober on folders already checked (`prober_path`: their names joined by
    /// `:`). Never called with no table, where the prober would keep its one-per-process slot.
    /// `max_pieces` comes from the file names: the prober's own count is not the largest table
    /// found.
    pub(crate) fn open_checked(
        prober_path: &str,
        max_pieces: u32,
        materials: MaterialSet,
    ) -> Result<Tablebases, OpenError> {
        let opened = catch_unwind(|| TableBases::<MovegenAttacks>::new(prober_path))
            .map_err(|_| OpenError::InitFailed)?;
        let prober = opened.map_err(|e| match e {
            TBError::AlreadyInitialized | TBError::NotSingleton => OpenError::AlreadyOpen,
            TBError::BadPath => OpenError::NoTables,
            TBError::InitFailed | TBError::ProbeFailed => OpenError::InitFailed,
        })?;
        Ok(Tablebases {
            prober,
            max_pieces,
            warmth: Warmth::start(materials),
            broken: AtomicBool::new(false),
        })
    }

    /// The most pieces, kings included, of any table found.
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Whether the prober failed (panicked) and is no longer asked anything.
    pub fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }

    /// Whether the tables can answer for `pos`: few enough pieces and no castling right (the
    /// tables assume none).
    pub fn covers(&self, pos: &Position) -> bool {
        pos.occupied().count() <= self.max_pieces && pos.castling().rights().is_empty()
    }

    /// Whether `probe` of `kind` for `pos` may run without waiting on the disk: its files are
    /// read (see `warm`). If they are not, the reader is asked to read them. `false` also when
    /// no file of `kind` covers `pos`.
    #[inline]
    fn ready(&self, pos: &Position, kind: TableKind) -> bool {
        let materials = self.warmth.materials();
        materials
            .find(pos)
            .is_some_and(|i| materials.file(i, kind).is_some() && self.warmth.ready(i, kind))
    }

    /// Whether [`probe_root`](Self::probe_root) of `pos` is ready to rank by DTZ (the DTZ
    /// file of its material and the WDL files its probes reach are read) or, without a DTZ
    /// file, by WDL. When not, the files are asked for, to be read in the background: ask
    /// again later. Also `true` when the tables do not cover `pos` (nothing to wait for).
    pub fn root_ready(&self, pos: &Position) -> bool {
        if !self.covers(pos) || self.warmth.materials().find(pos).is_none() {
            return true;
        }
        if self.has_dtz(pos) {
            self.ready(pos, TableKind::Dtz)
        } else {
            self.ready(pos, TableKind::Wdl)
        }
    }

    /// Has the background reader read every table file, after the files probes ask for,
    /// when the set is small enough to keep in memory (at most 2 GiB, which the published
    /// 3-4-5 piece set is); a larger set is read only as probes ask. Returns at once.
    pub fn read_all_in_background(&self) {
        self.warmth.read_all_in_background();
    }

    /// Reads every table file now, on the calling thread, so that every probe answers at
    /// once (tests, tools). The engine itself reads them in the background.
    pub fn read_all_now(&self) {
        self.warmth.read_everything();
    }

    /// The WDL value of `pos` for the side to move, as if the fifty-move counter were zero;
    /// `None` when no table covers it, its files are not read yet (they are then asked for),
    /// or the probe fails.
    pub fn probe_wdl(&self, pos: &Position) -> Option<Wdl> {
        if !self.covers(pos) || !self.ready(pos, TableKind::Wdl) {
            return None;
        }
        let b = Boards::of(pos);
        self.guarded(|| {
            self.prober
                .probe_wdl(
                    b.white,
                    b.black,
                    b.kings,
                    b.queens,
                    b.rooks,
                    b.bishops,
                    b.knights,
                    b.pawns,
                    b.ep,
                    b.white_to_move,
                )
                .ok()
                .map(Wdl::from_prober)
        })
    }

    /// Every legal move of `pos` with its value: DTZ when the DTZ tables have it and its files
    /// are read ([`root_ready`](Self::root_ready)), WDL otherwise. `None` when `pos` has no
    /// legal move, is not covered, its WDL files are not read yet, or a probe fails.
    ///
    /// Call it only while no other thread probes (at the start of a search).
    pub fn probe_root(&self, pos: &Position) -> Option<Vec<(Move, RootValue)>> {
        let legal = pos.legal_moves();
        if legal.is_empty() || !self.covers(pos) {
            return None;
        }
        self.probe_root_dtz(pos, &legal)
            .or_else(|| self.probe_root_wdl(pos, &legal))
    }

    /// The DTZ of `pos` (plies to the next zeroing move with best play; positive when the side
    /// to move wins) and its value with the position's fifty-move counter applied. `None`
    /// when not covered, without legal moves, with its files not read yet, or when a probe
    /// fails. Like
    /// [`probe_root`](Self::probe_root), call it only while no other thread probes.
    pub fn probe_dtz(&self, pos: &Position) -> Option<(i32, Wdl)> {
        if !pos.has_legal_moves() || !self.covers(pos) || !self.ready(pos, TableKind::Dtz) {
            return None;
        }
        let probe = self.root_probe(pos)?;
        let DtzProbeValue::DtzResult(r) = probe.root else {
            return None;
        };
        let wdl = Wdl::from_prober(r.wdl);
        Some((i32::from(r.dtz) * wdl.signed().signum(), wdl))
    }

    /// Whether a DTZ file for the material of `pos` was found (the root probe reads DTZ only
    /// for the root's own material; captures and pawn moves are valued by WDL).
    fn has_dtz(&self, pos: &Position) -> bool {
        self.warmth.materials().has(pos, TableKind::Dtz)
    }

    /// The prober's root probe, with the counter of `pos`.
    fn root_probe(&self, pos: &Position) -> Option<pyrrhic_rs::DtzProbeResult> {
        let b = Boards::of(pos);
        self.guarded(|| {
            self.prober
                .probe_root(
                    b.white,
                    b.black,
                    b.kings,
                    b.queens,
                    b.rooks,
                    b.bishops,
                    b.knights,
                    b.pawns,
                    pos.halfmove_clock().min(255),
                    b.ep,
                    b.white_to_move,
                )
                .ok()
        })
    }

    /// Root moves by DTZ, through the prober's root probe.
    fn probe_root_dtz(&self, pos: &Position, legal: &[Move]) -> Option<Vec<(Move, RootValue)>> {
        if !self.ready(pos, TableKind::Dtz) {
            return None;
        }
        let probe = self.root_probe(pos)?;
        let mut out = Vec::with_capacity(legal.len());
        for value in &probe.moves[..probe.num_moves] {
            let DtzProbeValue::DtzResult(r) = value else {
                return None;
            };
            // The prober packs |dtz| and the class; the class gives the sign.
            let magnitude = i32::from(r.dtz);
            let dtz = match r.wdl {
                WdlProbeResult::Win | WdlProbeResult::CursedWin => magnitude,
                WdlProbeResult::Loss | WdlProbeResult::BlessedLoss => -magnitude,
                WdlProbeResult::Draw => 0,
            };
            let promotion = match r.promotion {
                pyrrhic_rs::Piece::Queen => Some(Role::Queen),
                pyrrhic_rs::Piece::Rook => Some(Role::Rook),
                pyrrhic_rs::Piece::Bishop => Some(Role::Bishop),
                pyrrhic_rs::Piece::Knight => Some(Role::Knight),
                _ => None,
            };
            let mv = legal.iter().copied().find(|mv| {
                mv.from().index() == usize::from(r.from_square)
                    && mv.to().index() == usize::from(r.to_square)
                    && mv.promotion() == promotion
            })?;
            out.push((mv, RootValue::Dtz(dtz)));
        }
        // Every legal move must have its value, or the ranking could drop a good move.
        (out.len() == legal.len()).then_some(out)
    }

    /// Root moves by the WDL value of the position after each.
    fn probe_root_wdl(&self, pos: &Position, legal: &[Move]) -> Option<Vec<(Move, RootValue)>> {
        legal
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.play(mv);
                let wdl = if child.in_check() && !child.has_legal_moves() {
                    Wdl::Win
                } else {
                    self.probe_wdl(&child)?.flip()
                };
                Some((mv, RootValue::Wdl(wdl)))
            })
            .collect()
    }

    /// Runs a prober call, turning a panic into `None` and leaving the prober alone after it.
    /// A panic inside it (a failed `mmap`, an unreadable file's metadata) must not take the
    /// search thread down; the prober's state after one is not trusted again.
    pub(crate) fn guarded<T>(&self, call: impl FnOnce() -> Option<T>) -> Option<T> {
        if self.is_broken() {
            return None;
        }
        catch_unwind(AssertUnwindSafe(call)).unwrap_or_else(|_| {
            self.broken.store(true, Ordering::Relaxed);
            None
        })
    }
}

impl Drop for Tablebases {
    /// Ends the background reader (the prober closes its tables itself).
    fn drop(&mut self) {
        self.warmth.close();
    }
}

/// A position as the prober takes it.
struct Boards {
    white: u64,
    black: u64,
    kings: u64,
    queens: u64,
    rooks: u64,
    bishops: u64,
    knights: u64,
    pawns: u64,
    /// The en-passant square, 0 for none (a1 can never be one).
    ep: u32,
    white_to_move: bool,
}

impl Boards {
    fn of(pos: &Position) -> Boards {
        Boards {
            white: pos.color_bb(Color::White).0,
            black: pos.color_bb(Color::Black).0,
            kings: pos.role_bb(Role::King).0,
            queens: pos.role_bb(Role::Queen).0,
            rooks: pos.role_bb(Role::Rook).0,
            bishops: pos.role_bb(Role::Bishop).0,
            knights: pos.role_bb(Role::Knight).0,
            pawns: pos.role_bb(Role::Pawn).0,
            ep: pos.ep_square().map_or(0, |sq| sq.index() as u32),
            white_to_move: pos.turn() == Color::White,
        }
    }
}
