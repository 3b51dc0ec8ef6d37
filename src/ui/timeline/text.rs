//! How much room a label takes: a text-width model that knows the font size each label is drawn
//! at. Every label's `font-size` is set by the drawing itself (never by the stylesheet), so the
//! boxes the layout pass works with are the boxes the browser draws.
//!
//! Widths come from DejaVu Sans Bold's advance widths (the widest of the common system UI fonts,
//! and what Linux falls back to), so the model never under-estimates a label on any platform:
//! narrower fonts (San Francisco, Segoe UI, Roboto) only leave more space between labels.

/// Advance widths of ASCII 32..=126 in DejaVu Sans Bold, in thousandths of an em.
const ASCII_EM_MILLIS: [u16; 95] = [
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380,
    365, // ' '..'/'
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838,
    580, // '0'..'?'
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837,
    850, // '@'..'O'
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838,
    500, // 'P'..'_'
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712,
    687, // '`'..'o'
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838, // 'p'..'~'
];

/// Width of one character in ems: symbols outside ASCII (◷ ✓ ✗ ⚠ ❚ …) count a whole em, which
/// is at least their width in every font the page may fall back to.
fn char_em(c: char) -> f64 {
    let code = c as u32;
    if (32..=126).contains(&code) {
        f64::from(ASCII_EM_MILLIS[(code - 32) as usize]) / 1000.0
    } else if c == '·' {
        0.4
    } else {
        1.0
    }
}

/// Width in px of `text` drawn at `size_px` (bold or not: the bold widths serve both).
pub fn width(text: &str, size_px: f64) -> f64 {
    text.chars().map(char_em).sum::<f64>() * size_px
}

/// How far a label's box reaches above its baseline, in ems (the font's ascent).
pub const ASCENT_EM: f64 = 0.93;
/// How far a label's box reaches below its baseline, in ems (the font's descent).
pub const DESCENT_EM: f64 = 0.24;

/// An axis-aligned box in the drawing's px coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Rect {
    /// The box spanning `x0..x1` and `y0..y1` (the ends in either order).
    pub fn new(x0: f64, y0: f64, x1: f64, y1: f64) -> Rect {
        Rect {
            x0: x0.min(x1),
            y0: y0.min(y1),
            x1: x0.max(x1),
            y1: y0.max(y1),
        }
    }

    /// The box of `text` at `size_px` whose start (left end) is at `x` and baseline at `y`.
    pub fn of_text(text: &str, x: f64, y: f64, size_px: f64) -> Rect {
        Rect::new(
            x,
            y - ASCENT_EM * size_px,
            x + width(text, size_px),
            y + DESCENT_EM * size_px,
        )
    }

    /// Whether the two boxes share more than a hair of area (touching edges do not count).
    pub fn overlaps(&self, other: &Rect) -> bool {
        const HAIR: f64 = 0.5;
        self.x0 + HAIR < other.x1
            && other.x0 + HAIR < self.x1
            && self.y0 + HAIR < other.y1
            && other.y0 + HAIR < self.y1
    }

    /// The box grown by `by` px on every side.
    pub fn grown(&self, by: f64) -> Rect {
        Rect::new(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)
    }

    /// Whether the straight line from `(x0, y0)` to `(x1, y1)` passes through the inside of this
    /// box (touching its edge, or within half a pixel of it, does not count).
    pub fn crossed_by(&self, ((x0, y0), (x1, y1)): ((f64, f64), (f64, f64))) -> bool {
        let r = self.grown(-0.5);
        if x0.max(x1) <= r.x0 || x0.min(x1) >= r.x1 || y0.max(y1) <= r.y0 || y0.min(y1) >= r.y1 {
            return false;
        }
        let side = |x: f64, y: f64| (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0);
        let c = [
            side(r.x0, r.y0),
            side(r.x1, r.y0),
            side(r.x0, r.y1),
            side(r.x1, r.y1),
        ];
        !(c.iter().all(|&v| v > 0.0) || c.iter().all(|&v| v < 0.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_follow_the_characters_and_the_size() {
        assert_eq!(width("", 12.0), 0.0);
        assert!((width("0", 10.0) - 6.96).abs() < 1e-9);
        assert!(width("WWW", 12.0) > width("iii", 12.0) * 2.5);
        assert_eq!(width("101 < 102", 24.0), width("101 < 102", 12.0) * 2.0);
        assert_eq!(width("✓", 10.0), 10.0, "symbols count a whole em");
    }

    #[test]
    fn boxes_overlap_only_when_they_share_area() {
        let a = Rect::new(0.0, 0.0, 10.0, 10.0);
        assert!(a.overlaps(&Rect::new(5.0, 5.0, 15.0, 15.0)));
        assert!(!a.overlaps(&Rect::new(10.0, 0.0, 20.0, 10.0)), "touching");
        assert!(!a.overlaps(&Rect::new(0.0, 11.0, 10.0, 20.0)));
        let text = Rect::of_text("max token 102", 100.0, 50.0, 12.0);
        assert!(text.y0 < 50.0 && text.y1 > 50.0 && text.x0 == 100.0);
    }
}
