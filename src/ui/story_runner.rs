//! The Write panel's effects: a text sent to the reader, the setup sent to the writer (both
//! fetched on first use, `super::on_demand`), each answer back as a [`WriteIntent`].

use std::sync::Arc;

use leptos::task::spawn_local;

use super::on_demand::{read_story, write_story};
use super::state::LabState;
use crate::engine::Scenario;
use crate::lab::{Intent, WriteIntent};

type Act = (LabState, fn(LabState, Intent));

/// Reads `text` and answers with [`WriteIntent::Read`] (or [`WriteIntent::Unloaded`]).
pub fn read((lab, act): Act, text: String, run: bool) {
    spawn_local(async move {
        let intent = match read_story(text.clone()).await {
            Ok(reading) => WriteIntent::Read {
                text,
                reading: Box::new(reading),
                run,
            },
            Err(_) => WriteIntent::Unloaded,
        };
        act(lab, Intent::Write(intent));
    });
}

/// Writes `scenario` as text and answers with [`WriteIntent::Shown`] (or
/// [`WriteIntent::Unloaded`]).
pub fn write((lab, act): Act, scenario: Arc<Scenario>) {
    spawn_local(async move {
        let intent = match write_story(scenario).await {
            Ok(text) => WriteIntent::Shown(text),
            Err(_) => WriteIntent::Unloaded,
        };
        act(lab, Intent::Write(intent));
    });
}
