//! Small presentation helpers: app colours. (Times and all other words: `crate::words`.)

/// CSS class carrying the colour of application `app` (A, B, C, then repeating).
pub fn app_class(app: usize) -> &'static str {
    ["app-a", "app-b", "app-c"][app % 3]
}
