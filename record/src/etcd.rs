//! A private etcd server: Debian's `etcd` binary on 127.0.0.1, free ports, a temporary data
//! directory. Dropping the guard kills the server and deletes the directory.

use crate::client::Etcd;
use crate::procs::{dies_with_parent, Children};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A running etcd, stopped and cleaned up on drop.
pub struct EtcdServer {
    pub client: Etcd,
    /// "3.4.23", as the server reports it.
    pub version: String,
    data_dir: PathBuf,
    children: Children,
}

/// The etcd binary: `$ETCD`, else `etcd` on the PATH.
fn binary() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("ETCD") {
        return Ok(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join("etcd"))
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| {
            "etcd is not installed: run `apt-get install etcd-server` (or scripts/install-tools.sh \
             test), or set ETCD=/path/to/etcd"
                .to_string()
        })
}

/// A port nobody listens on now, or `port` itself if it is free; a clear error if taken.
fn free_port(port: Option<u16>) -> Result<u16, String> {
    let listener = TcpListener::bind(("127.0.0.1", port.unwrap_or(0)))
        .map_err(|e| format!("port {} on 127.0.0.1 is taken ({e})", port.unwrap_or(0)))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    Ok(port)
}

/// Tries at starting etcd on free ports: a port found free can be taken before etcd binds it
/// (the kernel hands the same range to outgoing connections, the recorder's own among them).
const START_TRIES: u32 = 3;

/// How a start that lost its port to another process begins its message.
const PORT_TAKEN: &str = "etcd could not listen";

impl EtcdServer {
    /// Starts etcd (on `client_port` if given, else on free ones, tried anew if another process
    /// takes one first) and waits until it answers.
    pub fn start(client_port: Option<u16>) -> Result<EtcdServer, String> {
        let mut tries = 1;
        loop {
            match Self::start_once(client_port) {
                Err(why)
                    if why.starts_with(PORT_TAKEN)
                        && client_port.is_none()
                        && tries < START_TRIES =>
                {
                    tries += 1;
                }
                started => return started,
            }
        }
    }

    /// One start on `client_port` (or a free one) and a free peer port.
    fn start_once(client_port: Option<u16>) -> Result<EtcdServer, String> {
        let binary = binary()?;
        let (client_port, peer_port) = (free_port(client_port)?, free_port(None)?);
        // In memory when the machine has /dev/shm: a throwaway server need not wait for a disk.
        let shm = PathBuf::from("/dev/shm");
        let base = if shm.is_dir() {
            shm
        } else {
            std::env::temp_dir()
        };
        let data_dir = base.join(format!(
            "fencing-lab-etcd-{}-{client_port}",
            std::process::id()
        ));
        std::fs::create_dir_all(&data_dir).map_err(|e| format!("{}: {e}", data_dir.display()))?;
        let log = std::fs::File::create(data_dir.join("etcd.log")).map_err(|e| e.to_string())?;
        let client_url = format!("http://127.0.0.1:{client_port}");
        let peer_url = format!("http://127.0.0.1:{peer_port}");
        let mut command = Command::new(&binary);
        command
            .args(["--name", "fencing-lab", "--data-dir"])
            .arg(data_dir.join("data"))
            .args(["--listen-client-urls", &client_url])
            .args(["--advertise-client-urls", &client_url])
            .args(["--listen-peer-urls", &peer_url])
            .args(["--initial-advertise-peer-urls", &peer_url])
            .args(["--initial-cluster", &format!("fencing-lab={peer_url}")])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log);
        // From here on, dropping `server` deletes the data directory and stops etcd.
        let mut server = EtcdServer {
            client: Etcd::new(&client_url),
            version: String::new(),
            data_dir,
            children: Children::default(),
        };
        let child = dies_with_parent(&mut command)
            .spawn()
            .map_err(|e| format!("could not start {}: {e}", binary.display()))?;
        server.children.adopt("etcd", child);
        server.version = server.wait_ready(client_port)?;
        // The first write of a fresh server waits for its disk: do one before the run starts.
        let (lease, _) = server.client.grant(2)?;
        server.client.revoke(lease)?;
        Ok(server)
    }

    /// Polls etcd's status until it answers (10 s at most); explains why it did not.
    fn wait_ready(&mut self, client_port: u16) -> Result<String, String> {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(version) = self.client.version() {
                return Ok(version);
            }
            if let Ok(Some(status)) = self.children.get(0).try_wait() {
                let log =
                    std::fs::read_to_string(self.data_dir.join("etcd.log")).unwrap_or_default();
                if log.contains("address already in use") {
                    return Err(format!(
                        "{PORT_TAKEN}: a port (client {client_port}) is taken"
                    ));
                }
                let tail: Vec<&str> = log.lines().rev().take(3).collect();
                return Err(format!("etcd exited ({status}): {}", tail.join(" | ")));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err("etcd did not answer within 10 s".into())
    }

    /// Stops the server now (also done on drop); the data directory is deleted.
    pub fn stop(&mut self) -> Result<(), String> {
        let stopped = self.children.stop_all();
        let _ = std::fs::remove_dir_all(&self.data_dir);
        stopped
    }
}

impl Drop for EtcdServer {
    fn drop(&mut self) {
        if let Err(e) = self.stop() {
            eprintln!("fencing-lab-record: {e}");
        }
    }
}
