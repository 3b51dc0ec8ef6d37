//! Native tests of the reducer's playback and view intents: play, ticks of the clock, steps,
//! speed, zoom and pan, the measured room, modes and overlays, and the effects for the browser.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::lab::window::PHONE_SPAN_MS;
use fencing_lab::lab::{
    moments, step_target, zoomed, Effect, ExportFormat, Intent, Lab, Progress, Room, Window,
};
use fencing_lab::lab::{
    PlaybackIntent, QuestionIntent, Refusal, SetupIntent, ShareIntent, ViewIntent, WindowIntent,
};
use fencing_lab::share::LinkState;
use lab_support::{act, lab, ok, refused};

/// A tick of `elapsed_ms` real ms, without reduced motion.
fn tick(elapsed_ms: f64) -> Intent {
    Intent::Playback(PlaybackIntent::Tick {
        now_ms: 1_000.0,
        elapsed_ms,
        reduced_motion: false,
    })
}

const LAPTOP: Room = Room {
    plot_px: 800.0,
    font_px: 14.0,
    narrow: false,
};

#[test]
fn play_starts_the_clock_and_ticks_move_the_playhead_at_the_chosen_speed() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Question(QuestionIntent::ToggleQuestions));
    assert_eq!(
        ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay)),
        vec![Effect::StartClock]
    );
    ok(&mut lab, tick(10.0));
    assert_eq!(
        lab.playback.playhead_ms, 50,
        "×1: 5 simulated ms per real ms"
    );
    ok(&mut lab, Intent::Playback(PlaybackIntent::SetSpeed(99)));
    assert_eq!(lab.playback.speed, 6, "capped at the fastest, ×16");
    ok(&mut lab, tick(10.0));
    assert_eq!(lab.playback.playhead_ms, 850);
    ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay));
    ok(&mut lab, tick(10.0));
    assert_eq!(
        lab.playback.playhead_ms, 850,
        "a paused lab ignores the clock"
    );
}

#[test]
fn playing_stops_at_the_end_and_playing_again_restarts_from_zero() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Question(QuestionIntent::ToggleQuestions));
    ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay));
    for _ in 0..10_000 {
        ok(&mut lab, tick(100.0));
    }
    assert_eq!(lab.playback.playhead_ms, lab.end_ms());
    assert!(!lab.playback.playing);
    ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay));
    assert_eq!(lab.playback.playhead_ms, 0);
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(30_000)));
    ok(&mut lab, Intent::Playback(PlaybackIntent::Restart));
    assert!(!lab.playback.playing && lab.playback.playhead_ms == 0);
}

#[test]
fn with_reduced_motion_playing_jumps_from_event_to_event() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Question(QuestionIntent::ToggleQuestions));
    ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay));
    let jump = |now_ms| {
        Intent::Playback(PlaybackIntent::Tick {
            now_ms,
            elapsed_ms: 0.0,
            reduced_motion: true,
        })
    };
    ok(&mut lab, jump(1_000.0));
    let first = lab.playback.playhead_ms;
    let next = fencing_lab::lab::moments::next_moment(lab.run(), 0);
    assert_eq!(Some(first), next, "the first notable event");
}

#[test]
fn event_and_step_intents_move_to_the_run_s_moments_and_the_story_s_steps() {
    let mut lab = lab("gc-pause");
    let steps = lab.told().shown.clone();
    let times: Vec<u64> = steps.iter().map(|s| s.at_ms).collect();
    assert!(times.len() >= 3, "{times:?}");
    let between = (times[1] + times[2]) / 2;
    assert_eq!(step_target(&steps, between, 1), Some(times[2]));
    assert_eq!(step_target(&steps, between, -1), Some(times[1]));
    assert_eq!(step_target(&steps, 0, -1), Some(0));
    assert_eq!(step_target(&steps, u64::MAX, 1), None);
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(between)));
    ok(&mut lab, Intent::Playback(PlaybackIntent::PrevStep));
    assert_eq!(lab.playback.playhead_ms, times[1]);
    ok(&mut lab, Intent::Playback(PlaybackIntent::NextEvent));
    let after = lab.playback.playhead_ms;
    assert!(after > times[1], "on to the next notable event");
    ok(&mut lab, Intent::Playback(PlaybackIntent::PrevEvent));
    assert!(lab.playback.playhead_ms < after);
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(u64::MAX)));
    assert_eq!(lab.playback.playhead_ms, lab.end_ms(), "clamped to the run");
}

