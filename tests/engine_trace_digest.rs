//! Pins the engine's behaviour: a digest of every trace and verdict over the catalog (each
//! story with its own knobs, then with each switch flipped) and over a few hundred seeded
//! random scenarios. A refactor of the engine must leave both digests unchanged; a change
//! of behaviour must update them on purpose, saying why.
#![cfg(not(target_arch = "wasm32"))]

mod digest_support;

use digest_support::Fnv;
use fencing_lab::catalog::{catalog, Knobs, SYSTEMS};
use fencing_lab::engine::*;
use std::collections::BTreeSet;

/// Digest of the catalog runs, recorded from the engine before its applications returned
/// their effects as data (re-recorded when that change met the new faults, enforcement modes
/// and stories: the same value before and after the merge; re-recorded again when late-answer's B
/// started at 45 s; and when faults named their app by index instead of by name, which
/// changed how scenarios print but no trace: digests of the traces alone were equal; and
/// when a write's reply began to carry the resource's value, so a file's writer builds its
/// next write on the version its own write made; and when the flips grew "enforce by
/// version"); and when scenarios gained the kind of token a grant carries and the corpus
/// grew every story on every real system's defaults (with the new field left out of the
/// scenario's print, the old corpus gave the old digests); and when the corpus grew the four
/// stories that open on a real system (Curator, Kubernetes, DynamoDB, Consul): the first
/// fifteen stories alone still give the previous digest, 0x06f4_cc63_0394_bf93; and when a new
/// leader of the service could restart the leases it finds (scenarios print the new field;
/// digested apart, the traces and verdicts of exactly three runs changed: the reissued-token
/// story on etcd's, ZooKeeper's and Consul's defaults, whose leader now keeps A's lease), giving
/// 0x1286_5958_092d_da8f; and when the DynamoDB Lock Client's preset began to count its lease
/// from its request, as AmazonDynamoDBLockClient.java does (24 runs on its defaults changed),
/// giving 0x24f2_5549_0dd0_ba7e; and when etcd's preset began to notice an ended lease 250 ms
/// late, the mean of its lessor's 500 ms sweep (scenarios print the new field; digested apart,
/// three runs changed: gc-pause, payment-service and forgotten-fence on etcd's defaults); and
/// when the leader-change story joined (the first twenty stories alone still give
/// 0xb219_440e_fa06_d2e1), and the minority-leader story (the first twenty-one alone give
/// 0x1d80_595c_a878_7837), and the no-lock story (the first twenty-two alone give
/// 0x5e8e_be43_1d03_1dca), and the deposed-leader story (the others alone give
/// 0x0d17_ecaa_9b77_a7a7, and the story gave 0xf76b_47f2_9333_49fb until its epochs stayed
/// epochs on the systems with ordered tokens, which changed those runs' scenario print only:
/// the engine treats an epoch as an ordered token), and the which-pattern story (the others
/// alone give 0x788a_5bec_bbc0_b9a7: the no-lock story's narration, shared with it, changes
/// no run), giving 0xa999_ad64_2e65_e58f; and when Chubby's preset began to restart the leases
/// a new master finds, as its paper's §2.9 says (digested apart, two runs changed: the
/// reissued-token and one-box stories on Chubby's defaults), giving 0x35ea_dc8f_85a9_9a80; and
/// when Consul's preset began to time a restarted session for twice its TTL, as its
/// `SessionTTLMultiplier` does (the same two stories on Consul's defaults changed), giving
/// 0xf2ce_6a9f_9d70_e3a8; and when gc-pause's pause became 35 s, so that B still holds its lease
/// as A's stale write lands (the story's fourteen runs changed; no other story's), giving
/// 0xc49f_3c47_270c_3c72; and when scenarios gained `renew_alone` and minority-leader turned it
/// on with a 5 s election timeout (checked apart: with the field left out of the print and the
/// story as before, the digest was unchanged; only minority-leader's runs changed), giving
/// 0xbfda_024b_7e0a_6975; and when scenarios gained `pre_vote`, off (with the field left out of
/// the print the digest was unchanged: stickiness under CheckQuorum changed no run), giving
/// 0xccce_5a75_cd49_3043; and when etcd's preset began to ask for pre-votes, as etcd 3.5 and
/// later ship it (with `pre_vote: true` left out of the print, two runs changed: leader-change
/// and minority-leader on etcd's defaults, whose next leader stands a pre-vote round trip
/// later and whose cut-off old leader no longer stands again and again), giving
/// 0xb984_9094_c45e_490e; and when a compare-and-set began to compare the resource's version
/// (writes accepted) instead of its value, so a read's reply and a write carry the version:
/// messages print the new field and nothing else changed (with `, version: N` left out of every
/// print, the catalog and the random runs gave the previous digests exactly: no value in these
/// runs ever came back, so version and value agree), giving 0x1f66_29fd_8cc6_f73a; and when a
/// write began to say whether it gives back an item (`Step::Return`, a cancelled order): writes
/// and accepted writes print `returns`, and nothing else changed (with `, returns: false` left
/// out of every print, the catalog and the random runs gave the previous digests exactly),
/// giving 0x2144_c688_b0ac_69de; and when, with no lock, the "by version" switch off began to
/// mean a compare of the value read (`Enforce::ExactValue`) rather than a token check that had
/// nothing to compare, and the item-came-back story joined: with that story and the no-lock runs
/// that compare no version left out, the catalog gave 0x6cb5_51be_f537_0ddd before and after,
/// giving 0x8658_d9f7_f104_5bda; and when minority-leader's cut began to end at 45 s, so that the
/// old leader comes back (with the cut as long as before, the digest was that one exactly; only
/// minority-leader's runs changed), giving 0xb4b3_9a7a_79f6_d8e3; and when scenarios gained
/// `member_jitter_ms`, 0 (with `, member_jitter_ms: 0` left out of the print, that digest
/// exactly: the group draws the same jitter as before).
const CATALOG_DIGEST: u64 = 0xf066_bd9b_3335_8085;

