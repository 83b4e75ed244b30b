//! Credential formats, as a table of shapes read by one scanner: literal prefixes and the
//! characters and length that follow them, and four shapes of their own (JWTs, `Bearer`
//! credentials, the password of a URL, PEM private keys). Hand-written rather than through
//! a regex engine: the smallest one cost the binary more than its size budget had left,
//! and every format here starts with a literal that `str::match_indices` finds.

/// Which bytes a token's body takes.
#[derive(Debug, Clone, Copy)]
enum Body {
    /// `A-Z0-9`.
    UpperDigits,
    /// `A-Za-z0-9`.
    Alnum,
    /// `A-Za-z0-9_`.
    Word,
    /// `A-Za-z0-9_-` (base64url).
    WordDash,
    /// `A-Za-z0-9_-/`.
    Path,
}

impl Body {
    fn has(self, b: u8) -> bool {
        match self {
            Body::UpperDigits => b.is_ascii_uppercase() || b.is_ascii_digit(),
            Body::Alnum => b.is_ascii_alphanumeric(),
            Body::Word => is_word(b),
            Body::WordDash => is_word(b) || b == b'-',
            Body::Path => is_word(b) || b == b'-' || b == b'/',
        }
    }
}

#[derive(Debug)]
enum Shape {
    /// One of `prefixes` (not inside a word), then `min..=max` bytes of `body`; `whole`: no
    /// word byte may follow.
    Token {
        prefixes: &'static [&'static str],
        body: Body,
        min: usize,
        max: usize,
        whole: bool,
    },
    /// `eyJ...`.`eyJ...`.`...`: a JSON Web Token's header, claims and signature.
    Jwt,
    /// `Bearer <token>` or `Basic <token>`: the token.
    Bearer,
    /// `scheme://user:<password>@host`: the password (to the last `@` before the host);
    /// `scheme://<key>@host` when the user is a key (a Sentry DSN's).
    UrlPassword,
    /// `user:password` in base64 without its `Basic`: a run of base64 that decodes to it.
    Base64Credentials,
    /// A 40-character base64 secret (an AWS secret access key) in text that names AWS or
    /// holds an AWS access key id.
    AwsSecretKey,
    /// `-----BEGIN ... PRIVATE KEY-----` to its END line, or to where the text was cut.
    PemPrivateKey,
}

/// A credential format: what it is (for the mask's reason) and its shape.
#[derive(Debug)]
pub struct Format {
    pub what: &'static str,
    shape: Shape,
}

const fn token(
    what: &'static str,
    prefixes: &'static [&'static str],
    body: Body,
    min: usize,
    max: usize,
    whole: bool,
) -> Format {
    Format {
        what,
        shape: Shape::Token {
            prefixes,
            body,
            min,
            max,
            whole,
        },
    }
}

const ANY: usize = usize::MAX;

pub const FORMATS: &[Format] = &[
    Format {
        what: "a private key",
        shape: Shape::PemPrivateKey,
    },
    token(
        "an AWS access key",
        &[
            "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AIPA", "ANPA", "ANVA", "APKA", "AROA",
        ],
        Body::UpperDigits,
        16,
        16,
        true,
    ),
    token(
        "an AWS access key",
        &["A3T"],
        Body::UpperDigits,
        17,
        17,
        true,
    ),
    token(
        "a GitHub token",
        &["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
        Body::Alnum,
        36,
        255,
        false,
    ),
    token(
        "a GitHub token",
        &["github_pat_"],
        Body::Word,
        22,
        255,
        false,
    ),
    token(
        "a GitLab token",
        &["glpat-"],
        Body::WordDash,
        20,
        ANY,
        false,
    ),
    token(
        "a Slack token",
        &[
            "xoxa-", "xoxb-", "xoxp-", "xoxo-", "xoxs-", "xoxr-", "xoxe-",
        ],
        Body::WordDash,
        10,
        ANY,
        false,
    ),
    token(
        "a Slack token",
        &["https://hooks.slack.com/services/"],
        Body::Path,
        1,
        ANY,
        false,
    ),
    token("an API key", &["sk-"], Body::WordDash, 20, ANY, false),
    token(
        "an API key",
        &["sk_live_", "sk_test_", "rk_live_", "rk_test_"],
        Body::Alnum,
        16,
        ANY,
        false,
    ),
    token("a Google API key", &["AIza"], Body::WordDash, 35, 35, false),
    token(
        "a package registry token",
        &["npm_"],
        Body::Alnum,
        36,
        36,
        true,
    ),
    token(
        "a package registry token",
        &["hf_"],
        Body::Alnum,
        34,
        ANY,
        false,
    ),
    Format {
        what: "a JWT",
        shape: Shape::Jwt,
    },
    Format {
        what: "a password in a URL",
        shape: Shape::UrlPassword,
    },
    Format {
        what: "a bearer credential",
        shape: Shape::Bearer,
    },
    Format {
        what: "a base64 user:password",
        shape: Shape::Base64Credentials,
    },
    Format {
        what: "an AWS secret access key",
        shape: Shape::AwsSecretKey,
    },
];

/// The shortest run of base64 decoded to look for a `user:password` in it.
const BASE64_CREDENTIALS_MIN: usize = 12;
/// The shortest user part of a URL taken for a key (a Sentry DSN's is 32).
const URL_KEY_MIN: usize = 20;

fn is_base64(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'/'
}

/// The runs of base64 in `text` (padding included) that no base64 byte touches.
fn base64_runs(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() {
            while at < bytes.len() && !is_base64(bytes[at]) {
                at += 1;
            }
            let start = at;
            while at < bytes.len() && is_base64(bytes[at]) {
                at += 1;
            }
            let mut end = at;
            while end < bytes.len() && end - at < 2 && bytes[end] == b'=' {
                end += 1;
            }
            let glued = start > 0 && matches!(bytes[start - 1], b'-' | b'_' | b'=')
                || end < bytes.len() && matches!(bytes[end], b'-' | b'_' | b'=');
            at = end;
            if end > start && !glued {
                return Some((start, end));
            }
        }
        None
    })
}