#[test]
fn zooming_out_to_the_whole_run_fits_again() {
    let end_ms = 60_000;
    let whole = Window::new(0, end_ms, end_ms);
    let zoomed_in = zoomed(whole, 30_000, 1, end_ms).expect("narrower than the run");
    assert!(zoomed_in.from_ms <= 30_000 && 30_000 <= zoomed_in.to_ms);
    assert_eq!(zoomed(zoomed_in, 30_000, -10, end_ms), None);
}

#[test]
fn the_measured_room_fits_the_window_and_zoom_pan_and_fit_move_it() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Window(WindowIntent::Measure(LAPTOP)));
    let fitted = lab.shown_window();
    assert!(fitted.to_ms <= lab.end_ms() && fitted.span_ms() >= 5_000);
    ok(
        &mut lab,
        Intent::Playback(PlaybackIntent::Seek(fitted.from_ms + fitted.span_ms() / 2)),
    );
    ok(&mut lab, Intent::Window(WindowIntent::Zoom(1)));
    let zoomed = lab.shown_window();
    assert!(
        zoomed.span_ms() < fitted.span_ms(),
        "{zoomed:?} in {fitted:?}"
    );
    ok(&mut lab, Intent::Window(WindowIntent::Pan(1)));
    assert!(lab.shown_window().from_ms > zoomed.from_ms, "a third later");
    ok(&mut lab, Intent::Window(WindowIntent::PanBy(-1_000_000)));
    assert_eq!(lab.shown_window().from_ms, 0, "kept within the run");
    ok(
        &mut lab,
        Intent::Window(WindowIntent::ZoomAt {
            steps: 1,
            at_ms: 1_000,
        }),
    );
    assert!(lab.view.zoom.is_some());
    ok(&mut lab, Intent::Window(WindowIntent::Fit));
    assert_eq!(lab.shown_window(), fitted);
    let window = Window::new(10_000, 20_000, lab.end_ms());
    ok(&mut lab, Intent::Window(WindowIntent::ZoomTo(Some(window))));
    assert_eq!(lab.shown_window(), window);
    assert_eq!(
        lab.link().zoom,
        Some((10_000, 20_000)),
        "the zoom is in the link"
    );
}

#[test]
fn while_playing_a_zoomed_window_follows_the_playhead() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Question(QuestionIntent::ToggleQuestions));
    ok(&mut lab, Intent::Window(WindowIntent::Measure(LAPTOP)));
    let window = Window::new(0, 10_000, lab.end_ms());
    ok(&mut lab, Intent::Window(WindowIntent::ZoomTo(Some(window))));
    ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay));
    for _ in 0..150 {
        ok(&mut lab, tick(20.0));
    }
    let at_ms = lab.playback.playhead_ms;
    let shown = lab.shown_window();
    assert!(at_ms > 10_000, "{at_ms}");
    assert!(
        shown.from_ms <= at_ms && at_ms <= shown.to_ms,
        "{shown:?} shows {at_ms}"
    );
    assert_eq!(shown.span_ms(), 10_000, "the same zoom");
}

#[test]
fn a_phone_shows_the_part_of_a_long_story_with_the_playhead_in_it() {
    let mut lab = lab("gc-pause");
    let phone = Room {
        plot_px: 300.0,
        font_px: 12.0,
        narrow: true,
    };
    ok(&mut lab, Intent::Window(WindowIntent::Measure(phone)));
    assert!(lab.shown_window().span_ms() <= 40_000);
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(100_000)));
    let shown = lab.shown_window();
    assert!(
        shown.from_ms <= 100_000 && 100_000 <= shown.to_ms,
        "{shown:?}"
    );
}

/// A 390 px phone's timeline, as the browser measures it.
const PHONE: Room = Room {
    plot_px: 300.0,
    font_px: 12.0,
    narrow: true,
};

