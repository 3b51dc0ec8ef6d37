//! The layout pass: places labels so that no two boxes intersect. Each label comes with its
//! options in order of preference (full text at its mark, shifted along its row, in a second
//! row, abbreviated); the first option whose box is free wins. Marks that must not be covered
//! (dots, badges, icons) are reserved first. A label with no free option is left out of the
//! drawing and counted; its words stay in its mark's tooltip and accessible name.
//!
//! Boxes are kept in vertical strips of [`STRIP_PX`], so one placement looks at its
//! neighbours only and the pass stays linear in the number of labels.

use super::text::Rect;

/// Width of one strip of the index, in px.
const STRIP_PX: f64 = 64.0;
/// Most options one label may offer (a bound on the search, TigerBeetle-style).
pub const MAX_OPTIONS: usize = 48;
/// Most strips: a drawing wider than this many strips shares the last one.
const MAX_STRIPS: usize = 512;

/// One way to draw a label: its words, start x and baseline y.
#[derive(Clone, Debug, PartialEq)]
pub struct Spot {
    pub text: String,
    pub x: f64,
    pub y: f64,
}

/// Where a label went.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    /// Words drawn (one of the options' texts).
    pub text: String,
    /// Start x and baseline y.
    pub x: f64,
    pub y: f64,
    /// The box it takes.
    pub rect: Rect,
    /// Which option won (0: the preferred one).
    pub option: usize,
}

/// The boxes taken so far, and the labels that found no room.
#[derive(Debug)]
pub struct Placer {
    /// Left and right limits for labels (the plot area).
    x_min: f64,
    x_max: f64,
    boxes: Vec<Rect>,
    strips: Vec<Vec<u32>>,
    /// Labels left out for want of room.
    pub hidden: usize,
}

impl Placer {
    /// An empty layout whose labels must stay within `x_min..x_max`.
    pub fn new(x_min: f64, x_max: f64) -> Placer {
        assert!(x_min <= x_max, "label limits out of order");
        let strips = ((x_max / STRIP_PX).ceil().max(1.0) as usize + 1).min(MAX_STRIPS);
        Placer {
            x_min,
            x_max,
            boxes: Vec::new(),
            strips: vec![Vec::new(); strips],
            hidden: 0,
        }
    }

    fn strip_range(&self, r: &Rect) -> std::ops::RangeInclusive<usize> {
        let last = self.strips.len() - 1;
        let at = |x: f64| ((x.max(0.0) / STRIP_PX) as usize).min(last);
        at(r.x0)..=at(r.x1)
    }

    /// Whether `r` is clear of every box taken so far.
    pub fn is_free(&self, r: &Rect) -> bool {
        self.strip_range(r)
            .flat_map(|s| self.strips[s].iter())
            .all(|&i| !self.boxes[i as usize].overlaps(r))
    }

    /// Takes `r` whether or not it is free (marks that must stay visible).
    pub fn reserve(&mut self, r: Rect) {
        let index = self.boxes.len() as u32;
        for s in self.strip_range(&r) {
            self.strips[s].push(index);
        }
        self.boxes.push(r);
    }

    /// Places a label drawn at `size_px`: the first of `options` whose box (grown by `pad` px)
    /// is free and within the limits (a label never slides away from where its option puts it:
    /// callers offer a place before a mark when after it may not fit). `None` (and counted in
    /// [`Placer::hidden`]) when no option fits.
    pub fn place(&mut self, size_px: f64, pad: f64, options: &[Spot]) -> Option<Placed> {
        assert!(options.len() <= MAX_OPTIONS, "{} options", options.len());
        for (i, o) in options.iter().enumerate() {
            let (x, w) = (o.x, super::text::width(&o.text, size_px));
            if x < self.x_min - 0.01 || x + w > self.x_max + 0.01 {
                continue;
            }
            let rect = Rect::of_text(&o.text, x, o.y, size_px);
            if self.is_free(&rect.grown(pad)) {
                self.reserve(rect);
                return Some(Placed {
                    text: o.text.clone(),
                    x,
                    y: o.y,
                    rect,
                    option: i,
                });
            }
        }
        self.hidden += 1;
        None
    }
}

/// Options for `texts` (preferred first) at baseline `rows` (preferred first), each tried at
/// `x` and then shifted right by `step` up to `max_shift`: all positions of the first text
/// before any of the next.
pub fn options(texts: &[String], x: f64, rows: &[f64], step: f64, max_shift: f64) -> Vec<Spot> {
    let shifts = if step > 0.0 {
        ((max_shift / step).floor() as usize).min(6)
    } else {
        0
    };
    let mut out = Vec::new();
    for text in texts {
        for &y in rows {
            for k in 0..=shifts {
                if out.len() == MAX_OPTIONS {
                    return out;
                }
                out.push(Spot {
                    text: text.clone(),
                    x: x + step * k as f64,
                    y,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str, x: f64, y: f64) -> Vec<Spot> {
        vec![Spot {
            text: text.into(),
            x,
            y,
        }]
    }

    #[test]
    fn a_second_label_on_the_same_spot_moves_to_its_next_option() {
        let mut placer = Placer::new(0.0, 500.0);
        let first = placer
            .place(12.0, 1.0, &one("released", 100.0, 50.0))
            .unwrap();
        assert_eq!(first.option, 0);
        let texts = vec!["◷ expired".to_string()];
        let second = placer
            .place(12.0, 1.0, &options(&texts, 100.0, &[50.0, 70.0], 0.0, 0.0))
            .unwrap();
        assert_eq!(
            (second.option, second.y),
            (1, 70.0),
            "stacked into the next row"
        );
        assert!(!first.rect.overlaps(&second.rect));
    }

    #[test]
    fn a_label_with_no_room_is_left_out_and_counted() {
        let mut placer = Placer::new(0.0, 500.0);
        placer.reserve(Rect::new(0.0, 0.0, 500.0, 100.0));
        assert_eq!(placer.place(12.0, 0.0, &one("A · 101", 10.0, 50.0)), None);
        assert_eq!(placer.hidden, 1);
    }

    #[test]
    fn a_label_past_the_right_edge_takes_its_next_option() {
        let mut placer = Placer::new(0.0, 200.0);
        let mut options = one("max token 103", 190.0, 50.0);
        options.extend(one("103", 170.0, 50.0));
        let placed = placer.place(12.0, 0.0, &options).unwrap();
        assert_eq!((placed.text.as_str(), placed.option), ("103", 1));
        assert!(placed.rect.x1 <= 200.0);
    }

    #[test]
    fn options_try_every_position_of_the_long_text_before_the_short_one() {
        let texts = vec!["long words".to_string(), "short".to_string()];
        let all = options(&texts, 10.0, &[1.0, 2.0], 5.0, 10.0);
        assert_eq!(all.len(), 2 * 2 * 3);
        assert!(all[..6].iter().all(|o| o.text == "long words"));
        assert_eq!((all[1].x, all[1].y), (15.0, 1.0));
    }
}
