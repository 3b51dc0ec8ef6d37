//! How the simulation moves messages: it hands each send to the [`Network`](super::net::Network)
//! and carries out what it returns (events recorded, deliveries scheduled), and routes each
//! delivered message to its receiver: an app (held while paused, lost if crashed), the
//! coordination service or the resource.

use super::event::{EventKind, LossReason};
use super::message::{Body, Message, Node};
use super::pending::Pending;
use super::sim::Sim;

impl Sim {
    /// Sends `body` from `from` to `to` now.
    pub(crate) fn send(&mut self, from: Node, to: Node, body: Body) {
        let jitter_ms = self.rng.up_to(self.scenario.jitter_ms);
        let earliest_ms = self.now_ms + self.scenario.latency_ms + jitter_ms;
        let sent = self.net.send(self.now_ms, earliest_ms, (from, to), body);
        self.emit(sent.event);
        self.schedule(sent.deliver.0, sent.deliver.1);
        if let Some((event, (at_ms, pending))) = sent.copy {
            self.emit(event);
            self.schedule(at_ms, pending);
        }
    }

    pub(crate) fn on_deliver(&mut self, msg: Message, sent_ms: u64, arrived: bool) {
        let app = msg.app();
        if self.net.loses(&msg, sent_ms, self.now_ms, arrived) {
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
