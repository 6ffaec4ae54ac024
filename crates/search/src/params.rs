//! The search's tunable parameters: one table, one row per parameter (name, default, range,
//! step), in the manner of Viridithas's `search/parameters.rs`.
//!
//! In a normal build every accessor of [`SearchParams`] returns its row's default, a constant
//! the compiler folds in: the table costs nothing at run time. Built with the cargo feature
//! `tune`, [`SearchParams`] holds a value per row that [`SearchParams::set`] changes, and the
//! binary lists the rows as UCI spin options, so an SPSA tuner (OpenBench's, for one) can
//! drive them; `step` is the perturbation such a tuner starts with.

use std::fmt;

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// The UCI option name.
    pub name: &'static str,
    /// The value of a normal build.
    pub default: i32,
    /// The smallest value a tuner may set.
    pub min: i32,
    /// The largest value a tuner may set.
    pub max: i32,
    /// The tuner's starting perturbation (SPSA's `c`).
    pub step: i32,
}

/// Why a parameter could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// No parameter has this name.
    Unknown(String),
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "no search parameter is named '{name}'"),
        }
    }
}

impl std::error::Error for ParamError {}

/// Declares [`PARAMS`] and an accessor per row on [`SearchParams`] from one list, so the
/// table and the code that reads it cannot drift apart.
macro_rules! search_params {
    ($($(#[doc = $doc:literal])* $field:ident: $name:literal = $default:literal,
        $min:literal..=$max:literal, step $step:literal;)+) => {
        /// Row numbers of [`PARAMS`].
        #[cfg(feature = "tune")]
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy)]
        enum Row {
            $($field,)+
        }

        /// Every search parameter, in the order the `uci` reply of a tuning build lists them.
        pub const PARAMS: &[ParamSpec] = &[
            $(ParamSpec { name: $name, default: $default, min: $min, max: $max, step: $step },)+
        ];

        impl SearchParams {
            $(
                $(#[doc = $doc])*
                #[inline(always)]
                pub fn $field(&self) -> i32 {
                    #[cfg(feature = "tune")]
                    {
                        self.values[Row::$field as usize]
                    }
                    #[cfg(not(feature = "tune"))]
                    {
                        $default
                    }
                }
            )+
        }
    };
}

