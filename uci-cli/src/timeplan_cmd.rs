//! `timeplan`: the time manager's plan for given clocks, one line in, one line out, so scripts
//! can set what the engine spent (a PGN's move times) against what it planned.
//!
//! Input lines: `CLOCK_MS INCREMENT_MS MOVES_TO_GO GAME_PLY` (moves to go 0: none), with the
//! default time options. Output lines: `OPTIMUM_MS MAXIMUM_MS`, or an error line for a line
//! that does not parse.

use std::io::{BufRead, Write};

use timeman::{Clock, Limits, Millis, TimeManager, TimeOptions};

/// The plan for one input line, or why the line was refused.
pub fn plan_line(line: &str) -> Result<(u128, u128), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [clock, increment, moves_to_go, ply] = fields[..] else {
        return Err(format!(
            "expected CLOCK_MS INCREMENT_MS MOVES_TO_GO GAME_PLY: '{line}'"
        ));
    };
    let number = |text: &str| -> Result<i64, String> {
        text.parse()
            .map_err(|_| format!("'{text}' is not a number"))
    };
    let count = |text: &str| -> Result<u32, String> {
        text.parse().map_err(|_| format!("'{text}' is not a count"))
    };
    let limits = Limits {
        clock: Some(Clock::new(
            Millis(number(clock)?),
            Millis(number(increment)?),
            count(moves_to_go)?,
        )),
        ..Limits::default()
    };
    let budget = TimeManager::new(&limits, &TimeOptions::default(), count(ply)?)
        .budget()
        .ok_or("a clock always has a budget")?;
    Ok((budget.optimum.as_millis(), budget.maximum.as_millis()))
}

/// Plans every line of `input` onto `output`.
///
/// # Errors
/// When reading or writing fails.
pub fn run(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        match plan_line(&line?) {
            Ok((optimum, maximum)) => writeln!(output, "{optimum} {maximum}")?,
            Err(e) => writeln!(output, "error: {e}")?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_as_the_time_manager_does() {
        let limits = Limits {
            clock: Some(Clock::new(Millis(20_000), Millis::ZERO, 40)),
            ..Limits::default()
        };
        let budget = TimeManager::new(&limits, &TimeOptions::default(), 10)
            .budget()
            .expect("budget");
        assert_eq!(
            plan_line("20000 0 40 10"),
            Ok((budget.optimum.as_millis(), budget.maximum.as_millis()))
        );
        let mut out = Vec::new();
        run("20000 0 40 10\n1 2\n".as_bytes(), &mut out).expect("in memory");
        let text = String::from_utf8(out).expect("text");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[1].starts_with("error: "), "{text}");
        assert!(plan_line("20000 0 -1 10").is_err());
    }
}
