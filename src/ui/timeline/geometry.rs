//! Where things go on the timeline: the drawing's size in CSS px (one SVG unit is one px, so
//! the font sizes the layout pass measures are the ones on screen), the type size, the visible
//! time window and the lanes' rows.

use super::text;
use crate::engine::Node;
use crate::words::timeline as words;

/// The type size of the lab view (px); narrow screens use [`SMALL_FONT_PX`].
pub const LAB_FONT_PX: f64 = 12.0;
/// The type size on a phone.
pub const SMALL_FONT_PX: f64 = 11.0;
/// Drawings narrower than this are laid out for a phone (short lane names).
pub const NARROW_PX: f64 = 600.0;
/// Smallest and largest type in presentation view (no text smaller than the first).
pub const PRESENT_FONT_PX: (f64, f64) = (14.0, 26.0);
/// Narrowest drawing laid out (a phone in portrait is wider than this).
pub const MIN_WIDTH_PX: f64 = 280.0;

/// Height of one row of labels, in ems.
const ROW_EM: f64 = 1.75;
/// Space above the first lane (for the playhead label), in ems.
const TOP_EM: f64 = 1.5;
/// Rows of each lane, and the axis.
const COORD_ROWS: f64 = 2.0;
const APP_ROWS: f64 = 2.0;
const RESOURCE_ROWS: f64 = 3.0;
/// Padding inside each lane, in ems.
const LANE_PAD_EM: f64 = 0.35;
/// Height of the axis, in ems.
const AXIS_EM: f64 = 1.7;

/// Rows grow at most this much taller than the type needs, to fill a presentation screen.
pub const MAX_STRETCH: f64 = 1.6;
/// Rows (and the lanes' padding) shrink to this share at most, to fit a short presentation
/// screen (compare mode's halves) without smaller type: a row still holds one line of it.
pub const MIN_STRETCH: f64 = 0.68;

/// How big the drawing is: its width and type size in px, how much taller than the type needs
/// its rows are (1 in the lab view; [`MIN_STRETCH`] to [`MAX_STRETCH`] to fit a presentation
/// screen), and the smallest type any text is drawn at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub width: f64,
    pub font: f64,
    pub stretch: f64,
    pub floor: f64,
}

impl Frame {
    /// The lab view's frame for a drawing `width` px wide.
    pub fn lab(width: f64) -> Frame {
        let width = width.max(MIN_WIDTH_PX);
        let font = if width < NARROW_PX {
            SMALL_FONT_PX
        } else {
            LAB_FONT_PX
        };
        Frame {
            width,
            font,
            stretch: 1.0,
            floor: SMALL_FONT_PX,
        }
    }

    /// Presentation view: type as large as `width` and the `height` budget allow for `apps`
    /// application lanes (within [`PRESENT_FONT_PX`]).
    pub fn presentation(width: f64, height: f64, apps: usize) -> Frame {
        let width = width.max(MIN_WIDTH_PX);
        let by_width = width / 72.0;
        let by_height = height / total_em(apps);
        let (lo, hi) = PRESENT_FONT_PX;
        let font = by_width.min(by_height).clamp(lo, hi);
        let (fixed, rows) = split_em(apps);
        let room = height / font;
        let stretch = if room >= fixed + rows {
            ((room - fixed) / rows).min(MAX_STRETCH)
        } else {
            // Short of room: rows and pads shrink (labels that no longer fit are left out).
            let pads = LANE_PAD_EM * (2.0 + apps as f64);
            within((room - fixed + pads) / (rows + pads), MIN_STRETCH, 1.0)
        };
        Frame {
            width,
            font,
            stretch,
            floor: lo,
        }
    }

    /// Whether this is a phone-sized drawing.
    pub fn narrow(&self) -> bool {
        self.width < NARROW_PX
    }
}

/// Height of a drawing with `apps` application lanes, in ems: what does not stretch, and the
/// rows that do.
fn split_em(apps: usize) -> (f64, f64) {
    let lanes = 2.0 + apps as f64;
    let rows = (COORD_ROWS + APP_ROWS * apps as f64 + RESOURCE_ROWS) * ROW_EM;
    (TOP_EM + LANE_PAD_EM * lanes + AXIS_EM, rows)
}

/// Height of an unstretched drawing with `apps` application lanes, in ems.
fn total_em(apps: usize) -> f64 {
    let (fixed, rows) = split_em(apps);
    fixed + rows
}

/// Maps simulated time to x and lanes to y for one run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Width and type size.
    pub frame: Frame,
    /// Number of application lanes.
    pub apps: usize,
    /// The run's end in ms.
    pub end_ms: u64,
    /// The visible time window, `from_ms < to_ms`.
    pub from_ms: u64,
    pub to_ms: u64,
    /// Width of the lane-label gutter.
    pub gutter: f64,
    /// Rows for a replicated service's members under the coordination lane, one each (0: one
    /// box, or the rows collapsed).
    pub members: usize,
}

