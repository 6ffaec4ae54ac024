//! A tiny training run per architecture, from a generated data file to a network file: the
//! engine loads the file as the architecture the trainer was given, and its integer
//! evaluation is the trainer's float model's within quantisation error (with king buckets,
//! the model's factoriser as trained against the file's folded buckets).

use std::io::{BufReader, Write};
use std::path::PathBuf;

use movegen::{Color, Position, Role};
use nnue::{Architecture, Backend, KingLayout, Mirroring, Network, Nnue, OutputBuckets};
use rng::Rng;
use trainer::checkpoint::Checkpoint;
use trainer::data::Dataset;
use trainer::data::text::TextReader;
use trainer::model::Model;
use trainer::optim::AdamW;
use trainer::train::{Config, train};

/// A folder of this test's own under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tsubame-arch-{name}-{}", std::process::id()))
}

/// Material from White's view, in centipawns: a label the network can learn something of.
fn material(pos: &Position) -> i32 {
    let worth = [100, 300, 300, 500, 900, 0];
    let side = |color| {
        Role::ALL
            .into_iter()
            .map(|role| worth[role.index()] * pos.pieces(color, role).count() as i32)
            .sum::<i32>()
    };
    side(Color::White) - side(Color::Black)
}

/// `FEN | score | result` lines of random games from the start: a few hundred positions,
/// kings on both halves of the board among them.
fn data_file(path: &PathBuf) {
    let mut rng = Rng::new(17);
    let mut out = std::fs::File::create(path).expect("data file");
    for game in 0..12 {
        let mut pos = Position::startpos();
        let result = ["1.0", "0.5", "0.0"][game % 3];
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(*rng.pick(&moves));
            let score = material(&pos) + rng.range(0, 40) as i32 - 20;
            writeln!(out, "{} | {score} | {result}", pos.fen()).expect("write");
        }
    }
}

/// Positions along other random games to compare the evaluations on.
fn probe_positions() -> Vec<Position> {
    let mut rng = Rng::new(29);
    let mut out = Vec::new();
    for _ in 0..6 {
        let mut pos = Position::startpos();
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(*rng.pick(&moves));
            out.push(pos.clone());
        }
    }
    out
}

fn architecture(hidden: usize, mirroring: Mirroring) -> Architecture {
    let buckets = OutputBuckets::new(8).expect("in range");
    let mut arch = Architecture::plain(hidden, buckets);
    arch.mirroring = mirroring;
    arch
}

/// A mirrored architecture of width 256 with the king buckets of `layout`.
fn bucketed(layout: &KingLayout) -> Architecture {
    Architecture {
        king_buckets: layout.header(),
        ..architecture(256, Mirroring::Horizontal)
    }
}

