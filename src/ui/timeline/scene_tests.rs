//! The scene's own tests: what it draws for the document's stories and for very long runs.

use super::defs::Defs;
use super::geometry::{Frame, Geometry};
use super::scene::{labels_with_class, Scene, Show};
use super::thin::{refusals, tells_the_story, MAX_MARKS, MAX_ROUTINE_MESSAGES};
use crate::engine::{run, Enforce, Fault, Scenario, Tokens};
use crate::ui::svg::Shape;

fn scene(scenario: &Scenario) -> Scene {
    scene_at(scenario, 900.0)
}

/// The whole run of `scenario` drawn in the lab `width_px` wide.
fn scene_at(scenario: &Scenario, width_px: f64) -> Scene {
    let run = run(scenario).expect("a valid scenario");
    let g = Geometry::whole(Frame::lab(width_px), scenario.apps.len(), run.end_ms);
    Scene::draw(g, &run, scenario, Defs(0), Show::default())
}

#[test]
fn without_enforcement_the_late_write_is_drawn_as_stale() {
    let scene = scene(&Scenario::gc_pause_story(false));
    assert_eq!(labels_with_class(&scene, "stale"), vec!["A 101 stale!"]);
    assert!(scene.find("rejected").is_empty());
    assert!(!scene.find("split-brain").is_empty(), "two owners at once");
    assert!(!scene.find("violation-mark").is_empty());
    assert!(
        scene.find("fence-line").is_empty(),
        "nothing compares tokens"
    );
    assert_eq!(scene.left_out, 0, "the story is drawn in full");
}

#[test]
fn with_enforcement_the_late_write_is_drawn_as_rejected() {
    let scene = scene(&Scenario::gc_pause_story(true));
    assert_eq!(labels_with_class(&scene, "rejected"), vec!["101 < 102"]);
    assert!(scene.find("stale").is_empty());
    let tokens: Vec<&str> = scene
        .find("lease")
        .iter()
        .filter_map(|s| s.attr("data-token"))
        .collect();
    assert_eq!(tokens, vec!["101", "102"]);
    assert_eq!(
        scene.find("fence-line").len(),
        1,
        "the checked fence is drawn"
    );
}

#[test]
fn without_ordered_tokens_the_timeline_names_grants_by_number() {
    let absent = Scenario::gc_pause_story(false).with_tokens(Tokens::Absent);
    let by_version = Scenario::gc_pause_story(true)
        .with_tokens(Tokens::Unordered)
        .with_enforce(Enforce::ExactVersion);
    for s in [absent, by_version] {
        let scene = scene(&s);
        let texts: Vec<&str> = scene.shapes().flat_map(Shape::texts).collect();
        let said = |word: &str| texts.iter().any(|t| t.to_lowercase().contains(word));
        assert!(!said("token"), "{texts:#?}");
        assert!(said("grant #1") && said("a · #1"), "{texts:#?}");
        assert!(
            scene.find("fence-line").is_empty(),
            "no ordered token to fence with"
        );
    }
}

#[test]
fn beliefs_say_what_they_mean() {
    let scene = scene(&Scenario::gc_pause_story(true));
    let beliefs = labels_with_class(&scene, "belief-text");
    assert!(
        beliefs
            .iter()
            .all(|b| b.starts_with("believes it owns") || b.starts_with("owns ·")),
        "{beliefs:?}"
    );
    assert!(!beliefs.iter().any(|b| b.contains('?')));
}

#[test]
fn every_lane_is_framed_and_labelled() {
    let scene = scene(&Scenario::gc_pause_story(true));
    let names: Vec<&str> = scene
        .frames
        .iter()
        .flat_map(|s| s.find("lane-label"))
        .filter_map(|s| s.text.as_deref())
        .collect();
    assert_eq!(names, vec!["Coordination", "App A", "App B", "Resource"]);
}

#[test]
fn marks_come_in_time_order() {
    let scene = scene(&Scenario::gc_pause_story(false));
    assert!(scene.marks.windows(2).all(|w| w[0].at_ms <= w[1].at_ms));
    assert!(!scene.marks.is_empty());
}

