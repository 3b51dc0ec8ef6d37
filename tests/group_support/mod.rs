//! A small host for the replicated service alone: a queue, apps that ask for the lease and
//! renew it as a careful client would (counting from when they asked), and faults on members.
//! It checks four properties as the run goes and lists what broke them.
#![allow(dead_code)]

use fencing_lab::engine::group::{
    Answer, Answered, Applied, Group, GroupConfig, GroupEvent, GroupOut, MemberChange, Op, Request,
    Rules, Wake,
};
use fencing_lab::engine::Rng;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// Between an app and a member, one way.
const APP_LATENCY_MS: u64 = 5;
/// An app that hears nothing back for this long asks the next member.
const ANSWER_TIMEOUT_MS: u64 = 1_500;
/// An app told no waits this long before asking again.
const RETRY_MS: u64 = 300;

/// The most broken properties a run lists.
const MAX_BROKEN: usize = 8;

/// What can go wrong with a member. `None` for a member means "whichever leads then".
#[derive(Clone, Copy, Debug)]
pub enum MemberFault {
    Crash {
        member: Option<usize>,
        at_ms: u64,
        for_ms: u64,
    },
    Cut {
        member: Option<usize>,
        at_ms: u64,
        for_ms: u64,
    },
}

/// One run's set-up.
#[derive(Clone, Debug)]
pub struct Spec {
    pub cfg: GroupConfig,
    pub rules: Rules,
    pub seed: u64,
    pub apps: usize,
    pub horizon_ms: u64,
    pub faults: Vec<MemberFault>,
}

