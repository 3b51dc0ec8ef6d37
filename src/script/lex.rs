//! lex (in progress).
