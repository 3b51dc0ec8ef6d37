//! The stories' own advice to switch on token enforcement, and how it reads on a system whose
//! grants carry no ordered token (a version check is the advice that can be followed there).

/// The ways the stories' narration advises switching on token enforcement (always its last
/// sentence).
const TOKEN_ADVICE: [&str; 2] = [
    "Switch on token enforcement",
    "Switch token enforcement back on",
];

/// `text` with advice to switch on token enforcement (its last sentence) replaced by advice
/// that works where grants carry no ordered token.
pub fn without_token_advice(text: &str) -> String {
    match TOKEN_ADVICE.iter().find_map(|advice| text.find(advice)) {
        Some(at) => format!(
            "{}No token here could be compared by order; switch on \"Enforce by version, not token\" \
             and enforcement to let the resource check versions instead.",
            &text[..at]
        ),
        None => text.to_string(),
    }
}
