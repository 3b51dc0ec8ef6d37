//! No timeline text tells the future: at every moment of every story, each text on screen names
//! only times, counts and tokens of what has happened by then (issue 51, item 2).

use super::defs::Defs;
use super::geometry::{Frame, Geometry};
use super::scene::{Scene, Show};
use crate::engine::{run, Run};

/// The times a text names, in ms: each number followed by "s" or "min".
fn times_named(text: &str) -> Vec<u64> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | ';' | '(' | ')'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    for pair in words.windows(2) {
        let unit_ms = match pair[1] {
            "s" => 1_000.0,
            "min" => 60_000.0,
            _ => continue,
        };
        if let Ok(n) = pair[0].parse::<f64>() {
            out.push((n * unit_ms).round() as u64);
        }
    }
    out
}

/// Each number that follows `marker` in a text.
fn numbers_after(text: &str, marker: &str) -> Vec<u64> {
    text.split(marker)
        .skip(1)
        .filter_map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

/// The counts a text names: each number after "×".
fn counts_named(text: &str) -> Vec<u64> {
    numbers_after(text, "×")
}

/// The tokens a text names: each number after "token ".
fn tokens_named(text: &str) -> Vec<u64> {
    numbers_after(text, "token ")
}

/// What a text may name at `at_ms`: nothing later, no more refused asks and no higher token
/// than the run has seen by then. Returns what it names that has not happened yet.
fn future_in(text: &str, at_ms: u64, run: &Run) -> Option<String> {
    let refused = super::thin::refusals(run)
        .iter()
        .filter(|&&(t, _)| t <= at_ms)
        .count() as u64;
    let granted = run
        .spans
        .leases
        .iter()
        .filter(|l| l.from_ms <= at_ms)
        .map(|l| l.token)
        .max()
        .unwrap_or(0);
    if let Some(t) = times_named(text).into_iter().find(|&t| t > at_ms) {
        return Some(format!("{t} ms"));
    }
    let texts_refusal = text.contains("refused");
    if let Some(n) = counts_named(text)
        .into_iter()
        .find(|&n| texts_refusal && n > refused)
    {
        return Some(format!("×{n} with {refused} refused so far"));
    }
    let token = tokens_named(text).into_iter().find(|&t| t > granted);
    token.map(|t| format!("token {t} with {granted} the highest granted"))
}

/// Every story, enforcement off and on, drawn as wide as a laptop's lab with its members open.
fn every_scene() -> Vec<(String, Run, Scene)> {
    let mut out = Vec::new();
    for entry in crate::catalog::catalog() {
        for enforcement in [false, true] {
            let knobs = crate::catalog::Knobs {
                enforcement,
                ..crate::catalog::Knobs::defaults_for(entry)
            };
            let s = entry.scenario_with(&knobs);
            let Ok(run) = run(&s) else {
                continue; // a switch the story does not offer
            };
            let g = Geometry::whole(Frame::lab(1280.0), s.apps.len(), run.end_ms);
            let scene = Scene::draw(g.with_members(3), &run, &s, Defs(0), Show::default());
            out.push((format!("{} {enforcement}", entry.id), run, scene));
        }
    }
    out
}

#[test]
fn no_mark_names_what_happens_after_it_appears() {
    let mut told = Vec::new();
    for (story, run, scene) in every_scene() {
        for mark in &scene.marks {
            for text in mark.shape.texts() {
                if let Some(future) = future_in(text, mark.at_ms, &run) {
                    told.push(format!(
                        "{story} at {} ms: {text:?} names {future}",
                        mark.at_ms
                    ));
                }
            }
        }
    }
    assert!(told.is_empty(), "{told:#?}");
}

/// A band grows with the playhead from its start, so its words may name only that start.
#[test]
fn no_band_names_its_own_end_while_it_grows() {
    let mut told = Vec::new();
    for (story, _, scene) in every_scene() {
        for band in &scene.bands {
            for text in band.texts() {
                let times = times_named(text);
                if times.len() > 1 {
                    told.push(format!("{story}: {text:?}"));
                }
            }
        }
    }
    assert!(told.is_empty(), "{told:#?}");
}

#[test]
fn the_readers_find_what_texts_name() {
    let text = "B asked for the lease 23 times from 5.05 s to 2 min, token 102 ×3";
    assert_eq!(times_named(text), vec![5_050, 120_000]);
    assert_eq!(counts_named("B asked ×23, refused"), vec![23]);
    assert_eq!(tokens_named(text), vec![102]);
    assert!(times_named("version 3 from token 101").is_empty());
}

/// Labels with no room are counted at the playhead: on a phone, gc-pause's note says none did
/// not fit before anything has happened, and says each once its time has come.
#[test]
fn labels_without_room_are_counted_only_once_their_time_has_come() {
    let s = crate::catalog::by_id("gc-pause").unwrap().scenario();
    let run = run(&s).expect("the story runs");
    let g = Geometry::whole(Frame::lab(390.0), s.apps.len(), run.end_ms);
    let scene = Scene::draw(g, &run, &s, Defs(0), Show::default());
    assert!(
        !scene.hidden_labels.is_empty(),
        "a phone has no room for every label"
    );
    assert_eq!(scene.hidden_at(0), 0, "{:?}", scene.hidden_labels);
    assert_eq!(scene.hidden_at(run.end_ms), scene.hidden_labels.len());
    let first = scene.hidden_labels.iter().min().copied().unwrap_or(0);
    assert_eq!(scene.hidden_at(first), 1);
}
