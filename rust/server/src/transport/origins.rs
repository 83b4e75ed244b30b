//! Which browser origins may call the HTTP endpoint. A request without `Origin` (CLI
//! agents, SDKs) is not a browser's and is always let through; one with it is let through
//! when it is the server's own origin (`http://`, a loopback host and the server's port,
//! the same host and port as the request's `Host`) or one the user listed
//! (`--allow-origin`, `JETBRAINS_DEBUGGER_ALLOW_ORIGINS`, the IDE's setting).
//!
//! A listed entry is exactly an origin, checked when the server starts: `scheme://host`,
//! `scheme://host:port` or `scheme://host:*` (any port). Without a port it means the
//! scheme's default one (80 for http, 443 for https), as a browser means it. `null`, a
//! wildcard host, a path, query or fragment, a user name and anything unparsable are
//! refused with an error naming the entry, never silently widened or ignored.

use url::{Host, Url};

/// Why a listed origin was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OriginError {
    #[error("'{0}' is refused: every sandboxed page and local file sends Origin: null")]
    Null(String),
    #[error("'{0}' has a wildcard host; list each origin (only the port may be *, as in http://localhost:*)")]
    WildcardHost(String),
    #[error("'{0}' has a path, query or fragment; an origin is only scheme://host[:port]")]
    NotOnlyOrigin(String),
    #[error("'{0}' has a user name; an origin is only scheme://host[:port]")]
    UserName(String),
    #[error("'{0}' is not an origin: expected scheme://host[:port] with a port from 1 to 65535 or *, e.g. http://localhost:5173")]
    Unparsable(String),
}

/// The ports an allowed origin covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ports {
    /// `:*`.
    Any,
    /// The given port or, without one, the scheme's default (none for schemes that have
    /// none, such as `chrome-extension`).
    Exactly(Option<u16>),
}

/// One origin, normalised: lower-case scheme and host, the port made explicit.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

impl Origin {
    /// An origin as a browser sends it (`Origin:`), `None` for anything else (`null`).
    fn of_header(value: &str) -> Option<Self> {
        let url = Url::parse(value.trim()).ok()?;
        let only_origin = url.path() == "/" || url.path().is_empty();
        if !only_origin || url.query().is_some() || url.fragment().is_some() {
            return None;
        }
        Self::of_url(&url)
    }

    fn of_url(url: &Url) -> Option<Self> {
        Some(Self {
            scheme: url.scheme().to_string(),
            host: url.host_str()?.to_ascii_lowercase(),
            port: url.port_or_known_default(),
        })
    }

    /// A loopback host: what a local page served on this machine has.
    fn is_loopback(&self) -> bool {
        match Host::parse(&self.host) {
            Ok(Host::Domain(name)) => name == "localhost",
            Ok(Host::Ipv4(ip)) => ip.is_loopback(),
            Ok(Host::Ipv6(ip)) => ip.is_loopback(),
            Err(_) => false,
        }
    }
}

/// The browser origins the user allowed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowedOrigins(Vec<(Origin, Ports)>);

impl AllowedOrigins {
    /// Check and normalise every entry; the first that is not exactly an origin is the
    /// error.
    pub fn parse(entries: &[String]) -> Result<Self, OriginError> {
        entries
            .iter()
            .map(|entry| allowed(entry.trim()))
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }

    /// Whether a request with `Origin: origin` and `Host: host`, to a server listening
    /// on `port`, may go on.
    pub fn admit(&self, origin: &str, host: Option<&str>, port: u16) -> bool {
        let Some(origin) = Origin::of_header(origin) else {
            return false;
        };
        let own = origin.scheme == "http"
            && origin.is_loopback()
            && origin.port == Some(port)
            && host.and_then(host_header).as_ref() == Some(&origin);
        own || self.0.iter().any(|(allowed, ports)| {
            allowed.scheme == origin.scheme
                && allowed.host == origin.host
                && match ports {
                    Ports::Any => true,
                    Ports::Exactly(port) => *port == origin.port,
                }
        })
    }
}

/// The `Host` header as the origin of a plain `http://` page it would be.
fn host_header(host: &str) -> Option<Origin> {
    Origin::of_header(&format!("http://{}", host.trim()))
}

