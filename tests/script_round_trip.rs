//! Written stories round trip (issue 48): a setup's scenario written as a story and read back is
//! the same scenario (and runs the same: the same trace and verdict), and the text read and
//! written again is the same text. Over every catalog story × its own numbers or each real
//! system's × enforcement on and off, as the lab sets them up; over 10 000 random setups
//! (random story, system and knobs, up to 20 faults of every kind, resumes); and over random
//! scenarios that set what no knob sets (seeds, clocks, plans, invoices, tokens …).
#![cfg(not(target_arch = "wasm32"))]

mod digest_support;
mod lab_support;

use digest_support::Fnv;
use fencing_lab::catalog::{catalog, Knob, Knobs, SYSTEMS};
use fencing_lab::engine::{
    run, AppConfig, Client, Enforce, Fault, LeaderChange, Mode, MsgKind, Renew, ResourceKind, Rng,
    Scenario, Step, Tokens, MAX_APPS, MAX_DRIFT_PPM, MAX_EVENTS, MAX_FIRST_TOKEN,
};
use fencing_lab::lab::{flip, set_number, Intent, Setup, SetupIntent};
use fencing_lab::script::{parse, write, MAX_NTH, MAX_TEXT_BYTES};

/// The longest role the reader takes, in characters.
const MAX_ROLE_CHARS: u64 = 60;

/// Random setups the second test reads back.
const SETUPS: usize = 10_000;
/// Random scenarios the third test reads back.
const SCENARIOS: usize = 3_000;

/// A digest of `scenario`'s run: its trace and verdict, or its error.
fn digest(scenario: &Scenario) -> u64 {
    let mut digest = Fnv::new();
    match run(scenario) {
        Ok(run) => {
            digest.add(&format!("{:?}", run.trace));
            digest.add(&format!("{:?}", run.verdict));
        }
        Err(error) => digest.add(&format!("{error:?}")),
    }
    digest.0
}

/// `scenario` written, read back and written again: the scenario read back, or what went wrong
/// (the text, and what the reader said or gave).
fn round_trip(scenario: &Scenario) -> Result<Scenario, String> {
    let text = write(scenario);
    let back = parse(&text).map_err(|errors| format!("{text}refused: {errors:?}"))?;
    if back != *scenario {
        return Err(format!("{text}wrote {scenario:?}\nread  {back:?}"));
    }
    let again = write(&back);
    if again != text {
        return Err(format!("{text}written again:\n{again}"));
    }
    Ok(back)
}

/// Panics with the first few of `failures` (each a case and what went wrong), if any.
fn none_failed(failures: &[String], cases: usize) {
    assert!(
        failures.is_empty(),
        "{} of {cases} round trips failed; the first:\n\n{}",
        failures.len(),
        failures[..failures.len().min(3)].join("\n\n")
    );
}

#[test]
fn every_catalog_story_on_every_system_either_way_reads_back_and_runs_the_same() {
    let mut failures = Vec::new();
    let mut cases = 0;
    for entry in catalog() {
        for system in std::iter::once(None).chain(SYSTEMS.map(Some)) {
            for enforcing in [true, false] {
                let mut lab = lab_support::lab(entry.id);
                let _ = lab_support::act(&mut lab, Intent::Setup(SetupIntent::SetSystem(system)));
                if lab.setup.knobs.enforcement != enforcing {
                    let flip = Intent::Setup(SetupIntent::Flip(Knob::Enforcement));
                    let _ = lab_support::act(&mut lab, flip);
                }
                let scenario = lab.setup.scenario();
                cases += 1;
                let case = format!("{} on {system:?}, enforcement {enforcing}", entry.id);
                match round_trip(&scenario) {
                    Ok(back) if digest(&back) != digest(&scenario) => {
                        failures.push(format!("{case}: the run differs"));
                    }
                    Ok(_) => {}
                    Err(why) => failures.push(format!("{case}:\n{why}")),
                }
            }
        }
    }
    assert_eq!(cases, catalog().len() * (SYSTEMS.len() + 1) * 2);
    none_failed(&failures, cases);
}

