//! The engine's public API never panics, whatever it is fed: named cases for each public
//! constructor at its limits.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;

#[test]
fn a_coordinator_refuses_a_zero_ttl_or_first_token_naming_the_field() {
    let no_ttl = Coordinator::new(0, Mode::Lease, 0, 1).unwrap_err();
    assert_eq!(no_ttl.field, "ttl_ms");
    let no_token = Coordinator::new(1, Mode::Lease, 0, 0).unwrap_err();
    assert_eq!(no_token.field, "first_token");
    assert!(Coordinator::new(u64::MAX, Mode::PermanentLock, u64::MAX, u64::MAX).is_ok());
}

#[test]
fn a_coordinator_near_u64_max_hands_out_its_last_token_then_grants_nothing_more() {
    let mut c = Coordinator::new(u64::MAX, Mode::Lease, u64::MAX, u64::MAX - 1).unwrap();
    let now_ms = u64::MAX - 1;
    let Acquired::Granted(a) = c.acquire(now_ms, 0) else {
        panic!("the first grant")
    };
    assert_eq!((a.token, a.expiry_ms), (u64::MAX - 1, Some(u64::MAX)));
    let renewed = c.renew(now_ms, 0, a.token).expect("alive");
    assert_eq!(renewed.expiry_ms, Some(u64::MAX), "the expiry saturates");
    assert_eq!(c.expire(now_ms, a.token, u64::MAX), None, "not yet due");
    assert!(c.expire(u64::MAX, a.token, u64::MAX).is_some());
    let blocked = c.acquire(now_ms, 1);
    let until_ms = u64::MAX;
    assert_eq!(
        blocked,
        Acquired::Refused(RefuseReason::LockDelay { until_ms })
    );
    let Acquired::Granted(b) = c.acquire(u64::MAX, 1) else {
        panic!("the last token")
    };
    assert_eq!(b.token, u64::MAX);
    assert!(c.release(1, u64::MAX));
    assert_eq!(c.acquire(u64::MAX, 0), Acquired::TokensExhausted);
    assert_eq!(
        c.acquire(u64::MAX, 1),
        Acquired::TokensExhausted,
        "for good"
    );
    assert_eq!(c.holder(), None);
}

/// Checks `true_ms_reaching`'s promise: the earliest time from `from_ms` on, or `u64::MAX`.
fn assert_earliest(clock: &LocalClock, target: i64, from_ms: u64) -> u64 {
    let t = clock.true_ms_reaching(target, from_ms);
    assert!(t >= from_ms, "{clock:?} {target} {from_ms}: {t}");
    if t != u64::MAX || clock.local_ms(t) >= target {
        assert!(
            clock.local_ms(t) >= target,
            "{clock:?} {target} {from_ms}: {t}"
        );
        let earlier = t.checked_sub(1).filter(|&e| e >= from_ms);
        assert!(
            earlier.is_none_or(|e| clock.local_ms(e) < target),
            "{clock:?} {target} {from_ms}: {t} is not the earliest"
        );
    }
    t
}

#[test]
fn a_clock_that_stands_still_or_runs_backwards_never_reaches_a_later_reading() {
    for drift_ppm in [-1_000_000, -1_000_001, -2_000_000, i64::MIN] {
        let clock = LocalClock::new(0, drift_ppm);
        assert_eq!(clock.true_ms_reaching(1, 0), u64::MAX, "drift {drift_ppm}");
        assert_eq!(clock.true_ms_reaching(i64::MIN, 7), 7, "reached already");
    }
}

#[test]
fn a_clock_at_the_ends_of_time_answers_without_overflowing() {
    let extremes = [i64::MIN, -1_000_000, -1, 0, 1, 999_999, i64::MAX];
    let froms = [0, 1, u64::MAX / 2, u64::MAX - 1, u64::MAX];
    for offset_ms in extremes {
        for drift_ppm in extremes {
            let clock = LocalClock::new(offset_ms, drift_ppm);
            for from_ms in froms {
                for target in extremes {
                    assert_earliest(&clock, target, from_ms);
                }
            }
        }
    }
    let slow = LocalClock::new(0, -999_999);
    assert_eq!(
        assert_earliest(&slow, 3, 0),
        3_000_000,
        "one ms per 1e6 true ms"
    );
    let fast = LocalClock::new(i64::MIN, i64::MAX);
    assert_eq!(fast.local_ms(u64::MAX), i64::MAX, "clamped, not wrapped");
}

#[test]
fn a_resource_with_more_than_64_invoices_pays_the_first_64_without_panicking() {
    let invoices: Vec<u32> = (0..100).collect();
    let mut r = Resource::new(&ResourceKind::Payments { invoices }, true, true);
    assert_eq!(r.value(), u64::MAX, "64 unpaid invoices can be read");
    let (unpaid, _) = r.read(u64::MAX);
    let mut violations = vec![];
    assert!(r.write(0, u64::MAX, unpaid, &mut violations).accepted);
    assert_eq!(r.value(), 0);
    let ResourceState::Payments { ledger, .. } = r.state() else {
        panic!("payments")
    };
    assert_eq!(ledger.len(), 64);
    assert!(!r.write(1, 0, u64::MAX, &mut violations).accepted, "stale");
    assert!(violations.is_empty());
}

#[test]
fn jitter_up_to_u64_max_does_not_overflow() {
    let mut rng = Rng::new(u64::MAX);
    let _ = rng.up_to(u64::MAX);
    assert_eq!(rng.up_to(0), 0);
}
