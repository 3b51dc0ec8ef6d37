//! A replicated coordination service's members in plain words: "member 2 leads term 3: a
//! majority voted for it". Members are numbered from 1, as a link names them.

use crate::engine::group::MemberChange;
use crate::engine::MemberState;
use crate::units::time;

/// The number the words give member `member` (0-based): "1" for the first. Said without
/// arithmetic that can overflow, and exactly: past the last `usize`, 2^16, 2^32 or 2^64 is
/// the last one's digits but its final 5 turned to 6 (no wider number to format).
pub fn member_number(member: usize) -> String {
    match member.checked_add(1) {
        Some(number) => number.to_string(),
        None => format!("{}6", member / 10),
    }
}

/// How the words name member `member` (0-based): "member 1" for the first.
pub fn member_name(member: usize) -> String {
    format!("member {}", member_number(member))
}

/// How the words name the member a fault names: a number, or whichever leads then.
pub fn fault_member(member: Option<usize>) -> String {
    member.map_or_else(|| "the leader".into(), member_name)
}

/// A member's row name in the timeline's gutter: "Member 1", or "M1" on a phone.
pub fn row_name(member: usize, narrow: bool) -> String {
    let name = if narrow { "M" } else { "Member " };
    format!("{name}{}", member_number(member))
}

/// The labels a member's band may take, longest first: "★ leads · term 2", "★ 2".
pub fn span_texts(state: MemberState) -> [String; 2] {
    match state {
        MemberState::Leads { term } => [format!("★ leads · term {term}"), format!("★ {term}")],
        MemberState::Down => ["down".into(), "down".into()],
        MemberState::Cut => ["✂ cut off from the others".into(), "✂ cut off".into()],
    }
}

/// A member's band's tooltip: "member 2 leads term 3 from 16.25 s" (the band grows with the
/// playhead, so it names only its start).
pub fn span_title(member: usize, state: MemberState, from_ms: u64) -> String {
    let who = member_name(member);
    let what = match state {
        MemberState::Leads { term } => format!("{who} leads term {term}"),
        MemberState::Down => format!("{who} is down"),
        MemberState::Cut => format!("{who} is cut off from the other members"),
    };
    format!("{what} from {}", time(from_ms))
}

/// One line for a change to `member`.
pub fn member_change(member: usize, change: MemberChange) -> String {
    let who = member_name(member);
    match change {
        MemberChange::Stood { term } => format!("{who} hears no leader and stands for term {term}"),
        MemberChange::Voted { term, candidate } => {
            format!("{who} votes for {} in term {term}", member_name(candidate))
        }
        MemberChange::Led { term } => format!("{who} leads term {term}: a majority voted for it"),
        MemberChange::SteppedDown { term } => {
            format!("{who} hears of term {term} and stops leading")
        }
        MemberChange::LostMajority { term } => format!(
            "{who} has heard from no majority for an election timeout and stops leading term {term}"
        ),
        MemberChange::Crashed => format!("{who} crashes; its log and vote are kept on disk"),
        MemberChange::Restarted => format!("{who} is back, as a follower"),
        MemberChange::Cut => {
            format!("{who} is cut off from the other members (apps still reach it)")
        }
        MemberChange::Joined => format!("{who} hears the other members again"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_counted_from_one_as_links_name_them() {
        assert_eq!(
            member_change(1, MemberChange::Led { term: 3 }),
            "member 2 leads term 3: a majority voted for it"
        );
        assert_eq!(fault_member(None), "the leader");
    }
}
