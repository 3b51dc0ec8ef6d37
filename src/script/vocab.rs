//! The format's words: statements, settings, steps, message kinds and fault verbs, shared by
//! the reader and the writer so both spell them alike.

use crate::engine::{Enforce, MsgKind, Tokens, MSG_KIND_NAMES};

/// Words that start a settings or app statement (a fault starts with `@TIME` or an app).
pub const STATEMENTS: [&str; 6] = ["run", "service", "network", "clients", "resource", "app"];
/// Words that may not name an app: they start statements or name the service's parts.
pub const RESERVED: [&str; 8] = [
    "run", "service", "network", "clients", "resource", "app", "leader", "member",
];

/// `run` settings.
pub const RUN_KEYS: [&str; 2] = ["seed", "events"];
/// `service` kinds.
pub const SERVICE_KINDS: [&str; 3] = ["lease", "lock", "none"];
/// `service` settings.
pub const SERVICE_KEYS: [&str; 12] = [
    "lock_delay",
    "first_token",
    "tokens",
    "counter",
    "failover",
    "expiry_lag",
    "members",
    "election",
    "renew_alone",
    "pre_vote",
    "member_jitter",
    "ttl",
];
/// `network` settings.
pub const NETWORK_KEYS: [&str; 2] = ["latency", "jitter"];
/// `clients` kinds.
pub const CLIENT_KINDS: [&str; 2] = ["careful", "naive"];
/// `clients` settings.
pub const CLIENT_KEYS: [&str; 1] = ["allowance"];
/// `resource` kinds.
pub const RESOURCE_KINDS: [&str; 3] = ["inventory", "payments", "file"];
/// `app` settings.
pub const APP_KEYS: [&str; 6] = ["start", "retry", "renew", "check", "clock", "drift"];
/// Plan steps.
pub const STEPS: [&str; 6] = ["acquire", "read", "work", "write", "return", "release"];

/// On/off values.
pub const ON_OFF: [&str; 2] = ["on", "off"];
/// Durable/volatile values.
pub const DURABILITY: [&str; 2] = ["durable", "volatile"];
/// `failover=` values (`restarts` takes `+DURATION`).
pub const FAILOVER: [&str; 2] = ["forgets", "restarts"];
/// `renew=` words (or a duration).
pub const RENEW: [&str; 2] = ["third", "off"];

/// `tokens=` values.
pub const TOKENS: [(&str, Tokens); 4] = [
    ("ordered", Tokens::Ordered),
    ("epochs", Tokens::Epoch),
    ("unordered", Tokens::Unordered),
    ("absent", Tokens::Absent),
];
/// `checks=` values.
pub const CHECKS: [(&str, Enforce); 3] = [
    ("token", Enforce::HighestToken),
    ("version", Enforce::ExactVersion),
    ("value", Enforce::ExactValue),
];
/// The names of [`TOKENS`].
pub const TOKEN_NAMES: [&str; 4] = [TOKENS[0].0, TOKENS[1].0, TOKENS[2].0, TOKENS[3].0];
/// The names of [`CHECKS`].
pub const CHECK_NAMES: [&str; 3] = [CHECKS[0].0, CHECKS[1].0, CHECKS[2].0];
/// The names of [`KINDS`].
pub const KIND_NAMES: [&str; 11] = [
    KINDS[0].0,
    KINDS[1].0,
    KINDS[2].0,
    KINDS[3].0,
    KINDS[4].0,
    KINDS[5].0,
    KINDS[6].0,
    KINDS[7].0,
    KINDS[8].0,
    KINDS[9].0,
    KINDS[10].0,
];

/// The value `table` gives `name` (a name from its own list).
pub fn value_of<T: Copy>(table: &[(&'static str, T)], name: &str) -> Option<T> {
    table.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

/// Message kinds, in `MsgKind` order (the link's names, the engine's table).
pub const KINDS: [(&str, MsgKind); 11] = MSG_KIND_NAMES;

/// Fault verbs after `@TIME APP`.
pub const APP_VERBS: [&str; 4] = ["pauses", "crashes", "is", "clock"];
/// Fault verbs after `@TIME leader` or `@TIME member N`.
pub const MEMBER_VERBS: [&str; 2] = ["crashes", "is"];
/// What a counted message fault does: `arrives … late`, `arrives twice`, `is overtaken`.
pub const MESSAGE_VERBS: [&str; 2] = ["arrives", "is"];

/// The name `table` gives `value`.
pub fn name_of<T: PartialEq + Copy>(table: &[(&'static str, T)], value: T) -> &'static str {
    table
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("?", |(name, _)| name)
}

/// The ordinal of `n`: `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st` …
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