/// Digest of the random runs, recorded at the same time (and re-recorded when the random
/// corpus grew the newer faults, both enforcement modes and both durabilities; and when
/// scenarios gained the kind of token, which changed their print but no trace; and when they
/// gained what a new leader does with leases, and how late the service notices an ended lease,
/// which changed their print and no trace or verdict; and when they gained `renew_alone`, off,
/// which changed their print alone; and when they gained `pre_vote`, off, the same; and when
/// reads' replies and writes began to carry the resource's version, which changed how messages
/// print and nothing else: with the field left out of the print, the previous digest; and when
/// writes began to say whether they give back an item, the same; and when scenarios gained
/// `member_jitter_ms`, 0, the same).
const RANDOM_DIGEST: u64 = 0x8165_9c94_b95e_473e;

/// How many random scenarios are run.
const RANDOM_CASES: u64 = 400;

/// Runs `s` both ways (full and verdict only), checks they agree, and adds the scenario,
/// trace, verdict and error to `digest`; records the variant names its events show in `seen`.
fn add_run(digest: &mut Fnv, s: &Scenario, seen: &mut BTreeSet<String>) {
    let run = run(s);
    let fast = run_verdict_only(s);
    let ran = run.as_ref().ok();
    assert_eq!(fast.as_ref().ok(), ran.map(|r| &r.verdict), "{s:?}");
    digest.add(&format!("{s:?}"));
    let trace = ran.map_or(&[][..], |r| &r.trace[..]);
    digest.add(&format!("{trace:?}"));
    digest.add(&format!("{:?}", ran.map(|r| &r.verdict)));
    digest.add(&format!("{:?}", run.as_ref().err()));
    for event in trace {
        let text = format!("{:?}", event.kind);
        for word in text.split(|c: char| !c.is_alphanumeric()) {
            if word.starts_with(|c: char| c.is_ascii_uppercase()) && !seen.contains(word) {
                seen.insert(word.to_string());
            }
        }
    }
}

