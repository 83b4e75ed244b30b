//! Secrets inside free text: a value's repr, an evaluation's result, program output, an
//! exception's message, a debugger's comment. Three rules find the spans to mask, all on
//! the original text, and overlapping spans merge into one mask:
//! - **credential formats** ([`super::formats`], a table): AWS access keys and their
//!   secret keys, GitHub, GitLab, Slack, `sk-` style, Stripe, Google, npm and Hugging Face
//!   keys, JWTs, PEM private keys (also cut short, as a debugger caps a long repr), the
//!   password of `scheme://user:pw@host` and a DSN's key, `Bearer`/`Basic` credentials,
//!   base64 `user:password`;
//! - **password flags** of the programs that have one ([`super::argv`]): `mysql -p V`;
//! - **secret keys with a value**: `password=...`, `'api_key': '...'`, `"token" -> "..."`,
//!   `Authorization: Bearer ...`, connection strings, XML elements, pairs and flags (see
//!   [`value_after`]), the key judged by the name rule;
//! - **values seen before** ([`super::seen`]): what an answer already masked, wherever it
//!   shows up later (printed, in an exception message).

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
    "pw",
    "dsn",
    "sessionid",
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

/// What [`redact`] found besides the new text: the secret-keyed values and credentials it
/// masked, to be recognised when they show up again.
pub struct Redacted {
    pub text: String,
    pub learned: Vec<String>,
}

