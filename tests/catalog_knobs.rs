//! Knobs: reading them off an entry and applying them back reproduces the entry exactly;
//! each knob reaches the scenario field it names; clamp repairs out-of-range values.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{by_id, catalog, range, Knob, Knobs, System, PAUSE_RANGE, TTL_RANGE};
use fencing_lab::engine::{Client, Enforce, Fault, Mode, Renew, ResourceKind, Tokens};

#[test]
fn applying_the_defaults_reproduces_every_entry() {
    for entry in catalog() {
        let knobs = Knobs::defaults_for(entry);
        assert_eq!(
            knobs.apply(&entry.scenario()),
            entry.scenario(),
            "{}",
            entry.id
        );
        assert_eq!(knobs.enforcement, entry.default_enforcement, "{}", entry.id);
        assert_eq!(
            knobs.clamp(),
            (knobs, vec![]),
            "{} defaults are in range",
            entry.id
        );
    }
}

#[test]
fn each_knob_reaches_its_field() {
    let entry = by_id("last-item").unwrap();
    let knobs = Knobs {
        enforcement: true,
        mode: Mode::PermanentLock,
        renewals: true,
        check_before_write: true,
        careful_client: false,
        by_version: true,
        fence_durable: false,
        counter_durable: false,
        ttl_ms: 12_000,
        pause_ms: 7_000,
        latency_ms: 300,
        stock: 4,
        members: 5,
        epochs: true,
        pre_vote: true,
        member_jitter_ms: 250,
        system: None,
    };
    let s = knobs.apply(&entry.scenario());
    assert_eq!(s.members, 5);
    assert!(s.pre_vote);
    assert_eq!(s.member_jitter_ms, 250);
    assert_eq!(Knobs::read(&s).member_jitter_ms, 250);
    assert_eq!(s.tokens, Tokens::Epoch);
    assert!(s.enforcement && s.mode == Mode::PermanentLock);
    assert_eq!(s.client, Client::Naive);
    assert_eq!(s.enforce, Enforce::ExactVersion);
    assert!(!s.fence_durable && !s.counter_durable);
    assert_eq!((s.ttl_ms, s.latency_ms), (12_000, 300));
    assert_eq!(s.resource, ResourceKind::Inventory { stock: 4 });
    assert!(s
        .apps
        .iter()
        .all(|a| a.check_before_write && a.renew == Renew::TtlThird));
    assert!(matches!(
        s.faults[..],
        [Fault::Pause {
            for_ms: 7_000,
            at_ms: 5_000,
            ..
        }]
    ));
    let off = Knobs {
        renewals: false,
        ..knobs
    }
    .apply(&s);
    assert!(off.apps.iter().all(|a| a.renew == Renew::Off));
}

#[test]
fn pause_knob_also_sets_pauses_after_a_check_and_stock_ignores_other_resources() {
    let entry = by_id("check-not-enough").unwrap();
    let knobs = Knobs {
        pause_ms: 3_000,
        stock: 9,
        ..Knobs::defaults_for(entry)
    };
    let s = knobs.apply(&entry.scenario());
    assert!(matches!(
        s.faults[..],
        [Fault::PauseAfterCheck { for_ms: 3_000, .. }]
    ));
    assert_eq!(s.resource, ResourceKind::Storage);
}

#[test]
fn renewals_on_keeps_an_entrys_own_cadence() {
    let entry = by_id("acquire-work-renew").unwrap();
    let mut base = entry.scenario();
    base.apps[0].renew = Renew::EveryMs(7_000);
    let knobs = Knobs::read(&base);
    assert!(knobs.renewals);
    assert_eq!(knobs.apply(&base).apps[0].renew, Renew::EveryMs(7_000));
}

#[test]
fn clamp_fixes_out_of_range_values_and_names_them() {
    let entry = by_id("gc-pause").unwrap();
    let wild = Knobs {
        ttl_ms: 0,
        pause_ms: u64::MAX,
        latency_ms: 999_999,
        stock: 1,
        ..Knobs::defaults_for(entry)
    };
    let (fixed, fields) = wild.clamp();
    assert_eq!(fields, vec!["ttl_ms", "pause_ms", "latency_ms"]);
    assert_eq!(fixed.ttl_ms, TTL_RANGE.min);
    assert_eq!(fixed.pause_ms, PAUSE_RANGE.max);
    assert_eq!(fixed.latency_ms, range(Knob::Latency).unwrap().max);
    assert_eq!(fixed.stock, 1);
    let (_, fields) = Knobs {
        stock: 1_000,
        ..fixed
    }
    .clamp();
    assert_eq!(fields, vec!["stock"]);
}

#[test]
fn ranges_are_sane_and_clamped_knobs_always_make_a_valid_scenario() {
    for knob in [Knob::Ttl, Knob::Pause, Knob::Latency, Knob::Stock] {
        let r = range(knob).unwrap();
        assert!(
            r.min <= r.default && r.default <= r.max && r.step > 0,
            "{knob:?}"
        );
    }
    assert_eq!(range(Knob::Enforcement), None);
    for entry in catalog() {
        for (ttl_ms, pause_ms) in [(0, 0), (u64::MAX, u64::MAX)] {
            let wild = Knobs {
                ttl_ms,
                pause_ms,
                ..Knobs::defaults_for(entry)
            };
            let (knobs, _) = wild.clamp();
            let s = entry.scenario_with(&knobs);
            assert_eq!(s.validate(), Ok(()), "{}", entry.id);
        }
    }
}

#[test]
fn epochs_count_elections_from_one_on_any_story_and_system() {
    for (id, system) in [
        ("no-lock", None),
        ("kubernetes-two-leaders", Some(System::Etcd)),
    ] {
        let entry = by_id(id).unwrap();
        let mut knobs = Knobs::defaults_for(entry);
        knobs.mode = Mode::Lease;
        knobs.by_version = false;
        if let Some(system) = system {
            knobs = knobs.with_system(system);
        }
        knobs.epochs = true;
        let s = knobs.apply(&entry.scenario());
        assert_eq!((s.tokens, s.first_token), (Tokens::Epoch, 1), "{id}");
    }
}
