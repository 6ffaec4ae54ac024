//! The arguments of `go`, and the integer parsing shared by every command.

use engine::text::{parse_decimal, parse_i64_saturating};
pub use engine::{GoParams, Millis};

use super::{CommandError, Token, excerpt};

/// The keywords of `go`. A value-taking keyword followed by another keyword is a missing value,
/// and `searchmoves` takes tokens until the next keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GoKey {
    SearchMoves,
    Ponder,
    WTime,
    BTime,
    WInc,
    BInc,
    MovesToGo,
    Depth,
    Nodes,
    Mate,
    MoveTime,
    Infinite,
    Perft,
}

impl GoKey {
    const ALL: [Self; 13] = [
        Self::SearchMoves,
        Self::Ponder,
        Self::WTime,
        Self::BTime,
        Self::WInc,
        Self::BInc,
        Self::MovesToGo,
        Self::Depth,
        Self::Nodes,
        Self::Mate,
        Self::MoveTime,
        Self::Infinite,
        Self::Perft,
    ];

    fn name(self) -> &'static str {
        match self {
            Self::SearchMoves => "searchmoves",
            Self::Ponder => "ponder",
            Self::WTime => "wtime",
            Self::BTime => "btime",
            Self::WInc => "winc",
            Self::BInc => "binc",
            Self::MovesToGo => "movestogo",
            Self::Depth => "depth",
            Self::Nodes => "nodes",
            Self::Mate => "mate",
            Self::MoveTime => "movetime",
            Self::Infinite => "infinite",
            Self::Perft => "perft",
        }
    }

    fn from_token(token: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|key| key.name() == token)
    }
}

/// Parses the tokens after `go`.
pub(super) fn parse_go(args: &[Token<'_>]) -> Result<GoParams, CommandError> {
    let mut go = GoParams::default();
    let mut rest = args.iter().map(|t| t.text).peekable();
    while let Some(token) = rest.next() {
        let Some(key) = GoKey::from_token(token) else {
            return Err(CommandError::UnexpectedToken {
                command: "go",
                token: excerpt(token),
            });
        };
        let after = key.name();
        // The next token, unless it is a keyword: `go wtime btime 5` misses wtime's value.
        let mut value = || {
            rest.next_if(|t| GoKey::from_token(t).is_none())
                .ok_or(CommandError::MissingValue { after })
        };
        match key {
            GoKey::SearchMoves => {
                if !go.searchmoves.is_empty() {
                    return Err(CommandError::Duplicate { keyword: after });
                }
                while let Some(mv) = rest.next_if(|t| GoKey::from_token(t).is_none()) {
                    go.searchmoves.push(mv.to_owned());
                }
                if go.searchmoves.is_empty() {
                    return Err(CommandError::MissingValue { after });
                }
            }
            GoKey::Ponder => set_flag(&mut go.ponder, after)?,
            GoKey::Infinite => set_flag(&mut go.infinite, after)?,
            GoKey::WTime => set_once(&mut go.wtime, after, || parse_clock(value()?, after))?,
            GoKey::BTime => set_once(&mut go.btime, after, || parse_clock(value()?, after))?,
            GoKey::WInc => set_once(&mut go.winc, after, || parse_clock(value()?, after))?,
            GoKey::BInc => set_once(&mut go.binc, after, || parse_clock(value()?, after))?,
            GoKey::MovesToGo => {
                set_once(&mut go.movestogo, after, || parse_count(value()?, after))?
            }
            GoKey::Depth => set_once(&mut go.depth, after, || parse_count(value()?, after))?,
            GoKey::Nodes => set_once(&mut go.nodes, after, || parse_count(value()?, after))?,
            GoKey::Mate => set_once(&mut go.mate, after, || parse_count(value()?, after))?,
            GoKey::MoveTime => set_once(&mut go.movetime, after, || {
                parse_count(value()?, after).map(Millis)
            })?,
            GoKey::Perft => set_once(&mut go.perft, after, || parse_count(value()?, after))?,
        }
    }
    Ok(go)
}

fn set_flag(flag: &mut bool, keyword: &'static str) -> Result<(), CommandError> {
    if *flag {
        return Err(CommandError::Duplicate { keyword });
    }
    *flag = true;
    Ok(())
}

/// Fills `slot` from `parse`, refusing a second value for the same keyword.
fn set_once<T>(
    slot: &mut Option<T>,
    keyword: &'static str,
    parse: impl FnOnce() -> Result<T, CommandError>,
) -> Result<(), CommandError> {
    if slot.is_some() {
        return Err(CommandError::Duplicate { keyword });
    }
    *slot = Some(parse()?);
    Ok(())
}

/// A clock value for `keyword`: any sign, saturated into `i64`.
fn parse_clock(text: &str, keyword: &'static str) -> Result<Millis, CommandError> {
    parse_i64_saturating(text)
        .map(Millis)
        .ok_or_else(|| CommandError::NotANumber {
            after: keyword,
            value: excerpt(text),
        })
}

/// A non-negative count for `keyword`, saturated into `T` (`-0` is zero, not negative).
pub(super) fn parse_count<T: TryFrom<u64> + Bounded>(
    text: &str,
    keyword: &'static str,
) -> Result<T, CommandError> {
    let (negative, magnitude) = parse_decimal(text).ok_or_else(|| CommandError::NotANumber {
        after: keyword,
        value: excerpt(text),
    })?;
    if negative && magnitude != 0 {
        return Err(CommandError::Negative {
            after: keyword,
            value: excerpt(text),
        });
    }
    Ok(T::try_from(magnitude).unwrap_or(T::MAX))
}

/// The saturation bound of a count type.
pub(super) trait Bounded {
    /// The largest value, used when the text is larger.
    const MAX: Self;
}

impl Bounded for u32 {
    const MAX: Self = u32::MAX;
}

impl Bounded for u64 {
    const MAX: Self = u64::MAX;
}

impl Bounded for i64 {
    const MAX: Self = i64::MAX;
}
