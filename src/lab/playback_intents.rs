//! Playback's intents as the reducer does them: play and pause, restart, steps from event to
//! event and from story step to story step (a step forward stops before a question, or reveals
//! and closes the open one: [`questions::next_step`]; in presentation view, past a story's ends,
//! the lectern opens the next or previous story: [`lectern::turn`]), seeking, the speed and the
//! clock's ticks.

use super::effect::Effect;
use super::intent::PlaybackIntent;
use super::lectern;
use super::playback::{next_event, prev_event, prev_step, set_speed, tick, toggle_play};
use super::questions;
use super::state::Lab;

/// Does a playback intent.
pub fn perform(lab: &mut Lab, intent: PlaybackIntent) -> Vec<Effect> {
    // Anything but a step or the clock's tick takes the title card down.
    let steps = matches!(
        intent,
        PlaybackIntent::NextStep | PlaybackIntent::PrevStep | PlaybackIntent::Tick { .. }
    );
    if !steps {
        lectern::take_down(lab);
    }
    match intent {
        PlaybackIntent::TogglePlay => return toggle_play(lab),
        PlaybackIntent::Restart => lab.stop_at(0),
        PlaybackIntent::PrevEvent => prev_event(lab),
        PlaybackIntent::NextEvent => next_event(lab),
        // At a story's start, in presentation view: the previous story.
        PlaybackIntent::PrevStep if lab.playback.playhead_ms == 0 && lectern::turn(lab, -1) => {}
        PlaybackIntent::PrevStep => prev_step(lab),
        PlaybackIntent::NextStep if lectern::take_down(lab) => {}
        // Past the last step, in presentation view: the next story.
        PlaybackIntent::NextStep => match questions::next_step(lab) {
            Some(effects) => return effects,
            None => _ = lectern::turn(lab, 1),
        },
        PlaybackIntent::Seek(at_ms) => lab.stop_at(at_ms),
        PlaybackIntent::SetSpeed(index) => set_speed(lab, index),
        PlaybackIntent::Tick {
            now_ms,
            elapsed_ms,
            reduced_motion,
        } => tick(lab, now_ms, elapsed_ms, reduced_motion),
    }
    Vec::new()
}
