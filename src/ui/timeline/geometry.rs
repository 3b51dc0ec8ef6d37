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
}

impl Geometry {
    /// Geometry for a run ending at `end_ms` with `apps` application lanes.
    pub fn new(end_ms: u64, apps: usize) -> Geometry {
        Geometry {
            end_ms: end_ms.max(1),
            apps,
        }
    }

    /// x of simulated time `at_ms`.
    pub fn x(&self, at_ms: u64) -> f64 {
        let plot_w = VIEW_W - GUTTER - RIGHT_PAD;
        GUTTER + plot_w * (at_ms.min(self.end_ms) as f64 / self.end_ms as f64)
    }

    /// Simulated time at x (inverse of [`Geometry::x`]), clamped to the run.
    pub fn time_at(&self, x: f64) -> u64 {
        let plot_w = VIEW_W - GUTTER - RIGHT_PAD;
        let share = ((x - GUTTER) / plot_w).clamp(0.0, 1.0);
        (share * self.end_ms as f64).round() as u64
    }

    /// Top of the coordination service lane.
    pub fn coord_top(&self) -> f64 {
        TOP_PAD
    }

    /// Top of application lane `app`.
    pub fn app_top(&self, app: usize) -> f64 {
        TOP_PAD + COORD_H + APP_H * app as f64
    }

    /// Top of the resource lane.
    pub fn resource_top(&self) -> f64 {
        self.app_top(self.apps)
    }

    /// Top of the time axis.
    pub fn axis_top(&self) -> f64 {
        self.resource_top() + RESOURCE_H
    }

    /// Total height of the drawing.
    pub fn height(&self) -> f64 {
        self.axis_top() + AXIS_H
    }

    /// y where messages leave or reach `node`.
    pub fn node_y(&self, node: Node) -> f64 {
        match node {
            Node::Coordinator => self.coord_top() + COORD_H - 8.0,
            Node::App(app) => self.app_top(app) + APP_H / 2.0,
            Node::Resource => self.resource_top() + 10.0,
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

/// Formats a coordinate for an SVG attribute.
pub fn f(v: f64) -> String {
    format!("{v:.1}")
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
    fn lanes_stack_downwards() {
        let g = Geometry::new(1_000, 3);
        assert!(g.coord_top() < g.app_top(0));
        assert!(g.app_top(2) < g.resource_top());
        assert!(g.resource_top() < g.axis_top());
        assert!(g.axis_top() < g.height());
    }
}