#[test]
fn a_phone_link_past_the_key_moment_opens_with_the_key_moment_and_the_playhead_in_view() {
    let keys = [
        ("gc-pause", 55_050),
        ("forgotten-fence", 60_050),
        ("tokens-101-102-103", 11_250),
    ];
    for (id, key_ms) in keys {
        let mut link = LinkState::default_for(id);
        link.knobs.enforcement = true;
        link.playhead_ms = 120_000;
        let mut lab = Lab::new(&link, Progress::default());
        ok(&mut lab, Intent::Window(WindowIntent::Measure(PHONE)));
        assert_eq!(moments::key_moment(lab.run()), Some(key_ms), "{id}");
        let shown = lab.shown_window();
        assert!(
            shown.from_ms < key_ms && lab.playback.playhead_ms <= shown.to_ms,
            "{id}: {shown:?} shows {key_ms} and the playhead"
        );
        ok(&mut lab, Intent::Window(WindowIntent::Fit));
        let fitted = lab.shown_window();
        assert!(
            fitted.from_ms == 0 && fitted.span_ms() > PHONE_SPAN_MS.min(key_ms),
            "{id}: Fit shows the whole story, not a phone's part: {fitted:?}"
        );
    }
}

#[test]
fn a_phone_link_before_the_key_moment_keeps_a_phones_window() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Window(WindowIntent::Measure(PHONE)));
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(30_000)));
    assert!(lab.shown_window().span_ms() <= PHONE_SPAN_MS);
}

#[test]
fn modes_and_overlays_switch_and_escape_closes_one_at_a_time() {
    let mut lab = lab("gc-pause");
    for intent in [
        Intent::View(ViewIntent::ToggleCompare),
        Intent::View(ViewIntent::TogglePresenting),
        Intent::View(ViewIntent::ToggleHelp),
        Intent::View(ViewIntent::ToggleWhoFences),
        Intent::View(ViewIntent::ToggleRecordings),
        Intent::View(ViewIntent::Blank),
    ] {
        ok(&mut lab, intent);
    }
    let v = &lab.view;
    assert!(v.compare && v.presenting && v.help && v.who_fences && v.recordings && v.blank);
    let (off, on) = lab.twins().expect("compare mode runs both").clone();
    assert!(!off.run.verdict.is_safe() && on.run.verdict.is_safe());
    ok(&mut lab, Intent::View(ViewIntent::Unblank));
    ok(&mut lab, Intent::View(ViewIntent::CloseHelp));
    assert!(!lab.view.blank && !lab.view.help);
    ok(&mut lab, Intent::View(ViewIntent::Escape));
    ok(&mut lab, Intent::View(ViewIntent::Escape));
    let v = &lab.view;
    assert!(v.presenting && !v.who_fences && !v.recordings && v.compare);
    ok(&mut lab, Intent::View(ViewIntent::ToggleCompare));
    assert!(lab.twins().is_none());
}

#[test]
fn escape_closes_only_the_topmost_overlay_and_never_leaves_presentation() {
    let mut lab = lab("gc-pause");
    for intent in [
        Intent::View(ViewIntent::TogglePresenting),
        Intent::View(ViewIntent::ToggleWhoFences),
        Intent::View(ViewIntent::ToggleRecordings),
        Intent::View(ViewIntent::ToggleHelp),
    ] {
        ok(&mut lab, intent);
    }
    let open = |lab: &fencing_lab::lab::Lab| {
        let v = &lab.view;
        [v.help, v.recordings, v.who_fences, v.presenting]
    };
    ok(&mut lab, Intent::View(ViewIntent::Escape));
    assert_eq!(open(&lab), [false, true, true, true], "the help first");
    ok(&mut lab, Intent::View(ViewIntent::Escape));
    assert_eq!(
        open(&lab),
        [false, false, true, true],
        "then the recordings"
    );
    ok(&mut lab, Intent::View(ViewIntent::Escape));
    assert_eq!(open(&lab), [false, false, false, true], "then Who fences?");
    ok(&mut lab, Intent::View(ViewIntent::Escape));
    assert!(lab.view.presenting, "Esc never leaves presentation view");
    ok(&mut lab, Intent::View(ViewIntent::TogglePresenting));
    assert!(!lab.view.presenting, "F (or its button) does");
}

#[test]
fn routine_messages_are_drawn_as_the_story_suggests_until_the_viewer_chooses() {
    let mut lab = lab("gc-pause");
    assert!(!lab.routine_messages(), "not a story about the network");
    ok(&mut lab, Intent::View(ViewIntent::SetRoutine(true)));
    assert!(lab.routine_messages());
}

