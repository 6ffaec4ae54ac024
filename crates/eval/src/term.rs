//! `Term`: the groups the evaluation's additions are sorted into, for the trace and the
//! tuner's features.

/// A group of evaluation terms, as the trace shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Piece values.
    Material,
    /// Piece-square tables.
    Psqt,
    /// Safe squares each piece reaches.
    Mobility,
    /// Doubled, isolated, backward, phalanx and supported pawns.
    Pawns,
    /// Passed pawns.
    Passed,
    /// Pawn shield, open files and attacks on the king.
    KingSafety,
    /// Rooks on open and semi-open files.
    Rooks,
    /// Knights and bishops on outposts.
    Outposts,
    /// Two bishops.
    BishopPair,
    /// Attacked and hanging pieces.
    Threats,
    /// The side to move's bonus.
    Tempo,
}

impl Term {
    /// Every term, in display order.
    pub const ALL: [Term; 11] = [
        Term::Material,
        Term::Psqt,
        Term::Mobility,
        Term::Pawns,
        Term::Passed,
        Term::KingSafety,
        Term::Rooks,
        Term::Outposts,
        Term::BishopPair,
        Term::Threats,
        Term::Tempo,
    ];

    /// The term's label in the table.
    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Psqt => "Piece-square",
            Term::Mobility => "Mobility",
            Term::Pawns => "Pawn structure",
            Term::Passed => "Passed pawns",
            Term::KingSafety => "King safety",
            Term::Rooks => "Rook files",
            Term::Outposts => "Outposts",
            Term::BishopPair => "Bishop pair",
            Term::Threats => "Threats",
            Term::Tempo => "Tempo",
        }
    }
}
