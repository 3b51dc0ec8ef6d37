//! The explorer through the reducer: its choices, a search run slice by slice as the shell
//! sends them, cancelling (its partial result kept and worded), "Show me", the faults a user
//! added as the setup it varies from, and a changed setup dropping a stale summary.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::Knob;
use fencing_lab::engine::Fault;
use fencing_lab::lab::{
    Effect, ExploreIntent, ExploreKind, Intent, Lab, SearchState, SetupIntent, StartSearch,
};
use fencing_lab::share::LinkState;
use fencing_lab::words::explore::{headline, smallest};
use lab_support::{lab, ok, search_slice};

/// One slice, as the effect runner runs it, 20 ms after the start.
fn slice(lab: &mut Lab, batch: u64) {
    search_slice(lab, batch, 20.0);
}

/// Starts a search: the one order the lab gives its runner.
fn start(lab: &mut Lab) -> StartSearch {
    let effects = ok(lab, Intent::Explore(ExploreIntent::Start));
    let [Effect::Search(order)] = &effects[..] else {
        panic!("one search to run: {effects:?}");
    };
    (**order).clone()
}

/// Starts a search and sends slices until it is done (at most `slices`).
fn explore(lab: &mut Lab, slices: usize) {
    let effects = ok(lab, Intent::Explore(ExploreIntent::Start));
    assert!(matches!(&effects[..], [Effect::Search(_)]), "{effects:?}");
    for _ in 0..slices {
        if !lab.exploring.running() {
            break;
        }
        slice(lab, 4096);
    }
    assert!(!lab.exploring.running(), "the search ends");
    // A late slice explores nothing more; it measures the rate of all of it.
    slice(lab, 0);
}

#[test]
fn exploring_the_renewal_story_finds_the_stale_write_and_show_me_loads_it() {
    let mut lab = lab("acquire-work-renew");
    assert!(
        lab.run().verdict.violations.is_empty(),
        "safe until a fault"
    );
    let total = *lab.exploring.planned.as_ref().expect("a plan");
    explore(&mut lab, 1_000);
    assert_eq!(lab.exploring.progress, (total, total));
    assert!(lab.exploring.rate_per_s > 0);
    let summary = lab.exploring.summary.clone().expect("a summary");
    assert!(!summary.is_safe() && summary.explored == total);
    let minimal = summary.kinds[0].minimal.clone();
    let at_ms = minimal.violation.at_ms;
    let faults = minimal.faults.clone();
    assert!(!faults.is_empty());
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::ShowMe { faults, at_ms }),
    );
    assert!(
        !lab.run().verdict.violations.is_empty(),
        "the damage is shown"
    );
    assert_eq!(
        lab.exploring.summary,
        Some(summary),
        "the results stay for another Show me"
    );
}

/// `story` with four faults of B added by the user (a shared link carrying them).
fn with_four_added_faults(story: &str) -> Lab {
    let mut lab = lab(story);
    let mut link = LinkState::default_for(story);
    link.faults = (0..4)
        .map(|i| Fault::pause(1, 60_000 + i * 5_000, 1_000))
        .collect();
    ok(&mut lab, Intent::Setup(SetupIntent::Load(Box::new(link))));
    assert_eq!(lab.setup.user_faults.len(), 4);
    lab
}