#[test]
fn a_busy_hour_is_thinned_and_says_by_how_much() {
    let scenario = Scenario::busy(10, 3_600_000);
    let hour = run(&scenario).expect("a valid scenario");
    let g = Geometry::whole(Frame::lab(1200.0), 10, hour.end_ms);
    let show = Show {
        routine_messages: true,
    };
    let scene = Scene::draw(g, &hour, &scenario, Defs(0), show);
    let refused = refusals(&hour).len();
    assert!(
        refused > 30_000,
        "nine apps refused every second: {refused}"
    );
    let messages = &hour.spans.messages;
    let story = messages.iter().filter(|m| tells_the_story(m)).count();
    let routine = messages.len() - story;
    assert_eq!(
        scene.find("msg").len(),
        MAX_ROUTINE_MESSAGES + story.min(MAX_MARKS)
    );
    assert!(scene.left_out >= routine - MAX_ROUTINE_MESSAGES);
    let drawn: usize = scene.shapes().map(Shape::element_count).sum();
    assert!(drawn < 20_000, "{drawn} elements");
    let pairs = scene.overlapping_texts();
    assert!(pairs.is_empty(), "{pairs:?}");
}

#[test]
fn a_restart_is_marked_on_the_resource_lane_with_whether_the_fence_survived() {
    let base =
        Scenario::gc_pause_story(true).with_fault(crate::engine::Fault::restart_resource(45_000));
    let kept = scene(&base);
    assert_eq!(
        labels_with_class(&kept, "restart-text"),
        vec!["⟳ restart · fence kept"]
    );
    assert_eq!(kept.find("restart").len(), 1);
    let lost = scene(&base.with_durability(false, true));
    assert_eq!(
        labels_with_class(&lost, "restart-text"),
        vec!["⟳ restart · fence lost"]
    );
    assert_eq!(lost.find("lost").len(), 2, "the mark and its label say so");
    let fence = lost.find("fence-line");
    let d = fence[0].attr("d").unwrap_or("");
    assert_eq!(
        d.matches('M').count(),
        2,
        "the fence stops at the restart: {d}"
    );
    assert!(lost
        .kinds
        .iter()
        .any(|k| k.0 == super::legend::Kind::Restart));
    assert!(lost.overlapping_texts().is_empty());
}

#[test]
fn a_failover_is_marked_on_the_coordination_lane_with_its_wait_before_granting() {
    let s = Scenario::gc_pause_story(true).with_fault(crate::engine::Fault::failover(10_000));
    let scene = scene(&s);
    assert_eq!(scene.find("failover-band").len(), 1);
    assert_eq!(scene.find("failover-line").len(), 1);
    assert_eq!(
        labels_with_class(&scene, "failover-text"),
        vec!["⇆ failover · lease forgotten · no grants"],
        "B's refused asks are in B's lane, so its longest label has the row"
    );
    assert!(scene.overlapping_texts().is_empty());
}

/// A run of refused asks is drawn in the lane of the app that asked (a story where B never gets
/// the lock must not leave B's lane empty), on the row under its belief.
#[test]
fn refused_asks_are_drawn_in_the_askers_lane() {
    let s = story("permanent-ownership");
    let run = run(&s).unwrap();
    let g = Geometry::whole(Frame::lab(900.0), s.apps.len(), run.end_ms);
    let scene = Scene::draw(g, &run, &s, Defs(0), Show::default());
    let crosses = scene.find("refusal-x");
    assert!(!crosses.is_empty());
    let b_lane = g.app_top(crate::engine::APP_B)..g.app_top(crate::engine::APP_B) + g.app_h();
    for cross in crosses {
        let y1 = cross.kids[0].attr("y1").and_then(|v| v.parse::<f64>().ok());
        let y2 = cross.kids[0].attr("y2").and_then(|v| v.parse::<f64>().ok());
        let y = (y1.unwrap() + y2.unwrap()) / 2.0;
        assert!(
            b_lane.contains(&y),
            "a refusal of B at y {y}, B's lane {b_lane:?}"
        );
    }
    assert!(scene.overlapping_texts().is_empty());
}

#[test]
fn a_lease_the_failover_forgot_is_told_by_the_failover_not_on_the_row_of_refused_asks() {
    let scene = scene(&story("one-box"));
    let failover = labels_with_class(&scene, "failover-text");
    assert!(
        failover.iter().any(|t| t.contains("lease forgotten")),
        "{failover:?}"
    );
    let ends = labels_with_class(&scene, "lease-end");
    assert!(ends.iter().all(|t| !t.contains("forgotten")), "{ends:?}");
    assert!(scene.overlapping_texts().is_empty());
    // At a laptop's width B's refused asks keep their count on their row.
    let wide = scene_at(&story("one-box"), 1280.0);
    let refusals = labels_with_class(&wide, "refusal-text");
    assert!(refusals.contains(&"B asked ×30, refused"), "{refusals:?}");
}

