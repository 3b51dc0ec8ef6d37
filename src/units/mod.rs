//! Units: the bottom layer, how simulated quantities are written. It imports nothing from
//! the crate, so every other layer may use it.

mod join;
mod time;

pub use join::joined;
pub use time::time;