#[test]
fn copy_link_and_export_ask_the_browser_and_its_failure_becomes_the_notice() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(12_000)));
    let copied = ok(&mut lab, Intent::Share(ShareIntent::CopyLink));
    assert_eq!(copied, vec![Effect::CopyLink(Box::new(lab.link()))]);
    ok(&mut lab, Intent::Share(ShareIntent::SetExportLegend(false)));
    let file = match &ok(
        &mut lab,
        Intent::Share(ShareIntent::Export(ExportFormat::Png)),
    )[..]
    {
        [Effect::Export {
            file_name,
            legend: false,
            title: "A pause longer than the lease",
            ..
        }] => file_name.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(file, "fencing-lab-gc-pause-enforcement-off.png");
    let failed = refused(
        &mut lab,
        Intent::View(ViewIntent::EffectFailed("no image support".into())),
    );
    let why = "no image support".to_string();
    assert_eq!(failed, Refusal::EffectFailed { why });
    assert_eq!(lab.view.notice.as_deref(), Some(&failed));
    ok(&mut lab, Intent::View(ViewIntent::DismissNotice));
    assert_eq!(lab.view.notice, None);
}

#[test]
fn the_panels_choices_and_the_link_s_notices_live_in_the_lab_and_survive_a_new_link() {
    let mut lab = lab("gc-pause");
    assert_eq!((lab.view.fault_app, lab.view.fault_length_ms), (0, 40_000));
    ok(&mut lab, Intent::View(ViewIntent::ChooseFaultApp(1)));
    ok(
        &mut lab,
        Intent::View(ViewIntent::ChooseFaultLength(10_000)),
    );
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(5_000)));
    let notices = fencing_lab::share::decode(&[("nope".into(), "1".into())]).notices;
    assert!(!notices.is_empty(), "an unknown key is noticed");
    ok(
        &mut lab,
        Intent::View(ViewIntent::LinkNotices(notices.clone())),
    );
    let link = fencing_lab::share::LinkState::default_for("last-item");
    ok(&mut lab, Intent::Setup(SetupIntent::Load(Box::new(link))));
    assert_eq!((lab.view.fault_app, lab.view.fault_length_ms), (1, 10_000));
    assert_eq!(*lab.view.link_notices, notices, "kept until dismissed");
    ok(&mut lab, Intent::View(ViewIntent::DismissLinkNotices));
    assert!(lab.view.link_notices.is_empty());
}

#[test]
fn a_refusal_shown_while_playing_stays_through_the_clock_s_ticks_until_the_next_action() {
    let mut lab = lab("acquire-work-renew");
    ok(&mut lab, Intent::Question(QuestionIntent::ToggleQuestions));
    ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay));
    assert!(
        act(&mut lab, Intent::Setup(SetupIntent::PauseHolder)).is_err(),
        "nobody holds at 0 s"
    );
    for _ in 0..3 {
        ok(&mut lab, tick(1.0));
    }
    ok(&mut lab, Intent::Window(WindowIntent::Measure(LAPTOP)));
    ok(&mut lab, Intent::View(ViewIntent::ChooseFaultApp(1)));
    assert!(lab.view.notice.is_some(), "still shown");
    ok(&mut lab, Intent::Playback(PlaybackIntent::SetSpeed(3)));
    assert_eq!(lab.view.notice, None, "the next action puts it away");
}

#[test]
fn an_export_of_compare_mode_is_named_compare_and_a_single_view_after_its_run() {
    let export = |lab: &mut fencing_lab::lab::Lab| match &ok(
        lab,
        Intent::Share(ShareIntent::Export(ExportFormat::Svg)),
    )[..]
    {
        [Effect::Export { file_name, .. }] => file_name.clone(),
        other => panic!("{other:?}"),
    };
    let mut lab = lab("gc-pause");
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(fencing_lab::catalog::Knob::Enforcement)),
    );
    assert_eq!(export(&mut lab), "fencing-lab-gc-pause-enforcement-on.svg");
    ok(&mut lab, Intent::View(ViewIntent::ToggleCompare));
    assert_eq!(export(&mut lab), "fencing-lab-gc-pause-compare.svg");
    ok(&mut lab, Intent::View(ViewIntent::ToggleCompare));
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::SetSystem(Some(
            fencing_lab::catalog::System::Kubernetes,
        ))),
    );
    assert_eq!(
        export(&mut lab),
        "fencing-lab-gc-pause-enforcement-off.svg",
        "the switch is on, but nothing on Kubernetes can be checked"
    );
}
