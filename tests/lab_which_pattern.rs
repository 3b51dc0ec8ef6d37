//! "Which pattern?" and the run its "Use" loads: each row judges exactly the run the lab then
//! shows, and the runs say what the table says of each design.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::{
    cost, which_pattern, Design, PatternRow, Trial, DESIGNS, WHICH_PATTERN_STORY,
};
use fencing_lab::lab::{Intent, SetupIntent, ViewIntent};
use fencing_lab::words::{banner, patterns, Tone};
use lab_support::{lab, ok};

fn row(rows: &[PatternRow], design: Design) -> &PatternRow {
    rows.iter()
        .find(|r| r.design == design)
        .expect("every design has a row")
}

#[test]
fn every_rows_use_loads_the_run_it_judges_and_the_banner_agrees_with_its_verdict() {
    let rows = which_pattern();
    assert_eq!(rows.len(), DESIGNS.len(), "every design runs");
    for row in &rows {
        for from in ["no-lock", "gc-pause", WHICH_PATTERN_STORY] {
            let mut lab = lab(from);
            ok(&mut lab, Intent::View(ViewIntent::ToggleWhichPattern));
            assert!(lab.view.which_pattern, "the dialog opens");
            ok(
                &mut lab,
                Intent::Setup(SetupIntent::UseWhichPattern(row.design)),
            );
            assert!(!lab.view.which_pattern, "the dialog closes");
            assert_eq!(lab.setup.entry_id, WHICH_PATTERN_STORY);
            assert_eq!(**lab.scenario(), row.scenario, "{:?}", row.design);
            let run = lab.run();
            assert_eq!(run.verdict, row.verdict, "{:?}", row.design);
            assert_eq!(cost(run), row.cost, "{:?}", row.design);
            let end = banner(run, lab.scenario(), run.end_ms);
            assert_eq!(
                end.tone == Tone::Good,
                row.verdict.is_safe(),
                "{}",
                end.head
            );
        }
    }
}

#[test]
fn each_design_keeps_the_last_item_sold_once_and_names_what_refused_a_late_order() {
    let rows = which_pattern();
    let said: Vec<String> = rows.iter().map(patterns::outcome).collect();
    assert_eq!(
        said,
        [
            "Sold once: A's late order is refused by its token",
            "Sold once: A's late order is refused by its epoch",
            "Sold once: A's late order is refused by the version it read",
            "Sold once: A's late order is refused by its token",
        ]
    );
}

#[test]
fn with_no_lock_b_never_waits_for_a_but_a_starts_over() {
    let rows = which_pattern();
    let free = row(&rows, Design::CompareAndSet).cost;
    let leased = row(&rows, Design::LeaseToken).cost;
    let (free_ms, leased_ms) = (free.b_reserved_ms.unwrap(), leased.b_reserved_ms.unwrap());
    // B starts at 2 s and works 10 s; under a lease it also waits out A's.
    assert!(free_ms < 13_000, "{free_ms}");
    assert!(leased_ms > free_ms + 20_000, "{leased_ms}");
    assert_eq!((free.start_overs, free.requests), (1, 0));
    assert_eq!(leased.start_overs, 0);
    assert!(
        leased.requests > 10,
        "B asks again and again while A holds the lease"
    );
    let said = patterns::cost(row(&rows, Design::CompareAndSet));
    assert!(said.contains("A starts over 1 time"), "{said}");
    assert!(said.contains("no request to the service"), "{said}");
}

#[test]
fn taking_the_check_away_breaks_every_design_and_losing_the_counter_breaks_one_box() {
    for row in which_pattern() {
        let survives = |t: Trial| row.trials.iter().find(|(x, _)| *x == t).unwrap().1;
        assert!(!survives(Trial::NoCheck), "{:?}", row.design);
        let one_box = matches!(row.design, Design::LeaseToken | Design::LeaderEpoch);
        assert_eq!(survives(Trial::CounterLost), !one_box, "{:?}", row.design);
        let said = patterns::trial(&row, Trial::CounterLost, survives(Trial::CounterLost));
        let ends = if one_box {
            "sold twice"
        } else {
            "still sold once"
        };
        assert!(said.ends_with(ends), "{said}");
    }
}

#[test]
fn a_group_is_named_by_its_majority_in_the_cost() {
    let rows = which_pattern();
    let said = patterns::cost(row(&rows, Design::Consensus));
    assert!(
        said.contains("each grant kept by 2 of 3 members first"),
        "{said}"
    );
    assert!(!patterns::cost(row(&rows, Design::LeaseToken)).contains("members"));
}

#[test]
fn escape_closes_the_table() {
    let mut lab = lab(WHICH_PATTERN_STORY);
    ok(&mut lab, Intent::View(ViewIntent::ToggleWhichPattern));
    ok(&mut lab, Intent::View(ViewIntent::Escape));
    assert!(!lab.view.which_pattern);
}

/// Each row tells its own design: how it decides and when to choose it, no two rows alike
/// (issue 51, item 4: the lease and the epoch rows said the same), and each matches its run: a
/// design that grants nothing names no grant, one on a group names its majority.
#[test]
fn each_row_says_how_its_design_decides_and_when_to_choose_it() {
    let rows = which_pattern();
    let told: Vec<(&str, &str)> = DESIGNS
        .iter()
        .map(|&d| (patterns::how(d), patterns::choose_when(d)))
        .collect();
    for (i, a) in told.iter().enumerate() {
        assert!(a.1.starts_with("Choose it when "), "{a:?}");
        for b in &told[i + 1..] {
            assert!(a.0 != b.0 && a.1 != b.1, "{a:?} and {b:?}");
        }
    }
    let lock_free = row(&rows, Design::CompareAndSet);
    assert_eq!(lock_free.cost.requests, 0, "no lock: nothing is granted");
    assert!(patterns::how(Design::CompareAndSet).starts_with("Nobody grants"));
    let group = row(&rows, Design::Consensus);
    assert_eq!(group.scenario.members, 3);
    assert!(patterns::how(Design::Consensus).contains("three members"));
    assert!(patterns::how(Design::LeaderEpoch).contains("epoch"));
}
