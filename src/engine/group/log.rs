//! A member's replicated log: entries numbered from 1, each with the term it was written in.
//!
//! The log holds what the lease table does (an operation per entry). A lease's fencing token
//! is the index of the entry that granted it, so tokens grow with the log and never repeat
//! once committed (a committed entry is never removed: Raft's leader completeness).

/// What one log entry asks the lease table to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Written by every new leader: committing it commits everything before it.
    Noop,
    /// Give the lease to `app`, which asked at `asked_ms` (its own clock).
    Grant { app: usize, asked_ms: i64 },
    /// Extend `app`'s lease of `token`.
    Renew {
        app: usize,
        token: u64,
        asked_ms: i64,
    },
    /// `app` gives its lease of `token` back.
    Release { app: usize, token: u64 },
    /// The leader's timer for the lease of `token` ran out.
    Revoke { token: u64 },
}

/// One entry: an operation and the term of the leader that wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub term: u64,
    pub op: Op,
}

/// A member's log. Index 0 is "before the first entry" (term 0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    entries: Vec<Entry>,
}

impl Log {
    /// Makes this log equal to `source`, reusing its room (`room.rs`).
    pub(super) fn copy_from(&mut self, source: &Log) {
        self.entries.clone_from(&source.entries);
    }

    /// The index of the last entry (0 when empty).
    pub fn last_index(&self) -> u64 {
        self.entries.len() as u64
    }

    /// The term of the entry at `index` (0 for index 0); `None` past the end.
    pub fn term_at(&self, index: u64) -> Option<u64> {
        if index == 0 {
            return Some(0);
        }
        self.entry(index).map(|e| e.term)
    }

    /// The term of the last entry (0 when empty).
    pub fn last_term(&self) -> u64 {
        self.entries.last().map_or(0, |e| e.term)
    }

    /// The entry at `index` (1-based).
    pub fn entry(&self, index: u64) -> Option<Entry> {
        let i = usize::try_from(index.checked_sub(1)?).ok()?;
        self.entries.get(i).copied()
    }

    /// Appends `entry` and returns its index.
    pub fn append(&mut self, entry: Entry) -> u64 {
        self.entries.push(entry);
        self.last_index()
    }

    /// The entries after `index`, at most `most` of them.
    pub fn after(&self, index: u64, most: usize) -> &[Entry] {
        let from = usize::try_from(index)
            .unwrap_or(usize::MAX)
            .min(self.entries.len());
        let to = from.saturating_add(most).min(self.entries.len());
        &self.entries[from..to]
    }

    /// Whether a log ending at (`last_index`, `last_term`) is at least as up to date as this
    /// one (Raft's election restriction: a later last term wins, then a longer log).
    pub fn behind_or_equal(&self, last_index: u64, last_term: u64) -> bool {
        (last_term, last_index) >= (self.last_term(), self.last_index())
    }

    /// Writes `entries` after `prev_index` as a leader sent them: an entry that differs in
    /// term from the one it meets removes that one and everything after it (Raft's log
    /// matching); entries already there are kept. Returns the index of the last one written.
    pub fn accept(&mut self, prev_index: u64, entries: &[Entry]) -> u64 {
        let mut index = prev_index;
        for entry in entries {
            index += 1;
            match self.term_at(index) {
                Some(term) if term == entry.term => {}
                Some(_) => {
                    let keep = usize::try_from(index - 1).expect("a log fits in memory");
                    self.entries.truncate(keep);
                    self.entries.push(*entry);
                }
                None => {
                    self.entries.push(*entry);
                }
            }
        }
        index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOOP1: Entry = Entry {
        term: 1,
        op: Op::Noop,
    };
    const NOOP2: Entry = Entry {
        term: 2,
        op: Op::Noop,
    };

    #[test]
    fn a_conflicting_entry_removes_the_rest_of_the_log() {
        let mut log = Log::default();
        log.append(NOOP1);
        log.append(NOOP1);
        log.append(NOOP1);
        assert_eq!(log.accept(1, &[NOOP2]), 2);
        assert_eq!(log.last_index(), 2);
        assert_eq!(log.term_at(2), Some(2));
        assert_eq!(log.accept(0, &[NOOP1]), 1);
        assert_eq!(log.last_index(), 2, "a matching entry keeps what follows");
    }

    #[test]
    fn a_later_last_term_is_more_up_to_date_than_a_longer_log() {
        let mut log = Log::default();
        log.append(NOOP1);
        log.append(NOOP1);
        assert!(log.behind_or_equal(1, 2));
        assert!(!log.behind_or_equal(1, 1));
        assert!(log.behind_or_equal(2, 1));
    }
}
