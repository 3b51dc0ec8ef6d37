//! How a switch is said: its state in a sentence ("on", "off") and the enforcement
//! switch's name, by what the resource compares: a version, an epoch or a token.

use crate::engine::{Enforce, Scenario, Tokens};

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
/// `crate::lab::Half`), by epoch where a leader's grants carry epochs, else by token.
pub fn enforcement_of(s: &Scenario) -> &'static str {
    if s.enforce == Enforce::ExactValue {
        return VALUE_ENFORCEMENT;
    }
    let by_version = s.enforce == Enforce::ExactVersion || !s.can_enforce();
    enforcement_name(by_version, s.tokens == Tokens::Epoch)
}

/// The enforcement switch's name where, with no lock, the resource compares the value read.
pub const VALUE_ENFORCEMENT: &str = "Value enforcement";

/// The enforcement switch's name: by version (a compare-and-set), by epoch (a leader's) or by
/// token.
pub fn enforcement_name(by_version: bool, epochs: bool) -> &'static str {
    if by_version {
        "Version enforcement"
    } else if epochs {
        "Epoch enforcement"
    } else {
        "Token enforcement"
    }
}
