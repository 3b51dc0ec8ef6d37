//! The checks of `every_panel_tells_the_same_truth`: what each panel says (a `words::screen::Screen`)
//! held against the engine's own answers about a fresh run of the scenario on screen.

use fencing_lab::catalog::{fate, Anchor, Fate, Row};
use fencing_lab::engine::{run, Enforce, Event, EventKind, Mode, Run, Scenario};
use fencing_lab::lab::{moments::is_logged, Half, Intent, Lab, SetupIntent};
use fencing_lab::words::screen::{Screen, LOG_ROWS};
use fencing_lab::words::{banner, time, Tone};

use super::lab_support;

/// A panel of the lab, as the checks name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    Banner,
    Steps,
    Resource,
    Log,
    Questions,
    Halves,
    WhoFences,
}

pub const PANELS: [Panel; 7] = [
    Panel::Banner,
    Panel::Steps,
    Panel::Resource,
    Panel::Log,
    Panel::Questions,
    Panel::Halves,
    Panel::WhoFences,
];

/// What the engine says of the scenario on screen, run afresh.
pub struct Truth {
    /// The scenario on screen.
    pub scenario: Scenario,
    /// Its run, afresh.
    pub run: Run,
    /// The playhead.
    pub at_ms: u64,
}

pub fn truth(lab: &Lab) -> Truth {
    let scenario = (**lab.scenario()).clone();
    let run = run(&scenario).expect("the lab shows only runs that run");
    let at_ms = lab.playback.playhead_ms;
    Truth {
        scenario,
        run,
        at_ms,
    }
}

fn so_far(t: &Truth) -> impl Iterator<Item = &Event> {
    t.run.trace.iter().take_while(|e| e.at_ms <= t.at_ms)
}

/// The banner's headline the run calls for at the playhead, and a time its sentence names.
fn banner_truth(t: &Truth) -> (&'static str, Option<u64>) {
    let v = &t.run.verdict;
    let end = t.at_ms >= t.run.end_ms;
    if let Some(first) = v.violations.iter().find(|v| v.at_ms <= t.at_ms) {
        return ("⚠ Data corrupted", Some(first.at_ms));
    }
    if v.stuck.is_some() && end {
        return ("⚠ Stuck", None);
    }
    let rejected = so_far(t).find(|e| matches!(e.kind, EventKind::WriteRejected { .. }));
    if let Some(e) = rejected {
        return ("✓ Stale write rejected", Some(e.at_ms));
    }
    if let Some(w) = v.split_brain.iter().find(|w| w.from_ms <= t.at_ms) {
        return ("⚠ Two owners", Some(w.from_ms));
    }
    let neutral = if t.at_ms == 0 {
        "▶ Ready"
    } else {
        "▶ No rule broken yet"
    };
    (if end { "✓ Safe" } else { neutral }, None)
}

fn check_banner(sc: &Screen, t: &Truth) -> Result<(), String> {
    if let Some(halves) = &sc.halves {
        return check_compare_banner(sc, halves, t.at_ms);
    }
    let (head, when) = banner_truth(t);
    let said = &sc.banner;
    let names_time = when.is_none_or(|ms| said.text.contains(&time(ms)));
    if said.head != head || !names_time {
        return Err(format!(
            "banner {said:?}, the run calls for {head} at {when:?}"
        ));
    }
    tokens_in(&said.text, &named_tokens(t), t)?;
    let advises = said.text.contains("Switch on") || said.text.contains("a version check");
    if advises == t.scenario.enforcement && head == "⚠ Data corrupted" {
        return Err(format!(
            "banner {said:?}, with enforcement {}",
            t.scenario.enforcement
        ));
    }
    Ok(())
}

/// Beside compare's halves the banner gives both verdicts: the OFF half's headline, then the
/// ON half's, each as a fresh run of that half calls for at the playhead, and its sentences
/// name each half's moment.
fn check_compare_banner(sc: &Screen, halves: &[Half; 2], at_ms: u64) -> Result<(), String> {
    let mut from = 0;
    for (half, side) in halves.iter().zip(["OFF: ", "ON: "]) {
        let scenario = (*half.scenario).clone();
        let run = run(&scenario).map_err(|e| format!("{e:?}"))?;
        let truth = Truth {
            scenario,
            run,
            at_ms,
        };
        let (head, when) = banner_truth(&truth);
        if let Some(ms) = when.filter(|&ms| !sc.banner.text.contains(&time(ms))) {
            return Err(format!(
                "compare's banner {:?} does not name {} ({side}{head})",
                sc.banner.text,
                time(ms)
            ));
        }
        let part = format!("{side}{head}");
        match sc.banner.head[from..].find(&part) {
            Some(at) => from += at + part.len(),
            None => {
                return Err(format!(
                    "compare's banner {:?} lacks {part:?}",
                    sc.banner.head
                ))
            }
        }
    }
    Ok(())
}

