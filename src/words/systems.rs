//! Words about real lock services: each preset's facts, what the lab leaves out, the line
//! that says whose numbers a run uses, and the "Who fences?" verdicts.

use crate::catalog::{Allowance, Cadence, Fact, Fate, Knobs, Preset, Row, System};
use crate::engine::{Client, Enforce, LeaderChange, Scenario, Tokens};
use crate::units::time;

/// The fact's name, as the settings list it.
pub fn fact_name(fact: Fact) -> &'static str {
    match fact {
        Fact::Lease => "Lease",
        Fact::Renewal => "Renewal",
        Fact::LockDelay => "Lock delay",
        Fact::Client => "Client",
        Fact::Token => "Token",
        Fact::LeaderChange => "Leader change",
    }
}

/// One fact of `preset`, in a phrase ("60 s session TTL (default; deployments change it)").
pub fn fact(preset: &Preset, fact: Fact) -> String {
    match fact {
        Fact::Lease => lease(preset),
        Fact::Renewal => renewal(preset),
        Fact::LockDelay => lock_delay(preset),
        Fact::Client => client(preset),
        Fact::Token => token(preset.system).into(),
        Fact::LeaderChange if preset.pre_vote => format!(
            "{}; a member back from a cut asks for pre-votes first and forces no election \
             (PreVote: off in etcd 3.4, on since 3.5)",
            leader_change(preset)
        ),
        Fact::LeaderChange => leader_change(preset),
    }
}

fn leader_change(p: &Preset) -> String {
    match p.leader_change {
        LeaderChange::RestartsLeases { .. } if p.restart_ttls > 1 => format!(
            "a new leader keeps every session and times it for {} TTLs, {} (Consul times every \
             reset so; the lab, only a new leader's)",
            p.restart_ttls,
            time(p.ttl_ms.saturating_mul(p.restart_ttls))
        ),
        LeaderChange::RestartsLeases { extend_ms: 0 } => {
            "a new leader keeps every lease and starts its whole TTL again".into()
        }
        LeaderChange::RestartsLeases { extend_ms } => format!(
            "a new leader keeps every lease and starts its whole TTL again, plus {} (the election \
             timeout)",
            time(extend_ms)
        ),
        LeaderChange::ForgetsLeases if p.system == System::Redlock => format!(
            "a restarted instance knows no lock and grants nothing for {} (delayed restarts)",
            time(p.ttl_ms)
        ),
        LeaderChange::ForgetsLeases => format!(
            "the lab's cautious model: a new leader knows no lease and grants nothing for {}",
            time(p.ttl_ms)
        ),
    }
}

fn lease(p: &Preset) -> String {
    let ttl = time(p.ttl_ms);
    match p.system {
        System::Etcd => format!("session TTL {ttl}, a default that deployments change (minimum 2 s with default election settings); the server finds an ended lease up to 500 ms late (the lab: {})", time(p.expiry_lag_ms)),
        System::ZooKeeper => format!("session {ttl}: Curator asks for 60 s; the sample tickTime of 2 s caps sessions at 20 × tickTime (the built-in 3 s would grant 60 s)"),
        System::Consul => format!("lock session TTL {ttl} by default (sessions allow 10 s to 24 h)"),
        System::Chubby => format!("lease {ttl} by default, extended by KeepAlive"),
        System::Kubernetes => format!("LeaseDuration {ttl}, component-base's default (client-go sets none)"),
        System::DynamoDb => format!("lease {ttl} by default"),
        System::Redlock => format!("TTL {ttl}, as in the documentation's example: each caller chooses its own"),
    }
}

