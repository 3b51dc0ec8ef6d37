//! Wrong stories and the exact problem each gets: line, column, the sentence and the nearest
//! valid word, as a person writing one would see them under the Write panel.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::script::{parse, ScriptProblem};
use fencing_lab::words::script_errors::{script_error, script_problem};

/// A wrong story and its first problem.
struct Case {
    text: &'static str,
    line: usize,
    column: usize,
    suggestion: Option<&'static str>,
    message: &'static str,
}

const CASES: &[Case] = &[
    Case {
        text: "app A\n@20s A pasue for 40s",
        line: 2,
        column: 8,
        suggestion: Some("pauses"),
        message: "`pasue` is not expected here: expected one of `pauses`, `crashes`, `is` \
            or `clock`. Did you mean `pauses`?",
    },
    Case {
        text: "app A; @20s B pauses for 4s",
        line: 1,
        column: 13,
        suggestion: Some("A"),
        message: "`B` is not expected here: expected the name of an app the story declares \
            with `app`. Did you mean `A`?",
    },
    Case {
        text: "sevice lease 30s; app A",
        line: 1,
        column: 1,
        suggestion: Some("service"),
        message: "`sevice` is not expected here: expected a statement: `run`, `service`, \
            `network`, `clients`, `resource`, `app`, a fault at a time (`@20s A \
            pauses for 40s`) or on a message (`A's 1st grant arrives 5s late`). Did \
            you mean `service`?",
    },
    Case {
        text: "service lease 30; app A",
        line: 1,
        column: 15,
        suggestion: None,
        message: "`30` needs a unit: `30ms`, `30s`, `30min` or `30h`.",
    },
    Case {
        text: "service lease 30sec; app A",
        line: 1,
        column: 15,
        suggestion: Some("30s"),
        message: "`30sec` is not expected here: expected a duration with its unit: \
            `250ms`, `30s`, `1.5s`, `2min`. Did you mean `30s`?",
    },
    Case {
        text: "service lease 1.2345s; app A",
        line: 1,
        column: 15,
        suggestion: None,
        message: "`1.2345s` is not a whole number of milliseconds.",
    },
    Case {
        text: "service lease 2d; app A",
        line: 1,
        column: 15,
        suggestion: Some("2h"),
        message: "`2d` is not expected here: expected a duration with its unit: `250ms`, \
            `30s`, `1.5s`, `2min`. Did you mean `2h`?",
    },
    Case {
        text: "service lease 25h; app A",
        line: 1,
        column: 15,
        suggestion: None,
        message: "Too long: at most 24h.",
    },
    Case {
        text: "service lease; app A",
        line: 1,
        column: 14,
        suggestion: None,
        message: "The statement ends too soon: expected a duration with its unit: `250ms`, \
            `30s`, `1.5s`, `2min`.",
    },
    Case {
        text: "service leese 30s; app A",
        line: 1,
        column: 9,
        suggestion: Some("lease"),
        message: "`leese` is not expected here: expected one of `lease`, `lock` or `none`. \
            Did you mean `lease`?",
    },
    Case {
        text: "service lease 30s lockdelay=5s; app A",
        line: 1,
        column: 19,
        suggestion: Some("lock_delay"),
        message: "`lockdelay` is not expected here: expected a setting `key=value`, the \
            key one of `lock_delay`, `first_token`, `tokens`, `counter`, `failover`, \
            `expiry_lag`, `members`, `election`, `renew_alone`, `pre_vote` or \
            `member_jitter`. Did you mean `lock_delay`?",
    },
    Case {
        text: "service lease 30s lock_delay 5s; app A",
        line: 1,
        column: 19,
        suggestion: Some("lock_delay="),
        message: "`lock_delay` is not expected here: expected a setting `key=value`, the \
            key one of `lock_delay`, `first_token`, `tokens`, `counter`, `failover`, \
            `expiry_lag`, `members`, `election`, `renew_alone`, `pre_vote` or \
            `member_jitter`. Did you mean `lock_delay=`?",
    },
    Case {
        text: "service lease 30s tokens=sorted; app A",
        line: 1,
        column: 26,
        suggestion: None,
        message: "`sorted` is not expected here: expected one of `ordered`, `epochs`, \
            `unordered` or `absent`.",
    },
    Case {
        text: "service lease 30s first_token=0; app A",
        line: 1,
        column: 31,
        suggestion: None,
        message: "The engine cannot run this: must be in 1..=2^63 (9223372036854775808).",
    },
    Case {
        text: "service lease 30s members=4; app A",
        line: 1,
        column: 27,
        suggestion: None,
        message: "The engine cannot run this: the coordination service has 1, 3 or 5 \
            members, not 4.",
    },
    Case {
        text: "service lease 30s; service lock; app A",
        line: 1,
        column: 20,
        suggestion: None,
        message: "`service` is given twice; a story sets it once.",
    },
    Case {
        text: "run for 1min; app A start=2min",
        line: 1,
        column: 27,
        suggestion: None,
        message: "The engine cannot run this: 2min is after the run's end (1min).",
    },
    Case {
        text: "run 2min; app A",
        line: 1,
        column: 5,
        suggestion: None,
        message: "`2min` is not expected here: expected `for`.",
    },
    Case {
        text: "network; app A",
        line: 1,
        column: 8,
        suggestion: None,
        message: "The statement ends too soon: expected a setting `key=value`, the key one \
            of `latency` or `jitter`.",
    },
    Case {
        text: "network latency=50ms latency=60ms; app A",
        line: 1,
        column: 22,
        suggestion: None,
        message: "`latency` is given twice; a story sets it once.",
    },
    Case {
        text: "resource inventory stock=-1; app A",
        line: 1,
        column: 26,
        suggestion: None,
        message: "`-1` is not expected here: expected a whole number.",
    },
    Case {
        text: "resource payments invoices=1,1; app A",
        line: 1,
        column: 28,
        suggestion: None,
        message: "The engine cannot run this: invoice ids must be distinct.",
    },
    Case {
        text: "resource warehouse; app A",
        line: 1,
        column: 10,
        suggestion: None,
        message: "`warehouse` is not expected here: expected one of `inventory`, \
            `payments` or `file`.",
    },
    Case {
        text: "clients sloppy; app A",
        line: 1,
        column: 9,
        suggestion: None,
        message: "`sloppy` is not expected here: expected one of `careful` or `naive`.",
    },
    Case {
        text: "app A \"Warehouse service",
        line: 1,
        column: 7,
        suggestion: None,
        message: "This quote never closes: end it with `\"`.",
    },
    Case {
        text: "app run",
        line: 1,
        column: 5,
        suggestion: None,
        message: "`run` is not expected here: expected an app's name: a word of letters, \
            digits, `_` and `-` that starts with a letter and is not one of the \
            format's own words.",
    },
    Case {
        text: "app A; app A",
        line: 1,
        column: 12,
        suggestion: None,
        message: "There is already an app called `A`.",
    },
    Case {
        text: "app A does read, release, write",
        line: 1,
        column: 18,
        suggestion: None,
        message: "`release` can only be the plan's last step.",
    },
    Case {
        text: "app A does read, acquire, write",
        line: 1,
        column: 18,
        suggestion: None,
        message: "`acquire` can only be the plan's first step.",
    },
    Case {
        text: "app A does read, wrok 1s, write",
        line: 1,
        column: 18,
        suggestion: Some("work"),
        message: "`wrok` is not expected here: expected one of `acquire`, `read`, `work`, \
            `write`, `return` or `release`. Did you mean `work`?",
    },
    Case {
        text: "app A does read, work, write",
        line: 1,
        column: 22,
        suggestion: None,
        message: "`,` is not expected here: expected a duration with its unit: `250ms`, \
            `30s`, `1.5s`, `2min`.",
    },
    Case {
        text: "app A does read, renew, write",
        line: 1,
        column: 18,
        suggestion: None,
        message: "An app renews by itself: say how often on its `app` line, with \
            `renew=10s`, `renew=third` or `renew=off`.",
    },
    Case {
        text: "app A renew=sometimes",
        line: 1,
        column: 13,
        suggestion: None,
        message: "`sometimes` is not expected here: expected one of `third`, `off` or \
            `10s`.",
    },
    Case {
        text: "app A drift=200",
        line: 1,
        column: 13,
        suggestion: Some("200ppm"),
        message: "`200` is not expected here: expected a clock drift in parts per million: \
            `+200ppm`, `-100ppm`. Did you mean `200ppm`?",
    },
    Case {
        text: "app A clock=5",
        line: 1,
        column: 13,
        suggestion: None,
        message: "`5` needs a unit: `5ms`, `5s`, `5min` or `5h`.",
    },
    Case {
        text: "app A; @20s A is cut for 30s",
        line: 1,
        column: 22,
        suggestion: None,
        message: "`for` is not expected here: expected `off`.",
    },
    Case {
        text: "app A; @20s A clock jumps",
        line: 1,
        column: 26,
        suggestion: None,
        message: "The statement ends too soon: expected a duration with its sign: `+5s`, \
            `-250ms`.",
    },
    Case {
        text: "app A; @20s leader crashes for 5s",
        line: 1,
        column: 8,
        suggestion: None,
        message: "The engine cannot run this: the coordination service is one box: it has \
            no members to fail.",
    },
    Case {
        text: "service lease 30s members=3; app A; @20s member 4 crashes for 5s",
        line: 1,
        column: 49,
        suggestion: None,
        message: "The engine cannot run this: no member 4: members are 1 to 3.",
    },
    Case {
        text: "app A; A's first grant arrives 5s late",
        line: 1,
        column: 12,
        suggestion: Some("1st"),
        message: "`first` is not expected here: expected an ordinal such as `1st`, `2nd`, \
            `3rd` or `4th`. Did you mean `1st`?",
    },
    Case {
        text: "app A; A's 1st grnat arrives 5s late",
        line: 1,
        column: 16,
        suggestion: Some("grant"),
        message: "`grnat` is not expected here: expected one of `acquire`, `renew`, \
            `release`, `grant`, `refused`, `renewed`, `lost`, `read`, `read_reply`, \
            `write` or `write_reply`. Did you mean `grant`?",
    },
    Case {
        text: "app A; A's 0th grant arrives 5s late",
        line: 1,
        column: 12,
        suggestion: None,
        message: "The engine cannot run this: messages are counted from 1.",
    },
    Case {
        text: "app A; A's 1st grant arrives 5s",
        line: 1,
        column: 32,
        suggestion: None,
        message: "The statement ends too soon: expected `late`.",
    },
    Case {
        text: "app A; A pauses for 4s after checking its 1st read",
        line: 1,
        column: 47,
        suggestion: None,
        message: "`read` is not expected here: expected `write`.",
    },
    Case {
        text: "app A; @3min A crashes",
        line: 1,
        column: 9,
        suggestion: None,
        message: "The engine cannot run this: 3min is after the run's end (2min).",
    },
    Case {
        text: "app A; @20s A crashes now",
        line: 1,
        column: 23,
        suggestion: None,
        message: "`now` is not expected here: expected the end of the statement (a new one \
            starts on a new line or after `;`).",
    },
    Case {
        text: "service lock members=3; app A",
        line: 1,
        column: 9,
        suggestion: None,
        message: "The engine cannot run this: a replicated coordination service grants \
            leases only, not permanent locks.",
    },
    Case {
        text: "# only a comment",
        line: 1,
        column: 1,
        suggestion: None,
        message: "A story needs at least one app, e.g. `app A \"Worker\"`.",
    },
];

#[test]
fn every_wrong_story_gets_its_exact_problem() {
    assert!(CASES.len() >= 30, "the issue asks for 30 or more");
    for case in CASES {
        let errors = parse(case.text).expect_err(case.text);
        let error = &errors[0];
        let suggestion = match &error.problem {
            ScriptProblem::Unexpected { suggestion, .. } => suggestion.as_deref(),
            _ => None,
        };
        let got = (error.line, error.column, suggestion);
        let want = (case.line, case.column, case.suggestion);
        assert_eq!(got, want, "{:?}", case.text);
        assert_eq!(
            script_problem(&error.problem),
            case.message,
            "{:?}",
            case.text
        );
        let place = format!("Line {}, column {}: ", case.line, case.column);
        assert_eq!(script_error(error), place + case.message);
    }
}