#[test]
fn cancel_stops_the_search_and_keeps_what_it_found_so_far_worded_as_stopped() {
    let mut lab = with_four_added_faults("last-item");
    let total = *lab.exploring.planned.as_ref().expect("a plan");
    ok(&mut lab, Intent::Explore(ExploreIntent::Start));
    slice(&mut lab, 3);
    assert!(lab.exploring.running());
    ok(&mut lab, Intent::Explore(ExploreIntent::Cancel));
    assert!(!lab.exploring.running(), "the progress bar stops");
    assert_eq!(lab.exploring.progress.0, 3);
    slice(&mut lab, 3);
    assert_eq!(lab.exploring.progress.0, 3, "a late slice does nothing");
    let partial = lab
        .exploring
        .summary
        .clone()
        .expect("the partial result is kept");
    assert_eq!((partial.explored, partial.total), (3, total));
    assert!(partial.breaking_schedules > 0, "the story breaks as it is");
    assert_eq!(
        headline(&partial),
        format!(
            "Stopped after 3 of {total} schedules: {} break it so far.",
            partial.breaking_schedules
        )
    );
    let kind = &partial.kinds[0];
    assert_eq!(kind.minimal.schedule_index, 0, "the setup as it is breaks");
    let words = smallest(kind, lab.exploring.added, lab.scenario());
    assert!(
        words.starts_with("Smallest: your setup as it is (with its 4 added faults), nothing more;"),
        "{words}"
    );
    ok(&mut lab, Intent::Explore(ExploreIntent::Cancel));
    assert_eq!(
        lab.exploring.summary,
        Some(partial),
        "a second Cancel keeps it"
    );
}

#[test]
fn the_smallest_counterexample_is_said_on_top_of_the_faults_the_user_added() {
    let mut lab = with_four_added_faults("acquire-work-renew");
    assert!(
        lab.run().verdict.violations.is_empty(),
        "safe until a fault"
    );
    ok(&mut lab, Intent::Explore(ExploreIntent::SetFaults(1)));
    explore(&mut lab, 1_000);
    let summary = lab.exploring.summary.clone().expect("a summary");
    assert!(summary.is_complete() && !summary.is_safe());
    let top = headline(&summary);
    assert!(
        top.starts_with(&format!("{} schedules explored, ", summary.explored)),
        "{top}"
    );
    let kind = &summary.kinds[0];
    let words = smallest(kind, lab.exploring.added, lab.scenario());
    assert!(
        words.starts_with("Smallest: your setup as it is (with its 4 added faults), then "),
        "{words}"
    );
    assert!(!words.contains("no added fault"), "{words}");
    // "Show me" adds the counterexample: the summary still speaks of the setup it searched.
    let (faults, at_ms) = (kind.minimal.faults.clone(), kind.minimal.violation.at_ms);
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::ShowMe { faults, at_ms }),
    );
    assert_eq!(lab.setup.user_faults.len(), 5);
    assert_eq!(smallest(kind, lab.exploring.added, lab.scenario()), words);
}

#[test]
fn the_rate_is_that_of_the_schedules_explored_before_the_slice() {
    let mut lab = lab("last-item");
    ok(&mut lab, Intent::Explore(ExploreIntent::Start));
    slice(&mut lab, 5);
    slice(&mut lab, 5);
    assert_eq!(lab.exploring.rate_per_s, 250, "5 schedules in 20 ms");
}

#[test]
fn the_choices_change_the_plan_and_a_changed_knob_drops_the_old_summary() {
    let mut lab = lab("last-item");
    let planned = |lab: &Lab| *lab.exploring.planned.as_ref().expect("a plan");
    let two = planned(&lab);
    ok(&mut lab, Intent::Explore(ExploreIntent::SetFaults(1)));
    assert_eq!(lab.exploring.choices.max_faults, 1);
    let one = planned(&lab);
    assert!(one < two, "{one} < {two}");
    let kinds = [
        ExploreKind::Crashes,
        ExploreKind::Copies,
        ExploreKind::Services,
    ];
    let mut before = one;
    for kind in kinds {
        ok(
            &mut lab,
            Intent::Explore(ExploreIntent::SetKind { kind, on: true }),
        );
        assert!(planned(&lab) > before, "{kind:?} adds schedules");
        before = planned(&lab);
    }
    let c = lab.exploring.choices;
    assert!(c.crashes && c.copies && c.services);
    ok(&mut lab, Intent::Explore(ExploreIntent::SetFaults(1)));
    ok(
        &mut lab,
        Intent::Explore(ExploreIntent::SetKind {
            kind: ExploreKind::Crashes,
            on: false,
        }),
    );
    ok(
        &mut lab,
        Intent::Explore(ExploreIntent::SetKind {
            kind: ExploreKind::Copies,
            on: false,
        }),
    );
    ok(
        &mut lab,
        Intent::Explore(ExploreIntent::SetKind {
            kind: ExploreKind::Services,
            on: false,
        }),
    );
    explore(&mut lab, 1_000);
    assert!(lab.exploring.summary.is_some());
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::SetKnob(Knob::Ttl, 7_000)),
    );
    assert_eq!(
        lab.exploring.summary, None,
        "the summary was about another run"
    );
}