search_params! {
    /// Late move reductions apply from this depth on.
    lmr_min_depth: "LmrMinDepth" = 2, 1..=8, step 1;
    /// Late move reductions: the constant term, in hundredths of a ply.
    lmr_base: "LmrBase" = 76, 0..=200, step 10;
    /// Late move reductions: ln(depth) * ln(move number) is divided by this, in hundredths.
    lmr_divisor: "LmrDivisor" = 206, 100..=500, step 15;
    /// Late move reductions: one ply less per this much history.
    lmr_history_divisor: "LmrHistoryDivisor" = 12497, 1024..=32768, step 512;
    /// Late move reductions' adjustments, in 1/1024 ply: less at PV nodes...
    lmr_pv: "LmrPv" = 882, 0..=3072, step 128;
    /// ... more when the evaluation is not improving...
    lmr_not_improving: "LmrNotImproving" = 1189, 0..=3072, step 128;
    /// ... more at expected cut nodes...
    lmr_cut_node: "LmrCutNode" = 1000, 0..=3072, step 128;
    /// ... less for a move that gives check...
    lmr_gives_check: "LmrGivesCheck" = 933, 0..=3072, step 128;
    /// ... and less for a killer or the countermove.
    lmr_expected_good: "LmrExpectedGood" = 1031, 0..=3072, step 128;
    /// Singular extensions from this depth on...
    se_min_depth: "SeMinDepth" = 6, 4..=14, step 1;
    /// ... when the hash entry is at most this much shallower than the node...
    se_tt_depth_margin: "SeTtDepthMargin" = 2, 1..=6, step 1;
    /// ... searching the other moves against the hash score minus this many centipawns per
    /// ply of depth, in eighths.
    se_margin: "SeMargin" = 9, 0..=32, step 2;
    /// The search without the hash move goes to this percentage of the node's depth less one.
    se_depth_percent: "SeDepthPercent" = 51, 25..=75, step 4;
    /// Double extension when the other moves fail this far below the singular bound...
    se_double_margin: "SeDoubleMargin" = 21, 0..=100, step 5;
    /// ... at most this many times on a line.
    se_double_max: "SeDoubleMax" = 6, 0..=16, step 1;
    /// History pruning: quiet moves of non-PV nodes up to this depth...
    hp_max_depth: "HpMaxDepth" = 3, 0..=8, step 1;
    /// ... whose history is below minus this times depth are skipped.
    hp_margin: "HpMargin" = 2948, 500..=12000, step 250;
    /// Late move pruning: quiet moves searched before the rest are skipped, 3 + depth^2
    /// (halved when not improving) with this as the 3.
    lmp_base: "LmpBase" = 3, 0..=12, step 1;
    /// Late move pruning applies up to this depth.
    lmp_max_depth: "LmpMaxDepth" = 8, 1..=16, step 1;
    /// Reverse futility pruning applies up to this depth.
    rfp_max_depth: "RfpMaxDepth" = 9, 1..=16, step 1;
    /// Reverse futility pruning: margin per ply of depth.
    rfp_margin: "RfpMargin" = 70, 20..=200, step 8;
    /// Reverse futility pruning: margin taken off when the eval is improving.
    rfp_improving: "RfpImproving" = 38, 0..=150, step 8;
    /// Null move pruning: the least depth.
    nmp_min_depth: "NmpMinDepth" = 3, 1..=8, step 1;
    /// Null move pruning: the base reduction.
    nmp_base: "NmpBase" = 4, 1..=6, step 1;
    /// Null move pruning: one ply more reduction per this many plies of depth.
    nmp_depth_divisor: "NmpDepthDivisor" = 4, 1..=8, step 1;
    /// Null move pruning: one ply more reduction per this much eval above beta...
    nmp_eval_divisor: "NmpEvalDivisor" = 192, 50..=600, step 25;
    /// ... up to this many plies.
    nmp_eval_max: "NmpEvalMax" = 3, 0..=6, step 1;
    /// Null move pruning is verified by a reduced search from this depth on.
    nmp_verify_depth: "NmpVerifyDepth" = 10, 4..=30, step 1;
    /// Internal iterative reduction: the least depth.
    iir_min_depth: "IirMinDepth" = 4, 2..=10, step 1;
    /// Futility pruning of quiet moves applies up to this depth.
    fp_max_depth: "FpMaxDepth" = 8, 1..=16, step 1;
    /// Futility pruning: the constant margin.
    fp_base: "FpBase" = 94, 0..=300, step 10;
    /// Futility pruning: margin per ply of depth.
    fp_margin: "FpMargin" = 77, 20..=200, step 8;
    /// Futility pruning of captures applies up to this depth.
    capt_fp_max_depth: "CaptFpMaxDepth" = 5, 1..=12, step 1;
    /// Futility pruning of captures: the constant margin over the captured piece.
    capt_fp_base: "CaptFpBase" = 250, 0..=600, step 20;
    /// Futility pruning of captures: margin per ply of depth.
    capt_fp_margin: "CaptFpMargin" = 180, 40..=400, step 15;
    /// Captures losing more than `SeeNoisyMargin` per ply are pruned up to this depth.
    see_max_depth: "SeePruneMaxDepth" = 6, 1..=12, step 1;
    /// The SEE loss per ply of depth a pruned capture must exceed.
    see_noisy_margin: "SeeNoisyMargin" = 93, 20..=200, step 10;
    /// A quiet move losing more than this times its reduced depth squared is pruned.
    see_quiet_margin: "SeeQuietMargin" = 30, 5..=100, step 5;
    /// Quiescence futility: when the evaluation plus this margin does not reach alpha, a
    /// capture that wins no material is skipped.
    qs_futility_margin: "QsFutilityMargin" = 150, 0..=500, step 10;
    /// Quiescence delta pruning: the margin over winning the captured piece.
    qs_delta_margin: "QsDeltaMargin" = 211, 0..=500, step 20;
    /// Aspiration windows are used from this depth on.
    asp_min_depth: "AspMinDepth" = 4, 1..=10, step 1;
    /// Aspiration windows: the first half-width.
    asp_delta: "AspDelta" = 23, 5..=100, step 5;
    /// Aspiration windows: each failed search multiplies the half-width by this, in percent.
    asp_growth: "AspGrowth" = 150, 110..=300, step 10;
    /// Aspiration windows: past this half-width the window is opened entirely.
    asp_full_width: "AspFullWidth" = 970, 200..=4000, step 100;
    /// Butterfly history: the move that caused a cutoff gains this times depth squared...
    quiet_bonus_quad: "QuietBonusQuad" = 16, 0..=64, step 2;
    /// ... plus this times depth...
    quiet_bonus_lin: "QuietBonusLin" = 33, 0..=128, step 8;
    /// ... at most this.
    quiet_bonus_max: "QuietBonusMax" = 1577, 400..=4000, step 100;
    /// Butterfly history: each move of its kind tried before it loses this times depth
    /// squared...
    quiet_malus_quad: "QuietMalusQuad" = 17, 0..=64, step 2;
    /// ... plus this times depth...
    quiet_malus_lin: "QuietMalusLin" = 35, 0..=128, step 8;
    /// ... at most this.
    quiet_malus_max: "QuietMalusMax" = 1598, 400..=4000, step 100;
    /// Continuation history: the move that caused a cutoff gains this times depth squared...
    cont_bonus_quad: "ContBonusQuad" = 16, 0..=64, step 2;
    /// ... plus this times depth...
    cont_bonus_lin: "ContBonusLin" = 32, 0..=128, step 8;
    /// ... at most this.
    cont_bonus_max: "ContBonusMax" = 1594, 400..=4000, step 100;
    /// Continuation history: each move of its kind tried before it loses this times depth
    /// squared...
    cont_malus_quad: "ContMalusQuad" = 17, 0..=64, step 2;
    /// ... plus this times depth...
    cont_malus_lin: "ContMalusLin" = 33, 0..=128, step 8;
    /// ... at most this.
    cont_malus_max: "ContMalusMax" = 1558, 400..=4000, step 100;
    /// Capture history: the move that caused a cutoff gains this times depth squared...
    capt_bonus_quad: "CaptBonusQuad" = 16, 0..=64, step 2;
    /// ... plus this times depth...
    capt_bonus_lin: "CaptBonusLin" = 31, 0..=128, step 8;
    /// ... at most this.
    capt_bonus_max: "CaptBonusMax" = 1584, 400..=4000, step 100;
    /// Capture history: each move of its kind tried before it loses this times depth
    /// squared...
    capt_malus_quad: "CaptMalusQuad" = 16, 0..=64, step 2;
    /// ... plus this times depth...
    capt_malus_lin: "CaptMalusLin" = 34, 0..=128, step 8;
    /// ... at most this.
    capt_malus_max: "CaptMalusMax" = 1597, 400..=4000, step 100;
    /// Capture history is divided by this before it joins the captured piece's value (times 8)
    /// in the move order.
    capt_hist_divisor: "CaptHistDivisor" = 34, 4..=128, step 4;
    /// Correction history: the pawn table's weight, out of 1024...
    corr_pawn_weight: "CorrPawnWeight" = 965, 0..=2048, step 64;
    /// ... and each side's non-pawn table's.
    corr_non_pawn_weight: "CorrNonPawnWeight" = 539, 0..=2048, step 64;
    /// Correction history: a search of depth d moves an entry by min(d + 1, this) / 256 of
    /// its error.
    corr_max_weight: "CorrMaxWeight" = 16, 4..=64, step 2;
}

