//! The catalog's chapters: its stories in teaching order, grouped as a course would teach them
//! (the picker lists them under their chapter's title, from [`crate::words::chapters`]).

use super::entry::Entry;
use super::list::catalog;

/// One chapter of the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chapter {
    /// A lock, a lease, and a pause longer than the lease.
    Leases,
    /// What a stale owner's write does to a payment and to stock.
    StaleWrites,
    /// Tokens that grow with every grant, and a resource that checks them.
    Tokens,
    /// A delayed packet, a skewed clock, a late answer.
    LateMessages,
    /// Where the fence itself fails (copies, a forgotten fence, a reissued token), and where
    /// leases and tokens together hold.
    FenceFails,
    /// The stories on real systems' defaults.
    RealSystems,
    /// The service as a replicated group, leader election, and no lock at all.
    BeyondTheLock,
}

/// Every chapter and how many of the catalog's stories it holds, in teaching order.
const CHAPTERS: [(Chapter, usize); 7] = [
    (Chapter::Leases, 3),
    (Chapter::StaleWrites, 2),
    (Chapter::Tokens, 3),
    (Chapter::LateMessages, 3),
    (Chapter::FenceFails, 4),
    (Chapter::RealSystems, 4),
    (Chapter::BeyondTheLock, 7),
];

/// The chapter holding the story `id`, if the catalog has it.
pub fn chapter_of(id: &str) -> Option<Chapter> {
    chapters()
        .find(|(_, entries)| entries.iter().any(|e| e.id == id))
        .map(|(chapter, _)| chapter)
}

/// Every chapter with its stories, in teaching order: together, the whole catalog once.
pub fn chapters() -> impl Iterator<Item = (Chapter, &'static [Entry])> {
    let mut from = 0;
    CHAPTERS.iter().map(move |&(chapter, stories)| {
        let entries = &catalog()[from..from + stories];
        from += stories;
        (chapter, entries)
    })
}
