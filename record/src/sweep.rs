//! etcd's lease sweep, measured. etcd's lessor looks for leases that have run out every 500 ms
//! (`lessor.go`, `runLoop`: `revokeExpiredLeases`, then `time.After(500 * time.Millisecond)`),
//! so a lease is deleted at the first sweep after its TTL: from 0 to 500 ms late, by the
//! sweep's phase, which is set when the server starts and is unknown until measured.
//!
//! Before a recording, [`phase_us`] grants a probe lease and sees when its key is deleted: that
//! instant, modulo 500 ms, is the phase (with the few ms etcd takes to apply the revocation and
//! tell the watch, as for the recorded leases). The recording's epoch is then chosen so that
//! the run's first expiry falls half-way between two sweeps ([`centred_epoch_us`]), where a
//! few ms of the machine's noise cannot push it to the next sweep: 250 ms before a sweep
//! ([`lag_ms`]), the lag the etcd preset simulates. The simulation does not change; the real
//! run is placed where the preset's lag is exact.

use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::client::{b64, num, Etcd};
use crate::events::unix_us;
use crate::procs::INTERRUPTED;

/// How often etcd's lessor sweeps, in µs.
pub const SWEEP_US: u64 = 500_000;

/// How long etcd's lessor waits before it looks again at a lease it found run out (etcd 3.4's
/// `lessor.go`, `defaultExpiredleaseRetryInterval`): when the server is busy and drops the
/// revocation the sweep offered, the lease goes only this long later.
const RETRY_US: u64 = 3_000_000;

/// The probe's key (outside the lock prefix, so no contender sees it).
const PROBE_KEY: &str = "fencing-lab/sweep-probe";

/// The sweep's phase: when, modulo [`SWEEP_US`] (unix µs), a lease that ran out is seen gone.
/// Takes the probe lease's TTL (etcd's minimum with default election settings, 2 s) and up to
/// one sweep more; on a busy machine one lessor retry more. Gives up after the TTL, a retry and
/// three sweeps, or at Ctrl-C.
pub fn phase_us(etcd: &Etcd) -> Result<u64, String> {
    let (lease, ttl_s) = etcd.grant(1)?;
    let put = json!({ "key": b64(PROBE_KEY), "value": "", "lease": lease.to_string() });
    let answer = etcd.post("kv/put", &put)?;
    let revision = num(&answer["header"]["revision"]);
    let (tx, rx) = mpsc::channel();
    let watcher = etcd.clone();
    // The watch blocks until the key goes, etcd cancels it, or the server stops.
    std::thread::spawn(move || {
        let _ = watcher.watch(PROBE_KEY, "", revision + 1, |answer| {
            let result = &answer["result"];
            let events = result["events"].as_array();
            if events.is_some_and(|e| e.iter().any(|e| e["type"] == "DELETE")) {
                let _ = tx.send(unix_us());
                return false;
            }
            result["canceled"] != json!(true)
        });
    });
    let wait_us = ttl_s.max(1) as u64 * 1_000_000 + RETRY_US + 3 * SWEEP_US;
    let deadline = Instant::now() + Duration::from_micros(wait_us);
    while Instant::now() < deadline && !INTERRUPTED.load(Ordering::SeqCst) {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(deleted_us) => return Ok(deleted_us % SWEEP_US),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err("etcd's watch ended before the sweep probe's lease ran out".into())
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
    }
    Err("etcd did not delete the sweep probe's key in time".into())
}

/// The first epoch (unix µs) from `earliest_us` on that puts an expiry `expiry_ms` after it
/// half-way between two sweeps of phase `phase_us`.
pub fn centred_epoch_us(phase_us: u64, earliest_us: u64, expiry_ms: u64) -> u64 {
    let wanted = (phase_us + SWEEP_US / 2 + SWEEP_US - (expiry_ms * 1_000) % SWEEP_US) % SWEEP_US;
    let shift = (wanted + SWEEP_US - earliest_us % SWEEP_US) % SWEEP_US;
    earliest_us + shift
}

/// How long after a lease runs out, `expiry_ms` after the epoch `epoch_us`, the sweep of
/// phase `phase_us` deletes it (ms, rounded).
pub fn lag_ms(phase_us: u64, epoch_us: u64, expiry_ms: u64) -> u64 {
    let expiry_us = epoch_us + expiry_ms * 1_000;
    let lag_us = (phase_us + SWEEP_US - expiry_us % SWEEP_US) % SWEEP_US;
    (lag_us + 500) / 1_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_centred_epoch_puts_the_expiry_half_way_between_sweeps() {
        for (phase, earliest, expiry) in [
            (0, 0, 2_675),
            (123_456, 1_700_000_000_987_654, 2_003),
            (499_999, 7, 0),
        ] {
            let epoch = centred_epoch_us(phase, earliest, expiry);
            assert!(epoch >= earliest && epoch < earliest + SWEEP_US);
            assert_eq!(
                lag_ms(phase, epoch, expiry),
                250,
                "{phase} {earliest} {expiry}"
            );
        }
    }

    #[test]
    fn the_lag_is_the_time_to_the_next_sweep() {
        assert_eq!(lag_ms(100_000, 0, 0), 100);
        assert_eq!(lag_ms(100_000, 0, 150), 450);
        assert_eq!(lag_ms(0, 0, 500), 0);
    }
}
