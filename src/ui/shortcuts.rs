//! Keyboard and clicker shortcuts. Clickers send PageUp/PageDown (and "." or "b" to blank the
//! screen). Shortcuts never fire while the user types or adjusts a form control.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::dispatch::act;
use super::state::{use_lab, LabState};
use crate::catalog::Knob;
use crate::lab::ServiceFault;
use crate::lab::{Intent, PlaybackIntent, QuestionIntent, SetupIntent, ViewIntent, WindowIntent};

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

/// The intent a key press asks for; `None` when it is not a shortcut (the browser keeps its
/// default). While the screen is blank, any key only brings it back.
pub fn intent_for(key: &str, on_button: bool, blank: bool) -> Option<Intent> {
    if blank {
        return Some(Intent::View(ViewIntent::Unblank));
    }
    Some(match key {
        " " | "Spacebar" if !on_button => Intent::Playback(PlaybackIntent::TogglePlay),
        "ArrowLeft" => Intent::Playback(PlaybackIntent::PrevEvent),
        "ArrowRight" => Intent::Playback(PlaybackIntent::NextEvent),
        "PageUp" => Intent::Playback(PlaybackIntent::PrevStep),
        "PageDown" => Intent::Playback(PlaybackIntent::NextStep),
        "Home" => Intent::Playback(PlaybackIntent::Restart),
        "e" | "E" => Intent::Setup(SetupIntent::Flip(Knob::Enforcement)),
        "p" | "P" => Intent::Setup(SetupIntent::PauseHolder),
        "r" | "R" => Intent::Setup(SetupIntent::InjectService(ServiceFault::RestartResource)),
        "l" | "L" => Intent::Setup(SetupIntent::InjectService(ServiceFault::Failover)),
        "c" | "C" => Intent::View(ViewIntent::ToggleCompare),
        "f" | "F" => Intent::View(ViewIntent::TogglePresenting),
        "Escape" => Intent::View(ViewIntent::Escape),
        "." | "b" | "B" => Intent::View(ViewIntent::Blank),
        "+" | "=" => Intent::Window(WindowIntent::Zoom(1)),
        "-" | "_" => Intent::Window(WindowIntent::Zoom(-1)),
        "0" => Intent::Window(WindowIntent::Fit),
        "?" => Intent::View(ViewIntent::ToggleHelp),
        _ => return None,
    })
}

/// The answer a digit key picks while a question is open (`asking`): 1 to 4.
pub fn answer_for(key: &str, asking: bool) -> Option<Intent> {
    let n: usize = key.parse().ok().filter(|n| (1..=4).contains(n))?;
    asking.then_some(Intent::Question(QuestionIntent::Answer(n - 1)))
}

/// Does what a key asks for; `false` when it is not a shortcut (the browser keeps its default).
pub fn handle_key(lab: LabState, key: &str, on_button: bool) -> bool {
    let blank = lab.view.blank.get_untracked();
    let asking = !blank && lab.quiz.open.get_untracked().is_some();
    let answer = answer_for(key, asking);
    let Some(intent) = answer.or_else(|| intent_for(key, on_button, blank)) else {
        return false;
    };
    act(lab, intent);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::shortcuts::SHORTCUTS;

    #[test]
    fn p_asks_to_pause_the_holder_and_space_on_a_button_is_left_to_the_button() {
        assert_eq!(
            intent_for("p", false, false),
            Some(Intent::Setup(SetupIntent::PauseHolder))
        );
        assert_eq!(
            intent_for(" ", false, false),
            Some(Intent::Playback(PlaybackIntent::TogglePlay))
        );
        assert_eq!(intent_for(" ", true, false), None);
        assert_eq!(intent_for("x", false, false), None);
    }

    #[test]
    fn digits_answer_only_while_a_question_is_open() {
        assert_eq!(
            answer_for("1", true),
            Some(Intent::Question(QuestionIntent::Answer(0)))
        );
        assert_eq!(
            answer_for("4", true),
            Some(Intent::Question(QuestionIntent::Answer(3)))
        );
        assert_eq!(answer_for("5", true), None);
        assert_eq!(answer_for("2", false), None);
        assert_eq!(answer_for("0", true), None, "0 still fits the timeline");
    }

    #[test]
    fn r_restarts_the_resource_and_l_fails_the_service_over() {
        let service = |f| Some(Intent::Setup(SetupIntent::InjectService(f)));
        assert_eq!(
            intent_for("r", false, false),
            service(ServiceFault::RestartResource)
        );
        assert_eq!(
            intent_for("L", false, false),
            service(ServiceFault::Failover)
        );
        let listed: Vec<&str> = SHORTCUTS.iter().map(|(key, _)| *key).collect();
        assert!(
            listed.contains(&"R") && listed.contains(&"L"),
            "the help lists them"
        );
    }

    #[test]
    fn while_blank_any_key_only_unblanks() {
        for key in ["e", "p", "x", " "] {
            assert_eq!(
                intent_for(key, false, true),
                Some(Intent::View(ViewIntent::Unblank)),
                "{key}"
            );
        }
    }
}
