//! Tests of the option table, the `uci` reply and `setoption` handling.

use super::store::{find, parse_value};
use super::*;

fn set(options: &mut Options, name: &str, value: Option<&str>) -> Result<SetOutcome, OptionError> {
    options.set(name, value)
}

/// `SMP Mode` offers the search's parallel modes by their own names, the default first.
#[test]
fn smp_mode_choices_are_the_parallel_modes() {
    let OptionKind::Combo { default, vars } = OptionId::SmpMode.spec().kind else {
        panic!("SMP Mode is a combo");
    };
    let names: Vec<&str> = search::ParallelMode::ALL.iter().map(|m| m.name()).collect();
    assert_eq!(vars, names);
    assert_eq!(default, search::ParallelMode::default().name());
}

#[test]
fn uci_reply_lines() {
    let lines: Vec<String> = uci_option_lines().collect();
    assert_eq!(lines.len(), OPTIONS.len());
    let expected = [
        "option name Debug Log File type string default <empty>",
        "option name Hash type spin default 16 min 1 max 33554432",
        "option name Threads type spin default 1 min 1 max 256",
        "option name SMP Mode type combo default Split Points var Split Points var Lazy SMP var Sequential",
        "option name Clear Hash type button",
        "option name Large Pages type check default true",
        "option name Ponder type check default false",
        "option name MultiPV type spin default 1 min 1 max 500",
        "option name UCI_Chess960 type check default false",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1320 min 1320 max 3190",
        "option name Human Pace type check default true",
        "option name UCI_ShowWDL type check default false",
        "option name UCI_AnalyseMode type check default false",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name Time Model type combo default Marginal var Marginal var Classic",
        "option name Emergency Move Horizon type spin default 40 min 0 max 50",
        "option name Emergency Base Time type spin default 60 min 0 max 30000",
        "option name Emergency Move Time type spin default 30 min 0 max 5000",
        "option name Minimum Thinking Time type spin default 20 min 0 max 5000",
        "option name Slow Mover type spin default 70 min 10 max 1000",
        "option name TM Single Move type check default true",
        "option name TM Mated Alternatives type check default true",
        "option name TM Stop Threshold type spin default 300 min 10 max 2000",
        "option name TM Spend Target type spin default 0 min 0 max 400",
        "option name nodestime type spin default 0 min 0 max 10000",
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        "option name Syzygy50MoveRule type check default true",
        "option name UseNNUE type check default true",
        "option name EvalFile type string default <default>",
    ];
    assert_eq!(lines, expected);
}

#[test]
fn string_options_show_empty_default_as_placeholder() {
    let empty = OptionSpec {
        id: OptionId::Hash,
        name: "Book File",
        kind: OptionKind::String { default: "" },
    };
    assert_eq!(
        empty.to_string(),
        "option name Book File type string default <empty>"
    );
    let set = OptionSpec {
        id: OptionId::Hash,
        name: "Log",
        kind: OptionKind::String { default: "a b" },
    };
    assert_eq!(set.to_string(), "option name Log type string default a b");
}

#[test]
fn table_rows_are_consistent() {
    for (row, spec) in OPTIONS.iter().enumerate() {
        assert_eq!(spec.id as usize, row, "{}", spec.name);
        assert_eq!(spec.id.spec(), spec);
        // A name must survive `setoption`'s tokenizing: no `value` word, no doubled spaces.
        assert!(
            !spec
                .name
                .split(' ')
                .any(|word| word == "value" || word.is_empty()),
            "{}",
            spec.name
        );
        assert_eq!(spec.name, spec.name.trim());
        assert!(spec.name.is_ascii());
        // Case-insensitive matching needs names that differ in more than case.
        let clashes = OPTIONS
            .iter()
            .filter(|other| other.name.eq_ignore_ascii_case(spec.name));
        assert_eq!(clashes.count(), 1, "{}", spec.name);
        if let OptionKind::Spin { default, min, max } = spec.kind {
            assert!(min <= default && default <= max, "{}", spec.name);
        }
    }
}

#[test]
fn defaults_through_the_typed_getters() {
    let options = Options::new();
    assert_eq!(options, Options::default());
    assert_eq!(options.spin(OptionId::Hash), 16);
    assert_eq!(options.spin(OptionId::Threads), 1);
    assert_eq!(options.spin(OptionId::MoveOverhead), 30);
    assert_eq!(options.spin(OptionId::SlowMover), 70);
    assert!(!options.check(OptionId::Ponder));
    assert!(!options.check(OptionId::Chess960));
    assert_eq!(options.text(OptionId::TimeModel), "Marginal");
    assert_eq!(options.get(OptionId::ClearHash), &OptionValue::Button);
    // Getters of the wrong kind fall back instead of panicking.
    assert_eq!(options.text(OptionId::Hash), "");
    assert!(!options.check(OptionId::Hash));
    assert_eq!(options.spin(OptionId::Ponder), 0);
}

