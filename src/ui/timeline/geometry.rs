//! Where things go on the timeline: the time scale and the lanes' vertical positions.

use crate::engine::Node;

/// Width of the SVG's coordinate system.
pub const VIEW_W: f64 = 940.0;
/// Room on the left for lane labels.
pub const GUTTER: f64 = 128.0;
/// Room on the right so the last label is not cut.
pub const RIGHT_PAD: f64 = 22.0;
/// Height of the coordination service lane.
pub const COORD_H: f64 = 58.0;
/// Height of one application lane.
pub const APP_H: f64 = 66.0;
/// Height of the protected resource lane.
pub const RESOURCE_H: f64 = 84.0;
/// Height of the time axis.
pub const AXIS_H: f64 = 30.0;
/// Space above the first lane (for the playhead label).
pub const TOP_PAD: f64 = 22.0;

/// Maps simulated time to x and lanes to y for one run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// The run's end in ms (x of the right edge).
    pub end_ms: u64,
    /// Number of application lanes.
    pub apps: usize,
    /// Vertical scale: 1 normally, larger in presentation view (room for large type).
    pub scale: f64,
}

impl Geometry {
    /// Geometry for a run ending at `end_ms` with `apps` application lanes.
    pub fn new(end_ms: u64, apps: usize) -> Geometry {
        Geometry {
            end_ms: end_ms.max(1),
            apps,
            scale: 1.0,
        }
    }

    /// The same geometry with vertical sizes multiplied by `scale`.
    pub fn scaled(self, scale: f64) -> Geometry {
        Geometry { scale, ..self }
    }

    /// A vertical size or offset, scaled.
    pub fn v(&self, y: f64) -> f64 {
        y * self.scale
    }

    /// Rough width of `text` in the timeline's bold label type (to pick a label that fits).
    pub fn text_w(&self, text: &str) -> f64 {
        text.chars().count() as f64 * 7.6 * self.scale + 12.0
    }

    /// Width of the label gutter.
    pub fn gutter(&self) -> f64 {
        GUTTER * self.scale
    }

    /// Height of the coordination lane.
    pub fn coord_h(&self) -> f64 {
        self.v(COORD_H)
    }

    /// Height of one application lane.
    pub fn app_h(&self) -> f64 {
        self.v(APP_H)
    }

    /// Height of the resource lane.
    pub fn resource_h(&self) -> f64 {
        self.v(RESOURCE_H)
    }

    /// Height of the time axis.
    pub fn axis_h(&self) -> f64 {
        self.v(AXIS_H)
    }

    /// x of simulated time `at_ms`.
    pub fn x(&self, at_ms: u64) -> f64 {
        let plot_w = VIEW_W - self.gutter() - RIGHT_PAD;
        self.gutter() + plot_w * (at_ms.min(self.end_ms) as f64 / self.end_ms as f64)
    }

    /// Simulated time at x (inverse of [`Geometry::x`]), clamped to the run.
    pub fn time_at(&self, x: f64) -> u64 {
        let plot_w = VIEW_W - self.gutter() - RIGHT_PAD;
        let share = ((x - self.gutter()) / plot_w).clamp(0.0, 1.0);
        (share * self.end_ms as f64).round() as u64
    }

    /// Top of the coordination service lane.
    pub fn coord_top(&self) -> f64 {
        self.v(TOP_PAD)
    }

    /// Top of application lane `app`.
    pub fn app_top(&self, app: usize) -> f64 {
        self.v(TOP_PAD + COORD_H + APP_H * app as f64)
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
        self.axis_top() + self.axis_h()
    }

    /// y where messages leave or reach `node`.
    pub fn node_y(&self, node: Node) -> f64 {
        match node {
            Node::Coordinator => self.coord_top() + self.coord_h() - self.v(8.0),
            Node::App(app) => self.app_top(app) + self.app_h() / 2.0,
            Node::Resource => self.resource_top() + self.v(10.0),
        }
    }

    /// Axis tick spacing in ms: about 6 to 12 ticks across the run.
    pub fn tick_ms(&self) -> u64 {
        const STEPS: [u64; 9] = [
            1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 300_000, 600_000,
        ];
        STEPS
            .into_iter()
            .find(|s| self.end_ms / s <= 12)
            .unwrap_or(3_600_000)
    }
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

    #[test]
    fn time_and_x_are_inverse() {
        let g = Geometry::new(120_000, 2);
        assert_eq!(g.x(0), GUTTER);
        assert_eq!(g.time_at(g.x(60_000)), 60_000);
        assert_eq!(g.time_at(-50.0), 0);
        assert_eq!(g.time_at(VIEW_W * 2.0), 120_000);
        assert_eq!(g.tick_ms(), 10_000);
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
        let g = Geometry::new(1_000, 3);
        assert!(g.coord_top() < g.app_top(0));
        assert!(g.app_top(2) < g.resource_top());
        assert!(g.resource_top() < g.axis_top());
        assert!(g.axis_top() < g.height());
    }
}
