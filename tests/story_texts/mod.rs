//! Random written stories for the property tests: a few apps with their own plans, clocks and
//! renewals, a service of one box or a group, any resource, and faults of every kind at random
//! times, as a person might write them. Not every text reads (a fault may name a member of a
//! one-box service); the tests keep those that do.
#![allow(dead_code)]

use fencing_lab::engine::Rng;

/// A number in `0..n`.
fn below(rng: &mut Rng, n: u64) -> u64 {
    rng.up_to(n.max(1) - 1)
}

fn pick<'a>(rng: &mut Rng, words: &[&'a str]) -> &'a str {
    words[below(rng, words.len() as u64) as usize]
}

/// A random story's text.
pub fn random_story(rng: &mut Rng) -> String {
    let horizon_s = 20 + below(rng, 160);
    let members = pick(rng, &["1", "1", "3", "5"]);
    let mut lines = vec![format!("run for {horizon_s}s seed={}", below(rng, 1_000))];
    lines.push(service(rng, members));
    if below(rng, 2) == 0 {
        let latency = 1 + below(rng, 200);
        lines.push(format!(
            "network latency={latency}ms jitter={}ms",
            below(rng, 50)
        ));
    }
    lines.push(resource(rng));
    if below(rng, 3) == 0 {
        lines.push(format!("clients naive allowance={}ms", below(rng, 500)));
    }
    let apps = 1 + below(rng, 3) as usize;
    let names = ["A", "B", "C"];
    for name in &names[..apps] {
        lines.push(app(rng, name));
    }
    for _ in 0..below(rng, 5) {
        let name = names[below(rng, apps as u64) as usize];
        lines.push(fault(rng, name, horizon_s, members != "1"));
    }
    let separator = if below(rng, 4) == 0 { "; " } else { "\n" };
    lines.join(separator)
}

fn service(rng: &mut Rng, members: &str) -> String {
    let kind = match (below(rng, 6), members) {
        (0, "1") => "lock".to_string(),
        (1, _) => "none".to_string(),
        _ => format!("lease {}s", 3 + below(rng, 40)),
    };
    let mut line = format!("service {kind} members={members}");
    if below(rng, 3) == 0 {
        line += &format!(" lock_delay={}s", below(rng, 10));
    }
    if below(rng, 3) == 0 {
        line += &format!(
            " tokens={}",
            pick(rng, &["ordered", "epochs", "unordered", "absent"])
        );
    }
    if below(rng, 4) == 0 {
        line += &format!(" failover=restarts+{}ms", below(rng, 2_000));
    }
    if below(rng, 4) == 0 {
        line += " counter=volatile";
    }
    line
}

fn resource(rng: &mut Rng) -> String {
    let kind = match below(rng, 3) {
        0 => format!("inventory stock={}", below(rng, 4)),
        1 => "payments invoices=1,2,3".to_string(),
        _ => "file".to_string(),
    };
    let checks = pick(rng, &["token", "token", "version", "value"]);
    let on = pick(rng, &["on", "on", "off"]);
    format!("resource {kind} checks={checks} enforcement={on} fence_reads={on}")
}

fn app(rng: &mut Rng, name: &str) -> String {
    let mut line = format!("app {name} \"Worker {name}\" start={}s", below(rng, 10));
    if below(rng, 3) == 0 {
        line += &format!(" renew={}", pick(rng, &["third", "off", "2s", "700ms"]));
    }
    if below(rng, 3) == 0 {
        line += &format!(" check={}ms", below(rng, 3_000));
    }
    if below(rng, 4) == 0 {
        let sign = pick(rng, &["+", "-"]);
        line += &format!(
            " clock={sign}{}ms drift={sign}{}ppm",
            below(rng, 5_000),
            below(rng, 300_000)
        );
    }
    let mut steps = vec!["acquire".to_string()];
    for _ in 0..1 + below(rng, 4) {
        steps.push(match below(rng, 4) {
            0 => "read".into(),
            1 => format!("work {}ms", below(rng, 20_000)),
            2 => "write".into(),
            _ => "return".into(),
        });
    }
    if below(rng, 4) != 0 {
        steps.push("release".into());
    }
    line + " does " + &steps.join(", ")
}

fn fault(rng: &mut Rng, app: &str, horizon_s: u64, group: bool) -> String {
    let at = below(rng, horizon_s);
    let length = 1 + below(rng, 60);
    let kind = pick(rng, &["grant", "write", "renew", "read_reply", "acquire"]);
    let nth = pick(rng, &["1st", "2nd", "3rd"]);
    match below(rng, if group { 13 } else { 11 }) {
        0 | 1 => format!("@{at}s {app} pauses for {length}s"),
        2 => format!("@{at}s {app} crashes"),
        3 => format!("@{at}s {app} is cut off for {length}s"),
        4 => format!(
            "@{at}s {app} clock jumps {}{length}s",
            pick(rng, &["+", "-"])
        ),
        5 => format!("@{at}s resource restarts"),
        6 => format!("@{at}s service fails over"),
        7 => format!("{app} pauses for {length}s after checking its {nth} write"),
        8 => format!("{app}'s {nth} {kind} arrives {length}s late"),
        9 => format!("{app}'s {nth} {kind} arrives twice, {length}s apart"),
        10 => format!("{app}'s {nth} {kind} is overtaken, {length}s late"),
        11 => format!("@{at}s leader crashes for {length}s"),
        _ => format!("@{at}s member 2 is cut off for {length}s"),
    }
}
