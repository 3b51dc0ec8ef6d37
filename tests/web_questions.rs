//! Browser tests of "predict, then watch": the story stops before its key moment, the learner
//! answers with a key; a wrong pick offers "Watch that moment", then the answer; a flipped
//! switch asks again about the new run.
#![cfg(target_arch = "wasm32")]

mod web_support;

use wasm_bindgen_test::*;
use web_support::{mount_app, page_body, press, Mounted};

wasm_bindgen_test_configure!(run_in_browser);

fn open_unanswered(app: &Mounted) -> bool {
    !app.all("#question-card").is_empty() && app.all("#question-feedback").is_empty()
}

/// Steps through the story (answering earlier questions with 1) until the question about
/// A's write is open; panics if it never comes.
async fn step_to_the_write_question(app: &Mounted) {
    let body = page_body();
    for _ in 0..40 {
        if open_unanswered(app) {
            if app.text("#question-card").contains("the token is too old") {
                return;
            }
            press(&body, "1").await;
        }
        press(&body, "PageDown").await;
    }
    panic!("the story never asked about A's write");
}

/// The number of the answer about the token being too old.
fn token_answer(app: &Mounted) -> usize {
    (1..=4)
        .find(|n| {
            app.text(&format!("#answer-{n}"))
                .contains("the token is too old")
        })
        .expect("an answer about the token")
}

#[wasm_bindgen_test]
async fn a_wrong_pick_offers_the_moment_before_the_answer_and_a_flip_asks_again() {
    let app = mount_app();
    app.pick_scenario("gc-pause").await;
    if app.enforcement_on() {
        app.click("#toggle-enforcement").await;
    }
    step_to_the_write_question(&app).await;
    let prompt = app.text("#question-prompt");
    assert!(
        prompt.contains("101") || prompt.contains("token"),
        "{prompt}"
    );
    let body = page_body();
    let answer = token_answer(&app);
    press(&body, &answer.to_string()).await;
    let feedback = |app: &Mounted| app.text("#question-feedback");
    assert!(
        feedback(&app).starts_with("Not this time.") && !feedback(&app).contains("The answer"),
        "{}",
        feedback(&app)
    );
    assert!(app
        .find(&format!("#answer-{answer}"))
        .class_name()
        .contains("wrong"));
    app.click("#btn-question-watch").await;
    for _ in 0..200 {
        if feedback(&app).contains("The answer: It takes A's write") {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    assert!(
        feedback(&app).contains("The answer: It takes A's write"),
        "watching shows the answer: {}",
        feedback(&app)
    );

    app.click("#toggle-enforcement").await;
    assert!(open_unanswered(&app), "the question is asked again");
    press(&body, &token_answer(&app).to_string()).await;
    assert!(feedback(&app).starts_with("Right."), "{}", feedback(&app));
    assert!(app
        .find(&format!("#answer-{}", token_answer(&app)))
        .class_name()
        .contains("right"));
    app.click("#btn-question-continue").await;
    assert!(
        app.all("#question-card").is_empty(),
        "Continue closes the question"
    );
}

#[wasm_bindgen_test]
async fn with_questions_switched_off_the_story_never_stops_to_ask() {
    let app = mount_app();
    app.pick_scenario("gc-pause").await;
    app.click("#toggle-questions").await;
    let body = page_body();
    for _ in 0..12 {
        press(&body, "PageDown").await;
        assert!(app.all("#question-card").is_empty());
    }
}

#[wasm_bindgen_test]
async fn a_right_answer_is_kept_in_the_browser_marked_in_the_picker_and_can_be_forgotten() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.remove_item("fencing-lab.answers").unwrap();
    let app = mount_app();
    app.pick_scenario("gc-pause").await;
    let body = page_body();
    for _ in 0..10 {
        if open_unanswered(&app) {
            break;
        }
        press(&body, "PageDown").await;
    }
    let right = (1..=4)
        .find(|n| {
            app.text(&format!("#answer-{n}"))
                .contains("runs out while A is frozen")
        })
        .expect("the first question asks about the lease during the pause");
    press(&body, &right.to_string()).await;
    assert!(app.text("#question-feedback").starts_with("Right."));
    assert!(
        app.text("#question-score").starts_with("1 of "),
        "{}",
        app.text("#question-score")
    );
    let kept = storage
        .get_item("fencing-lab.answers")
        .unwrap()
        .unwrap_or_default();
    assert!(kept.starts_with("gc-pause:"), "{kept}");
    assert!(
        app.text("#scenario-picker").contains('✓'),
        "the picker marks the story"
    );

    app.click("#btn-reset-answers").await;
    assert!(app.text("#question-score").starts_with("0 of "));
    assert_eq!(storage.get_item("fencing-lab.answers").unwrap(), None);
}
