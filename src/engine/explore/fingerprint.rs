//! A 64-bit fingerprint of a verdict: two schedules with the same fingerprint had the
//! same observable outcome. Deterministic across runs and platforms (no std hasher).
//!
//! Covered: every violation (time and kind with all its fields), every split-brain window
//! (times and apps), the stale/accepted write counts, grants, the final resource state,
//! `truncated`, `end_ms` and the liveness failure (`stuck`, all its fields). Left out:
//! `events_processed` (fault bookkeeping alone changes it, e.g. a pause of an app that is
//! already done).

use super::super::resource::ResourceState;
use super::super::verdict::Verdict;
use super::super::violation::ViolationKind;

/// Order-sensitive mixing of `u64` words (splitmix64 finaliser per step).
#[derive(Clone, Copy, Debug)]
struct Mix(u64);

impl Mix {
    fn word(&mut self, w: u64) -> &mut Mix {
        let mut z = (self.0 ^ w).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.0 = z ^ (z >> 31);
        self
    }
}

fn as_u64(n: usize) -> u64 {
    n as u64
}

fn kind(m: &mut Mix, kind: &ViolationKind) {
    match *kind {
        ViolationKind::Oversold { promised, existed } => {
            m.word(1).word(promised).word(existed);
        }
        ViolationKind::PaidTwice {
            invoice,
            first_app,
            first_token,
            app,
            token,
        } => {
            m.word(2).word(u64::from(invoice)).word(as_u64(first_app));
            m.word(first_token).word(as_u64(app)).word(token);
        }
        ViolationKind::LostUpdate {
            app,
            token,
            based_on,
            overwritten_version,
            overwritten_token,
        } => {
            m.word(3).word(as_u64(app)).word(token).word(based_on);
            m.word(overwritten_version).word(overwritten_token);
        }
    }
}

fn state(m: &mut Mix, state: &ResourceState) {
    match state {
        ResourceState::Inventory {
            initial_stock,
            stock,
            reservations,
        } => {
            m.word(1)
                .word(*initial_stock)
                .word(*stock)
                .word(as_u64(reservations.len()));
            for r in reservations {
                m.word(as_u64(r.app)).word(r.token);
            }
        }
        ResourceState::Payments { invoices, ledger } => {
            m.word(2).word(as_u64(invoices.len()));
            for &invoice in invoices {
                m.word(u64::from(invoice));
            }
            m.word(as_u64(ledger.len()));
            for p in ledger {
                m.word(u64::from(p.invoice))
                    .word(as_u64(p.app))
                    .word(p.token);
            }
        }
        ResourceState::Storage { versions } => {
            m.word(3).word(as_u64(versions.len()));
            for v in versions {
                m.word(v.version)
                    .word(as_u64(v.app))
                    .word(v.token)
                    .word(v.based_on);
            }
        }
    }
}

/// The fingerprint of `verdict` (see the module comment for what it covers).
pub fn verdict_fingerprint(verdict: &Verdict) -> u64 {
    let mut m = Mix(0x6a09_e667_f3bc_c908);
    m.word(as_u64(verdict.violations.len()));
    for v in &verdict.violations {
        m.word(v.at_ms);
        kind(&mut m, &v.kind);
    }
    m.word(as_u64(verdict.split_brain.len()));
    for w in &verdict.split_brain {
        m.word(w.from_ms)
            .word(w.until_ms)
            .word(as_u64(w.apps.len()));
        for &app in &w.apps {
            m.word(as_u64(app));
        }
    }
    m.word(u64::from(verdict.stale_writes_accepted));
    m.word(u64::from(verdict.stale_writes_rejected));
    m.word(u64::from(verdict.writes_accepted))
        .word(u64::from(verdict.grants));
    state(&mut m, &verdict.final_state);
    m.word(u64::from(verdict.truncated)).word(verdict.end_ms);
    if let Some(s) = &verdict.stuck {
        m.word(as_u64(s.holder)).word(s.token).word(s.crashed_ms);
        m.word(s.first_refused_ms)
            .word(s.expiry_ms.map_or(0, |e| e + 1));
        m.word(s.until_ms).word(as_u64(s.waiting.len()));
        for &app in &s.waiting {
            m.word(as_u64(app));
        }
    }
    m.0
}
