//! Native tests of the reducer's setup intents: links and stories, knobs, real systems, live
//! faults and resumes, explorer counterexamples, and the refusals that keep the run runnable.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::{Knob, Knobs, StoryId, System};
use fencing_lab::engine::{Fault, Mode, ScenarioProblem, APP_A};
use fencing_lab::lab::{
    flip, holder_pause_ms, set_number, Intent, LiveFault, PlaybackIntent, Refusal, ServiceFault,
    SetupIntent,
};
use fencing_lab::share::LinkState;
use lab_support::{act, lab, ok, refused};

#[test]
fn p_with_nobody_holding_the_lease_is_refused_and_adds_nothing() {
    let mut lab = lab("acquire-work-renew");
    let why = refused(&mut lab, Intent::Setup(SetupIntent::PauseHolder));
    assert_eq!(why, Refusal::NobodyHolds);
    assert_eq!(
        lab.view.notice.as_deref(),
        Some(&why),
        "the notice keeps why"
    );
    assert!(lab.setup.user_faults.is_empty());
}

#[test]
fn pausing_the_holder_adds_a_pause_at_the_playhead_and_a_success_clears_the_notice() {
    let mut lab = lab("acquire-work-renew");
    let _ = act(&mut lab, Intent::Setup(SetupIntent::PauseHolder));
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(5_000)));
    assert_eq!(lab.view.notice, None);
    ok(&mut lab, Intent::Setup(SetupIntent::PauseHolder));
    let faults = &lab.setup.user_faults;
    assert!(
        matches!(&faults[..], [Fault::Pause { app, at_ms: 5_000, .. }] if *app == APP_A),
        "{faults:?}"
    );
    assert!(lab.scenario().faults.contains(&faults[0]), "the run has it");
}

#[test]
fn resuming_an_app_that_runs_is_refused_and_a_paused_one_resumes_at_the_playhead() {
    let mut lab = lab("acquire-work-renew");
    let why = refused(&mut lab, Intent::Setup(SetupIntent::Resume { app: 0 }));
    assert_eq!(why, Refusal::NotStalled { app: 0 });
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(5_000)));
    let live = LiveFault::Pause { for_ms: 10_000 };
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Inject { app: 0, live }),
    );
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(8_000)));
    ok(&mut lab, Intent::Setup(SetupIntent::Resume { app: 0 }));
    assert_eq!(lab.setup.resumes, vec![(APP_A, 8_000)]);
    assert!(lab.run().stall_at(APP_A, 9_000).is_none(), "A runs again");
}

#[test]
fn loading_a_link_restores_it_and_selecting_a_story_starts_it_afresh() {
    let mut lab = lab("gc-pause");
    let mut link = LinkState::default_for("last-item");
    link.playhead_ms = 12_000;
    link.compare = true;
    link.faults.push(Fault::crash(APP_A, 3_000));
    let effects = ok(&mut lab, Intent::Setup(SetupIntent::Load(Box::new(link))));
    assert!(effects.is_empty(), "no recording to fetch");
    assert_eq!(lab.setup.entry_id, "last-item");
    assert_eq!(lab.playback.playhead_ms, 12_000);
    assert!(
        lab.view.compare && lab.twins().is_some(),
        "compare's runs are there"
    );
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Select("gc-pause".into())),
    );
    assert_eq!(lab.playback.playhead_ms, 0);
    assert!(lab.setup.user_faults.is_empty());
    assert_eq!(lab.link().entry_id, "gc-pause", "the link follows");
}

#[test]
fn a_story_the_catalog_does_not_have_is_refused_and_changes_nothing() {
    let mut lab = lab("last-item");
    let before = lab.link();
    let unknown = SetupIntent::Select(StoryId::new("no-such-story"));
    let refused = fencing_lab::lab::update(&mut lab, unknown.into()).map_err(|r| (*r).clone());
    let id = StoryId::new("no-such-story");
    let why = fencing_lab::lab::Refusal::NoSuchStory { id };
    assert_eq!(refused, Err(why.clone()));
    assert_eq!(lab.link(), before, "the story on screen stays");
    assert_eq!(
        lab.view.notice.as_deref(),
        Some(&why),
        "the notice says why"
    );
}

#[test]
fn knob_intents_flip_switches_and_set_numbers_but_never_the_other_kind() {
    let mut k = Knobs::defaults_for(fencing_lab::share::entry_or_default("gc-pause"));
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
fn flipping_enforcement_changes_the_run_and_setting_the_lease_reaches_the_scenario() {
    let mut lab = lab("gc-pause");
    assert!(!lab.run().verdict.is_safe(), "A's stale write lands");
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(Knob::Enforcement)),
    );
    assert!(lab.run().verdict.is_safe(), "the fence rejects it");
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::SetKnob(Knob::Ttl, 20_000)),
    );
    assert_eq!(lab.setup.knobs.ttl_ms, 20_000);
    assert_eq!(lab.scenario().ttl_ms, 20_000);
}

