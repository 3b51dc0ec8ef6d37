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
