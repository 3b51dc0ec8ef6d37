//! The keyboard help in words: every shortcut's key and what it does, as the "?" overlay lists
//! them.

/// Every shortcut with its description, for the help overlay.
pub const SHORTCUTS: [(&str, &str); 18] = [
    ("Space", "Play / pause"),
    ("← / →", "Previous / next event"),
    (
        "PageUp / PageDown",
        "Previous / next story step (clicker); PageDown reveals a question; presenting, \
         past a story's ends, the previous / next story",
    ),
    ("1 – 4", "Answer the open question"),
    ("Home", "Restart"),
    ("E", "Enforcement on / off (by token, or by version)"),
    ("P", "Pause the current lease holder now"),
    ("R", "Restart the resource now"),
    ("L", "Fail the coordination service over now"),
    ("C", "Compare: enforcement off and on"),
    ("F", "Presentation view"),
    (
        "+ / −",
        "Zoom the timeline in / out (Ctrl + wheel or pinch too)",
    ),
    ("0", "Fit the timeline to the story"),
    ("Esc", "Close the topmost dialog"),
    (". or B", "Blank the screen (any key returns)"),
    ("?", "This help"),
    ("Tab", "Move between controls"),
    ("Enter", "Activate the focused control"),
];
