#![cfg(not(target_arch = "wasm32"))]
//! The reader never panics, whatever it is given: more than 100 000 random and mutated texts
//! (random characters and bytes, the format's words in random order, huge numbers, unicode;
//! the docs' stories and random ones (`story_texts`) with characters and lines deleted,
//! inserted, swapped and copied; valid stories cut at every character), and inputs of 1 MB.
//! Each ends in a scenario that validates and runs, or in errors that each mark a place
//! inside the text: a line of the text, a column on that line
//! (or just after its end), a width of at least one character.
//!
//! A panic is shrunk to a smallest input (characters, then lines, removed while it still
//! panics) and the test fails showing it. Seeded by the engine's own generator: the same
//! texts on every run.

use fencing_lab::engine::{run, Rng};
use fencing_lab::script::{parse, ScriptError, MAX_ERRORS};
use std::panic::{catch_unwind, AssertUnwindSafe};

mod story_texts;

/// Valid stories the mutations start from: the docs' own and ones that use every statement.
const STORIES: [&str; 4] = [
    "# The documents' GC pause\nrun for 2min\nservice lease 30s\nresource inventory stock=1\n\
     app A \"Warehouse service\" does acquire, read, work 25s, write, release\n\
     app B \"Warehouse service\" start=5s does acquire, read, work 1s, write, release\n\
     @20s A pauses for 40s\n",
    "run for 3min seed=7 events=200000\n\
     service lease 15s lock_delay=2s first_token=33 tokens=ordered counter=durable \
     failover=restarts+1s expiry_lag=250ms members=3 election=1s renew_alone=on pre_vote=on \
     member_jitter=20ms\n\
     network latency=100ms jitter=20ms\nclients careful allowance=500ms\n\
     resource payments invoices=7,8 checks=token enforcement=on fence_reads=off fence=volatile\n\
     app A \"Payment worker\" start=0ms retry=500ms renew=third check=200ms clock=-2s \
     drift=+200ppm does acquire, read, work 2s, write, release\n\
     app B \"Payment worker\" start=5s renew=5s does read, work 1.5 s, return, write\n\
     app C \"Auditor\" renew=off does acquire, read, work 1s, write\n\
     @10s B is cut off for 30s; @12s A clock jumps +20s; @30s resource restarts\n\
     @25s service fails over\n@8s leader crashes for 5s\n@40s member 2 is cut off for 20s\n\
     @45s C crashes\n@20s A pauses for 1.5 s\nA pauses for 40s after checking its 1st write\n\
     B's 1st grant arrives 5s late\nA's 1st write arrives twice, 3s apart\n\
     A's 2nd renew is overtaken, 20s late\n",
    "run for 2h\nservice lock ttl=45s; clients naive\nresource file checks=version\n\
     app W \"Writer\" does read, work 1h, write\n@1h W crashes\n",
    "run for 1h; service none\nresource inventory stock=3 checks=value enforcement=off\n\
     app X \"Shop\" does read, write; app Y \"Shop\" does read, write\n\
     @250ms X clock jumps -1.5s\n",
];

/// Words and pieces (between single spaces) a random text is made of: the format's own, numbers huge and odd, and
/// characters that are easy to get wrong (multi-byte, combining, other line breaks).
const PIECES: &str =
    "run for service lease lock none network clients careful naive resource inventory \
     payments file app does acquire read work write return release @ @20s pauses crashes is \
     cut off clock jumps restarts fails over leader member after checking its arrives late \
     twice apart overtaken A's B’s 1st 2nd 0th stock= invoices=1,2 seed= events= members= \
     renew= drift=+5ppm clock=- 30s 1.5s 250ms 2min 1h 99999999999999999999min \
     18446744073709551616 -0ms +1e9s .5s 1.2345s \" \\\" # ; , = - 's é 日本 🦀 \u{301}";

/// The pieces, one by one.
fn pieces() -> Vec<&'static str> {
    PIECES.split(' ').collect()
}

/// Single characters mixed in at random.
const CHARS: [char; 24] = [
    ' ', ' ', ' ', '\n', '\t', '\r', ';', '#', '"', '@', '=', ',', '-', '+', '.', '0', '9', 'a',
    'é', '\u{a0}', '\u{2028}', '\u{feff}', '🦀', '\u{0}',
];

/// The lines a text has: `n` lines (a last line break opens none) make lines 1..=max(n, 1).
fn line_count(text: &str) -> usize {
    text.lines().count().max(1)
}

/// Whether `error` marks a place inside `text`.
fn inside(text: &str, error: &ScriptError) -> bool {
    let Some(line) = text.split('\n').nth(error.line.wrapping_sub(1)) else {
        return false;
    };
    error.line >= 1
        && error.line <= line_count(text)
        && error.column >= 1
        && error.column <= line.chars().count() + 1
        && error.width >= 1
}

