//! The catalog's chapters: its stories, in teaching order, grouped by what they teach, as the
//! picker lists them (their titles are the words layer's).

use super::entry::Entry;
use super::list::catalog;

/// One chapter of the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chapter {
    /// A lock without expiry, and the lease that heals it.
    Leases,
    /// Stale writes of a paused owner.
    StaleWrites,
    /// Fencing tokens and the resource that checks them.
    Tokens,
    /// Late messages and slow clocks.
    LateMessages,
    /// Where the fence itself fails.
    FenceFails,
    /// Real systems' defaults.
    RealSystems,
    /// A replicated service, epochs and no lock at all.
    BeyondTheLock,
}

/// Every chapter and how many stories of the catalog's order it holds, after those before it.
const CHAPTERS: [(Chapter, usize); 7] = [
    (Chapter::Leases, 3),
    (Chapter::StaleWrites, 2),
    (Chapter::Tokens, 3),
    (Chapter::LateMessages, 3),
    (Chapter::FenceFails, 4),
    (Chapter::RealSystems, 4),
    (Chapter::BeyondTheLock, 6),
];

/// Every chapter with its stories, in teaching order.
pub fn chapters() -> impl Iterator<Item = (Chapter, &'static [Entry])> {
    let mut rest = catalog();
    CHAPTERS.iter().map(move |&(chapter, count)| {
        let (stories, after) = rest.split_at(count.min(rest.len()));
        rest = after;
        (chapter, stories)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(chapter: Chapter) -> Vec<&'static str> {
        let (_, stories) = chapters().find(|(c, _)| *c == chapter).unwrap();
        stories.iter().map(|e| e.id).collect()
    }

    #[test]
    fn the_chapters_hold_every_story_once_in_the_catalogs_order() {
        let listed: Vec<&str> = chapters()
            .flat_map(|(_, stories)| stories.iter().map(|e| e.id))
            .collect();
        let all: Vec<&str> = catalog().iter().map(|e| e.id).collect();
        assert_eq!(listed, all);
        assert!(chapters().all(|(_, stories)| !stories.is_empty()));
    }

    #[test]
    fn each_chapter_holds_the_stories_it_is_named_for() {
        assert_eq!(ids(Chapter::Leases)[0], "permanent-ownership");
        assert_eq!(ids(Chapter::Tokens)[0], "tokens-101-102-103");
        assert_eq!(
            ids(Chapter::BeyondTheLock),
            ["one-box", "leader-change", "minority-leader", "deposed-leader", "no-lock", "which-pattern"]
        );
        let systems = ids(Chapter::RealSystems);
        assert!(systems
            .iter()
            .all(|id| crate::catalog::by_id(id).unwrap().system.is_some()));
    }
}
