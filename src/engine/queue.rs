//! The simulator's queue of pending happenings, ordered by `(at_ms, seq)`: at equal times,
//! whatever was scheduled first comes first.
//!
//! A 4-ary min-heap orders small keys (time and sequence number packed in one word, unique,
//! and a slot); the happenings themselves (up to a message each, about a hundred bytes) wait in
//! slots that are reused once popped. Sifting the heap moves 16 bytes an entry and compares one
//! word, the key's time answers when the earliest is due without a look at its slot, and a
//! queue kept from run to run (`Sim::restart`) allocates nothing once it has grown to its
//! working size.

use super::pending::Pending;
use super::validate::MAX_HORIZON_MS;

/// Bits of a key's time: times up to the longest horizon, later ones all as one (never run).
const TIME_BITS: u32 = 27;
/// The key time of everything after the longest horizon.
const LATE_MS: u64 = (1 << TIME_BITS) - 1;
const _: () = assert!(
    MAX_HORIZON_MS < LATE_MS,
    "a time up to the horizon keeps its place"
);
/// Bits of the sequence number: far more happenings than a capped run schedules.
const SEQ_BITS: u32 = 64 - TIME_BITS;

/// One queued happening's place: `(time, seq)` packed in `order` (unique: the heap compares
/// nothing else), and its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    order: u64,
    slot: u32,
}

impl Key {
    /// The key's time, exact up to the longest horizon (`LATE_MS` for anything later).
    fn at_ms(self) -> u64 {
        self.order >> SEQ_BITS
    }
}

/// Pending happenings, earliest first (see the module comment).
#[derive(Debug, Default)]
pub(crate) struct Queue {
    /// A 4-ary min-heap by `order`: each key's is below its children's.
    heap: Vec<Key>,
    /// The happenings with their times, by slot; a free slot holds a stale one until reused.
    slots: Vec<(u64, Pending)>,
    /// Slots free for reuse.
    free: Vec<u32>,
    /// The last scheduling number handed out.
    seq: u64,
}

impl Clone for Queue {
    fn clone(&self) -> Queue {
        let mut queue = Queue::default();
        queue.clone_from(self);
        queue
    }

    /// Copies `source` into the room this queue has.
    fn clone_from(&mut self, source: &Queue) {
        self.heap.clone_from(&source.heap);
        self.slots.clone_from(&source.slots);
        self.free.clone_from(&source.free);
        self.seq = source.seq;
    }
}

impl Queue {
    /// An empty queue with room for `n` happenings.
    pub fn with_capacity(n: usize) -> Queue {
        Queue {
            heap: Vec::with_capacity(n),
            slots: Vec::with_capacity(n),
            free: Vec::with_capacity(n),
            seq: 0,
        }
    }

    /// Empties the queue and starts numbering again, keeping its room.
    pub fn clear(&mut self) {
        self.heap.clear();
        self.slots.clear();
        self.free.clear();
        self.seq = 0;
    }

    /// Queues `pending` at `at_ms`, after everything already queued at that time.
    pub fn push(&mut self, at_ms: u64, pending: Pending) {
        self.seq += 1;
        self.push_numbered(at_ms, self.seq, pending);
    }

    /// Sets aside the next `n` scheduling numbers and returns the last one handed out before
    /// them: [`Queue::push_numbered`] queues happenings later as if they had been queued now.
    pub fn hold(&mut self, n: u64) -> u64 {
        let before = self.seq;
        self.seq += n;
        before
    }

    /// Queues `pending` at `at_ms` with scheduling number `seq`: a number set aside by
    /// [`Queue::hold`] (each once), or the next one.
    pub fn push_numbered(&mut self, at_ms: u64, seq: u64, pending: Pending) {
        debug_assert!(seq <= self.seq && seq < 1 << SEQ_BITS);
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slots[slot as usize] = (at_ms, pending);
                slot
            }
            None => {
                // Fewer happenings wait at once than a run processes (at most `MAX_EVENTS`).
                debug_assert!(self.slots.len() < u32::MAX as usize);
                self.slots.push((at_ms, pending));
                (self.slots.len() - 1) as u32
            }
        };
        let order = (at_ms.min(LATE_MS) << SEQ_BITS) | seq;
        let key = Key { order, slot };
        let hole = self.heap.len();
        self.heap.push(key);
        sift_up(&mut self.heap, hole, key);
    }

    /// When the earliest happening is due.
    pub fn next_at_ms(&self) -> Option<u64> {
        let key = *self.heap.first()?;
        match key.at_ms() {
            LATE_MS => Some(self.slots[key.slot as usize].0),
            at_ms => Some(at_ms),
        }
    }

    /// Takes the earliest happening, with its time.
    pub fn pop(&mut self) -> Option<(u64, Pending)> {
        let last = self.heap.pop()?;
        let key = match self.heap.first_mut() {
            Some(first) => {
                let key = std::mem::replace(first, last);
                sift_down(&mut self.heap, last);
                key
            }
            None => last,
        };
        self.free.push(key.slot);
        Some(self.slots[key.slot as usize])
    }

    /// Every queued happening with its time, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (u64, Pending)> + '_ {
        let slots = &self.slots;
        self.heap.iter().map(move |key| slots[key.slot as usize])
    }
}

