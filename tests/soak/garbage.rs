//! Malformed and random input lines: what a broken GUI, a bad pipe or a hostile user could send.
//!
//! Each generator returns one line without its line break (a `\n` inside would make it two
//! lines, which the mirror could no longer follow).

use movegen::Position;

use rng::Rng;

/// Words the parser knows, so junk often gets past the first token and into the argument code.
const WORDS: &[&str] = &[
    "uci",
    "debug",
    "on",
    "off",
    "isready",
    "setoption",
    "name",
    "value",
    "register",
    "later",
    "code",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
    "stop",
    "ponderhit",
    "d",
    "eval",
    "bench",
    "Hash",
    "Threads",
    "MultiPV",
    "UCI_Chess960",
    "Clear",
    "Move",
    "Overhead",
    "true",
    "false",
    "w",
    "b",
    "-",
    "KQkq",
    "HAha",
    "e2e4",
    "e7e5",
    "e1g1",
    "e1h1",
    "a7a8q",
    "a7a8k",
    "h9h9",
    "0000",
    "(none)",
    "joho",
    "UCI",
    "GO",
    "Position",
    "xyzzy",
    "\u{feff}",
    "\u{0}",
    "é",
    "♞",
    "𝄞",
];

/// Numbers at and past every boundary a parser might get wrong.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "+1",
    "-0",
    "007",
    "255",
    "65535",
    "65536",
    "2147483647",
    "-2147483648",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "-99999999999999999999999999999999",
    "1e9",
    "0x10",
    "1.5",
    "NaN",
    "--5",
    "+",
    "-",
];

/// Valid lines to cut short at a random byte.
const TEMPLATES: &[&str] = &[
    "position startpos moves e2e4 e7e5 g1f3 b8c6",
    "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8",
    "setoption name Move Overhead value 100",
    "setoption name UCI_Chess960 value true",
    "setoption name Time Model value Classic",
    "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
    "go depth 3 searchmoves e2e4 d2d4",
    "register name Some User code 12345",
    "debug on",
    "perft 2 4k3/8/8/8/8/8/8/4K3 w - -",
];

/// Option names (right and wrong) for `setoption` junk.
const OPTION_NAMES: &[&str] = &[
    "Hash",
    "hash",
    "Threads",
    "Clear Hash",
    "clear   hash",
    "Ponder",
    "MultiPV",
    "UCI_Chess960",
    "Move Overhead",
    "Time Model",
    "Slow Mover",
    "Hashh",
    "value",
    "name",
    "",
];

/// One random malformed line. `pos` is the engine's current position, used to make moves that
/// look right but are not legal there.
pub fn line(rng: &mut Rng, pos: &Position, fens: &[&str]) -> Vec<u8> {
    match rng.range(0, 11) {
        0 | 1 => tokens(rng).into_bytes(),
        2 => truncated(rng),
        3 => bad_fen(rng, fens).into_bytes(),
        4 => bad_moves(rng, pos).into_bytes(),
        5 => random_bytes(rng),
        6 => long_line(rng).into_bytes(),
        7 => setoption_junk(rng).into_bytes(),
        8 => blank(rng).into_bytes(),
        9 => tokens(rng).into_bytes(),
        _ => format!("{} {}", rng.pick(WORDS), rng.pick(NUMBERS)).into_bytes(),
    }
}

/// One of the separators the UCI spec allows: any run of whitespace.
fn separator(rng: &mut Rng) -> &'static str {
    const SEPARATORS: &[&str] = &[" ", " ", " ", "  ", "\t", " \t ", "\r "];
    SEPARATORS[rng.below(SEPARATORS.len())]
}

fn tokens(rng: &mut Rng) -> String {
    let mut out = String::new();
    for _ in 0..rng.range(1, 12) {
        let token = if rng.chance(25) {
            *rng.pick(NUMBERS)
        } else {
            *rng.pick(WORDS)
        };
        out.push_str(token);
        out.push_str(separator(rng));
    }
    out
}

fn truncated(rng: &mut Rng) -> Vec<u8> {
    let template = rng.pick(TEMPLATES).as_bytes();
    let cut = rng.below(template.len());
    template[..cut].to_vec()
}

