//! The timeline's shared SVG definitions (hatching for pauses, one pattern per application,
//! the arrow head) under ids unique to one timeline, so two timelines on a page (compare mode)
//! never share an id.

use crate::ui::svg::Shape;

/// The ids of one timeline's definitions: `pat-a-0`, `arrow-0` …
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Defs(pub usize);

impl Defs {
    /// The id of definition `name` in this timeline.
    pub fn id(self, name: &str) -> String {
        format!("{name}-{}", self.0)
    }

    /// A paint or marker reference to definition `name`.
    pub fn url(self, name: &str) -> String {
        format!("url(#{})", self.id(name))
    }

    /// The fill of application `app`'s belief bands; patterns differ so colour is never the only cue.
    pub fn app_fill(self, app: usize) -> String {
        self.url(["pat-a", "pat-b", "pat-c"][app % 3])
    }

    /// The patterns and the arrow head.
    pub fn shapes(self) -> Vec<Shape> {
        let pattern = |name: &str, size: &'static str| {
            Shape::new("pattern")
                .set("id", self.id(name))
                .set("width", size)
                .set("height", size)
                .set("patternUnits", "userSpaceOnUse")
        };
        let tile = |class: &'static str, size: &'static str| {
            Shape::new("rect")
                .class(class)
                .set("width", size)
                .set("height", size)
        };
        let stripe = |class: &'static str, width: &'static str| {
            Shape::new("line")
                .class(class)
                .set("x1", "0")
                .set("y1", "0")
                .set("x2", "0")
                .set("y2", "8")
                .set("stroke-width", width)
        };
        vec![
            pattern("pat-hatch", "8")
                .set("patternTransform", "rotate(45)")
                .kid(tile("hatch-bg", "8"))
                .kid(stripe("hatch-line", "3")),
            pattern("pat-a", "6").kid(tile("pat-bg app-a", "6")),
            pattern("pat-b", "8")
                .set("patternTransform", "rotate(-45)")
                .kid(tile("pat-bg app-b", "8"))
                .kid(stripe("pat-line app-b", "2")),
            pattern("pat-c", "8").kid(tile("pat-bg app-c", "8")).kid(
                Shape::new("circle")
                    .class("pat-dot app-c")
                    .set("cx", "4")
                    .set("cy", "4")
                    .set("r", "1.4"),
            ),
            Shape::new("marker")
                .set("id", self.id("arrow"))
                .set("viewBox", "0 0 10 10")
                .set("refX", "9")
                .set("refY", "5")
                .set("markerWidth", "6")
                .set("markerHeight", "6")
                .set("orient", "auto-start-reverse")
                .kid(
                    Shape::new("path")
                        .class("arrow-head")
                        .set("d", "M0 0 L10 5 L0 10 z"),
                ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reference_points_at_a_definition_of_the_same_timeline() {
        let defs = Defs(3);
        let ids: Vec<String> = defs
            .shapes()
            .iter()
            .filter_map(|s| s.attr("id").map(str::to_string))
            .collect();
        assert_eq!(
            ids,
            ["pat-hatch-3", "pat-a-3", "pat-b-3", "pat-c-3", "arrow-3"]
        );
        for app in 0..3 {
            let fill = defs.app_fill(app);
            assert!(ids.iter().any(|id| fill == format!("url(#{id})")), "{fill}");
        }
        assert_ne!(
            Defs(0).app_fill(1),
            Defs(1).app_fill(1),
            "two timelines, two ids"
        );
    }
}