/// Advice to switch enforcement on is given only where it is off.
fn advice_fits(text: &str, t: &Truth) -> Result<(), String> {
    if t.scenario.enforcement && text.contains("Switch on token enforcement") {
        return Err(format!("{text:?}, and enforcement is on"));
    }
    Ok(())
}

/// The tokens granted in the run, as the words name them ("101"; "#1" without ordered tokens).
fn named_tokens(t: &Truth) -> Vec<String> {
    let first = t.scenario.first_token;
    let mut out = vec![];
    for e in &t.run.trace {
        // A failover names the token its new leader grants next, granted or not.
        let token = match e.kind {
            EventKind::LeaseGranted { token, .. } => Some(token),
            EventKind::FailedOver { next_token, .. } => next_token,
            _ => None,
        };
        if let Some(token) = token {
            out.push(token.to_string());
            out.push(format!("#{}", token.saturating_sub(first) + 1));
        }
    }
    out
}

/// Every "token N" in `text` names a token the run granted, and only where tokens are ordered
/// (elsewhere the lab numbers grants: "grant #2").
fn tokens_in(text: &str, named: &[String], t: &Truth) -> Result<(), String> {
    if ["token token", "token grant", "grant token"]
        .iter()
        .any(|w| text.contains(w))
    {
        return Err(format!("{text:?} names a grant twice over"));
    }
    for (i, _) in text.match_indices("token ") {
        let rest = &text[i + 6..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            continue;
        }
        if !named.contains(&digits) || !t.scenario.tokens.ordered() {
            return Err(format!(
                "{text:?} names token {digits} ({:?} tokens)",
                t.scenario.tokens
            ));
        }
    }
    Ok(())
}

/// Every step of the story whose moment happens and whose claim holds in the run is shown.
fn steps_complete(sc: &Screen, lab: &Lab, t: &Truth) -> Result<(), String> {
    for step in lab.entry().narration {
        let happens = step.anchor.matcher().is_none() || step.anchor.event(&t.run).is_some();
        let holds = step.when.check(&t.scenario, &t.run).is_ok();
        let shown = sc.steps.iter().any(|s| std::ptr::eq(s.step, step));
        // A step whose numbers the run cannot fill ({A.renew} without renewals) is listed as
        // not in this run, with its reason.
        let unfilled = lab
            .told()
            .not_in_run
            .iter()
            .any(|u| std::ptr::eq(u.step, step));
        if happens && holds && !shown && !unfilled {
            return Err(format!(
                "step {:?} holds in the run and is not shown",
                step.title
            ));
        }
    }
    Ok(())
}

fn check_steps(sc: &Screen, lab: &Lab, t: &Truth) -> Result<(), String> {
    steps_complete(sc, lab, t)?;
    let named = named_tokens(t);
    for step in &sc.steps {
        // A step told for each such event sits at one of them.
        if let Anchor::Each(m) = step.step.anchor {
            let at = |e: &Event| e.at_ms == step.at_ms && m.matches(&e.kind);
            if !t.run.trace.iter().any(at) {
                return Err(format!(
                    "step {:?} at {}: no such event then",
                    step.title, step.at_ms
                ));
            }
            tokens_in(&step.text, &named, t)?;
            continue;
        }
        let at_ms = match step.step.anchor.event(&t.run) {
            Some(e) => e.at_ms,
            None if step.step.anchor.matcher().is_none() => t.run.end_ms,
            None => return Err(format!("step {:?}: no such moment in the run", step.title)),
        };
        if at_ms != step.at_ms {
            return Err(format!(
                "step {:?} at {}, the run's moment at {at_ms}",
                step.title, step.at_ms
            ));
        }
        tokens_in(&step.text, &named, t)?;
        advice_fits(&step.text, t)?;
        if let Err(why) = step.step.when.check(&t.scenario, &t.run) {
            return Err(format!(
                "step {:?}: its claim fails in the run ({why:?})",
                step.title
            ));
        }
    }
    Ok(())
}

fn check_resource(sc: &Screen, t: &Truth) -> Result<(), String> {
    let (mut fence, mut accepted, mut rejected) = (0, 0, 0);
    for e in so_far(t) {
        match e.kind {
            EventKind::WriteAccepted { .. } => accepted += 1,
            EventKind::WriteRejected { .. } => rejected += 1,
            EventKind::FenceRaised { token } => fence = token,
            EventKind::ResourceRestarted { highest, .. } => fence = highest,
            _ => {}
        }
    }
    let r = &sc.resource;
    let state = t.run.resource_at(t.at_ms).state;
    if (r.fence, r.accepted, r.rejected) != (fence, accepted, rejected) || r.state != state {
        return Err(format!(
            "resource panel {:?}, the run has fence {fence}, {accepted} accepted, {rejected} rejected",
            (r.fence, r.accepted, r.rejected)
        ));
    }
    Ok(())
}

