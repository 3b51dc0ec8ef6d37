//! The layout pass: places labels so that no two boxes intersect and no mark crosses a label.
//! Each label comes with its options in order of preference (full text at its mark, shifted
//! along its row, in a second row, abbreviated); the first option whose box is free wins. Marks
//! that must not be covered (dots, crosses, badges, bars, arrows) are reserved first; a label
//! stands on an arrow (on a backdrop the arrow passes under) only where no option is clear of
//! arrows. A label with no free option is left out of the drawing and counted; its words stay in
//! its mark's tooltip and accessible name.
//!
//! Boxes are kept in vertical strips of [`STRIP_PX`], so one placement looks at its
//! neighbours only and the pass stays linear in the number of labels.

use super::text::{width, Rect};

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
    /// Whether an arrow passes through it (it is then drawn on a backdrop the arrow goes under).
    pub crossed: bool,
    /// The leader line from its mark, when it stands away from it.
    pub leader: Option<Segment>,
}

/// A straight line from one point to another.
pub type Segment = ((f64, f64), (f64, f64));

/// What a label must keep clear of: a box (of a label, a mark, or a bar only its own label may
/// stand in), or a line (an arrow a label may stand on, on a backdrop, where it finds no other
/// place, and its own label anywhere; or, owned by [`HARD`], a line nothing may cross).
#[derive(Clone, Debug)]
enum Taken {
    Box(Rect, u32),
    Line(Segment, u32),
}

/// The owner of lines no label may cross (leaders, a violation's line).
pub const HARD: u32 = u32::MAX;

/// The boxes and lines taken so far, and the labels that found no room.
#[derive(Debug)]
pub struct Placer {
    /// Left and right limits for labels (the plot area).
    x_min: f64,
    x_max: f64,
    taken: Vec<Taken>,
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
            taken: Vec::new(),
            strips: vec![Vec::new(); strips],
            hidden: 0,
        }
    }

    fn strip_range(&self, x0: f64, x1: f64) -> std::ops::RangeInclusive<usize> {
        let last = self.strips.len() - 1;
        let at = |x: f64| ((x.max(0.0) / STRIP_PX) as usize).min(last);
        at(x0.min(x1))..=at(x0.max(x1))
    }

    fn near(&self, x0: f64, x1: f64) -> impl Iterator<Item = &Taken> {
        self.strip_range(x0, x1)
            .flat_map(|s| self.strips[s].iter())
            .map(|&i| &self.taken[i as usize])
    }

    /// Whether `r` is clear of every box and line taken so far but those of `owner` (0: none),
    /// and unless `on_arrows`, of every arrow.
    pub fn is_free(&self, r: &Rect, owner: u32, on_arrows: bool) -> bool {
        self.near(r.x0, r.x1).all(|t| match t {
            Taken::Box(b, o) => (owner != 0 && *o == owner) || !b.overlaps(r),
            Taken::Line(seg, o) => {
                (*o != HARD && (on_arrows || (owner != 0 && *o == owner))) || !r.crossed_by(*seg)
            }
        })
    }

    /// Whether an arrow passes through `r`.
    fn on_an_arrow(&self, r: &Rect) -> bool {
        self.near(r.x0, r.x1)
            .any(|t| matches!(t, Taken::Line(seg, o) if *o != HARD && r.crossed_by(*seg)))
    }

    /// Whether `seg` (a leader) crosses no box but those of `owner`.
    fn leader_free(&self, seg: Segment, owner: u32) -> bool {
        self.near(seg.0 .0, seg.1 .0).all(|t| match t {
            Taken::Box(b, o) => (owner != 0 && *o == owner) || !b.crossed_by(seg),
            Taken::Line(..) => true,
        })
    }

    fn take(&mut self, t: Taken, (x0, x1): (f64, f64)) {
        let index = self.taken.len() as u32;
        for s in self.strip_range(x0, x1) {
            self.strips[s].push(index);
        }
        self.taken.push(t);
    }

    /// Takes `r` whether or not it is free (marks that must stay visible).
    pub fn reserve(&mut self, r: Rect) {
        self.reserve_for(r, 0);
    }

    /// Takes `r`, a bar only the label of `owner` may stand in.
    pub fn reserve_for(&mut self, r: Rect, owner: u32) {
        self.take(Taken::Box(r, owner), (r.x0, r.x1));
    }

    /// Takes the line `seg`: an arrow (of `owner`'s label, 0: none) labels stand on only on a
    /// backdrop, or with `owner` [`HARD`] a line nothing may cross.
    pub fn reserve_line(&mut self, seg: Segment, owner: u32) {
        self.take(Taken::Line(seg, owner), (seg.0 .0, seg.1 .0));
    }

    /// The box and leader of option `o` (at `size_px`, grown by `pad`) when it is within the
    /// limits and free (of arrows too unless `on_arrows`); its leader only if it crosses no box.
    fn fits(
        &self,
        o: &Spot,
        (size_px, pad, owner): (f64, f64, u32),
        on_arrows: bool,
        leader: &dyn Fn(&Rect) -> Option<Segment>,
    ) -> Option<(Rect, Option<Segment>)> {
        let (x, w) = (o.x, width(&o.text, size_px));
        if x < self.x_min - 0.01 || x + w > self.x_max + 0.01 {
            return None;
        }
        let rect = Rect::of_text(&o.text, x, o.y, size_px);
        // A leader that would cross a box is left out.
        let line = leader(&rect).filter(|l| self.leader_free(*l, owner));
        self.is_free(&rect.grown(pad), owner, on_arrows)
            .then_some((rect, line))
    }

    /// Places a label (`how`: size in px, pad, owner, in_bar): the first of `options` whose box (grown
    /// by `pad` px) is within the limits and free but for arrows (the first `in_bar` options,
    /// inside its bar, free of arrows too), with its leader (`leader` of its box, drawn if it
    /// crosses no box); moved to the first place of the same words that no arrow crosses, if
    /// there is one (a label never slides away from where its option puts it:
    /// callers offer a place before a mark when after it may not fit). `None` (and counted in
    /// [`Placer::hidden`]) when no option fits.
    pub fn place(
        &mut self,
        how: (f64, f64, u32, usize),
        options: &[Spot],
        leader: &dyn Fn(&Rect) -> Option<Segment>,
    ) -> Option<Placed> {
        assert!(options.len() <= MAX_OPTIONS, "{} options", options.len());
        // A label standing in its bar (the first `in_bar` options) is never on a backdrop.
        let (size, pad, owner, in_bar) = how;
        let how = (size, pad, owner);
        let first = options
            .iter()
            .enumerate()
            .find_map(|(i, o)| Some((i, self.fits(o, how, i >= in_bar, leader)?)));
        let Some((i, found)) = first else {
            self.hidden += 1;
            return None;
        };
        let text = &options[i].text;
        let clear = options
            .iter()
            .enumerate()
            .filter(|(_, o)| o.text == *text)
            .find_map(|(j, o)| Some((j, self.fits(o, how, false, leader)?)));
        let (i, (rect, line)) = clear.unwrap_or((i, found));
        self.reserve(rect);
        if let Some(l) = line {
            self.reserve_line(l, HARD);
        }
        Some(Placed {
            text: text.clone(),
            x: options[i].x,
            y: options[i].y,
            rect,
            option: i,
            // (within a hair: drawn numbers are rounded to a tenth)
            crossed: self.on_an_arrow(&rect.grown(1.0)),
            leader: line,
        })
    }
}

