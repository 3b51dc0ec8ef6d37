//! Units: the bottom layer, how simulated quantities are written. It imports nothing from
//! the crate, so every other layer may use it.

mod time;

pub use time::time;
