//! etcd's lock recipe, as clientv3/concurrency's `Mutex.Lock` does it: each contender puts
//! its own key `<prefix><lease id in hex>` (attached to its lease) in a transaction; the key
//! with the lowest create revision owns the lock; the others wait for the deletion of every
//! key created before theirs. The owner's create revision is its fencing token: it only
//! grows, and it survives a leader change.

use crate::client::{b64, num, unb64, Etcd};
use serde_json::{json, Value};

/// Where every lock key lives.
pub const PREFIX: &str = "fencing-lab/lock/";
/// The end of [`PREFIX`]'s range (`/` + 1 is `0`).
pub const PREFIX_END: &str = "fencing-lab/lock0";

/// The key a session with lease `lease` puts.
pub fn key_of(lease: i64) -> String {
    format!("{PREFIX}{lease:x}")
}

fn first_created(order: &str, max_create_revision: Option<i64>) -> Value {
    let mut range = json!({
        "key": b64(PREFIX), "range_end": b64(PREFIX_END),
        "sort_target": "CREATE", "sort_order": order, "limit": "1",
    });
    if let Some(max) = max_create_revision {
        range["max_create_revision"] = json!(max.to_string());
    }
    range
}

/// The lock attempt: `(my create revision, the owner's create revision)`.
fn try_acquire(etcd: &Etcd, lease: i64) -> Result<(i64, i64), String> {
    let key = b64(&key_of(lease));
    let owner = first_created("ASCEND", None);
    let txn = json!({
        "compare": [{ "target": "CREATE", "key": key, "result": "EQUAL", "create_revision": "0" }],
        "success": [
            { "request_put": { "key": key, "value": "", "lease": lease.to_string() } },
            { "request_range": owner },
        ],
        "failure": [
            { "request_range": { "key": key } },
            { "request_range": owner },
        ],
    });
    let answer = etcd.post("kv/txn", &txn)?;
    let responses = &answer["responses"];
    let mine = if answer["succeeded"].as_bool() == Some(true) {
        num(&answer["header"]["revision"])
    } else {
        num(&responses[0]["response_range"]["kvs"][0]["create_revision"])
    };
    let owner = match &responses[1]["response_range"]["kvs"][0]["create_revision"] {
        Value::Null => mine,
        rev => num(rev),
    };
    Ok((mine, owner))
}

/// Waits until every key created before revision `max + 1` is deleted.
fn wait_deletes(etcd: &Etcd, max: i64) -> Result<(), String> {
    for _ in 0..10_000 {
        let range = first_created("DESCEND", Some(max));
        let answer = etcd.post("kv/range", &range)?;
        let Some(kv) = answer["kvs"].get(0) else {
            return Ok(());
        };
        let key = unb64(kv["key"].as_str().unwrap_or_default());
        let from = num(&answer["header"]["revision"]) + 1;
        etcd.watch(&key, "", from, |answer| {
            let events = answer["result"]["events"].as_array();
            !events.is_some_and(|list| list.iter().any(|e| e["type"] == "DELETE"))
        })?;
    }
    Err("gave up waiting for the lock after 10 000 rounds".into())
}

/// Takes the lock for the session with `lease`. Calls `waiting(owner token)` if it must wait.
/// Returns the fencing token (the key's create revision).
pub fn lock(etcd: &Etcd, lease: i64, waiting: impl FnOnce(i64)) -> Result<i64, String> {
    let (mine, owner) = try_acquire(etcd, lease)?;
    if owner == mine {
        return Ok(mine);
    }
    waiting(owner);
    wait_deletes(etcd, mine - 1)?;
    let answer = etcd.post("kv/range", &json!({ "key": b64(&key_of(lease)) }))?;
    if answer["kvs"].get(0).is_none() {
        return Err("the session's lease expired while waiting for the lock".into());
    }
    Ok(mine)
}

/// Gives the lock up: deletes the key (the lease is revoked by the caller).
pub fn unlock(etcd: &Etcd, lease: i64) -> Result<(), String> {
    etcd.delete(&key_of(lease))
}
