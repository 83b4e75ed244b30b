//! Who may use the HTTP endpoint: only a client that sends this install's access token as
//! `Authorization: Bearer <token>`. Loopback alone admits every local process: another
//! user of a shared machine, or a container sharing the host's network.
//!
//! - The token is one line of 64 hex digits (32 bytes from the OS's CSPRNG) in the file
//!   `<state dir>/mcp-token` ([`token_file`]), written by `state::write_private` (mode
//!   0600 in a 0700 directory; a file found readable by others is made private again). The
//!   first `serve` (or `install`, `config`, `token`) makes it; every later one reuses it;
//!   `jetbrains-debugger-mcp token --rotate` replaces it.
//! - A running server follows the file ([`Gate`]): a rotated token applies to the next
//!   request, and the old one is refused from then on.
//! - A request without the header, or with another token, is answered 401 with
//!   `WWW-Authenticate: Bearer` before anything else looks at it ([`require_token`]):
//!   no MCP session is made, no tool runs. The comparison takes the same time whatever
//!   the token sent ([`same_secret`]).
//! - `serve --no-auth` (or `JETBRAINS_DEBUGGER_NO_AUTH=1`) turns the check off, with a
//!   warning in the log.
//! - The token is never logged, and never part of an MCP answer or the history. Those who
//!   configure clients (`install`, `config`, the IDE's Install on Coding Agents) put it in
//!   the client's own configuration; the `stdio` relay reads it from the file
//!   ([`crate::relay::upstream`]).

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use debugger_core::state::{write_private, Fingerprint, StateDir};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The token file's name in the state directory.
pub const TOKEN_FILE: &str = "mcp-token";
/// The environment variable of `serve --no-auth`.
pub const NO_AUTH_ENV: &str = "JETBRAINS_DEBUGGER_NO_AUTH";
/// Random bytes in a token.
const TOKEN_BYTES: usize = 32;

/// `<state dir>/mcp-token`.
pub fn token_file(state: &StateDir) -> PathBuf {
    state.root().join(TOKEN_FILE)
}

/// The value of the `Authorization` header that carries `token`.
pub fn header_value(token: &str) -> String {
    format!("Bearer {token}")
}

