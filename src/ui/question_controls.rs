//! The story panel's question controls: stop for questions or not (the link's `questions`),
//! how many this browser answered right in this story, and forgetting them.

use leptos::prelude::*;

use super::dispatch::use_send;
use super::handler::handler;
use super::state::use_lab;
use crate::lab::{Intent, QuestionIntent};
use crate::words::questions as words;

/// The "Stop for questions" switch, the story's score, and "Reset my answers".
#[component]
pub fn QuestionControls() -> impl IntoView {
    let lab = use_lab();
    let send = use_send();
    let on = move || lab.quiz.on.get();
    let asked = move || lab.quiz.quiz.with(|q| q.asked.len());
    let right = move || lab.quiz.progress.with(|p| p.count(lab.entry().id));
    view! {
        <div class="question-controls">
            <button type="button" id="toggle-questions" class="switch small" class:on=on role="switch"
                aria-checked=move || on().to_string() on:click=handler(move |_| send(Intent::Question(QuestionIntent::ToggleQuestions)))>
                <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
                <span class="switch-text">{words::SWITCH}</span>
            </button>
            <span class="question-score" id="question-score">{move || words::score(right(), asked())}</span>
            <button type="button" class="link-btn" id="btn-reset-answers"
                disabled=move || lab.quiz.progress.with(|p| p.is_empty())
                on:click=handler(move |_| send(Intent::Question(QuestionIntent::ResetAnswers)))>{words::RESET}</button>
        </div>
    }
}