impl Spec {
    /// A random run from `seed`: 3 or 5 members, 2 or 3 apps, up to 5 faults in 20 s.
    pub fn random(seed: u64, rules: Rules) -> Spec {
        let mut rng = Rng::new(seed);
        let members = if rng.up_to(1) == 0 { 3 } else { 5 };
        let ttl_ms = 1_000 + rng.up_to(4_000);
        let horizon_ms = 20_000;
        let faults = (0..rng.up_to(5))
            .map(|_| {
                let member = if rng.up_to(1) == 0 {
                    None
                } else {
                    Some(rng.up_to(members as u64 - 1) as usize)
                };
                let at_ms = rng.up_to(horizon_ms);
                let for_ms = 200 + rng.up_to(8_000);
                if rng.up_to(1) == 0 {
                    MemberFault::Crash {
                        member,
                        at_ms,
                        for_ms,
                    }
                } else {
                    MemberFault::Cut {
                        member,
                        at_ms,
                        for_ms,
                    }
                }
            })
            .collect();
        Spec {
            cfg: GroupConfig::etcd(members, ttl_ms),
            rules,
            seed,
            apps: 2 + rng.up_to(1) as usize,
            horizon_ms,
            faults,
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Item {
    Group(Wake),
    Arrive {
        member: usize,
        app: usize,
        request: Request,
    },
    Hear {
        app: usize,
        answer: Answer,
    },
    AppTimer {
        app: usize,
        gen: u32,
    },
    Fault {
        index: usize,
        end: bool,
    },
}

#[derive(Clone, Copy, Debug, Default)]
struct Client {
    target: usize,
    gen: u32,
    /// The lease it believes it holds: token and the end of its own count.
    holds: Option<(u64, u64)>,
    waiting: bool,
}

/// How a run went.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The properties broken, with when and how (at most `MAX_BROKEN`).
    pub broken: Vec<String>,
    pub grants: u32,
    pub leaders: u32,
    /// `(at_ms, by member, app, answer)`, as the members gave them.
    pub answers: Vec<(u64, usize, usize, Answer)>,
    /// What the members did, with when.
    pub events: Vec<(u64, GroupEvent)>,
}

struct Host {
    spec: Spec,
    group: Group,
    queue: BinaryHeap<Reverse<(u64, u64)>>,
    items: BTreeMap<u64, Item>,
    seq: u64,
    now_ms: u64,
    rng: Rng,
    clients: Vec<Client>,
    faulted: Vec<Option<usize>>,
    out: GroupOut,
    checks: Checks,
}

/// The four properties' bookkeeping.
#[derive(Default)]
struct Checks {
    leader_of_term: BTreeMap<u64, usize>,
    committed: BTreeMap<u64, fencing_lab::engine::group::Entry>,
    token_holder: BTreeMap<u64, usize>,
    highest_token: u64,
    /// Token → the end of its holder's own count.
    counted_until: BTreeMap<u64, u64>,
    outcome: Outcome,
}

/// Runs `spec` to its horizon.
pub fn run(spec: &Spec) -> Outcome {
    let group = Group::new(spec.cfg, spec.rules, spec.seed).expect("valid group");
    let mut host = Host {
        spec: spec.clone(),
        group,
        queue: BinaryHeap::new(),
        items: BTreeMap::new(),
        seq: 0,
        now_ms: 0,
        rng: Rng::new(spec.seed.rotate_left(17)),
        clients: (0..spec.apps)
            .map(|app| Client {
                target: app % spec.cfg.members,
                ..Client::default()
            })
            .collect(),
        faulted: vec![None; spec.faults.len()],
        out: GroupOut::default(),
        checks: Checks::default(),
    };
    host.group.start(0, &mut host.out);
    host.absorb();
    for app in 0..spec.apps {
        host.schedule(10 + 37 * app as u64, Item::AppTimer { app, gen: 0 });
    }
    for (index, fault) in spec.faults.iter().enumerate() {
        let (MemberFault::Crash { at_ms, .. } | MemberFault::Cut { at_ms, .. }) = *fault;
        host.schedule(at_ms, Item::Fault { index, end: false });
    }
    while let Some(Reverse((at_ms, seq))) = host.queue.pop() {
        if at_ms > spec.horizon_ms {
            break;
        }
        host.now_ms = at_ms;
        let item = host.items.remove(&seq).expect("queued item");
        host.handle(item);
        host.absorb();
    }
    host.checks.outcome
}

impl Host {
    fn schedule(&mut self, at_ms: u64, item: Item) {
        self.seq += 1;
        self.items.insert(self.seq, item);
        self.queue.push(Reverse((at_ms, self.seq)));
    }

    fn handle(&mut self, item: Item) {
        let now_ms = self.now_ms;
        match item {
            Item::Group(wake) => self.group.wake(now_ms, wake, &mut self.out),
            Item::Arrive {
                member,
                app,
                request,
            } => self
                .group
                .request(now_ms, member, app, request, &mut self.out),
            Item::Hear { app, answer } => self.hear(app, answer),
            Item::AppTimer { app, gen } => self.app_timer(app, gen),
            Item::Fault { index, end } => self.fault(index, end),
        }
    }

    fn fault(&mut self, index: usize, end: bool) {
        let fault = self.spec.faults[index];
        let (MemberFault::Crash { member, for_ms, .. } | MemberFault::Cut { member, for_ms, .. }) =
            fault;
        if end {
            let Some(m) = self.faulted[index] else { return };
            match fault {
                MemberFault::Crash { .. } => self.group.restart(self.now_ms, m, &mut self.out),
                MemberFault::Cut { .. } => self.group.set_cut(m, false, &mut self.out),
            }
            return;
        }
        let Some(m) = member.or_else(|| self.group.leader()) else {
            return;
        };
        self.faulted[index] = Some(m);
        match fault {
            MemberFault::Crash { .. } => self.group.crash(m, &mut self.out),
            MemberFault::Cut { .. } => self.group.set_cut(m, true, &mut self.out),
        }
        self.schedule(self.now_ms + for_ms, Item::Fault { index, end: true });
    }

    /// The app's timer: ask for the lease, or renew it.
    fn app_timer(&mut self, app: usize, gen: u32) {
        let client = &mut self.clients[app];
        if gen != client.gen {
            return;
        }
        if client.waiting {
            // No answer in time: try the next member.
            client.target = (client.target + 1) % self.spec.cfg.members;
        }
        if let Some((_, until_ms)) = client.holds {
            if self.now_ms >= until_ms {
                client.holds = None;
            }
        }
        let asked_ms = self.now_ms as i64;
        let request = match client.holds {
            Some((token, _)) if self.rng.up_to(9) == 0 => Request::Release { token },
            Some((token, _)) => Request::Renew { token, asked_ms },
            None => Request::Acquire { asked_ms },
        };
        client.waiting = true;
        client.gen += 1;
        let (member, gen) = (client.target, client.gen);
        self.schedule(
            self.now_ms + APP_LATENCY_MS,
            Item::Arrive {
                member,
                app,
                request,
            },
        );
        self.schedule(self.now_ms + ANSWER_TIMEOUT_MS, Item::AppTimer { app, gen });
    }

    fn hear(&mut self, app: usize, answer: Answer) {
        let ttl_ms = self.spec.cfg.ttl_ms;
        let members = self.spec.cfg.members;
        let client = &mut self.clients[app];
        client.waiting = false;
        client.gen += 1;
        let after_ms = match answer {
            Answer::Granted {
                token, asked_ms, ..
            }
            | Answer::Renewed {
                token, asked_ms, ..
            } => {
                let until_ms = asked_ms as u64 + ttl_ms;
                client.holds = Some((token, until_ms));
                ttl_ms / 3
            }
            Answer::Lost { .. } | Answer::Released { .. } | Answer::NotHeld { .. } => {
                client.holds = None;
                RETRY_MS
            }
            Answer::Refused { .. } => RETRY_MS,
            Answer::Unavailable { .. } => {
                client.target = (client.target + 1) % members;
                50
            }
        };
        let gen = client.gen;
        self.schedule(self.now_ms + after_ms, Item::AppTimer { app, gen });
    }

    /// Takes in what the last call produced: schedules it, and checks the properties.
    fn absorb(&mut self) {
        let mut out = std::mem::take(&mut self.out);
        for &(at_ms, wake) in &out.wakes {
            self.schedule(at_ms, Item::Group(wake));
        }
        for &event in &out.events {
            self.checks.outcome.events.push((self.now_ms, event));
            self.check_event(event);
        }
        for &Answered { by, app, answer } in &out.answers {
            self.checks
                .outcome
                .answers
                .push((self.now_ms, by, app, answer));
            self.check_answer(app, answer);
            self.schedule(self.now_ms + APP_LATENCY_MS, Item::Hear { app, answer });
        }
        out.clear();
        self.out = out;
    }

    fn broken(&mut self, why: String) {
        let at_ms = self.now_ms;
        let seed = self.spec.seed;
        let outcome = &mut self.checks.outcome;
        if outcome.broken.len() < MAX_BROKEN {
            outcome
                .broken
                .push(format!("seed {seed}, at {at_ms} ms: {why}"));
        }
    }

    fn check_event(&mut self, event: GroupEvent) {
        match event {
            GroupEvent::Member {
                member,
                change: MemberChange::Led { term },
            } => {
                self.checks.outcome.leaders += 1;
                let first = *self.checks.leader_of_term.entry(term).or_insert(member);
                if first != member {
                    self.broken(format!(
                        "members {first} and {member} both lead term {term}"
                    ));
                }
                self.check_leader_has_every_commit(member);
            }
            GroupEvent::Applied {
                index,
                entry,
                applied,
                ..
            } => {
                let first = *self.checks.committed.entry(index).or_insert(entry);
                if first != entry {
                    self.broken(format!(
                        "entry {index} was committed as {first:?}, now {entry:?}"
                    ));
                }
                if let (Applied::Ended(held), Op::Release { .. }) = (applied, entry.op) {
                    // Given back: its holder counts no more.
                    self.checks.counted_until.remove(&held.token);
                }
                if let (Applied::Ended(held), Op::Revoke { .. }) = (applied, entry.op) {
                    let counted = self.checks.counted_until.get(&held.token).copied();
                    if counted.is_some_and(|until_ms| self.now_ms < until_ms) {
                        let until_ms = counted.unwrap_or(0);
                        let token = held.token;
                        self.broken(format!(
                            "lease {token} ended before its holder's count ({until_ms} ms)"
                        ));
                    }
                }
            }
            _ => {}
        }
    }

    fn check_leader_has_every_commit(&mut self, member: usize) {
        let log = self.group.members()[member].log().clone();
        let missing = self
            .checks
            .committed
            .iter()
            .find(|(&i, &e)| log.entry(i) != Some(e));
        if let Some((&index, _)) = missing {
            self.broken(format!("new leader {member} lacks committed entry {index}"));
        }
    }

    fn check_answer(&mut self, app: usize, answer: Answer) {
        let ttl_ms = self.spec.cfg.ttl_ms;
        let (Answer::Granted {
            token, asked_ms, ..
        }
        | Answer::Renewed {
            token, asked_ms, ..
        }) = answer
        else {
            return;
        };
        if let Answer::Granted { .. } = answer {
            match self.checks.token_holder.get(&token) {
                Some(&holder) if holder != app => self.broken(format!(
                    "token {token} went to app {holder} and to app {app}"
                )),
                None if token <= self.checks.highest_token => {
                    let highest = self.checks.highest_token;
                    self.broken(format!("token {token} granted after token {highest}"))
                }
                _ => {}
            }
            let now_ms = self.now_ms;
            let overlapping = self.checks.counted_until.iter().find(|&(&t, &until_ms)| {
                t != token && until_ms > now_ms && self.checks.token_holder.get(&t) != Some(&app)
            });
            if let Some((&t, &until_ms)) = overlapping {
                self.broken(format!(
                    "token {token} granted while lease {t} is counted to {until_ms} ms"
                ));
            }
            self.checks.outcome.grants += 1;
            self.checks.token_holder.insert(token, app);
            self.checks.highest_token = self.checks.highest_token.max(token);
        }
        let until_ms = asked_ms as u64 + ttl_ms;
        let counted = self.checks.counted_until.entry(token).or_insert(until_ms);
        *counted = (*counted).max(until_ms);
    }
}
