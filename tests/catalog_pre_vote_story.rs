//! "Cut off, still leading" with and without pre-vote: the old leader hears the others
//! again at 45 s. On the lab's defaults (no pre-vote) it stood again and again while cut
//! off, in ever higher terms, so its return deposes the leader and the group elects again;
//! with pre-vote (the step's "Try it", or etcd 3.5's defaults) it never stood, and the
//! group keeps its leader. The story's step and question say whichever the run did.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{by_id, EventMatcher as E, Knob, Knobs};
use fencing_lab::engine::group::MemberChange;
use fencing_lab::engine::{run, EventKind, Run, Scenario};

/// minority-leader's run with pre-vote as given.
fn minority(pre_vote: bool) -> (Scenario, Run) {
    let entry = by_id("minority-leader").expect("the story");
    let knobs = Knobs {
        pre_vote,
        ..Knobs::defaults_for(entry)
    };
    let s = entry.scenario_with(&knobs);
    let r = run(&s).expect("the story runs");
    (s, r)
}

/// When (ms) the first event `m` matches happens.
fn first(r: &Run, m: E) -> Option<u64> {
    r.trace.iter().find(|e| m.matches(&e.kind)).map(|e| e.at_ms)
}

/// The terms member `member` stood in between `from_ms` and `until_ms`.
fn stood(r: &Run, member: usize, from_ms: u64, until_ms: u64) -> Vec<u64> {
    let terms = r.trace.iter().filter_map(|e| match e.kind {
        EventKind::Member {
            member: m,
            change: MemberChange::Stood { term },
        } if m == member && (from_ms..until_ms).contains(&e.at_ms) => Some(term),
        _ => None,
    });
    terms.collect()
}

/// The titles of the steps the story tells of `r`.
fn titles(s: &Scenario, r: &Run) -> Vec<String> {
    let entry = by_id("minority-leader").expect("the story");
    entry
        .tell(s, r)
        .shown
        .into_iter()
        .map(|t| t.title)
        .collect()
}

/// The right answer to the question asked when the old leader is back.
fn answer_on_return(s: &Scenario, r: &Run) -> String {
    let entry = by_id("minority-leader").expect("the story");
    let quiz = entry.ask(s, r);
    let asked = quiz
        .asked
        .iter()
        .find(|a| a.prompt.contains("hears the others again"));
    let asked = asked.expect("the question about the return is asked");
    asked.answers[asked.right].clone()
}

#[test]
fn without_pre_vote_the_old_leader_comes_back_in_a_higher_term_and_deposes_the_leader() {
    let (s, r) = minority(false);
    let cut = first(&r, E::MemberCut).expect("a cut");
    let back = first(&r, E::MemberJoined).expect("a return");
    let terms = stood(&r, 0, cut, back);
    assert!(terms.len() >= 2, "stood again and again: {terms:?}");
    assert!(terms.windows(2).all(|w| w[0] < w[1]), "{terms:?}");
    let deposed = first(&r, E::LeaderDeposed).expect("the leader steps down");
    assert!(
        deposed > back,
        "deposed at {deposed} before the return at {back}"
    );
    let elections = r.trace.iter().filter(|e| E::FailedOver.matches(&e.kind));
    let again = elections.map(|e| e.at_ms).any(|at| at > deposed);
    assert!(again, "the group elects again after {deposed}");
    let told = titles(&s, &r);
    assert!(told.iter().any(|t| t == "Back, and in the way"), "{told:?}");
    assert!(!told.iter().any(|t| t == "Back, quietly"), "{told:?}");
    let right = answer_on_return(&s, &r);
    assert!(right.starts_with("No: the leader steps down"), "{right}");
}

#[test]
fn with_pre_vote_the_old_leader_never_stands_and_the_group_keeps_its_leader() {
    let (s, r) = minority(true);
    let cut = first(&r, E::MemberCut).expect("a cut");
    let back = first(&r, E::MemberJoined).expect("a return");
    assert_eq!(stood(&r, 0, cut, back), Vec::<u64>::new(), "it never stood");
    assert_eq!(first(&r, E::LeaderDeposed), None, "no leader steps down");
    let elections = r.trace.iter().filter(|e| E::FailedOver.matches(&e.kind));
    assert_eq!(
        elections.count(),
        1,
        "one election: the majority's, in the cut"
    );
    let told = titles(&s, &r);
    assert!(told.iter().any(|t| t == "Back, quietly"), "{told:?}");
    assert!(
        !told.iter().any(|t| t == "Back, and in the way"),
        "{told:?}"
    );
    let right = answer_on_return(&s, &r);
    assert!(
        right.starts_with("Yes: the old leader follows it"),
        "{right}"
    );
}

#[test]
fn the_step_that_shows_the_election_offers_pre_vote_and_the_link_carries_it() {
    let entry = by_id("minority-leader").expect("the story");
    let step = entry
        .narration
        .iter()
        .find(|s| s.title == "Back, and in the way");
    assert_eq!(step.expect("the step").toggle, Some(Knob::PreVote));
    assert_eq!(Knob::PreVote.field(), "pre_vote");
    let on = Knobs {
        pre_vote: true,
        ..Knobs::defaults_for(entry)
    };
    assert!(entry.scenario_with(&on).pre_vote);
    let etcd = Knobs::defaults_for(entry).with_system(fencing_lab::catalog::System::Etcd);
    assert!(etcd.pre_vote, "etcd's defaults ask for pre-votes");
    let plain = etcd.without_system(&Knobs::defaults_for(entry));
    assert!(!plain.pre_vote, "the story's own numbers do not");
}