/// Mask the secrets in `text`; `None` when there are none.
pub fn redact(
    text: &str,
    names: &NameRule,
    extra_hints: &[String],
    seen: &super::seen::Seen,
) -> Option<Redacted> {
    let mut spans = Vec::new();
    let mut learned = Vec::new();
    for format in FORMATS {
        for (start, end) in format.find(text) {
            // Remembered: a part of it listed alone (a pair's item) has no format of its own.
            learned.push(text[start..end].to_string());
            spans.push(Span {
                start,
                end,
                reason: Reason::Format(format.what),
            });
        }
    }
    for (start, end) in super::argv::find(text) {
        learned.push(text[start..end].to_string());
        spans.push(Span {
            start,
            end,
            reason: Reason::Format(super::argv::WHAT),
        });
    }
    for key in secret_keys(text, names, extra_hints) {
        let Some((start, end)) = value_after(text, key) else {
            continue;
        };
        let value = &text[start..end];
        let name_end = text[key..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_.-".contains(c)))
            .map_or(text.len(), |i| key + i);
        if is_trivial(value) || super::names::holds_a_directory(&text[key..name_end], value) {
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
    for (start, end) in seen.find(text) {
        spans.push(Span {
            start,
            end,
            reason: Reason::Seen,
        });
    }
    if spans.is_empty() {
        return None;
    }
    Some(Redacted {
        text: apply(text, spans),
        learned,
    })
}

/// The value after the key that starts at `key`, in any of the shapes a key and its value
/// take in text: `key <sep> value` with an optional quote after the key (escaped too, as a
/// repr of text holding both quote kinds shows it), `=`, `:`, `==`, `=>`, `->` or `:=`; a
/// type annotation between `key:` and `=` (`api_token: str = ...`); `<key>value</key>`;
/// a pair (`('password', value)` first in its brackets, or a flag `'--password', value`
/// anywhere in a list); and prose (`using password V` when V looks like a credential).
/// The value is quoted (to its closing quote, escaped or not, or the text's end when it was
/// cut), a container (to its closing bracket), or runs to the next delimiter (an auth
/// scheme word included). `None` when no value follows.
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
    let key_end = at;
    let before = text[..key].trim_end_matches('-');
    let flag = before.len() < key;
    let opening = quote_before(before);
    if let Some(quote) = opening {
        if text[at..].starts_with(quote) {
            at += quote.len();
        }
    }
    let after_key = at;
    at = skip_spaces(at);
    let separator = SEPARATORS.iter().find(|s| text[at..].starts_with(**s));
    let pair = opening.is_some() && bytes.get(at) == Some(&b',');
    let at = match separator {
        Some(&":") => skip_annotation(text, skip_spaces(at + 1)),
        Some(separator) => skip_spaces(at + separator.len()),
        None if before.ends_with('<') && bytes.get(key_end) == Some(&b'>') => {
            let from = key_end + 1;
            let end = text[from..].find('<').map_or(text.len(), |i| from + i);
            return (end > from).then_some((from, end));
        }
        None if pair => {
            let first = before[..before.len() - opening.unwrap_or_default().len()]
                .trim_end()
                .ends_with(['(', '[', '{']);
            if !(flag || first) {
                return None;
            }
            let from = skip_spaces(at + 1);
            // The pair's second item is a string.
            quote_at(text, from)?;
            from
        }
        None if opening.is_none() && after_key < at => return prose_credential(text, at),
        None => return None,
    };
    if let Some((quote, from)) = quote_at(text, at) {
        return Some((from, closing_quote(text, from, quote)));
    }
    match bytes.get(at) {
        Some(b'[' | b'{' | b'(') => Some((at + 1, closing(text, at))),
        _ => {
            let mut from = at;
            if let Some(scheme) = SCHEMES.iter().find(|s| text[at..].starts_with(**s)) {
                let after = skip_spaces(at + scheme.len());
                if after > at + scheme.len() {
                    from = after;
                }
            }
            let delimiter = |b: u8| b.is_ascii_whitespace() || b",;(){}[]<>&'\"\\".contains(&b);
            let mut end = from;
            while end < bytes.len() && !delimiter(bytes[end]) {
                end += 1;
            }
            (end > from).then_some((at, end))
        }
    }
}

/// The quote that ends `before` (`'`, `"`, or one escaped: `\'`), if any.
fn quote_before(before: &str) -> Option<&'static str> {
    ["\\'", "\\\"", "'", "\""]
        .into_iter()
        .find(|q| before.ends_with(q))
}

/// The quote that opens a string literal at `at` (`'`, `"`, escaped, or after a `b`, `r`
/// or `u` prefix), if one does, and where the string's text starts.
fn quote_at(text: &str, at: usize) -> Option<(&'static str, usize)> {
    let rest = text.get(at..)?;
    let prefix = usize::from(matches!(
        rest.as_bytes(),
        [b'b' | b'r' | b'u', b'\'' | b'"', ..]
    ));
    ["\\'", "\\\"", "'", "\""]
        .into_iter()
        .find(|q| rest[prefix..].starts_with(q))
        .map(|q| (q, at + prefix + q.len()))
}

/// Where the string whose text starts at `from` and that `quote` opened ends: before its
/// closing quote, or at the text's end when it was cut. An escaped quote (`\'`) is closed
/// by the same escaped quote; a plain one by itself, skipping escapes.
fn closing_quote(text: &str, from: usize, quote: &str) -> usize {
    if quote.len() == 2 {
        return text[from..].find(quote).map_or(text.len(), |i| from + i);
    }
    let bytes = text.as_bytes();
    let mut end = from;
    while end < bytes.len() && bytes[end] != quote.as_bytes()[0] {
        end += if bytes[end] == b'\\' { 2 } else { 1 };
    }
    end.min(bytes.len())
}

/// Past a type annotation at `at` (`str = `, `Optional[str] = `): where its value starts;
/// `at` itself when there is none.
fn skip_annotation(text: &str, at: usize) -> usize {
    let rest = &text[at..];
    let annotation = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || "_.[], |".contains(c)))
        .unwrap_or(rest.len());
    let after = rest[annotation..].trim_start_matches(' ');
    let starts_like_a_type = rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    if annotation > 0 && starts_like_a_type && after.starts_with('=') && !after.starts_with("==") {
        let value = &after[1..];
        text.len() - value.trim_start().len()
    } else {
        at
    }
}

/// Names of password hashing schemes, which prose names after the word password
/// (`password argon2id hashing`): a word holding one is the scheme, not the password.
const HASH_SCHEMES: &[&str] = &[
    "argon2", "bcrypt", "scrypt", "pbkdf2", "sha1", "sha224", "sha256", "sha384", "sha512", "md5",
    "crypt",
];

