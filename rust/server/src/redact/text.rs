//! Secrets inside free text: a value's repr, an evaluation's result, program output, an
//! exception's message, a debugger's comment. Three rules find the spans to mask, all on
//! the original text, and overlapping spans merge into one mask:
//! - **credential formats** ([`super::formats`], a table): AWS access keys, GitHub, GitLab, Slack,
//!   `sk-` style, Stripe, Google, npm and Hugging Face keys, JWTs, PEM private keys (also
//!   cut short, as a debugger caps a long repr), the password of `scheme://user:pw@host`,
//!   `Bearer`/`Basic` credentials;
//! - **secret keys with a value**: `password=...`, `'api_key': '...'`, `"token" -> "..."`,
//!   `Authorization: Bearer ...` (reprs of dicts, objects, maps, environment dumps, query
//!   strings, headers), the key judged by the name rule;
//! - **values seen before**: the text of a secret-named value an answer already masked,
//!   wherever it shows up later (printed, in an exception message).

use super::formats::FORMATS;
use super::names::NameRule;
use super::Reason;

/// Separators between a key and its value, longest first.
const SEPARATORS: &[&str] = &["==", "=>", "->", ":=", "=", ":"];

/// Auth scheme words that belong to the value after them (`Authorization: Bearer ...`).
const SCHEMES: &[&str] = &["Bearer", "Basic", "Token", "bearer", "token"];

/// Lower-case pieces one of which a secret key contains: where keys are looked for (the
/// user's own terms too).
const KEY_HINTS: &[&str] = &[
    "pass",
    "secret",
    "token",
    "key",
    "auth",
    "cred",
    "cookie",
    "signature",
    "bearer",
];

/// Values that say nothing about a secret: masking them would only hide that it is unset.
pub fn is_trivial(value: &str) -> bool {
    matches!(
        value.trim(),
        "" | "None"
            | "null"
            | "nil"
            | "True"
            | "False"
            | "true"
            | "false"
            | "''"
            | "\"\""
            | "b''"
            | "undefined"
    )
}

/// A part of the text to mask.
#[derive(Debug, Clone, PartialEq)]
struct Span {
    start: usize,
    end: usize,
    reason: Reason,
}

/// What [`redact`] found besides the new text: the secret-keyed values it masked, to be
/// recognised when they show up again.
pub struct Redacted {
    pub text: String,
    pub learned: Vec<String>,
}

/// Mask the secrets in `text`; `None` when there are none.
pub fn redact(
    text: &str,
    names: &NameRule,
    extra_hints: &[String],
    seen: &[String],
) -> Option<Redacted> {
    let mut spans = Vec::new();
    let mut learned = Vec::new();
    for format in FORMATS {
        for (start, end) in format.find(text) {
            spans.push(Span {
                start,
                end,
                reason: Reason::Format(format.what),
            });
        }
    }
    for key in secret_keys(text, names, extra_hints) {
        let Some((start, end)) = value_after(text, key) else {
            continue;
        };
        let value = &text[start..end];
        if is_trivial(value) {
            continue;
        }
        if !text[..start].ends_with(['{', '[', '(']) {
            learned.push(value.to_string());
        }
        spans.push(Span {
            start,
            end,
            reason: Reason::Name,
        });
    }
    for secret in seen {
        for (at, _) in text.match_indices(secret.as_str()) {
            // A whole word of the text, not a piece of a longer one (`deploy` in `deploying`).
            let glued = |c: Option<char>, edge: Option<char>| {
                c.is_some_and(char::is_alphanumeric) && edge.is_some_and(char::is_alphanumeric)
            };
            if glued(text[..at].chars().next_back(), secret.chars().next())
                || glued(
                    text[at + secret.len()..].chars().next(),
                    secret.chars().next_back(),
                )
            {
                continue;
            }
            spans.push(Span {
                start: at,
                end: at + secret.len(),
                reason: Reason::Seen,
            });
        }
    }
    if spans.is_empty() {
        return None;
    }
    Some(Redacted {
        text: apply(text, spans),
        learned,
    })
}

