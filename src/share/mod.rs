//! Shareable links: the whole lab state as a list of URL `(key, value)` pairs, and back.
//!
//! Pure and native-testable: no browser, no clock. The browser layer turns
//! `location.search` into pairs with `URLSearchParams` (which also does all
//! percent-encoding) and calls [`decode`]; on every change it calls [`encode`], feeds the
//! pairs to a fresh `URLSearchParams` and `history.replaceState`s the result.
//!
//! | key                  | value                                   | when encoded              |
//! |----------------------|-----------------------------------------|---------------------------|
//! | `scenario`           | catalog id, e.g. `gc-pause`             | first, for a catalog story |
//! | `story`              | a written story: the format's version, `:`, its text (`1:run for 2min…`, at most `script::MAX_TEXT_BYTES`) | first, in place of `scenario`, for a written story |
//! | `preset`             | a real system's id, e.g. `etcd` (see [`catalog::System`](crate::catalog::System)), or `none` | if not the story's own; knobs below are then compared with its defaults |
//! | `enforcement`        | `on` / `off`                            | if not the entry default  |
//! | `mode`               | `lease` / `lock` / `none`               | if not the entry default  |
//! | `renewals`           | `on` / `off`                            | if not the entry default  |
//! | `check_before_write` | `on` / `off`                            | if not the entry default  |
//! | `careful_client`     | `on` / `off` (off: counts from the reply) | if not the entry default |
//! | `by_version`         | `on` / `off` (on: compare-and-set)      | if not the entry default  |
//! | `fence_durable`      | `on` / `off`                            | if not the entry default  |
//! | `counter_durable`    | `on` / `off`                            | if not the entry default  |
//! | `ttl_ms`             | whole ms                                | if not the entry default  |
//! | `pause_ms`           | whole ms                                | if not the entry default  |
//! | `latency_ms`         | whole ms                                | if not the entry default  |
//! | `stock`              | items                                   | if not the entry default  |
//! | `members`            | the coordination service's size: 1 (one box), 3 or 5 | if not the entry default |
//! | `epochs`             | `on` / `off` (on: tokens named leader epochs) | if not the entry default |
//! | `pre_vote`           | `on` / `off` (on: a group's members ask for pre-votes) | if not the entry default |
//! | `member_jitter_ms`   | whole ms, at most `MAX_MEMBER_JITTER_MS`: how late each message between a group's members may be | if not 0 |
//! | `f` (repeated)       | one fault, see [`fault`] (`p.A.20000.40000`) | one per fault, in order |
//! | `r` (repeated)       | one resume request `APP.AT` (`A.30000`) | one per request, in order |
//! | `t`                  | playhead, whole ms                      | if not 0                  |
//! | `compare`            | `on` / `off`                            | if on                     |
//! | `view`               | `lab` / `presentation`                  | if presentation           |
//! | `zoom`               | visible window `FROM-TO`, whole ms       | if zoomed (else: fitted)  |
//! | `questions`          | `on` / `off` (predict-then-watch)       | if off                    |
//! | `rec`                | a shipped recorded run's id, e.g. `gc-pause-off` (see [`catalog::RECORDINGS`](crate::catalog::RECORDINGS)) | while one is shown or fetched; `t` is then its time; without `scenario`, the story is the recording's |
//!
//! The decoder also accepts `1/0`, `true/false`, `yes/no` for on/off. It looks at the first
//! [`MAX_PAIRS`] pairs only, ignores values longer than [`MAX_VALUE_LEN`] bytes, keeps the
//! first of repeated single keys, and reports everything it ignored as a [`Notice`]: data,
//! which the words layer says (`words::link`); this module holds no English.

mod decode;
mod encode;
pub mod fault_codec;
mod keys;
mod limits;
mod notice;
mod problem;
mod runnable;
mod state;
mod story_key;
mod zoom;

pub use decode::decode_read;
#[cfg(any(test, not(target_arch = "wasm32")))]
pub use decode::{decode, decode_capped};
pub use encode::{encode, knob_value, preset_pair};
pub use fault_codec::{check_fault, format_fault, parse_fault, parse_resume, Limits};
pub use keys::{
    KEY_COMPARE, KEY_FAULT, KEY_MEMBER_JITTER, KEY_PLAYHEAD, KEY_PRESET, KEY_QUESTIONS,
    KEY_RECORDING, KEY_RESUME, KEY_SCENARIO, KEY_STORY, KEY_VIEW, KEY_ZOOM, KNOBS, PRESET_NONE,
};
pub use limits::{
    MAX_FAULTS, MAX_LENGTH_MS, MAX_NOTICES, MAX_NTH, MAX_PAIRS, MAX_RESUMES, MAX_VALUE_LEN,
    MIN_ZOOM_MS,
};
pub use notice::{shorten, Given, Notice, NoticeKind};
pub use problem::{Counted, Problem};
pub use state::{entry_or_default, Decoded, LinkState, View, DEFAULT_ENTRY};
pub use story_key::story_to_read;
pub use zoom::{format_zoom, parse_zoom};
