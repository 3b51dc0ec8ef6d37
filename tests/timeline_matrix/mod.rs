//! What the timeline's layout tests share: the sizes the lab is shown at, the windows a viewer
//! sees, every catalog story off and on, and the counter of text crossed by marks and arrows.

use fencing_lab::engine::{Run, Scenario};
use fencing_lab::lab::window::{fit, PHONE_SPAN_MS};
use fencing_lab::ui::svg::Shape;
use fencing_lab::ui::timeline::members::{lanes_for, member_rows};
use fencing_lab::ui::timeline::text::Rect;
use fencing_lab::ui::timeline::{Defs, Frame, Geometry, Scene, Show, Window};

use crate::story_runs::every_story_setting;

/// The sizes the lab is shown at: the drawing's room in px (width, and in presentation view the
/// height it may fill, shared among `lanes` as the app counts them), from a phone to a
/// 1920×1080 projector, compare halves included.
pub fn frames(lanes: usize) -> Vec<(&'static str, Frame)> {
    let mut out = vec![];
    for width in [
        300.0, 350.0, 420.0, 560.0, 640.0, 760.0, 860.0, 1000.0, 1250.0, 1500.0, 1880.0,
    ] {
        out.push(("lab", Frame::lab(width)));
    }
    for (width, height) in [
        (1880.0, 820.0),
        (1880.0, 380.0),
        (920.0, 820.0),
        (1250.0, 470.0),
        (1250.0, 200.0),
        (610.0, 470.0),
    ] {
        out.push(("presentation", Frame::presentation(width, height, lanes)));
    }
    out
}

/// The lanes a presentation frame shares its height among for `scenario`, its members' rows
/// drawn (as the app counts them).
pub fn lanes(scenario: &Scenario) -> usize {
    lanes_for(scenario.apps.len(), member_rows(true, scenario.members))
}

pub fn scene_in(frame: Frame, scenario: &Scenario, run: &Run, show: Show) -> Scene {
    scene_at(frame, scenario, run, show, fitted(frame, run))
}

pub fn fitted(frame: Frame, run: &Run) -> Window {
    let cap = frame.narrow().then_some(PHONE_SPAN_MS);
    fit(run, (Geometry::plot_px(frame), frame.font), cap)
}

pub fn scene_at(frame: Frame, scenario: &Scenario, run: &Run, show: Show, w: Window) -> Scene {
    let members = member_rows(true, scenario.members);
    let g = Geometry::new(frame, scenario.apps.len(), run.end_ms, (w.from_ms, w.to_ms))
        .with_members(members);
    Scene::draw(g, run, scenario, Defs(0), show)
}

/// The windows a viewer sees: fitted, zoomed in twice around the middle, panned to the end.
pub fn windows(frame: Frame, run: &Run) -> Vec<Window> {
    let fit = fitted(frame, run);
    let middle = fit.from_ms + fit.span_ms() / 2;
    vec![
        fit,
        fit.zoom(2, middle, run.end_ms),
        fit.showing(run.end_ms, run.end_ms),
    ]
}

/// Every catalog story with its own knobs, enforcement off then on (from [`story_runs`]), named.
pub fn stories() -> Vec<(String, Scenario)> {
    every_story_setting()
        .map(|(entry, knobs)| {
            let name = format!("{} enforcement {}", entry.id, knobs.enforcement);
            (name, entry.scenario_with(&knobs))
        })
        .collect()
}

/// Something painted that text must not stand on: a line's ends, or a box (a dot, a badge, a
/// bar). `class` is the shape's own class; `at` its place in paint order.
#[derive(Debug)]
enum Obstacle {
    Line(f64, f64, f64, f64),
    Box(Rect),
}

/// Bars a label may stand in when it is that bar's own label (the label's class first).
const OWN_BARS: [(&str, &str); 6] = [
    ("lease-text", "lease-bar"),
    ("lease-text", "renew-tick"),
    ("band-text", "pause-band"),
    ("band-text cut-text", "partition-band"),
    ("failover-text", "failover-band"),
    ("band-text", "member-band"),
];

/// Shapes nothing is said about: backgrounds and tints text is meant to stand on.
const BACKGROUND: [&str; 7] = [
    "grid",
    "gutter-rule",
    "lane-bg",
    "lane-swatch",
    "belief-band",
    "split-band",
    "label-backdrop",
];

/// Bars that are obstacles (other rects are backgrounds or backdrops).
const BARS: [&str; 6] = [
    "lease-bar",
    "member-band",
    "pause-band",
    "partition-band",
    "failover-band",
    "violation-badge",
];

fn num(s: &Shape, name: &str) -> Option<f64> {
    s.attr(name).and_then(|v| v.parse::<f64>().ok())
}

