//! How the lab names a grant (by its token where grants carry an ordered one, else by its
//! number), the stories' advice to switch on token enforcement, and how both read on a system
//! whose grants carry no ordered token (a version check is the advice that can be followed there).

use super::text::{find, replaced};
use crate::engine::{Mode, Scenario, Tokens};

/// The ways the stories' narration advises switching on token enforcement (always its last
/// sentence).
const TOKEN_ADVICE: [&str; 2] = [
    "Switch on token enforcement",
    "Switch token enforcement back on",
];

/// How the lab names the grant of `token` in `s`: "token 101" where grants carry an ordered
/// token, else "grant #1", counted from the scenario's first token; "no token" without a lock.
pub fn grant(s: &Scenario, token: u64) -> String {
    if s.mode == Mode::NoLock {
        return "no token".into();
    }
    format!("{} {}", token_word(s), grant_number(s, token))
}

/// What the lab calls a grant's number in `s`: "token", "epoch" (a leader's), or "grant".
pub fn token_word(s: &Scenario) -> &'static str {
    match s.tokens {
        Tokens::Ordered => "token",
        Tokens::Epoch => "epoch",
        Tokens::Unordered | Tokens::Absent => "grant",
    }
}

/// The number of [`grant`]'s name alone, for short labels: "101", or "#1".
pub fn grant_number(s: &Scenario, token: u64) -> String {
    if s.tokens.ordered() {
        token.to_string()
    } else {
        format!("#{}", (token + 1).saturating_sub(s.first_token))
    }
}

/// `text` as it reads in `s`: where grants carry no ordered token (or there is no lock, so no
/// grant), advice to switch on token enforcement (its last sentence) becomes advice that can be
/// followed; without ordered tokens, what the text says of tokens it says of grants, the only
/// thing the lab can number there. Where grants carry a leader's epochs, the advice names the
/// switch as it reads there: epoch enforcement.
pub fn without_token_advice(text: &str, s: &Scenario) -> String {
    if s.tokens == Tokens::Epoch && s.mode != Mode::NoLock {
        // The switch is named by what it compares: a leader's epochs.
        return replaced(text, "token enforcement", "epoch enforcement");
    }
    if s.tokens.ordered() && s.mode != Mode::NoLock {
        return text.to_string();
    }
    let text = match TOKEN_ADVICE.iter().find_map(|advice| find(text, advice)) {
        Some(at) => format!(
            "{}Nothing a writer carries here could be compared by order; switch on \"Enforce by \
             version\" and enforcement to let the resource check versions instead.",
            text.get(..at).unwrap_or_default()
        ),
        None => text.to_string(),
    };
    if s.tokens.ordered() {
        // No lock: nothing is granted, and the advice alone changes.
        return text;
    }
    replaced(&replaced(&text, "token", "grant"), "Token", "Grant")
}
