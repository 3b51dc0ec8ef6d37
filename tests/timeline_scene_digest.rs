//! Pins what the timeline draws: a digest of the whole scene (frames, bands, marks, hidden
//! labels, the legend's kinds, the count left out) of every catalog story, enforcement off then
//! on, routine messages hidden then shown, at the lab's 860 px and a 390 px phone, in the windows
//! a viewer sees (fitted, zoomed in around the middle, panned to the end); and of a busy day of
//! ten apps, thinned to its caps. A change to how scenes are built that is meant to draw the same
//! must leave both digests unchanged; a change of what is drawn must update them, saying why.
#![cfg(not(target_arch = "wasm32"))]

mod digest_support;

mod story_runs;
#[allow(dead_code)] // the layout tests use the rest of it
mod timeline_matrix;

use digest_support::Fnv;
use fencing_lab::engine::{run, EventKind, Run, Scenario};
use fencing_lab::ui::timeline::{f, Frame, Geometry, Scene, Show};
use timeline_matrix::{scene_at, stories, windows};

/// Digest of every catalog story's scenes, recorded before the scene thinned long lists
/// before building their marks (issue 52).
const CATALOG_SCENES_DIGEST: u64 = 0xd90a_ef1e_f994_0488;

/// Digest of the busy day's scenes, recorded at the same time; re-recorded when renewals that
/// land on the same place (the same x to a tenth of a px, as the drawing writes it) became one
/// tick instead of one each, drawn over each other (with every tick drawn, the recorded
/// 0x90b4_091c_1e8b_70c3 exactly; no catalog scene changed: none has two ticks at one place).
const BUSY_DAY_DIGEST: u64 = 0x1d8c_b086_9951_4b5f;

/// The lab's widths: a laptop's 860 px and a phone's 390 px.
const WIDTHS_PX: [f64; 2] = [860.0, 390.0];

/// Adds every scene of `scenario`'s `run` at each width, window and routine setting.
fn add_scenes(digest: &mut Fnv, scenario: &Scenario, run: &Run) {
    for width in WIDTHS_PX {
        let frame = Frame::lab(width);
        for w in windows(frame, run) {
            for routine_messages in [false, true] {
                let scene: Scene = scene_at(frame, scenario, run, Show { routine_messages }, w);
                digest.add(&format!("{width} {w:?} {routine_messages} {scene:?}"));
            }
        }
    }
}

#[test]
fn every_catalog_story_draws_as_recorded() {
    let mut digest = Fnv::new();
    for (name, scenario) in stories() {
        digest.add(&name);
        let run = run(&scenario).expect("a catalog story runs");
        add_scenes(&mut digest, &scenario, &run);
    }
    assert_eq!(
        digest.0, CATALOG_SCENES_DIGEST,
        "catalog scenes digest: {:#018x}",
        digest.0
    );
}

#[test]
fn a_busy_day_draws_as_recorded() {
    let day = Scenario::busy(10, 86_400_000);
    let long = run(&day).expect("a valid scenario");
    let mut digest = Fnv::new();
    add_scenes(&mut digest, &day, &long);
    assert_eq!(
        digest.0, BUSY_DAY_DIGEST,
        "busy day digest: {:#018x}",
        digest.0
    );
}

#[test]
fn a_busy_day_ticks_its_lease_once_at_every_place_a_renewal_lands() {
    let day = Scenario::busy(10, 86_400_000);
    let long = run(&day).expect("a valid scenario");
    assert_eq!(long.spans.leases.len(), 1, "P0 holds one lease all day");
    let mut whole_days = 0;
    for width in WIDTHS_PX {
        let frame = Frame::lab(width);
        for w in windows(frame, &long) {
            let scene = scene_at(frame, &day, &long, Show::default(), w);
            let ticks: Vec<&str> = scene
                .find("renew-tick")
                .iter()
                .filter_map(|s| s.attr("x1"))
                .collect();
            // Where each renewal in the window lands, as the drawing writes an x (in time
            // order, so the same place comes in a row).
            let g = Geometry::new(frame, day.apps.len(), long.end_ms, (w.from_ms, w.to_ms));
            let landed: Vec<String> = long
                .trace
                .iter()
                .filter(|e| g.shows(e.at_ms, e.at_ms))
                .filter(|e| matches!(e.kind, EventKind::LeaseRenewed { .. }))
                .map(|e| f(g.x(e.at_ms)))
                .collect();
            let mut places = landed.clone();
            places.dedup();
            assert_eq!(ticks, places, "{width} px, {w:?}");
            // The whole day at 860 px: about 12 renewals to a tenth of a px.
            if width == 860.0 && w.span_ms() == long.end_ms {
                assert!(ticks.len() * 10 < landed.len(), "{}", ticks.len());
                whole_days += 1;
            }
        }
    }
    assert!(whole_days > 0, "the whole day is drawn at 860 px");
}
