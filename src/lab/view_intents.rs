//! The intents that change how the lab is shown, not what runs: modes and overlays, the
//! timeline's window (zoom, pan, fit, the measured room), routine messages, and the ones that
//! only ask the browser for something (copy a link, export a file).

use std::sync::Arc;

use super::changes::zoomed;
use super::effect::{Effect, ExportFormat};
use super::intent::{ShareIntent, ViewIntent, WindowIntent};
use super::refusal::Refusal;
use super::state::Lab;
use super::window::{fitted, Room};

/// Does a view intent.
pub fn perform(lab: &mut Lab, intent: ViewIntent) -> Result<Vec<Effect>, Refusal> {
    let view = lab.view_mut();
    match intent {
        ViewIntent::ToggleWhoFences => view.who_fences = !view.who_fences,
        ViewIntent::ToggleWhichPattern => view.which_pattern = !view.which_pattern,
        ViewIntent::ToggleRecordings => view.recordings = !view.recordings,
        ViewIntent::ToggleCompare => view.compare = !view.compare,
        ViewIntent::TogglePresenting => {
            view.presenting = !view.presenting;
            view.title_card = false;
        }
        ViewIntent::StoryView(on) => view.story = on,
        // Only the topmost overlay (the help over the dialogs, the recordings over the
        // comparisons); presentation view is left by F or its button alone.
        ViewIntent::Escape => {
            let open = [
                &mut view.help,
                &mut view.recordings,
                &mut view.who_fences,
                &mut view.which_pattern,
                &mut view.title_card,
            ];
            if let Some(top) = open.into_iter().find(|o| **o) {
                *top = false;
            }
        }
        ViewIntent::ToggleHelp => view.help = !view.help,
        ViewIntent::CloseHelp => view.help = false,
        ViewIntent::Blank => view.blank = true,
        ViewIntent::Unblank => view.blank = false,
        ViewIntent::SetRoutine(on) => view.routine = Some(on),
        ViewIntent::ShowMembers(on) => view.members = on,
        ViewIntent::ChooseFaultApp(app) => view.fault_app = app,
        ViewIntent::ChooseFaultLength(length_ms) => view.fault_length_ms = length_ms.max(1),
        ViewIntent::LinkNotices(notices) => view.link_notices = Arc::new(notices),
        ViewIntent::DismissLinkNotices => view.link_notices = Arc::default(),
        ViewIntent::EffectFailed(why) => return Err(Refusal::EffectFailed { why }),
        ViewIntent::DismissNotice => {}
    }
    Ok(Vec::new())
}

/// Does a share intent: a link or an export for the browser to make.
pub fn share(lab: &mut Lab, intent: ShareIntent) -> Vec<Effect> {
    match intent {
        ShareIntent::CopyLink => vec![Effect::CopyLink(Box::new(lab.link()))],
        ShareIntent::Export(format) => vec![export(lab, format)],
        ShareIntent::SetExportLegend(on) => {
            lab.view_mut().export_legend = on;
            Vec::new()
        }
    }
}

/// Does a window intent: the measured room, or a move of the timeline's window.
pub fn window(lab: &mut Lab, intent: WindowIntent) {
    if let WindowIntent::Measure(room) = intent {
        lab.view_mut().room = Some(room);
        return;
    }
    let shown = lab.shown_window();
    let (end_ms, axis_end_ms) = (lab.end_ms(), lab.axis_end_ms());
    let at_ms = lab.playback.playhead_ms;
    lab.view_mut().zoom = match intent {
        // Around the playhead (or the middle of the view, when the playhead is outside it);
        // back to the fitted view once it would show all of it.
        WindowIntent::Zoom(steps) => zoomed(shown, at_ms, steps, end_ms),
        // By a third of its width.
        WindowIntent::Pan(direction) => {
            Some(shown.pan(direction * (shown.span_ms() / 3) as i64, end_ms))
        }
        // The whole story, also on a phone (whose unzoomed window is a part of it).
        WindowIntent::Fit => lab.view.room.filter(|r| r.narrow).map(|room| {
            let room = Room {
                narrow: false,
                ..room
            };
            fitted(&lab.axis_runs(), room)
        }),
        WindowIntent::ZoomTo(window) => window,
        WindowIntent::ZoomAt { steps, at_ms } => Some(shown.zoom(steps, at_ms, axis_end_ms)),
        WindowIntent::PanBy(by_ms) => Some(shown.pan(by_ms, axis_end_ms)),
        WindowIntent::Measure(_) => return,
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
        title: lab.entry().title,
    }
}