/// One option at (`x`, `y`) for each of `texts` (preferred first) that fits in `room` px at
/// `size_px`: a label inside its bar.
pub fn inside(texts: &[String], x: f64, y: f64, room: f64, size_px: f64) -> Vec<Spot> {
    let fitting = texts.iter().filter(|t| width(t, size_px) <= room);
    fitting
        .map(|t| Spot {
            text: t.clone(),
            x,
            y,
        })
        .collect()
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
            .place((12.0, 1.0, 0, 0), &one("released", 100.0, 50.0), &|_| None)
            .unwrap();
        assert_eq!(first.option, 0);
        let texts = vec!["◷ expired".to_string()];
        let second = placer
            .place(
                (12.0, 1.0, 0, 0),
                &options(&texts, 100.0, &[50.0, 70.0], 0.0, 0.0),
                &|_| None,
            )
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
        let options = one("A · 101", 10.0, 50.0);
        assert_eq!(placer.place((12.0, 0.0, 0, 0), &options, &|_| None), None);
        assert_eq!(placer.hidden, 1);
    }

    #[test]
    fn a_label_past_the_right_edge_takes_its_next_option() {
        let mut placer = Placer::new(0.0, 200.0);
        let mut options = one("max token 103", 190.0, 50.0);
        options.extend(one("103", 170.0, 50.0));
        let placed = placer
            .place((12.0, 0.0, 0, 0), &options, &|_| None)
            .unwrap();
        assert_eq!((placed.text.as_str(), placed.option), ("103", 1));
        assert!(placed.rect.x1 <= 200.0);
    }

    #[test]
    fn a_label_moves_off_an_arrow_or_stands_on_it_on_a_backdrop() {
        let mut placer = Placer::new(0.0, 500.0);
        placer.reserve_line(((110.0, 0.0), (110.0, 100.0)), 0);
        let texts = vec!["grant".to_string()];
        let spots = options(&texts, 100.0, &[50.0], 20.0, 80.0);
        let moved = placer.place((12.0, 1.0, 0, 0), &spots, &|_| None).unwrap();
        assert!(moved.x > 110.0 && !moved.crossed, "{moved:?}");
        let only = one("grant", 100.0, 80.0);
        let stuck = placer.place((12.0, 1.0, 0, 0), &only, &|_| None).unwrap();
        assert!(stuck.crossed, "only place: on the arrow, on a backdrop");
    }

    #[test]
    fn only_a_bars_own_label_stands_in_it() {
        let mut placer = Placer::new(0.0, 500.0);
        placer.reserve_for(Rect::new(0.0, 30.0, 300.0, 60.0), 7);
        let spot = one("❚❚ paused", 10.0, 50.0);
        assert_eq!(placer.place((12.0, 0.0, 3, 0), &spot, &|_| None), None);
        assert!(placer.place((12.0, 0.0, 7, 0), &spot, &|_| None).is_some());
    }

    #[test]
    fn a_leader_that_would_run_through_a_label_is_left_out() {
        let mut placer = Placer::new(0.0, 500.0);
        placer.reserve(Rect::new(50.0, 40.0, 90.0, 60.0));
        let spots = vec![
            Spot {
                text: "far".into(),
                x: 100.0,
                y: 54.0,
            },
            Spot {
                text: "far".into(),
                x: 100.0,
                y: 90.0,
            },
        ];
        let leader = |b: &Rect| Some(((0.0, 50.0), (b.x0 - 1.0, (b.y0 + b.y1) / 2.0)));
        let placed = placer.place((12.0, 0.0, 0, 0), &spots, &leader).unwrap();
        assert_eq!(
            (placed.option, placed.leader),
            (0, None),
            "it would cross the box"
        );
        let below = placer.place((12.0, 0.0, 0, 0), &spots, &leader).unwrap();
        assert!(below.option == 1 && below.leader.is_some());
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