/// A FEN from the suites with one field broken.
fn bad_fen(rng: &mut Rng, fens: &[&str]) -> String {
    let fen = rng.pick(fens);
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
    match rng.range(0, 6) {
        0 => {
            fields.truncate(rng.below(fields.len()));
        }
        1 => fields.push("extra".to_owned()),
        2 => {
            // Break one character of the board.
            let board: Vec<char> = fields[0].chars().collect();
            let at = rng.below(board.len());
            let junk = *rng.pick(&['9', '0', 'x', 'K', 'k', 'P', '/', ' ', 'é']);
            fields[0] = board
                .iter()
                .enumerate()
                .map(|(i, &c)| if i == at { junk } else { c })
                .collect();
        }
        3 => fields[1] = (*rng.pick(&["W", "x", "wb", "-"])).to_owned(),
        4 => fields[2] = (*rng.pick(&["KQkqK", "Z", "AHah", "KQkq-", "k"])).to_owned(),
        5 => fields[3] = (*rng.pick(&["e9", "e4", "a3", "z6", "--"])).to_owned(),
        _ => fields[0] = "8/8/8/8/8/8/8/8".to_owned(),
    }
    let mut line = format!("position fen {}", fields.join(" "));
    if rng.chance(30) {
        line.push_str(" moves e2e4");
    }
    line
}

/// `position` with a move list that goes wrong somewhere.
fn bad_moves(rng: &mut Rng, pos: &Position) -> String {
    let mut line = format!("position fen {} moves", pos.fen());
    let mut scratch = pos.clone();
    for _ in 0..rng.range(0, 6) {
        let moves = scratch.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = *rng.pick(&moves);
        line.push(' ');
        line.push_str(&mv.to_uci(rng.chance(50)).to_string());
        scratch.play(mv);
    }
    let bad = *rng.pick(&[
        "e2e5", "a1a1", "e1e3", "e7e8k", "e2e4q", "zz", "e2", "e2e4e5", "E2E4", "0000", "h8h1",
        "a7a8q",
    ]);
    line.push(' ');
    line.push_str(bad);
    if rng.chance(50) {
        line.push_str(" e7e5 g1f3");
    }
    line
}

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let len = rng.range(0, 200) as usize;
    (0..len)
        .map(|_| match rng.next_u64() as u8 {
            b'\n' => b'?',
            b => b,
        })
        .collect()
}

fn long_line(rng: &mut Rng) -> String {
    let unit = match rng.range(0, 2) {
        0 => "e2e4 ".to_owned(),
        1 => format!("{} ", rng.pick(WORDS)),
        _ => "x".to_owned(),
    };
    let bytes = rng.range(1_000, 64_000) as usize;
    let head = *rng.pick(&[
        "",
        "position startpos moves ",
        "go searchmoves ",
        "setoption name ",
    ]);
    format!("{head}{}", unit.repeat(bytes / unit.len()))
}

fn setoption_junk(rng: &mut Rng) -> String {
    let name = rng.pick(OPTION_NAMES);
    match rng.range(0, 4) {
        0 => format!("setoption name {name}"),
        1 => format!("setoption name {name} value"),
        2 => format!("setoption name {name} value {}", rng.pick(NUMBERS)),
        3 => format!(
            "setoption name {name} value {} value {}",
            rng.pick(WORDS),
            rng.pick(WORDS)
        ),
        _ => format!("setoption {name} {}", rng.pick(NUMBERS)),
    }
}

fn blank(rng: &mut Rng) -> String {
    (*rng.pick(&["", " ", "\t", "\r", "   \t  ", "\u{feff}"])).to_owned()
}

/// `go` with a value that is missing, negative, not a number or repeated: all parse errors.
/// A `go` with a value it cannot read (a search still follows; `perft` is left out, as it
/// answers no `bestmove`).
pub fn bad_go(rng: &mut Rng) -> String {
    let key = rng.pick(&["depth", "nodes", "movetime", "mate", "movestogo", "wtime"]);
    match rng.range(0, 3) {
        0 => format!("go {key}"),
        1 => format!("go {key} -{}", rng.range(1, 1_000_000)),
        2 => format!(
            "go {key} {}",
            rng.pick(&["abc", "1.5", "1e3", "0x10", "--1"])
        ),
        _ => format!("go {key} 5 {key} 5"),
    }
}
