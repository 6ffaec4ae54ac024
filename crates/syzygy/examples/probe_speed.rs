//! Time per WDL probe on the committed test positions (`testdata/syzygy-expected.txt`) with
//! the committed tables, warm: `cargo run --release -p syzygy --example probe_speed`.

use std::path::Path;
use std::time::Instant;

use movegen::Position;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tables = root.join("testdata/syzygy");
    let (tb, report) = syzygy::load(&tables.to_string_lossy());
    let Some(tb) = tb else {
        eprintln!("tables not loaded: {:?}", report.messages());
        std::process::exit(1);
    };
    let text = match std::fs::read_to_string(root.join("testdata/syzygy-expected.txt")) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read the positions: {e}");
            std::process::exit(1);
        }
    };
    let positions: Vec<Position> = text
        .lines()
        .filter_map(|line| Position::from_fen(line.split(';').next()?).ok())
        .collect();
    // Read the files (the engine does it in the background), once through to map the
    // tables, then three timed passes of 20 rounds.
    tb.read_all_now();
    let mapped = positions
        .iter()
        .filter(|p| tb.probe_wdl(p).is_some())
        .count();
    println!("{mapped} of {} positions answered", positions.len());
    for _ in 0..3 {
        let start = Instant::now();
        let mut answered = 0u64;
        for _ in 0..20 {
            answered += positions
                .iter()
                .filter(|p| tb.probe_wdl(p).is_some())
                .count() as u64;
        }
        let elapsed = start.elapsed();
        let per_probe = elapsed.as_secs_f64() * 1e6 / answered.max(1) as f64;
        println!("{answered} probes in {elapsed:?}: {per_probe:.2} us per probe");
    }
}
