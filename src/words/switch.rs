//! How a switch is said: its state in a sentence ("on", "off") and the enforcement
//! switch's name, by version or by token.

use crate::engine::{Enforce, Scenario};

/// A switch's state in a sentence: "on" or "off".
pub fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// The name of the enforcement compare mode flips in `s`: by version where it checks versions
/// or where no token could be compared by order, or there is none with no lock (see
/// `crate::lab::Half`), else by token.
pub fn enforcement_of(s: &Scenario) -> &'static str {
    enforcement_name(s.enforce == Enforce::ExactVersion || !s.can_enforce())
}

/// The enforcement switch's name: by version (a compare-and-set) or by token.
pub fn enforcement_name(by_version: bool) -> &'static str {
    if by_version {
        "Version enforcement"
    } else {
        "Token enforcement"
    }
}
