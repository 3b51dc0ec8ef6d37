//! A replicated coordination service's members in plain words: "member 2 leads term 3: a
//! majority voted for it". Members are numbered from 1, as a link names them.

use crate::engine::group::MemberChange;

/// How the words name member `member` (0-based): "member 1" for the first.
pub fn member_name(member: usize) -> String {
    format!("member {}", member + 1)
}

/// How the words name the member a fault names: a number, or whichever leads then.
pub fn fault_member(member: Option<usize>) -> String {
    member.map_or_else(|| "the leader".into(), member_name)
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
