//! The training set: `FEN | result` lines turned, once, into sparse linear features, so that
//! every epoch is a pass over flat arrays with no chess code in it.

use std::fmt;

use eval::{Features, Phase, features};
use movegen::{Color, FenError, Position};

/// A game result from White's point of view, the target the sigmoid of the evaluation is fitted
/// to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome(f64);

impl Outcome {
    /// Parses `1.0`, `0.5` or `0.0` (also `1`, `0`, `1-0`, `1/2-1/2`, `0-1`).
    pub fn parse(text: &str) -> Option<Outcome> {
        match text.trim() {
            "1.0" | "1" | "1-0" => Some(Outcome(1.0)),
            "0.5" | "1/2-1/2" => Some(Outcome(0.5)),
            "0.0" | "0" | "0-1" => Some(Outcome(0.0)),
            _ => None,
        }
    }

    /// A fractional target, for toy data sets in tests.
    #[cfg(test)]
    pub fn from_value(value: f64) -> Outcome {
        Outcome(value)
    }

    /// The value, 0.0 ..= 1.0.
    pub fn value(self) -> f64 {
        self.0
    }
}

/// What a position is fitted to: the game's result and, when the data file gives it, the
/// engine's search score of the position (centipawns, White's view).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Label {
    /// The game's result.
    pub outcome: Outcome,
    /// The search score, if known.
    pub score: Option<f64>,
}

impl Label {
    /// A label with a result only.
    #[cfg(test)]
    pub fn result(outcome: Outcome) -> Label {
        Label {
            outcome,
            score: None,
        }
    }
}

/// What is wrong with one line of the data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineErrorKind {
    /// No `|` between the FEN and the result.
    MissingSeparator,
    /// The result is not one of the accepted spellings.
    BadResult(String),
    /// The optional third field, the search score, is not a number.
    BadScore(String),
    /// The FEN does not parse.
    BadFen(FenError),
}

/// A data-file line that could not be read, with its 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub kind: LineErrorKind,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            LineErrorKind::MissingSeparator => {
                write!(f, "line {}: expected `FEN | result`", self.line)
            }
            LineErrorKind::BadResult(r) => write!(f, "line {}: bad result `{r}`", self.line),
            LineErrorKind::BadScore(v) => write!(f, "line {}: bad score `{v}`", self.line),
            LineErrorKind::BadFen(e) => write!(f, "line {}: bad FEN: {e}", self.line),
        }
    }
}

impl std::error::Error for LineError {}

/// Parses one `FEN | result` or `FEN | result | score` line.
pub fn parse_line(line_no: usize, line: &str) -> Result<(Position, Label), LineError> {
    let error = |kind| LineError {
        line: line_no,
        kind,
    };
    let mut fields = line.split('|');
    let fen = fields.next().unwrap_or_default();
    let result = fields
        .next()
        .ok_or(error(LineErrorKind::MissingSeparator))?;
    let outcome = Outcome::parse(result)
        .ok_or_else(|| error(LineErrorKind::BadResult(result.trim().to_string())))?;
    let score = match fields.next().map(str::trim) {
        None => None,
        Some(text) => match text.parse::<f64>() {
            Ok(v) if v.is_finite() => Some(v),
            _ => return Err(error(LineErrorKind::BadScore(text.to_string()))),
        },
    };
    let pos = Position::from_fen(fen.trim()).map_err(|e| error(LineErrorKind::BadFen(e)))?;
    Ok((pos, Label { outcome, score }))
}

/// One parameter's net count in one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// Flat parameter index (pair index, not the mg/eg index).
    pub param: u32,
    /// Net count, White's minus Black's.
    pub count: f64,
}

/// One position, reduced to a slice of [`Entry`]s and the weights that blend mg and eg.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Range of this sample's entries in [`Dataset::entries`].
    pub start: usize,
    /// One past the last entry.
    pub end: usize,
    /// Weight of the middlegame sum in White's evaluation: phase / 24.
    pub mg_weight: f64,
    /// Weight of the endgame sum: scale / 64 * (24 - phase) / 24.
    pub eg_weight: f64,
    /// The game's result.
    pub outcome: Outcome,
    /// The engine's search score (White's view), if the data gave one.
    pub score: Option<f64>,
    /// What the sigmoid is fitted to: the result, or a blend of result and search score (see
    /// [`Dataset::blend_targets`]).
    pub target: f64,
    /// The full feature record, for evaluating exactly as the engine does (integer rounding);
    /// absent for synthetic samples.
    pub features: Option<Features>,
}

/// Every sample, with their entries stored back to back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dataset {
    /// All samples' entries, each sample owning a contiguous range.
    pub entries: Vec<Entry>,
    /// The samples, in file order.
    pub samples: Vec<Sample>,
}

impl Dataset {
    /// Adds a position. Dead draws (value 0 whatever the parameters) carry no information about
    /// the parameters, so they are left out: returns whether the position was kept.
    pub fn push(&mut self, features: Features, label: Label) -> bool {
        if features.dead_draw {
            return false;
        }
        let phase = f64::from(features.phase.value());
        let max = f64::from(Phase::MAX);
        let mg_weight = phase / max;
        let eg_weight = f64::from(features.scale.value()) / 64.0 * (max - phase) / max;
        let counts: Vec<(usize, i32)> = features
            .coefficients
            .iter()
            .map(|(id, c)| (id.index(), *c))
            .collect();
        self.push_linear(&counts, (mg_weight, eg_weight), label, Some(features));
        true
    }