/// Standard base64 decoded; `None` when `run` is not (its length not a multiple of 4).
fn base64_decoded(run: &[u8]) -> Option<Vec<u8>> {
    if !run.len().is_multiple_of(4) {
        return None;
    }
    let value = |b: u8| match b {
        b'A'..=b'Z' => Some(b - b'A'),
        b'a'..=b'z' => Some(b - b'a' + 26),
        b'0'..=b'9' => Some(b - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let body = run
        .strip_suffix(b"==")
        .or(run.strip_suffix(b"="))
        .unwrap_or(run);
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    let mut bits = 0u32;
    let mut count = 0;
    for &b in body {
        bits = bits << 6 | u32::from(value(b)?);
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
        }
    }
    Some(out)
}

/// Whether `decoded` reads `user:password`: printable, no spaces, one side each of a colon.
fn is_user_password(decoded: &[u8]) -> bool {
    let printable = decoded.iter().all(|b| b.is_ascii_graphic());
    let colon = decoded.iter().position(|&b| b == b':');
    printable && colon.is_some_and(|c| c > 0 && c + 1 < decoded.len())
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Bytes of `body` from `at`, at most `max`; where they end.
fn run(bytes: &[u8], at: usize, body: Body, max: usize) -> usize {
    let mut end = at;
    while end < bytes.len() && end - at < max && body.has(bytes[end]) {
        end += 1;
    }
    end
}

/// Where `prefix` starts a word in `text` (no word byte before it).
fn word_starts<'t>(text: &'t str, prefix: &'t str) -> impl Iterator<Item = usize> + 't {
    let bytes = text.as_bytes();
    text.match_indices(prefix)
        .map(|(at, _)| at)
        .filter(move |&at| at == 0 || !is_word(bytes[at - 1]))
}

impl Format {
    /// Every span of `text` this format finds (byte offsets of the secret part).
    pub fn find(&self, text: &str) -> Vec<(usize, usize)> {
        let bytes = text.as_bytes();
        let mut found = Vec::new();
        match &self.shape {
            Shape::Token {
                prefixes,
                body,
                min,
                max,
                whole,
            } => {
                for prefix in *prefixes {
                    for at in word_starts(text, prefix) {
                        let from = at + prefix.len();
                        let end = run(bytes, from, *body, *max);
                        let glued = *whole && end < bytes.len() && is_word(bytes[end]);
                        if end - from >= *min && !glued {
                            found.push((at, end));
                        }
                    }
                }
            }
            Shape::Jwt => {
                for at in word_starts(text, "eyJ") {
                    let header = run(bytes, at + 3, Body::WordDash, ANY);
                    let claims = header + 1;
                    if header - at < 11 || !text[header..].starts_with(".eyJ") {
                        continue;
                    }
                    let claims_end = run(bytes, claims + 3, Body::WordDash, ANY);
                    if claims_end - claims < 11 || bytes.get(claims_end) != Some(&b'.') {
                        continue;
                    }
                    found.push((at, run(bytes, claims_end + 1, Body::WordDash, ANY)));
                }
            }
            Shape::Bearer => {
                for scheme in ["Bearer", "Basic", "bearer"] {
                    for at in word_starts(text, scheme) {
                        let mut from = at + scheme.len();
                        let spaces = from;
                        while from < bytes.len() && bytes[from].is_ascii_whitespace() {
                            from += 1;
                        }
                        let credential = |b: u8| {
                            b.is_ascii_alphanumeric()
                                || matches!(b, b'.' | b'_' | b'~' | b'+' | b'/' | b'-')
                        };
                        let mut end = from;
                        while end < bytes.len() && credential(bytes[end]) {
                            end += 1;
                        }
                        // `Basic settings` is prose: a credential is not a lower-case word.
                        let word = bytes[from..end].iter().all(u8::is_ascii_lowercase);
                        if from > spaces && end - from >= 8 && !word {
                            while end < bytes.len() && bytes[end] == b'=' {
                                end += 1;
                            }
                            found.push((from, end));
                        }
                    }
                }
            }
            Shape::UrlPassword => {
                // The user part runs to the last `@` before the host's path, query or end.
                let stops = |b: u8| b.is_ascii_whitespace() || b"/?#'\"".contains(&b);
                for (at, _) in text.match_indices("://") {
                    if at == 0 || !bytes[at - 1].is_ascii_alphanumeric() {
                        continue;
                    }
                    let from = at + 3;
                    let mut end = from;
                    while end < bytes.len() && !stops(bytes[end]) {
                        end += 1;
                    }
                    let Some(user_end) = text[from..end].rfind('@').map(|i| from + i) else {
                        continue;
                    };
                    let user = &text[from..user_end];
                    match user.find(':') {
                        Some(colon) if colon + 1 < user.len() => {
                            found.push((from + colon + 1, user_end))
                        }
                        Some(_) => {}
                        None => {
                            let key = user.len() >= URL_KEY_MIN
                                && user.bytes().all(|b| b.is_ascii_alphanumeric())
                                && user.bytes().any(|b| b.is_ascii_digit());
                            if key {
                                found.push((from, user_end));
                            }
                        }
                    }
                }
            }
            Shape::Base64Credentials => {
                for (start, end) in base64_runs(text) {
                    if end - start >= BASE64_CREDENTIALS_MIN
                        && base64_decoded(&bytes[start..end]).is_some_and(|d| is_user_password(&d))
                    {
                        found.push((start, end));
                    }
                }
            }
            Shape::AwsSecretKey => {
                let aws = text.contains("AKIA")
                    || text.contains("ASIA")
                    || bytes.windows(3).any(|w| w.eq_ignore_ascii_case(b"aws"));
                if !aws {
                    return found;
                }
                for (start, end) in base64_runs(text) {
                    let run = &bytes[start..end];
                    let mixed = run.iter().any(u8::is_ascii_uppercase)
                        && run.iter().any(u8::is_ascii_lowercase)
                        && run.iter().any(u8::is_ascii_digit);
                    if run.len() == 40 && mixed {
                        found.push((start, end));
                    }
                }
            }
            Shape::PemPrivateKey => {
                for (at, _) in text.match_indices("-----BEGIN") {
                    let header = at + "-----BEGIN".len();
                    let Some(close) = text[header..].find("-----").map(|i| header + i) else {
                        continue;
                    };
                    let label = text[header..close].trim();
                    let label_ok = label
                        .bytes()
                        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' ');
                    if !label_ok
                        || !(label.ends_with("PRIVATE KEY") || label.ends_with("PRIVATE KEY BLOCK"))
                    {
                        continue;
                    }
                    let body = close + 5;
                    let end = match text[body..].find("-----END") {
                        Some(i) => {
                            let tail = body + i + "-----END".len();
                            text[tail..]
                                .find("-----")
                                .map_or(text.len(), |j| tail + j + 5)
                        }
                        // Cut short (a debugger caps a long repr): the key runs to the text's
                        // base64, line breaks and escaped line breaks.
                        None => {
                            let mut end = body;
                            let key = |b: u8| {
                                b.is_ascii_alphanumeric()
                                    || b"+/=\\".contains(&b)
                                    || b.is_ascii_whitespace()
                            };
                            while end < bytes.len() && key(bytes[end]) {
                                end += 1;
                            }
                            end
                        }
                    };
                    found.push((at, end));
                }
            }
        }
        found
    }
}