/// The token an event names, if any.
fn token_of(kind: &EventKind) -> Option<u64> {
    match *kind {
        EventKind::LeaseGranted { token, .. }
        | EventKind::LeaseExpired { token, .. }
        | EventKind::WriteAccepted { token, .. }
        | EventKind::WriteRejected { token, .. }
        | EventKind::BeliefStarted { token, .. }
        | EventKind::BeliefEnded { token, .. } => Some(token),
        _ => None,
    }
}

fn check_log(sc: &Screen, t: &Truth) -> Result<(), String> {
    let logged: Vec<(usize, &Event)> = so_far(t)
        .enumerate()
        .filter(|(_, e)| is_logged(e))
        .collect();
    let want = logged.iter().rev().take(LOG_ROWS);
    if sc.log.len() != logged.len().min(LOG_ROWS) {
        return Err(format!(
            "{} log lines, the run has {} events to log",
            sc.log.len(),
            logged.len()
        ));
    }
    let first = t.scenario.first_token;
    let named = named_tokens(t);
    for (line, (index, e)) in sc.log.iter().zip(want) {
        tokens_in(&line.text, &named, t)?;
        let app_named = e
            .kind
            .app()
            .is_none_or(|a| line.text.contains(t.scenario.app_name(a)));
        // With no lock, writes carry no token and the log names none.
        let token_named = if t.scenario.mode == Mode::NoLock {
            !line.text.contains("token")
        } else {
            token_of(&e.kind).is_none_or(|token| {
                line.text.contains(&token.to_string())
                    || line
                        .text
                        .contains(&format!("#{}", token.saturating_sub(first) + 1))
            })
        };
        if line.index != *index || line.at_ms != e.at_ms || !app_named || !token_named {
            return Err(format!(
                "log line {line:?} tells event {index} at {}: {:?}",
                e.at_ms, e.kind
            ));
        }
    }
    Ok(())
}

fn check_questions(sc: &Screen, lab: &Lab, t: &Truth) -> Result<(), String> {
    let asked = lab.entry().ask(&t.scenario, &t.run).asked;
    let graded = |a: &[fencing_lab::catalog::Asked]| -> Vec<(u64, String, usize)> {
        a.iter()
            .map(|q| (q.at_ms, q.prompt.clone(), q.right))
            .collect()
    };
    if graded(&sc.questions) != graded(&asked) {
        return Err(format!(
            "questions {:?}, the run grades {:?}",
            graded(&sc.questions),
            graded(&asked)
        ));
    }
    Ok(())
}

/// Compare's halves are the two single views' runs: the same setup with enforcement off, and on
/// (by version where no token can be compared by order).
fn check_halves(sc: &Screen, lab: &Lab) -> Result<(), String> {
    let Some(halves) = &sc.halves else {
        return Ok(());
    };
    for (half, on) in halves.iter().zip([false, true]) {
        let mut single = (*lab.setup).clone();
        single.knobs.enforcement = on;
        let mut s = single.scenario();
        s.enforcement = on;
        // The story's own tokens count too: a story may hand out tokens with no order.
        if on && !s.can_enforce() {
            s.enforce = Enforce::ExactVersion;
        }
        let r = run(&s).map_err(|e| format!("{e:?}"))?;
        if *half.scenario != s
            || half.run.verdict != r.verdict
            || half.run.trace.len() != r.trace.len()
        {
            return Err(format!(
                "compare's half (enforcement {on}) is not the single view's run"
            ));
        }
    }
    Ok(())
}

/// After "Use" on the row of the system in use, the lab shows the row's run and its banner agrees.
fn check_who_fences(lab: &Lab, rows: &[Row]) -> Result<(), String> {
    let Some(system) = lab.setup.knobs.system else {
        return Ok(());
    };
    let row = rows.iter().find(|r| r.system == system).ok_or("no row")?;
    let mut used = lab.clone();
    lab_support::act(&mut used, Intent::Setup(SetupIntent::UseWhoFences(system)))?;
    let (r, s) = (used.run(), used.scenario());
    let end = banner(r, s, r.end_ms);
    let safe = matches!(row.fate, Fate::Rejected | Fate::NoneArrived);
    if r.verdict != row.verdict
        || fate(&r.verdict, s.tokens, s.enforcement) != row.fate
        || (end.tone == Tone::Good) != safe
    {
        return Err(format!(
            "{system:?}: the row says {:?}, the run after Use shows {}",
            row.fate, end.head
        ));
    }
    Ok(())
}

pub fn check(panel: Panel, sc: &Screen, lab: &Lab, t: &Truth, rows: &[Row]) -> Result<(), String> {
    match panel {
        Panel::Banner => check_banner(sc, t),
        Panel::Steps => check_steps(sc, lab, t),
        Panel::Resource => check_resource(sc, t),
        Panel::Log => check_log(sc, t),
        Panel::Questions => check_questions(sc, lab, t),
        Panel::Halves => check_halves(sc, lab),
        Panel::WhoFences => check_who_fences(lab, rows),
    }
}
