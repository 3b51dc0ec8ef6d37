//! The catalog's stories, in teaching order, and finding one by its id.

use super::entry::Entry;
use super::{
    beyond, came_back, clients, election, fault_stories, leases, lock_free, outages, stale,
    systems_stories, systems_tokens, tokens,
};

static CATALOG: [Entry; 26] = [
    leases::PERMANENT_OWNERSHIP,
    leases::ACQUIRE_WORK_RENEW,
    leases::GC_PAUSE,
    stale::PAYMENT_SERVICE,
    stale::LAST_ITEM,
    tokens::TOKENS_101_102_103,
    tokens::RESOURCE_ENFORCES,
    tokens::CHECK_NOT_ENOUGH,
    fault_stories::DELAYED_PACKET,
    fault_stories::CLOCK_SKEW,
    clients::LATE_ANSWER,
    outages::COPIED_WRITE,
    outages::FORGOTTEN_FENCE,
    outages::REISSUED_TOKEN,
    fault_stories::LEASES_AND_TOKENS,
    systems_stories::CURATOR_SESSION,
    systems_tokens::KUBERNETES_TWO_LEADERS,
    systems_tokens::DYNAMODB_VERSION_CHECK,
    systems_stories::CONSUL_LOCK_DELAY,
    beyond::ONE_BOX,
    beyond::LEADER_CHANGE,
    beyond::MINORITY_LEADER,
    election::DEPOSED_LEADER,
    lock_free::NO_LOCK,
    came_back::CAME_BACK,
    lock_free::WHICH_PATTERN,
];

/// Every entry, in teaching order.
pub fn catalog() -> &'static [Entry] {
    &CATALOG
}

/// The entry with this id.
pub fn by_id(id: &str) -> Option<&'static Entry> {
    CATALOG.iter().find(|e| e.id == id)
}
