//! Keyboard and clicker shortcuts. Clickers send PageUp/PageDown (and "." or "b" to blank the
//! screen). Shortcuts never fire while the user types or adjusts a form control.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::commands;
use super::narration::jump_step;
use super::playback::toggle_play;
use super::state::{use_lab, LabState};

/// Every shortcut with its description, for the help overlay.
pub const SHORTCUTS: [(&str, &str); 15] = [
    ("Space", "Play / pause"),
    ("← / →", "Previous / next event"),
    ("PageUp / PageDown", "Previous / next story step (clicker)"),
    ("Home", "Restart"),
    ("E", "Token enforcement on / off"),
    ("P", "Pause the current lease holder now"),
    ("C", "Compare: enforcement off and on"),
    ("F", "Presentation view"),
    (
        "+ / −",
        "Zoom the timeline in / out (Ctrl + wheel or pinch too)",
    ),
    ("0", "Fit the timeline to the story"),
    ("Esc", "Leave presentation view, close help"),
    (". or B", "Blank the screen (any key returns)"),
    ("?", "This help"),
    ("Tab", "Move between controls"),
    ("Enter", "Activate the focused control"),
];

/// True when the key press belongs to a form control (typing, sliders, selects).
fn typing(event: &web_sys::KeyboardEvent) -> bool {
    let Some(target) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    let tag = target.tag_name().to_ascii_lowercase();
    matches!(tag.as_str(), "input" | "select" | "textarea")
        || target
            .get_attribute("contenteditable")
            .is_some_and(|v| v != "false")
}

/// What a key does; `false` when it is not a shortcut (the browser keeps its default).
pub fn handle_key(lab: LabState, key: &str, on_button: bool) -> bool {
    if lab.view.blank.get_untracked() {
        lab.view.blank.set(false);
        return true;
    }
    match key {
        " " | "Spacebar" if !on_button => toggle_play(lab),
        "ArrowLeft" => commands::prev_event(lab),
        "ArrowRight" => commands::next_event(lab),
        "PageUp" => jump_step(lab, -1),
        "PageDown" => jump_step(lab, 1),
        "Home" => commands::restart(lab),
        "e" | "E" => commands::toggle_enforcement(lab),
        "p" | "P" => {
            let _ = commands::pause_holder(lab);
        }
        "c" | "C" => commands::toggle_compare(lab),
        "f" | "F" => lab.view.presenting.update(|p| *p = !*p),
        "Escape" => {
            lab.view.help.set(false);
            lab.view.presenting.set(false);
        }
        "." | "b" | "B" => lab.view.blank.set(true),
        "+" | "=" => commands::zoom(lab, 1),
        "-" | "_" => commands::zoom(lab, -1),
        "0" => commands::fit(lab),
        "?" => lab.view.help.update(|h| *h = !*h),
        _ => return false,
    }
    true
}

/// Installs the window key listener for this lab; removed when the lab unmounts.
pub fn install() {
    let lab = use_lab();
    let handle = window_event_listener(ev::keydown, move |event| {
        if event.ctrl_key() || event.meta_key() || event.alt_key() || typing(&event) {
            return;
        }
        let on_button = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| e.tag_name().eq_ignore_ascii_case("button"));
        if handle_key(lab, &event.key(), on_button) {
            event.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
}
