//! The intents that change how the lab is shown, not what runs: modes and overlays, the
//! timeline's window (zoom, pan, fit, the measured room), routine messages, and the ones that
//! only ask the browser for something (copy a link, export a file).

use std::sync::Arc;

use super::changes::zoomed;
use super::effect::{Effect, ExportFormat};
use super::intent::Intent;
use super::refusal::Refusal;
use super::state::Lab;
use super::window::{fitted, Room};

/// Does a view intent; the reducer hands every other kind elsewhere first.
pub fn perform(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, Refusal> {
    let view = &mut lab.view;
    match intent {
        Intent::ToggleWhoFences => view.who_fences = !view.who_fences,
        Intent::ToggleWhichPattern => view.which_pattern = !view.which_pattern,
        Intent::ToggleRecordings => view.recordings = !view.recordings,
        Intent::ToggleCompare => view.compare = !view.compare,
        Intent::TogglePresenting => view.presenting = !view.presenting,
        Intent::StoryView(on) => view.story = on,
        // Only the topmost overlay (the help over the dialogs, the recordings over the
        // comparisons); presentation view is left by F or its button alone.
        Intent::Escape => {
            let open = [
                &mut view.help,
                &mut view.recordings,
                &mut view.who_fences,
                &mut view.which_pattern,
            ];
            if let Some(top) = open.into_iter().find(|o| **o) {
                *top = false;
            }
        }
        Intent::ToggleHelp => view.help = !view.help,
        Intent::CloseHelp => view.help = false,
        Intent::Blank => view.blank = true,
        Intent::Unblank => view.blank = false,
        Intent::SetRoutine(on) => view.routine = Some(on),
        Intent::ShowMembers(on) => view.members = on,
        Intent::Measure(room) => view.room = Some(room),
        Intent::CopyLink => return Ok(vec![Effect::CopyLink(Box::new(lab.link()))]),
        Intent::Export(format) => return Ok(vec![export(lab, format)]),
        Intent::SetExportLegend(on) => view.export_legend = on,
        Intent::ChooseFaultApp(app) => view.fault_app = app,
        Intent::ChooseFaultLength(length_ms) => view.fault_length_ms = length_ms.max(1),
        Intent::LinkNotices(notices) => view.link_notices = Arc::new(notices),
        Intent::DismissLinkNotices => view.link_notices = Arc::default(),
        Intent::EffectFailed(why) => return Err(Refusal::EffectFailed { why }),
        Intent::DismissNotice => {}
        other => window(lab, other),
    }
    Ok(Vec::new())
}

/// The intents that move the timeline's window.
fn window(lab: &mut Lab, intent: Intent) {
    let shown = lab.shown_window();
    let (end_ms, axis_end_ms) = (lab.end_ms(), lab.axis_end_ms());
    let at_ms = lab.playback.playhead_ms;
    lab.view.zoom = match intent {
        // Around the playhead (or the middle of the view, when the playhead is outside it);
        // back to the fitted view once it would show all of it.
        Intent::Zoom(steps) => zoomed(shown, at_ms, steps, end_ms),
        // By a third of its width.
        Intent::Pan(direction) => Some(shown.pan(direction * (shown.span_ms() / 3) as i64, end_ms)),
        // The whole story, also on a phone (whose unzoomed window is a part of it).
        Intent::Fit => lab.view.room.filter(|r| r.narrow).map(|room| {
            let room = Room {
                narrow: false,
                ..room
            };
            fitted(&lab.axis_runs(), room)
        }),
        Intent::ZoomTo(window) => window,
        Intent::ZoomAt { steps, at_ms } => Some(shown.zoom(steps, at_ms, axis_end_ms)),
        Intent::PanBy(by_ms) => Some(shown.pan(by_ms, axis_end_ms)),
        _ => return,
    };
}

/// The file an export of the lab on screen makes: named after the story and the run's
/// enforcement, or "compare" when both halves are on screen.
fn export(lab: &Lab, format: ExportFormat) -> Effect {
    let on = match (lab.view.compare, lab.scenario().enforcement) {
        (true, _) => "compare",
        (false, true) => "enforcement-on",
        (false, false) => "enforcement-off",
    };
    let extension = match format {
        ExportFormat::Svg => "svg",
        ExportFormat::Png => "png",
    };
    let file_name = format!("fencing-lab-{}-{on}.{extension}", lab.setup.entry_id);
    Effect::Export {
        format,
        legend: lab.view.export_legend,
        file_name,
    }
}