/// The word at `at` when it looks like a credential rather than a word of prose: at least
/// 8 characters, with letters and digits, and no hashing scheme's name.
fn prose_credential(text: &str, at: usize) -> Option<(usize, usize)> {
    let end = text[at..]
        .find(|c: char| c.is_whitespace() || "'\",;()[]{}<>\\".contains(c))
        .map_or(text.len(), |i| at + i);
    looks_like_credential(&text[at..end]).then_some((at, end))
}

/// Whether `word` looks like a credential rather than a word of prose or a name: at least
/// 8 characters, with letters and digits, and no hashing scheme's name.
pub fn looks_like_credential(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    word.len() >= 8
        && !word.contains(char::is_whitespace)
        && word.bytes().any(|b| b.is_ascii_digit())
        && word.bytes().any(|b| b.is_ascii_alphabetic())
        && !HASH_SCHEMES.iter().any(|scheme| lower.contains(scheme))
}

/// The texts of the string literals in `text` (a container's repr), quotes taken off.
pub fn quoted_items(text: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut at = 0;
    while let Some((quote, from)) = text[at..]
        .find(['\'', '"'])
        .and_then(|i| quote_at(text, at + i))
    {
        let end = closing_quote(text, from, quote);
        items.push(&text[from..end]);
        at = (end + quote.len()).min(text.len());
    }
    items
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
    use super::super::seen::Seen;
    use super::*;

    fn seen(values: &[&str]) -> Seen {
        let mut seen = Seen::default();
        values.iter().for_each(|v| seen.learn(v));
        seen
    }

    fn masked(text: &str) -> String {
        redact(text, &NameRule::default(), &[], &Seen::default())
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

    /// `pwd` holding a directory, a hashing scheme named after `password` in prose, and
    /// `-p` of a program that takes no password are ordinary; the same shapes holding a
    /// credential are not.
    #[test]
    fn a_directory_a_hashing_scheme_and_a_port_flag_are_not_secrets() {
        for text in [
            "{'pwd': '/srv/app/forms', 'n': 1}",
            "pwd='C:\\Users\\ann'",
            "stored with password argon2id hashing",
            "migrating password PBKDF2-SHA256 hashes",
            "ssh -p 2222 deploy@host",
            "['mkdir', '-p', 'build-7Qx2Lm']",
        ] {
            assert_eq!(masked(text), text);
        }
        for (text, secret) in [
            ("{'pwd': 'pw-Xq8Lm2Vb'}", "pw-Xq8Lm2Vb"),
            (
                "connecting as app using password lg-02JV13MK",
                "lg-02JV13MK",
            ),
            ("mysql -u app -p myp-Xq8Lm2Vb shop", "myp-Xq8Lm2Vb"),
        ] {
            let out = masked(text);
            assert!(!out.contains(secret), "{text} → {out}");
        }
    }

    #[test]
    fn values_seen_before_are_masked_and_secret_keyed_values_learned() {
        let found = redact(
            "login failed for bob with hunter22",
            &NameRule::default(),
            &[],
            &seen(&["hunter22"]),
        )
        .unwrap();
        assert_eq!(
            found.text,
            "login failed for bob with <redacted: 8 chars, a secret value seen before>"
        );
        let inside_a_word = redact("deploying", &NameRule::default(), &[], &seen(&["deploy"]));
        assert!(inside_a_word.is_none());
        let found = redact(
            "password=hunter22",
            &NameRule::default(),
            &[],
            &Seen::default(),
        )
        .unwrap();
        assert_eq!(found.learned, ["hunter22"]);
    }

    /// The shapes real programs give a secret: each failed before its rule existed.
    #[test]
    fn secrets_in_the_shapes_real_programs_use_are_masked() {
        for (text, secret) in [
            // Escaped quotes, and both quote kinds (a repr of text holding both).
            (
                "'said \"hi\" then password=\\'esc-EA3DxiCri\\''",
                "esc-EA3DxiCri",
            ),
            (
                "'{\\'client_secret\\': \\'cs-okste6tHgL\\'} \"q\"'",
                "cs-okste6tHgL",
            ),
            // Annotated assignments in source.
            ("    api_token: str = \"at-HtA7oA82tWI\"", "at-HtA7oA82tWI"),
            (
                "api_token: Optional[str] = 'at-HtA7oA82tWI'",
                "at-HtA7oA82tWI",
            ),
            // Pairs: a secret name first in its brackets, or a flag anywhere in a list.
            (
                "[('host', 'db'), ('password', 'cfg-VeZCrAhLs')]",
                "cfg-VeZCrAhLs",
            ),
            (
                "[('X-Api-Key', 'xak-zIBppR0hLQ'), ('Accept', 'text/html')]",
                "xak-zIBppR0hLQ",
            ),
            (
                "[]string len: 2, cap: 2, [\"password\",\"go-Q8x2Lm7\"]",
                "go-Q8x2Lm7",
            ),
            (
                "['--verbose', '--password', 'flag-YirVWCT']",
                "flag-YirVWCT",
            ),
            ("['--db-password=argv-Pw8Lx2Qz']", "argv-Pw8Lx2Qz"),
            // Connection strings, XML, INI, cookies, prose.
            (
                "Driver={ODBC};Server=db;Uid=app;Pwd=odbc-N03DeeUd;",
                "odbc-N03DeeUd",
            ),
            (
                "Server=db;User Id=app;Password=mssql-vAulXlV;",
                "mssql-vAulXlV",
            ),
            (
                "AccountName=shop;AccountKey=AvExQra7TNOqGIYdk==;Suffix=x",
                "AvExQra7TNOqGIYdk",
            ),
            (
                "SharedAccessKeyName=root;SharedAccessKey=rhGqf2QJDWjqPS5X=",
                "rhGqf2QJDWjqPS5X",
            ),
            (
                "<config><password>xml-jD7lPxV0</password></config>",
                "xml-jD7lPxV0",
            ),
            ("[db]\nhost = db\npassword = ini-y7jhDuMl\n", "ini-y7jhDuMl"),
            (
                "Set-Cookie: sessionid=sid-I9DbA0DNFO; Path=/",
                "sid-I9DbA0DNFO",
            ),
            (
                "connecting as app using password lg-02JV13MK",
                "lg-02JV13MK",
            ),
            ("Login(user='bob', pw='nt-nnCIlMiKT')", "nt-nnCIlMiKT"),
            // URLs: a password holding `@`, a Sentry DSN's key.
            ("amqp://app:p@ss-65UWw9V@mq.internal:5672/", "ss-65UWw9V"),
            (
                "https://9c1e7d2b4a6f8e0d3c5b7a9f1e2d4c6b@o1.ingest.sentry.io/4",
                "9c1e7d2b4a6f",
            ),
            // base64 user:password without `Basic`; an AWS secret key beside its id.
            (
                "auth blob YXBwOnMzY3IzdC1QdzhMeDI=",
                "YXBwOnMzY3IzdC1QdzhMeDI",
            ),
            (
                "('AKIAQX7Z3B5N6M2K4P8R', 'zkjezz8Ht4k1HDDnA4L9St/CQrWJNWhQpjUGOtQh')",
                "zkjezz8Ht4k1HDDnA4L9St",
            ),
        ] {
            let out = masked(text);
            assert!(!out.contains(secret), "{text} → {out}");
        }
    }

    /// Ordinary values a program holds beside its secrets: none is masked.
    #[test]
    fn ordinary_values_beside_secrets_are_not_masked() {
        for text in [
            "3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a",
            "123e4567-e89b-12d3-a456-426614174000",
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
            "tests/test_login.py::test_password_reset[token-expired]",
            "password_min_length = 12",
            "Keep the secret to yourself: the password policy asks for 12 characters.",
            "'Basic settings'",
            "optimization_pass = 'constant-folding'",
            "['username', 'password', 'email']",
            "the password is wrong",
            "aws region eu-west-1 commit 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a",
            "/usr/local/lib/python3.11/site-packages",
            "{'PWD': '/home/ann/shop'}",
            "git@github.com:ann/shop.git ssh://git@github.com/ann/shop",
        ] {
            assert_eq!(masked(text), text);
        }
    }

    #[test]
    fn overlapping_finds_become_one_mask() {
        let out = masked("{'token': 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'}");
        assert_eq!(out.matches("<redacted").count(), 1, "{out}");
    }
}
