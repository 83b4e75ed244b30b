//! Secrets inside free text: a value's repr, an evaluation's result, program output, an
//! exception's message, a debugger's comment. Three rules find the spans to mask, all on
//! the original text, and overlapping spans merge into one mask:
//! - **credential formats** ([`FORMATS`], a table): AWS access keys, GitHub, GitLab, Slack,
//!   `sk-` style, Stripe, Google, npm and Hugging Face keys, JWTs, PEM private keys (also
//!   cut short, as a debugger caps a long repr), the password of `scheme://user:pw@host`,
//!   `Bearer`/`Basic` credentials;
//! - **secret keys with a value**: `password=...`, `'api_key': '...'`, `"token" -> "..."`,
//!   `Authorization: Bearer ...` (reprs of dicts, objects, maps, environment dumps, query
//!   strings, headers), the key judged by the name rule;
//! - **values seen before**: the text of a secret-named value an answer already masked,
//!   wherever it shows up later (printed, in an exception message).

use super::names::NameRule;
use super::Reason;
use regex_lite::Regex;
use std::sync::OnceLock;

/// A credential format: what it is, literals one of which every match contains (a cheap
/// test before the regex runs), the pattern, and which group is the secret (0: all).
struct Format {
    what: &'static str,
    hints: &'static [&'static str],
    pattern: &'static str,
    group: usize,
}

const FORMATS: &[Format] = &[
    Format {
        what: "a private key",
        hints: &["PRIVATE KEY"],
        // The END line may be missing when the debugger cut the repr short.
        pattern: r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----(?:[\s\S]*?-----END[A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|[A-Za-z0-9+/=\s\\]*)",
        group: 0,
    },
    Format {
        what: "an AWS access key",
        hints: &[
            "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "APKA", "AROA",
            "A3T",
        ],
        pattern: r"\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA)[A-Z0-9]{16}\b",
        group: 0,
    },
    Format {
        what: "a GitHub token",
        hints: &["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
        pattern: r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})",
        group: 0,
    },
    Format {
        what: "a GitLab token",
        hints: &["glpat-"],
        pattern: r"\bglpat-[A-Za-z0-9_-]{20,}",
        group: 0,
    },
    Format {
        what: "a Slack token",
        hints: &["xox", "hooks.slack.com"],
        pattern: r"\bxox[abposre]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/[A-Za-z0-9/_-]+",
        group: 0,
    },
    Format {
        what: "an API key",
        hints: &["sk-", "sk_", "rk_"],
        pattern: r"\bsk-[A-Za-z0-9_-]{20,}|\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}",
        group: 0,
    },
    Format {
        what: "a Google API key",
        hints: &["AIza"],
        pattern: r"\bAIza[0-9A-Za-z_-]{35}",
        group: 0,
    },
    Format {
        what: "a package registry token",
        hints: &["npm_", "hf_"],
        pattern: r"\bnpm_[A-Za-z0-9]{36}\b|\bhf_[A-Za-z0-9]{34,}\b",
        group: 0,
    },
    Format {
        what: "a JWT",
        hints: &["eyJ"],
        pattern: r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*",
        group: 0,
    },
    Format {
        what: "a password in a URL",
        hints: &["://"],
        pattern: r#"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#@:'"]*:([^\s/?#@'"]+)@"#,
        group: 1,
    },
    Format {
        what: "a bearer credential",
        hints: &["Bearer", "Basic", "bearer"],
        pattern: r"\b(?:Bearer|Basic|bearer)\s+([A-Za-z0-9._~+/-]{8,}=*)",
        group: 1,
    },
];

/// `key <sep> value`: a key (quoted or not), `=`, `:`, `==`, `=>`, `->` or `:=`, and a
/// quoted value, one running to the next delimiter (an auth scheme word included), or the
/// opening bracket of a container (masked to its closing bracket).
const KEY_VALUE: &str = r#"^([A-Za-z_][A-Za-z0-9_.-]*)['"]?\s*(?:==|=>|->|:=|=|:)\s*(?:[bru]?'((?:[^'\\]|\\.)*)'|[bru]?"((?:[^"\\]|\\.)*)"|((?:(?:Bearer|Basic|Token|bearer|token)\s+)?[^\s,;(){}\[\]<>&'"]+)|([\[{(]))"#;

/// Lower-case pieces one of which a secret key contains (the test before the key/value
/// regex runs); the user's own terms are checked as well.
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

struct Compiled {
    formats: Vec<Regex>,
    key_value: Regex,
}

fn compiled() -> &'static Compiled {
    static COMPILED: OnceLock<Compiled> = OnceLock::new();
    COMPILED.get_or_init(|| Compiled {
        formats: FORMATS
            .iter()
            .map(|f| Regex::new(f.pattern).expect("the format table's patterns compile"))
            .collect(),
        key_value: Regex::new(KEY_VALUE).expect("the key/value pattern compiles"),
    })
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
    let rules = compiled();
    for (format, regex) in FORMATS.iter().zip(&rules.formats) {
        if !format.hints.iter().any(|h| text.contains(h)) {
            continue;
        }
        for captures in regex.captures_iter(text) {
            if let Some(m) = captures.get(format.group) {
                spans.push(Span {
                    start: m.start(),
                    end: m.end(),
                    reason: Reason::Format(format.what),
                });
            }
        }
    }
    for key in secret_keys(text, names, extra_hints) {
        // The key/value pattern, anchored at a key the name rule calls secret.
        let Some(captures) = rules.key_value.captures(&text[key..]) else {
            continue;
        };
        let (start, end) = match (
            captures.get(2).or(captures.get(3)).or(captures.get(4)),
            captures.get(5),
        ) {
            (Some(value), _) => {
                if !is_trivial(value.as_str()) {
                    learned.push(value.as_str().to_string());
                }
                (key + value.start(), key + value.end())
            }
            (None, Some(open)) => (key + open.end(), closing(text, key + open.start())),
            (None, None) => continue,
        };
        if !is_trivial(&text[start..end]) {
            spans.push(Span {
                start,
                end,
                reason: Reason::Name,
            });
        }
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
/// hint, once (found without a regex: most text holds none).
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
