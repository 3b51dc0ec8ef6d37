//! Ready-made scenarios: the documents' story (A pauses 40 s in GC while holding a 30 s
//! lease; B takes over; A resumes and writes with its old token) and a busy load for
//! benchmarks and soak tests.

use super::fault::{Fault, APP_A};
use super::scenario::{AppConfig, ResourceKind, Scenario, Step};
use super::validate::MAX_EVENTS;

impl Scenario {
    /// The GC-pause story (inventory with 1 item, TTL 30 s, tokens from 101):
    ///
    /// - A starts at 0, gets token 101 (granted at 50 ms), reads stock 1, works 25 s;
    ///   no renewals. A 40 s GC pause starts at 20 s.
    /// - The lease expires at 30 050 ms. B (asking every second from 25 s) gets token 102
    ///   at 30 050 ms, reads 1, reserves the last item, then keeps working (renewing) 35 s.
    /// - A resumes at 60 s; its work timer (due during the pause) fires first, so A writes
    ///   at once with token 101, before it looks at its clock (which then ends its belief).
    ///   Split brain: from B's belief (30 100 ms) until A notices (60 000 ms).
    ///
    /// With `enforcement` on the write is rejected (101 < 102); off, it is accepted and
    /// the last item is promised to two customers.
    pub fn gc_pause_story(enforcement: bool) -> Scenario {
        let a = AppConfig::new("A", "Warehouse service")
            .renew_every_ms(None)
            .steps(&[Step::Read, Step::Work { for_ms: 25_000 }, Step::Write]);
        let b = AppConfig::new("B", "Warehouse service")
            .start_ms(25_000)
            .steps(&[Step::Read, Step::Write, Step::Work { for_ms: 35_000 }]);
        Scenario::default()
            .with_resource(ResourceKind::Inventory { stock: 1 })
            .with_apps(vec![a, b])
            .with_fault(Fault::pause(APP_A, 20_000, 40_000))
            .with_enforcement(enforcement)
    }

    /// A busy coordination service: `apps` apps (named `P0`, `P1`, ...) all want the lease
    /// for `duration_ms`, the horizon. App `i` starts at `i * 100` ms. Whoever holds the lease
    /// renews it every second while it works for `duration_ms` (so it keeps the lease to
    /// the end); the others re-send their acquire every second and are refused. No faults;
    /// the event cap (10 million) is far above what a day of 16 apps needs.
    ///
    /// ```
    /// use fencing_lab::engine::{run_verdict_only, Scenario};
    ///
    /// let minute = Scenario::busy(3, 60_000);
    /// assert_eq!(minute.apps[2].name, "P2");
    /// let verdict = run_verdict_only(&minute).unwrap();
    /// assert_eq!(verdict.grants, 1);
    /// assert!(verdict.is_safe() && !verdict.truncated);
    /// ```
    pub fn busy(apps: usize, duration_ms: u64) -> Scenario {
        let apps = (0..apps)
            .map(|i| {
                AppConfig::new(&format!("P{i}"), "Worker")
                    .start_ms(i as u64 * 100)
                    .retry_ms(1_000)
                    .renew_every_ms(Some(1_000))
                    .steps(&[Step::Work {
                        for_ms: duration_ms,
                    }])
            })
            .collect();
        Scenario {
            apps,
            horizon_ms: duration_ms,
            max_events: MAX_EVENTS,
            ..Default::default()
        }
    }
}