fn renewal(p: &Preset) -> String {
    let every = |ttl_ms| p.cadence.period_ms(ttl_ms).map_or(String::new(), time);
    match p.cadence {
        Cadence::Never => "none: the lock holds for its TTL and is not extended".into(),
        _ => match p.system {
            System::Etcd => format!("keepalive every {} (a third of the TTL)", every(p.ttl_ms)),
            System::ZooKeeper => format!(
                "ping every {} (a third of the session) when idle",
                every(p.ttl_ms)
            ),
            System::Consul => format!("renews every {} (half the TTL)", every(p.ttl_ms)),
            System::Chubby => format!(
                "KeepAlive held by the master; the lab renews every {}",
                every(p.ttl_ms)
            ),
            System::Kubernetes => format!(
                "retries its renewal every {} (RetryPeriod)",
                every(p.ttl_ms)
            ),
            _ => format!("heartbeat every {}", every(p.ttl_ms)),
        },
    }
}

fn lock_delay(p: &Preset) -> String {
    match p.system {
        _ if p.lock_delay_ms == 0 => "none".into(),
        System::Chubby => format!(
            "up to {} (clients choose; the lab uses the bound)",
            time(p.lock_delay_ms)
        ),
        _ => format!(
            "{} by default after a session is invalidated",
            time(p.lock_delay_ms)
        ),
    }
}

fn client(p: &Preset) -> String {
    let early = |ttl_ms| time(p.allowance.ms(ttl_ms));
    match (p.client, p.allowance) {
        (Client::Naive, _) => {
            "counts its lease from the reply, so the round trip is added to it".into()
        }
        (Client::Careful, Allowance::None) => "counts its lease from its request".into(),
        (Client::Careful, Allowance::TtlThird) if p.system == System::Kubernetes => format!(
            "steps down at RenewDeadline 10 s, {} before the lease ends",
            early(p.ttl_ms)
        ),
        (Client::Careful, Allowance::TtlThird) => format!(
            "gives up at two thirds of the session (Curator's SUSPENDED), {} early",
            early(p.ttl_ms)
        ),
        (Client::Careful, Allowance::RedlockDrift) => format!(
            "validity = TTL − time to acquire − drift (1 % of the TTL + 2 ms = {})",
            early(p.ttl_ms)
        ),
    }
}

/// What `system`'s grant carries, and whether a resource could check it.
pub fn token(system: System) -> &'static str {
    match system {
        System::Etcd => "the lock key's create revision: ordered, kept across failover, checkable in a transaction",
        System::ZooKeeper => "the lock node's sequence number or czxid: ordered",
        System::Consul => "the sequencer (Key, LockIndex, Session): LockIndex is ordered",
        System::Chubby => "a sequencer (lock name, mode, generation number): ordered",
        System::Kubernetes => "none: leaseTransitions rises at each change of holder and could serve as an epoch, but client-go does not hand it to the app",
        System::DynamoDb => "a record version number, a random UUID: equal or not, never older or newer",
        System::Redlock => "none: the lock's value is random, not a number that grows",
    }
}

/// What the lab leaves out of `system`, in one sentence.
pub fn not_modelled(system: System) -> &'static str {
    match system {
        System::Etcd => "Not modelled: the client's gRPC retries and a lease revoked by hand.",
        System::ZooKeeper => "Not modelled: Curator's 15 s connection timeout and its LOST, a session after SUSPENDED; ZooKeeper counts its two thirds from the last reply, the lab from the request.",
        System::Consul => "Not modelled: after a renewal too, the server keeps a session up to twice its TTL before reaping it, which makes the real window wider.",
        System::Chubby => "Not modelled: the client's 45 s grace period (jeopardy), during which the application's calls wait rather than write.",
        System::Kubernetes => "Not modelled: the API server's own resourceVersion checks on the objects a leader writes.",
        System::DynamoDb => "Not modelled: the waiter's own lease timer; the lab's service expires the lease for it.",
        System::Redlock => "Not modelled: the five independent Redis nodes and redlock-rb's three tries, a random 0–200 ms apart.",
    }
}

