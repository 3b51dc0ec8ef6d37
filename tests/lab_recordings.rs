//! Native tests of the reducer's recorded-run intents: a shipped recording is fetched, a trace
//! file opens over the simulation, a bad one is refused with nothing changed, changes to the
//! run are refused while one is shown, and closing it puts back what was there; a link to a
//! shipped recording keeps naming it, and the story it is of, while it is fetched and shown.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::{self, Knob, RECORDINGS};
use fencing_lab::lab::{
    read_trace, update, Effect, Intent, Lab, RecordingIntent, Refusal, SetupIntent, ShareIntent,
    ViewIntent,
};
use fencing_lab::share::{decode, encode, LinkState};
use fencing_lab::trace::Trace;
use lab_support::{act, arrived, lab, ok, refused};

const GC_PAUSE_ON: &str = include_str!("../traces/gc-pause-on.trace.json");

fn open(text: Result<String, String>, shipped: Option<&'static str>) -> Intent {
    arrived("gc-pause-on.trace.json", shipped, text, 1_000)
}

#[test]
fn a_shipped_recording_is_fetched_when_asked_for_or_named_by_a_link() {
    let mut lab = lab("gc-pause");
    let fetch = ok(
        &mut lab,
        Intent::Recording(RecordingIntent::OpenShipped {
            id: "gc-pause-on",
            at_ms: 5,
        }),
    );
    let want = Effect::FetchRecording {
        id: "gc-pause-on",
        file: "gc-pause-on.trace.json",
        at_ms: 5,
    };
    assert_eq!(fetch, vec![want]);
    let unknown = RecordingIntent::OpenShipped {
        id: "nope",
        at_ms: 0,
    };
    let refused = update(&mut lab, unknown.into()).map_err(|r| (*r).clone());
    let why = Refusal::NoSuchRecording { id: "nope" };
    assert_eq!(
        refused,
        Err(why),
        "an unknown recording is refused, not ignored"
    );
    let mut link = LinkState::default_for("gc-pause");
    link.recording = Some("gc-pause-on");
    let loaded = ok(&mut lab, Intent::Setup(SetupIntent::Load(Box::new(link))));
    assert!(matches!(
        &loaded[..],
        [Effect::FetchRecording {
            id: "gc-pause-on",
            ..
        }]
    ));
}

#[test]
fn a_recording_opens_over_the_simulation_refuses_changes_and_closes_back_to_it() {
    let mut lab = lab("gc-pause");
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(Knob::Enforcement)),
    );
    let before = lab.run().clone();
    ok(&mut lab, Intent::View(ViewIntent::ToggleRecordings));
    ok(&mut lab, open(Ok(GC_PAUSE_ON.into()), Some("gc-pause-on")));
    assert!(lab.setup.recording.is_some() && !lab.view.recordings);
    assert_eq!(lab.playback.playhead_ms, 1_000);
    assert!(lab.quiz().asked.is_empty(), "a recording asks nothing");
    let refused = act(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(Knob::Enforcement)),
    )
    .expect_err("refused");
    assert!(!refused.is_empty());
    assert!(
        ok(&mut lab, Intent::Share(ShareIntent::CopyLink)).len() == 1,
        "a shipped one has a link"
    );
    assert_eq!(lab.link().recording, Some("gc-pause-on"));
    ok(&mut lab, Intent::Recording(RecordingIntent::CloseTrace));
    assert!(lab.setup.recording.is_none());
    assert_eq!(lab.run().trace, before.trace, "the simulation as it was");
    assert_eq!(lab.playback.playhead_ms, 0);
}

#[test]
fn a_file_of_one_s_own_has_no_link_and_a_bad_file_changes_nothing() {
    let mut lab = lab("gc-pause");
    let unreadable = refused(&mut lab, open(Err("it is not text".into()), None));
    let why = Refusal::TraceUnreadable {
        file: "gc-pause-on.trace.json".into(),
        why: "it is not text".into(),
    };
    assert_eq!(unreadable, why);
    let not_json = act(&mut lab, open(Ok("{ nope".into()), None));
    assert!(not_json.is_err());
    assert!(lab.setup.recording.is_none(), "nothing opened");
    ok(&mut lab, open(Ok(GC_PAUSE_ON.into()), None));
    assert!(
        act(&mut lab, Intent::Share(ShareIntent::CopyLink)).is_err(),
        "no link to a file of one's own"
    );
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Select("last-item".into())),
    );
    assert!(lab.setup.recording.is_none(), "another story closes it");
}