impl Geometry {
    /// Geometry for a run ending at `end_ms` with `apps` application lanes, showing the window
    /// `from_ms..to_ms` (clamped to the run, at least 1 ms wide) in `frame`.
    pub fn new(frame: Frame, apps: usize, end_ms: u64, (from_ms, to_ms): (u64, u64)) -> Geometry {
        let end_ms = end_ms.max(1);
        let to_ms = to_ms.clamp(1, end_ms);
        let from_ms = from_ms.min(to_ms - 1);
        let names = if frame.narrow() {
            [words::COORD_LANE_SHORT, words::RESOURCE_LANE_SHORT, "A"]
        } else {
            [
                words::COORD_LANE,
                words::RESOURCE_LANE,
                words::APP_LANE_SAMPLE,
            ]
        };
        let name_w = names
            .iter()
            .map(|n| text::width(n, frame.font * NAME_SCALE))
            .fold(0.0, f64::max);
        let gutter = (name_w + frame.font * 1.4).min(frame.width * 0.3);
        Geometry {
            frame,
            apps,
            end_ms,
            from_ms,
            to_ms,
            gutter,
            members: 0,
        }
    }

    /// This geometry with a row for each of `members` members under the coordination lane.
    pub fn with_members(self, members: usize) -> Geometry {
        Geometry { members, ..self }
    }

    /// The whole run in `frame` (tests and exports).
    pub fn whole(frame: Frame, apps: usize, end_ms: u64) -> Geometry {
        Geometry::new(frame, apps, end_ms, (0, end_ms))
    }

    /// Width of the plot in px for `frame` (what [`super::window::fit`] needs before a window
    /// exists).
    pub fn plot_px(frame: Frame) -> f64 {
        Geometry::whole(frame, 1, 1).plot_w()
    }

    fn plot_w(&self) -> f64 {
        let (left, right) = self.plot();
        right - left
    }

    /// Base type size in px.
    pub fn font(&self) -> f64 {
        self.frame.font
    }

    /// `ems` of the base type, in px.
    pub fn em(&self, ems: f64) -> f64 {
        ems * self.frame.font
    }

    /// Type size of `ems` of the base type, never below the frame's floor.
    pub fn small(&self, ems: f64) -> f64 {
        self.em(ems).max(self.frame.floor)
    }

    /// `ems` of padding, shrunk with the rows on a short screen.
    fn pad(&self, ems: f64) -> f64 {
        self.em(ems) * self.frame.stretch.min(1.0)
    }

    /// Width of the drawing.
    pub fn width(&self) -> f64 {
        self.frame.width
    }

    /// Left and right ends of the plot (where time runs).
    pub fn plot(&self) -> (f64, f64) {
        (self.gutter, self.frame.width - self.em(0.9))
    }

    /// x of simulated time `at_ms` (outside the plot when outside the window).
    pub fn x(&self, at_ms: u64) -> f64 {
        let (left, right) = self.plot();
        let span = (self.to_ms - self.from_ms) as f64;
        left + (right - left) * ((at_ms as f64 - self.from_ms as f64) / span)
    }

    /// x of `at_ms`, held within the plot.
    pub fn x_in(&self, at_ms: u64) -> f64 {
        let (left, right) = self.plot();
        within(self.x(at_ms), left, right)
    }

    /// Simulated time at x (inverse of [`Geometry::x`]), clamped to the window.
    pub fn time_at(&self, x: f64) -> u64 {
        let (left, right) = self.plot();
        let share = ((x - left) / (right - left)).clamp(0.0, 1.0);
        self.from_ms + (share * (self.to_ms - self.from_ms) as f64).round() as u64
    }

    /// Whether anything of `from_ms..=until_ms` is in the window.
    pub fn shows(&self, from_ms: u64, until_ms: u64) -> bool {
        until_ms >= self.from_ms && from_ms <= self.to_ms
    }

    /// Height of one row of labels.
    pub fn row(&self) -> f64 {
        self.em(ROW_EM) * self.frame.stretch
    }

    fn lane_h(&self, rows: f64) -> f64 {
        self.row() * rows + self.pad(LANE_PAD_EM)
    }

    /// Top of the coordination service lane.
    pub fn coord_top(&self) -> f64 {
        self.em(TOP_EM)
    }

    /// Height of the coordination lane.
    pub fn coord_h(&self) -> f64 {
        self.lane_h(COORD_ROWS)
    }

    /// Height of one application lane.
    pub fn app_h(&self) -> f64 {
        self.lane_h(APP_ROWS)
    }

    /// Height of the resource lane.
    pub fn resource_h(&self) -> f64 {
        self.lane_h(RESOURCE_ROWS)
    }

    /// Top of the members' lane (right under the coordination lane).
    pub fn members_top(&self) -> f64 {
        self.coord_top() + self.coord_h()
    }

