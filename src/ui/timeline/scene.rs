//! The whole drawing of one run as data: lane frames and the time axis (always visible), the
//! marks the playhead reveals, and how many marks the caps left out. Pure: native tests read it.

use super::defs::Defs;
use super::geometry::Geometry;
use super::lanes::{self, line, text};
use super::marks;
use super::thin::Thinner;
use crate::engine::{Run, Scenario};
use crate::ui::svg::Shape;

/// What the timeline draws for one run.
#[derive(Debug)]
pub struct Scene {
    /// Lane backgrounds and labels, the rule beside the labels, then the axis.
    pub frames: Vec<Shape>,
    /// Everything that happened, in drawing order: the playhead reveals it left to right.
    pub revealed: Vec<Shape>,
    /// Marks not drawn because a list was longer than its cap (0 for every catalog story).
    pub left_out: usize,
}

impl Scene {
    /// Draws `run` of `scenario` in geometry `g`, filling and marking with `defs`.
    pub fn draw(g: Geometry, run: &Run, scenario: &Scenario, defs: Defs) -> Scene {
        let mut thin = Thinner::default();
        let mut frames = lanes::lane_frames(g, scenario);
        frames.push(axis(g));
        let mut revealed = marks::split_brain(g, run, scenario, &mut thin);
        revealed.push(lanes::coordinator_lane(g, run, scenario, &mut thin));
        revealed.push(lanes::app_lanes(g, run, scenario, defs, &mut thin));
        revealed.push(lanes::resource_lane(g, run, scenario, &mut thin));
        revealed.extend(marks::messages(g, run, scenario, defs, &mut thin));
        revealed.extend(marks::violations(g, run, &mut thin));
        Scene {
            frames,
            revealed,
            left_out: thin.left_out,
        }
    }

    /// Every revealed shape carrying `class`.
    #[cfg(test)]
    pub fn find(&self, class: &str) -> Vec<&Shape> {
        self.revealed.iter().flat_map(|s| s.find(class)).collect()
    }
}

/// The time axis with a tick every few seconds.
fn axis(g: Geometry) -> Shape {
    let top = g.axis_top();
    let step = g.tick_ms();
    let ticks = (0..=g.end_ms / step).map(|i| {
        let at_ms = i * step;
        let x = g.x(at_ms);
        let label_y = top + g.axis_h() - 10.0;
        Shape::new("g")
            .class("tick")
            .kid(line("grid", (x, g.coord_top()), (x, top)))
            .kid(
                text("tick-label", x, label_y, format!("{} s", at_ms / 1000))
                    .set("text-anchor", "middle"),
            )
    });
    Shape::new("g").class("axis").kids(ticks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{run, Scenario};
    use crate::ui::timeline::thin::{refusals, tells_the_story, MAX_MARKS, MAX_ROUTINE_MESSAGES};

    fn scene(scenario: &Scenario) -> Scene {
        let run = run(scenario);
        Scene::draw(
            Geometry::new(run.end_ms, scenario.apps.len()),
            &run,
            scenario,
            Defs(0),
        )
    }

    fn labels<'a>(scene: &'a Scene, class: &str) -> Vec<&'a str> {
        scene
            .find(class)
            .iter()
            .flat_map(|s| s.find("access-label"))
            .filter_map(|s| s.text.as_deref())
            .collect()
    }

    #[test]
    fn without_enforcement_the_late_write_is_drawn_as_stale() {
        let scene = scene(&Scenario::gc_pause_story(false));
        assert_eq!(labels(&scene, "stale"), vec!["A 101 stale!"]);
        assert!(scene.find("rejected").is_empty());
        assert!(!scene.find("split-brain").is_empty(), "two owners at once");
        assert!(!scene.find("violation-mark").is_empty());
        assert_eq!(scene.left_out, 0, "the story is drawn in full");
    }

    #[test]
    fn with_enforcement_the_late_write_is_drawn_as_rejected() {
        let scene = scene(&Scenario::gc_pause_story(true));
        assert_eq!(labels(&scene, "rejected"), vec!["101 < 102"]);
        assert!(scene.find("stale").is_empty());
        let tokens: Vec<&str> = scene
            .find("lease")
            .iter()
            .filter_map(|s| s.attr("data-token"))
            .collect();
        assert_eq!(tokens, vec!["101", "102"]);
    }

    #[test]
    fn every_catalog_story_is_drawn_in_full() {
        for entry in crate::catalog::catalog() {
            for enforcement in [false, true] {
                let mut scenario = entry.scenario();
                scenario.enforcement = enforcement;
                let scene = scene(&scenario);
                assert_eq!(
                    scene.left_out, 0,
                    "{} (enforcement {enforcement})",
                    entry.id
                );
                assert!(!scene.find("lease").is_empty() || !scene.find("belief").is_empty());
            }
        }
    }

    #[test]
    fn every_lane_is_framed_and_labelled() {
        let scenario = Scenario::gc_pause_story(true);
        let scene = scene(&scenario);
        let names: Vec<&str> = scene
            .frames
            .iter()
            .flat_map(|s| s.find("lane-label"))
            .filter_map(|s| s.text.as_deref())
            .collect();
        assert_eq!(names, vec!["Coordination", "App A", "App B", "Resource"]);
    }

    #[test]
    fn a_busy_hour_is_thinned_and_says_by_how_much() {
        let scenario = Scenario::busy(10, 3_600_000);
        let hour = run(&scenario);
        let scene = Scene::draw(Geometry::new(hour.end_ms, 10), &hour, &scenario, Defs(0));
        let refused = refusals(&hour).len();
        assert!(
            refused > 30_000,
            "nine apps refused every second: {refused}"
        );
        let messages = &hour.spans.messages;
        let story = messages.iter().filter(|m| tells_the_story(m)).count();
        let routine = messages.len() - story;
        assert_eq!(scene.find("refusal").len(), MAX_MARKS);
        assert_eq!(
            scene.find("msg").len(),
            MAX_ROUTINE_MESSAGES + story.min(MAX_MARKS)
        );
        assert_eq!(
            scene.left_out,
            (refused - MAX_MARKS) + (routine - MAX_ROUTINE_MESSAGES)
        );
        let drawn: usize = scene.revealed.iter().map(Shape::element_count).sum();
        assert!(drawn < 20_000, "{drawn} elements");
    }
}
