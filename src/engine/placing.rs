//! Placing a scenario's faults in a simulation: timed ones become scheduled happenings;
//! those that act when a message moves or a write is checked are kept, by app index, for
//! the network and the apps to look up.

use super::fault::Fault;
use super::message::MsgKind;
use super::sim::{Pending, Sim};

/// Resolved (index-based) faults that act when messages move or writes are checked.
#[derive(Clone, Debug, Default)]
pub(crate) struct NetFaults {
    pub partitions: Vec<(usize, u64, u64)>,
    pub delays: Vec<(usize, MsgKind, u32, u64)>,
    pub duplicates: Vec<(usize, MsgKind, u32, u64)>,
    pub reorders: Vec<(usize, MsgKind, u32, u64)>,
    pub pause_after_check: Vec<(usize, u32, u64)>,
}

impl Sim {
    pub(crate) fn place_fault(&mut self, fault: &Fault) {
        let Some(app) = fault.app() else {
            return self.place_service_fault(fault);
        };
        match *fault {
            Fault::Pause { at_ms, for_ms, .. } => {
                self.schedule(at_ms, Pending::PauseStart { app, for_ms })
            }
            Fault::PauseAfterCheck {
                write_nth, for_ms, ..
            } => self.faults.pause_after_check.push((app, write_nth, for_ms)),
            Fault::Crash { at_ms, .. } => self.schedule(at_ms, Pending::Crash { app }),
            Fault::DelayMessage {
                kind,
                nth,
                extra_ms,
                ..
            } => self.faults.delays.push((app, kind, nth, extra_ms)),
            Fault::Partition {
                from_ms, until_ms, ..
            } => {
                self.faults.partitions.push((app, from_ms, until_ms));
                self.schedule(from_ms, Pending::PartitionStart { app });
                self.schedule(until_ms, Pending::PartitionEnd { app });
            }
            Fault::ClockJump { at_ms, by_ms, .. } => {
                self.schedule(at_ms, Pending::ClockJump { app, by_ms })
            }
            Fault::Duplicate {
                kind,
                nth,
                after_ms,
                ..
            } => self.faults.duplicates.push((app, kind, nth, after_ms)),
            Fault::Reorder {
                kind,
                nth,
                extra_ms,
                ..
            } => self.faults.reorders.push((app, kind, nth, extra_ms)),
            Fault::RestartResource { .. } | Fault::Failover { .. } => {
                unreachable!("service faults name no app")
            }
        }
    }

    /// The resource's and the coordination service's own faults.
    fn place_service_fault(&mut self, fault: &Fault) {
        match *fault {
            Fault::RestartResource { at_ms } => self.schedule(at_ms, Pending::RestartResource),
            Fault::Failover { at_ms } => self.schedule(at_ms, Pending::Failover),
            _ => unreachable!("app faults name their app"),
        }
    }
}