/// A number in `0..n`.
fn below(rng: &mut Rng, n: u64) -> u64 {
    rng.up_to(n.max(1) - 1)
}

/// A duration of any form the writer knows: none, ms, whole or fractional seconds, minutes,
/// hours, or any up to a day.
fn duration(rng: &mut Rng) -> u64 {
    match below(rng, 7) {
        0 => 0,
        1 => 1 + below(rng, 999),
        2 => 1_000 * (1 + below(rng, 120)),
        3 => 1_000 + below(rng, 119_000),
        4 => 60_000 * (1 + below(rng, 90)),
        5 => 3_600_000 * (1 + below(rng, 24)),
        _ => below(rng, 86_400_001),
    }
}

/// A message kind.
fn kind(rng: &mut Rng) -> MsgKind {
    use MsgKind::*;
    let kinds = [
        Acquire, Renew, Release, Grant, Refused, Renewed, Lost, Read, ReadReply, Write, WriteReply,
    ];
    kinds[below(rng, kinds.len() as u64) as usize]
}

/// A valid fault of any kind for `s` (on a member only where the service has members).
fn fault(rng: &mut Rng, s: &Scenario) -> Fault {
    let app = below(rng, s.apps.len() as u64) as usize;
    let at_ms = below(rng, s.horizon_ms + 1);
    let ms = duration(rng);
    let nth = match below(rng, 10) {
        0 => MAX_NTH,
        _ => 1 + below(rng, 30) as u32,
    };
    let member = match below(rng, s.members as u64 + 1) {
        0 => None,
        m => Some(m as usize - 1),
    };
    match below(rng, if s.members > 1 { 12 } else { 10 }) {
        0 => Fault::pause(app, at_ms, ms),
        1 => Fault::crash(app, at_ms),
        2 => Fault::partition(app, at_ms, at_ms + ms),
        3 => Fault::clock_jump(app, at_ms, ms as i64 * [1, -1][below(rng, 2) as usize]),
        4 => Fault::RestartResource { at_ms },
        5 => Fault::Failover { at_ms },
        6 => Fault::pause_after_check(app, nth, ms),
        7 => Fault::delay(app, kind(rng), nth, ms),
        8 => Fault::duplicate(app, kind(rng), nth, ms),
        9 => Fault::reorder(app, kind(rng), nth, ms),
        10 => Fault::CrashMember {
            member,
            at_ms,
            for_ms: ms,
        },
        _ => Fault::CutMember {
            member,
            at_ms,
            for_ms: ms,
        },
    }
}

/// Random knobs for `knobs`' story, as the lab's switches, sliders and system chooser set them.
fn random_knobs(rng: &mut Rng, story: Knobs) -> Knobs {
    let mut knobs = match below(rng, SYSTEMS.len() as u64 + 2) as usize {
        0 => story,
        1 => story.without_system(&story),
        n => story.with_system(SYSTEMS[n - 2]),
    };
    for knob in [
        Knob::Enforcement,
        Knob::Mode,
        Knob::Renewals,
        Knob::CheckBeforeWrite,
        Knob::CarefulClient,
        Knob::ExactVersion,
        Knob::FenceDurable,
        Knob::CounterDurable,
        Knob::Epochs,
        Knob::PreVote,
        Knob::Members,
    ] {
        if below(rng, 4) == 0 {
            flip(&mut knobs, knob);
        }
    }
    for (knob, min, values, step) in [
        (Knob::Ttl, 1_000, 120, 1_000),
        (Knob::Pause, 0, 121, 1_000),
        (Knob::Latency, 0, 501, 10),
        (Knob::Stock, 0, 11, 1),
        (Knob::Members, 1, 3, 2),
    ] {
        if below(rng, 3) == 0 {
            set_number(&mut knobs, knob, min + below(rng, values) * step);
        }
    }
    if below(rng, 4) == 0 {
        knobs.member_jitter_ms = below(rng, 1_001);
    }
    knobs
}

