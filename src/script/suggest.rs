//! The nearest valid word to a mistyped one ("did you mean `pause`?"): the fewest letters
//! added, dropped, changed or swapped, if few enough for a slip of the finger.

/// The word of `choices` nearest to `found`, if it is close: at most one edit for a word of
/// up to four letters, two beyond. Case is ignored (ASCII: the format's words are); ties go to
/// the first choice.
pub fn nearest<'a>(found: &str, choices: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let most = if found.chars().count() <= 4 { 1 } else { 2 };
    let mut best: Option<(usize, &str)> = None;
    for choice in choices {
        let d = distance(found, choice);
        if d <= most && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, choice));
        }
    }
    best.map(|(_, choice)| choice.to_string())
}

/// Edits from `a` to `b`: letters added, dropped or changed, and neighbours swapped
/// (optimal string alignment). Long words are cut to 64 letters: no word of the format is
/// longer, so nothing past that could be near one.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(64).map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().take(64).map(|c| c.to_ascii_lowercase()).collect();
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            d[i * width + j] = match (i, j) {
                (0, _) => j,
                (_, 0) => i,
                _ => {
                    let cost = usize::from(a[i - 1] != b[j - 1]);
                    let mut best = (d[(i - 1) * width + j] + 1)
                        .min(d[i * width + j - 1] + 1)
                        .min(d[(i - 1) * width + j - 1] + cost);
                    if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                        best = best.min(d[(i - 2) * width + j - 2] + 1);
                    }
                    best
                }
            };
        }
    }
    d[a.len() * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_of_the_finger_find_their_word() {
        let verbs = ["pauses", "crashes", "is", "clock"];
        assert_eq!(nearest("pasues", verbs).as_deref(), Some("pauses"));
        assert_eq!(nearest("pause", verbs).as_deref(), Some("pauses"));
        assert_eq!(nearest("Crashed", verbs).as_deref(), Some("crashes"));
        assert_eq!(nearest("explodes", verbs), None);
        assert_eq!(nearest("xs", verbs), Some("is".into()));
        assert_eq!(nearest("", verbs), None);
        assert_eq!(distance("ab", "ba"), 1);
    }
}
