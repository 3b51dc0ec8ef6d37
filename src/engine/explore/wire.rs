//! The explorer's messages between the page and its workers, as text: a search's bounds and
//! share going out, each part's [`PartReport`] coming back. Decimal numbers separated by
//! spaces, lists as their length then their items; a 64-bit fingerprint does not survive a
//! JavaScript number, a decimal word does. Reading refuses anything malformed or over
//! [`MAX_LIST`] items with `None` (never a panic); the page then runs the search itself.

use super::super::verdict::Violation;
use super::super::violation::ViolationKind;
use super::bounds::Bounds;
use super::parts::{PartKind, PartReport, Share};
use super::summary::KindTag;

/// The longest list either side reads (apps, pause lengths, picks, fresh outcomes, kinds).
pub const MAX_LIST: u64 = 1 << 20;

/// A search's bounds and the share one worker runs.
pub fn write_job(bounds: &Bounds, share: Share) -> String {
    let mut out = Words::default();
    out.put(u64::from(share.part));
    out.put(u64::from(share.parts));
    match &bounds.apps {
        None => out.put(0),
        Some(apps) => {
            out.put(1);
            out.list(apps.iter().map(|&app| app as u64));
        }
    }
    for ms in [bounds.from_ms, bounds.until_ms, bounds.step_ms] {
        out.put(ms);
    }
    out.list(bounds.pause_lengths_ms.iter().copied());
    for count in [bounds.max_faults, bounds.delay_writes_up_to] {
        out.put(u64::from(count));
    }
    out.put(u64::from(bounds.duplicate_writes_up_to));
    let switches = [
        bounds.crashes,
        bounds.service_faults,
        bounds.leader_cuts,
        bounds.member_crashes,
        bounds.keep_scenario_faults,
    ];
    for on in switches {
        out.put(u64::from(on));
    }
    out.0
}

/// Reads what [`write_job`] wrote.
pub fn read_job(text: &str) -> Option<(Bounds, Share)> {
    let mut words = Reader::new(text);
    let share = Share::new(words.small()?, words.small()?)?;
    let apps = match words.next()? {
        0 => None,
        1 => Some(words.list(|w| usize::try_from(w.next()?).ok())?),
        _ => return None,
    };
    // Every field named (no `..`): a new bound cannot be left off the wire unnoticed. A struct
    // literal evaluates its fields in the order written, the order `write_job` wrote them.
    let bounds = Bounds {
        apps,
        from_ms: words.next()?,
        until_ms: words.next()?,
        step_ms: words.next()?,
        pause_lengths_ms: words.list(Reader::next)?,
        max_faults: words.small()?,
        delay_writes_up_to: words.small()?,
        duplicate_writes_up_to: words.small()?,
        crashes: words.switch()?,
        service_faults: words.switch()?,
        leader_cuts: words.switch()?,
        member_crashes: words.switch()?,
        keep_scenario_faults: words.switch()?,
    };
    words.end().then_some((bounds, share))
}

/// A part's report.
pub fn write_report(report: &PartReport) -> String {
    let mut out = Words::default();
    out.put(u64::from(report.part));
    out.put(u64::from(report.done));
    out.put(report.explored);
    out.put(report.breaking_schedules);
    out.put(report.refused_runs);
    out.list(report.fresh_outcomes.iter().copied());
    out.put(report.kinds.len() as u64);
    for kind in &report.kinds {
        out.put(kind.kind as u64);
        out.put(kind.schedules);
        out.put(kind.schedule_index);
        out.list(kind.picks.iter().map(|&pick| pick as u64));
        out.put(kind.fault_ms);
        write_violation(&mut out, &kind.violation);
    }
    out.0
}

/// Reads what [`write_report`] wrote.
pub fn read_report(text: &str) -> Option<PartReport> {
    let mut words = Reader::new(text);
    let report = PartReport {
        part: words.small()?,
        done: words.switch()?,
        explored: words.next()?,
        breaking_schedules: words.next()?,
        refused_runs: words.next()?,
        fresh_outcomes: words.list(Reader::next)?,
        kinds: words.list(read_kind)?,
    };
    words.end().then_some(report)
}

fn read_kind(words: &mut Reader) -> Option<PartKind> {
    let kind = *KindTag::ALL.get(usize::try_from(words.next()?).ok()?)?;
    Some(PartKind {
        kind,
        schedules: words.next()?,
        schedule_index: words.next()?,
        picks: words.list(|w| usize::try_from(w.next()?).ok())?,
        fault_ms: words.next()?,
        violation: read_violation(words)?,
    })
}

fn write_violation(out: &mut Words, violation: &Violation) {
    out.put(violation.at_ms);
    let fields = match violation.kind {
        ViolationKind::Oversold { promised, existed } => [0, promised, existed, 0, 0, 0],
        ViolationKind::PaidTwice {
            invoice,
            first_app,
            first_token,
            app,
            token,
        } => [
            1,
            u64::from(invoice),
            first_app as u64,
            first_token,
            app as u64,
            token,
        ],
        ViolationKind::LostUpdate {
            app,
            token,
            based_on,
            overwritten_version,
            overwritten_token,
        } => [
            2,
            app as u64,
            token,
            based_on,
            overwritten_version,
            overwritten_token,
        ],
    };
    for field in fields {
        out.put(field);
    }
}

fn read_violation(words: &mut Reader) -> Option<Violation> {
    let at_ms = words.next()?;
    let mut f = [0u64; 6];
    for field in &mut f {
        *field = words.next()?;
    }
    let index = |value: u64| usize::try_from(value).ok();
    let kind = match f[0] {
        0 => ViolationKind::Oversold {
            promised: f[1],
            existed: f[2],
        },
        1 => ViolationKind::PaidTwice {
            invoice: u32::try_from(f[1]).ok()?,
            first_app: index(f[2])?,
            first_token: f[3],
            app: index(f[4])?,
            token: f[5],
        },
        2 => ViolationKind::LostUpdate {
            app: index(f[1])?,
            token: f[2],
            based_on: f[3],
            overwritten_version: f[4],
            overwritten_token: f[5],
        },
        _ => return None,
    };
    Some(Violation { at_ms, kind })
}

/// Numbers written as decimal words.
#[derive(Default)]
struct Words(String);

impl Words {
    fn put(&mut self, value: u64) {
        use std::fmt::Write;
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        let _ = write!(self.0, "{value}");
    }

    fn list(&mut self, items: impl ExactSizeIterator<Item = u64>) {
        self.put(items.len() as u64);
        for item in items {
            self.put(item);
        }
    }
}

/// Decimal words read back.
struct Reader<'t>(std::str::SplitAsciiWhitespace<'t>);

impl<'t> Reader<'t> {
    fn new(text: &'t str) -> Reader<'t> {
        Reader(text.split_ascii_whitespace())
    }

    fn next(&mut self) -> Option<u64> {
        self.0.next()?.parse().ok()
    }

    fn small(&mut self) -> Option<u32> {
        u32::try_from(self.next()?).ok()
    }

    fn switch(&mut self) -> Option<bool> {
        match self.next()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    fn list<T>(&mut self, item: impl Fn(&mut Reader<'t>) -> Option<T>) -> Option<Vec<T>> {
        let len = self.next().filter(|&len| len <= MAX_LIST)?;
        (0..len).map(|_| item(self)).collect()
    }

    fn end(&mut self) -> bool {
        self.0.next().is_none()
    }
}
