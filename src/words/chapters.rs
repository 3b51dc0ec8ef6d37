//! The catalog's chapters by name, as the picker heads its groups of stories.

use crate::catalog::Chapter;

/// A chapter's title: "Beyond the lock".
pub fn chapter_title(chapter: Chapter) -> &'static str {
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
