//! What stays put while the playhead moves: the lanes' backgrounds and names (in the gutter),
//! and the time axis with ticks spaced for the visible window.

use super::draw::{line, rect, text};
use super::geometry::{within, Geometry, NAME_SCALE};
use super::text::width;
use crate::engine::Scenario;
use crate::ui::format::app_class;
use crate::ui::svg::Shape;
use crate::words::time;
use crate::words::timeline as words;

/// Most ticks on one axis.
const MAX_TICKS: u64 = 200;

/// Tick spacings offered, in ms: the first whose labels fit is used.
const TICK_STEPS_MS: [u64; 16] = [
    100, 200, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
    1_800_000, 3_600_000, 7_200_000,
];

/// A lane's background, name and (room permitting) role in the gutter.
fn frame(
    g: Geometry,
    class: String,
    (top, height): (f64, f64),
    name: String,
    role: String,
) -> Shape {
    let name_size = g.em(NAME_SCALE);
    let role_size = g.small(0.88);
    let room = g.gutter - g.em(0.9);
    let mut lane = Shape::new("g")
        .class(class)
        .title(format!("{name}: {role}"))
        .kid(rect("lane-bg", 0.0, top, g.width(), height));
    let x = g.em(0.6);
    let name_y = top + height / 2.0 - g.em(0.1);
    lane = lane.kid(text("lane-label", x, name_y, name_size, name));
    if !g.frame.narrow() && width(&role, role_size) <= room {
        lane = lane.kid(text("lane-role", x, name_y + g.em(1.3), role_size, role));
    }
    lane
}

/// Lane backgrounds, names and the rule beside them (always visible).
pub fn lanes(g: Geometry, scenario: &Scenario) -> Vec<Shape> {
    let resource_name = crate::words::resource_name(&scenario.resource);
    let narrow = g.frame.narrow();
    let (coord, resource) = if narrow {
        (words::COORD_LANE_SHORT, words::RESOURCE_LANE_SHORT)
    } else {
        (words::COORD_LANE, words::RESOURCE_LANE)
    };
    // A group's lane says so: the members' toggle shows only beside one (see the stylesheet).
    let coord_class = if scenario.members > 1 {
        "lane lane-coord group"
    } else {
        "lane lane-coord"
    };
    let mut frames = vec![frame(
        g,
        coord_class.into(),
        (g.coord_top(), g.coord_h()),
        coord.into(),
        words::COORD_ROLE.into(),
    )];
    if g.members > 0 {
        frames.push(member_rows(g));
    }
    for (i, app) in scenario.apps.iter().enumerate() {
        let name = if narrow {
            app.name.clone()
        } else {
            words::app(&app.name)
        };
        let mut lane = frame(
            g,
            format!("lane lane-app {}", app_class(i)),
            (g.app_top(i), g.app_h()),
            name,
            app.role.clone(),
        );
        // The colour swatch sits on the background, under the labels.
        lane.kids.insert(
            2,
            rect("lane-swatch", 0.0, g.app_top(i), g.em(0.35), g.app_h()),
        );
        frames.push(lane);
    }
    frames.push(frame(
        g,
        "lane lane-resource".into(),
        (g.resource_top(), g.resource_h()),
        resource.into(),
        resource_name.into(),
    ));
    let rule_x = g.gutter - g.em(0.3);
    frames.push(line(
        "gutter-rule",
        (rule_x, g.coord_top()),
        (rule_x, g.axis_top()),
    ));
    frames
}

/// The members' lane: its background, and each member's name by its row.
fn member_rows(g: Geometry) -> Shape {
    let top = g.members_top();
    let mut lane = Shape::new("g").class("lane lane-members").kid(rect(
        "lane-bg",
        0.0,
        top,
        g.width(),
        g.members_h(),
    ));
    for member in 0..g.members {
        let y = g.baseline(top, member, g.font());
        let name = crate::words::members::row_name(member, g.frame.narrow());
        lane = lane.kid(text("member-label", g.em(0.6), y, g.font(), name));
    }
    lane
}

/// The spacing of the axis's ticks: the finest whose labels stand clear of each other.
pub fn tick_ms(g: Geometry) -> u64 {
    let size = g.small(0.88);
    let span = (g.to_ms - g.from_ms).max(1);
    let (left, right) = g.plot();
    let px_per_ms = (right - left) / span as f64;
    TICK_STEPS_MS
        .into_iter()
        .find(|&step| {
            let (first, last) = (g.from_ms.div_ceil(step), g.to_ms / step);
            if last.saturating_sub(first) > MAX_TICKS {
                return false;
            }
            let widest = (first..=last)
                .map(|i| width(&time(i * step), size))
                .fold(0.0, f64::max);
            step as f64 * px_per_ms >= widest + g.em(1.2)
        })
        .unwrap_or(86_400_000)
}

/// The time axis: a grid line and a label at every tick in the window.
pub fn axis(g: Geometry) -> Shape {
    let top = g.axis_top();
    let step = tick_ms(g);
    let size = g.small(0.88);
    let first = g.from_ms.div_ceil(step);
    let last = g.to_ms / step;
    let label_y = top + g.em(1.2);
    let (left, _) = g.plot();
    let ticks = (first..=last).take(MAX_TICKS as usize + 1).map(|i| {
        let at_ms = i * step;
        let x = g.x(at_ms);
        let words = time(at_ms);
        // The outermost labels stay inside the drawing.
        let w = width(&words, size);
        let lx = within(x - w / 2.0, left - g.em(0.5), g.width() - w - 1.0);
        Shape::new("g")
            .class("tick")
            .kid(line("grid", (x, g.coord_top()), (x, top)))
            .kid(text("tick-label", lx, label_y, size, words))
    });
    Shape::new("g").class("axis").kids(ticks)
}

#[cfg(test)]
mod tests {
    use super::super::geometry::Frame;
    use super::*;

    #[test]
    fn ticks_follow_the_window() {
        let wide = Geometry::whole(Frame::lab(900.0), 2, 120_000);
        let close = Geometry::new(Frame::lab(900.0), 2, 120_000, (0, 15_000));
        assert!(
            tick_ms(close) < tick_ms(wide),
            "{} vs {}",
            tick_ms(close),
            tick_ms(wide)
        );
        assert!(tick_ms(close) <= 2_000);
        let phone = Geometry::whole(Frame::lab(340.0), 2, 120_000);
        assert!(tick_ms(phone) > tick_ms(wide));
    }
}
