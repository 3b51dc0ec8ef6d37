//! The words layer: every user-facing phrase about a run (times, events, faults, violations,
//! resources, counts) comes from here, so the app says one thing one way. Pure: no browser,
//! no clock, no UI; it reads engine data and returns strings.

pub mod accesses;
pub mod actions;
pub mod bands;
mod banner;
pub mod chapters;
pub mod controls;
mod count;
mod event_at_resource;
mod event_phrases;
mod events;
pub mod explore;
mod explore_errors;
pub mod export;
mod faults;
mod knob;
pub mod legend;
pub mod link;
pub mod marks;
pub mod members;
mod missing;
pub mod overlays;
pub mod page;
pub mod panels;
pub mod patterns;
pub mod questions;
pub mod recorded;
mod refusal;
mod resource;
mod scenario_errors;
pub mod screen;
pub mod script_errors;
pub mod shortcuts;
mod switch;
pub mod systems;
pub mod timeline;
mod trace_errors;
mod violations;

pub use crate::catalog::{grant, grant_number};
pub use crate::units::time;
pub use banner::{banner, Banner, Tone};
pub use count::count;
pub use event_at_resource::tagged;
pub use events::{event, signed};
pub use explore::explore_plan;
pub use explore_errors::{bounds_problem, explore_error, kind_label, shrink};
pub use faults::fault;
pub use knob::{knob_label, knob_value, switch_label};
pub use missing::why_not;
pub use refusal::{cannot_run, refusal};
pub use resource::{resource_name, resource_unit};
pub use scenario_errors::{scenario_error, scenario_problem};
pub use switch::{enforcement_name, enforcement_of, on_off};
pub use trace_errors::trace_error;
pub use violations::violation;
