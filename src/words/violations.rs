//! Broken rules in plain words: "the last item was promised to two customers".

use crate::engine::{Scenario, ViolationKind};

/// "two", "three", else the digits.
fn count_word(n: u64) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        _ => n.to_string(),
    }
}

/// What broke, e.g. "the last item was promised to two customers".
pub fn violation(kind: &ViolationKind, s: &Scenario) -> String {
    match *kind {
        ViolationKind::Oversold {
            promised,
            existed: 1,
        } => format!(
            "the last item was promised to {} customers",
            count_word(promised)
        ),
        ViolationKind::Oversold { promised, existed } => {
            format!("{promised} items were promised to customers but only {existed} existed")
        }
        ViolationKind::PaidTwice {
            invoice,
            first_app,
            first_token,
            app,
            token,
        } => format!(
            "invoice {invoice} paid twice: by {} (token {first_token}) and by {} (token {token})",
            s.app_name(first_app),
            s.app_name(app)
        ),
        ViolationKind::LostUpdate {
            token,
            overwritten_token,
            app,
            based_on,
            ..
        } => format!(
            "a write from token {token} overwrote the newer version written under \
             {overwritten_token} ({} had read version {based_on})",
            s.app_name(app)
        ),
    }
}
