//! Which names say that their value is a secret: variables, fields, attributes, dict and
//! map keys, environment entries, and the names an expression reads.
//!
//! A name is split into lower-case words at `_`, `-`, `.`, spaces, quotes and brackets and
//! at camelCase humps (`apiKey`, `API_KEY`, `'api-key'` are all `api key`). It is secret
//! when its words end with a secret term, followed only by words that still name the
//! secret itself (`password_hash`, `token_value`, `auth_header`, digits): `token_count`,
//! `token_url` and `password_file` name something about a secret, not the secret, and
//! `author` is not the word `auth`. A few terms also count at the end of one word
//! (`PGPASSWORD`, `csrftoken`), where names glue words together. The user's lists add terms
//! and take terms or whole names away.

/// Secret terms, each a sequence of name words. Plural `tokens` is not one: `max_tokens`
/// and a tokenizer's `tokens` are everywhere, and hold counts and words. Nor is `pass` alone
/// (`optimization_pass`, `first_pass`), nor `key` alone (`sort_key`): each is secret after
/// a word that says whose it is (`user_pass`, `master_key`).
const TERMS: &[&[&str]] = &[
    &["password"],
    &["passwords"],
    &["passwd"],
    &["passphrase"],
    &["pw"],
    &["pwd"],
    &["user", "pass"],
    &["db", "pass"],
    &["admin", "pass"],
    &["root", "pass"],
    &["login", "pass"],
    &["account", "pass"],
    &["mail", "pass"],
    &["smtp", "pass"],
    &["ftp", "pass"],
    &["proxy", "pass"],
    &["secret"],
    &["secrets"],
    &["token"],
    &["apikey"],
    &["api", "key"],
    &["access", "key"],
    &["accesskey"],
    &["private", "key"],
    &["privatekey"],
    &["secretkey"],
    &["secret", "key"],
    &["auth", "key"],
    &["master", "key"],
    &["ssh", "key"],
    &["account", "key"],
    &["app", "key"],
    &["hmac", "key"],
    &["session", "key"],
    &["sessionkey"],
    &["signing", "key"],
    &["encryption", "key"],
    &["credential"],
    &["credentials"],
    &["creds"],
    &["auth"],
    &["authorization"],
    &["bearer"],
    &["cookie"],
    &["cookies"],
    &["signature"],
    &["sessionid"],
    &["dsn"],
];

/// Whole names that hold no secret though their words say so: the shell's working
/// directories (`PWD`, as an environment dump shows it).
const NEVER_BY_DEFAULT: &[&str] = &["PWD", "OLDPWD"];

/// Terms that are also the shell's name for the working directory (`pwd = os.getcwd()`):
/// a name ending with one holds a directory, not a secret, when its value is an absolute
/// path.
const ALSO_DIRECTORIES: &[&str] = &["pwd"];

/// Whether `name`, secret by its words, holds a directory instead: its last word is one
/// of [`ALSO_DIRECTORIES`] and `value` (its text, unquoted) is an absolute path.
pub fn holds_a_directory(name: &str, value: &str) -> bool {
    let absolute = value.starts_with('/')
        || value.starts_with("~/")
        || matches!(value.as_bytes(), [drive, b':', b'\\' | b'/', ..] if drive.is_ascii_alphabetic());
    absolute
        && words(name)
            .last()
            .is_some_and(|w| ALSO_DIRECTORIES.contains(&w.as_str()))
}

/// Terms that also count as the end of a longer word (`dbpassword`, `csrftoken`): long
/// enough that no ordinary word ends with them.
const WORD_ENDINGS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "secret",
    "token",
    "apikey",
    "accesskey",
    "privatekey",
    "secretkey",
    "sessionkey",
    "credentials",
];

/// Words that may follow a term while the name still names the secret itself.
const STILL_THE_SECRET: &[&str] = &[
    "value",
    "val",
    "str",
    "string",
    "text",
    "raw",
    "plain",
    "plaintext",
    "bytes",
    "b64",
    "base64",
    "hex",
    "enc",
    "encoded",
    "encrypted",
    "hash",
    "hashed",
    "digest",
    "data",
    "env",
    "var",
    "header",
    "headers",
    "pem",
    "input",
    "new",
    "old",
    "current",
    "confirm",
    "confirmation",
    "repeat",
    "again",
];