/// The system's own caveat, as its documentation or its critics put it.
pub fn caveat(system: System) -> &'static str {
    match system {
        System::Etcd => "The revision survives a leader change, so tokens never go backwards.",
        System::ZooKeeper => "Curator Tech Note 10: a 3 s session and a 10 s GC pause give two holders.",
        System::Consul => "Consul's own documentation says its locks prefer liveness over safety.",
        System::Chubby => "The paper adds lock-delay for clients that do not check sequencers.",
        System::Kubernetes => "The leaderelection package says it does not provide fencing.",
        System::DynamoDb => "A waiter takes over after a full lease of seeing no change.",
        System::Redlock => "Kleppmann (2016) showed that it cannot fence; the Redis documentation now advises a fencing token.",
    }
}

/// The line over the narration: whose numbers this run uses, what was changed by hand, and
/// what the run on screen (`scenario`) does with them.
pub fn in_use(knobs: &Knobs, story_defaults: &Knobs, scenario: &Scenario) -> Option<String> {
    let system = knobs.system?;
    let preset = system.preset();
    let given = story_defaults.with_system(system);
    let mut changed = Vec::new();
    if knobs.ttl_ms != given.ttl_ms {
        changed.push(format!("lease {}", time(knobs.ttl_ms)));
    }
    if knobs.careful_client != given.careful_client {
        changed.push("the client's counting".to_string());
    }
    if knobs.renewals != given.renewals {
        changed.push(format!(
            "renewals {}",
            if knobs.renewals { "on" } else { "off" }
        ));
    }
    if knobs.by_version != given.by_version {
        changed.push("the resource's check".to_string());
    }
    Some(if changed.is_empty() {
        format!("On {}'s defaults: {}.", preset.name, summary(scenario))
    } else {
        format!(
            "On {}'s defaults, changed here: {}; this run: {}.",
            preset.name,
            crate::units::joined(&changed, ", "),
            summary(scenario)
        )
    })
}

/// What `s` does: "lease 60 s, renewed every 20 s, no lock delay, ordered tokens".
pub fn summary(s: &Scenario) -> String {
    let renew = s
        .apps
        .iter()
        .find_map(|a| a.renew_period_ms(s.ttl_ms))
        .map_or("not renewed".to_string(), |ms| {
            format!("renewed every {}", time(ms))
        });
    let delay = match s.lock_delay_ms {
        0 => "no lock delay".to_string(),
        ms => format!("lock delay {}", time(ms)),
    };
    let tokens = match s.tokens {
        Tokens::Ordered => "ordered tokens",
        Tokens::Epoch => "leader epochs",
        Tokens::Unordered => "unordered versions",
        Tokens::Absent => "no token",
    };
    format!("lease {}, {renew}, {delay}, {tokens}", time(s.ttl_ms))
}

/// Why the enforcement switch cannot be turned on, if it cannot.
pub fn cannot_enforce(knobs: &Knobs) -> Option<String> {
    if knobs.can_enforce() {
        return None;
    }
    let system = knobs.system?;
    Some(format!(
        "{} hands out no token a resource could compare by order. Switch on \"Enforce by version\" \
         to let the resource compare versions instead.",
        system.preset().name
    ))
}

/// Why the enforcement switch cannot be turned on in the run on screen (its scenario `s`), if it
/// cannot: the run's own answer (`Scenario::can_enforce`), said as the knobs explain it.
pub fn cannot_enforce_run(knobs: &Knobs, s: &Scenario) -> Option<String> {
    if s.can_enforce() {
        return None;
    }
    Some(cannot_enforce(knobs).unwrap_or_else(|| {
        "This story's grants carry no token a resource could compare by order. Switch on \
         \"Enforce by version\" to let the resource compare versions instead."
            .into()
    }))
}

