//! What the lab asks the effect runner to search ([`StartSearch`]): plain data in an
//! [`super::Effect::Search`], so the reducer orders a search without linking the explorer.

use std::sync::Arc;

use crate::engine::{Bounds, Scenario};

/// What the lab asks to search: search `id`, `bounds` around `scenario`, `total` schedules (the
/// lab's plan, so the runner need not count them again).
#[derive(Clone, Debug, PartialEq)]
pub struct StartSearch {
    pub id: u64,
    pub scenario: Arc<Scenario>,
    pub bounds: Bounds,
    pub total: u64,
}