/// The lower-case words of a name.
pub fn words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    for chunk in name.split(|c: char| !c.is_alphanumeric()) {
        let chars: Vec<char> = chunk.chars().collect();
        let mut start = 0;
        for i in 1..chars.len() {
            let (before, here) = (chars[i - 1], chars[i]);
            let next_lower = chars.get(i + 1).is_some_and(|c| c.is_lowercase());
            // `apiKey` → api|Key; `APIKey` → API|Key; `key2` and `2fa` stay whole.
            let hump = (before.is_lowercase() && here.is_uppercase())
                || (before.is_uppercase() && here.is_uppercase() && next_lower);
            if hump {
                words.push(chars[start..i].iter().collect::<String>().to_lowercase());
                start = i;
            }
        }
        if start < chars.len() {
            words.push(chars[start..].iter().collect::<String>().to_lowercase());
        }
    }
    words
}

/// The user's additions to the rule: more secret names, and names never masked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameLists {
    /// Each one a term, matched like the built-in ones (`ssn` masks `user_ssn`).
    pub secret: Vec<String>,
    /// Each one a term taken out of the rule (`signature`), or a whole name
    /// (`session_token`) that is never masked.
    pub never: Vec<String>,
}

/// The rule, with the user's lists folded in once.
#[derive(Debug, Clone)]
pub struct NameRule {
    terms: Vec<Vec<String>>,
    endings: Vec<&'static str>,
    never_names: Vec<Vec<String>>,
}

impl Default for NameRule {
    fn default() -> Self {
        Self::new(&NameLists::default())
    }
}

impl NameRule {
    pub fn new(lists: &NameLists) -> Self {
        let never_names: Vec<Vec<String>> = lists
            .never
            .iter()
            .map(|n| words(n))
            .filter(|w| !w.is_empty())
            .collect();
        let built_in = TERMS
            .iter()
            .map(|t| t.iter().map(|w| w.to_string()).collect::<Vec<_>>());
        let extra = lists.secret.iter().map(|n| words(n));
        let terms = built_in
            .chain(extra)
            .filter(|t| !t.is_empty() && !never_names.contains(t))
            .collect();
        let endings = WORD_ENDINGS
            .iter()
            .copied()
            .filter(|e| !never_names.iter().any(|n| n.len() == 1 && n[0] == *e))
            .collect();
        Self {
            terms,
            endings,
            never_names,
        }
    }

    /// Whether `name` says its value is secret.
    pub fn is_secret(&self, name: &str) -> bool {
        // `password2` is the word `password`.
        let words: Vec<String> = words(name)
            .into_iter()
            .map(|w| match w.trim_end_matches(|c: char| c.is_ascii_digit()) {
                trimmed if !trimmed.is_empty() && !STILL_THE_SECRET.contains(&w.as_str()) => {
                    trimmed.to_string()
                }
                _ => w,
            })
            .collect();
        if words.is_empty()
            || self.never_names.contains(&words)
            || NEVER_BY_DEFAULT.contains(&name.trim_matches(|c: char| !c.is_alphanumeric()))
        {
            return false;
        }
        // Drop the trailing words that still name the secret, then look for a term at
        // the end; each dropped word is tried as the end too (`password_hash_value`).
        let mut end = words.len();
        loop {
            if self.term_ends_at(&words[..end]) {
                return true;
            }
            match words[..end].last() {
                Some(w) if end > 1 && still_the_secret(w) => end -= 1,
                _ => return false,
            }
        }
    }

    fn term_ends_at(&self, words: &[String]) -> bool {
        let last = words.last().map(String::as_str).unwrap_or_default();
        self.terms.iter().any(|term| words.ends_with(term))
            || self
                .endings
                .iter()
                .any(|e| last.len() > e.len() && last.ends_with(e))
    }
}

