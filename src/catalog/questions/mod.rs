//! The catalog's questions, one table per story, grouped as the stories are; the questions
//! and answers several stories share are in [`shared`].
//!
//! Every answer is right under a condition on the run; the answers of a question split
//! every run it is asked in exactly one way: most read the outcome of the question's own
//! moment with [`Cond::Is`](super::narration::Cond::Is) (accepted, rejected for its token,
//! rejected by version), the others are complementary orders of two events (`Then(a, b)`
//! against `Before(b, a)`).

pub mod beyond;
pub mod clients;
pub mod fault_stories;
pub mod leases;
pub mod outages;
mod shared;
pub mod stale;
pub mod systems;
pub mod tokens;
