//! Production presets: each real system's numbers as documented, what they do to any story,
//! and which systems fence the GC pause's stale write.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{
    by_id, catalog, scenario_for, who_fences, Cadence, Fact, Fate, Knobs, System, FACTS, SYSTEMS,
};
use fencing_lab::engine::{run, Client, Enforce, EventKind, LeaderChange, MsgKind, Renew, Tokens};
use fencing_lab::share::{decode, encode, LinkState, View};
use fencing_lab::units::time;
use fencing_lab::words::systems;

/// (system, lease ms, renewal period ms, lock delay ms, client, allowance ms, tokens, check).
type Row = (
    System,
    u64,
    Option<u64>,
    u64,
    Client,
    u64,
    Tokens,
    Option<Enforce>,
);

/// The table, as numbers.
const TABLE: [Row; 7] = [
    (
        System::Etcd,
        60_000,
        Some(20_000),
        0,
        Client::Naive,
        0,
        Tokens::Ordered,
        Some(Enforce::HighestToken),
    ),
    (
        System::ZooKeeper,
        40_000,
        Some(13_333),
        0,
        Client::Careful,
        13_333,
        Tokens::Ordered,
        Some(Enforce::HighestToken),
    ),
    (
        System::Consul,
        15_000,
        Some(7_500),
        15_000,
        Client::Naive,
        0,
        Tokens::Ordered,
        Some(Enforce::HighestToken),
    ),
    (
        System::Chubby,
        12_000,
        Some(4_000),
        60_000,
        Client::Careful,
        0,
        Tokens::Ordered,
        Some(Enforce::HighestToken),
    ),
    (
        System::Kubernetes,
        15_000,
        Some(2_000),
        0,
        Client::Careful,
        5_000,
        Tokens::Absent,
        None,
    ),
    (
        System::DynamoDb,
        20_000,
        Some(5_000),
        0,
        Client::Careful,
        0,
        Tokens::Unordered,
        Some(Enforce::ExactVersion),
    ),
    (
        System::Redlock,
        30_000,
        None,
        0,
        Client::Careful,
        302,
        Tokens::Absent,
        None,
    ),
];

#[test]
fn each_preset_holds_its_systems_documented_numbers() {
    for (system, ttl_ms, every_ms, delay_ms, client, allowance_ms, tokens, enforce) in TABLE {
        let p = system.preset();
        assert_eq!(p.system, system);
        assert_eq!(p.ttl_ms, ttl_ms, "{system:?} lease");
        assert_eq!(
            p.cadence.period_ms(p.ttl_ms),
            every_ms,
            "{system:?} renewal"
        );
        assert_eq!(p.lock_delay_ms, delay_ms, "{system:?} lock delay");
        assert_eq!(p.client, client, "{system:?} client");
        assert_eq!(
            p.allowance.ms(p.ttl_ms),
            allowance_ms,
            "{system:?} allowance"
        );
        assert_eq!((p.tokens, p.enforce), (tokens, enforce), "{system:?} token");
        assert_eq!(System::by_id(p.id), Some(system));
    }
    assert_eq!(System::Etcd.preset().cadence, Cadence::TtlThird);
}

#[test]
fn every_fact_of_every_preset_is_said_and_cited() {
    for system in SYSTEMS {
        let p = system.preset();
        for fact in FACTS {
            assert!(!systems::fact(p, fact).is_empty(), "{system:?} {fact:?}");
            assert!(
                p.source(fact).len() > 8,
                "{system:?} {fact:?} has no source"
            );
        }
        assert!(systems::not_modelled(system).starts_with("Not modelled"));
    }
    assert!(systems::fact(System::Etcd.preset(), Fact::Lease).contains("60 s"));
    assert!(systems::fact(System::Consul.preset(), Fact::LockDelay).contains("15 s"));
}

#[test]
fn a_preset_applied_to_any_story_runs_on_that_systems_numbers() {
    for entry in catalog() {
        for system in SYSTEMS {
            let p = system.preset();
            let knobs = Knobs::defaults_for(entry).with_system(system);
            let s = entry.scenario_with(&knobs);
            assert_eq!((s.ttl_ms, s.lock_delay_ms), (p.ttl_ms, p.lock_delay_ms));
            // A leader's epoch stays an epoch on a system with ordered tokens.
            let epochs = entry.scenario().tokens == Tokens::Epoch && p.tokens.ordered();
            let tokens = if epochs { Tokens::Epoch } else { p.tokens };
            assert_eq!((s.client, s.tokens), (p.client, tokens));
            let renews = s.apps.iter().map(|a| a.renew).collect::<Vec<_>>();
            let expected = match p.cadence {
                Cadence::Never => Renew::Off,
                Cadence::TtlThird => Renew::TtlThird,
                c => Renew::EveryMs(c.period_ms(p.ttl_ms).unwrap()),
            };
            assert!(
                renews.iter().all(|r| *r == expected),
                "{} {system:?}",
                entry.id
            );
            assert!(run(&s).is_ok(), "{} on {system:?} does not run", entry.id);
        }
    }
}

