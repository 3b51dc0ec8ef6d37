//! Placing a scenario's faults: timed ones become happenings to schedule (returned, for the
//! simulation to queue); those that act when a message moves or a write is checked are kept,
//! by app index, for the network and the apps to look up.

use super::fault::Fault;
use super::message::MsgKind;
use super::pending::Pending;

/// What placing one fault asks to schedule: at most two happenings (a partition's start and
/// end), in the order to queue them.
pub(crate) type Placed = [Option<(u64, Pending)>; 2];

/// Resolved (index-based) faults that act when messages move or writes are checked.
#[derive(Clone, Debug, Default)]
pub(crate) struct NetFaults {
    pub partitions: Vec<(usize, u64, u64)>,
    pub delays: Vec<(usize, MsgKind, u32, u64)>,
    pub duplicates: Vec<(usize, MsgKind, u32, u64)>,
    pub reorders: Vec<(usize, MsgKind, u32, u64)>,
    pub pause_after_check: Vec<(usize, u32, u64)>,
}

/// One happening to schedule.
fn one(at_ms: u64, pending: Pending) -> Placed {
    [Some((at_ms, pending)), None]
}

impl NetFaults {
    /// Forgets every fault kept, keeping the room.
    pub(crate) fn clear(&mut self) {
        self.partitions.clear();
        self.delays.clear();
        self.duplicates.clear();
        self.reorders.clear();
        self.pause_after_check.clear();
    }

    /// Keeps `fault` if it acts when messages move or writes are checked; returns what it
    /// asks to schedule.
    pub(crate) fn place(&mut self, fault: &Fault) -> Placed {
        let Some(app) = fault.app() else {
            return place_service_fault(fault);
        };
        match *fault {
            Fault::Pause { at_ms, for_ms, .. } => one(at_ms, Pending::PauseStart { app, for_ms }),
            Fault::PauseAfterCheck {
                write_nth, for_ms, ..
            } => {
                self.pause_after_check.push((app, write_nth, for_ms));
                [None, None]
            }
            Fault::Crash { at_ms, .. } => one(at_ms, Pending::Crash { app }),
            Fault::DelayMessage {
                kind,
                nth,
                extra_ms,
                ..
            } => {
                self.delays.push((app, kind, nth, extra_ms));
                [None, None]
            }
            Fault::Partition {
                from_ms, until_ms, ..
            } => {
                self.partitions.push((app, from_ms, until_ms));
                [
                    Some((from_ms, Pending::PartitionStart { app })),
                    Some((until_ms, Pending::PartitionEnd { app })),
                ]
            }
            Fault::ClockJump { at_ms, by_ms, .. } => one(at_ms, Pending::ClockJump { app, by_ms }),
            Fault::Duplicate {
                kind,
                nth,
                after_ms,
                ..
            } => {
                self.duplicates.push((app, kind, nth, after_ms));
                [None, None]
            }
            Fault::Reorder {
                kind,
                nth,
                extra_ms,
                ..
            } => {
                self.reorders.push((app, kind, nth, extra_ms));
                [None, None]
            }
            Fault::RestartResource { .. }
            | Fault::Failover { .. }
            | Fault::CrashMember { .. }
            | Fault::CutMember { .. } => {
                unreachable!() // service faults name no app
            }
        }
    }
}

/// The resource's and the coordination service's own faults.
fn place_service_fault(fault: &Fault) -> Placed {
    match *fault {
        Fault::RestartResource { at_ms } => one(at_ms, Pending::RestartResource),
        Fault::Failover { at_ms } => one(at_ms, Pending::Failover),
        Fault::CrashMember {
            member,
            at_ms,
            for_ms,
        } => one(at_ms, Pending::MemberDown { member, for_ms }),
        Fault::CutMember {
            member,
            at_ms,
            for_ms,
        } => one(at_ms, Pending::MemberCut { member, for_ms }),
        // App faults name their app.
        _ => unreachable!(),
    }
}
