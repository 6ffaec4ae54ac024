//! The search parameters as a tuner sees them: OpenBench's SPSA input lines (every build), and
//! in a `tune` build, the UCI spin options that set them.

use search::{PARAMS, ParamSpec};

/// One parameter as a line of OpenBench's SPSA input: `name, int, default, min, max, c, r`
/// (`c` the starting perturbation, `r` the learning rate at the end of the run).
pub fn spsa_line(p: &ParamSpec) -> String {
    format!(
        "{}, int, {}, {}, {}, {}, 0.002",
        p.name, p.default, p.min, p.max, p.step
    )
}

/// The SPSA input lines of every parameter.
pub fn spsa_lines() -> impl Iterator<Item = String> {
    PARAMS.iter().map(spsa_line)
}

/// The `option name ... type spin` lines of the `uci` reply of a tuning build.
#[cfg(feature = "tune")]
pub fn uci_option_lines() -> impl Iterator<Item = String> {
    PARAMS.iter().map(|p| {
        format!(
            "option name {} type spin default {} min {} max {}",
            p.name, p.default, p.min, p.max
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spsa_lines_carry_every_field() {
        let line = spsa_line(&PARAMS[0]);
        let fields: Vec<&str> = line.split(", ").collect();
        assert_eq!(fields.len(), 7, "{line}");
        assert_eq!(fields[0], PARAMS[0].name);
        assert_eq!(fields[2].parse::<i32>(), Ok(PARAMS[0].default));
        assert_eq!(spsa_lines().count(), PARAMS.len());
    }
}
