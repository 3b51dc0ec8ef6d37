//! Native tests of [`super::dispatch`]: intents run on real signals (no browser needed for
//! anything but playback), and the pure decisions behind them.

use leptos::prelude::*;

use super::commands::{flip, holder_pause_ms, set_number, step_target, zoomed};
use super::dispatch::{act, dispatch};
use super::intent::Intent;
use super::live::{LiveFault, ServiceFault};
use super::shortcuts::intent_for;
use super::state::LabState;
use super::timeline::Window;
use crate::catalog::{Knob, Knobs};
use crate::engine::{Fault, APP_A};
use crate::share::LinkState;

/// Runs `test` on a fresh lab showing `entry_id`, inside a reactive owner.
fn with_lab(entry_id: &str, test: impl FnOnce(LabState)) {
    let owner = Owner::new();
    owner.with(|| test(LabState::new(&LinkState::default_for(entry_id))));
}

#[test]
fn p_with_nobody_holding_the_lease_shows_why_as_the_notice() {
    with_lab("acquire-work-renew", |lab| {
        let p = intent_for("p", false, false).expect("p is a shortcut");
        act(lab, p);
        assert_eq!(
            lab.view.notice.get_untracked().as_deref(),
            Some("Nobody holds the lease at this moment")
        );
        assert!(lab.setup.user_faults.get_untracked().is_empty());
    });
}

#[test]
fn p_pauses_the_holder_and_a_success_clears_the_notice() {
    with_lab("acquire-work-renew", |lab| {
        lab.view.notice.set(Some("old".into()));
        act(lab, Intent::Seek(5_000));
        assert_eq!(lab.view.notice.get_untracked(), None);
        assert_eq!(dispatch(lab, Intent::PauseHolder), Ok(()));
        let faults = lab.setup.user_faults.get_untracked();
        assert!(
            matches!(&faults[..], [Fault::Pause { app, at_ms: 5_000, .. }] if *app == APP_A),
            "{faults:?}"
        );
    });
}

#[test]
fn resuming_an_app_that_runs_is_refused_in_words() {
    with_lab("acquire-work-renew", |lab| {
        let refused = dispatch(lab, Intent::Resume { app: 0 });
        assert_eq!(refused, Err("A is not paused or cut off right now".into()));
        let paused = Intent::Inject {
            app: 0,
            live: LiveFault::Pause { for_ms: 10_000 },
        };
        dispatch(lab, Intent::Seek(5_000)).unwrap();
        dispatch(lab, paused).unwrap();
        dispatch(lab, Intent::Seek(8_000)).unwrap();
        assert_eq!(dispatch(lab, Intent::Resume { app: 0 }), Ok(()));
        assert_eq!(lab.setup.resumes.get_untracked(), vec![(APP_A, 8_000)]);
    });
}

#[test]
fn loading_a_link_restores_it_and_selecting_a_story_starts_it_afresh() {
    with_lab("gc-pause", |lab| {
        let mut link = LinkState::default_for("last-item");
        link.playhead_ms = 12_000;
        link.compare = true;
        link.faults.push(Fault::crash(APP_A, 3_000));
        dispatch(lab, Intent::Load(Box::new(link))).unwrap();
        assert_eq!(lab.setup.entry_id.get_untracked(), "last-item");
        assert_eq!(lab.playback.playhead_ms.get_untracked(), 12_000);
        assert!(lab.view.compare.get_untracked());
        dispatch(lab, Intent::Select("gc-pause".into())).unwrap();
        assert_eq!(lab.playback.playhead_ms.get_untracked(), 0);
        assert!(lab.setup.user_faults.get_untracked().is_empty());
    });
}

#[test]
fn steps_go_back_to_the_last_one_before_or_zero_and_on_to_the_first_after() {
    with_lab("gc-pause", |lab| {
        let steps = lab.sim.told.get_untracked().shown.clone();
        let times: Vec<u64> = steps.iter().map(|s| s.at_ms).collect();
        assert!(times.len() >= 3, "{times:?}");
        let between = (times[1] + times[2]) / 2;
        assert_eq!(step_target(&steps, between, 1), Some(times[2]));
        assert_eq!(step_target(&steps, between, -1), Some(times[1]));
        assert_eq!(step_target(&steps, times[2], -1), Some(times[1]));
        assert_eq!(step_target(&steps, times[1], 1), Some(times[2]));
        assert_eq!(step_target(&steps, 0, -1), Some(0));
        assert_eq!(step_target(&steps, u64::MAX, 1), None);
    });
}