/// The value after the key that starts at `key`: `key <sep> value` with an optional quote
/// after the key, `=`, `:`, `==`, `=>`, `->` or `:=`, and a quoted value (to its closing
/// quote, or the text's end when it was cut), a container (to its closing bracket), or one
/// running to the next delimiter (an auth scheme word included). `None` when no value
/// follows.
fn value_after(text: &str, key: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let skip_spaces = |mut at: usize| {
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        at
    };
    let mut at = key;
    while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || b"_.-".contains(&bytes[at])) {
        at += 1;
    }
    if at < bytes.len() && b"'\"".contains(&bytes[at]) {
        at += 1;
    }
    at = skip_spaces(at);
    let separator = SEPARATORS.iter().find(|s| text[at..].starts_with(**s))?;
    at = skip_spaces(at + separator.len());
    let quote_at = match bytes.get(at) {
        Some(b'b' | b'r' | b'u') if matches!(bytes.get(at + 1), Some(b'\'' | b'"')) => at + 1,
        _ => at,
    };
    match bytes.get(quote_at) {
        Some(&quote @ (b'\'' | b'"')) => {
            let mut end = quote_at + 1;
            while end < bytes.len() && bytes[end] != quote {
                end += if bytes[end] == b'\\' { 2 } else { 1 };
            }
            Some((quote_at + 1, end.min(bytes.len())))
        }
        Some(b'[' | b'{' | b'(') => Some((at + 1, closing(text, at))),
        _ => {
            let mut from = at;
            if let Some(scheme) = SCHEMES.iter().find(|s| text[at..].starts_with(**s)) {
                let after = skip_spaces(at + scheme.len());
                if after > at + scheme.len() {
                    from = after;
                }
            }
            let delimiter = |b: u8| b.is_ascii_whitespace() || b",;(){}[]<>&'\"".contains(&b);
            let mut end = from;
            while end < bytes.len() && !delimiter(bytes[end]) {
                end += 1;
            }
            (end > from).then_some((at, end))
        }
    }
}

/// Where the container opened at `open` closes (its closing bracket), or the text's end
/// when the debugger cut it short. Brackets inside quotes do not count.
fn closing(text: &str, open: usize) -> usize {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in text[open..].char_indices() {
        match (quote, c) {
            (Some(_), '\\') if !escaped => {
                escaped = true;
                continue;
            }
            (Some(q), c) if c == q && !escaped => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            (None, _) => {}
        }
        escaped = false;
    }
    text.len()
}

/// Where the names that the name rule calls secret start in `text`: each word around a
/// hint, once (most text holds none).
fn secret_keys(text: &str, names: &NameRule, extra: &[String]) -> Vec<usize> {
    let lower = text.to_ascii_lowercase();
    let is_name = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-');
    let mut starts: Vec<usize> = Vec::new();
    for hint in KEY_HINTS
        .iter()
        .copied()
        .chain(extra.iter().map(String::as_str))
    {
        for (at, _) in lower.match_indices(hint) {
            let start = lower[..at]
                .rfind(|c: char| !is_name(c))
                .map_or(0, |i| i + 1);
            let end = lower[at..]
                .find(|c: char| !is_name(c))
                .map_or(lower.len(), |i| at + i);
            // A key starts with a letter or `_` (`-x-api-key` starts at x).
            let start = start
                + lower[start..end]
                    .find(|c: char| c.is_ascii_alphabetic() || c == '_')
                    .unwrap_or(end - start);
            if start < end && !starts.contains(&start) && names.is_secret(&text[start..end]) {
                starts.push(start);
            }
        }
    }
    starts.sort_unstable();
    starts
}