#[test]
fn systems_with_a_token_fence_the_gc_pause_and_the_others_cannot() {
    let fates: Vec<(System, Fate)> = who_fences().iter().map(|r| (r.system, r.fate)).collect();
    assert_eq!(
        fates,
        vec![
            (System::Etcd, Fate::Rejected),
            (System::ZooKeeper, Fate::Rejected),
            (System::Consul, Fate::Rejected),
            (System::Chubby, Fate::Rejected),
            (System::Kubernetes, Fate::Unfenceable),
            (System::DynamoDb, Fate::Rejected),
            (System::Redlock, Fate::Unfenceable),
        ]
    );
    for row in who_fences() {
        let unfenced = row.fate == Fate::Unfenceable;
        assert_eq!(row.verdict.is_safe(), !unfenced, "{:?}", row.system);
        assert!(row.pause_ms > row.scenario.ttl_ms + row.scenario.lock_delay_ms);
    }
}

#[test]
fn without_a_token_enforcement_cannot_be_switched_on_but_a_version_check_can() {
    let entry = by_id("gc-pause").unwrap();
    let mut knobs = Knobs::defaults_for(entry).with_system(System::Kubernetes);
    knobs.enforcement = true;
    assert!(!knobs.enforcing() && !entry.scenario_with(&knobs).enforcement);
    assert!(systems::cannot_enforce(&knobs)
        .unwrap()
        .contains("Kubernetes"));
    knobs.by_version = true;
    assert!(knobs.enforcing() && systems::cannot_enforce(&knobs).is_none());
    let mut s = scenario_for(System::Kubernetes).unwrap();
    s.enforcement = true;
    s.enforce = Enforce::ExactVersion;
    assert_eq!(run(&s).unwrap().verdict.stale_writes_rejected, 1);
}

#[test]
fn the_engine_refuses_token_enforcement_without_ordered_tokens() {
    let s = scenario_for(System::Redlock)
        .unwrap()
        .with_enforcement(true)
        .with_enforce(Enforce::HighestToken);
    assert_eq!(run(&s).unwrap_err().field, "tokens");
}

#[test]
fn the_narration_line_names_the_system_and_what_was_changed_by_hand() {
    let entry = by_id("gc-pause").unwrap();
    let defaults = Knobs::defaults_for(entry);
    let line = |k: &Knobs| systems::in_use(k, &defaults, &entry.scenario_with(k));
    assert_eq!(line(&defaults), None);
    let mut knobs = defaults.with_system(System::Etcd);
    let said = line(&knobs).unwrap();
    assert!(said.starts_with("On etcd's defaults: lease 60 s"), "{said}");
    assert!(!said.contains("changed"), "{said}");
    knobs.ttl_ms = 30_000;
    let said = line(&knobs).unwrap();
    assert!(said.contains("changed here: lease 30 s"), "{said}");
}

#[test]
fn after_a_changed_lease_the_system_line_says_the_cadence_the_run_renews_on() {
    let entry = by_id("acquire-work-renew").unwrap();
    let defaults = Knobs::defaults_for(entry);
    for system in SYSTEMS {
        let mut knobs = defaults.with_system(system);
        knobs.ttl_ms = 33_000;
        let scenario = entry.scenario_with(&knobs);
        let line = systems::in_use(&knobs, &defaults, &scenario).unwrap();
        let ran = run(&scenario).unwrap();
        let renewals: Vec<u64> = ran
            .trace
            .iter()
            .filter(|e| matches!(e.kind, EventKind::MessageSent { msg, .. } if msg.body.kind() == MsgKind::Renew && msg.app() == 0))
            .map(|e| e.at_ms)
            .collect();
        let said = match renewals.as_slice() {
            [] => "not renewed".to_string(),
            [first, second, ..] => format!("renewed every {}", time(second - first)),
            [_] => continue,
        };
        assert!(
            line.contains(&format!("this run: lease 33 s, {said}")),
            "{line}"
        );
        knobs.renewals = false;
        let scenario = entry.scenario_with(&knobs);
        let line = systems::in_use(&knobs, &defaults, &scenario).unwrap();
        assert!(line.contains("this run: lease 33 s, not renewed"), "{line}");
    }
}

