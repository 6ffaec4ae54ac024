//! Material, piece-square values, mobility, rooks on files, outposts, bishop pair, threats.

use movegen::{Bitboard, Color, Role, attacks};

use crate::bits;
use crate::eval::Eval;
use crate::params::{self, Block, KING_ATTACK_WEIGHT};
use crate::sink::Sink;
use crate::term::Term;

/// What every piece of one side needs to know, computed once per side.
struct PieceContext {
    color: Color,
    area: Bitboard,
    enemy_zone: Bitboard,
    outposts: Bitboard,
    diagonal_occupied: Bitboard,
    straight_occupied: Bitboard,
}

impl<K: Sink> Eval<'_, K> {
    /// Piece values by count, and each piece's square value from its owner's side.
    pub(crate) fn material_and_psqt(&mut self, color: Color) {
        let flip = if color == Color::White { 0 } else { 56 };
        for role in Role::ALL {
            let set = self.pos.pieces(color, role);
            if role != Role::King {
                self.add(
                    color,
                    Term::Material,
                    params::MATERIAL.at(role.index()),
                    set.count() as i32,
                );
            }
            for sq in set {
                let index = params::PSQT_BLOCK.at(role.index() * 64 + (sq.index() ^ flip));
                self.add(color, Term::Psqt, index, 1);
            }
        }
    }

    /// Mobility and king-zone attacks of every knight, bishop, rook and queen, plus rook files,
    /// outposts and the bishop pair. Fills the attack maps the later terms read.
    pub(crate) fn pieces(&mut self, color: Color) {
        let (us, them) = (color.index(), (!color).index());
        let queens = self.pos.pieces(color, Role::Queen);
        // Outposts: ranks 4-6, defended by a pawn, no enemy pawn can ever attack them.
        let enemy_pawn_reach =
            bits::fill_forward(!color, bits::pawn_attacks(!color, self.pawns[them]));
        let ctx = PieceContext {
            color,
            // Safe squares: not held by own pawns or king, not attacked by enemy pawns.
            area: !(self.pawns[us]
                | self.king_sq[us].bitboard()
                | self.attacked_by[them][Role::Pawn.index()]),
            enemy_zone: self.king_zone[them],
            outposts: bits::outpost_ranks(color)
                & self.attacked_by[us][Role::Pawn.index()]
                & !enemy_pawn_reach,
            // Sliders see through own pieces that slide the same way (batteries).
            diagonal_occupied: self.occupied ^ queens,
            straight_occupied: self.occupied ^ queens ^ self.pos.pieces(color, Role::Rook),
        };
        // One call per role with a constant role, so each body is specialised.
        self.role_pieces(&ctx, Role::Knight, params::KNIGHT_MOBILITY);
        self.role_pieces(&ctx, Role::Bishop, params::BISHOP_MOBILITY);
        self.role_pieces(&ctx, Role::Rook, params::ROOK_MOBILITY);
        self.role_pieces(&ctx, Role::Queen, params::QUEEN_MOBILITY);
        if self.pos.pieces(color, Role::Bishop).more_than_one() {
            self.add(color, Term::BishopPair, params::BISHOP_PAIR.at(0), 1);
        }
    }

    #[inline(always)]
    fn role_pieces(&mut self, ctx: &PieceContext, role: Role, table: Block) {
        let color = ctx.color;
        let (us, them) = (color.index(), (!color).index());
        for sq in self.pos.pieces(color, role) {
            let att = match role {
                Role::Knight => attacks::knight_attacks(sq),
                Role::Bishop => attacks::bishop_attacks(sq, ctx.diagonal_occupied),
                Role::Rook => attacks::rook_attacks(sq, ctx.straight_occupied),
                _ => attacks::queen_attacks(sq, self.occupied),
            };
            self.note_attacks(color, role, att);
            let moves = (att & ctx.area).count() as usize;
            self.add(color, Term::Mobility, table.at(moves.min(table.len - 1)), 1);

            let hits = att & ctx.enemy_zone;
            if hits.any() {
                self.king_attackers[us] += 1;
                self.king_units[us] += KING_ATTACK_WEIGHT[role.index()] + hits.count() as i32;
            }

            match role {
                Role::Rook => {
                    let file = bits::file_fill(sq.bitboard());
                    if (file & self.pawns[us]).is_empty() {
                        let id = if (file & self.pawns[them]).is_empty() {
                            params::ROOK_OPEN_FILE
                        } else {
                            params::ROOK_SEMI_OPEN_FILE
                        };
                        self.add(color, Term::Rooks, id.at(0), 1);
                    }
                }
                Role::Knight if ctx.outposts.contains(sq) => {
                    self.add(color, Term::Outposts, params::KNIGHT_OUTPOST.at(0), 1);
                }
                Role::Bishop if ctx.outposts.contains(sq) => {
                    self.add(color, Term::Outposts, params::BISHOP_OUTPOST.at(0), 1);
                }
                _ => {}
            }
        }
    }

    /// Enemy pieces attacked by `color`'s pawns, by lesser or unopposed pieces, or left hanging.
    pub(crate) fn threats(&mut self, color: Color) {
        let (us, them) = (color.index(), (!color).index());
        let enemy = self.pos.color_bb(!color);
        let pieces = enemy & !self.pawns[them] & !self.king_sq[them].bitboard();
        let undefended = !self.attacked[them];

        let by_pawn = pieces & self.attacked_by[us][Role::Pawn.index()];
        self.threats_on(color, by_pawn, params::THREAT_BY_PAWN);

        let minors =
            self.attacked_by[us][Role::Knight.index()] | self.attacked_by[us][Role::Bishop.index()];
        let majors = self.pos.role_bb(Role::Rook) | self.pos.role_bb(Role::Queen);
        let by_minor = pieces & minors & (majors | undefended);
        self.threats_on(color, by_minor, params::THREAT_BY_MINOR);

        let by_rook = pieces
            & self.attacked_by[us][Role::Rook.index()]
            & (self.pos.role_bb(Role::Queen) | undefended);
        self.threats_on(color, by_rook, params::THREAT_BY_ROOK);

        let hanging = (pieces & self.attacked[us] & undefended).count() as i32;
        if hanging > 0 {
            self.add(color, Term::Threats, params::HANGING.at(0), hanging);
        }
    }

    fn threats_on(&mut self, color: Color, targets: Bitboard, table: Block) {
        for sq in targets {
            if let Some(piece) = self.pos.piece_at(sq) {
                self.add(color, Term::Threats, table.at(piece.role.index()), 1);
            }
        }
    }
}