/// Compile-time check of the table: defaults in range, positive steps.
const _: () = {
    let mut i = 0;
    while i < PARAMS.len() {
        let p = PARAMS[i];
        assert!(
            p.min <= p.default && p.default <= p.max,
            "default out of range"
        );
        assert!(p.step > 0, "step must be positive");
        i += 1;
    }
};

/// The values the search uses: each row's default, or in a `tune` build, what was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    #[cfg(feature = "tune")]
    values: [i32; PARAMS.len()],
}

impl SearchParams {
    /// Every parameter at its row's default.
    pub const DEFAULT: SearchParams = SearchParams {
        #[cfg(feature = "tune")]
        values: {
            let mut values = [0; PARAMS.len()];
            let mut i = 0;
            while i < PARAMS.len() {
                values[i] = PARAMS[i].default;
                i += 1;
            }
            values
        },
    };
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams::DEFAULT
    }
}

/// The row named `name` (case-insensitive, as UCI option names are).
pub fn find_param(name: &str) -> Option<&'static ParamSpec> {
    PARAMS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

#[cfg(feature = "tune")]
impl SearchParams {
    /// Sets the parameter `name` to `value` clamped to its range; returns the value taken.
    pub fn set(&mut self, name: &str, value: i64) -> Result<i32, ParamError> {
        let row = PARAMS
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        let spec = PARAMS[row];
        let taken = value.clamp(i64::from(spec.min), i64::from(spec.max)) as i32;
        self.values[row] = taken;
        Ok(taken)
    }
}

