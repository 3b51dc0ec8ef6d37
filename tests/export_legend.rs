//! The exported file's legend (the SVG texts `ui::export` writes under the drawing): no two of
//! its lines' words overlap, nor a line's words and another line's sample, at the widths a
//! timeline is exported at (a phone's, the lab's, a projector's, compare halves alike).
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::ui::export::legend_flow;
use fencing_lab::ui::svg::Shape;
use fencing_lab::ui::timeline::legend::ALL;
use fencing_lab::ui::timeline::text::Rect;

fn box_of(s: &Shape) -> Rect {
    let n = |name: &str| s.attr(name).and_then(|v| v.parse::<f64>().ok()).unwrap();
    Rect::of_text(s.text.as_deref().unwrap(), n("x"), n("y"), n("font-size"))
}

/// Pairs of legend lines whose words overlap another line's words or sample.
fn overlaps(words: &[String], width: f64) -> Vec<(String, String)> {
    let (lines, widest, bottom) = legend_flow(words, width, 500.0);
    assert_eq!(lines.len(), words.len());
    overlapping(&lines, widest, bottom)
}

fn overlapping(lines: &[(f64, f64, Shape)], widest: f64, bottom: f64) -> Vec<(String, String)> {
    let mut out = vec![];
    for (i, (_, _, a)) in lines.iter().enumerate() {
        let ra = box_of(a);
        assert!(
            ra.x1 <= widest && ra.y1 <= bottom,
            "{ra:?} outside {widest} × {bottom}"
        );
        for (j, (x, y, b)) in lines.iter().enumerate() {
            let sample = Rect::new(*x, *y, x + 28.0, y + 16.0);
            let words_cross = j > i && ra.overlaps(&box_of(b));
            if words_cross || (j != i && ra.overlaps(&sample)) {
                out.push((a.text.clone().unwrap(), b.text.clone().unwrap()));
            }
        }
    }
    out
}

#[test]
fn no_two_lines_of_an_exported_legend_overlap_at_any_width() {
    let all: Vec<String> = ALL.iter().map(|k| k.words().to_string()).collect();
    let mut failures = vec![];
    for width in [300.0, 360.0, 640.0, 860.0, 1000.0, 1250.0, 1500.0, 1880.0] {
        for kinds in [&all[..], &all[..7], &all[9..]] {
            let pairs = overlaps(kinds, width);
            if !pairs.is_empty() {
                failures.push(format!("{width} px: {pairs:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The legend as exports laid it out before: 330 px columns, whatever the words' width.
fn in_columns(words: &[String], width: f64) -> Vec<(f64, f64, Shape)> {
    let columns = ((width / 330.0) as usize).max(1);
    let at = |i: usize| {
        (
            8.0 + (i % columns) as f64 * 330.0,
            (i / columns) as f64 * 22.0,
        )
    };
    let text = |(x, y): (f64, f64), w: &String| {
        let t = Shape::new("text").num("x", x + 36.0).num("y", y + 13.0);
        t.num("font-size", 12.0).text(w.clone())
    };
    let lines = words.iter().enumerate().map(|(i, w)| (at(i), w));
    lines.map(|(p, w)| (p.0, p.1, text(p, w))).collect()
}

#[test]
fn the_check_catches_the_columns_exports_overprinted_in() {
    let all: Vec<String> = ALL.iter().map(|k| k.words().to_string()).collect();
    let lines = in_columns(&all, 1250.0);
    let pairs = overlapping(&lines, f64::INFINITY, f64::INFINITY);
    assert!(
        pairs
            .iter()
            .any(|(a, _)| a.starts_with("lease or lock held")),
        "{pairs:?}"
    );
}
