//! Who was asked: the identity a confirmation question (an MRTR `requestState` handle)
//! is bound to, so that only the client that was asked can answer it.
//!
//! Over stdio and in a legacy HTTP session the MCP connection is the client (one
//! handler each). On protocol 2026-07-28 over HTTP there is no session: each request
//! stands alone and a retry may come on another TCP connection, so the client is the
//! local process at the other end of the request's connection, found (on Linux) from
//! the connection's socket in `/proc`, with its start time so that a recycled pid is
//! someone else. Where the process cannot be found (another OS, another user's
//! process), the TCP connection itself is the client: a retry on another connection is
//! then refused, and the client asks again.

use axum::extract::ConnectInfo;
use axum::http::request::Parts;
use rmcp::service::RequestContext;
use rmcp::RoleServer;
use std::net::SocketAddr;

/// The identity of the client behind one request; `connection` names the handler's own
/// MCP connection (stdio, or a legacy HTTP session).
pub async fn of(context: &RequestContext<RoleServer>, connection: u64) -> String {
    let peer = context
        .extensions
        .get::<Parts>()
        .and_then(|parts| parts.extensions.get::<ConnectInfo<SocketAddr>>())
        .map(|ConnectInfo(peer)| *peer);
    let (Some(peer), true) = (peer, stateless(context)) else {
        return format!("connection {connection}");
    };
    let found = tokio::task::spawn_blocking(move || process_of(peer))
        .await
        .ok()
        .flatten();
    found.unwrap_or_else(|| format!("TCP connection from {peer}"))
}

/// A request of protocol 2026-07-28 or later over HTTP: no session binds it.
fn stateless(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|v| v >= rmcp::model::ProtocolVersion::V_2026_07_28)
}

/// The local process that holds the client end of a loopback TCP connection from
/// `peer`, with its start time.
#[cfg(target_os = "linux")]
fn process_of(peer: SocketAddr) -> Option<String> {
    let inode = socket_inode(&std::fs::read_to_string("/proc/net/tcp").ok()?, peer)?;
    let wanted = format!("socket:[{inode}]");
    let pid = std::fs::read_dir("/proc")
        .ok()?
        .flatten()
        .find_map(|entry| {
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let fds = std::fs::read_dir(entry.path().join("fd")).ok()?;
            fds.flatten()
                .any(|fd| {
                    std::fs::read_link(fd.path()).is_ok_and(|l| l.as_os_str() == wanted.as_str())
                })
                .then_some(pid)
        })?;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's closing parenthesis; the start time is the 20th.
    let started = stat.rsplit_once(')')?.1.split_whitespace().nth(19)?;
    Some(format!("process {pid} (started at tick {started})"))
}

#[cfg(not(target_os = "linux"))]
fn process_of(_peer: SocketAddr) -> Option<String> {
    None
}

/// The inode of the socket whose local end is `peer`, from `/proc/net/tcp`'s text
/// (addresses as native-endian hex words, ports as hex).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn socket_inode(table: &str, peer: SocketAddr) -> Option<u64> {
    let SocketAddr::V4(peer) = peer else {
        return None;
    };
    table.lines().skip(1).find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (address, port) = fields.get(1)?.split_once(':')?;
        let address = u32::from_str_radix(address, 16).ok()?.to_ne_bytes();
        let port = u16::from_str_radix(port, 16).ok()?;
        // A closed connection on the same port lingers (TIME_WAIT) with no inode.
        let inode: u64 = fields.get(9)?.parse().ok()?;
        (std::net::Ipv4Addr::from(address) == *peer.ip() && port == peer.port() && inode != 0)
            .then_some(inode)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_socket_of_a_local_end_is_found_in_the_table() {
        let word = u32::from_ne_bytes([127, 0, 0, 1]);
        let table = format!(
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n\
             \x20  0: {word:08X}:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1\n\
             \x20  1: {word:08X}:D431 {word:08X}:1F91 06 00000000:00000000 03:00000000 00000000     0        0 0 0\n\
             \x20  2: {word:08X}:D431 {word:08X}:1F90 01 00000000:00000000 00:00000000 00000000     0        0 222 1\n"
        );
        let peer: SocketAddr = "127.0.0.1:54321".parse().unwrap();
        assert_eq!(socket_inode(&table, peer), Some(222));
        let other: SocketAddr = "127.0.0.1:54322".parse().unwrap();
        assert_eq!(socket_inode(&table, other), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_loopback_client_is_this_very_process() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let client = std::net::TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let found = process_of(client.local_addr().unwrap()).unwrap();
        assert!(
            found.starts_with(&format!("process {} ", std::process::id())),
            "{found}"
        );
    }
}
