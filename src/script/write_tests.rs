//! The writer's own tests: the default scenario's exact text, each setting and each fault kind
//! as the format's doc writes it, and names made safe.

use super::*;
use crate::catalog::{catalog, SYSTEMS};
use crate::engine::{Fault, MsgKind};
use crate::script::apps::is_name;

fn with_fault(fault: Fault) -> Scenario {
    let mut s = Scenario::default().with_members(3, 1_000);
    s.faults.push(fault);
    s
}

/// The last line `s` is written with.
fn last_line(s: &Scenario) -> String {
    write(s).lines().last().unwrap_or_default().to_string()
}

#[test]
fn the_default_scenario_is_its_five_statements() {
    let want = "run for 2min\n\
                service lease 30s\n\
                resource inventory stock=1\n\
                app A \"Warehouse service\" does acquire, read, work 1s, write, release\n\
                app B \"Warehouse service\" start=5s does acquire, read, work 1s, write, release\n";
    assert_eq!(write(&Scenario::default()), want);
}

#[test]
fn each_fault_at_a_time_is_one_line_as_the_doc_writes_it() {
    let cases = [
        (Fault::pause(0, 20_000, 40_000), "@20s A pauses for 40s"),
        (Fault::crash(0, 45_000), "@45s A crashes"),
        (
            Fault::partition(1, 10_000, 40_000),
            "@10s B is cut off for 30s",
        ),
        (
            Fault::clock_jump(0, 12_000, 20_000),
            "@12s A clock jumps +20s",
        ),
        (
            Fault::clock_jump(1, 1_500, -250),
            "@1.5s B clock jumps -250ms",
        ),
        (
            Fault::RestartResource { at_ms: 30_000 },
            "@30s resource restarts",
        ),
        (Fault::Failover { at_ms: 25_000 }, "@25s service fails over"),
        (
            Fault::CrashMember {
                member: None,
                at_ms: 8_000,
                for_ms: 5_000,
            },
            "@8s leader crashes for 5s",
        ),
        (
            Fault::CrashMember {
                member: Some(2),
                at_ms: 8_000,
                for_ms: 5_000,
            },
            "@8s member 3 crashes for 5s",
        ),
        (
            Fault::CutMember {
                member: Some(1),
                at_ms: 8_000,
                for_ms: 20_000,
            },
            "@8s member 2 is cut off for 20s",
        ),
        (
            Fault::CutMember {
                member: None,
                at_ms: 0,
                for_ms: 250,
            },
            "@0ms leader is cut off for 250ms",
        ),
    ];
    for (fault, want) in cases {
        assert_eq!(last_line(&with_fault(fault)), want, "{fault:?}");
    }
}

#[test]
fn each_fault_on_a_counted_message_or_write_is_one_line_as_the_doc_writes_it() {
    let cases = [
        (
            Fault::pause_after_check(0, 1, 40_000),
            "A pauses for 40s after checking its 1st write",
        ),
        (
            Fault::delay(1, MsgKind::Grant, 1, 5_000),
            "B's 1st grant arrives 5s late",
        ),
        (
            Fault::duplicate(0, MsgKind::Write, 1, 3_000),
            "A's 1st write arrives twice, 3s apart",
        ),
        (
            Fault::reorder(0, MsgKind::Renew, 2, 20_000),
            "A's 2nd renew is overtaken, 20s late",
        ),
        (
            Fault::delay(0, MsgKind::WriteReply, 12, 1),
            "A's 12th write_reply arrives 1ms late",
        ),
    ];
    for (fault, want) in cases {
        assert_eq!(last_line(&with_fault(fault)), want, "{fault:?}");
    }
}

#[test]
fn settings_are_written_only_where_they_differ_from_the_default() {
    let mut s = Scenario::default()
        .with_mode(Mode::PermanentLock)
        .with_ttl_ms(45_000)
        .with_network(100, 20)
        .with_client(Client::Naive, 500)
        .with_enforce(Enforce::ExactVersion)
        .with_enforcement(false)
        .with_leader_change(LeaderChange::RestartsLeases { extend_ms: 1_000 })
        .with_resource(ResourceKind::Payments {
            invoices: vec![7, 8],
        });
    s.seed = 7;
    s.tokens = Tokens::Unordered;
    s.fence_durable = false;
    s.apps[0] = AppConfig::new("A", "Say \"hi\" \\ bye")
        .retry_ms(500)
        .renew_every_ms(None)
        .check_before_write(200)
        .clock(-2_000, 200)
        .release_at_end(false)
        .steps(&[
            Step::Read,
            Step::Work { for_ms: 1_250 },
            Step::Write,
            Step::Return,
        ]);
    let text = write(&s);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "run for 2min seed=7");
    assert_eq!(
        lines[1],
        "service lock ttl=45s tokens=unordered failover=restarts+1s"
    );
    assert_eq!(lines[2], "network latency=100ms jitter=20ms");
    assert_eq!(lines[3], "clients naive allowance=500ms");
    assert_eq!(
        lines[4],
        "resource payments invoices=7,8 checks=version enforcement=off fence=volatile"
    );
    assert_eq!(
        lines[5],
        "app A \"Say \\\"hi\\\" \\\\ bye\" retry=500ms renew=off check=200ms clock=-2s \
         drift=+200ppm does acquire, read, work 1.25s, write, return"
    );
    let none = Scenario::default().with_mode(Mode::NoLock);
    assert_eq!(write(&none).lines().nth(1), Some("service none"));
    let empty = Scenario::default().with_resource(ResourceKind::Payments { invoices: vec![] });
    assert_eq!(write(&empty).lines().nth(2), Some("resource payments"));
}

#[test]
fn names_that_are_not_words_are_made_safe() {
    assert_eq!(safe_name("A"), "A");
    assert_eq!(safe_name("worker-2_b"), "worker-2_b");
    assert_eq!(safe_name("two words"), "two_words");
    assert_eq!(safe_name("2nd"), "app_2nd");
    assert_eq!(safe_name("leader"), "app_leader");
    assert_eq!(safe_name("run"), "app_run");
    assert_eq!(safe_name(""), "app_");
    assert_eq!(safe_name("é"), "app__");
    assert_eq!(safe_name(&"x".repeat(30)), "x".repeat(24));
    assert_eq!(
        safe_name(&"9".repeat(30)),
        format!("app_{}", "9".repeat(20))
    );
}

/// The writer makes no name safe for the scenarios that reach it: every catalog story's apps,
/// on its own numbers and on every system's, are called by words the format reads.
#[test]
fn every_catalog_app_is_called_by_a_word() {
    for entry in catalog() {
        let knobs = crate::catalog::Knobs::defaults_for(entry);
        let systems = SYSTEMS.into_iter().map(|s| knobs.with_system(s));
        for knobs in std::iter::once(knobs).chain(systems) {
            for app in &entry.scenario_with(&knobs).apps {
                assert!(is_name(&app.name), "{}: {:?}", entry.id, app.name);
            }
        }
    }
}
