//! Playback as the reducer does it: play and pause, steps from event to event and from story
//! step to story step, and the clock's ticks, which move the playhead at the chosen speed (or,
//! with reduced motion, from event to event), stop before a question, at the end of a "Watch
//! that moment" replay (which shows its answer) and at the end, and move
//! a zoomed-in window (or a phone's) along with the playhead.

use super::effect::Effect;
use super::moments;
use super::state::{Lab, SIM_MS_PER_REAL_MS_AT_1X, SPEEDS};
use super::stops::question_on_the_way;
use crate::catalog::TimedStep;

/// Real ms per event while playing with reduced motion.
const REDUCED_MOTION_STEP_MS: u64 = 300;

/// Starts or stops playback; starting at the end restarts from 0.
pub fn toggle_play(lab: &mut Lab) -> Vec<Effect> {
    if lab.playback.playing {
        lab.playback_mut().playing = false;
        return Vec::new();
    }
    if lab.playback.playhead_ms >= lab.end_ms() {
        lab.playback_mut().playhead_ms = 0;
    }
    lab.playback_mut().playing = true;
    follow(lab);
    vec![Effect::StartClock]
}

/// One tick of the clock at `now_ms`, `elapsed_ms` (real) after the last one.
pub fn tick(lab: &mut Lab, now_ms: f64, elapsed_ms: f64, reduced_motion: bool) {
    if !lab.playback.playing {
        return;
    }
    let end_ms = lab.end_ms();
    let playhead = lab.playback.playhead_ms;
    let next = if reduced_motion {
        let step = REDUCED_MOTION_STEP_MS;
        let new_step = (now_ms as u64 / step) != ((now_ms - elapsed_ms) as u64 / step);
        if elapsed_ms == 0.0 || new_step {
            moments::next_moment(lab.run(), playhead).unwrap_or(end_ms)
        } else {
            playhead
        }
    } else {
        let speed = SPEEDS[lab.playback.speed.min(SPEEDS.len() - 1)];
        playhead + (elapsed_ms * SIM_MS_PER_REAL_MS_AT_1X * speed).round() as u64
    };
    let until = lab.questions.watch.map_or(end_ms, |(_, t)| t.min(end_ms));
    if let Some(stop_ms) = question_on_the_way(lab, playhead, next.min(until)) {
        lab.playback_mut().playing = false;
        lab.playback_mut().playhead_ms = stop_ms;
    } else {
        lab.playback_mut().playhead_ms = next.min(until);
        lab.playback_mut().playing = next < until;
    }
    if lab.playback.playing {
        follow(lab);
    } else {
        if lab.questions.watch.is_some() {
            lab.questions_mut().watched();
        }
    }
}

/// While playing, moves a zoomed-in window (or a phone's) along with the playhead.
fn follow(lab: &mut Lab) {
    lab.refresh_window();
    let narrow = lab.view.room.is_some_and(|r| r.narrow);
    if lab.view.zoom.is_none() && !narrow {
        return;
    }
    let (at_ms, end_ms) = (lab.playback.playhead_ms, lab.axis_end_ms());
    if let Some(next) = lab.shown_window().follow(at_ms, end_ms) {
        lab.view_mut().zoom = Some(next);
    }
}

/// Where the previous (`direction < 0`: the last step before `at_ms`, else 0) or next (the first
/// step after `at_ms`, if any) narration step is.
pub fn step_target(steps: &[TimedStep], at_ms: u64, direction: i32) -> Option<u64> {
    let mut times = steps.iter().map(|s| s.at_ms);
    if direction < 0 {
        times.rfind(|&t| t < at_ms).or(Some(0))
    } else {
        times.find(|&t| t > at_ms)
    }
}

/// Moves the playhead to the previous narration step (or 0).
pub fn prev_step(lab: &mut Lab) {
    let at = lab.playback.playhead_ms;
    if let Some(at_ms) = step_target(&lab.told().shown, at, -1) {
        lab.stop_at(at_ms);
    }
}

/// Stops playback and moves to the previous notable event (or 0).
pub fn prev_event(lab: &mut Lab) {
    let to = moments::prev_moment(lab.shown_run(), lab.playback.playhead_ms);
    lab.stop_at(to.unwrap_or(0));
}

/// Stops playback and moves to the next notable event (or the end).
pub fn next_event(lab: &mut Lab) {
    let to = moments::next_moment(lab.shown_run(), lab.playback.playhead_ms);
    let end_ms = lab.end_ms();
    lab.stop_at(to.unwrap_or(end_ms));
}

/// Sets the playback speed (an index into [`SPEEDS`], capped at the fastest).
pub fn set_speed(lab: &mut Lab, index: usize) {
    lab.playback_mut().speed = index.min(SPEEDS.len() - 1);
}
