//! The question card: the open question, its answers (keys 1–4), then, once picked or revealed,
//! the grade against the run on screen and why; a wrong pick first offers "Watch that moment"
//! and "Show the answer". In presentation view an unanswered question fills the screen in
//! large type, for a room to vote by hand.

use leptos::prelude::*;

use super::dispatch::use_send;
use super::handler::handler;
use super::memo::memo;
use super::scroll::{rect, scroll_by, window_height};
use super::state::{use_lab, LabState};
use crate::catalog::Asked;
use crate::lab::{asked, pick_of, Pick};
use crate::lab::{Intent, QuestionIntent};
use crate::words::questions as words;

/// The open question as shown: which one, as asked in this run, and the pick if made.
fn shown(lab: LabState) -> Option<(Asked, Option<Pick>)> {
    if !lab.quiz.on.get() {
        return None;
    }
    let question = lab.quiz.open.get()?;
    let entry = lab.entry();
    let asked = lab
        .quiz
        .quiz
        .with(|quiz| asked(entry, quiz, question).cloned())?;
    let pick = lab.quiz.picks.with(|p| pick_of(p, question));
    Some((asked, pick))
}

/// The class of answer `i`'s button: a wrong pick shows at once, the right answer once shown.
fn answer_class(asked: &Asked, pick: Option<Pick>, i: usize) -> &'static str {
    match pick {
        Some(p) if p.revealed && i == asked.right => "btn answer right",
        Some(p) if p.choice == Some(i) => "btn answer wrong",
        _ => "btn answer",
    }
}

/// Brings a newly opened (or just answered) question into view in the lab, without taking the
/// chart's top out of view: on a phone the card comes under the chart, and the learner must see
/// the playhead and the question together. The presentation view shows the card whole anyway.
fn keep_in_view(lab: LabState) {
    crate::ui::effect::effect(move |_| {
        lab.quiz.picks.track();
        if lab.quiz.open.get().is_none() || lab.view.presenting.get_untracked() {
            return;
        }
        request_animation_frame(|| {
            let (Some(card), Some(chart)) = (rect("#question-card"), rect(".timeline-svg")) else {
                return;
            };
            // Down to the card's foot, or up to its head; never past the chart's top.
            let down = (card.bottom() - window_height()).max(0.0);
            let dy = if card.top() < 0.0 { card.top() } else { down };
            scroll_by(dy.min(chart.top() - 8.0));
        });
    });
}

/// The open question, if any.
#[component]
pub fn QuestionCard() -> impl IntoView {
    let lab = use_lab();
    let send = use_send();
    keep_in_view(lab);
    let card = memo(move || shown(lab));
    move || {
        card.get().map(|(asked, pick)| {
            let done = pick.is_some();
            let filling = move || lab.view.presenting.get() && !done;
            let answers = asked
                .answers
                .iter()
                .enumerate()
                .map(|(i, text)| {
                    let class = answer_class(&asked, pick, i);
                    let (key, shortcut) = ((i + 1).to_string(), (i + 1).to_string());
                    view! {
                        <li>
                            <button class=class id=format!("answer-{}", i + 1) aria-keyshortcuts=shortcut
                                aria-pressed=pick.map(|p| (p.choice == Some(i)).to_string())
                                on:click=handler(move |_| send(Intent::Question(QuestionIntent::Answer(i))))>
                                <kbd>{key}</kbd>" "{text.clone()}
                            </button>
                        </li>
                    }
                })
                .collect_view();
            let feedback = pick.filter(|p| p.revealed).map(|p| match p.choice {
                Some(choice) => words::feedback(&asked, choice),
                None => words::revealed(&asked),
            });
            let tone = match pick.and_then(|p| p.choice) {
                Some(c) if asked.grade(c) => "question-feedback right",
                Some(_) => "question-feedback wrong",
                None => "question-feedback",
            };
            view! {
                <section class="panel question-card" class:filling=filling class:answered=done
                    id="question-card" role="region" aria-labelledby="question-heading">
                    <h2 class="question-heading" id="question-heading">{words::HEADING}</h2>
                    <p class="question-prompt" id="question-prompt" aria-live="assertive">{asked.prompt.clone()}</p>
                    <ol class="question-answers">{answers}</ol>
                    {match (feedback, done) {
                        (None, true) => view! {
                            <p class="question-feedback wrong" id="question-feedback" role="status">{words::NOT_THIS_RUN}</p>
                            <button class="btn primary-btn" id="btn-question-watch"
                                on:click=handler(move |_| send(Intent::Question(QuestionIntent::Watch)))>{words::WATCH}</button>
                            <button class="btn" id="btn-question-show"
                                on:click=handler(move |_| send(Intent::Question(QuestionIntent::Reveal)))>{words::SHOW}</button>
                        }.into_any(),
                        (Some(text), _) => view! {
                            <p class=tone id="question-feedback" role="status">{text}</p>
                            <button class="btn primary-btn" id="btn-question-continue"
                                on:click=handler(move |_| send(Intent::Question(QuestionIntent::Continue)))>{words::CONTINUE}</button>
                        }.into_any(),
                        (None, false) => view! {
                            <p class="question-invite">{words::INVITE}</p>
                            <button class="btn" id="btn-question-reveal"
                                on:click=handler(move |_| send(Intent::Question(QuestionIntent::Reveal)))>{words::REVEAL}</button>
                        }.into_any(),
                    }}
                </section>
            }
        })
    }
}