#[test]
fn names_are_case_and_whitespace_insensitive() {
    let mut options = Options::new();
    assert_eq!(
        set(&mut options, "hash", Some("64")),
        Ok(SetOutcome::Set(OptionId::Hash))
    );
    assert_eq!(options.spin(OptionId::Hash), 64);
    assert_eq!(
        set(&mut options, "HASH", Some("32")),
        Ok(SetOutcome::Set(OptionId::Hash))
    );
    assert_eq!(options.spin(OptionId::Hash), 32);
    assert!(set(&mut options, "  move \t OVERHEAD ", Some("100")).is_ok());
    assert_eq!(options.spin(OptionId::MoveOverhead), 100);
    assert_eq!(
        find("uci_chess960").map(|spec| spec.id),
        Ok(OptionId::Chess960)
    );
}

#[test]
fn check_values() {
    let mut options = Options::new();
    for (text, expected) in [
        ("true", true),
        ("FALSE", false),
        ("True", true),
        (" false ", false),
    ] {
        assert_eq!(
            set(&mut options, "Ponder", Some(text)),
            Ok(SetOutcome::Set(OptionId::Ponder))
        );
        assert_eq!(options.check(OptionId::Ponder), expected, "{text}");
    }
    let before = options.clone();
    for text in ["yes", "1", "on", "", "truefalse", "ｔｒｕｅ"] {
        let error = set(&mut options, "Ponder", Some(text));
        assert_eq!(
            error,
            Err(OptionError::InvalidValue {
                option: OptionId::Ponder.spec(),
                value: text.into()
            }),
            "{text}"
        );
    }
    assert_eq!(
        set(&mut options, "Ponder", None),
        Err(OptionError::MissingValue {
            option: OptionId::Ponder.spec()
        })
    );
    assert_eq!(options, before);
    assert_eq!(
        set(&mut options, "Ponder", Some("yes")).map_err(|e| e.to_string()),
        Err("invalid value `yes` for option `Ponder`: expected true or false".to_owned())
    );
}

#[test]
fn spin_values_in_range_and_clamped() {
    let mut options = Options::new();
    assert_eq!(
        set(&mut options, "Hash", Some("65536")),
        Ok(SetOutcome::Set(OptionId::Hash))
    );
    assert_eq!(
        set(&mut options, "Hash", Some("+1")),
        Ok(SetOutcome::Set(OptionId::Hash))
    );
    let cases = [
        ("0", 0, 1),
        ("-5", -5, 1),
        ("40000000", 40_000_000, 33_554_432),
    ];
    for (text, requested, applied) in cases {
        let outcome = set(&mut options, "Hash", Some(text));
        assert_eq!(
            outcome,
            Ok(SetOutcome::Clamped {
                id: OptionId::Hash,
                requested,
                applied
            }),
            "{text}"
        );
        assert_eq!(options.spin(OptionId::Hash), applied);
    }
    let huge = set(&mut options, "Threads", Some("99999999999999999999999"));
    assert_eq!(
        huge,
        Ok(SetOutcome::Clamped {
            id: OptionId::Threads,
            requested: i64::MAX,
            applied: 256
        })
    );
    let tiny = set(&mut options, "Threads", Some("-99999999999999999999999"));
    assert_eq!(
        tiny,
        Ok(SetOutcome::Clamped {
            id: OptionId::Threads,
            requested: i64::MIN,
            applied: 1
        })
    );
    let notice = set(&mut options, "Move Overhead", Some("9000")).map(SetOutcome::notice);
    assert_eq!(
        notice,
        Ok(Some(
            "Move Overhead 9000 is out of range, set to 5000".to_owned()
        ))
    );
    assert_eq!(SetOutcome::Set(OptionId::Hash).notice(), None);
}

#[test]
fn spin_rejects_what_is_not_an_integer() {
    let mut options = Options::new();
    set(&mut options, "Hash", Some("128")).ok();
    let before = options.clone();
    for text in ["abc", "12.5", "1e3", "", "0x10", "128MB", "--1", "一二八"] {
        assert!(
            matches!(
                set(&mut options, "Hash", Some(text)),
                Err(OptionError::InvalidValue { .. })
            ),
            "{text}"
        );
    }
    assert_eq!(
        set(&mut options, "Hash", None),
        Err(OptionError::MissingValue {
            option: OptionId::Hash.spec()
        })
    );
    assert_eq!(options, before);
    assert_eq!(options.spin(OptionId::Hash), 128);
    let message = set(&mut options, "Hash", Some("lots")).map_err(|e| e.to_string());
    assert_eq!(
        message,
        Err(
            "invalid value `lots` for option `Hash`: expected an integer from 1 to 33554432".into()
        )
    );
}