#[test]
fn a_change_that_would_leave_a_setup_that_cannot_run_is_refused_in_words_and_the_run_is_kept() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(5_000)));
    let live = LiveFault::Crash;
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Inject { app: 1, live }),
    );
    let (knobs, faults) = (lab.setup.knobs, lab.setup.user_faults.clone());
    let run = lab.run().clone();
    let why = refused(&mut lab, Intent::Setup(SetupIntent::SetKnob(Knob::Ttl, 0)));
    assert!(
        matches!(&why, Refusal::CannotRun(e) if e.field == "ttl_ms"),
        "{why:?}"
    );
    assert_eq!(lab.view.notice.as_deref(), Some(&why), "the notice says it");
    assert_eq!(lab.setup.knobs, knobs);
    assert_eq!(lab.setup.user_faults, faults, "earlier changes are kept");
    assert!(std::sync::Arc::ptr_eq(lab.run(), &run), "the same run");
    let unknown = Intent::Setup(SetupIntent::ShowMe {
        faults: vec![Fault::crash(9, 1_000)],
        at_ms: 1_000,
    });
    let why = refused(&mut lab, unknown);
    assert!(
        matches!(&why, Refusal::CannotRun(e) if e.field.contains("app")),
        "{why:?}"
    );
    assert_eq!(lab.setup.user_faults, faults);
}

#[test]
fn restarting_the_resource_breaks_the_fence_only_when_it_lives_in_memory() {
    let mut lab = lab("gc-pause");
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(Knob::Enforcement)),
    );
    assert!(
        lab.run().verdict.is_safe(),
        "the fence rejects A's late write"
    );
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(45_000)));
    let restart = Intent::Setup(SetupIntent::InjectService(ServiceFault::RestartResource));
    ok(&mut lab, restart.clone());
    assert_eq!(lab.setup.user_faults, vec![Fault::restart_resource(45_000)]);
    assert!(
        lab.run().verdict.is_safe(),
        "a durable fence survives the restart"
    );
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(Knob::FenceDurable)),
    );
    assert!(
        !lab.run().verdict.is_safe(),
        "a fence kept in memory is lost"
    );
    let again = refused(&mut lab, restart);
    assert_eq!(again, Refusal::AlreadyRestarts { at_ms: 45_000 });
}

#[test]
fn failing_the_coordination_service_over_reaches_the_run() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(10_000)));
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::InjectService(ServiceFault::Failover)),
    );
    assert_eq!(lab.setup.user_faults, vec![Fault::failover(10_000)]);
    assert_eq!(lab.run().spans.failovers.len(), 1);
}

#[test]
fn cutting_the_leader_off_needs_a_replicated_service_and_then_elects_another() {
    let mut lab = lab("one-box");
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(10_000)));
    let cut = Intent::Setup(SetupIntent::InjectService(ServiceFault::CutLeader {
        for_ms: 20_000,
    }));
    let why = refused(&mut lab, cut.clone());
    assert!(
        matches!(&why, Refusal::CannotRun(e) if e.problem == ScenarioProblem::NoMembers),
        "{why:?}"
    );
    assert!(lab.setup.user_faults.is_empty(), "nothing is added");
    ok(&mut lab, Intent::Setup(SetupIntent::Flip(Knob::Members)));
    assert_eq!(lab.scenario().members, 3);
    ok(&mut lab, cut.clone());
    assert_eq!(
        lab.setup.user_faults,
        vec![Fault::cut_member(None, 10_000, 20_000)]
    );
    assert!(
        lab.run().spans.failovers.iter().any(|f| f.at_ms > 10_000),
        "the others elect a new leader: the service fails over"
    );
    let again = refused(&mut lab, cut);
    assert_eq!(again, Refusal::AlreadyCutsTheLeader { at_ms: 10_000 });
}

#[test]
fn a_lock_without_expiry_takes_a_replicated_service_back_to_one_box_and_a_group_brings_leases_back()
{
    let mut lab = lab("leader-change");
    assert_eq!(lab.scenario().members, 3);
    ok(&mut lab, Intent::Setup(SetupIntent::Flip(Knob::Mode)));
    let s = lab.scenario();
    assert_eq!((s.mode, s.members), (Mode::PermanentLock, 1));
    assert_eq!(s.validate(), Ok(()), "the run is runnable");
    assert!(
        !lab.setup.knobs.switch_on(Knob::Members),
        "the switch says one box"
    );
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::SetKnob(Knob::Members, 5)),
    );
    let s = lab.scenario();
    assert_eq!((s.mode, s.members), (Mode::Lease, 5));
    assert_eq!(s.validate(), Ok(()));
}

#[test]
fn clearing_the_changes_takes_back_every_fault_and_resume_added_live() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(10_000)));
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::InjectService(ServiceFault::Failover)),
    );
    ok(&mut lab, Intent::Setup(SetupIntent::ClearChanges));
    assert!(lab.setup.user_faults.is_empty() && lab.setup.resumes.is_empty());
    assert!(lab.run().spans.failovers.is_empty());
}

#[test]
fn show_me_adds_the_counterexample_and_stops_two_seconds_before_its_damage() {
    let mut lab = lab("acquire-work-renew");
    let faults = vec![Fault::pause(APP_A, 5_000, 40_000)];
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::ShowMe {
            faults: faults.clone(),
            at_ms: 30_000,
        }),
    );
    assert_eq!(lab.setup.user_faults, faults);
    assert_eq!(lab.playback.playhead_ms, 28_000);
    assert!(!lab.playback.playing);
}

#[test]
fn a_real_system_sets_its_numbers_and_enforcement_is_refused_where_it_has_no_token() {
    let mut lab = lab("gc-pause");
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::SetSystem(Some(System::Kubernetes))),
    );
    assert_eq!(lab.setup.knobs.system, Some(System::Kubernetes));
    let why = refused(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(Knob::Enforcement)),
    );
    assert_eq!(why, Refusal::CannotEnforce, "no token");
    assert!(!lab.setup.knobs.enforcement);
    ok(&mut lab, Intent::Setup(SetupIntent::SetSystem(None)));
    assert_eq!(lab.setup.knobs, Knobs::defaults_for(lab.entry()));
}
