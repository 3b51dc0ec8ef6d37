//! How a switch is said: its state in a sentence ("on", "off") and the enforcement
//! switch's name, by version or by token.

/// A switch's state in a sentence: "on" or "off".
pub fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// The enforcement switch's name: by version (a compare-and-set) or by token.
pub fn enforcement_name(by_version: bool) -> &'static str {
    if by_version {
        "Version enforcement"
    } else {
        "Token enforcement"
    }
}
