//! Which stretch of time the timeline shows: fitted to the story's events with a small margin
//! (a story that is over in 15 s is not drawn on a 120 s axis), zoomed and panned by the viewer,
//! and moved along when the playhead runs out of it during playback.

use super::moments::is_notable;
use crate::engine::{Event, EventKind, Run};

/// Narrowest window the viewer can zoom to, in ms.
pub const MIN_SPAN_MS: u64 = 1_000;
/// Each zoom step shows this much less (or more) time.
pub const ZOOM_STEP: f64 = 1.5;
/// Widest window on a phone when fitted, in ms: longer stories scroll with the playhead.
pub const PHONE_SPAN_MS: u64 = 40_000;

/// The room a timeline's plot has, as the browser measured it: its width and its type size in
/// px, and whether it is laid out for a phone (which shows part of a long story at a time).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Room {
    pub plot_px: f64,
    pub font_px: f64,
    pub narrow: bool,
}

/// The window fitted to `runs` (the shown run and, in compare mode or beside a recording, the
/// other half's, so both halves share one axis) in `room`.
pub fn fitted(runs: &[&Run], room: Room) -> Window {
    let cap = room.narrow.then_some(PHONE_SPAN_MS);
    let end_ms = runs.iter().map(|r| r.end_ms).max().unwrap_or(1);
    let fits = runs
        .iter()
        .map(|r| fit(r, (room.plot_px, room.font_px), cap));
    fits.max_by_key(|w| w.to_ms)
        .unwrap_or(Window::new(0, end_ms, end_ms))
}

/// A visible stretch of time, `from_ms < to_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub from_ms: u64,
    pub to_ms: u64,
}

impl Window {
    /// The window `from_ms..to_ms`, kept within `0..=end_ms` and at least [`MIN_SPAN_MS`]
    /// wide (or the whole run, if shorter).
    pub fn new(from_ms: u64, to_ms: u64, end_ms: u64) -> Window {
        let end_ms = end_ms.max(1);
        let span = to_ms
            .saturating_sub(from_ms)
            .clamp(MIN_SPAN_MS.min(end_ms), end_ms);
        let from_ms = from_ms.min(end_ms - span);
        Window {
            from_ms,
            to_ms: from_ms + span,
        }
    }

    /// Its length in ms.
    pub fn span_ms(&self) -> u64 {
        self.to_ms - self.from_ms
    }

    /// Zoomed in (`steps > 0`) or out around `at_ms`, which stays where it is on screen.
    pub fn zoom(self, steps: i32, at_ms: u64, end_ms: u64) -> Window {
        let factor = ZOOM_STEP.powi(-steps.clamp(-20, 20));
        let span = (self.span_ms() as f64 * factor).round().max(1.0) as u64;
        let at_ms = at_ms.clamp(self.from_ms, self.to_ms);
        let share = (at_ms - self.from_ms) as f64 / self.span_ms() as f64;
        let from_ms = (at_ms as f64 - share * span as f64).max(0.0).round() as u64;
        Window::new(from_ms, from_ms + span, end_ms)
    }

    /// Moved by `by_ms` (negative: earlier), kept within the run.
    pub fn pan(self, by_ms: i64, end_ms: u64) -> Window {
        let from_ms = self.from_ms.saturating_add_signed(by_ms);
        Window::new(from_ms, from_ms + self.span_ms(), end_ms)
    }

    /// The window as it is when `at_ms` is in it; else moved so that `at_ms` is three quarters in.
    pub fn showing(self, at_ms: u64, end_ms: u64) -> Window {
        if (self.from_ms..=self.to_ms).contains(&at_ms) {
            return self;
        }
        let from_ms = at_ms.saturating_sub(self.span_ms() * 3 / 4);
        Window::new(from_ms, from_ms + self.span_ms(), end_ms)
    }

    /// The window as it is when `key_ms` (the story's key moment) is in it or still to come;
    /// else widened back to a quarter span before it, so a link past it shows it too.
    pub fn reaching(self, key_ms: Option<u64>, end_ms: u64) -> Window {
        match key_ms {
            Some(key) if key < self.from_ms => {
                let from_ms = key.saturating_sub(self.span_ms() / 4);
                Window::new(from_ms, self.to_ms, end_ms)
            }
            _ => self,
        }
    }

    /// During playback: the window moved on so that `at_ms` is a quarter in, once the playhead
    /// has passed 90 % of it (or stands before it); `None` when it needs no move.
    pub fn follow(self, at_ms: u64, end_ms: u64) -> Option<Window> {
        let span = self.span_ms();
        let near_end = self.from_ms + span * 9 / 10;
        if (self.from_ms..=near_end).contains(&at_ms)
            || self.to_ms >= end_ms && at_ms >= self.from_ms
        {
            return None;
        }
        let from_ms = at_ms.saturating_sub(span / 4);
        let moved = Window::new(from_ms, from_ms + span, end_ms);
        (moved != self).then_some(moved)
    }
}

/// Room kept after the story's last event for its labels, in ems of the type.
pub const TAIL_EM: f64 = 10.0;