/// Each story with its own knobs, then with each on/off knob flipped in turn, then on each
/// real system's defaults.
fn catalog_digest(seen: &mut BTreeSet<String>) -> u64 {
    let mut digest = Fnv::new();
    let flips: [fn(&mut Knobs); 6] = [
        |k| k.enforcement = !k.enforcement,
        |k| k.renewals = !k.renewals,
        |k| k.check_before_write = !k.check_before_write,
        |k| k.careful_client = !k.careful_client,
        |k| k.by_version = !k.by_version,
        |k| {
            k.mode = match k.mode {
                Mode::Lease => Mode::PermanentLock,
                Mode::PermanentLock | Mode::NoLock => Mode::Lease,
            }
        },
    ];
    for entry in catalog() {
        let defaults = Knobs::defaults_for(entry);
        add_run(&mut digest, &entry.scenario_with(&defaults), seen);
        for flip in flips {
            let mut knobs = defaults;
            flip(&mut knobs);
            add_run(&mut digest, &entry.scenario_with(&knobs), seen);
        }
        for system in SYSTEMS {
            let knobs = defaults.with_system(system);
            add_run(&mut digest, &entry.scenario_with(&knobs), seen);
        }
    }
    digest.0
}

/// App names of generated scenarios.
const NAMES: [&str; 3] = ["A", "B", "C"];

/// Message kinds a delay fault may pick.
const KINDS: [MsgKind; 11] = [
    MsgKind::Acquire,
    MsgKind::Renew,
    MsgKind::Release,
    MsgKind::Grant,
    MsgKind::Refused,
    MsgKind::Renewed,
    MsgKind::Lost,
    MsgKind::Read,
    MsgKind::ReadReply,
    MsgKind::Write,
    MsgKind::WriteReply,
];

/// A seeded scenario of the stories' scale: 1 to 3 apps, tens of seconds, up to 5 faults
/// of every kind, either enforcement mode, fence and counter durable or not.
fn random_scenario(rng: &mut Rng) -> Scenario {
    let horizon_ms = 10_000 + rng.up_to(80_000);
    let apps = (0..=rng.up_to(2) as usize)
        .map(|i| random_app(rng, i, horizon_ms))
        .collect();
    let mode = [Mode::Lease, Mode::Lease, Mode::PermanentLock][rng.up_to(2) as usize];
    let resource = match rng.up_to(2) {
        0 => ResourceKind::Inventory {
            stock: rng.up_to(3),
        },
        1 => ResourceKind::Payments {
            invoices: vec![7, 8, 9],
        },
        _ => ResourceKind::Storage,
    };
    let ttl_ms = 1_000 + rng.up_to(30_000);
    let client = [Client::Careful, Client::Naive][rng.up_to(1) as usize];
    let mut s = Scenario::default()
        .with_horizon_ms(horizon_ms)
        .with_apps(apps)
        .with_ttl_ms(ttl_ms)
        .with_network(rng.up_to(200), rng.up_to(100))
        .with_lock_delay_ms([0, 0, rng.up_to(5_000)][rng.up_to(2) as usize])
        .with_seed(rng.next_u64())
        .with_enforcement(rng.up_to(1) == 1)
        .with_fence_reads(rng.up_to(1) == 1)
        .with_mode(mode)
        .with_client(client, rng.up_to(ttl_ms / 4))
        .with_resource(resource)
        .with_enforce([Enforce::HighestToken, Enforce::ExactVersion][rng.up_to(1) as usize])
        .with_durability(rng.up_to(1) == 1, rng.up_to(1) == 1);
    for _ in 0..rng.up_to(5) {
        let fault = random_fault(rng, s.apps.len(), horizon_ms);
        s.faults.push(fault);
    }
    s
}