#[test]
fn combo_values_match_any_case_and_store_the_table_spelling() {
    let mut options = Options::new();
    assert_eq!(
        set(&mut options, "time model", Some("classic")),
        Ok(SetOutcome::Set(OptionId::TimeModel))
    );
    assert_eq!(options.text(OptionId::TimeModel), "Classic");
    let error = set(&mut options, "Time Model", Some("Fast"));
    assert_eq!(
        error,
        Err(OptionError::InvalidValue {
            option: OptionId::TimeModel.spec(),
            value: "Fast".into()
        })
    );
    assert_eq!(
        error.map_err(|e| e.to_string()),
        Err(
            "invalid value `Fast` for option `Time Model`: expected one of Marginal, Classic"
                .into()
        )
    );
    assert!(matches!(
        set(&mut options, "Time Model", None),
        Err(OptionError::MissingValue { .. })
    ));
    assert_eq!(options.text(OptionId::TimeModel), "Classic");
}

#[test]
fn buttons_are_pressed_with_or_without_a_value() {
    let mut options = Options::new();
    assert_eq!(
        set(&mut options, "Clear Hash", None),
        Ok(SetOutcome::Pressed(OptionId::ClearHash))
    );
    assert_eq!(
        set(&mut options, "clear hash", Some("x")),
        Ok(SetOutcome::Pressed(OptionId::ClearHash))
    );
    assert_eq!(
        SetOutcome::Pressed(OptionId::ClearHash).id(),
        OptionId::ClearHash
    );
}

#[test]
fn string_values_are_verbatim_and_placeholder_means_empty() {
    static SPEC: OptionSpec = OptionSpec {
        id: OptionId::Hash,
        name: "Path",
        kind: OptionKind::String { default: "" },
    };
    let value = |text| parse_value(&SPEC, text).map(|(value, _)| value);
    assert_eq!(
        value(Some("C:\\My  Tables")),
        Ok(OptionValue::String("C:\\My  Tables".into()))
    );
    assert_eq!(
        value(Some("ブック")),
        Ok(OptionValue::String("ブック".into()))
    );
    assert_eq!(
        value(Some("<empty>")),
        Ok(OptionValue::String(String::new()))
    );
    assert_eq!(value(None), Ok(OptionValue::String(String::new())));
}

#[test]
fn unknown_names_suggest_the_nearest() {
    let mut options = Options::new();
    let error = set(&mut options, "Hsh", Some("1"));
    assert_eq!(
        error,
        Err(OptionError::Unknown {
            name: "Hsh".into(),
            suggestion: Some("Hash")
        })
    );
    assert_eq!(
        error.map_err(|e| e.to_string()),
        Err("unknown option `Hsh`; did you mean `Hash`?".into())
    );
    let near = set(&mut options, "Minimum Thinking Tim", Some("1"));
    assert!(matches!(
        near,
        Err(OptionError::Unknown {
            suggestion: Some("Minimum Thinking Time"),
            ..
        })
    ));
    let non_ascii = set(&mut options, "Häsh", Some("1"));
    assert!(matches!(
        non_ascii,
        Err(OptionError::Unknown {
            suggestion: Some("Hash"),
            ..
        })
    ));
    let far = set(&mut options, "Contempt", Some("24"));
    assert_eq!(
        far.map_err(|e| e.to_string()),
        Err("unknown option `Contempt`".into())
    );
    let long = set(&mut options, &"Hash".repeat(100_000), Some("1"));
    match long {
        Err(OptionError::Unknown {
            name,
            suggestion: None,
        }) => assert!(name.len() < 50),
        other => panic!("{other:?}"),
    }
    assert_eq!(options, Options::new());
}

#[test]
fn strength_follows_skill_level_unless_limit_strength_is_on() {
    let mut options = Options::new();
    assert!(options.strength().is_full());
    options.set("Skill Level", Some("5")).unwrap();
    assert_eq!(options.strength(), search::Strength::from_skill_level(5));
    // UCI_Elo is ignored until UCI_LimitStrength is on, and then overrides Skill Level.
    options.set("UCI_Elo", Some("2260")).unwrap();
    assert_eq!(options.strength(), search::Strength::from_skill_level(5));
    options.set("UCI_LimitStrength", Some("true")).unwrap();
    assert_eq!(options.strength(), search::Strength::from_elo(2260));
    assert!(!options.strength().is_full());
    options.set("UCI_Elo", Some("9999")).unwrap();
    assert!(
        !options.strength().is_full(),
        "the top rating is still a limited level"
    );
}
