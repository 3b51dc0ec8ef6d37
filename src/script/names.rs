//! App names as a story writes them: a name the reader takes ([`is_name`]: a word of at most
//! [`MAX_NAME_CHARS`] that is not one of the format's own words) as it is, any other made one.

use super::apps::{is_name, MAX_NAME_CHARS};

/// `name` as the story writes it: itself if the reader takes it, else made a name (each
/// character other than a letter, digit, `_` or `-` becomes `_`; `app_` goes in front if it
/// still does not start with a letter or is one of the format's words; cut to
/// [`MAX_NAME_CHARS`]). Only the catalog's scenarios are written today, and their names are all
/// names the reader takes, so this never changes a name that is read back.
pub fn safe_name(name: &str) -> String {
    if is_name(name) {
        return name.into();
    }
    let mut made: String = name
        .chars()
        .map(
            |c| match c.is_ascii_alphanumeric() || matches!(c, '_' | '-') {
                true => c,
                false => '_',
            },
        )
        .take(MAX_NAME_CHARS)
        .collect();
    if !is_name(&made) {
        made = ("app_".to_string() + &made)
            .chars()
            .take(MAX_NAME_CHARS)
            .collect();
    }
    made
}