/// Late move reductions by depth and move number, in whole plies: `LmrBase` / 100 +
/// ln(depth) * ln(moves) / (`LmrDivisor` / 100), rounded down.
#[derive(Clone, Debug)]
pub(crate) struct LmrTable(Box<[[u8; 64]; 64]>);

impl LmrTable {
    /// The table for `params`.
    pub fn new(params: &SearchParams) -> LmrTable {
        let base = f64::from(params.lmr_base()) / 100.0;
        let divisor = f64::from(params.lmr_divisor()) / 100.0;
        let mut table = Box::new([[0u8; 64]; 64]);
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as u8;
            }
        }
        LmrTable(table)
    }

    /// The reduction of the `moves`-th move at `depth`.
    #[inline]
    pub fn get(&self, depth: i32, moves: usize) -> i32 {
        i32::from(self.0[(depth as usize).min(63)][moves.min(63)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found_in_any_case() {
        for (i, p) in PARAMS.iter().enumerate() {
            assert!(
                PARAMS[..i]
                    .iter()
                    .all(|q| !q.name.eq_ignore_ascii_case(p.name))
            );
            assert_eq!(find_param(&p.name.to_ascii_lowercase()), Some(p));
        }
        assert_eq!(find_param("NoSuchParameter"), None);
    }

    #[test]
    fn accessors_read_their_rows() {
        let params = SearchParams::default();
        let row = |name| find_param(name).expect("row").default;
        assert_eq!(params.rfp_margin(), row("RfpMargin"));
        assert_eq!(params.quiet_bonus_max(), row("QuietBonusMax"));
        assert_eq!(params.lmr_cut_node(), row("LmrCutNode"));
        assert_eq!(params.asp_delta(), row("AspDelta"));
    }

    #[test]
    fn the_lmr_table_grows_with_depth_and_move_number() {
        let table = LmrTable::new(&SearchParams::default());
        // ln(1) = 0: the constant term alone, 0.76 ply by default, rounded down.
        assert_eq!(table.get(1, 1), 0);
        // 0.76 + ln(20) * ln(30) / 2.06 = 5.71 plies with the defaults.
        assert_eq!(table.get(20, 30), 5);
        assert!(table.get(20, 30) > table.get(5, 30));
        assert!(table.get(20, 30) > table.get(20, 5));
        assert_eq!(
            table.get(200, 200),
            table.get(63, 63),
            "indices are clamped"
        );
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_tuning_build_sets_and_clamps() {
        let mut params = SearchParams::default();
        assert_eq!(params.set("rfpmargin", 100), Ok(100));
        assert_eq!(params.rfp_margin(), 100);
        let max = find_param("RfpMargin").expect("row").max;
        assert_eq!(params.set("RfpMargin", 1_000_000), Ok(max));
        assert!(matches!(params.set("Nope", 1), Err(ParamError::Unknown(_))));
    }
}