fn allowed(entry: &str) -> Result<(Origin, Ports), OriginError> {
    let refuse = |error: fn(String) -> OriginError| error(entry.to_string());
    if entry.eq_ignore_ascii_case("null") {
        return Err(refuse(OriginError::Null));
    }
    let (base, ports) = match entry.strip_suffix(":*") {
        Some(base) => (base, Ports::Any),
        None => (entry, Ports::Exactly(None)),
    };
    let url = Url::parse(base).map_err(|_| {
        if base.contains('*') {
            refuse(OriginError::WildcardHost)
        } else {
            refuse(OriginError::Unparsable)
        }
    })?;
    let host = url
        .host_str()
        .ok_or_else(|| refuse(OriginError::Unparsable))?;
    if host.contains('*') {
        return Err(refuse(OriginError::WildcardHost));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refuse(OriginError::UserName));
    }
    let has_path = !(url.path() == "/" || url.path().is_empty());
    if has_path || url.query().is_some() || url.fragment().is_some() {
        return Err(refuse(OriginError::NotOnlyOrigin));
    }
    let origin = Origin::of_url(&url).ok_or_else(|| refuse(OriginError::Unparsable))?;
    match ports {
        Ports::Any if url.port().is_some() => Err(refuse(OriginError::Unparsable)),
        Ports::Any => Ok((origin, Ports::Any)),
        Ports::Exactly(_) if url.port() == Some(0) => Err(refuse(OriginError::Unparsable)),
        Ports::Exactly(_) => {
            let port = origin.port;
            Ok((origin, Ports::Exactly(port)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origins(entries: &[&str]) -> AllowedOrigins {
        AllowedOrigins::parse(&entries.iter().map(|e| e.to_string()).collect::<Vec<_>>()).unwrap()
    }

    fn refusal(entry: &str) -> OriginError {
        AllowedOrigins::parse(&[entry.to_string()]).unwrap_err()
    }

    #[test]
    fn entries_that_are_not_exactly_an_origin_are_refused_naming_them() {
        assert_eq!(refusal("null"), OriginError::Null("null".into()));
        assert_eq!(refusal("NULL"), OriginError::Null("NULL".into()));
        for wildcard in ["*", "http://*.example.com", "https://*", "*://localhost"] {
            assert_eq!(
                refusal(wildcard),
                OriginError::WildcardHost(wildcard.into()),
                "{wildcard}"
            );
        }
        for extra in [
            "https://app.example/path",
            "https://app.example?x=1",
            "https://app.example/#top",
            "http://localhost:5173/app",
        ] {
            assert_eq!(
                refusal(extra),
                OriginError::NotOnlyOrigin(extra.into()),
                "{extra}"
            );
        }
        assert_eq!(
            refusal("http://user@host.example"),
            OriginError::UserName("http://user@host.example".into())
        );
        for garbage in [
            "localhost:5173",
            "http://",
            "http://localhost:70000",
            "http://localhost:0",
            "http://local host",
            "http://localhost:5173:*",
            "",
        ] {
            assert_eq!(
                refusal(garbage),
                OriginError::Unparsable(garbage.into()),
                "{garbage}"
            );
        }
        let message = refusal("null").to_string();
        assert!(message.starts_with("'null' is refused"), "{message}");
    }

    #[test]
    fn a_portless_entry_means_the_scheme_s_default_port_only() {
        let allowed = origins(&["http://localhost", "https://App.Example/"]);
        assert!(allowed.admit("http://localhost", None, 1));
        assert!(allowed.admit("http://localhost:80", None, 1));
        assert!(!allowed.admit("http://localhost:5173", None, 1));
        assert!(!allowed.admit("http://localhost:9999", None, 1));
        assert!(allowed.admit("https://app.example", None, 1));
        assert!(allowed.admit("https://app.example:443", None, 1));
        assert!(!allowed.admit("https://app.example:8443", None, 1));
        assert!(!allowed.admit("http://app.example", None, 1));
    }

    #[test]
    fn explicit_and_any_ports() {
        let allowed = origins(&[
            "http://localhost:5173",
            "http://[::1]:*",
            "chrome-extension://abcdef",
        ]);
        assert!(allowed.admit("http://localhost:5173", None, 1));
        assert!(!allowed.admit("http://localhost:5174", None, 1));
        assert!(!allowed.admit("http://127.0.0.1:5173", None, 1));
        assert!(allowed.admit("http://[::1]:3000", None, 1));
        assert!(allowed.admit("http://[::1]", None, 1));
        assert!(allowed.admit("chrome-extension://abcdef", None, 1));
        assert!(!allowed.admit("chrome-extension://other", None, 1));
        // What a browser never sends as an origin is never admitted.
        assert!(!allowed.admit("null", None, 1));
        assert!(!allowed.admit("http://localhost:5173/path", None, 1));
        assert!(!allowed.admit("garbage", None, 1));
    }

    #[test]
    fn the_server_s_own_origin_is_admitted_when_it_matches_the_host() {
        let none = AllowedOrigins::default();
        let port = 47823;
        for host in [
            "127.0.0.1:47823",
            "localhost:47823",
            "[::1]:47823",
            "LOCALHOST:47823",
        ] {
            let origin = format!("http://{}", host.to_ascii_lowercase());
            assert!(none.admit(&origin, Some(host), port), "{host}");
        }
        // Another port, another loopback name than the Host, https, a foreign host, or no
        // Host at all: not the server's own origin.
        assert!(!none.admit("http://127.0.0.1:5173", Some("127.0.0.1:47823"), port));
        assert!(!none.admit("http://127.0.0.1:5173", Some("127.0.0.1:5173"), port));
        assert!(!none.admit("http://localhost:47823", Some("127.0.0.1:47823"), port));
        assert!(!none.admit("https://127.0.0.1:47823", Some("127.0.0.1:47823"), port));
        assert!(!none.admit(
            "http://evil.example:47823",
            Some("evil.example:47823"),
            port
        ));
        assert!(!none.admit("http://127.0.0.1:47823", None, port));
        assert!(!none.admit("http://127.0.0.1", Some("127.0.0.1"), port));
        assert!(none.admit("http://127.0.0.1", Some("127.0.0.1"), 80));
    }
}