/// A random setup: a story, knobs, up to 20 faults of every kind and up to 3 resumes.
fn random_setup(rng: &mut Rng) -> Setup {
    let entry = &catalog()[below(rng, catalog().len() as u64) as usize];
    let mut setup = Setup {
        entry_id: entry.id.to_string(),
        knobs: random_knobs(rng, Knobs::defaults_for(entry)),
        user_faults: Vec::new(),
        resumes: Vec::new(),
        recording: None,
        shipped: None,
    };
    let base = setup.scenario();
    for _ in 0..below(rng, 21) {
        setup.user_faults.push(fault(rng, &base));
    }
    for _ in 0..below(rng, 4) {
        let app = below(rng, base.apps.len() as u64) as usize;
        setup.resumes.push((app, below(rng, base.horizon_ms + 1)));
    }
    setup
}

#[test]
fn ten_thousand_random_setups_read_back() {
    let mut rng = Rng::new(48);
    let (mut failures, mut invalid) = (Vec::new(), 0);
    for i in 0..SETUPS {
        let setup = random_setup(&mut rng);
        let scenario = setup.scenario();
        if scenario.validate().is_err() {
            invalid += 1;
            continue;
        }
        if let Err(why) = round_trip(&scenario) {
            failures.push(format!(
                "setup {i} ({}, {:?}):\n{why}",
                setup.entry_id, setup.knobs
            ));
        }
    }
    assert!(
        invalid < SETUPS / 10,
        "{invalid} of {SETUPS} setups are not valid scenarios"
    );
    none_failed(&failures, SETUPS - invalid);
}

/// App names: words of every shape, some that look like the format's own words (which only
/// the statement's place tells apart), capitalised statement words, and one as long as a name
/// may be.
const NAMES: [&str; 17] = [
    "A", "B", "C", "Worker", "w2", "pay-1", "x_y", "Z9", "Run", "Leader", "is", "clock", "does",
    "start", "for", "crashes", LONG_NAME,
];
/// A name as long as a name may be (24 characters).
const LONG_NAME: &str = "the24charactersLongName_";

/// Characters a role is made of: quotes and backslashes (escaped), the format's own marks
/// (`#`, `;`, `,`, `=`), spaces and letters beyond ASCII; short, or as long as a role may be.
const ROLE_CHARS: [char; 12] = ['a', 'Z', ' ', '"', '\\', '#', ';', ',', '=', 'é', '✓', '@'];

/// A random app called `name` for a run of `horizon_ms`: every setting, any plan.
fn app(rng: &mut Rng, name: &str, horizon_ms: u64) -> AppConfig {
    let role: String = (0..[below(rng, 12), MAX_ROLE_CHARS][below(rng, 2) as usize])
        .map(|_| ROLE_CHARS[below(rng, ROLE_CHARS.len() as u64) as usize])
        .collect();
    let steps: Vec<Step> = (0..below(rng, 6))
        .map(|_| match below(rng, 4) {
            0 => Step::Read,
            1 => Step::Work {
                for_ms: duration(rng),
            },
            2 => Step::Write,
            _ => Step::Return,
        })
        .collect();
    let mut app = AppConfig::new(name, &role)
        .start_ms(below(rng, horizon_ms + 1))
        .retry_ms(duration(rng).max(1))
        .steps(&steps)
        .release_at_end(below(rng, 2) == 0);
    app.renew = match below(rng, 3) {
        0 => Renew::TtlThird,
        1 => Renew::Off,
        _ => Renew::EveryMs(duration(rng).max(1)),
    };
    if below(rng, 2) == 0 {
        app = app.check_before_write(duration(rng));
    }
    let sign = [1, -1][below(rng, 2) as usize];
    let drift = below(rng, MAX_DRIFT_PPM as u64 + 1) as i64;
    app.clock(
        sign * duration(rng) as i64,
        [0, drift, -drift][below(rng, 3) as usize],
    )
}

