//! Tests of the resource: token enforcement, domain violations, and compare-and-set by
//! version against by value.

use super::*;

#[test]
fn enforcement_rejects_lower_token() {
    let mut r = Resource::new(&ResourceKind::Inventory { stock: 1 }, true, true);
    let mut v = vec![];
    assert!(r.write(1, 102, 1, 0, &mut v).accepted);
    let late = r.write(0, 101, 1, 0, &mut v);
    assert!(!late.accepted && late.stale && late.highest_before == 102);
    assert!(v.is_empty());
}

#[test]
fn no_enforcement_double_pays() {
    let kind = ResourceKind::Payments { invoices: vec![7] };
    let mut r = Resource::new(&kind, false, true);
    let mut v = vec![];
    r.write(1, 102, 1, 0, &mut v);
    r.write(0, 101, 1, 0, &mut v);
    assert!(matches!(
        v[..],
        [ViolationKind::PaidTwice { invoice: 7, .. }]
    ));
}

/// A compare-and-set by version looks at the version the writer read, by value at the
/// value: a write naming the value held now but an older version passes only by value.
#[test]
fn version_and_value_compare_different_things() {
    for (enforce, accepted) in [(Enforce::ExactVersion, false), (Enforce::ExactValue, true)] {
        let kind = ResourceKind::Inventory { stock: 2 };
        let mut r = Resource::new(&kind, true, true).enforce_by(enforce);
        let mut v = vec![];
        assert!(r.write(1, 0, 2, 0, &mut v).accepted, "read at version 0");
        assert_eq!(
            (r.value(), r.version()),
            (1, 1),
            "every accepted write: version + 1"
        );
        let old_version = r.write(0, 0, 1, 0, &mut v);
        assert_eq!(old_version.accepted, accepted, "{enforce:?}");
        assert!(old_version.changed);
    }
}
