//! The network: latency, seeded jitter, per-channel FIFO order, delays and partitions.
//!
//! Each direction between an app and the coordinator or the resource is a FIFO channel
//! (like a TCP connection): a message never overtakes an earlier one on its channel, so
//! a delayed message also holds back later ones on the same channel. Two faults break the
//! line: a reordered message is held while later ones pass, and a duplicated message
//! arrives a second time, out of line.

use super::event::{EventKind, LossReason};
use super::message::{Body, Message, MsgKind, Node, MSG_KINDS};
use super::sim::{Pending, Sim};

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
        _ => unreachable!("messages always have an app at one end"),
    }
}

impl Sim {
    /// Sends `body` from `from` to `to` now.
    pub(crate) fn send(&mut self, from: Node, to: Node, body: Body) {
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
        let jitter_ms = self.rng.up_to(self.scenario.jitter_ms);
        let natural_ms = self.now_ms + self.scenario.latency_ms + jitter_ms + delayed_ms;
        let ch = channel(from, to);
        let link = &mut self.links[app];
        let deliver_at_ms = natural_ms.max(link.channel_free_ms[ch]);
        if overtaken_ms == 0 {
            link.channel_free_ms[ch] = deliver_at_ms;
        }
        // A message held back by a reorder fault lets later ones pass: it is not in line.
        let deliver_at_ms = deliver_at_ms.saturating_add(overtaken_ms);
        self.emit(EventKind::MessageSent {
            msg,
            deliver_at_ms,
            delayed_ms: delayed_ms.saturating_add(overtaken_ms),
        });
        self.deliver_at(msg, deliver_at_ms);
        if let Some(after_ms) = copy_after_ms {
            self.copy(msg, deliver_at_ms.saturating_add(after_ms));
        }
    }

    fn deliver_at(&mut self, msg: Message, deliver_at_ms: u64) {
        let sent_ms = self.now_ms;
        self.schedule(
            deliver_at_ms,
            Pending::Deliver {
                msg,
                sent_ms,
                arrived: false,
            },
        );
    }

    /// The network makes a second copy of `original`, due at `deliver_at_ms`: a message of
    /// its own (new id), out of line on its channel.
    fn copy(&mut self, original: Message, deliver_at_ms: u64) {
        let msg = Message {
            id: self.next_msg_id,
            ..original
        };
        self.next_msg_id += 1;
        self.emit(EventKind::MessageCopied {
            msg,
            of: original.id,
            deliver_at_ms,
        });
        self.deliver_at(msg, deliver_at_ms);
    }

    /// True when `app` is cut off from the coordination service at `at_ms`.
    pub(crate) fn partitioned(&self, app: usize, at_ms: u64) -> bool {
        let cut = |&&(a, from_ms, until_ms): &&(usize, u64, u64)| {
            a == app && from_ms <= at_ms && at_ms < until_ms
        };
        self.faults.partitions.iter().any(|p| cut(&p))
    }

    pub(crate) fn on_deliver(&mut self, msg: Message, sent_ms: u64, arrived: bool) {
        let app = msg.app();
        let cut = self.partitioned(app, sent_ms) || self.partitioned(app, self.now_ms);
        if !arrived && msg.involves_coordinator() && cut {
            let reason = LossReason::Partition;
            return self.emit(EventKind::MessageLost { msg, reason });
        }
        if let Node::App(to) = msg.to {
            if self.apps[to].crashed {
                let reason = LossReason::ReceiverCrashed;
                return self.emit(EventKind::MessageLost { msg, reason });
            }
            let held = Pending::Deliver {
                msg,
                sent_ms,
                arrived: true,
            };
            if !self.gate(to, held) {
                return;
            }
        }
        self.emit(EventKind::MessageDelivered { msg });
        match msg.to {
            Node::App(to) => self.host(to, |a, s, o| a.on_app_message(s, msg.body, o)),
            Node::Coordinator => self.on_coordinator_message(app, msg.body),
            Node::Resource => self.on_resource_message(app, msg.body),
        }
    }
}
