//! statements (in progress).