/// A new token: [`TOKEN_BYTES`] random bytes from the OS, in lowercase hex.
fn generate() -> std::io::Result<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes)
        .map_err(|err| std::io::Error::other(format!("no random numbers from the OS: {err}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `text` can be a token: printable ASCII without spaces, at least 32 characters
/// (a token a user wrote into the file by hand is kept as long as it is not trivially short).
fn well_formed(text: &str) -> bool {
    text.len() >= 32 && text.bytes().all(|b| b.is_ascii_graphic())
}

/// The token in `file`, if it holds one. A file that others may read is made private
/// first (Unix).
pub fn read_file(file: &Path) -> Option<String> {
    let text = std::fs::read_to_string(file).ok()?;
    let token = text.trim();
    if !well_formed(token) {
        return None;
    }
    make_private(file);
    Some(token.to_string())
}

#[cfg(unix)]
fn make_private(file: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let Ok(meta) = std::fs::metadata(file) else {
        return;
    };
    if meta.permissions().mode() & 0o077 != 0 {
        match std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o600)) {
            Ok(()) => tracing::warn!(
                file = %file.display(),
                "the access token file was readable by other users; it is now private (0600). \
                 Rotate the token (`jetbrains-debugger-mcp token --rotate`) if others may have read it"
            ),
            Err(err) => tracing::warn!(
                file = %file.display(),
                %err,
                "the access token file is readable by other users and cannot be made private"
            ),
        }
    }
}

#[cfg(not(unix))]
fn make_private(_file: &Path) {}

/// The token in the state directory, if there is one.
#[cfg(test)]
pub fn read(state: &StateDir) -> Option<String> {
    read_file(&token_file(state))
}

/// The install's token: the one in the state directory, else a new one written there.
pub fn load_or_create(state: &StateDir) -> anyhow::Result<String> {
    let file = token_file(state);
    if let Some(token) = read_file(&file) {
        return Ok(token);
    }
    // Two servers starting at once make one token: the second finds the first's.
    let made = state.locked(|| {
        if let Some(token) = read_file(&file) {
            return Ok(token);
        }
        if file.exists() {
            tracing::warn!(file = %file.display(), "the access token file holds no token; writing a new one");
        }
        write_token(&file)
    });
    made.map_err(|err| anyhow::anyhow!("cannot make the access token {}: {err}", file.display()))
}

/// Replace the install's token with a new one; clients configured with the old one are
/// refused from now on.
pub fn rotate(state: &StateDir) -> anyhow::Result<String> {
    let file = token_file(state);
    state
        .locked(|| write_token(&file))
        .map_err(|err| anyhow::anyhow!("cannot write the access token {}: {err}", file.display()))
}

fn write_token(file: &Path) -> debugger_core::error::ToolResult<String> {
    let io = |err: std::io::Error| debugger_core::error::ToolError::internal(err.to_string());
    let token = generate().map_err(io)?;
    write_private(file, format!("{token}\n").as_bytes()).map_err(io)?;
    Ok(token)
}

/// Whether `a` and `b` are equal, in a time that depends on their lengths only, never on
/// where they differ.
pub fn same_secret(a: &[u8], b: &[u8]) -> bool {
    let mut difference = a.len() ^ b.len();
    for i in 0..a.len().max(b.len()) {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        difference |= usize::from(x ^ y);
    }
    std::hint::black_box(difference) == 0
}

/// The token an `Authorization` header value carries: `Bearer <token>` (the scheme in any
/// case, RFC 9110), else `None`.
pub fn bearer_token(value: &[u8]) -> Option<&[u8]> {
    let value = value.trim_ascii();
    let (scheme, rest) = value.split_at_checked(6)?;
    if !scheme.eq_ignore_ascii_case(b"bearer") || !rest.first()?.is_ascii_whitespace() {
        return None;
    }
    let token = rest.trim_ascii();
    (!token.is_empty()).then_some(token)
}

/// The server's check: the token it expects, re-read whenever the file changes (a
/// rotation), so a running server never admits a token that was rotated away.
pub struct Gate {
    file: PathBuf,
    current: Mutex<(Option<Fingerprint>, String)>,
}

impl Gate {
    /// The gate of `state`'s token, made if there is none yet.
    pub fn open(state: &StateDir) -> anyhow::Result<Gate> {
        let token = load_or_create(state)?;
        let file = token_file(state);
        Ok(Gate {
            current: Mutex::new((Fingerprint::of(&file), token)),
            file,
        })
    }

    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The token in force. A file that is gone or holds no token leaves the last one in
    /// force (it never opens the gate).
    fn expected(&self) -> String {
        let mut current = self.current.lock().unwrap_or_else(|p| p.into_inner());
        let now = Fingerprint::of(&self.file);
        if now.is_some() && now != current.0 {
            if let Some(token) = read_file(&self.file) {
                tracing::info!("the access token changed (rotated); the new one applies");
                current.1 = token;
            }
            current.0 = now;
        }
        current.1.clone()
    }

    /// Whether a request with these `Authorization` header values may pass.
    pub fn admits<'a>(&self, values: impl Iterator<Item = &'a HeaderValue>) -> bool {
        let expected = self.expected();
        let mut admitted = false;
        for value in values {
            if let Some(token) = bearer_token(value.as_bytes()) {
                admitted |= same_secret(token, expected.as_bytes());
            }
        }
        admitted
    }
}