fn still_the_secret(word: &str) -> bool {
    STILL_THE_SECRET.contains(&word) || word.chars().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_words_whatever_the_case_style() {
        assert_eq!(words("apiKey"), ["api", "key"]);
        assert_eq!(words("API_KEY"), ["api", "key"]);
        assert_eq!(words("'x-api-key'"), ["x", "api", "key"]);
        assert_eq!(words("APIKey"), ["api", "key"]);
        assert_eq!(words("self.dbPassword2"), ["self", "db", "password2"]);
        assert_eq!(words("[\"Session-Key\"]"), ["session", "key"]);
    }

    /// Every secret name of the list, in every case style.
    #[test]
    fn secret_names_are_secret_in_snake_camel_kebab_and_any_case() {
        let rule = NameRule::default();
        for name in [
            "password",
            "PASSWORD",
            "db_password",
            "dbPassword",
            "db-password",
            "'db_password'",
            "PGPASSWORD",
            "passwd",
            "user_pass",
            "secret",
            "client_secret",
            "CLIENT_SECRET",
            "token",
            "access_token",
            "accessToken",
            "GITHUB_TOKEN",
            "csrftoken",
            "api_key",
            "apiKey",
            "API_KEY",
            "x-api-key",
            "apikey",
            "access_key",
            "aws_secret_access_key",
            "private_key",
            "privateKey",
            "private_key_pem",
            "credentials",
            "credential",
            "auth",
            "basic_auth",
            "Authorization",
            "cookie",
            "cookies",
            "session_key",
            "sessionKey",
            "signature",
            "request_signature",
            "password_hash",
            "password2",
            "auth_header",
            "token_value",
            "new_password",
            "password_confirmation",
            "SECRET_KEY",
            "auth_key",
            "master_key",
            "ssh_key",
            "AccountKey",
            "pw",
            "db_pw",
            "pwd",
            "Pwd",
            "db_pass",
            "sessionid",
            "SENTRY_DSN",
        ] {
            assert!(rule.is_secret(name), "{name} should be secret");
        }
    }

    /// Names that only contain a secret word, or are about a secret, are not secret.
    #[test]
    fn ordinary_names_are_not_secret() {
        let rule = NameRule::default();
        for name in [
            "token_count",
            "tokenCount",
            "max_tokens",
            "tokens",
            "tokenizer",
            "author",
            "authors",
            "authority",
            "authenticated",
            "is_authenticated",
            "auth_url",
            "token_url",
            "password_file",
            "password_policy",
            "password_length",
            "passenger",
            "passport",
            "bypass",
            "compass",
            "secretary",
            "key",
            "keys",
            "public_key",
            "primary_key",
            "sort_key",
            "key_id",
            "AWS_ACCESS_KEY_ID",
            "session",
            "session_id",
            "session_count",
            "cookie_jar",
            "signature_version",
            "total",
            "order",
            "items",
            "PWD",
            "'OLDPWD'",
            "optimization_pass",
            "first_pass",
            "pass",
            "password_min_length",
            "AccountName",
            "SharedAccessKeyName",
            "",
        ] {
            assert!(!rule.is_secret(name), "{name} should not be secret");
        }
    }

    #[test]
    fn the_users_lists_add_terms_and_take_terms_or_names_away() {
        let rule = NameRule::new(&NameLists {
            secret: vec!["ssn".into(), "pin code".into()],
            never: vec!["signature".into(), "csrf_token".into()],
        });
        assert!(rule.is_secret("user_ssn"));
        assert!(rule.is_secret("SSN"));
        assert!(rule.is_secret("pinCode"));
        assert!(!rule.is_secret("signature"), "a term taken away");
        assert!(!rule.is_secret("request_signature"), "a term taken away");
        assert!(!rule.is_secret("csrf_token"), "a whole name never masked");
        assert!(!rule.is_secret("CSRF-Token"), "in any case style");
        assert!(rule.is_secret("access_token"), "other names keep the term");
        let no_ending = NameRule::new(&NameLists {
            secret: vec![],
            never: vec!["token".into()],
        });
        assert!(!no_ending.is_secret("csrftoken"));
        assert!(!no_ending.is_secret("access_token"));
    }
}