#[test]
fn a_preset_survives_a_copied_link_and_an_unknown_one_is_reported() {
    for system in SYSTEMS {
        let mut state = LinkState::default_for("last-item");
        state.knobs = state.knobs.with_system(system);
        state.knobs.pause_ms = 9_000;
        let pairs = encode(&state);
        assert_eq!(pairs[1], ("preset".into(), system.preset().id.into()));
        assert!(!pairs.iter().any(|(k, _)| k == "ttl_ms"), "{pairs:?}");
        let back = decode(&pairs);
        assert_eq!(back.state, state);
        assert!(back.notices.is_empty());
    }
    let pairs = [("scenario", "gc-pause"), ("preset", "mongo")].map(|(k, v)| (k.into(), v.into()));
    let decoded = decode(&pairs);
    assert_eq!(decoded.state.knobs.system, None);
    assert!(
        fencing_lab::words::link::notice(&decoded.notices[0]).contains("unknown preset 'mongo'")
    );
}

#[test]
fn without_an_ordered_token_the_story_never_advises_token_enforcement() {
    let entry = by_id("gc-pause").unwrap();
    for system in [System::Kubernetes, System::Redlock] {
        let knobs = Knobs::defaults_for(entry).with_system(system);
        let s = entry.scenario_with(&knobs);
        let told = entry.tell(&s, &run(&s).unwrap());
        let text: String = told.shown.iter().map(|t| t.text.as_str()).collect();
        assert!(!text.contains("token enforcement"), "{text}");
        assert!(text.contains("check versions instead"), "{text}");
    }
    let s = entry.scenario();
    let told = entry.tell(&s, &run(&s).unwrap());
    assert!(told
        .shown
        .iter()
        .any(|t| t.text.contains("Switch on token enforcement")));
}

#[test]
fn choosing_a_system_without_a_token_keeps_the_learners_enforcement_choice() {
    let entry = by_id("gc-pause").unwrap();
    let mut knobs = Knobs::defaults_for(entry);
    knobs.enforcement = true;
    let k8s = knobs.with_system(System::Kubernetes);
    assert!(k8s.enforcement && !k8s.enforcing());
    assert!(k8s.with_system(System::Etcd).enforcing());
}

#[test]
fn a_story_that_opens_on_a_system_links_plainly_and_can_leave_its_system() {
    let mut state = LinkState::default_for("curator-session");
    state.view = View::Story;
    assert_eq!(state.knobs.system, Some(System::ZooKeeper));
    assert_eq!(encode(&state).len(), 1, "just the scenario");
    let story = state.knobs;
    state.knobs = story.without_system(&story);
    let pairs = encode(&state);
    assert_eq!(pairs[1], ("preset".into(), "none".into()));
    let back = decode(&pairs);
    assert_eq!((back.state, back.notices.len()), (state, 0));
}

#[test]
fn a_write_refused_by_version_is_explained_by_the_version_not_by_token_order() {
    let entry = by_id("dynamodb-version-check").unwrap();
    let s = entry.scenario();
    let run = run(&s).unwrap();
    let said = fencing_lab::words::banner(&run, &s, run.end_ms).text;
    assert!(
        said.contains("the version it was based on had changed"),
        "{said}"
    );
    assert!(!said.contains(" < "), "{said}");
}

#[test]
fn a_new_leader_does_with_the_leases_it_finds_what_each_systems_source_says() {
    let restarts = |system: System| {
        matches!(
            system.preset().leader_change,
            LeaderChange::RestartsLeases { .. }
        )
    };
    let keeping: Vec<System> = SYSTEMS.into_iter().filter(|&s| restarts(s)).collect();
    assert_eq!(
        keeping,
        [
            System::Etcd,
            System::ZooKeeper,
            System::Consul,
            System::Chubby
        ]
    );
    let chubby = System::Chubby.preset();
    assert!(chubby.source(Fact::LeaderChange).contains("§2.9"));
    let redlock = System::Redlock.preset();
    assert!(systems::fact(redlock, Fact::LeaderChange).contains("delayed restarts"));
    assert!(redlock
        .source(Fact::LeaderChange)
        .contains("Distributed Locks with Redis"));
    for system in [System::Kubernetes, System::DynamoDb] {
        let fact = systems::fact(system.preset(), Fact::LeaderChange);
        assert!(fact.starts_with("the lab's cautious model"), "{fact}");
    }
}

#[test]
fn consuls_new_leader_times_a_session_for_twice_its_ttl_whatever_the_ttl() {
    let consul = System::Consul.preset();
    for ttl_ms in [consul.ttl_ms, 30_000] {
        assert_eq!(
            consul.leader_change_for(ttl_ms),
            LeaderChange::RestartsLeases { extend_ms: ttl_ms },
            "a whole TTL more than one"
        );
    }
    let fact = systems::fact(consul, Fact::LeaderChange);
    assert!(fact.contains("2 TTLs, 30 s"), "{fact}");
    assert!(consul
        .source(Fact::LeaderChange)
        .contains("SessionTTLMultiplier"));
    let etcd = System::Etcd.preset();
    assert_eq!(
        etcd.leader_change_for(60_000),
        LeaderChange::RestartsLeases { extend_ms: 1_000 },
        "etcd adds its election timeout only"
    );
}
