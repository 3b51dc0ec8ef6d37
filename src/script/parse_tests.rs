//! The reader on whole stories: what each statement sets, and where problems are marked.

use super::error::{Expected, ScriptProblem};
use super::parse;
use crate::engine::{Fault, Mode, MsgKind, ResourceKind, Scenario, Step};

const GC_PAUSE: &str = "\
# The documents' GC pause
run for 2min
service lease 30s
resource inventory stock=1
app A \"Warehouse service\" does acquire, read, work 1s, write, release
app B \"Warehouse service\" start=5s does acquire, read, work 1s, write, release
@20s A pauses for 40s
";

#[test]
fn the_documents_story_reads_as_the_engine_builds_it() {
    let scenario = parse(GC_PAUSE).expect("reads");
    let want = Scenario::default().with_fault(Fault::pause(0, 20_000, 40_000));
    assert_eq!(scenario, want);
}

#[test]
fn every_statement_sets_its_fields() {
    let text = "run for 90s seed=7 events=5000; service lock ttl=45s lock_delay=1500ms\n\
        network latency=100ms jitter=20ms; clients naive allowance=250ms\n\
        resource payments invoices=7,8 checks=version enforcement=off fence=volatile\n\
        app W \"Worker\" start=2s retry=500ms renew=off check=200ms clock=-2s drift=+200ppm \
        does read, work 1.5s, return, write\n\
        @10s W is cut off for 30s; @12s W clock jumps +20s; @30s resource restarts\n\
        W's 2nd renew is overtaken, 20s late; W's 1st write arrives twice, 3s apart\n\
        W's 1st grant arrives 5s late; W pauses for 40s after checking its 1st write";
    let s = parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!((s.horizon_ms, s.seed, s.max_events), (90_000, 7, 5_000));
    assert_eq!(
        (s.mode, s.ttl_ms, s.lock_delay_ms),
        (Mode::PermanentLock, 45_000, 1_500)
    );
    assert_eq!(
        (s.latency_ms, s.jitter_ms, s.drift_allowance_ms),
        (100, 20, 250)
    );
    let invoices = vec![7, 8];
    assert_eq!(s.resource, ResourceKind::Payments { invoices });
    assert!(!s.enforcement && !s.fence_durable && s.fence_reads);
    let w = &s.apps[0];
    assert_eq!(
        (w.start_ms, w.retry_ms, w.safety_margin_ms),
        (2_000, 500, 200)
    );
    assert_eq!(
        (w.clock_offset_ms, w.clock_drift_ppm, w.release_at_end),
        (-2_000, 200, false)
    );
    let plan = [
        Step::Read,
        Step::Work { for_ms: 1_500 },
        Step::Return,
        Step::Write,
    ];
    assert_eq!(w.steps, plan);
    let faults = [
        Fault::partition(0, 10_000, 40_000),
        Fault::clock_jump(0, 12_000, 20_000),
        Fault::restart_resource(30_000),
        Fault::reorder(0, MsgKind::Renew, 2, 20_000),
        Fault::duplicate(0, MsgKind::Write, 1, 3_000),
        Fault::delay(0, MsgKind::Grant, 1, 5_000),
        Fault::pause_after_check(0, 1, 40_000),
    ];
    assert_eq!(s.faults, faults);
}

#[test]
fn group_faults_name_the_leader_or_a_member_from_one() {
    let text = "service lease 30s members=3; app A; @8s leader crashes for 5s\n\
        @9s member 2 is cut off for 20s; @10s service fails over";
    let s = parse(text).unwrap_or_else(|e| panic!("{e:?}"));
    let faults = [
        Fault::crash_member(None, 8_000, 5_000),
        Fault::cut_member(Some(1), 9_000, 20_000),
        Fault::failover(10_000),
    ];
    assert_eq!((s.members, s.faults.as_slice()), (3, faults.as_slice()));
}

fn first_error(text: &str) -> (usize, usize, ScriptProblem) {
    let errors = parse(text).expect_err("a problem");
    (errors[0].line, errors[0].column, errors[0].problem.clone())
}

#[test]
fn a_slip_is_marked_where_it_is_with_the_word_meant() {
    let (line, column, problem) = first_error("app A\n@20s A pasue for 40s");
    assert_eq!((line, column), (2, 8));
    let ScriptProblem::Unexpected { suggestion, .. } = problem else {
        panic!("{problem:?}");
    };
    assert_eq!(suggestion.as_deref(), Some("pauses"));
    let (line, column, problem) = first_error("app A; @20s B pauses for 4s");
    assert_eq!((line, column), (1, 13));
    assert!(matches!(
        problem,
        ScriptProblem::Unexpected {
            expected: Expected::App,
            ..
        }
    ));
}

#[test]
fn the_engines_objection_is_marked_at_the_setting() {
    let (line, column, problem) = first_error("app A\nservice lease 30s lock_delay=2d");
    assert_eq!((line, column), (2, 30));
    assert!(
        matches!(problem, ScriptProblem::Unexpected { .. }),
        "{problem:?}"
    );
    let (line, column, problem) = first_error("app A\nservice lease 30s first_token=0");
    assert_eq!((line, column), (2, 31));
    assert!(matches!(problem, ScriptProblem::Engine(_)), "{problem:?}");
    let (line, column, _) = first_error("run for 1min\napp A start=2min");
    assert_eq!((line, column), (2, 13));
}
