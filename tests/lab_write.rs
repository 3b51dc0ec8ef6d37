//! The Write panel's reducer: a story that reads runs as written and is told moment by moment;
//! a mistyped one keeps the last good run and marks its line; a knob moved on a written story
//! changes only what it governs; another story leaves it; and the link carries it, its version
//! checked, so a link written for another version is refused with a notice, never misread. The
//! reader and writer are fetched on demand: the reducer asks them (effects) and takes their
//! answers (intents), dropping one for a text no longer typed.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use std::sync::Arc;

use fencing_lab::catalog::{Knob, WRITTEN_ID};
use fencing_lab::lab::{update, Effect, Intent, SetupIntent, WriteIntent};
use fencing_lab::script::{parse, ScriptProblem, Written};
use fencing_lab::share::{decode, decode_read, encode, story_to_read, NoticeKind, KEY_STORY};
use fencing_lab::words::script_errors::problems;
use lab_support::{act, lab};

const STORY: &str = "\
# Our payment worker froze 45 s in a full GC while its 15 s session lapsed
run for 90s
service lease 15s
resource payments invoices=1,2
app A \"Payment worker\" does acquire, read, work 10s, write, release
app B \"Payment worker\" start=3s does acquire, read, work 2s, write, release
@4s A pauses for 45s";

fn edit(text: &str) -> Intent {
    Intent::Write(WriteIntent::Edit(text.to_string()))
}

#[test]
fn a_story_that_reads_runs_as_written_and_is_told_by_its_moments() {
    let mut lab = lab("gc-pause");
    let effects = act(&mut lab, edit(STORY)).expect("a story that reads");
    assert_eq!(effects, [Effect::SaveDraft(STORY.to_string())]);
    assert_eq!(lab.setup.entry_id, WRITTEN_ID);
    assert_eq!(**lab.scenario(), parse(STORY).expect("reads"));
    let titles: Vec<&str> = lab.told().shown.iter().map(|t| t.title.as_str()).collect();
    assert_eq!(
        titles[..3],
        ["A holds the lease", "A stops", "A's lease runs out"]
    );
    let first = &lab.told().shown[0].text;
    assert!(first.contains("token 101"), "{first}");
    let stale = lab
        .told()
        .shown
        .iter()
        .any(|t| t.title == "A's write refused");
    assert!(stale, "A wakes after B's grant and is refused: {titles:?}");
}

#[test]
fn a_mistyped_story_keeps_the_last_good_run_and_marks_its_line() {
    let mut lab = lab("gc-pause");
    act(&mut lab, edit(STORY)).expect("reads");
    let run = lab.run().clone();
    let typo = STORY.replace("@4s A pauses", "@4s A pasues");
    act(&mut lab, edit(&typo)).expect("kept, not refused");
    assert!(Arc::ptr_eq(&run, lab.run()), "the run on screen stays");
    assert_eq!(lab.writing.text, typo);
    let error = &lab.writing.errors[0].at;
    assert_eq!((error.line, error.column), (7, 7));
    assert!(
        matches!(&error.problem, ScriptProblem::Unexpected { suggestion: Some(s), .. } if s == "pauses")
    );
}

#[test]
fn a_moved_knob_changes_only_what_it_governs_and_another_story_leaves_it() {
    let mut lab = lab("gc-pause");
    act(&mut lab, edit(STORY)).expect("reads");
    let written = parse(STORY).expect("reads");
    act(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(Knob::Enforcement)),
    )
    .expect("flips");
    assert_eq!(**lab.scenario(), written.clone().with_enforcement(false));
    act(
        &mut lab,
        Intent::Setup(SetupIntent::Select("gc-pause".into())),
    )
    .expect("selects");
    assert!(lab.setup.written.is_none() && lab.setup.entry_id == "gc-pause");
}

