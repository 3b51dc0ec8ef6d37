//! Every reason a scenario cannot run has words, whatever its numbers: each `ScenarioProblem`
//! variant, built from extreme numbers (0, 1, the largest `usize`, `u64` and `i64`…) and odd
//! texts, is said in a non-empty sentence without a panic (no arithmetic on the numbers that
//! can overflow). A new variant does not compile here until it is listed.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::{Counted, ScenarioError, ScenarioProblem};
use fencing_lab::words::members::{member_name, row_name};
use fencing_lab::words::scenario_error;
use proptest::prelude::*;

/// Numbers of each kind a variant may carry.
#[derive(Clone, Debug)]
struct Numbers {
    big: u64,
    other: u64,
    index: usize,
    count: usize,
    signed: i64,
    text: String,
}

/// Each variant's place in [`every_problem`]'s list. No wildcard: a new variant does not
/// compile until it has a place here (and then [`VARIANTS`] and the list must grow too).
fn place(problem: &ScenarioProblem) -> usize {
    use ScenarioProblem::*;
    match problem {
        BelowOneMs { .. } => 0,
        BelowOne => 1,
        OverADay { .. } => 2,
        AfterTheEnd { .. } => 3,
        AllowanceNotShorterThanLease => 4,
        UnorderedTokens => 5,
        NoTokenWithoutLock => 6,
        OutOfRange { .. } => 7,
        FirstTokenOutOfRange { .. } => 8,
        TooMuchStock => 9,
        TooManyInvoices { .. } => 10,
        RepeatedInvoice => 11,
        AppCount { .. } => 12,
        EmptyName => 13,
        DuplicateName { .. } => 14,
        DriftOutOfRange { .. } => 15,
        OffsetOverADay => 16,
        TooManySteps { .. } => 17,
        NoSuchApp { .. } => 18,
        CountedFromOne { .. } => 19,
        EndsBeforeStart => 20,
        LastsOverADay { .. } => 21,
        MemberCount { .. } => 22,
        NoSuchMember { .. } => 23,
        NoMembers => 24,
        GroupGrantsLeasesOnly => 25,
        Between { .. } => 26,
    }
}

/// How many variants [`place`] knows.
const VARIANTS: usize = 27;

/// Every variant, with `n`'s numbers wherever it carries some.
fn every_problem(n: &Numbers) -> Vec<ScenarioProblem> {
    use ScenarioProblem::*;
    let (big, other, index, count) = (n.big, n.other, n.index, n.count);
    vec![
        BelowOneMs { or_none: false },
        BelowOneMs { or_none: true },
        BelowOne,
        OverADay {
            value_ms: big,
            max_ms: other,
        },
        AfterTheEnd {
            at_ms: big,
            horizon_ms: other,
        },
        AllowanceNotShorterThanLease,
        UnorderedTokens,
        NoTokenWithoutLock,
        OutOfRange { max: big },
        FirstTokenOutOfRange { max: big },
        TooMuchStock,
        TooManyInvoices { max: count },
        RepeatedInvoice,
        AppCount { max: index, count },
        EmptyName,
        DuplicateName {
            name: n.text.clone(),
        },
        DriftOutOfRange { max_ppm: n.signed },
        OffsetOverADay,
        TooManySteps { max: count },
        NoSuchApp { app: index, count },
        CountedFromOne {
            what: Counted::Messages,
        },
        CountedFromOne {
            what: Counted::Writes,
        },
        EndsBeforeStart,
        LastsOverADay {
            length_ms: big,
            max_ms: other,
        },
        MemberCount { count },
        NoSuchMember {
            member: index,
            count,
        },
        NoMembers,
        GroupGrantsLeasesOnly,
        Between {
            min: big,
            max: other,
        },
    ]
}

/// Says every variant built from `n`, checking each sentence says something.
fn say_all(n: &Numbers) {
    for problem in every_problem(n) {
        let error = ScenarioError {
            field: n.text.clone(),
            problem,
        };
        let said = scenario_error(&error);
        let sentence = said.strip_prefix(&format!("{}: ", n.text));
        assert!(
            sentence.is_some_and(|s| !s.trim().is_empty()),
            "{error:?} said {said:?}"
        );
    }
}

const U64S: [u64; 6] = [0, 1, 2, u32::MAX as u64, u64::MAX - 1, u64::MAX];
const USIZES: [usize; 6] = [0, 1, 2, 5, usize::MAX - 1, usize::MAX];
const I64S: [i64; 5] = [i64::MIN, -1, 0, 1, i64::MAX];

#[test]
fn every_variant_is_listed() {
    let numbers = Numbers {
        big: 0,
        other: 0,
        index: 0,
        count: 0,
        signed: 0,
        text: String::new(),
    };
    let mut seen = [false; VARIANTS];
    for problem in every_problem(&numbers) {
        let at = place(&problem);
        assert!(at < VARIANTS, "{problem:?}: VARIANTS must grow");
        seen[at] = true;
    }
    let missing: Vec<usize> = (0..VARIANTS).filter(|&i| !seen[i]).collect();
    assert!(missing.is_empty(), "not listed: places {missing:?}");
}

#[test]
fn every_problem_is_said_whatever_its_extreme_numbers() {
    for (i, &big) in U64S.iter().enumerate() {
        for &other in &U64S {
            for &index in &USIZES {
                for &count in &USIZES {
                    let signed = I64S[i % I64S.len()];
                    let text = ["", "faults[0].member", "🦀\u{202e}"][i % 3].to_string();
                    say_all(&Numbers {
                        big,
                        other,
                        index,
                        count,
                        signed,
                        text,
                    });
                }
            }
        }
    }
}

#[test]
fn a_member_is_named_whatever_its_number() {
    for member in USIZES {
        assert!(member_name(member).starts_with("member "));
        assert!(row_name(member, false).starts_with("Member "));
        assert!(row_name(member, true).starts_with('M'));
    }
    assert_eq!(member_name(0), "member 1");
    assert_eq!(
        member_name(usize::MAX - 1),
        format!("member {}", usize::MAX)
    );
    assert_eq!(
        member_name(usize::MAX),
        format!("member {}", u128::try_from(usize::MAX).unwrap() + 1)
    );
}

fn u64s() -> impl Strategy<Value = u64> {
    prop_oneof![prop::sample::select(U64S.to_vec()), any::<u64>()]
}

fn usizes() -> impl Strategy<Value = usize> {
    prop_oneof![prop::sample::select(USIZES.to_vec()), any::<usize>()]
}

proptest! {
    #[test]
    fn every_problem_is_said_whatever_its_numbers(
        big in u64s(),
        other in u64s(),
        index in usizes(),
        count in usizes(),
        signed in prop_oneof![prop::sample::select(I64S.to_vec()), any::<i64>()],
        text in ".{0,20}",
    ) {
        say_all(&Numbers { big, other, index, count, signed, text });
    }
}