/// The window that fits the story: from 0 to a little after its last event worth seeing
/// (leases, beliefs, pauses, reads and writes, faults, violations), with room for that event's
/// labels in a plot `plot_px` wide set in `font_px` type; at most `max_span_ms` long.
pub fn fit(run: &Run, (plot_px, font_px): (f64, f64), max_span_ms: Option<u64>) -> Window {
    let end_ms = run.end_ms.max(1);
    // The trace is in time order (the simulation's clock never goes back; a recording out of
    // order is refused), so the last event worth seeing is the latest: found from the end,
    // without reading a long run's whole trace.
    let last_ms = run
        .trace
        .iter()
        .rev()
        .find(|e| worth_seeing(e))
        .map_or(end_ms, |e| e.at_ms);
    let tail_px = TAIL_EM * font_px;
    let share = if plot_px > tail_px * 2.0 {
        plot_px / (plot_px - tail_px)
    } else {
        2.0
    };
    let with_room = (last_ms as f64 * share) as u64;
    let margin = (last_ms / 12).max(1_500);
    let mut to_ms = with_room.max(last_ms + margin).div_ceil(1_000) * 1_000;
    if let Some(max) = max_span_ms {
        to_ms = to_ms.min(max);
    }
    Window::new(0, to_ms.max(5_000), end_ms)
}

/// Events a viewer needs to see: the notable ones (as the log and the event stepper say),
/// less those that mark nothing on the timeline: an app finishing its plan, and a member's own
/// changes on a replicated service (a cut-off member standing for election again and again
/// would stretch the window to the end; a leader change is marked by its failover).
fn worth_seeing(event: &Event) -> bool {
    is_notable(event)
        && !matches!(
            event.kind,
            EventKind::PlanFinished { .. } | EventKind::Member { .. }
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{run, Scenario};

    #[test]
    fn the_gc_pause_story_is_fitted_to_its_events() {
        let run = run(&Scenario::gc_pause_story(true)).expect("a valid story");
        let w = fit(&run, (700.0, 12.0), None);
        assert_eq!(w.from_ms, 0);
        assert!(w.to_ms > 60_000 && w.to_ms <= run.end_ms, "{w:?}");
        let room = (700.0 * (w.to_ms - 60_050) as f64) / w.span_ms() as f64;
        assert!(
            room >= TAIL_EM * 12.0 - 1.0,
            "{room} px after the last write"
        );
        assert!(fit(&run, (300.0, 11.0), Some(PHONE_SPAN_MS)).span_ms() <= PHONE_SPAN_MS);
    }

    #[test]
    fn a_cut_off_leader_standing_for_election_again_and_again_does_not_stretch_the_window() {
        let story = crate::catalog::by_id("minority-leader").expect("the story");
        let mut s = story.scenario();
        // The cut lasts past the end: the member stands again and again until then.
        s.faults = vec![crate::engine::Fault::cut_member(None, 19_500, 120_000)];
        let run = run(&s).expect("a valid story");
        let w = fit(&run, (700.0, 12.0), None);
        // B's grant at 41 s is the run's last mark.
        assert!(
            w.to_ms > 41_000 && w.to_ms <= 60_000,
            "{w:?} of {} ms",
            run.end_ms
        );
    }

    #[test]
    fn the_minority_leader_story_is_fitted_to_its_second_election() {
        let story = crate::catalog::by_id("minority-leader").expect("the story");
        let run = run(&story.scenario()).expect("a valid story");
        let w = fit(&run, (700.0, 12.0), None);
        // The old leader is back at 45 s, and the group elects again at 52.8 s.
        assert!(
            w.to_ms > 52_785 && w.to_ms <= 70_000,
            "{w:?} of {} ms",
            run.end_ms
        );
    }

    #[test]
    fn zooming_keeps_the_point_under_the_cursor() {
        let w = Window::new(0, 60_000, 120_000);
        let z = w.zoom(1, 30_000, 120_000);
        assert_eq!(z.span_ms(), 40_000);
        assert_eq!((z.from_ms, z.to_ms), (10_000, 50_000));
        assert_eq!(z.zoom(-1, 30_000, 120_000), w);
        assert_eq!(
            w.zoom(-10, 0, 120_000),
            Window::new(0, 120_000, 120_000),
            "never wider than the run"
        );
        assert_eq!(
            w.zoom(40, 0, 120_000).span_ms(),
            MIN_SPAN_MS,
            "never narrower than a second"
        );
    }

    #[test]
    fn panning_stops_at_the_runs_ends() {
        let w = Window::new(10_000, 40_000, 120_000);
        assert_eq!(w.pan(-50_000, 120_000), Window::new(0, 30_000, 120_000));
        assert_eq!(
            w.pan(500_000, 120_000),
            Window::new(90_000, 120_000, 120_000)
        );
    }

    #[test]
    fn a_window_moves_to_show_a_playhead_outside_it() {
        let w = Window::new(0, 40_000, 120_000);
        assert_eq!(w.showing(20_000, 120_000), w);
        assert_eq!(
            w.showing(60_000, 120_000),
            Window::new(30_000, 70_000, 120_000)
        );
        assert_eq!(
            w.showing(120_000, 120_000),
            Window::new(80_000, 120_000, 120_000)
        );
    }

    #[test]
    fn playback_moves_the_window_only_when_the_playhead_leaves_it() {
        let w = Window::new(0, 20_000, 120_000);
        assert_eq!(w.follow(10_000, 120_000), None);
        let moved = w.follow(19_000, 120_000).unwrap();
        assert_eq!((moved.from_ms, moved.to_ms), (14_000, 34_000));
        let last = Window::new(100_000, 120_000, 120_000);
        assert_eq!(
            last.follow(119_000, 120_000),
            None,
            "the run's end is in view"
        );
    }
}