#[test]
fn a_trained_network_loads_as_its_architecture_and_evaluates_as_the_float_model() {
    let dir = scratch("train");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let path = dir.join("data.txt");
    data_file(&path);
    let mut data = Dataset::default();
    let input = BufReader::new(std::fs::File::open(&path).expect("data file"));
    data.extend(TextReader::new(input), "positions.txt", 100, 3, usize::MAX)
        .expect("the generated lines read");
    assert!(data.train.len() > 300, "{} samples", data.train.len());
    let probes = probe_positions();
    let kings_west = probes
        .iter()
        .filter(|p| p.king(Color::White).file().index() < 4)
        .count();
    assert!(
        kings_west > 10,
        "too few probes turn White's view: {kings_west}"
    );

    for arch in [
        architecture(256, Mirroring::None),
        architecture(256, Mirroring::Horizontal),
        architecture(512, Mirroring::Horizontal),
        bucketed(&KingLayout::TWO),
        bucketed(&KingLayout::FOUR),
    ] {
        let model = Model::init(5, arch);
        let mut state = Checkpoint {
            optimiser: AdamW::new(model.params.len(), 0.01),
            model,
            epochs_done: 0,
        };
        let config = Config {
            epochs: 3,
            batch: 32,
            lr: 0.01,
            final_lr_ratio: 0.1,
            lambda: 0.0,
            validation_lambda: 0.0,
            mirror_flip: false,
            threads: 2,
            seed: 7,
            out_dir: dir.join(format!(
                "{}-{}-{}",
                arch.hidden,
                arch.mirroring.name(),
                arch.king_buckets.count()
            )),
        };
        train(&mut state, &data, &config, |_| true).expect("training");
        let bytes = std::fs::read(config.out_dir.join("epoch-3.nnue")).expect("network file");
        let net = Network::from_bytes(&bytes).expect("the engine loads it");
        assert_eq!(net.architecture(), arch);

        // With king buckets the model as trained has a factoriser of its own, which the
        // comparisons below see folded into the file.
        if let Some(at) = state.model.factoriser() {
            let shared = &state.model.params[at..];
            assert!(shared.iter().any(|&w| w != 0.0), "{arch}: no factoriser");
        }
        // The float model rounded to the file's integers: what the file holds exactly.
        let mut rounded = state.model.clone();
        rounded.dequantise_in_place();
        let engine = Nnue::with_backend(&net, Backend::SCALAR);
        let fast = Nnue::new(&net);
        let (mut worst_rounded, mut worst_float, mut spread) = (0.0f32, 0.0f32, 0.0f32);
        for pos in &probes {
            let int = engine.evaluate_position(pos);
            assert_eq!(fast.evaluate_position(pos), int, "{}", pos.fen());
            let int = int as f32;
            worst_rounded = worst_rounded.max((rounded.evaluate(pos) - int).abs());
            worst_float = worst_float.max((state.model.evaluate(pos) - int).abs());
            spread = spread.max(int.abs());
        }
        eprintln!("{arch}: worst {worst_rounded} rounded, {worst_float} float, spread {spread}");
        // The model rounded to the file's values: two truncating divisions in the integer
        // path and f32 rounding in the float one are all that is left.
        assert!(
            worst_rounded <= 2.0,
            "{arch}: {worst_rounded} cp from the rounded model"
        );
        // The model as trained: its weights rounded to 1/255 (feature layer) and 1/64 (output
        // layer) move the evaluation by a few percent of its range, no more.
        assert!(
            worst_float <= 0.1 * spread,
            "{arch}: {worst_float} cp from the float model, evaluations up to {spread}"
        );
        assert!(
            spread > 50.0,
            "{arch}: the network learnt too little to test: {spread}"
        );
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// Under input mirroring a board and its file-mirrored twin are the same inputs: the float
/// model and the engine give them the same evaluation.
#[test]
fn under_mirroring_a_board_and_its_mirrored_twin_evaluate_the_same() {
    let arch = architecture(256, Mirroring::Horizontal);
    let mut model = Model::init(11, arch);
    // Feature biases off zero, so that the activations are not all clipped at zero.
    let layout = model.layout();
    for (i, b) in model.params[layout.ft_bias..layout.out_weights]
        .iter_mut()
        .enumerate()
    {
        *b = (i % 5) as f32 * 0.15;
    }
    model.dequantise_in_place();
    let net = Network::from_bytes(&model.quantise().encode()).expect("loads");
    let engine = Nnue::new(&net);
    for (fen, twin) in [
        (
            "8/5pk1/6p1/8/8/6P1/5PK1/3R4 w - - 0 40",
            "8/1kp5/1p6/8/8/1P6/1KP5/4R3 w - - 0 40",
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/5p2/4p3/r5PK/k1p3R1/8/1P1P4/8 w - - 0 1",
        ),
    ] {
        let (a, b) = (
            Position::from_fen(fen).expect("FEN"),
            Position::from_fen(twin).expect("FEN"),
        );
        // Equal up to f32 rounding: the same inputs summed in another order.
        let (fa, fb) = (model.evaluate(&a), model.evaluate(&b));
        assert!((fa - fb).abs() < 1e-3, "{fen}: {fa} against {fb}");
        assert_eq!(
            engine.evaluate_position(&a),
            engine.evaluate_position(&b),
            "{fen}"
        );
    }
    // Without mirroring the twins differ: the test can tell.
    let plain = Model::init(11, architecture(256, Mirroring::None));
    let a = Position::from_fen("8/5pk1/6p1/8/8/6P1/5PK1/3R4 w - - 0 40").expect("FEN");
    let b = Position::from_fen("8/1kp5/1p6/8/8/1P6/1KP5/4R3 w - - 0 40").expect("FEN");
    assert_ne!(plain.evaluate(&a), plain.evaluate(&b));
}
