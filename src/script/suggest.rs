//! suggest (in progress).