/// What the timeline's token numbers mean when the system has no ordered token.
pub fn numbers_note(knobs: &Knobs) -> Option<String> {
    let system = knobs.system?;
    let name = system.preset().name;
    match system.preset().tokens {
        Tokens::Ordered | Tokens::Epoch => None,
        Tokens::Unordered => Some(format!(
            "{name}'s version numbers are random; the lab numbers each grant (grant #1, #2 …) so you \
             can tell them apart, and only an equal version passes the resource's check."
        )),
        Tokens::Absent => Some(format!(
            "{name} hands out no fencing token; the lab numbers each grant (grant #1, #2 …) so you \
             can tell them apart, and nothing carries those numbers to the resource."
        )),
    }
}

/// The verdict of one "Who fences?" row, in a few words.
pub fn fate(fate: Fate) -> &'static str {
    match fate {
        Fate::Rejected => "Stale write rejected",
        Fate::Accepted => "Stale write accepted",
        Fate::Unfenceable => "Cannot fence: stale write accepted",
        Fate::NoneArrived => "No stale write arrived",
    }
}

/// Why the row ended as it did, in one sentence.
pub fn why(row: &Row) -> String {
    let preset = row.system.preset();
    match (row.fate, preset.enforce) {
        (Fate::Rejected, Some(Enforce::ExactVersion)) => format!(
            "The resource compares versions: A's write was based on a version B had already replaced, so it failed, although {}'s version numbers have no order.",
            preset.name
        ),
        (Fate::Rejected, _) => format!(
            "A's token is lower than B's, and the resource, checking {}, turned A away.",
            short_token(row.system)
        ),
        (Fate::Unfenceable, _) => format!(
            "A woke after {} of pause and wrote what it had computed before it: {} gives the resource nothing to check.",
            time(row.pause_ms),
            preset.name
        ),
        (Fate::Accepted, _) => "The resource took A's stale write: its check was off or came too late.".into(),
        (Fate::NoneArrived, _) => "A never wrote after its lease ended.".into(),
    }
}

fn short_token(system: System) -> &'static str {
    match system {
        System::Etcd => "the create revision",
        System::ZooKeeper => "the sequence number",
        System::Consul => "the LockIndex",
        System::Chubby => "the sequencer",
        _ => "the token",
    }
}

/// The "Who fences?" dialog's title, and the button that opens it.
pub const WHO_FENCES: &str = "Who fences?";

/// The "Who fences?" table's column of systems.
pub const SYSTEM: &str = "System";
/// The column of each system's lease and the pause that outlasts it.
pub const LEASE_PAUSE: &str = "Lease · pause · check";
/// The column of what each system's grant carries.
pub const TOKEN: &str = "Token";
/// The column of what became of the stale write.
pub const STALE_WRITE: &str = "Stale write";

/// The accessible name of the button that loads a row's run.
pub fn use_defaults(system: &str) -> String {
    format!("Load this run: the GC-pause story on {system}'s defaults")
}

/// The run a row judges, in a table cell: "60 s · 1 min 20 s · check on".
pub fn row_run(row: &Row) -> String {
    let check = if row.scenario.enforcement {
        "check on"
    } else {
        "nothing to check"
    };
    format!(
        "{} · {} · {check}",
        time(row.knobs.ttl_ms),
        time(row.pause_ms)
    )
}

/// A fact's tooltip, naming where it comes from.
pub fn source(source: &str) -> String {
    format!("Source: {source}")
}

/// The label of the preset chooser.
pub const REAL_SYSTEM: &str = "Real system";
/// The preset chooser's option for no system.
pub const OWN_NUMBERS: &str = "The story's own numbers";
/// The fold that lists a system's sources.
pub const SOURCES: &str = "Sources";

/// What "Who fences?" runs, in one sentence.
pub const WHO_FENCES_INTRO: &str =
    "Each row is its own run of the GC-pause story on that system's defaults: A reads, freezes, \
     wakes and writes, while B takes over. Each pause outlasts that system's lease and lock delay \
     by a third, and the resource checks whatever the system's grant carries. \"Use\" loads \
     exactly that run.";