#[test]
fn a_new_story_stops_a_running_search() {
    let mut lab = lab("last-item");
    ok(&mut lab, Intent::Explore(ExploreIntent::Start));
    slice(&mut lab, 2);
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Select("gc-pause".into())),
    );
    assert!(!lab.exploring.running());
}

#[test]
fn bounds_that_cannot_be_searched_keep_why_and_a_start_says_it_without_a_notice() {
    let mut lab = lab("last-item");
    ok(&mut lab, Intent::Explore(ExploreIntent::SetFaults(0)));
    assert!(lab.exploring.planned.is_err(), "at least one fault at once");
    assert!(ok(&mut lab, Intent::Explore(ExploreIntent::Start)).is_empty());
    assert!(!lab.exploring.running());
    assert_eq!(
        lab.exploring.error.as_ref(),
        lab.exploring.planned.as_ref().err()
    );
    assert_eq!(lab.view.notice, None);
}

#[test]
fn on_a_replicated_service_the_services_choice_also_cuts_the_leader_off_and_finds_the_design_safe()
{
    let mut lab = lab("leader-change");
    let on_one_box = |lab: &mut Lab| {
        ok(lab, Intent::Setup(SetupIntent::Flip(Knob::Members)));
        *lab.exploring.planned.as_ref().expect("a plan")
    };
    ok(&mut lab, Intent::Explore(ExploreIntent::SetFaults(1)));
    ok(
        &mut lab,
        Intent::Explore(ExploreIntent::SetKind {
            kind: ExploreKind::Services,
            on: true,
        }),
    );
    let group = *lab.exploring.planned.as_ref().expect("a plan");
    let bounds = lab.exploring.choices.bounds(lab.scenario());
    assert!(bounds.leader_cuts);
    let cuts = bounds.grid_len() * bounds.pause_lengths_ms.len() as u64;
    assert_eq!(
        on_one_box(&mut lab) + cuts,
        group,
        "one cut per start and length"
    );
    ok(&mut lab, Intent::Setup(SetupIntent::Flip(Knob::Members)));
    explore(&mut lab, 1_000);
    let summary = lab.exploring.summary.as_ref().expect("a summary");
    assert!(
        summary.is_complete() && summary.is_safe(),
        "{:?}",
        summary.kinds
    );
}

#[test]
fn on_a_replicated_service_the_crashes_choice_also_crashes_each_member() {
    let mut lab = lab("leader-change");
    ok(&mut lab, Intent::Explore(ExploreIntent::SetFaults(1)));
    ok(
        &mut lab,
        Intent::Explore(ExploreIntent::SetKind {
            kind: ExploreKind::Crashes,
            on: true,
        }),
    );
    let group = *lab.exploring.planned.as_ref().expect("a plan");
    let bounds = lab.exploring.choices.bounds(lab.scenario());
    assert!(bounds.member_crashes);
    let plan = fencing_lab::words::explore_plan(&bounds, group);
    assert!(plan.contains("crashes of apps and members"), "{plan}");
    let members = lab.scenario().members as u64;
    ok(&mut lab, Intent::Setup(SetupIntent::Flip(Knob::Members)));
    let one_box = *lab.exploring.planned.as_ref().expect("a plan");
    let crashed_members = bounds.grid_len() * members;
    assert_eq!(
        one_box + crashed_members,
        group,
        "one crash per start and member"
    );
    let plan = fencing_lab::words::explore_plan(&lab.exploring.bounds, one_box);
    assert!(!plan.contains("members"), "{plan}");
}

