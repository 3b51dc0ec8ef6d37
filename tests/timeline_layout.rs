//! The timeline's layout pass, read natively from the drawing: no two labels overlap in any
//! catalog story, enforcement off or on, at any size the lab is shown at; the key moments keep
//! their labels; no mark or arrow crosses a text; and the checks themselves catch labels forced
//! together and a mark dropped on a label.
#![cfg(not(target_arch = "wasm32"))]

mod story_runs;
mod timeline_matrix;

use fencing_lab::catalog::{catalog, Knobs};
use fencing_lab::engine::{run, Fault, MsgKind, Scenario};
use fencing_lab::lab::window::fit;
use fencing_lab::ui::svg::Shape;
use fencing_lab::ui::timeline::text::Rect;
use fencing_lab::ui::timeline::{Frame, Scene, Show};
use timeline_matrix::{crossed_texts, frames, lanes, scene_at, scene_in, stories, windows};

#[test]
fn no_two_labels_overlap_in_any_story_at_any_size() {
    let mut failures = vec![];
    let mut checked = 0;
    for (name, scenario) in stories() {
        let run = run(&scenario).expect("a valid scenario");
        for (view, frame) in frames(lanes(&scenario)) {
            for routine_messages in [false, true] {
                for w in windows(frame, &run) {
                    let scene = scene_at(frame, &scenario, &run, Show { routine_messages }, w);
                    checked += 1;
                    let pairs = scene.overlapping_texts();
                    if !pairs.is_empty() {
                        failures.push(format!("{name}, {view} {frame:?} {w:?}: {pairs:?}"));
                    }
                }
            }
        }
    }
    assert!(checked >= 11 * 2 * 17 * 2 * 3);
    assert!(
        failures.is_empty(),
        "{} drawings overlap:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn no_mark_or_arrow_crosses_a_text_in_any_story_at_any_size() {
    let (mut failures, mut crossings) = (vec![], 0);
    let mut by_kind = std::collections::BTreeMap::<String, usize>::new();
    for (name, scenario) in stories() {
        let run = run(&scenario).expect("a valid scenario");
        for (view, frame) in frames(lanes(&scenario)) {
            for routine_messages in [false, true] {
                for w in windows(frame, &run) {
                    let scene = scene_at(frame, &scenario, &run, Show { routine_messages }, w);
                    let crossed = crossed_texts(&scene);
                    crossings += crossed.len();
                    for (text, by) in &crossed {
                        let text: String = text.chars().take(14).collect();
                        *by_kind.entry(format!("{by} × {text}")).or_default() += 1;
                    }
                    if !crossed.is_empty() && failures.len() < 40 {
                        failures.push(format!("{name}, {view} {frame:?} {w:?}: {crossed:?}"));
                    }
                }
            }
        }
    }
    assert!(
        crossings == 0,
        "{crossings} texts crossed: {by_kind:#?}, e.g.:\n{}",
        failures[..failures.len().min(5)].join("\n")
    );
}

#[test]
fn the_check_catches_a_cross_dropped_on_a_label_and_an_arrow_through_one() {
    let scenario = Scenario::gc_pause_story(true);
    let run = run(&scenario).expect("a valid scenario");
    let mut scene = scene_in(Frame::lab(860.0), &scenario, &run, Show::default());
    assert!(crossed_texts(&scene).is_empty());
    let (_, label) = scene.text_boxes()[0];
    let (mx, my) = ((label.x0 + label.x1) / 2.0, (label.y0 + label.y1) / 2.0);
    let x = fencing_lab::ui::timeline::legend::cross(mx, my, 3.0, "msg-lost-x");
    let arrow = Shape::new("line")
        .class("msg-line")
        .num("x1", label.x0 - 20.0)
        .num("y1", label.y0 - 20.0)
        .num("x2", label.x1 + 20.0)
        .num("y2", label.y1 + 20.0);
    scene.frames.push(x);
    scene.bands.push(arrow);
    let crossed = crossed_texts(&scene);
    assert_eq!(
        crossed.len(),
        3,
        "two strokes of the cross and the arrow: {crossed:?}"
    );
}

/// Every catalog story with enforcement on and the newer faults added: the resource restarts
/// (forgetting its fence) a third of the way in, the coordination service fails over two thirds
/// in, and each app's first write is delivered twice and its first grant overtaken.
fn stories_with_newer_faults() -> Vec<(String, Scenario)> {
    let mut out = vec![];
    for entry in catalog() {
        let knobs = Knobs {
            enforcement: true,
            ..Knobs::defaults_for(entry)
        };
        let mut s = entry.scenario_with(&knobs).with_durability(false, false);
        let end_ms = run(&s).expect("a valid scenario").end_ms;
        s.faults.push(Fault::restart_resource(end_ms / 3));
        s.faults.push(Fault::failover(end_ms * 2 / 3));
        for app in 0..s.apps.len() {
            s.faults
                .push(Fault::duplicate(app, MsgKind::Write, 1, 2_000));
            s.faults.push(Fault::reorder(app, MsgKind::Grant, 1, 2_000));
        }
        out.push((format!("{} with the newer faults", entry.id), s));
    }
    out
}

#[test]
fn no_two_labels_overlap_with_restarts_failovers_and_copies() {
    let mut failures = vec![];
    for (name, scenario) in stories_with_newer_faults() {
        let run = run(&scenario).expect("a valid scenario");
        let restarts = scenario
            .faults
            .iter()
            .filter(|f| matches!(f, Fault::RestartResource { .. }));
        assert_eq!(run.spans.restarts.len(), restarts.count(), "{name}");
        for (view, frame) in frames(lanes(&scenario)) {
            for w in windows(frame, &run) {
                let show = Show {
                    routine_messages: true,
                };
                let pairs = scene_at(frame, &scenario, &run, show, w).overlapping_texts();
                if !pairs.is_empty() {
                    failures.push(format!("{name}, {view} {frame:?} {w:?}: {pairs:?}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} drawings overlap:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_stale_or_rejected_write_keeps_its_label_at_every_size() {
    for (name, scenario) in stories() {
        let run = run(&scenario).expect("a valid scenario");
        let key = run.spans.accesses.iter().filter(|a| {
            matches!(
                a.write,
                Some(fencing_lab::engine::WriteOutcome::Rejected { .. })
                    | Some(fencing_lab::engine::WriteOutcome::Accepted { stale: true })
            )
        });
        let expected = key.count();
        for (view, frame) in frames(lanes(&scenario)) {
            let scene = scene_in(frame, &scenario, &run, Show::default());
            let drawn = scene
                .find("access-label")
                .iter()
                .filter(|s| s.has_class("stale") || s.has_class("rejected"))
                .count();
            // On a phone the window may not reach every write; elsewhere all are drawn.
            if !frame.narrow() {
                assert_eq!(drawn, expected, "{name}, {view} {frame:?}");
            }
        }
    }
}

#[test]
fn the_check_catches_two_labels_forced_together() {
    let scenario = Scenario::gc_pause_story(true);
    let run = run(&scenario).expect("a valid scenario");
    let mut scene = scene_in(Frame::lab(860.0), &scenario, &run, Show::default());
    assert!(scene.overlapping_texts().is_empty());
    let (_, first) = scene.text_boxes()[0];
    let twin = Shape::new("text")
        .num("x", first.x0 + 2.0)
        .num("y", first.y1 - 3.0)
        .num("font-size", 12.0)
        .text("101 < 102");
    scene.frames.push(twin);
    assert_eq!(scene.overlapping_texts().len(), 1);
}

#[test]
fn the_tokens_story_is_drawn_on_its_own_fifteen_seconds_not_two_minutes() {
    let entry = catalog()
        .iter()
        .find(|e| e.id == "tokens-101-102-103")
        .unwrap();
    let run = run(&entry.scenario()).expect("a valid scenario");
    let w = fit(&run, (700.0, 12.0), None);
    assert!(w.to_ms <= 30_000, "{w:?} of a run ending at {}", run.end_ms);
}

/// A value the resource lane names ("1" of "version 1") and where: a label's left edge or a
/// tick's x.
type ValueAt = (String, f64);

/// The resource's value labels and the ticks that mark each change.
fn value_marks(scene: &Scene) -> (Vec<ValueAt>, Vec<ValueAt>) {
    let value_of = |text: &str| text.rsplit(' ').next().unwrap_or_default().to_string();
    let x = |s: &Shape, name: &str| s.attr(name).and_then(|v| v.parse::<f64>().ok());
    let labels = scene
        .find("res-state-text")
        .into_iter()
        .filter_map(|s| Some((value_of(s.texts().first()?), x(s, "x")?)))
        .collect();
    let ticks = scene
        .find("res-state")
        .into_iter()
        .filter_map(|g| {
            let title = g.texts().into_iter().find(|t| t.contains(" from "))?;
            let value = value_of(title.split(" from ").next()?);
            Some((value, x(g.find("res-tick").first()?, "x1")?))
        })
        .collect();
    (labels, ticks)
}

#[test]
fn a_value_label_stands_after_its_own_change_not_after_a_later_one() {
    let mut failures = vec![];
    for (name, scenario) in stories() {
        let run = run(&scenario).expect("a valid scenario");
        for (view, frame) in frames(lanes(&scenario)) {
            let scene = scene_in(frame, &scenario, &run, Show::default());
            let (labels, ticks) = value_marks(&scene);
            for (value, x) in labels {
                let nearest = ticks
                    .iter()
                    .filter(|(_, tx)| *tx <= x)
                    .max_by(|a, b| a.1.total_cmp(&b.1));
                if nearest.is_none_or(|(v, _)| *v != value) {
                    failures.push(format!(
                        "{name}, {view} {frame:?}: {value} at {x:.0} after {nearest:?}"
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// What is painted, in paint order: each run of refused asks' dotted line (its y and x span),
/// each label backdrop's box, and each refusal label's text box.
#[derive(Default)]
struct RefusalPaint {
    lines: Vec<(usize, f64, (f64, f64))>,
    backdrops: Vec<(usize, Rect)>,
    labels: Vec<Rect>,
}

fn refusal_paint(scene: &Scene) -> RefusalPaint {
    let mut out = RefusalPaint::default();
    let mut order = 0;
    for shape in scene.shapes() {
        shape.visit(&mut |s| {
            order += 1;
            let n = |name: &str| s.attr(name).and_then(|v| v.parse::<f64>().ok());
            if s.has_class("refusal-run") {
                if let (Some(x1), Some(x2), Some(y)) = (n("x1"), n("x2"), n("y1")) {
                    out.lines.push((order, y, (x1.min(x2), x1.max(x2))));
                }
            } else if s.has_class("label-backdrop") {
                if let (Some(x), Some(y), Some(w), Some(h)) =
                    (n("x"), n("y"), n("width"), n("height"))
                {
                    out.backdrops.push((order, Rect::new(x, y, x + w, y + h)));
                }
            } else if s.has_class("refusal-text") {
                if let (Some(x), Some(y), Some(size), Some(t)) =
                    (n("x"), n("y"), n("font-size"), s.text.as_deref())
                {
                    out.labels.push(Rect::of_text(t, x, y, size));
                }
            }
        });
    }
    out
}

#[test]
fn the_dotted_line_of_refused_asks_never_shows_through_their_label() {
    let (mut crossings, mut failures) = (0, vec![]);
    for (name, scenario) in stories() {
        let run = run(&scenario).expect("a valid scenario");
        for (view, frame) in frames(lanes(&scenario)) {
            let paint = refusal_paint(&scene_in(frame, &scenario, &run, Show::default()));
            for label in &paint.labels {
                for &(line_at, y, (x0, x1)) in &paint.lines {
                    let crosses =
                        (label.y0..label.y1).contains(&y) && x0 < label.x1 && x1 > label.x0;
                    if !crosses {
                        continue;
                    }
                    crossings += 1;
                    // Drawn numbers are rounded to 0.1 px (the font size too); the glyph halo covers 1 px more.
                    let covered = paint.backdrops.iter().any(|(at, b)| {
                        *at > line_at
                            && b.x0 <= label.x0 + 1.0
                            && b.x1 >= label.x1 - 1.0
                            && (b.y0..=b.y1).contains(&y)
                    });
                    if !covered {
                        failures.push(format!(
                            "{name}, {view} {frame:?}: {label:?} crossed at y {y:.1}"
                        ));
                    }
                }
            }
        }
    }
    assert!(
        crossings > 0,
        "no story draws a dotted line of asks through its label"
    );
    assert!(
        failures.is_empty(),
        "{}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_burst_of_late_renewals_is_one_label_with_its_count_and_time() {
    let entry = catalog()
        .iter()
        .find(|e| e.id == "acquire-work-renew")
        .unwrap();
    let mut scenario = entry.scenario_with(&Knobs::defaults_for(entry));
    scenario
        .faults
        .push(Fault::delay(0, MsgKind::Renew, 2, 60_000));
    let run = run(&scenario).expect("a valid scenario");
    let late = run
        .spans
        .messages
        .iter()
        .filter(|m| m.kind == MsgKind::Lost && m.sent_ms == 80_150)
        .count();
    assert_eq!(late, 7, "seven renewals reach the service at 80.15 s");
    for (view, frame) in frames(lanes(&scenario)) {
        if frame.narrow() {
            continue;
        }
        let scene = scene_in(frame, &scenario, &run, Show::default());
        let labels: Vec<&str> = scene
            .find("msg-label")
            .iter()
            .filter_map(|s| s.text.as_deref())
            .collect();
        let lost = labels.iter().filter(|t| **t == "lost").count();
        let burst: Vec<&&str> = labels
            .iter()
            .filter(|t| t.starts_with("7 renewals"))
            .collect();
        assert_eq!((lost, burst.len()), (0, 1), "{view} {frame:?}: {labels:?}");
        if frame.width >= 700.0 {
            assert_eq!(
                *burst[0], "7 renewals, delivered late at 80.15 s",
                "{view} {frame:?}"
            );
        }
    }
}
