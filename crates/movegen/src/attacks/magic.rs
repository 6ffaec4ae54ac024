//! Magic bitboard lookup for sliding pieces.
//!
//! For each square, the relevant occupancy (`mask`) is multiplied by a magic number and shifted
//! so that every distinct blocker pattern lands on its own slot of a dense table ("fancy" magics,
//! one shift per square). The magic numbers are constants found offline by trial
//! (<https://www.chessprogramming.org/Looking_for_Magics>); the tables are built at compile
//! time, and the build fails if a magic number lets two different attack sets collide, so a
//! wrong one cannot go unnoticed.

use super::rays::{bishop_mask, line_attacks, lines_through, rook_mask};
use crate::bitboard::Bitboard;
use crate::square::Square;
use crate::types::Role;

/// The lookup parameters of one square.
#[derive(Clone, Copy, Debug)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

const ROOK_MAGICS: [u64; 64] = [
    0x2080002080400010,
    0x00c0002001401000,
    0x2100110008402002,
    0x0880080081041000,
    0x0200020020041008,
    0x2300040008010012,
    0x0c00283004008201,
    0x0180010000407a80,
    0x0168800080400020,
    0x0010400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x0801000408010012,
    0x4001000209000400,
    0x08a20004c8020001,
    0x2002801145002280,
    0x0080860021004200,
    0x001000c009402002,
    0x00b0002004002800,
    0x100a808010020800,
    0x8101010008000410,
    0x0244008002000480,
    0x0000040010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x0000810100204000,
    0x0440430900200010,
    0x4600240900100100,
    0x0060080080040080,
    0x0001000300080400,
    0x0004084400011002,
    0x0023040200008041,
    0x0580050043002080,
    0x0400804002802008,
    0x0001002001004010,
    0x1000200901001000,
    0x4410800801800c00,
    0xa012003806001004,
    0x0020100104008802,
    0x0004808402000041,
    0x0010400170898000,
    0x0080500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x0000020004008080,
    0x0021010810040002,
    0x0800008c43020024,
    0x0000800021005100,
    0x0070201040008080,
    0x0000d04282006a00,
    0x0010014400080240,
    0x0001080110050100,
    0x0012000810240600,
    0x0402000801040200,
    0x028100108a004100,
    0x0050800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x020b000910006045,
    0x0241001002480005,
    0x0081000400880241,
    0x0000009008024124,
    0x0048122980410402,
];
const BISHOP_MAGICS: [u64; 64] = [
    0x0848020822040013,
    0x8010a40085821200,
    0x0008008430840822,
    0x0808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801b8200420,
    0x200a008084012000,
    0x0040102001042084,
    0x840a505042428020,
    0x0000700102202920,
    0x44101c0c10800002,
    0x0040040422000000,
    0x0180020802090202,
    0x4020020811041202,
    0x000104308c042000,
    0x4140661002424400,
    0x0028012008010460,
    0x0188062102002a00,
    0x0014004840102008,
    0x0105000290400002,
    0x8001022200410400,
    0x104a041918013446,
    0x008a000082008238,
    0x04a0060008100430,
    0x0008220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x0030008060407000,
    0x4008108000420800,
    0x0012021050290100,
    0x0210080482200500,
    0xcc01112048100480,
    0x0020402806500440,
    0x00048e0080580080,
    0x0040102020020080,
    0x0028010440080807,
    0x4601041108008800,
    0x8040810e04104200,
    0x901210110400088a,
    0xa003080212081050,
    0x00c1004048401004,
    0x900000a014400800,
    0x0008021040405401,
    0x4020008206002090,
    0x0004190424030100,
    0x0424008a02026250,
    0x8004088250900040,
    0x1c00430088a04200,
    0x0001020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x0800840850044001,
    0x0004040802140004,
    0x0004080a04222020,
    0x8088802110022000,
    0x1081a10416114400,
    0x0205010a24060820,
    0x0000000720411080,
    0x1008000208430400,
    0x580c026028810840,
    0x802020441020a110,
    0x12c0022401020018,
];

const ROOK_TABLE_SIZE: usize = 102_400;
const BISHOP_TABLE_SIZE: usize = 5_248;

/// A slider's per-square parameters and its shared attack table.
struct SliderTable<const N: usize> {
    magics: [Magic; 64],
    attacks: [Bitboard; N],
}

const fn build<const N: usize>(role: Role, factors: &[u64; 64]) -> SliderTable<N> {
    let mut table = SliderTable {
        magics: [Magic {
            mask: 0,
            factor: 0,
            shift: 0,
            offset: 0,
        }; 64],
        attacks: [Bitboard::EMPTY; N],
    };
    let mut offset = 0;
    let mut i = 0;
    while i < 64 {
        let sq = Square::new(i as u8);
        let mask = match role {
            Role::Rook => rook_mask(sq).0,
            _ => bishop_mask(sq).0,
        };
        let lines = lines_through(role, sq);
        let bits = mask.count_ones();
        let magic = Magic {
            mask,
            factor: factors[i],
            shift: 64 - bits,
            offset,
        };
        // Carry-rippler: visit every subset of the mask.
        let mut subset = 0u64;
        loop {
            let attacks =
                Bitboard(line_attacks(sq, subset, lines[0]) | line_attacks(sq, subset, lines[1]));
            let slot = offset + index(&magic, subset);
            let old = table.attacks[slot];
            // Attack sets are never empty, so an empty slot is a free one.
            assert!(old.0 == 0 || old.0 == attacks.0, "magic number collision");
            table.attacks[slot] = attacks;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        table.magics[i] = magic;
        offset += 1 << bits;
        i += 1;
    }
    assert!(offset == N, "slider table size mismatch");
    table
}

#[inline(always)]
const fn index(magic: &Magic, occupied: u64) -> usize {
    ((occupied & magic.mask).wrapping_mul(magic.factor) >> magic.shift) as usize
}

// The 102,400-entry rook table takes a few seconds of const evaluation.
#[allow(long_running_const_eval)]
static ROOK: SliderTable<ROOK_TABLE_SIZE> = build(Role::Rook, &ROOK_MAGICS);
static BISHOP: SliderTable<BISHOP_TABLE_SIZE> = build(Role::Bishop, &BISHOP_MAGICS);

/// Rook attacks from `sq` with the given occupancy.
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let magic = &ROOK.magics[sq.index()];
    ROOK.attacks[magic.offset + index(magic, occupied.0)]
}

/// Bishop attacks from `sq` with the given occupancy.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let magic = &BISHOP.magics[sq.index()];
    BISHOP.attacks[magic.offset + index(magic, occupied.0)]
}