/// Children a heap entry has (at most): a 4-ary heap is half as deep as a binary one, and the
/// few extra comparisons a level cost less than the levels saved.
const ARITY: usize = 4;

/// Moves `key` up from the hole at `hole` (the last place, when just pushed) to its place.
#[inline]
fn sift_up(heap: &mut [Key], mut hole: usize, key: Key) {
    while hole > 0 {
        let parent = (hole - 1) / ARITY;
        if heap[parent].order < key.order {
            break;
        }
        heap[hole] = heap[parent];
        hole = parent;
    }
    heap[hole] = key;
}

/// Moves `key`, just put at the top of `heap`, down to its place: the hole it leaves follows
/// the earliest child to the bottom, then `key` climbs back from there (rarely far: it came
/// from the bottom).
#[inline]
fn sift_down(heap: &mut [Key], key: Key) {
    let mut hole = 0;
    loop {
        let first = ARITY * hole + 1;
        let pick = match heap.get(first..) {
            Some(&[a, b, c, d, ..]) => {
                let (ab, i) = earlier((a, 0), (b, 1));
                let (cd, j) = earlier((c, 2), (d, 3));
                earlier((ab, i), (cd, j)).1
            }
            Some(&[a, b, c]) => earlier(earlier((a, 0), (b, 1)), (c, 2)).1,
            Some(&[a, b]) => earlier((a, 0), (b, 1)).1,
            Some(&[_]) => 0,
            _ => break,
        };
        heap[hole] = heap[first + pick];
        hole = first + pick;
    }
    sift_up(heap, hole, key);
}

/// The earlier of two keys, each with its index.
#[inline]
fn earlier(x: (Key, usize), y: (Key, usize)) -> (Key, usize) {
    if y.0.order < x.0.order {
        y
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(app: usize) -> Pending {
        Pending::Start { app }
    }

    #[test]
    fn earliest_first_and_ties_in_scheduling_order_with_slots_reused() {
        let mut queue = Queue::default();
        queue.push(20, start(0));
        queue.push(10, start(1));
        queue.push(20, start(2));
        assert_eq!(queue.next_at_ms(), Some(10));
        assert_eq!(queue.pop(), Some((10, start(1))));
        queue.push(10, start(3));
        assert_eq!(queue.slots.len(), 3, "the popped slot is reused");
        let order: Vec<_> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(order, [(10, start(3)), (20, start(0)), (20, start(2))]);
        queue.push(LATE_MS + 5, start(4));
        queue.push(LATE_MS + 1, start(5));
        assert_eq!(
            queue.next_at_ms(),
            Some(LATE_MS + 5),
            "after every horizon: in order queued"
        );
        assert_eq!(queue.iter().count(), 2);
        queue.clear();
        assert_eq!((queue.next_at_ms(), queue.iter().count()), (None, 0));
    }

    #[test]
    fn pops_in_the_order_a_sorted_list_gives_at_every_size() {
        let mut rng = crate::engine::rng::Rng::new(52);
        let (mut queue, mut model) = (Queue::default(), Vec::new());
        for round in 0..4_000 {
            if rng.up_to(2) > 0 || round % 500 > 450 {
                let at_ms = rng.up_to(40) + if rng.up_to(20) == 0 { LATE_MS } else { 0 };
                queue.push(at_ms, start(round));
                model.push((at_ms.min(LATE_MS), queue.seq, at_ms, round));
            } else {
                model.sort_unstable();
                let due = (!model.is_empty()).then(|| model.remove(0));
                assert_eq!(queue.next_at_ms(), due.map(|d| d.2));
                assert_eq!(queue.pop(), due.map(|d| (d.2, start(d.3))));
            }
            assert_eq!(queue.iter().count(), model.len());
        }
    }
}
