//! Native tests of the reducer's recorded-run intents: a shipped recording is fetched, a trace
//! file opens over the simulation, a bad one is refused with nothing changed, changes to the
//! run are refused while one is shown, and closing it puts back what was there.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::Knob;
use fencing_lab::lab::{Effect, Intent};
use fencing_lab::share::LinkState;
use lab_support::{act, lab, ok};

const GC_PAUSE_ON: &str = include_str!("../traces/gc-pause-on.trace.json");

fn open(text: Result<String, String>, shipped: Option<&'static str>) -> Intent {
    Intent::OpenTrace {
        file: "gc-pause-on.trace.json".into(),
        shipped,
        text,
        at_ms: 1_000,
    }
}

#[test]
fn a_shipped_recording_is_fetched_when_asked_for_or_named_by_a_link() {
    let mut lab = lab("gc-pause");
    let fetch = ok(
        &mut lab,
        Intent::OpenShipped {
            id: "gc-pause-on",
            at_ms: 5,
        },
    );
    let want = Effect::FetchRecording {
        id: "gc-pause-on",
        file: "gc-pause-on.trace.json",
        at_ms: 5,
    };
    assert_eq!(fetch, vec![want]);
    assert!(ok(
        &mut lab,
        Intent::OpenShipped {
            id: "nope",
            at_ms: 0
        }
    )
    .is_empty());
    let mut link = LinkState::default_for("gc-pause");
    link.recording = Some("gc-pause-on");
    let loaded = ok(&mut lab, Intent::Load(Box::new(link)));
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
    ok(&mut lab, Intent::Flip(Knob::Enforcement));
    let before = lab.run().clone();
    ok(&mut lab, Intent::ToggleRecordings);
    ok(&mut lab, open(Ok(GC_PAUSE_ON.into()), Some("gc-pause-on")));
    assert!(lab.setup.recording.is_some() && !lab.view.recordings);
    assert_eq!(lab.playback.playhead_ms, 1_000);
    assert!(lab.quiz().asked.is_empty(), "a recording asks nothing");
    let refused = act(&mut lab, Intent::Flip(Knob::Enforcement)).expect_err("refused");
    assert!(!refused.is_empty());
    assert!(
        ok(&mut lab, Intent::CopyLink).len() == 1,
        "a shipped one has a link"
    );
    assert_eq!(lab.link().recording, Some("gc-pause-on"));
    ok(&mut lab, Intent::CloseTrace);
    assert!(lab.setup.recording.is_none());
    assert_eq!(lab.run().trace, before.trace, "the simulation as it was");
    assert_eq!(lab.playback.playhead_ms, 0);
}

#[test]
fn a_file_of_one_s_own_has_no_link_and_a_bad_file_changes_nothing() {
    let mut lab = lab("gc-pause");
    let unreadable = act(&mut lab, open(Err("it is not text".into()), None));
    assert!(unreadable.is_err_and(|why| why.contains("it is not text")));
    let not_json = act(&mut lab, open(Ok("{ nope".into()), None));
    assert!(not_json.is_err());
    assert!(lab.setup.recording.is_none(), "nothing opened");
    ok(&mut lab, open(Ok(GC_PAUSE_ON.into()), None));
    assert!(
        act(&mut lab, Intent::CopyLink).is_err(),
        "no link to a file of one's own"
    );
    ok(&mut lab, Intent::Select("last-item".into()));
    assert!(lab.setup.recording.is_none(), "another story closes it");
}