/// Reads `text` and checks what comes out: `Ok(true)` for a scenario, `Ok(false)` for
/// errors, `Err` says what is wrong.
fn check(text: &str) -> Result<bool, String> {
    match parse(text) {
        Ok(scenario) => {
            scenario.validate().map_err(|e| format!("invalid: {e:?}"))?;
            run(&scenario).map_err(|e| format!("does not run: {e:?}"))?;
            Ok(true)
        }
        Err(errors) if errors.is_empty() => Err("no scenario and no error".into()),
        Err(errors) if errors.len() > MAX_ERRORS => Err(format!("{} errors", errors.len())),
        Err(errors) => match errors.iter().find(|e| !inside(text, e)) {
            Some(e) => Err(format!("marked outside the text: {e:?}")),
            None => Ok(false),
        },
    }
}

/// Whether reading `text` (and running what it reads) panics.
fn panics(text: &str) -> bool {
    catch_unwind(AssertUnwindSafe(|| check(text))).is_err()
}

/// A smallest text that still panics: lines removed, then characters, while it panics.
fn shrink(text: &str) -> String {
    let mut best = text.to_string();
    let mut lines: Vec<&str> = text.split('\n').collect();
    let mut i = 0;
    while i < lines.len() && lines.len() > 1 {
        let mut fewer = lines.clone();
        fewer.remove(i);
        if panics(&fewer.join("\n")) {
            lines = fewer;
        } else {
            i += 1;
        }
    }
    if panics(&lines.join("\n")) {
        best = lines.join("\n");
    }
    let mut chars: Vec<char> = best.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let mut fewer = chars.clone();
        fewer.remove(i);
        if panics(&fewer.iter().collect::<String>()) {
            chars = fewer;
        } else {
            i += 1;
        }
    }
    chars.into_iter().collect()
}

/// Checks `text`, and whether it read as a scenario; a panic fails the test with the
/// smallest text that panics.
fn expect_sound(text: &str, what: &str) -> bool {
    let Ok(outcome) = catch_unwind(AssertUnwindSafe(|| check(text))) else {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let smallest = shrink(text);
        std::panic::set_hook(hook);
        panic!("{what}: the reader panics on {smallest:?} (shrunk from {text:?})");
    };
    outcome.unwrap_or_else(|why| panic!("{what}: {why} for {text:?}"))
}

fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.up_to(items.len() as u64 - 1) as usize]
}

/// A text of random pieces and characters.
fn random_text(rng: &mut Rng) -> String {
    let mut text = String::new();
    for _ in 0..rng.up_to(40) {
        match rng.up_to(3) {
            0 => text.push(*pick(rng, &CHARS)),
            1 => text.push(char::from_u32(rng.up_to(0x2_FFFF) as u32).unwrap_or('?')),
            _ => text.push_str(pick::<&str>(rng, &pieces())),
        }
        if rng.up_to(2) == 0 {
            text.push(' ');
        }
    }
    text
}

