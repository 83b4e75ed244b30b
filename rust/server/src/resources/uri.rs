//! The `debugger://` URIs: what each names, parsed from and written to the text a
//! client sees. One project open: `debugger://session`; several: the project is a
//! query parameter, `debugger://session?project=%2Fhome%2Fdev%2Fshop`. Source files
//! are percent-encoded paths, project-relative or absolute:
//! `debugger://source/src%2Fmy%20file.py` (`/` may also stay literal).

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use std::fmt;

pub const SCHEME: &str = "debugger://";

/// Characters a path segment or query value keeps as they are (RFC 3986 unreserved).
const ENCODED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// What a resource shows.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The project's current session: state, location, variables, watches.
    Session,
    Breakpoints,
    Threads,
    /// What the program printed, from a byte cursor on.
    Output,
    /// What the agent did in the session (Markdown, from the command history).
    Log,
    /// The modules and source files the program has loaded.
    Modules,
    /// A source file's text.
    Source(String),
}

impl Kind {
    /// The fixed resources a live session lists, in listing order.
    pub const LISTED: [Kind; 6] = [
        Kind::Session,
        Kind::Breakpoints,
        Kind::Threads,
        Kind::Output,
        Kind::Log,
        Kind::Modules,
    ];

    fn path(&self) -> String {
        match self {
            Kind::Session => "session".into(),
            Kind::Breakpoints => "breakpoints".into(),
            Kind::Threads => "threads".into(),
            Kind::Output => "session/output".into(),
            Kind::Log => "session/log".into(),
            Kind::Modules => "session/modules".into(),
            Kind::Source(file) => format!("source/{}", encode(file)),
        }
    }
}

/// A parsed `debugger://` URI.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResourceUri {
    pub kind: Kind,
    /// `?project=`: the project's path or name, when several are open.
    pub project: Option<String>,
    /// `?since=` of the output resource: the cursor a previous read answered.
    pub since: Option<u64>,
}

/// Why a URI is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UriError {
    #[error("'{0}' is not a debugger:// resource")]
    Scheme(String),
    #[error("'{0}' names no debugger resource; they are session, breakpoints, threads, session/output, session/log, session/modules and source/{{file}}")]
    Unknown(String),
    #[error("'{0}' is not percent-encoded UTF-8")]
    Encoding(String),
    #[error("query parameter '{0}' is unknown or malformed; debugger resources take project=<path> (and since=<cursor> on session/output)")]
    Query(String),
}

impl ResourceUri {
    pub fn new(kind: Kind, project: Option<String>) -> Self {
        Self {
            kind,
            project,
            since: None,
        }
    }

    pub fn parse(text: &str) -> Result<Self, UriError> {
        let rest = text
            .strip_prefix(SCHEME)
            .ok_or_else(|| UriError::Scheme(text.into()))?;
        let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
        let kind = match path {
            "session" => Kind::Session,
            "breakpoints" => Kind::Breakpoints,
            "threads" => Kind::Threads,
            "session/output" => Kind::Output,
            "session/log" => Kind::Log,
            "session/modules" => Kind::Modules,
            _ => match path.strip_prefix("source/") {
                Some(file) if !file.is_empty() => Kind::Source(decode(file)?),
                _ => return Err(UriError::Unknown(text.into())),
            },
        };
        let mut uri = Self::new(kind, None);
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some(("project", value)) if !value.is_empty() => uri.project = Some(decode(value)?),
                Some(("since", value)) if uri.kind == Kind::Output => {
                    uri.since = Some(value.parse().map_err(|_| UriError::Query(pair.into()))?)
                }
                _ => return Err(UriError::Query(pair.into())),
            }
        }
        Ok(uri)
    }
}

impl fmt::Display for ResourceUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{SCHEME}{}", self.kind.path())?;
        let mut separator = '?';
        if let Some(project) = &self.project {
            write!(f, "{separator}project={}", encode(project))?;
            separator = '&';
        }
        if let Some(since) = self.since {
            write!(f, "{separator}since={since}")?;
        }
        Ok(())
    }
}

/// The template clients fill in for a source file (RFC 6570).
pub fn source_template(qualified: bool) -> String {
    let query = if qualified { "{?project}" } else { "" };
    format!("{SCHEME}source/{{file}}{query}")
}

fn encode(text: &str) -> String {
    utf8_percent_encode(text, ENCODED).to_string()
}

fn decode(text: &str) -> Result<String, UriError> {
    percent_decode_str(text)
        .decode_utf8()
        .map(|s| s.into_owned())
        .map_err(|_| UriError::Encoding(text.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_resources_round_trip_with_and_without_a_project() {
        for kind in Kind::LISTED {
            let plain = ResourceUri::new(kind.clone(), None);
            assert_eq!(ResourceUri::parse(&plain.to_string()).unwrap(), plain);
            let qualified = ResourceUri::new(kind, Some("/home/dev/my shop".into()));
            let text = qualified.to_string();
            assert!(
                text.contains("?project=%2Fhome%2Fdev%2Fmy%20shop"),
                "{text}"
            );
            assert_eq!(ResourceUri::parse(&text).unwrap(), qualified);
        }
        assert_eq!(
            ResourceUri::new(Kind::Output, None).to_string(),
            "debugger://session/output"
        );
    }

    #[test]
    fn source_paths_decode_spaces_unicode_and_both_slash_spellings() {
        let uri = ResourceUri::new(Kind::Source("src/my file ü.py".into()), None);
        assert_eq!(
            uri.to_string(),
            "debugger://source/src%2Fmy%20file%20%C3%BC.py"
        );
        assert_eq!(ResourceUri::parse(&uri.to_string()).unwrap(), uri);
        assert_eq!(
            ResourceUri::parse("debugger://source/src/my%20file%20ü.py").unwrap(),
            uri
        );
    }

    #[test]
    fn the_output_cursor_is_a_number_and_only_on_output() {
        let uri = ResourceUri::parse("debugger://session/output?since=42&project=shop").unwrap();
        assert_eq!(
            (uri.since, uri.project.as_deref()),
            (Some(42), Some("shop"))
        );
        assert!(matches!(
            ResourceUri::parse("debugger://session/output?since=-1"),
            Err(UriError::Query(_))
        ));
        assert!(matches!(
            ResourceUri::parse("debugger://threads?since=3"),
            Err(UriError::Query(_))
        ));
    }

    #[test]
    fn foreign_and_malformed_uris_are_refused() {
        assert!(matches!(
            ResourceUri::parse("file:///etc/passwd"),
            Err(UriError::Scheme(_))
        ));
        for unknown in [
            "debugger://",
            "debugger://source/",
            "debugger://sessions",
            "debugger://session/",
        ] {
            assert!(
                matches!(ResourceUri::parse(unknown), Err(UriError::Unknown(_))),
                "{unknown}"
            );
        }
        assert!(matches!(
            ResourceUri::parse("debugger://source/%FF.py"),
            Err(UriError::Encoding(_))
        ));
        assert!(matches!(
            ResourceUri::parse("debugger://session?token=1"),
            Err(UriError::Query(_))
        ));
    }
}
