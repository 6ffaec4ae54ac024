//! The arguments of the extensions Stockfish's users know: `bench [hash] [threads] [limit]
//! [fenfile] [limittype]`, `speedtest [seconds]` and `export_net [file]`.

use engine::bench_spec::{BenchLimit, BenchPositions, BenchSpec};

use super::error::{CommandError, excerpt};
use super::go::parse_count;
use super::token::Token;

/// `bench`: no argument is the plain bench; one is its depth, as `bench <depth>` has always
/// been (OpenBench's `bench` takes none); two or more are Stockfish's, in its order: hash
/// (MiB), threads, limit, `default`/`current`/a FEN file, `depth`/`nodes`/`movetime`/`perft`.
pub(super) fn parse_bench(args: &[Token<'_>]) -> Result<BenchSpec, CommandError> {
    let mut spec = BenchSpec::default();
    match args {
        [] => {}
        [depth] => spec.limit = parse_count(depth.text, "bench")?,
        [hash, rest @ ..] => {
            let size = |count: u64| usize::try_from(count).unwrap_or(usize::MAX);
            spec.hash_mb = size(parse_count(hash.text, "bench")?);
            let mut rest = rest.iter();
            if let Some(threads) = rest.next() {
                spec.threads = size(parse_count(threads.text, "bench")?);
            }
            if let Some(limit) = rest.next() {
                spec.limit = parse_count(limit.text, "bench")?;
            }
            if let Some(positions) = rest.next() {
                spec.positions = match positions.text {
                    "default" => BenchPositions::Default,
                    "current" => BenchPositions::Current,
                    path => BenchPositions::File(path.to_owned()),
                };
            }
            if let Some(kind) = rest.next() {
                spec.limit_kind =
                    BenchLimit::from_name(kind.text).ok_or_else(|| CommandError::InvalidValue {
                        after: "bench",
                        value: excerpt(kind.text),
                        expected: "`depth`, `nodes`, `movetime` or `perft`",
                    })?;
            }
            if let Some(extra) = rest.next() {
                return Err(CommandError::UnexpectedToken {
                    command: "bench",
                    token: excerpt(extra.text),
                });
            }
        }
    }
    Ok(spec)
}

/// `speedtest [seconds]`: the seconds, if given.
pub(super) fn parse_speedtest(args: &[Token<'_>]) -> Result<Option<u32>, CommandError> {
    match args {
        [] => Ok(None),
        [seconds] => parse_count(seconds.text, "speedtest").map(Some),
        [_, extra, ..] => Err(CommandError::UnexpectedToken {
            command: "speedtest",
            token: excerpt(extra.text),
        }),
    }
}

/// `export_net [file]`: the rest of the line is the file's name, spaces included.
pub(super) fn parse_export_net(line: &str, args: &[Token<'_>]) -> Option<String> {
    match (args.first(), args.last()) {
        (Some(first), Some(last)) => Some(line[first.start..last.end()].to_owned()),
        _ => None,
    }
}