    /// Height of the members' lane: a row each, or nothing without member rows.
    pub fn members_h(&self) -> f64 {
        if self.members == 0 {
            0.0
        } else {
            self.lane_h(self.members as f64)
        }
    }

    /// Top of application lane `app`.
    pub fn app_top(&self, app: usize) -> f64 {
        self.members_top() + self.members_h() + self.app_h() * app as f64
    }

    /// Top of the resource lane.
    pub fn resource_top(&self) -> f64 {
        self.app_top(self.apps)
    }

    /// Top of the time axis.
    pub fn axis_top(&self) -> f64 {
        self.resource_top() + self.resource_h()
    }

    /// Total height of the drawing.
    pub fn height(&self) -> f64 {
        self.axis_top() + self.em(AXIS_EM)
    }

    /// Top of row `row` (0-based) of the lane starting at `lane_top`.
    pub fn row_top(&self, lane_top: f64, row: usize) -> f64 {
        lane_top + self.pad(LANE_PAD_EM / 2.0) + self.row() * row as f64
    }

    /// Baseline of a label of `size_px` centred in row `row` of the lane starting at `lane_top`.
    pub fn baseline(&self, lane_top: f64, row: usize, size_px: f64) -> f64 {
        let middle = self.row_top(lane_top, row) + self.row() / 2.0;
        middle + size_px * (text::ASCENT_EM - text::DESCENT_EM) / 2.0
    }

    /// y where messages leave or reach `node`.
    pub fn node_y(&self, node: Node) -> f64 {
        match node {
            Node::Coordinator => self.coord_top() + self.coord_h(),
            Node::App(app) => self.app_top(app) + self.app_h() / 2.0,
            Node::Resource => self.resource_top(),
        }
    }
}

/// Lane names are drawn this much larger than the base type.
pub const NAME_SCALE: f64 = 1.15;

/// `v` held within `lo..=hi` (`lo` wins if they cross). Not `f64::clamp`: its check formats
/// floats in its panic message, which would add tens of kilobytes to the wasm bundle.
pub fn within(v: f64, lo: f64, hi: f64) -> f64 {
    v.min(hi).max(lo)
}

/// Formats a coordinate for an SVG attribute, to a tenth (integer formatting only: Rust's float
/// formatting would add kilobytes to the wasm bundle).
pub fn f(v: f64) -> String {
    let tenths = (v * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let tenths = tenths.unsigned_abs();
    format!("{sign}{}.{}", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g() -> Geometry {
        Geometry::whole(Frame::lab(900.0), 2, 120_000)
    }

    #[test]
    fn time_and_x_are_inverse() {
        let g = g();
        assert_eq!(g.x(0), g.gutter);
        assert_eq!(g.time_at(g.x(60_000)), 60_000);
        assert_eq!(g.time_at(-50.0), 0);
        assert_eq!(g.time_at(9_000.0), 120_000);
    }

    #[test]
    fn a_window_maps_its_ends_to_the_plots_ends() {
        let g = Geometry::new(Frame::lab(900.0), 2, 120_000, (10_000, 20_000));
        let (left, right) = g.plot();
        assert_eq!((g.x(10_000), g.x(20_000)), (left, right));
        assert!(g.x(5_000) < left && !g.shows(0, 9_999) && g.shows(0, 10_000));
        assert_eq!(g.time_at(right), 20_000);
    }

    #[test]
    fn coordinates_format_to_a_tenth() {
        assert_eq!(f(12.34), "12.3");
        assert_eq!(f(12.36), "12.4");
        assert_eq!(f(0.0), "0.0");
        assert_eq!(f(-3.25), "-3.3");
        assert_eq!(f(940.0), "940.0");
    }

    #[test]
    fn lanes_stack_downwards() {
        let g = Geometry::whole(Frame::lab(900.0), 3, 1_000);
        assert!(g.coord_top() < g.app_top(0));
        assert!(g.app_top(2) < g.resource_top());
        assert!(g.resource_top() < g.axis_top());
        assert!(g.axis_top() < g.height());
    }

    #[test]
    fn presentation_type_fills_the_height_it_is_given_and_no_more() {
        let roomy = Frame::presentation(1880.0, 2000.0, 2);
        assert_eq!(roomy.font, PRESENT_FONT_PX.1);
        let tight = Frame::presentation(1880.0, 400.0, 2);
        let g = Geometry::whole(tight, 2, 60_000);
        assert!(g.height() <= 400.0 + 1e-6, "{}", g.height());
        let tall = Geometry::whole(Frame::presentation(1880.0, 700.0, 2), 2, 60_000);
        assert!(
            (tall.height() - 700.0).abs() < 1.0,
            "rows stretch to fill: {}",
            tall.height()
        );
        assert!(Frame::presentation(1240.0, 2000.0, 2).font < roomy.font);
    }
}
