//! A small client for etcd 3.4's JSON gateway (`/v3/...`): keys and values are base64,
//! 64-bit numbers are strings. Only what the recorder needs: status, leases, a transaction,
//! ranges, deletes and a watch stream.

use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::time::Duration;

/// Base64 of `text` (how the gateway wants keys).
pub fn b64(text: &str) -> String {
    B64.encode(text)
}

/// The text whose base64 is `text` (empty if it is not).
pub fn unb64(text: &str) -> String {
    String::from_utf8(B64.decode(text).unwrap_or_default()).unwrap_or_default()
}

/// A 64-bit number the gateway sent as a string (or a number); 0 when absent.
pub fn num(value: &Value) -> i64 {
    match value {
        Value::String(s) => s.parse().unwrap_or(0),
        Value::Number(n) => n.as_i64().unwrap_or(0),
        _ => 0,
    }
}

/// One etcd endpoint.
#[derive(Clone)]
pub struct Etcd {
    base: String,
    agent: ureq::Agent,
    /// Without a read timeout, for watches that wait as long as they must.
    streaming: ureq::Agent,
}

impl Etcd {
    pub fn new(base: &str) -> Etcd {
        let connect = Duration::from_secs(2);
        Etcd {
            base: base.trim_end_matches('/').to_string(),
            agent: ureq::AgentBuilder::new()
                .timeout_connect(connect)
                .timeout(Duration::from_secs(5))
                .build(),
            streaming: ureq::AgentBuilder::new().timeout_connect(connect).build(),
        }
    }

    /// The endpoint's URL (`http://127.0.0.1:<port>`).
    pub fn base(&self) -> &str {
        &self.base
    }

    /// POSTs `body` to `/v3/<path>` and returns the JSON answer (an error for non-2xx).
    pub fn post(&self, path: &str, body: &Value) -> Result<Value, String> {
        let url = format!("{}/v3/{path}", self.base);
        let answer = match self.agent.post(&url).send_string(&body.to_string()) {
            Ok(response) => response.into_string(),
            Err(ureq::Error::Status(code, response)) => {
                let text = response.into_string().unwrap_or_default();
                return Err(format!("etcd answered {code} to {path}: {text}"));
            }
            Err(e) => return Err(format!("etcd at {}: {e}", self.base)),
        };
        let text = answer.map_err(|e| format!("reading etcd's answer to {path}: {e}"))?;
        serde_json::from_str(&text).map_err(|e| format!("etcd's answer to {path}: {e}"))
    }

    /// The server's version ("3.4.23").
    pub fn version(&self) -> Result<String, String> {
        let status = self.post("maintenance/status", &json!({}))?;
        status["version"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| "etcd's status has no version".to_string())
    }

    /// Grants a lease of `ttl_s` seconds: `(id, granted ttl_s)`.
    pub fn grant(&self, ttl_s: u64) -> Result<(i64, i64), String> {
        let answer = self.post("lease/grant", &json!({ "TTL": ttl_s.to_string() }))?;
        Ok((num(&answer["ID"]), num(&answer["TTL"])))
    }

    /// One keep-alive: the lease's new TTL in seconds, or `None` if the lease is gone.
    pub fn keep_alive(&self, id: i64) -> Result<Option<i64>, String> {
        let answer = self.post("lease/keepalive", &json!({ "ID": id.to_string() }))?;
        let ttl = num(&answer["result"]["TTL"]);
        Ok((ttl > 0).then_some(ttl))
    }

    /// Revokes a lease (deleting its keys).
    pub fn revoke(&self, id: i64) -> Result<(), String> {
        self.post("lease/revoke", &json!({ "ID": id.to_string() }))
            .map(|_| ())
    }

    /// Deletes `key`.
    pub fn delete(&self, key: &str) -> Result<(), String> {
        self.post("kv/deleterange", &json!({ "key": b64(key) }))
            .map(|_| ())
    }

    /// Watches keys from `key` to `range_end` starting at `start_revision`, calling `on` with
    /// each answer (`{"result": ...}`) until it returns false or the stream ends.
    pub fn watch(
        &self,
        key: &str,
        range_end: &str,
        start_revision: i64,
        mut on: impl FnMut(&Value) -> bool,
    ) -> Result<(), String> {
        let url = format!("{}/v3/watch", self.base);
        let body = json!({ "create_request": {
            "key": b64(key), "range_end": b64(range_end),
            "start_revision": start_revision.to_string(), "prev_kv": true,
        }});
        let response = self
            .streaming
            .post(&url)
            .send_string(&body.to_string())
            .map_err(|e| format!("etcd watch: {e}"))?;
        for line in BufReader::new(response.into_reader()).lines() {
            let Ok(line) = line else { break };
            let Ok(answer) = serde_json::from_str::<Value>(&line) else {
                continue;
            };
            if !on(&answer) {
                break;
            }
        }
        Ok(())
    }
}
