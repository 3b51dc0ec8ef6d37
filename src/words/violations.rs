//! Broken rules in plain words: "the last item was promised to two customers".

use crate::catalog::{grant, grant_number};
use crate::engine::{Mode, Scenario, ViolationKind};

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
            "invoice {invoice} paid twice: by {} ({}) and by {} ({})",
            s.app_name(first_app),
            grant(s, first_token),
            s.app_name(app),
            grant(s, token)
        ),
        ViolationKind::LostUpdate {
            app,
            based_on,
            overwritten_version,
            ..
        } if s.mode == Mode::NoLock => format!(
            "{}'s write, computed from version {based_on}, overwrote the newer version \
             {overwritten_version}",
            s.app_name(app)
        ),
        ViolationKind::LostUpdate {
            token,
            overwritten_token,
            app,
            based_on,
            ..
        } => format!(
            "a write from {} overwrote the newer version written under \
             {} ({} had read version {based_on})",
            grant(s, token),
            grant_number(s, overwritten_token),
            s.app_name(app)
        ),
    }
}
