//! The network: latency, seeded jitter, per-channel FIFO order, delays and partitions.
//!
//! Each direction between an app and the coordinator or the resource is a FIFO channel
//! (like a TCP connection): a message never overtakes an earlier one on its channel, so
//! a delayed message also holds back later ones on the same channel. Two faults break the
//! line: a reordered message is held while later ones pass, and a duplicated message
//! arrives a second time, out of line.
//!
//! [`Network`] is one object: the simulation hands it each send and each fault to keep, and
//! it returns what to record and schedule (it never touches the simulation itself).

use super::event::EventKind;
use super::fault::Fault;
use super::message::{Body, Message, MsgKind, Node, MSG_KINDS};
use super::pending::Pending;
use super::placing::{NetFaults, Placed};

/// What the network keeps for one app: how many messages of each kind it carried to or from
/// the app (to find the nth for `Fault::DelayMessage`), and until when each of the app's
/// four channels is busy (FIFO order).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Link {
    msg_counts: [u32; MSG_KINDS],
    channel_free_ms: [u64; 4],
}

fn channel(from: Node, to: Node) -> usize {
    match (from, to) {
        (Node::App(_), Node::Coordinator) => 0,
        (Node::Coordinator, Node::App(_)) => 1,
        (Node::App(_), Node::Resource) => 2,
        (Node::Resource, Node::App(_)) => 3,
        // Messages always have an app at one end.
        _ => unreachable!(),
    }
}

/// What one send asks of the simulation, in order: record `event`, schedule `deliver`, then,
/// for a duplicated message, record and schedule its copy.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sent {
    pub event: EventKind,
    pub deliver: (u64, Pending),
    pub copy: Option<(EventKind, (u64, Pending))>,
}

/// The network: each app's link, the faults that act on messages, and the next message id.
#[derive(Debug)]
pub(crate) struct Network {
    /// The network's bookkeeping per app, by app index.
    links: Vec<Link>,
    faults: NetFaults,
    next_msg_id: u32,
}

impl Clone for Network {
    fn clone(&self) -> Network {
        let mut network = Network::new(0);
        network.clone_from(self);
        network
    }

    /// Copies `source` into the room this network has.
    fn clone_from(&mut self, source: &Network) {
        self.links.clone_from(&source.links);
        let (to, from) = (&mut self.faults, &source.faults);
        to.partitions.clone_from(&from.partitions);
        to.delays.clone_from(&from.delays);
        to.duplicates.clone_from(&from.duplicates);
        to.reorders.clone_from(&from.reorders);
        to.pause_after_check.clone_from(&from.pause_after_check);
        self.next_msg_id = source.next_msg_id;
    }
}

impl Network {
    /// A network joining `apps` apps to the coordination service and the resource.
    pub(crate) fn new(apps: usize) -> Network {
        Network {
            links: vec![Link::default(); apps],
            faults: NetFaults::default(),
            next_msg_id: 0,
        }
    }

    /// Back to a network of `apps` apps with no fault kept and no message sent, keeping its
    /// room.
    pub(crate) fn restart(&mut self, apps: usize) {
        self.links.clear();
        self.links.resize(apps, Link::default());
        self.faults.clear();
        self.next_msg_id = 0;
    }

    /// Keeps `fault` if it acts when messages move or writes are checked; returns what it
    /// asks to schedule.
    pub(crate) fn place(&mut self, fault: &Fault) -> Placed {
        self.faults.place(fault)
    }

    /// The pauses to take right after a write's check: `(app, write_nth, for_ms)`.
    pub(crate) fn pauses_after_check(&self) -> &[(usize, u32, u64)] {
        &self.faults.pause_after_check
    }

    /// Sends `body` from `from` to `to` at `now_ms`; without faults or a busy channel it
    /// arrives at `earliest_ms` (now, latency and jitter).
    pub(crate) fn send(
        &mut self,
        now_ms: u64,
        earliest_ms: u64,
        (from, to): (Node, Node),
        body: Body,
    ) -> Sent {
        let msg = Message {
            id: self.next_msg_id,
            from,
            to,
            body,
        };
        self.next_msg_id += 1;
        let app = msg.app();
        let kind = body.kind();
        let link = &mut self.links[app];
        link.msg_counts[kind as usize] += 1;
        let nth = link.msg_counts[kind as usize];
        let pick = |faults: &[(usize, MsgKind, u32, u64)]| -> u64 {
            let hits = faults
                .iter()
                .filter(|&&(a, k, n, _)| a == app && k == kind && n == nth);
            hits.fold(0, |sum: u64, d| sum.saturating_add(d.3))
        };
        let (delayed_ms, overtaken_ms) = (pick(&self.faults.delays), pick(&self.faults.reorders));
        let copy_after_ms = self
            .faults
            .duplicates
            .iter()
            .any(|d| (d.0, d.1, d.2) == (app, kind, nth));
        let copy_after_ms = copy_after_ms.then(|| pick(&self.faults.duplicates));
        let natural_ms = earliest_ms + delayed_ms;
        let ch = channel(from, to);
        let link = &mut self.links[app];
        let deliver_at_ms = natural_ms.max(link.channel_free_ms[ch]);
        if overtaken_ms == 0 {
            link.channel_free_ms[ch] = deliver_at_ms;
        }
        // A message held back by a reorder fault lets later ones pass: it is not in line.
        let deliver_at_ms = deliver_at_ms.saturating_add(overtaken_ms);
        let event = EventKind::MessageSent {
            msg,
            deliver_at_ms,
            delayed_ms: delayed_ms.saturating_add(overtaken_ms),
        };
        let copy = copy_after_ms
            .map(|after_ms| self.copy(msg, now_ms, deliver_at_ms.saturating_add(after_ms)));
        Sent {
            event,
            deliver: deliver_at(msg, now_ms, deliver_at_ms),
            copy,
        }
    }

    /// The network makes a second copy of `original`, sent at `sent_ms` and due at
    /// `deliver_at_ms`: a message of its own (new id), out of line on its channel.
    fn copy(
        &mut self,
        original: Message,
        sent_ms: u64,
        deliver_at_ms: u64,
    ) -> (EventKind, (u64, Pending)) {
        let msg = Message {
            id: self.next_msg_id,
            ..original
        };
        self.next_msg_id += 1;
        let event = EventKind::MessageCopied {
            msg,
            of: original.id,
            deliver_at_ms,
        };
        (event, deliver_at(msg, sent_ms, deliver_at_ms))
    }

    /// True when `app` is cut off from the coordination service at `at_ms`.
    fn partitioned(&self, app: usize, at_ms: u64) -> bool {
        let cut = |&&(a, from_ms, until_ms): &&(usize, u64, u64)| {
            a == app && from_ms <= at_ms && at_ms < until_ms
        };
        self.faults.partitions.iter().any(|p| cut(&p))
    }

    /// Whether a partition loses `msg`, sent at `sent_ms` and due now (`now_ms`); one that
    /// already `arrived` (and waited for a paused app) is past the network.
    pub(crate) fn loses(&self, msg: &Message, sent_ms: u64, now_ms: u64, arrived: bool) -> bool {
        let app = msg.app();
        let cut = self.partitioned(app, sent_ms) || self.partitioned(app, now_ms);
        !arrived && msg.involves_coordinator() && cut
    }
}

/// The delivery of `msg`, sent at `sent_ms`, at `deliver_at_ms`.
fn deliver_at(msg: Message, sent_ms: u64, deliver_at_ms: u64) -> (u64, Pending) {
    let pending = Pending::Deliver {
        msg,
        sent_ms,
        arrived: false,
    };
    (deliver_at_ms, pending)
}