#[test]
fn the_link_carries_a_written_story_and_checks_its_version() {
    let mut lab = lab("gc-pause");
    act(&mut lab, edit(STORY)).expect("reads");
    let pairs = encode(&lab.link());
    assert_eq!(pairs[0], (KEY_STORY.to_string(), format!("1:{STORY}")));
    let decoded = decode(&pairs);
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    assert_eq!(decoded.state.scenario(), **lab.scenario());
    let newer = vec![(KEY_STORY.to_string(), format!("2:{STORY}"))];
    let decoded = decode(&newer);
    assert!(decoded.state.written.is_none());
    let version = NoticeKind::StoryVersion {
        version: "2".into(),
    };
    assert_eq!(decoded.notices[0].kind, version);
    let long = vec![(KEY_STORY.to_string(), format!("1:{}", "#".repeat(7_000)))];
    let kind = &decode(&long).notices[0].kind;
    assert_eq!(*kind, NoticeKind::StoryTooLong { max_bytes: 6_000 });
    let typo = vec![(
        KEY_STORY.to_string(),
        "1:app A\n@2s A pasues for 1s".to_string(),
    )];
    let kind = &decode(&typo).notices[0].kind;
    assert!(
        matches!(kind, NoticeKind::StoryUnread { line: 2, column: 7 }),
        "{kind:?}"
    );
}

#[test]
fn show_as_text_writes_the_setup_on_screen_and_restore_runs_nothing() {
    let mut lab = lab("gc-pause");
    // The reducer asks the writer for the setup on screen, and keeps what it answers.
    let ask = update(&mut lab, Intent::Write(WriteIntent::ShowAsText)).expect("asks");
    assert_eq!(ask, [Effect::WriteStory(lab.scenario().clone())]);
    let shown = Intent::Write(WriteIntent::Shown("run for 1min".into()));
    let kept = update(&mut lab, shown).expect("kept");
    assert_eq!(kept, [Effect::SaveDraft("run for 1min".into())]);
    assert_eq!(lab.writing.text, "run for 1min");
    let effects = act(&mut lab, Intent::Write(WriteIntent::ShowAsText)).expect("writes");
    assert_eq!(parse(&lab.writing.text).as_ref(), Ok(&**lab.scenario()));
    assert!(matches!(&effects[..], [Effect::SaveDraft(_)]));
    let run = lab.run().clone();
    act(&mut lab, Intent::Write(WriteIntent::Restore(STORY.into()))).expect("restores");
    assert!(Arc::ptr_eq(&run, lab.run()) && lab.setup.written.is_none());
    assert_eq!(lab.writing.text, STORY);
}

#[test]
fn the_reducer_asks_the_reader_and_drops_an_answer_for_a_text_no_longer_typed() {
    let mut lab = lab("gc-pause");
    let run = lab.run().clone();
    let effects = update(&mut lab, edit(STORY)).expect("kept");
    let ask = Effect::ReadStory {
        text: STORY.to_string(),
        run: true,
    };
    assert_eq!(effects, [Effect::SaveDraft(STORY.to_string()), ask]);
    assert!(
        Arc::ptr_eq(&run, lab.run()),
        "nothing runs before the reader answers"
    );
    let typo = STORY.replace("@4s A pauses", "@4s A pasues");
    update(&mut lab, edit(&typo)).expect("kept");
    let late = WriteIntent::Read {
        text: STORY.to_string(),
        reading: Box::new(Written::read(STORY).map_err(|e| problems(STORY, e))),
        run: true,
    };
    update(&mut lab, Intent::Write(late)).expect("dropped");
    assert!(Arc::ptr_eq(&run, lab.run()) && lab.setup.written.is_none());
    assert_eq!(
        (lab.writing.text.as_str(), lab.writing.errors.len()),
        (typo.as_str(), 0)
    );
    let blank = update(&mut lab, edit("  \n")).expect("kept");
    assert_eq!(
        blank,
        [Effect::SaveDraft("  \n".to_string())],
        "a blank text is not read"
    );
}

#[test]
fn a_reader_that_cannot_be_fetched_keeps_the_text_and_says_so() {
    let mut lab = lab("gc-pause");
    let run = lab.run().clone();
    update(&mut lab, edit(STORY)).expect("kept");
    update(&mut lab, Intent::Write(WriteIntent::Unloaded)).expect("said");
    assert!(lab.writing.unloaded && lab.writing.text == STORY);
    assert!(Arc::ptr_eq(&run, lab.run()));
    act(&mut lab, edit(STORY)).expect("read this time");
    assert!(!lab.writing.unloaded && lab.setup.entry_id == WRITTEN_ID);
    // A link whose story could not be read for want of the reader shows a catalog story.
    let pairs = vec![(KEY_STORY.to_string(), format!("1:{STORY}"))];
    assert_eq!(story_to_read(&pairs), Some(STORY));
    let decoded = decode_read(&pairs, 1, None);
    assert!(decoded.state.written.is_none() && decoded.state.entry_id == "gc-pause");
    assert_eq!(decoded.notices[0].kind, NoticeKind::StoryUnloaded);
}