#[test]
fn the_networks_copy_of_a_message_is_drawn_as_a_copy() {
    use crate::engine::{Fault, MsgKind, APP_B};
    let s = Scenario::gc_pause_story(true).with_fault(Fault::duplicate(
        APP_B,
        MsgKind::Write,
        1,
        3_000,
    ));
    let scene = scene(&s);
    let copies = scene.find("msg-copy");
    assert_eq!(copies.len(), 1);
    assert!(copies[0].find("msg-line").len() == 1);
    let title = copies[0].kids.iter().find(|k| k.tag == "title");
    let says = title.and_then(|t| t.text.as_deref()).unwrap_or("");
    assert!(says.starts_with("a copy of write (B)"), "{says}");
    assert!(scene
        .kinds
        .iter()
        .any(|k| k.0 == super::legend::Kind::CopiedMessage));
    assert!(scene.overlapping_texts().is_empty());
}

#[test]
fn with_no_lock_the_app_that_starts_over_is_marked_with_its_attempt() {
    let story = crate::catalog::by_id("no-lock").expect("in the catalog");
    let scene = scene(&story.scenario());
    assert_eq!(scene.find("start-over").len(), 1, "A starts over once");
    assert_eq!(
        labels_with_class(&scene, "start-over-text"),
        vec!["↻ starts over · attempt 2"]
    );
    assert!(scene.find("lease").is_empty(), "nobody holds a lease");
}

#[test]
fn a_groups_members_get_a_row_each_and_collapsed_the_coordination_lane_stands_alone() {
    let scenario = crate::catalog::by_id("leader-change").unwrap().scenario();
    let run = run(&scenario).unwrap();
    let g = Geometry::whole(Frame::lab(900.0), scenario.apps.len(), run.end_ms);
    let open = Scene::draw(g.with_members(3), &run, &scenario, Defs(0), Show::default());
    let names = labels_with_class(&open, "member-label");
    assert_eq!(names, ["Member 1", "Member 2", "Member 3"]);
    let leads = labels_with_class(&open, "band-text");
    assert!(leads.contains(&"★ leads · term 2"), "{leads:?}");
    assert!(!open.find("member-down").is_empty(), "the leader goes down");
    assert!(!open.find("vote").is_empty(), "the others vote");
    assert!(open.overlapping_texts().is_empty());
    assert!(g.with_members(3).height() > g.height());
    let closed = Scene::draw(g, &run, &scenario, Defs(0), Show::default());
    assert!(closed.find("member-label").is_empty() && closed.find("member-lead").is_empty());
}

fn members_scene(scenario: &Scenario) -> Scene {
    let run = run(scenario).unwrap();
    let g = Geometry::whole(Frame::lab(900.0), scenario.apps.len(), run.end_ms);
    Scene::draw(g.with_members(3), &run, scenario, Defs(0), Show::default())
}

fn story(id: &str) -> Scenario {
    crate::catalog::by_id(id).unwrap().scenario()
}

#[test]
fn a_leader_cut_off_is_labelled_cut_off_once_it_stops_leading() {
    let scene = members_scene(&story("minority-leader"));
    let texts = labels_with_class(&scene, "band-text");
    assert!(
        texts.iter().any(|t| t.starts_with("✂ cut off")),
        "{texts:?}"
    );
    let cut = scene.find("member-cut");
    let title = cut[0].kids[0].text.as_deref().unwrap_or_default();
    assert!(
        title.contains("is cut off from the other members from"),
        "{title}"
    );
}