/// Refuse with 401 a request that does not carry the token; pass the others through
/// untouched. The outermost check: nothing else has seen the request yet.
pub async fn require_token(
    request: Request<Body>,
    next: axum::middleware::Next,
    gate: Arc<Gate>,
) -> Response {
    if gate.admits(request.headers().get_all(header::AUTHORIZATION).iter()) {
        return next.run(request).await;
    }
    let sent = request.headers().contains_key(header::AUTHORIZATION);
    tracing::warn!(
        method = %request.method(),
        path = %request.uri().path(),
        token_sent = sent,
        "refused an HTTP request without the right access token"
    );
    let body = format!(
        "Unauthorized: this server wants `Authorization: Bearer <token>`; the token is in {} \
         (`jetbrains-debugger-mcp token` prints it; `jetbrains-debugger-mcp install <client>` \
         configures a client with it).",
        gate.file().display()
    );
    let mut response = (StatusCode::UNAUTHORIZED, body).into_response();
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Bearer realm=\"jetbrains-debugger\""),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> StateDir {
        StateDir::at(std::env::temp_dir().join(format!(
            "jbd-auth-{tag}-{}-{}",
            std::process::id(),
            crate::relay::discovery::now_ms()
        )))
    }

    #[test]
    fn the_bearer_token_is_read_from_the_header() {
        assert_eq!(bearer_token(b"Bearer abc"), Some(&b"abc"[..]));
        assert_eq!(bearer_token(b"bearer   abc  "), Some(&b"abc"[..]));
        assert_eq!(bearer_token(b"BEARER\tabc"), Some(&b"abc"[..]));
        assert_eq!(bearer_token(b"Bearer"), None);
        assert_eq!(bearer_token(b"Bearer "), None);
        assert_eq!(bearer_token(b"Bearerabc"), None);
        assert_eq!(bearer_token(b"Basic YWxhZGRpbjpvcGVu"), None);
        assert_eq!(bearer_token(b"abc"), None);
        assert_eq!(bearer_token(b""), None);
    }

    #[test]
    fn secrets_are_compared_whole() {
        assert!(same_secret(b"0123456789abcdef", b"0123456789abcdef"));
        assert!(!same_secret(b"0123456789abcdef", b"0123456789abcdeF"));
        assert!(!same_secret(b"0123456789abcdef", b"1123456789abcdef"));
        assert!(!same_secret(b"0123456789abcdef", b"0123456789abcde"));
        assert!(!same_secret(b"0123456789abcde", b"0123456789abcdef"));
        assert!(!same_secret(b"", b"0123456789abcdef"));
        assert!(
            !same_secret(b"abc\0", b"abc"),
            "a padding zero is a difference"
        );
        assert!(same_secret(b"", b""));
    }

    #[test]
    fn the_token_is_made_once_privately_and_rotated() {
        let state = scratch("file");
        assert_eq!(read(&state), None);
        let token = load_or_create(&state).unwrap();
        assert_eq!(token.len(), 64);
        assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(load_or_create(&state).unwrap(), token, "reused");
        assert_eq!(read(&state).as_deref(), Some(token.as_str()));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let file = token_file(&state);
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&file), 0o600);
            assert_eq!(mode(state.root()), 0o700);
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
            assert_eq!(read(&state).as_deref(), Some(token.as_str()));
            assert_eq!(mode(&file), 0o600, "made private again");
        }
        let rotated = rotate(&state).unwrap();
        assert_ne!(rotated, token);
        assert_eq!(load_or_create(&state).unwrap(), rotated);
        std::fs::write(token_file(&state), "short\n").unwrap();
        let remade = load_or_create(&state).unwrap();
        assert!(remade.len() == 64 && remade != rotated);
        std::fs::remove_dir_all(state.root()).unwrap();
    }

    #[test]
    fn the_gate_admits_the_token_in_force_only() {
        let state = scratch("gate");
        let gate = Gate::open(&state).unwrap();
        let token = read(&state).unwrap();
        let header = |text: &str| HeaderValue::from_str(text).unwrap();
        let admits = |values: &[HeaderValue]| gate.admits(values.iter());
        assert!(admits(&[header(&format!("Bearer {token}"))]));
        assert!(!admits(&[]));
        assert!(!admits(&[header("Bearer nope")]));
        assert!(!admits(&[header(&format!("Basic {token}"))]));
        assert!(!admits(&[header(&format!("Bearer {token}x"))]));
        assert!(admits(&[
            header("Bearer nope"),
            header(&format!("Bearer {token}"))
        ]));
        let rotated = rotate(&state).unwrap();
        assert!(
            !admits(&[header(&format!("Bearer {token}"))]),
            "rotated away"
        );
        assert!(admits(&[header(&format!("Bearer {rotated}"))]));
        std::fs::remove_file(token_file(&state)).unwrap();
        assert!(
            admits(&[header(&format!("Bearer {rotated}"))]),
            "a deleted file leaves the last token in force"
        );
        assert!(!admits(&[]));
        std::fs::remove_dir_all(state.root()).unwrap();
    }
}
