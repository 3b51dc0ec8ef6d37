//! A learner's progress with the questions: which ones they answered right, per story, as plain
//! data. The browser keeps it (never sends it anywhere) as a small plain text,
//! `gc-pause:0,2;last-item:1`; anything unreadable in it is dropped, never fatal.

use std::collections::{BTreeMap, BTreeSet};

/// Most stories and questions per story read back (the catalog has far fewer).
const MAX_STORIES: usize = 64;
const MAX_QUESTIONS: usize = 16;

/// Questions answered right, by story id. Their numbers are kept as `u64`, as the rest of the
/// wasm's sets keep theirs: a set of another type is another copy of the set's code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress(BTreeMap<String, BTreeSet<u64>>);

impl Progress {
    /// Reads `text` as stored; unreadable parts are skipped.
    pub fn parse(text: &str) -> Progress {
        let mut out = BTreeMap::new();
        for part in text.split(';').take(MAX_STORIES) {
            let Some((id, list)) = part.split_once(':') else {
                continue;
            };
            let valid_id = !id.is_empty()
                && id.len() <= 64
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            // Inserted one by one: collecting into a set would bring in a sort of its own.
            let mut right = BTreeSet::new();
            for n in list
                .split(',')
                .take(MAX_QUESTIONS)
                .filter_map(|n| n.parse::<u64>().ok())
            {
                if n < MAX_QUESTIONS as u64 {
                    right.insert(n);
                }
            }
            if valid_id && !right.is_empty() {
                out.insert(id.to_string(), right);
            }
        }
        Progress(out)
    }

    /// The stored text.
    pub fn text(&self) -> String {
        let stories = self.0.iter().map(|(id, right)| {
            let list: Vec<String> = right.iter().map(u64::to_string).collect();
            format!("{id}:{}", crate::units::joined(&list, ","))
        });
        crate::units::joined(&stories.collect::<Vec<_>>(), ";")
    }

    /// Notes question `question` of story `id` as answered right.
    pub fn right(&mut self, id: &str, question: usize) {
        if question < MAX_QUESTIONS {
            self.0
                .entry(id.to_string())
                .or_default()
                .insert(question as u64);
        }
    }

    /// How many of story `id`'s questions were answered right.
    pub fn count(&self, id: &str) -> usize {
        self.0.get(id).map_or(0, BTreeSet::len)
    }

    /// Whether any answer is kept.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_survives_its_stored_text_and_drops_what_it_cannot_read() {
        let mut p = Progress::default();
        p.right("gc-pause", 2);
        p.right("gc-pause", 0);
        p.right("last-item", 1);
        assert_eq!(p.text(), "gc-pause:0,2;last-item:1");
        assert_eq!(Progress::parse(&p.text()), p);
        let messy = Progress::parse("gc-pause:0,x,99;;bad id:1;last-item:;:3;copied-write:1");
        assert_eq!(messy.text(), "copied-write:1;gc-pause:0");
        assert_eq!(messy.count("gc-pause"), 1);
        assert!(Progress::parse("\u{0}\u{fffd};;;").is_empty());
    }
}