fn random_app(rng: &mut Rng, i: usize, horizon_ms: u64) -> AppConfig {
    let steps: Vec<Step> = (0..rng.up_to(6))
        .map(|_| match rng.up_to(2) {
            0 => Step::Read,
            1 => Step::Write,
            _ => Step::Work {
                for_ms: rng.up_to(20_000),
            },
        })
        .collect();
    let mut app = AppConfig::new(NAMES[i], "Service")
        .start_ms(rng.up_to(horizon_ms / 2))
        .retry_ms(100 + rng.up_to(3_000))
        .steps(&steps)
        .release_at_end(rng.up_to(3) > 0)
        .clock(
            rng.up_to(4_000) as i64 - 2_000,
            rng.up_to(200_000) as i64 - 100_000,
        );
    app.renew = match rng.up_to(3) {
        0 => Renew::Off,
        1 => Renew::EveryMs(500 + rng.up_to(10_000)),
        _ => Renew::TtlThird,
    };
    if rng.up_to(1) == 1 {
        app = app.check_before_write(rng.up_to(3_000));
    }
    app
}

fn random_fault(rng: &mut Rng, apps: usize, horizon_ms: u64) -> Fault {
    let app = rng.up_to(apps as u64 - 1) as usize;
    let (at_ms, for_ms) = (rng.up_to(horizon_ms), rng.up_to(40_000));
    let nth = 1 + rng.up_to(2) as u32;
    match rng.up_to(9) {
        6 => Fault::duplicate(app, KINDS[rng.up_to(10) as usize], nth, for_ms),
        7 => Fault::reorder(app, KINDS[rng.up_to(10) as usize], nth, for_ms),
        8 => Fault::restart_resource(at_ms),
        9 => Fault::failover(at_ms),
        0 => Fault::pause(app, at_ms, for_ms),
        1 => Fault::pause_after_check(app, nth, for_ms),
        2 => Fault::crash(app, at_ms),
        3 => Fault::delay(app, KINDS[rng.up_to(10) as usize], nth, for_ms),
        4 => Fault::partition(app, at_ms, at_ms + for_ms),
        _ => Fault::clock_jump(app, at_ms, rng.up_to(60_000) as i64 - 30_000),
    }
}

fn random_digest(seen: &mut BTreeSet<String>) -> u64 {
    let mut digest = Fnv::new();
    let mut rng = Rng::new(0x5eed_0fd1_6e57);
    for _ in 0..RANDOM_CASES {
        let s = random_scenario(&mut rng);
        add_run(&mut digest, &s, seen);
    }
    digest.0
}

#[test]
fn every_trace_and_verdict_is_as_recorded() {
    let mut seen = BTreeSet::new();
    let catalog = catalog_digest(&mut seen);
    let random = random_digest(&mut seen);
    assert_eq!(
        (catalog, random),
        (CATALOG_DIGEST, RANDOM_DIGEST),
        "the engine's behaviour changed: catalog {catalog:#x}, random {random:#x}"
    );
    // The corpus is only a proof if it reaches every kind of event and every reason.
    let every = "AppStarted MessageSent MessageDelivered MessageLost LeaseGranted \
        AcquireRefused LeaseRenewed RenewRefused LeaseExpired LeaseReleased ReleaseIgnored \
        BeliefStarted LateReplyIgnored BeliefEnded PauseStarted PauseEnded Crashed \
        ClockJumped PartitionStarted PartitionEnded ReadServed WriteAccepted WriteRejected \
        WriteSkipped ResourceChanged FenceRaised Violation PlanFinished StartedOver \
        ClockSaysExpired ToldLost Released LeaseOver NothingToDo Partition ReceiverCrashed \
        Held LockDelay Acquire Renew Release Grant Refused Renewed Lost Read ReadReply Write \
        WriteReply Oversold PaidTwice LostUpdate MessageCopied ResourceRestarted FailedOver \
        TokenBelowFence VersionChanged Recovering";
    let missing: Vec<&str> = every
        .split_whitespace()
        .filter(|name| !seen.contains(*name))
        .collect();
    assert!(missing.is_empty(), "never seen: {missing:?}");
}