/// Replace the spans (merged where they overlap) by their masks.
fn apply(text: &str, mut spans: Vec<Span>) -> String {
    spans.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
    let mut merged: Vec<Span> = Vec::with_capacity(spans.len());
    for span in spans {
        match merged.last_mut() {
            Some(last) if span.start < last.end => last.end = last.end.max(span.end),
            _ => merged.push(span),
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for span in merged {
        out.push_str(&text[at..span.start]);
        out.push_str(&super::mask(
            text[span.start..span.end].chars().count(),
            &span.reason,
        ));
        at = span.end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn masked(text: &str) -> String {
        redact(text, &NameRule::default(), &[], &[])
            .map(|r| r.text)
            .unwrap_or_else(|| text.to_string())
    }

    /// Each format, in a sentence; none of the secret's characters survive.
    #[test]
    fn credential_formats_are_masked_wherever_they_appear() {
        let pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7fakefakefake\n-----END RSA PRIVATE KEY-----";
        for (secret, text) in [
            ("AKIAIOSFODNN7EXAMPLE", "key id AKIAIOSFODNN7EXAMPLE here"),
            (
                "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
                "token=ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            ),
            (
                "github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
                "using github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
            ),
            ("xoxb-123456789012-abcdefghijkl", "slack xoxb-123456789012-abcdefghijkl"),
            (
                "sk-proj-abcdefghijklmnopqrstuvwxyz012345",
                "OpenAI sk-proj-abcdefghijklmnopqrstuvwxyz012345.",
            ),
            ("sk_live_abcdefghijklmnop1234", "stripe sk_live_abcdefghijklmnop1234"),
            (
                "AIzaSyA1234567890abcdefghijklmnopqrstuv",
                "maps AIzaSyA1234567890abcdefghijklmnopqrstuv",
            ),
            (
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
                "jwt: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
            ),
            ("s3cr3t-pw", "postgres://app:s3cr3t-pw@db.internal:5432/shop"),
            ("MIIEowIBAAKCAQEA7fakefakefake", pem),
            ("abcdefgh12345678", "Authorization: Bearer abcdefgh12345678"),
        ] {
            let out = masked(text);
            assert!(!out.contains(secret), "{text} → {out}");
            assert!(out.contains("<redacted: "), "{out}");
        }
        assert_eq!(
            masked("postgres://app:s3cr3t@db/shop"),
            "postgres://app:<redacted: 6 chars, looks like a password in a URL>@db/shop"
        );
    }

    #[test]
    fn a_private_key_cut_short_by_the_debugger_is_masked_to_its_end() {
        let repr = "'-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\nAKcwggSjAgEAAoIBAQC7...";
        let out = masked(repr);
        assert!(!out.contains("MIIEvQ") && !out.contains("AKcwgg"), "{out}");
    }

    /// Reprs of dicts, objects, maps, env dumps and query strings.
    #[test]
    fn values_of_secret_keys_are_masked_inside_reprs() {
        for (text, secret) in [
            ("{'user': 'bob', 'password': 'hunter22'}", "hunter22"),
            ("User(name='bob', api_key='k-998877')", "k-998877"),
            ("{\"token\":\"t0k3n-value\"}", "t0k3n-value"),
            ("\"db_password\" -> \"pa55word!\"", "pa55word!"),
            (
                "environ({'PATH': '/bin', 'SERVICE_API_KEY': 'abc123xyz'})",
                "abc123xyz",
            ),
            ("https://x/cb?token=abc123&page=2", "abc123"),
            ("User{name='bob', secret=hush-hush}", "hush-hush"),
            ("{'Authorization': 'Token 9f8e7d6c5b'}", "9f8e7d6c5b"),
            ("Authorization: Bearer 9f8e7d6c5b4a", "9f8e7d6c5b4a"),
            ("password == 'guess-me'", "guess-me"),
            (
                "credentials = {\"user\": \"ci\", \"key\": \"k-1(2]3\"}",
                "k-1(2]3",
            ),
            ("{'creds': ('ci', 'k-4)5'), 'n': 1}", "k-4)5"),
        ] {
            let out = masked(text);
            assert!(!out.contains(secret), "{text} → {out}");
        }
        assert_eq!(
            masked("{'user': 'bob', 'password': 'hunter22'}"),
            "{'user': 'bob', 'password': '<redacted: 8 chars, name looks secret>'}"
        );
    }

    #[test]
    fn ordinary_text_is_left_alone() {
        for text in [
            "{'token_count': 12, 'author': 'Ann', 'total': 41.5}",
            "Order(id=7, items=['apple', 'pear'], discount=0.1)",
            "password: None",
            "{'password': ''}",
            "secret=True",
            "http://localhost:8080/path",
            "see https://example.com/a:b@c? no",
            "Traceback (most recent call last):\n  File \"shop.py\", line 3",
            "AKIA is a prefix; sk-short too",
            "<redacted: 7 chars, name looks secret>",
            "{'auth': None, 'tokens': [1, 2]}",
            "pw=<redacted: 21 chars, reads password> len=52 ok=False",
        ] {
            assert_eq!(masked(text), text);
        }
    }

    #[test]
    fn values_seen_before_are_masked_and_secret_keyed_values_learned() {
        let found = redact(
            "login failed for bob with hunter22",
            &NameRule::default(),
            &[],
            &["hunter22".to_string()],
        )
        .unwrap();
        assert_eq!(
            found.text,
            "login failed for bob with <redacted: 8 chars, a secret value seen before>"
        );
        let inside_a_word = redact(
            "deploying",
            &NameRule::default(),
            &[],
            &["deploy".to_string()],
        );
        assert!(inside_a_word.is_none());
        let found = redact("password=hunter22", &NameRule::default(), &[], &[]).unwrap();
        assert_eq!(found.learned, ["hunter22"]);
    }

    #[test]
    fn overlapping_finds_become_one_mask() {
        let out = masked("{'token': 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'}");
        assert_eq!(out.matches("<redacted").count(), 1, "{out}");
    }
}
