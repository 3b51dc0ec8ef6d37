//! Reads one event's kind and fields into an engine [`EventKind`], resolving app names and
//! checking that tokens were granted earlier in the trace.

use super::error::TraceError;
use super::expected::Expected;
use super::fields::Fields;
use super::recording::TraceApp;
use super::vocab::{held, rejection, BELIEF_ENDS, SKIP_REASONS};
use crate::engine::{EventKind, MAX_ATTEMPTS, MAX_HORIZON_MS};
use std::collections::BTreeSet;

/// Context for reading one event.
struct Ctx<'a, 'b> {
    fields: &'a Fields<'b>,
    index: usize,
    apps: &'a [TraceApp],
    tokens: &'a mut BTreeSet<u64>,
}

impl Ctx<'_, '_> {
    fn app(&self, key: &str) -> Result<usize, TraceError> {
        let name = self.fields.text(key)?;
        self.apps
            .iter()
            .position(|a| a.name == name)
            .ok_or(TraceError::UnknownApp {
                index: self.index,
                name,
            })
    }

    /// A token some earlier `granted` event handed out.
    fn token(&self, key: &str) -> Result<u64, TraceError> {
        let token = self.fields.u64(key, u64::MAX)?;
        if !self.tokens.contains(&token) {
            return Err(TraceError::UnknownToken {
                index: self.index,
                token,
            });
        }
        Ok(token)
    }

    fn num(&self, key: &str) -> Result<u64, TraceError> {
        self.fields.u64(key, u64::MAX)
    }

    fn time(&self, key: &str) -> Result<Option<u64>, TraceError> {
        self.fields.opt_u64(key, MAX_HORIZON_MS)
    }

    fn word<T: Copy>(
        &self,
        key: &str,
        words: &[(&str, T)],
        expected: Expected,
    ) -> Result<T, TraceError> {
        let text = self.fields.text(key)?;
        words
            .iter()
            .find(|(w, _)| *w == text)
            .map(|(_, v)| *v)
            .ok_or_else(|| TraceError::Field {
                path: self.fields.path(key),
                expected,
            })
    }
}

pub(super) fn kind(
    fields: &Fields<'_>,
    index: usize,
    apps: &[TraceApp],
    tokens: &mut BTreeSet<u64>,
) -> Result<EventKind, TraceError> {
    let name = fields.text("kind")?;
    let mut ctx = Ctx {
        fields,
        index,
        apps,
        tokens,
    };
    match lease_kind(&mut ctx, &name)? {
        Some(kind) => Ok(kind),
        None => app_kind(&ctx, &name)?.ok_or(TraceError::UnknownKind { index, kind: name }),
    }
}

/// The coordination service's events.
fn lease_kind(c: &mut Ctx<'_, '_>, name: &str) -> Result<Option<EventKind>, TraceError> {
    use EventKind::*;
    Ok(Some(match name {
        "granted" => {
            let (app, token) = (c.app("app")?, c.num("token")?);
            c.tokens.insert(token);
            LeaseGranted {
                app,
                token,
                expiry_ms: c.time("expiry_ms")?,
            }
        }
        "refused" => {
            let (app, holder, token) = (c.app("app")?, c.app("holder")?, c.token("token")?);
            let reason = held(holder, token);
            AcquireRefused { app, reason }
        }
        "renewed" => LeaseRenewed {
            app: c.app("app")?,
            token: c.token("token")?,
            expiry_ms: c.time("expiry_ms")?,
        },
        "renew_refused" => RenewRefused {
            app: c.app("app")?,
            token: c.token("token")?,
        },
        "expired" => LeaseExpired {
            app: c.app("app")?,
            token: c.token("token")?,
        },
        "released" => LeaseReleased {
            app: c.app("app")?,
            token: c.token("token")?,
        },
        _ => return Ok(None),
    }))
}

/// The apps' and the resource's events.
fn app_kind(c: &Ctx<'_, '_>, name: &str) -> Result<Option<EventKind>, TraceError> {
    use EventKind::*;
    Ok(Some(match name {
        "started" => AppStarted { app: c.app("app")? },
        "belief_started" => BeliefStarted {
            app: c.app("app")?,
            token: c.token("token")?,
            local_expiry_ms: c.fields.opt_i64("local_expiry_ms")?,
        },
        "belief_ended" => BeliefEnded {
            app: c.app("app")?,
            token: c.token("token")?,
            why: c.word("why", &BELIEF_ENDS, Expected::BeliefEnd)?,
        },
        "paused" => PauseStarted {
            app: c.app("app")?,
            until_ms: c.fields.u64("until_ms", MAX_HORIZON_MS)?,
        },
        "resumed" => PauseEnded { app: c.app("app")? },
        "crashed" => Crashed { app: c.app("app")? },
        "finished" => PlanFinished {
            app: c.app("app")?,
            completed: c.fields.bool("completed")?,
        },
        "started_over" => StartedOver {
            app: c.app("app")?,
            attempt: c.fields.u64("attempt", MAX_ATTEMPTS.into())? as u32,
        },
        _ => return resource_kind(c, name),
    }))
}

/// What the resource served, accepted or rejected.
fn resource_kind(c: &Ctx<'_, '_>, name: &str) -> Result<Option<EventKind>, TraceError> {
    use EventKind::*;
    Ok(Some(match name {
        "read" => ReadServed {
            app: c.app("app")?,
            token: c.token("token")?,
            value: c.num("value")?,
        },
        "write_accepted" => WriteAccepted {
            app: c.app("app")?,
            token: c.token("token")?,
            based_on: c.num("based_on")?,
            stale: c.fields.bool("stale")?,
            returns: c.fields.opt_bool("returns")?,
        },
        "write_rejected" => WriteRejected {
            app: c.app("app")?,
            token: c.token("token")?,
            highest: c.num("highest")?,
            why: rejection(),
        },
        "write_skipped" => WriteSkipped {
            app: c.app("app")?,
            token: c.token("token")?,
            reason: c.word("reason", &SKIP_REASONS, Expected::SkipReason)?,
        },
        "resource_changed" => ResourceChanged {
            value: c.num("value")?,
            highest_token: c.num("highest_token")?,
        },
        "fence_raised" => FenceRaised {
            token: c.token("token")?,
        },
        _ => return Ok(None),
    }))
}
