//! The arguments of `go`, read past every bad token, and the integer parsing shared by every
//! command.

pub use engine::GoParams;
use engine::text::{parse_decimal, parse_i64_saturating};
pub use timeman::Millis;

use super::error::{CommandError, excerpt};
use super::go_warning::{GoFallback, GoWarning};
use super::token::Token;

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

impl GoKey {
    /// What a value of this keyword that cannot be read becomes.
    fn fallback(self) -> GoFallback {
        match self {
            Self::WTime | Self::BTime | Self::WInc | Self::BInc => GoFallback::ZeroClock,
            Self::Depth | Self::Nodes | Self::Mate | Self::MoveTime => GoFallback::DepthOne,
            Self::Perft => GoFallback::PerftOne,
            Self::SearchMoves | Self::Ponder | Self::Infinite | Self::MovesToGo => {
                GoFallback::Ignored
            }
        }
    }
}

/// Parses the tokens after `go`. Nothing refuses the command: a GUI waits for the `bestmove`
/// of every `go`, so each token that cannot be read is a warning with the fallback used for it
/// (see [`GoFallback`]), and the search goes ahead.
pub(super) fn parse_go(args: &[Token<'_>]) -> (GoParams, Vec<GoWarning>) {
    let mut go = GoParams::default();
    let mut warnings = Vec::new();
    let mut smallest_search = false;
    let mut rest = args.iter().map(|t| t.text).peekable();
    while let Some(token) = rest.next() {
        let Some(key) = GoKey::from_token(token) else {
            let problem = CommandError::UnexpectedToken {
                command: "go",
                token: excerpt(token),
            };
            warnings.push(GoWarning::new(problem, GoFallback::Ignored));
            continue;
        };
        let after = key.name();
        // The next token, unless it is a keyword: `go wtime btime 5` misses wtime's value.
        let mut value = || {
            rest.next_if(|t| GoKey::from_token(t).is_none())
                .ok_or(CommandError::MissingValue { after })
        };
        let zero = Some(Millis(0));
        let read = match key {
            GoKey::SearchMoves => {
                let mut moves = Vec::new();
                while let Some(mv) = rest.next_if(|t| GoKey::from_token(t).is_none()) {
                    moves.push(mv.to_owned());
                }
                if moves.is_empty() {
                    Err(CommandError::MissingValue { after })
                } else if !go.searchmoves.is_empty() {
                    Err(CommandError::Duplicate { keyword: after })
                } else {
                    go.searchmoves = moves;
                    Ok(())
                }
            }
            GoKey::Ponder => set_flag(&mut go.ponder, after),
            GoKey::Infinite => set_flag(&mut go.infinite, after),
            GoKey::WTime => fill(&mut go.wtime, after, clock(value(), after), zero),
            GoKey::BTime => fill(&mut go.btime, after, clock(value(), after), zero),
            GoKey::WInc => fill(&mut go.winc, after, clock(value(), after), zero),
            GoKey::BInc => fill(&mut go.binc, after, clock(value(), after), zero),
            GoKey::MovesToGo => fill(&mut go.movestogo, after, count(value(), after), None),
            GoKey::Depth => fill(&mut go.depth, after, count(value(), after), None),
            GoKey::Nodes => fill(&mut go.nodes, after, count(value(), after), None),
            GoKey::Mate => fill(&mut go.mate, after, count(value(), after), None),
            GoKey::MoveTime => {
                let millis = count(value(), after).map(Millis);
                fill(&mut go.movetime, after, millis, None)
            }
            GoKey::Perft => fill(&mut go.perft, after, count(value(), after), Some(1)),
        };
        if let Err(problem) = read {
            let fallback = match problem {
                CommandError::Duplicate { .. } => GoFallback::Ignored,
                _ => key.fallback(),
            };
            smallest_search |= fallback == GoFallback::DepthOne;
            warnings.push(GoWarning::new(problem, fallback));
        }
    }
    if smallest_search && go.depth.is_none() {
        go.depth = Some(1);
    }
    (go, warnings)
}

/// Sets a flag keyword; a second one is reported.
fn set_flag(flag: &mut bool, keyword: &'static str) -> Result<(), CommandError> {
    if *flag {
        return Err(CommandError::Duplicate { keyword });
    }
    *flag = true;
    Ok(())
}

/// Fills `slot` with the value read, or with `fallback` when it could not be read. A value for
/// a keyword already given is reported and dropped (its token was taken all the same, so it
/// is not read as a stray token).
fn fill<T>(
    slot: &mut Option<T>,
    keyword: &'static str,
    read: Result<T, CommandError>,
    fallback: Option<T>,
) -> Result<(), CommandError> {
    if slot.is_some() {
        return Err(CommandError::Duplicate { keyword });
    }
    match read {
        Ok(value) => {
            *slot = Some(value);
            Ok(())
        }
        Err(problem) => {
            *slot = fallback;
            Err(problem)
        }
    }
}

/// The clock value in `text`, if there was a value.
fn clock(text: Result<&str, CommandError>, keyword: &'static str) -> Result<Millis, CommandError> {
    text.and_then(|text| parse_clock(text, keyword))
}

/// The count in `text`, if there was a value.
fn count<T: TryFrom<u64> + Bounded>(
    text: Result<&str, CommandError>,
    keyword: &'static str,
) -> Result<T, CommandError> {
    text.and_then(|text| parse_count(text, keyword))
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