/// Random bytes, read as UTF-8 where they are (the rest becomes U+FFFD).
fn random_bytes(rng: &mut Rng) -> String {
    let bytes: Vec<u8> = (0..rng.up_to(200)).map(|_| rng.up_to(255) as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A random place between characters of `chars` (`0..=len`).
fn place(rng: &mut Rng, len: usize) -> usize {
    rng.up_to(len as u64) as usize
}

/// `story` with one to four slips: characters or lines deleted, inserted, swapped, copied.
fn mutated(rng: &mut Rng, story: &str) -> String {
    let mut chars: Vec<char> = story.chars().collect();
    for _ in 0..=rng.up_to(3) {
        let len = chars.len();
        let at = place(rng, len);
        match rng.up_to(6) {
            0 if at < len => {
                chars.remove(at);
            }
            1 => chars.insert(at, *pick(rng, &CHARS)),
            2 => {
                let piece: Vec<char> = pick::<&str>(rng, &pieces()).chars().collect();
                chars.splice(at..at, piece);
            }
            3 if at + 1 < len => chars.swap(at, at + 1),
            4 if at < len => chars.insert(at, chars[at]),
            _ => chars = mutated_lines(rng, &chars),
        }
    }
    chars.into_iter().collect()
}

/// A line deleted, copied or swapped with the next.
fn mutated_lines(rng: &mut Rng, chars: &[char]) -> Vec<char> {
    let text: String = chars.iter().collect();
    let mut lines: Vec<&str> = text.split('\n').collect();
    let at = place(rng, lines.len() - 1);
    match rng.up_to(2) {
        0 => {
            lines.remove(at);
        }
        1 => lines.insert(at, lines[at]),
        _ if at + 1 < lines.len() => lines.swap(at, at + 1),
        _ => {}
    }
    lines.join("\n").chars().collect()
}

#[test]
fn the_stories_it_mutates_are_valid() {
    assert_eq!(pieces().len(), 80, "{:?}", pieces());
    for story in STORIES {
        let scenario = parse(story).unwrap_or_else(|e| panic!("{e:?}\n{story}"));
        run(&scenario).expect("runs");
    }
}

#[test]
fn every_cut_of_a_valid_story_reads_or_says_where() {
    for story in STORIES {
        for (at, _) in story.char_indices().chain([(story.len(), ' ')]) {
            expect_sound(&story[..at], "a cut story");
        }
    }
}

#[test]
fn a_hundred_thousand_random_and_mutated_texts_read_or_say_where() {
    let mut rng = Rng::new(48);
    let mut scenarios = 0;
    for round in 0..100_000 {
        let text = match round % 4 {
            0 => random_text(&mut rng),
            1 if round % 8 == 1 => random_bytes(&mut rng),
            2 => {
                let story = story_texts::random_story(&mut rng);
                mutated(&mut rng, &story)
            }
            _ => {
                let story = *pick(&mut rng, &STORIES);
                mutated(&mut rng, story)
            }
        };
        scenarios += usize::from(expect_sound(&text, &format!("text {round}")));
    }
    // Both ends are reached often: scenarios that run, and errors.
    assert!(
        (5_000..95_000).contains(&scenarios),
        "{scenarios} scenarios"
    );
}

#[test]
fn a_megabyte_is_refused_at_the_limit() {
    let story = STORIES[0];
    let stories = story.repeat(1_000_000 / story.len() + 1);
    let one_line = "é".repeat(500_000);
    let mut rng = Rng::new(1);
    let noise: String = (0..1_000_000).map(|_| *pick(&mut rng, &CHARS)).collect();
    for text in [stories, one_line, noise] {
        assert!(text.len() >= 1_000_000);
        let errors = parse(&text).expect_err("too long");
        assert!(errors.iter().all(|e| inside(&text, e)), "{errors:?}");
        expect_sound(&text, "a megabyte");
    }
}

/// Statements at the edges of their values: the largest numbers, zero, empty lists, member
/// and message numbers out of range, every unit at its limit, a lone `@` and a lone `'s`.
const EDGES: [&str; 44] = [
    "@18446744073709551615ms A pauses for 1s",
    "@18446744073709551616ms A crashes",
    "@24h A crashes",
    "@1h A pauses for 99999999999999999999min",
    "@ 20s A pauses for 40s",
    "@",
    "@-1s A crashes",
    "@1.9999s A crashes",
    "@0.001s A crashes",
    "@1e3ms A crashes",
    "@20s A clock jumps -9223372036854775808ms",
    "@20s A clock jumps +9223372036854775807ms",
    "@20s A clock jumps -0ms",
    "@20s A clock jumps 5s",
    "@8s member 0 crashes for 5s",
    "@8s member 18446744073709551616 crashes for 5s",
    "@8s member -1 is cut off for 5s",
    "@8s member 4 is cut off for 5s",
    "A's 0th write arrives 5s late",
    "A's 99999999999999999999th write arrives 5s late",
    "A's 1001st write arrives 5s late",
    "A's 1th write arrives twice, 0ms apart",
    "A’s 1st grant is overtaken, 0ms late",
    "'s 1st write arrives 5s late",
    "A's",
    "A pauses for 40s after checking its 0th write",
    "run for 0ms",
    "run for 24h seed=18446744073709551615 events=0",
    "run for 25h events=18446744073709551616",
    "service lease 0ms",
    "service lease 30s first_token=0",
    "service lease 30s first_token=18446744073709551615",
    "service lease 30s members=0 election=0ms",
    "service lease 30s members=18446744073709551616",
    "service lease 30s failover=restarts+ failover=restarts",
    "service lease 30s failover=restarts+-1s",
    "service lease 30s expiry_lag=24h lock_delay=24h",
    "network latency=24h jitter=24h",
    "network latency=0ms jitter=99999999999999999999h",
    "clients careful allowance=30s",
    "resource inventory stock=18446744073709551616",
    "resource payments invoices=,",
    "resource payments invoices=4294967296,1,1",
    "app C \"\" start=24h retry=0ms renew=0ms check=24h clock=+24h drift=-1000000ppm",
];

#[test]
fn values_at_their_edges_read_or_say_where() {
    let base = "run for 2min\napp A \"Worker\"\napp B \"Worker\" start=5s\n";
    for edge in EDGES {
        expect_sound(&format!("{base}{edge}\n"), edge);
        expect_sound(&format!("{edge}\n{base}"), edge);
        expect_sound(&format!("{base}{edge}; {edge}"), edge);
    }
}
