//! The catalog's chapters by their titles, as the picker lists them.

use crate::catalog::Chapter;

/// A chapter's title.
pub fn chapter(chapter: Chapter) -> &'static str {
    match chapter {
        Chapter::Leases => "Locks and leases",
        Chapter::StaleWrites => "Stale writes",
        Chapter::Tokens => "Fencing tokens",
        Chapter::LateMessages => "Late messages and slow clocks",
        Chapter::FenceFails => "When the fence fails",
        Chapter::RealSystems => "Real systems' defaults",
        Chapter::BeyondTheLock => "Beyond the lock",
    }
}

/// Under a story's title card in presentation view: how to go on.
pub const TITLE_CARD_HINT: &str = "PageDown to begin · PageUp for the story before";