#[test]
fn the_search_runs_outside_the_lab_and_only_its_own_reports_are_taken() {
    let mut lab = lab("last-item");
    let order = start(&mut lab);
    let id = order.id;
    assert_eq!(
        &*order.scenario,
        &**lab.scenario(),
        "around the run on screen"
    );
    assert_eq!(order.bounds, lab.exploring.bounds);
    let stale = |id| {
        Intent::Explore(ExploreIntent::Progress {
            id,
            explored: 7,
            total: 9,
            rate_per_s: 1,
        })
    };
    ok(&mut lab, stale(id + 1));
    assert_eq!(lab.exploring.progress.0, 0, "another search's progress");
    ok(&mut lab, stale(id));
    assert_eq!(lab.exploring.progress, (7, 9), "its own");
    let summary = Box::new(fencing_lab::engine::Summary::default());
    let found = |id| {
        Intent::Explore(ExploreIntent::Found {
            id,
            summary: summary.clone(),
        })
    };
    ok(&mut lab, found(id + 1));
    assert!(lab.exploring.running() && lab.exploring.summary.is_none());
    let why = fencing_lab::engine::ExploreError::from(fencing_lab::engine::ScenarioError {
        field: "apps".into(),
        problem: fencing_lab::engine::ScenarioProblem::BelowOne,
    });
    let failed = Intent::Explore(ExploreIntent::Failed {
        id,
        error: std::sync::Arc::new(why),
    });
    ok(&mut lab, failed);
    assert!(!lab.exploring.running(), "it could not start");
    assert!(lab.exploring.error.is_some());
    ok(&mut lab, found(id));
    assert!(
        lab.exploring.summary.is_none(),
        "a late answer of a search that failed"
    );
}

#[test]
fn an_explorer_that_cannot_be_fetched_says_so_and_the_next_start_tries_again() {
    let mut lab = lab("last-item");
    let order = start(&mut lab);
    let id = order.id;
    ok(
        &mut lab,
        Intent::Explore(ExploreIntent::Unloaded { id: id + 1 }),
    );
    assert!(
        lab.exploring.running(),
        "another search's answer is not taken"
    );
    ok(&mut lab, Intent::Explore(ExploreIntent::Unloaded { id }));
    assert!(!lab.exploring.running(), "the search could not start");
    assert!(lab.exploring.unloaded, "the panel says why");
    let again = ok(&mut lab, Intent::Explore(ExploreIntent::Start));
    assert!(matches!(&again[..], [Effect::Search(_)]), "{again:?}");
    assert!(!lab.exploring.unloaded, "a new start tries again");
}

#[test]
fn a_search_that_fails_while_stopping_ends_and_says_why() {
    let mut lab = lab("last-item");
    let order = start(&mut lab);
    let id = order.id;
    // The reducer alone: the runner has not answered the cancel yet.
    let cancel = fencing_lab::lab::update(&mut lab, Intent::Explore(ExploreIntent::Cancel));
    assert!(cancel.is_ok());
    assert_eq!(lab.exploring.search, SearchState::Stopping(id));
    let why = fencing_lab::engine::ExploreError::from(fencing_lab::engine::ScenarioError {
        field: "apps".into(),
        problem: fencing_lab::engine::ScenarioProblem::BelowOne,
    });
    let error = std::sync::Arc::new(why);
    ok(
        &mut lab,
        Intent::Explore(ExploreIntent::Failed { id, error }),
    );
    assert_eq!(
        lab.exploring.search,
        SearchState::Idle,
        "over, not stopping"
    );
    assert!(lab.exploring.error.is_some(), "the panel says why");
}