    /// Adds a sample given by its counts (`(flat pair index, net count)`) and its
    /// `(mg_weight, eg_weight)`; `features` is kept for exact engine evaluation when known.
    pub fn push_linear(
        &mut self,
        counts: &[(usize, i32)],
        (mg_weight, eg_weight): (f64, f64),
        label: Label,
        features: Option<Features>,
    ) {
        let start = self.entries.len();
        self.entries.extend(counts.iter().map(|&(i, c)| Entry {
            param: i as u32,
            count: f64::from(c),
        }));
        self.samples.push(Sample {
            start,
            end: self.entries.len(),
            mg_weight,
            eg_weight,
            outcome: label.outcome,
            score: label.score,
            target: label.outcome.value(),
            features,
        });
    }

    /// Adds a position from the board.
    pub fn push_position(&mut self, pos: &Position, label: Label) -> bool {
        self.push(features(pos), label)
    }

    /// Sets every target to `lambda * result + (1 - lambda) * expected(score)`, where
    /// `expected` is the sigmoid: the search score is a far less noisy label than one game's
    /// result, the result keeps the fit honest about what wins. Samples without a score keep
    /// their result as the target. `lambda = 1` is Texel's original method.
    pub fn blend_targets(&mut self, expected: impl Fn(f64) -> f64, lambda: f64) {
        for s in &mut self.samples {
            s.target = match s.score {
                Some(score) => lambda * s.outcome.value() + (1.0 - lambda) * expected(score),
                None => s.outcome.value(),
            };
        }
    }

    /// Splits off the last `count` samples (the file's tail: whole games, since the converter
    /// writes positions in game order) as a held-out set.
    pub fn split_tail(self, count: usize) -> (Dataset, Dataset) {
        let keep = self.samples.len().saturating_sub(count);
        let mut head = Dataset::default();
        let mut tail = Dataset::default();
        for sample in self.samples {
            let target = if head.samples.len() < keep {
                &mut head
            } else {
                &mut tail
            };
            let start = target.entries.len();
            target
                .entries
                .extend_from_slice(&self.entries[sample.start..sample.end]);
            let end = target.entries.len();
            target.samples.push(Sample {
                start,
                end,
                ..sample
            });
        }
        (head, tail)
    }

    /// Number of samples.
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether there are no samples.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }
}

/// The engine's evaluation of a sample from White's point of view, under integer parameters.
pub fn white_eval(features: &Features, params: &eval::Params) -> i32 {
    let v = features.evaluate(params);
    if features.turn == Color::White { v } else { -v }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

    #[test]
    fn a_good_line_parses() {
        let (pos, label) = parse_line(1, &format!("{START} | 0.5")).unwrap();
        assert_eq!(label, Label::result(Outcome::from_value(0.5)));
        assert_eq!(pos.turn(), Color::Black);
        let (_, label) = parse_line(2, &format!("{START} | 1.0 | -35")).unwrap();
        assert_eq!(label.score, Some(-35.0));
        let bad_score = parse_line(6, &format!("{START} | 1.0 | lots")).map(|_| ());
        assert_eq!(
            bad_score.map_err(|e| e.kind),
            Err(LineErrorKind::BadScore("lots".into()))
        );
    }

    #[test]
    fn bad_lines_name_their_fault() {
        assert_eq!(
            parse_line(3, START).map(|_| ()),
            Err(LineError {
                line: 3,
                kind: LineErrorKind::MissingSeparator
            })
        );
        let bad_result = parse_line(4, &format!("{START} | 2.0")).map(|_| ());
        assert_eq!(
            bad_result.map_err(|e| e.kind),
            Err(LineErrorKind::BadResult("2.0".into()))
        );
        let bad_fen = parse_line(5, "rnbqkbnr/ppp w - - 0 1 | 1.0").map(|_| ());
        assert!(matches!(
            bad_fen.map_err(|e| e.kind),
            Err(LineErrorKind::BadFen(_))
        ));
    }

    #[test]
    fn samples_reproduce_the_engine_eval_and_split_keeps_entries() {
        let mut data = Dataset::default();
        let fens = [
            START,
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "8/5k2/8/3P4/8/8/5K2/8 b - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let label = Label {
                outcome: Outcome::from_value(1.0),
                score: Some(100.0),
            };
            assert!(data.push_position(&pos, label));
        }
        // Lone kings: a dead draw, not kept.
        let bare = Position::from_fen("8/5k2/8/8/8/8/5K2/8 w - - 0 1").unwrap();
        assert!(!data.push_position(&bare, Label::result(Outcome::from_value(0.5))));
        for (sample, fen) in data.samples.iter().zip(fens) {
            let pos = Position::from_fen(fen).unwrap();
            let engine = eval::evaluate(&pos);
            let white = if pos.turn() == Color::White {
                engine
            } else {
                -engine
            };
            let feats = sample.features.as_ref().unwrap();
            assert_eq!(white_eval(feats, &eval::DEFAULT_PARAMS), white);
        }
        let total = data.entries.len();
        let (head, tail) = data.clone().split_tail(1);
        assert_eq!((head.len(), tail.len()), (2, 1));
        assert_eq!(head.entries.len() + tail.entries.len(), total);
        let last = &data.samples[2];
        assert_eq!(tail.entries, data.entries[last.start..last.end].to_vec());
        // Blending: a won game whose score gives an expectation of 0.6, half and half.
        data.blend_targets(|_| 0.6, 0.5);
        assert!(data.samples.iter().all(|s| (s.target - 0.8).abs() < 1e-12));
    }
}
