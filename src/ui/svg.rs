//! A small retained SVG tree. The timeline's marks are built as plain data by pure functions, then
//! turned into DOM nodes in one place ([`Shape::to_element`]). One non-generic path instead of a
//! Leptos view type per kind of mark keeps the wasm bundle small, and native tests can read the
//! drawing without a browser.
//!
//! Text only ever becomes a text node (`textContent`), never markup.
//!
//! ```
//! use fencing_lab::ui::svg::Shape;
//! let mark = Shape::new("g")
//!     .class("crash")
//!     .title("A crashed at 20 s")
//!     .kid(Shape::new("text").num("x", 12.0).text("✖ crashed"));
//! assert_eq!(mark.find("crash").len(), 1);
//! assert_eq!(mark.texts(), vec!["A crashed at 20 s", "✖ crashed"]);
//! ```

use super::timeline::geometry::f;

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// One SVG element: its tag, attributes, optional text and children.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shape {
    pub tag: &'static str,
    pub attrs: Vec<(&'static str, String)>,
    pub text: Option<String>,
    pub kids: Vec<Shape>,
}

impl Shape {
    /// An empty element `<tag>`.
    pub fn new(tag: &'static str) -> Shape {
        Shape {
            tag,
            ..Shape::default()
        }
    }

    /// Sets attribute `name` to `value`.
    pub fn set(mut self, name: &'static str, value: impl Into<String>) -> Shape {
        self.attrs.push((name, value.into()));
        self
    }

    /// Sets a coordinate or length attribute, to a tenth.
    pub fn num(self, name: &'static str, value: f64) -> Shape {
        self.set(name, f(value))
    }

    /// Sets the `class` attribute.
    pub fn class(self, value: impl Into<String>) -> Shape {
        self.set("class", value)
    }

    /// Sets the element's text (a text node, never markup).
    pub fn text(mut self, text: impl Into<String>) -> Shape {
        self.text = Some(text.into());
        self
    }

    /// Adds a `<title>`: the tooltip and accessible description of a mark.
    pub fn title(self, text: impl Into<String>) -> Shape {
        self.kid(Shape::new("title").text(text))
    }

    /// Appends one child.
    pub fn kid(mut self, kid: Shape) -> Shape {
        self.kids.push(kid);
        self
    }

    /// Appends children.
    pub fn kids(mut self, kids: impl IntoIterator<Item = Shape>) -> Shape {
        self.kids.extend(kids);
        self
    }

    /// The value of attribute `name`, if set.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether the `class` attribute lists `class`.
    pub fn has_class(&self, class: &str) -> bool {
        self.attr("class")
            .is_some_and(|c| c.split(' ').any(|word| word == class))
    }

    /// This shape and every shape below it carrying `class`, in document order.
    pub fn find(&self, class: &str) -> Vec<&Shape> {
        let mut found = Vec::new();
        self.walk(&mut |s| {
            if s.has_class(class) {
                found.push(s);
            }
        });
        found
    }

    /// Every text in document order (titles included).
    pub fn texts(&self) -> Vec<&str> {
        let mut texts = Vec::new();
        self.walk(&mut |s| texts.extend(s.text.as_deref()));
        texts
    }

    /// How many elements this tree holds.
    pub fn element_count(&self) -> usize {
        1 + self.kids.iter().map(Shape::element_count).sum::<usize>()
    }

    /// Calls `visit` on this shape and every shape below it, in document order.
    pub fn visit<'a>(&'a self, visit: &mut dyn FnMut(&'a Shape)) {
        self.walk(visit);
    }

    fn walk<'a>(&'a self, visit: &mut dyn FnMut(&'a Shape)) {
        visit(self);
        for kid in &self.kids {
            kid.walk(visit);
        }
    }

    /// The DOM element for this tree, in the SVG namespace.
    ///
    /// SVG tags and attribute names are valid, and an SVG element takes children: the
    /// `unwrap`s never fail (bare, as a panic message would be one more string in the wasm).
    pub fn to_element(&self, doc: &web_sys::Document) -> web_sys::Element {
        let el = doc.create_element_ns(Some(SVG_NS), self.tag).unwrap();
        for (name, value) in &self.attrs {
            el.set_attribute(name, value).unwrap();
        }
        if let Some(text) = &self.text {
            el.set_text_content(Some(text));
        }
        for kid in &self.kids {
            el.append_child(&kid.to_element(doc)).unwrap();
        }
        el
    }
}
