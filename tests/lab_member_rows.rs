//! A replicated service's member rows on the timeline: shown by default, collapsed and shown
//! again by the viewer (the choice kept as other stories load), and never drawn for one box.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::lab::{Intent, SetupIntent, ViewIntent};
use fencing_lab::ui::timeline::members::{lanes_for, member_rows};
use lab_support::{lab, ok};

#[test]
fn members_get_rows_until_the_viewer_collapses_them() {
    let mut lab = lab("leader-change");
    let members = lab.scenario().members;
    assert_eq!(member_rows(lab.view.members, members), 3);
    ok(&mut lab, Intent::View(ViewIntent::ShowMembers(false)));
    assert_eq!(member_rows(lab.view.members, members), 0);
    ok(&mut lab, Intent::View(ViewIntent::ShowMembers(true)));
    assert_eq!(member_rows(lab.view.members, members), 3);
}

#[test]
fn collapsed_members_stay_collapsed_through_a_new_link_or_story() {
    let mut lab = lab("leader-change");
    ok(&mut lab, Intent::View(ViewIntent::ShowMembers(false)));
    let link = fencing_lab::share::LinkState::default_for("minority-leader");
    ok(&mut lab, Intent::Setup(SetupIntent::Load(Box::new(link))));
    assert_eq!(lab.scenario().members, 3);
    assert_eq!(member_rows(lab.view.members, lab.scenario().members), 0);
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Select("one-box".into())),
    );
    assert_eq!(member_rows(lab.view.members, lab.scenario().members), 0);
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Select("leader-change".into())),
    );
    assert_eq!(member_rows(lab.view.members, lab.scenario().members), 0);
    ok(&mut lab, Intent::View(ViewIntent::ShowMembers(true)));
    let link = lab.link();
    ok(&mut lab, Intent::Setup(SetupIntent::Load(Box::new(link))));
    assert_eq!(member_rows(lab.view.members, lab.scenario().members), 3);
}

#[test]
fn one_box_has_no_member_rows_and_a_presentation_counts_two_rows_to_a_lane() {
    let lab = lab("gc-pause");
    assert_eq!(member_rows(lab.view.members, lab.scenario().members), 0);
    assert_eq!(lanes_for(2, 3), 4);
    assert_eq!(lanes_for(2, 0), 2);
}