/// A random scenario that sets what no knob sets: every field of the service, the network,
/// the clients and the resource, 1 to 16 apps and up to 20 faults.
fn any_scenario(rng: &mut Rng) -> Scenario {
    let mut s = Scenario::default();
    s.seed = maybe(rng.next_u64(), 0, rng);
    s.horizon_ms = duration(rng).max(1);
    s.max_events = maybe(1 + below(rng, MAX_EVENTS), s.max_events, rng);
    s.ttl_ms = duration(rng).max(1);
    s.first_token = maybe(1 + below(rng, MAX_FIRST_TOKEN), 101, rng);
    s.mode = [Mode::Lease, Mode::PermanentLock, Mode::NoLock][below(rng, 3) as usize];
    s.lock_delay_ms = maybe(duration(rng), 0, rng);
    s.latency_ms = maybe(duration(rng), 50, rng);
    s.jitter_ms = maybe(duration(rng), 0, rng);
    s.enforce = [
        Enforce::HighestToken,
        Enforce::ExactVersion,
        Enforce::ExactValue,
    ][below(rng, 3) as usize];
    s.tokens = [
        Tokens::Ordered,
        Tokens::Epoch,
        Tokens::Unordered,
        Tokens::Absent,
    ][below(rng, 4) as usize];
    s.fence_durable = below(rng, 2) == 0;
    s.counter_durable = below(rng, 2) == 0;
    s.fence_reads = below(rng, 2) == 0;
    s.leader_change = match below(rng, 2) {
        0 => LeaderChange::ForgetsLeases,
        _ => LeaderChange::RestartsLeases {
            extend_ms: duration(rng),
        },
    };
    if s.mode != Mode::PermanentLock {
        s.members = [1, 3, 5][below(rng, 3) as usize];
    }
    s.election_timeout_ms = maybe(10 + below(rng, 59_991), 1_000, rng);
    s.renew_alone = below(rng, 2) == 0;
    s.pre_vote = below(rng, 2) == 0;
    s.member_jitter_ms = maybe(below(rng, 1_001), 0, rng);
    s.expiry_lag_ms = maybe(duration(rng), 0, rng);
    s.client = [Client::Careful, Client::Naive][below(rng, 2) as usize];
    s.drift_allowance_ms = maybe(below(rng, s.ttl_ms), 0, rng);
    s.resource = match below(rng, 3) {
        0 => ResourceKind::Inventory {
            stock: maybe(below(rng, 1_000_001), 1, rng),
        },
        1 => ResourceKind::Payments {
            invoices: (0..below(rng, 65)).map(|i| i as u32 * 7 + 1).collect(),
        },
        _ => ResourceKind::Storage,
    };
    let mut names = NAMES.to_vec();
    let horizon_ms = s.horizon_ms;
    s.apps = (0..1 + below(rng, MAX_APPS as u64))
        .map(|_| {
            let name = names.remove(below(rng, names.len() as u64) as usize);
            app(rng, name, horizon_ms)
        })
        .collect();
    s.faults = (0..below(rng, 21)).map(|_| fault(rng, &s)).collect();
    s.enforcing(below(rng, 2) == 0)
}

/// `value` or (half the time) `default`.
fn maybe(value: u64, default: u64, rng: &mut Rng) -> u64 {
    match below(rng, 2) {
        0 => default,
        _ => value,
    }
}

#[test]
fn random_scenarios_of_every_setting_read_back() {
    let mut rng = Rng::new(4_800);
    let (mut failures, mut left_out) = (Vec::new(), 0);
    for i in 0..SCENARIOS {
        let scenario = any_scenario(&mut rng);
        if scenario.validate().is_err() || write(&scenario).len() > MAX_TEXT_BYTES {
            left_out += 1;
            continue;
        }
        if let Err(why) = round_trip(&scenario) {
            failures.push(format!("scenario {i}:\n{why}"));
        }
    }
    assert!(
        left_out < SCENARIOS / 5,
        "{left_out} of {SCENARIOS} left out"
    );
    none_failed(&failures, SCENARIOS - left_out);
}