#[test]
fn a_members_label_never_runs_past_the_end_of_its_band() {
    // A follower down for a second as well as the leader: two short bands, no election after one.
    let scenario = story("leader-change").with_fault(Fault::crash_member(Some(1), 30_000, 1_000));
    let scene = members_scene(&scenario);
    let ends: Vec<f64> = scene
        .find("member-down")
        .iter()
        .map(|d| {
            let band = d.find("member-band")[0];
            let num = |name| band.attr(name).unwrap().parse::<f64>().unwrap();
            num("x") + num("width")
        })
        .collect();
    assert_eq!(ends.len(), 2, "two members go down");
    let downs: Vec<_> = scene
        .text_boxes()
        .into_iter()
        .filter(|(t, _)| *t == "down")
        .collect();
    assert!(!downs.is_empty(), "a down band is labelled");
    for (_, b) in downs {
        assert!(
            ends.iter().all(|&end| b.x1 <= end || b.x0 >= end),
            "{b:?} across {ends:?}"
        );
    }
}

#[test]
fn a_member_standing_again_and_again_alone_is_drawn_under_the_cap_and_counted() {
    let scenario = story("leader-change")
        .with_horizon_ms(1_200_000)
        .with_fault(Fault::crash_member(Some(0), 20_000, 1_180_000))
        .with_fault(Fault::crash_member(Some(1), 20_000, 1_180_000));
    let scene = members_scene(&scenario);
    let votes = scene.find("vote-dot").len();
    assert!(votes <= MAX_MARKS, "{votes} dots");
    assert!(scene.left_out > 0, "the rest are counted as left out");
}

/// A label wider than its band does not run on past the band's end as if the band did (issue 51,
/// item 11): last-item's B believes for 0.2 s, so its belief's and the split brain's labels stand
/// after those bands, pointing back at them; A's long belief keeps its label inside.
#[test]
fn a_short_bands_label_stands_after_it_and_points_back() {
    let scene = scene_at(&story("last-item"), 1280.0);
    let beliefs = labels_with_class(&scene, "belief-text");
    assert!(
        beliefs.contains(&"believes it owns · token 101"),
        "{beliefs:?}"
    );
    let back: Vec<&&str> = beliefs.iter().filter(|t| t.starts_with('◂')).collect();
    assert_eq!(back.len(), 1, "B's belief: {beliefs:?}");
    let split = labels_with_class(&scene, "split-text");
    assert!(split.iter().all(|t| t.starts_with("◂ ")), "{split:?}");
    assert!(scene.overlapping_texts().is_empty());
}

/// Issue 51 item 11: in last-item A's lease expires at 30 s and B releases its own 0.3 s
/// later, too close for a label each: one label names both ends and whose lease each was
/// (it read "◷ expired  released", as if one lease had done both).
#[test]
fn close_lease_ends_name_their_holders() {
    let scene = scene_at(&story("last-item"), 1280.0);
    let ends = labels_with_class(&scene, "lease-end");
    assert_eq!(ends, vec!["◷ A's lease expired · B released"]);
    assert!(scene.overlapping_texts().is_empty());
}

/// Lease ends far enough apart for a label each keep their own (deposed-leader: A's lease
/// expires at 26 s and B releases at 31.5 s); only ends too close share one.
#[test]
fn lease_ends_apart_keep_a_label_each() {
    let s = story("deposed-leader");
    let scene = scene_at(&s, 1280.0);
    let ends = labels_with_class(&scene, "lease-end");
    assert!(ends.iter().all(|t| !t.contains(" · ")), "{ends:?}");
    assert!(ends.contains(&"B released"), "{ends:?}");
    assert!(scene.overlapping_texts().is_empty());
}

/// Issue 51 item 2, the legend: each kind of mark comes with when it is first drawn, so the
/// legend can leave out what has not happened yet (at 0 s on gc-pause it listed "stale write
/// rejected by the token or version check", the answer to a question to come).
#[test]
fn the_legends_kinds_say_when_each_is_first_drawn() {
    use super::legend::Kind;
    let s = Scenario::gc_pause_story(true);
    let r = run(&s).expect("a valid scenario");
    let rejected_ms = r
        .trace
        .iter()
        .find(|e| matches!(e.kind, crate::engine::EventKind::WriteRejected { .. }))
        .map(|e| e.at_ms)
        .expect("A's write is rejected");
    let scene = scene(&s);
    let from = |kind: Kind| scene.kinds.iter().find(|k| k.0 == kind).map(|k| k.1);
    assert_eq!(from(Kind::Rejected), Some(rejected_ms));
    assert!(from(Kind::Pause).is_some_and(|ms| ms > 0 && ms < rejected_ms));
    assert!(from(Kind::Lease).is_some_and(|ms| ms < 1_000));
}