fn obstacles_of(s: &Shape) -> Vec<Obstacle> {
    let class = s.attr("class").unwrap_or("");
    if BACKGROUND.contains(&class) {
        return vec![];
    }
    let n = |name| num(s, name);
    match s.tag {
        "line" => match (n("x1"), n("y1"), n("x2"), n("y2")) {
            (Some(a), Some(b), Some(c), Some(d)) => vec![Obstacle::Line(a, b, c, d)],
            _ => vec![],
        },
        "path" => {
            let d = s.attr("d").unwrap_or("");
            let mut out = vec![];
            let mut last: Option<(f64, f64)> = None;
            let mut words = d.split(' ');
            while let (Some(op_x), Some(y)) = (words.next(), words.next()) {
                let (Ok(x), Ok(y)) = (op_x[1..].parse::<f64>(), y.parse::<f64>()) else {
                    break;
                };
                if op_x.starts_with('L') {
                    if let Some((px, py)) = last {
                        out.push(Obstacle::Line(px, py, x, y));
                    }
                }
                last = Some((x, y));
            }
            out
        }
        "circle" => match (n("cx"), n("cy"), n("r")) {
            (Some(x), Some(y), Some(r)) => {
                vec![Obstacle::Box(Rect::new(x - r, y - r, x + r, y + r))]
            }
            _ => vec![],
        },
        "rect" if BARS.contains(&class) => match (n("x"), n("y"), n("width"), n("height")) {
            (Some(x), Some(y), Some(w), Some(h)) => {
                vec![Obstacle::Box(Rect::new(x, y, x + w, y + h))]
            }
            _ => vec![],
        },
        _ => vec![],
    }
}

/// The part of `o` right of `x` (none if nothing is).
fn clipped(o: Obstacle, x: f64) -> Option<Obstacle> {
    match o {
        Obstacle::Box(r) if r.x1 > x => {
            Some(Obstacle::Box(Rect::new(r.x0.max(x), r.y0, r.x1, r.y1)))
        }
        Obstacle::Line(x0, y0, x1, y1) if x0.max(x1) > x => {
            let at = |t: f64| y0 + (y1 - y0) * t;
            let cut = |xa: f64| if xa < x { x } else { xa };
            let t = |xa: f64| {
                if (x1 - x0).abs() < 1e-9 {
                    0.0
                } else {
                    (cut(xa) - x0) / (x1 - x0)
                }
            };
            Some(Obstacle::Line(cut(x0), at(t(x0)), cut(x1), at(t(x1))))
        }
        _ => None,
    }
}

/// Every text of `scene` a mark or an arrow crosses: the text, and the class of what crosses it.
/// A line passing under a backdrop painted after it (and covering the text) is honest: the text
/// reads whole and the line is seen going under it. A label in its own bar is not crossed.
pub fn crossed_texts(scene: &Scene) -> Vec<(String, String)> {
    // (order, class, obstacle) and (order, class, words, box), and backdrops (order, box).
    let mut marks = vec![];
    let mut texts = vec![];
    let mut backdrops = vec![];
    let mut order = 0;
    // Bands are clipped at the gutter (where the rule beside the lane names stands).
    let gutter = scene
        .find("gutter-rule")
        .first()
        .and_then(|s| num(s, "x1"))
        .unwrap_or(0.0);
    let layers = [
        (scene.frames.iter().collect::<Vec<_>>(), f64::MIN),
        (scene.bands.iter().collect(), gutter),
        (scene.marks.iter().map(|m| &m.shape).collect(), f64::MIN),
    ];
    for (shapes, clip) in layers {
        for shape in shapes {
            shape.visit(&mut |s| {
                order += 1;
                let class = s.attr("class").unwrap_or("");
                if s.tag == "text" {
                    if let (Some(x), Some(y), Some(size), Some(t)) = (
                        num(s, "x"),
                        num(s, "y"),
                        num(s, "font-size"),
                        s.text.as_deref(),
                    ) {
                        texts.push((order, class, t, Rect::of_text(t, x, y, size)));
                    }
                } else if class == "label-backdrop" {
                    if let (Some(x), Some(y), Some(w), Some(h)) =
                        (num(s, "x"), num(s, "y"), num(s, "width"), num(s, "height"))
                    {
                        backdrops.push((order, Rect::new(x, y, x + w, y + h)));
                    }
                }
                for o in obstacles_of(s).into_iter().filter_map(|o| clipped(o, clip)) {
                    marks.push((order, class, o));
                }
            });
        }
    }
    let mut out = vec![];
    for &(_, text_class, words, b) in &texts {
        for (at, class, o) in &marks {
            if OWN_BARS.contains(&(text_class, *class)) {
                continue;
            }
            let hit = match o {
                Obstacle::Box(r) => r.overlaps(&b),
                Obstacle::Line(x0, y0, x1, y1) => {
                    b.crossed_by(((*x0, *y0), (*x1, *y1)))
                        && !backdrops.iter().any(|(bat, d)| {
                            bat > at
                                && d.x0 <= b.x0 + 1.0
                                && d.x1 >= b.x1 - 1.0
                                && d.y0 <= b.y0 + 1.0
                                && d.y1 >= b.y1 - 1.0
                        })
                }
            };
            if hit {
                out.push((words.to_string(), class.to_string()));
            }
        }
    }
    out
}
