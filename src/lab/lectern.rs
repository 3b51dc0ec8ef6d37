//! The lectern: in presentation view a speaker moves through the whole catalog with the clicker
//! alone. PageDown past a story's last step opens the next story, in the chapters' order, with
//! its title card up; PageUp at a story's start opens the previous one; the next PageDown (or
//! playing) takes the card down.

use super::changes::select;
use super::state::Lab;
use crate::catalog::catalog;

/// Opens the story `direction` (1: next, -1: previous) away from the one on screen, in the
/// catalog's order, at its start with its title card up. Only in presentation view; `false`
/// when not presenting or at either end of the catalog (nothing changes).
pub fn turn(lab: &mut Lab, direction: i32) -> bool {
    debug_assert!(direction == 1 || direction == -1);
    if !lab.view.presenting {
        return false;
    }
    let stories = catalog();
    let Some(here) = stories.iter().position(|e| e.id == lab.entry().id) else {
        return false;
    };
    let Some(there) = here.checked_add_signed(direction as isize) else {
        return false;
    };
    let Some(entry) = stories.get(there) else {
        return false;
    };
    select(lab, entry);
    lab.view_mut().title_card = true;
    true
}

/// Takes the title card down; `true` if it was up.
pub fn take_down(lab: &mut Lab) -> bool {
    let up = lab.view.title_card;
    if up {
        lab.view_mut().title_card = false;
    }
    up
}
