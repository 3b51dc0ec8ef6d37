//! The app's handlers, tested without a simulation.

use super::*;
use crate::engine::effect::Effect;

/// Runs `handle` on `state` for app 0 of a default scenario at `now_ms`; returns the effects.
fn effects_of(
    cfg: &AppConfig,
    state: &mut AppState,
    now_ms: u64,
    handle: impl FnOnce(&App<'_>, &mut AppState, &mut Effects),
) -> Vec<Effect> {
    let resource = ResourceKind::Inventory { stock: 1 };
    let app = App {
        id: 0,
        cfg,
        mode: Mode::Lease,
        client: Client::Careful,
        ttl_ms: 30_000,
        drift_allowance_ms: 0,
        resource: &resource,
        now_ms,
        pauses_after_check: &[],
    };
    let mut out = Effects::new(true);
    handle(&app, state, &mut out);
    (0..out.len()).map(|i| out.get(i)).collect()
}

#[test]
fn a_handler_needs_no_simulation_only_its_state_and_returns_what_it_wants_done() {
    let cfg = AppConfig::new("A", "Warehouse service");
    let mut state = AppState::new(&cfg);
    let started = effects_of(&cfg, &mut state, 0, |a, s, o| a.on_start(s, o));
    assert_eq!(state.phase, Phase::Acquiring);
    assert_eq!(
        started,
        [
            Effect::Emit(EventKind::AppStarted { app: 0 }),
            Effect::Send {
                to: Node::Coordinator,
                body: Body::Acquire { asked_ms: 0 }
            },
            Effect::SetTimer {
                timer: Timer::Retry,
                gen: 1,
                after_ms: 1_000
            },
        ]
    );
    let (token, expiry_ms, asked_ms) = (101, Some(30_000), 0);
    let grant = Body::Grant {
        token,
        expiry_ms,
        asked_ms,
    };
    let granted = effects_of(&cfg, &mut state, 100, |a, s, o| {
        a.on_app_message(s, grant, o)
    });
    assert_eq!(
        (state.phase, state.token, state.believes),
        (Phase::Holding, 101, true)
    );
    let local_expiry_ms = Some(30_000);
    assert_eq!(
        granted,
        [
            Effect::Emit(EventKind::BeliefStarted {
                app: 0,
                token,
                local_expiry_ms
            }),
            Effect::Believes(true),
            Effect::CheckBeliefAt {
                gen: 1,
                at_ms: 30_000
            },
            Effect::SetTimer {
                timer: Timer::Renew,
                gen: 1,
                after_ms: 10_000
            },
            Effect::Send {
                to: Node::Resource,
                body: Body::Read { token }
            },
        ]
    );
}
