//! The timeline: an SVG with one lane for the coordination service, one per application and one for
//! the protected resource. Everything drawn comes from the engine's [`Run`] through a pure
//! [`Scene`]; the drawing is sized in CSS px to the space it has (so the layout pass measures
//! labels at the size they are shown), bands grow with the playhead, and marks and labels
//! appear whole once their time has come.

mod aggregate;
mod apps;
mod card;
mod coord;
mod defs;
mod draw;
pub mod frames;
pub mod geometry;
mod key;
mod layout;
pub mod legend;
mod mark_kind;
mod marks;
mod measure;
pub mod members;
mod mount;
mod pointer;
mod recorded;
mod renewals;
mod resource;
mod scene;
mod services;
pub mod text;
pub mod thin;
mod tools;
mod touch;
mod view;

#[cfg(test)]
mod future_tests;
#[cfg(test)]
mod scene_tests;

pub use crate::lab::Window;
pub use card::TimelineCard;
pub use defs::Defs;
pub use geometry::{f, Frame, Geometry};
pub use key::Legend;
pub use scene::{Scene, Show};
pub use tools::TimelineTools;
pub use view::Timeline;
