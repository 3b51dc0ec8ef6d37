//! The side panels in words: the resource panel (its state, ledger or versions, and its
//! counts), the event log, the scenario picker, the protocol settings and the story panel.

use crate::engine::{Enforce, Scenario};

/// The resource panel's title, before the playhead's time.
pub const RESOURCE_AT: &str = "The resource at ";
/// What the resource checks in `s`: tokens, versions, or nothing.
pub fn checks(s: &Scenario) -> String {
    let word = crate::catalog::token_word(s);
    match (s.enforcement, s.enforce) {
        (false, _) => "No check: accepts every write".into(),
        (true, Enforce::ExactVersion) => {
            "✓ Checks versions: rejects a write whose version changed".into()
        }
        (true, Enforce::ExactValue) => {
            "✓ Checks values: rejects a write unless the value it read is still there".into()
        }
        _ => format!("✓ Checks {word}s: rejects any {word} lower than the highest seen"),
    }
}
/// The count of the highest token (or epoch) the resource has seen (shown only where tokens
/// are ordered).
pub fn highest_seen(s: &Scenario) -> String {
    format!("Highest {} seen", crate::catalog::token_word(s))
}
/// The highest token when the resource has seen none.
pub const NO_TOKEN: &str = "none";
/// The count of accepted writes.
pub const WRITES_ACCEPTED: &str = "Writes accepted";
/// The count of rejected writes.
pub const WRITES_REJECTED: &str = "Writes rejected";

/// A reservation: "Customer of A (token 3)" (`token`: the grant in brackets as
/// [`super::tagged`] says it, nothing where there is no lock).
pub fn customer(app: &str, token: &str) -> String {
    format!("Customer of {app}{token}")
}
/// The mark on a reservation past the stock.
pub const NO_ITEM_LEFT: &str = " ⚠ no item left for this one";
/// After the stock figure.
pub const IN_STOCK: &str = " in stock";
/// After " in stock": out of how many.
pub fn of_initial(initial_stock: u64) -> String {
    format!(" of {initial_stock}")
}
/// The title of the list of reservations.
pub const RESERVATIONS: &str = "Reservations";

/// An invoice nobody paid.
pub fn unpaid(invoice: u32) -> String {
    format!("Invoice {invoice}: unpaid")
}
/// An invoice paid once, by `who` ("A (3)").
pub fn paid(invoice: u32, who: &str) -> String {
    format!("Invoice {invoice}: paid by {who}")
}
/// An invoice paid `times` times, by `who` ("A (3), B (4)").
pub fn paid_times(invoice: u32, times: usize, who: &str) -> String {
    format!("Invoice {invoice}: paid {times}× by {who}")
}
/// The mark on an invoice paid twice.
pub const DOUBLE_PAYMENT: &str = " ⚠ double payment";
/// The title of the payments ledger.
pub const BANK_LEDGER: &str = "Bank ledger";

/// A file version: "v3 by A (token 2), from v2" (`token`: as in [`customer`]).
pub fn version(version: u64, app: &str, token: &str, based_on: u64) -> String {
    format!("v{version} by {app}{token}, from v{based_on}")
}
/// The mark on a version built on an old one.
pub const OLD_VERSION: &str = " ⚠ built on an old version";
/// The title of the list of file versions.
pub const FILE_VERSIONS: &str = "File versions";

/// The event log's title.
pub const EVENT_LOG: &str = "Event log";
/// The event log's order, after its title.
pub const NEWEST_FIRST: &str = " newest first";

/// The scenario picker's label.
pub const SCENARIO: &str = "Scenario";

/// The settings panel's title.
pub const PROTOCOL: &str = "Protocol";
/// The settings panel's note in a run with no lock (its lease settings are hidden).
pub const NO_LOCK_NOTE: &str = "No lock: nobody asks the coordination service for anything. \
    An app whose write the resource refuses as changed since its read starts its work over.";

/// The story panel's title.
pub const THE_STORY: &str = "The story";
/// The title of the story's steps that are not true of this run.
pub const NOT_IN_RUN: &str = "Not in this run";