#[test]
fn the_reducer_leaves_reading_a_trace_to_the_effect_runner_and_shows_or_refuses_its_answer() {
    let mut lab = lab("gc-pause");
    let text = open(Ok(GC_PAUSE_ON.into()), None);
    assert!(matches!(text, Intent::Recording(RecordingIntent::Read(_))));
    let read = update(&mut lab, text).expect("done");
    let [Effect::ReadTrace(read)] = &read[..] else {
        panic!("one file to read: {read:?}");
    };
    assert!(
        lab.setup.recording.is_none(),
        "nothing shown before it is read"
    );
    let answer = read_trace((**read).clone());
    assert!(
        matches!(answer, RecordingIntent::Opened { .. }),
        "{answer:?}"
    );
    update(&mut lab, answer.into()).expect("shown");
    assert!(lab.setup.recording.is_some());
    ok(&mut lab, Intent::Recording(RecordingIntent::CloseTrace));
    let bad = fencing_lab::lab::ReadTrace {
        file: "bad.json".into(),
        shipped: None,
        text: "{ nope".into(),
        at_ms: 0,
    };
    let refused = read_trace(bad);
    let RecordingIntent::Refused { file, error } = &refused else {
        panic!("refused: {refused:?}");
    };
    let why = Refusal::TraceRefused {
        file: file.clone(),
        error: error.clone(),
    };
    assert_eq!(
        update(&mut lab, refused.into()).map_err(|r| (*r).clone()),
        Err(why)
    );
    let unreadable = RecordingIntent::Unreadable {
        file: "x.json".into(),
        why: "gone".into(),
    };
    let why = Refusal::TraceUnreadable {
        file: "x.json".into(),
        why: "gone".into(),
    };
    assert_eq!(
        update(&mut lab, unreadable.into()).map_err(|r| (*r).clone()),
        Err(why)
    );
    assert!(lab.setup.recording.is_none(), "nothing opened");
}

/// A shipped recording's file, and the story its trace says it is a run of.
fn shipped(file: &str) -> (String, String) {
    let path = format!("{}/traces/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("a shipped trace");
    let story = Trace::parse(&text).expect("it parses").scenario;
    (text, story.expect("it names its story"))
}

/// The link the lab's address bar shows, as pairs.
fn address(lab: &Lab) -> Vec<(String, String)> {
    encode(&lab.link())
}

fn pair(k: &str, v: &str) -> (String, String) {
    (k.to_string(), v.to_string())
}

#[test]
fn a_link_to_a_shipped_recording_keeps_naming_it_and_its_story_while_fetched_and_shown() {
    for r in RECORDINGS {
        let (text, story) = shipped(r.file);
        let title = catalog::by_id(&story)
            .expect("a story of the catalog")
            .title;
        let mut lab = lab("gc-pause");
        let decoded = decode(&[pair("rec", r.id)]);
        let fetch = ok(
            &mut lab,
            Intent::Setup(SetupIntent::Load(Box::new(decoded.state))),
        );
        assert!(
            matches!(&fetch[..], [Effect::FetchRecording { .. }]),
            "{}",
            r.id
        );
        for when in ["while it is fetched", "once it is shown"] {
            let pairs = address(&lab);
            assert!(
                pairs.contains(&pair("rec", r.id)),
                "{} {when}: {pairs:?}",
                r.id
            );
            assert!(
                pairs.contains(&pair("scenario", &story)),
                "{} {when}: {pairs:?}",
                r.id
            );
            assert_eq!(lab.setup.entry_id, story, "the picker's choice, {when}");
            assert_eq!(lab.entry().title, title, "the picker names {story} {when}");
            let again = decode(&pairs).state;
            assert_eq!(again.recording, Some(r.id), "{} {when}", r.id);
            assert_eq!(again.entry_id, story);
            let (file, shipped, at_ms) = (r.file.to_string(), Some(r.id), 0);
            let text = Ok(text.clone());
            ok(&mut lab, arrived(&file, shipped, text, at_ms));
        }
    }
}

#[test]
fn a_shipped_recording_of_another_story_opens_over_that_story() {
    let mut lab = lab("gc-pause");
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(Knob::Enforcement)),
    );
    let (text, story) = shipped("crashed-holder.trace.json");
    let at_ms = 0;
    let id = "crashed-holder";
    let opened = arrived("crashed-holder.trace.json", Some(id), Ok(text), at_ms);
    ok(&mut lab, opened);
    assert_eq!(
        lab.setup.entry_id, story,
        "the picker names the recording's story"
    );
    let pairs = address(&lab);
    assert_eq!(pairs, [pair("scenario", &story), pair("rec", id)]);
    ok(&mut lab, Intent::Recording(RecordingIntent::CloseTrace));
    assert_eq!(
        address(&lab),
        [pair("scenario", &story), pair("view", "lab")],
        "its story, as it opens, in the lab it is in"
    );
}