#[test]
fn knob_intents_flip_switches_and_set_numbers_but_never_the_other_kind() {
    let mut k = Knobs::defaults_for(crate::share::entry_or_default("gc-pause"));
    let before = k;
    flip(&mut k, Knob::Enforcement);
    assert_ne!(k.enforcement, before.enforcement);
    flip(&mut k, Knob::Ttl);
    set_number(&mut k, Knob::Renewals, 1);
    set_number(&mut k, Knob::Ttl, 7_000);
    assert_eq!(k.ttl_ms, 7_000);
    assert_eq!(k.renewals, before.renewals);
    assert_eq!(holder_pause_ms(0), 40_000);
    assert_eq!(holder_pause_ms(5_000), 5_000);
}

#[test]
fn zooming_out_to_the_whole_run_fits_again() {
    let end_ms = 60_000;
    let whole = Window::new(0, end_ms, end_ms);
    let zoomed_in = zoomed(whole, 30_000, 1, end_ms).expect("narrower than the run");
    assert!(zoomed_in.from_ms <= 30_000 && 30_000 <= zoomed_in.to_ms);
    assert_eq!(zoomed(zoomed_in, 30_000, -10, end_ms), None);
}

#[test]
fn a_change_that_would_leave_a_setup_that_cannot_run_is_refused_in_words_and_the_run_is_kept() {
    with_lab("gc-pause", |lab| {
        dispatch(lab, Intent::Seek(5_000)).unwrap();
        dispatch(
            lab,
            Intent::Inject {
                app: 1,
                live: LiveFault::Crash,
            },
        )
        .unwrap();
        let (knobs, faults) = (
            lab.setup.knobs.get_untracked(),
            lab.setup.user_faults.get_untracked(),
        );
        let run = lab.sim.run.get_untracked();
        act(lab, Intent::SetKnob(Knob::Ttl, 0));
        let notice = lab.view.notice.get_untracked().expect("a notice");
        assert!(
            notice.contains("cannot run") && notice.contains("ttl_ms"),
            "{notice}"
        );
        assert_eq!(lab.setup.knobs.get_untracked(), knobs);
        assert_eq!(
            lab.setup.user_faults.get_untracked(),
            faults,
            "earlier changes are kept"
        );
        assert_eq!(lab.sim.run.get_untracked(), run);
        let unknown = Intent::ShowMe {
            faults: vec![Fault::crash(9, 1_000)],
            at_ms: 1_000,
        };
        assert!(dispatch(lab, unknown).is_err_and(|why| why.contains("no app 9")));
        assert_eq!(lab.setup.user_faults.get_untracked(), faults);
    });
}

#[test]
fn restarting_the_resource_breaks_the_fence_only_when_it_lives_in_memory() {
    with_lab("gc-pause", |lab| {
        let safe = |lab: LabState| lab.sim.run.with_untracked(|r| r.verdict.is_safe());
        dispatch(lab, Intent::Flip(Knob::Enforcement)).unwrap();
        assert!(safe(lab), "the fence rejects A's late write");
        dispatch(lab, Intent::Seek(45_000)).unwrap();
        let restart = Intent::InjectService(ServiceFault::RestartResource);
        dispatch(lab, restart.clone()).unwrap();
        assert_eq!(
            lab.setup.user_faults.get_untracked(),
            vec![Fault::restart_resource(45_000)]
        );
        assert!(safe(lab), "a durable fence survives the restart");
        dispatch(lab, Intent::Flip(Knob::FenceDurable)).unwrap();
        assert!(
            !safe(lab),
            "a fence kept in memory is lost: A's write passes"
        );
        assert_eq!(
            dispatch(lab, restart),
            Err("The resource already restarts at 45 s".into())
        );
    });
}

#[test]
fn failing_the_coordination_service_over_goes_through_dispatch() {
    with_lab("gc-pause", |lab| {
        dispatch(lab, Intent::Seek(10_000)).unwrap();
        dispatch(lab, Intent::InjectService(ServiceFault::Failover)).unwrap();
        assert_eq!(
            lab.setup.user_faults.get_untracked(),
            vec![Fault::failover(10_000)]
        );
        let failovers = lab.sim.run.with_untracked(|r| r.spans.failovers.len());
        assert_eq!(failovers, 1);
    });
}
