//! A count with its noun, singular or plural: "1 item", "2 items".

/// "1 item", "2 items": a count with its noun, singular or plural.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count(1, "item", "items"), "1 item");
        assert_eq!(count(0, "item", "items"), "0 items");
        assert_eq!(count(2, "write", "writes"), "2 writes");
    }
}
