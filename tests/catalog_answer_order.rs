//! Where the right answer stands gives nothing away: over every story with enforcement off and
//! on and its default knobs, no answer position is right much more often than chance, so
//! always pressing 1 scores about what guessing does; and a question shows its answers in the
//! same order whichever of them the run makes right.
#![cfg(not(target_arch = "wasm32"))]

mod story_runs;

use fencing_lab::catalog::Asked;
use std::collections::BTreeMap;
use story_runs::every_story_run;

/// How far a position may stand above chance, and pressing 1 from chance (15 points).
const SLACK: f64 = 0.15;

/// Every question asked in every story × enforcement off/on × its default knobs.
fn every_asked() -> Vec<(&'static str, Asked)> {
    let mut out = vec![];
    for r in every_story_run() {
        let asked = r.entry.ask(&r.scenario, &r.run).asked;
        out.extend(asked.into_iter().map(|a| (r.entry.id, a)));
    }
    out
}

#[test]
fn no_answer_position_is_right_much_more_often_than_chance_and_pressing_1_scores_like_guessing() {
    let asked: Vec<Asked> = every_asked().into_iter().map(|(_, a)| a).collect();
    let mut by_count: BTreeMap<usize, (usize, [usize; 4])> = BTreeMap::new();
    for a in &asked {
        let (total, right) = by_count.entry(a.answers.len()).or_default();
        *total += 1;
        right[a.right] += 1;
    }
    let mut bad = vec![];
    for (&n, (total, right)) in &by_count {
        let most = 1.0 / n as f64 + SLACK;
        for (position, &count) in right.iter().enumerate().take(n) {
            let share = count as f64 / *total as f64;
            if share > most {
                bad.push(format!(
                    "with {n} answers, answer {} is right in {count} of {total} ({:.0} %)",
                    position + 1,
                    share * 100.0
                ));
            }
        }
    }
    let first = asked.iter().filter(|a| a.right == 0).count() as f64 / asked.len() as f64;
    let chance = asked
        .iter()
        .map(|a| 1.0 / a.answers.len() as f64)
        .sum::<f64>()
        / asked.len() as f64;
    println!("right answers by position, per answer count: {by_count:?}");
    println!(
        "pressing 1: {:.0} %, chance {:.0} %",
        first * 100.0,
        chance * 100.0
    );
    if (first - chance).abs() > SLACK {
        bad.push(format!(
            "pressing 1 every time scores {:.0} % of {} questions; chance is {:.0} %",
            first * 100.0,
            asked.len(),
            chance * 100.0
        ));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_question_shows_its_answers_in_the_same_order_whichever_is_right() {
    let mut orders = BTreeMap::new();
    let mut rights: BTreeMap<_, Vec<usize>> = BTreeMap::new();
    for (story, a) in every_asked() {
        let key = (story, a.question.prompt);
        let shown = orders.entry(key).or_insert(a.answers.clone());
        assert_eq!(*shown, a.answers, "{story}: {:?} changed its order", key.1);
        rights.entry(key).or_default().push(a.right);
    }
    let flipped = rights.values().filter(|r| r.iter().any(|&i| i != r[0]));
    assert!(
        flipped.count() > 0,
        "some question's right answer follows the switch"
    );
}
