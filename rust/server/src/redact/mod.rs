//! Secrets stay on the user's machine: the one step that masks credentials in what the
//! debugged program shows before any of it reaches an agent, an answer, a resource, a
//! notification, the history, its files and exports, or the session log.
//!
//! **Where it sits.** Everything the server says about a program comes from the
//! [`Backend`](debugger_core::Backend) (values, evaluations, output, stops, exception
//! messages, errors, breakpoints) whichever backend it is. [`Redacting`] wraps the backend
//! once, in [`crate::app::App::new`], and the tools, the tracker, the resources and the
//! history only ever see the wrapped one: there is no other path from a debugger to an
//! answer. Every model type a backend returns goes through [`backend`]'s `Redact`, which
//! destructures it field by field without `..`, and every event through an exhaustive
//! `match`: a field or event added later does not compile until its redaction is decided.
//! A new answer field built from those values is masked because its source already is.
//! What the server says that no program produced (the agent's own arguments, source files
//! the agent could open itself, the server's own messages) is not program data.
//!
//! **What is masked** (unless the user turns it off: the IDE's setting, or
//! `--show-secrets` / `JETBRAINS_DEBUGGER_SHOW_SECRETS` for the standalone binary; no tool
//! parameter can):
//! - a value whose name says it is secret ([`names`]), and what a secret container holds;
//! - credential formats and secret-keyed values inside any text ([`text`]), and values
//!   masked before wherever they show up again;
//! - an evaluation, watch or trace expression, or a logpoint placeholder, that reads a
//!   secret-named variable: as a whole, unless it is a boolean or None.
//!
//! Values masked once are remembered for the server's lifetime, up to
//! [`seen::SEEN_BYTES`] of them (oldest forgotten first), and masked wherever they show up.
//!
//! A masked value reads `<redacted: 32 chars, name looks secret>` and keeps its type; its
//! id still reaches the real value (expand, set). This prevents accidental disclosure; it
//! is no sandbox against code the user allowed to run (`allow_side_effects`), which can
//! send anything anywhere, though what it returns is masked the same way.

mod argv;
mod backend;
mod formats;
pub mod names;
mod seen;
pub mod text;

pub use backend::Redacting;

use debugger_core::ToolError;
use names::{NameLists, NameRule};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, RwLock};

/// Why something was masked, as the mask says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// Its name says it is secret.
    Name,
    /// It is part of a value masked as a whole.
    Part,
    /// An expression that reads this secret-named variable produced it.
    Reads(String),
    /// It has a credential's format.
    Format(&'static str),
    /// A value masked earlier.
    Seen,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Name => f.write_str("name looks secret"),
            Reason::Part => f.write_str("inside a secret value"),
            Reason::Reads(name) => write!(f, "reads {name}"),
            Reason::Format(what) => write!(f, "looks like {what}"),
            Reason::Seen => f.write_str("a secret value seen before"),
        }
    }
}

/// What a masked value reads.
pub fn mask(chars: usize, reason: &Reason) -> String {
    format!("<redacted: {chars} chars, {reason}>")
}

/// The number of characters a mask says its value had, if `text` is a mask.
fn masked_chars(text: &str) -> Option<usize> {
    text.strip_prefix("<redacted: ")?
        .split_once(" chars, ")?
        .0
        .parse()
        .ok()
}

/// Whether `masked`, a value masked as a whole, may be `other`: all a mask tells of its
/// value is its length, so that is what a re-read after a set is checked by (`other` may
/// be masked too: a value seen before).
pub fn may_be(masked: &str, other: &str) -> bool {
    let other = unquoted(other);
    let length = masked_chars(other).unwrap_or_else(|| other.chars().count());
    masked_chars(masked) == Some(length)
}

/// A repr's text with its escapes undone (`\'` → `'`, `\n` → a line break).
fn unescaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(next @ ('\'' | '"' | '\\'))) => {
                out.push(next);
                chars.next();
            }
            ('\\', Some('n')) => {
                out.push('\n');
                chars.next();
            }
            ('\\', Some('t')) => {
                out.push('\t');
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// A value's text without the quotes of a string literal (`'abc'`, `"abc"`, `b'abc'`), nor
/// the address a C debugger shows before a string (`0x0000aaaa "abc"`).
pub fn unquoted(value: &str) -> &str {
    let v = value.trim();
    let v = match v.strip_prefix("0x").and_then(|r| r.split_once(' ')) {
        Some((address, rest)) if address.bytes().all(|b| b.is_ascii_hexdigit()) => rest.trim(),
        _ => v,
    };
    let v = v
        .strip_prefix('b')
        .filter(|r| r.starts_with('\''))
        .unwrap_or(v);
    for q in ['\'', '"'] {
        if let Some(inner) = v.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    v
}

/// What the user decided: whether secrets are hidden, and the name lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretSettings {
    pub hide: bool,
    pub names: NameLists,
}

impl Default for SecretSettings {
    fn default() -> Self {
        Self {
            hide: true,
            names: NameLists::default(),
        }
    }
}

/// The settings in force, with the name rule built from them.
struct Active {
    settings: SecretSettings,
    rule: NameRule,
    /// The user's extra terms, lower-case, as hints for the key/value rule.
    hints: Vec<String>,
}

impl Active {
    fn new(settings: SecretSettings) -> Self {
        let hints = settings
            .names
            .secret
            .iter()
            .flat_map(|n| names::words(n))
            .collect();
        Self {
            rule: NameRule::new(&settings.names),
            settings,
            hints,
        }
    }
}

/// The masking state shared by the server: the settings (switched by the user only) and
/// what was learned while masking: values to recognise again, the secret containers of
/// each session's current stop, and the logpoints whose placeholders read secrets.
pub struct Secrets {
    active: RwLock<Arc<Active>>,
    /// Read with every text, added to when something new is masked.
    seen: RwLock<seen::Seen>,
    /// session → children handles of values masked as a whole, at the current stop.
    secret_children: Mutex<HashMap<String, HashMap<String, Reason>>>,
    /// breakpoint id → its log message, for those whose placeholders read secrets.
    logpoints: Mutex<HashMap<String, backend::LogTemplate>>,
}

impl Secrets {
    pub fn new(settings: SecretSettings) -> Arc<Self> {
        Arc::new(Self {
            active: RwLock::new(Arc::new(Active::new(settings))),
            seen: RwLock::default(),
            secret_children: Mutex::default(),
            logpoints: Mutex::default(),
        })
    }

    /// The user changed the settings (the IDE's Settings page).
    pub fn set(&self, settings: SecretSettings) {
        tracing::info!(hide = settings.hide, "secret masking settings changed");
        *self.active.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(Active::new(settings));
    }

    pub fn settings(&self) -> SecretSettings {
        self.active().settings.clone()
    }

    fn active(&self) -> Arc<Active> {
        self.active
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Whether masking is on.
    pub fn hiding(&self) -> bool {
        self.active().settings.hide
    }

    /// Whether `name` says its value is secret (never, with masking off).
    pub fn is_secret_name(&self, name: &str) -> bool {
        let active = self.active();
        active.settings.hide && active.rule.is_secret(name)
    }

    /// Whether the value `value` (as a debugger shows it) of `name` is secret by its name:
    /// the name says so, and it is not a directory under a name that may mean one.
    pub fn is_secret_named_value(&self, name: &str, value: &str) -> bool {
        self.is_secret_name(name) && !names::holds_a_directory(name, unquoted(value))
    }

    /// The first secret-named variable an expression reads: any name in its text, string
    /// literals included (`d['password']`, `getattr(o, 'api_key')` and f-string fields
    /// read a secret as surely as a bare name), in any language.
    pub fn secret_read_by(&self, expression: &str) -> Option<String> {
        let active = self.active();
        if !active.settings.hide {
            return None;
        }
        expression
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '-'))
            .flat_map(|token| {
                // `a-password` is a name in a string and a subtraction in code: try both.
                std::iter::once(token).chain(token.split('-'))
            })
            .find(|token| !token.is_empty() && active.rule.is_secret(token))
            .map(str::to_string)
    }

    /// `text` with its secrets masked.
    pub fn text(&self, text: String) -> String {
        let active = self.active();
        if !active.settings.hide || text.is_empty() {
            return text;
        }
        let found = {
            let seen = self.seen.read().unwrap_or_else(|p| p.into_inner());
            text::redact(&text, &active.rule, &active.hints, &seen)
        };
        match found {
            Some(found) => {
                for value in found.learned {
                    self.learn(unquoted(&value));
                }
                found.text
            }
            None => text,
        }
    }

    /// A value masked as a whole for `reason`; remembered to be recognised in later text
    /// when it is one string that is secret in itself (not an ordinary part of a secret
    /// container, such as its user name).
    /// A part of a secret container, or a string item inside one masked as a whole, is
    /// remembered only when it looks like a credential (a pair's password, not its user
    /// name).
    pub fn whole(&self, value: &str, reason: &Reason) -> String {
        let content = unquoted(value);
        let container = content.contains(['(', '[', '{', ',', '<']);
        if !container && (*reason != Reason::Part || text::looks_like_credential(content)) {
            self.learn(content);
        } else if container && *reason != Reason::Part {
            for item in text::quoted_items(content) {
                if text::looks_like_credential(item) {
                    self.learn(item);
                }
            }
        }
        mask(content.chars().count(), reason)
    }

    /// Remember `value` in each raw form a program may print it in: as shown, and with
    /// a repr's escapes undone.
    fn learn(&self, value: &str) {
        let mut seen = self.seen.write().unwrap_or_else(|p| p.into_inner());
        seen.learn(value);
        if value.contains('\\') {
            seen.learn(&unescaped(value));
        }
    }

    /// How many values were ever remembered: a listing checks whether it taught one.
    fn learned(&self) -> usize {
        self.seen
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .learned()
    }

    /// Remember the values of the secret-named variables of an environment a debugged
    /// program gets: it may read one into a variable of any name (`getenv`, `os.Getenv`).
    pub fn learn_environment(&self, vars: impl IntoIterator<Item = (String, String)>) {
        for (name, value) in vars {
            if self.is_secret_named_value(&name, &value) && !text::is_trivial(&value) {
                self.learn(&value);
            }
        }
    }

    /// An error with its secrets masked; `derived` when it came from an expression that
    /// reads a secret: its message is masked but for the exception's type.
    pub fn error(&self, err: ToolError, derived: Option<&Reason>) -> ToolError {
        if !self.hiding() {
            return err;
        }
        let ToolError {
            code,
            message,
            details,
        } = err;
        let message = match derived {
            Some(reason) => masked_message(&message, reason),
            None => self.text(message),
        };
        let details = details
            .into_iter()
            .map(|(k, v)| (k, self.json(v)))
            .collect();
        ToolError {
            code,
            message,
            details,
        }
    }

    /// Every string in a JSON value, masked.
    fn json(&self, value: serde_json::Value) -> serde_json::Value {
        use serde_json::Value as J;
        match value {
            J::String(s) => J::String(self.text(s)),
            J::Array(items) => J::Array(items.into_iter().map(|v| self.json(v)).collect()),
            J::Object(map) => J::Object(map.into_iter().map(|(k, v)| (k, self.json(v))).collect()),
            other => other,
        }
    }

    /// The children of `handle` in `session` are parts of a value masked as a whole.
    fn hold_children(&self, session: &str, handle: &str) {
        self.lock_children()
            .entry(session.to_string())
            .or_default()
            .insert(handle.to_string(), Reason::Part);
    }

    fn children_masked(&self, session: &str, handle: &str) -> bool {
        self.lock_children()
            .get(session)
            .is_some_and(|held| held.contains_key(handle))
    }

    /// Execution moved (or the session ended): its handles mean other values now.
    fn forget_stop(&self, session: &str) {
        self.lock_children().remove(session);
    }

    fn lock_children(&self) -> std::sync::MutexGuard<'_, HashMap<String, HashMap<String, Reason>>> {
        self.secret_children
            .lock()
            .unwrap_or_else(|p| p.into_inner())
    }
}

/// A derived error's message: the exception's type stays, the rest is masked.
fn masked_message(message: &str, reason: &Reason) -> String {
    let kind = message
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
        .find(|w| {
            ["Error", "Exception", "Exit", "Interrupt"]
                .iter()
                .any(|end| w.ends_with(end))
        });
    let masked = mask(message.chars().count(), reason);
    match kind {
        Some(kind) => format!("{kind}: {masked}"),
        None => masked,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mask_says_how_long_and_why_and_can_be_read_back() {
        let m = mask(32, &Reason::Name);
        assert_eq!(m, "<redacted: 32 chars, name looks secret>");
        assert_eq!(masked_chars(&m), Some(32));
        assert_eq!(masked_chars("'hunter2'"), None);
        assert!(may_be(&m, &format!("'{}'", "x".repeat(32))));
        assert!(!may_be(&m, "'short'"));
        assert!(may_be(&m, &format!("'{}'", mask(32, &Reason::Seen))));
        assert_eq!(
            mask(7, &Reason::Reads("password".into())),
            "<redacted: 7 chars, reads password>"
        );
    }

    #[test]
    fn expressions_reading_secret_names_are_found_in_code_and_strings() {
        let secrets = Secrets::new(SecretSettings::default());
        for (expression, read) in [
            ("password[::-1]", "password"),
            ("api_key.upper()", "api_key"),
            ("config['db_password']", "db_password"),
            ("getattr(user, \"api_token\")", "api_token"),
            ("f'{secret}!'", "secret"),
            ("x-password", "x-password"),
            ("headers[\"x-api-key\"]", "x-api-key"),
            ("user.getPassword()", "getPassword"),
        ] {
            assert_eq!(
                secrets.secret_read_by(expression).as_deref(),
                Some(read),
                "{expression}"
            );
        }
        for expression in [
            "token_count + 1",
            "order.total * 2",
            "author.name",
            "len(items)",
        ] {
            assert_eq!(secrets.secret_read_by(expression), None, "{expression}");
        }
    }

    #[test]
    fn masking_off_changes_nothing() {
        let secrets = Secrets::new(SecretSettings {
            hide: false,
            names: NameLists::default(),
        });
        let text = "password=hunter22 AKIAIOSFODNN7EXAMPLE".to_string();
        assert_eq!(secrets.text(text.clone()), text);
        assert!(!secrets.is_secret_name("password"));
        assert_eq!(secrets.secret_read_by("password"), None);
        secrets.set(SecretSettings::default());
        assert!(secrets.text(text).contains("<redacted"));
    }

    #[test]
    fn a_derived_error_keeps_its_exception_type_only() {
        let reason = Reason::Reads("password".into());
        let out = masked_message(
            "ValueError: invalid literal for int() with base 10: 'hunter22'",
            &reason,
        );
        assert!(out.starts_with("ValueError: <redacted: "), "{out}");
        assert!(!out.contains("hunter22"));
        assert!(!masked_message("bad 'hunter22'", &reason).contains("hunter22"));
    }

    /// What the masking costs per answer, against what the answer's JSON costs to write (a
    /// baseline every answer pays), measured in the same run on a status-sized answer: 50
    /// values as debugpy shows them, a fifth of them secret. Printed, not asserted:
    /// `cargo test --release -p jetbrains-debugger-mcp masking_cost -- --nocapture`.
    #[test]
    fn masking_cost_per_answer() {
        use std::time::Instant;
        let secrets = Secrets::new(SecretSettings::default());
        let values: Vec<(String, String)> = (0..50)
            .map(|i| match i % 5 {
                0 => (format!("password_{i}"), format!("'correct-horse-{i}'")),
                1 => (
                    format!("order_{i}"),
                    format!("Order(id={i}, items=['apple', 'pear'], total=41.5)"),
                ),
                2 => (
                    format!("settings_{i}"),
                    "{'region': 'eu-west-1', 'auth_token': 'tok-93jd82hf7Gq1', 'retries': 3}"
                        .into(),
                ),
                3 => (
                    format!("url_{i}"),
                    "'postgresql://shop:Pg-S3cret-42@db.internal:5432/shop'".into(),
                ),
                _ => (format!("count_{i}"), format!("{}", i * 7)),
            })
            .collect();
        let rounds = 200;
        let started = Instant::now();
        for _ in 0..rounds {
            let json = serde_json::to_string(&values).unwrap();
            std::hint::black_box(json);
        }
        let baseline = started.elapsed() / rounds;
        let started = Instant::now();
        for _ in 0..rounds {
            for (name, value) in &values {
                let shown = if secrets.is_secret_name(name) {
                    secrets.whole(value, &Reason::Name)
                } else {
                    secrets.text(value.clone())
                };
                std::hint::black_box(shown);
            }
        }
        let masking = started.elapsed() / rounds;
        println!(
            "masking a 50-value answer: {masking:?}; writing its JSON: {baseline:?}; ratio {:.2}",
            masking.as_secs_f64() / baseline.as_secs_f64()
        );
    }

    /// A program reads its environment into variables of any name: the secret-named
    /// entries' values are masked wherever they show, the others are not.
    #[test]
    fn secret_named_environment_values_are_masked_under_any_name() {
        let secrets = Secrets::new(SecretSettings::default());
        secrets.learn_environment([
            ("DB_PASSWORD".to_string(), "envr-Kq7Zt3Wm9".to_string()),
            ("HOME".to_string(), "/home/ann".to_string()),
            ("REGION".to_string(), "eu-west-1".to_string()),
        ]);
        let shown = secrets.text("value = 0x5555 \"envr-Kq7Zt3Wm9\" in eu-west-1".into());
        assert!(!shown.contains("envr-Kq7Zt3Wm9"), "{shown}");
        assert!(shown.contains("eu-west-1"), "{shown}");
    }

    /// A C string is remembered without its address and quotes, a repr without escapes.
    #[test]
    fn raw_forms_of_a_masked_value_are_remembered() {
        let secrets = Secrets::new(SecretSettings::default());
        secrets.whole("0x00005555 \"ctok-Hq2LmX9pR7\"", &Reason::Name);
        secrets.whole("'it\\'s-a-s3cret'", &Reason::Name);
        let printed = secrets.text("ctok-Hq2LmX9pR7 and it's-a-s3cret".into());
        assert!(
            !printed.contains("ctok") && !printed.contains("s3cret"),
            "{printed}"
        );
    }

    /// A secret container's password-like parts are remembered, for when the program
    /// prints them alone; its ordinary parts (a user name) are not.
    #[test]
    fn a_secret_containers_credential_like_parts_are_remembered() {
        let secrets = Secrets::new(SecretSettings::default());
        secrets.whole("('app', 'pyc-Wq2Er5Ty9')", &Reason::Name);
        secrets.whole("\"cpc-Wq2Er5Ty-long\"", &Reason::Part);
        secrets.whole("\"app\"", &Reason::Part);
        let printed = secrets.text("app pyc-Wq2Er5Ty9 cpc-Wq2Er5Ty-long".into());
        assert_eq!(
            printed,
            "app <redacted: 13 chars, a secret value seen before> <redacted: 17 chars, a \
             secret value seen before>"
        );
    }

    #[test]
    fn string_quotes_are_not_part_of_the_length() {
        assert_eq!(unquoted("'hunter2'"), "hunter2");
        assert_eq!(unquoted("\"hunter2\""), "hunter2");
        assert_eq!(unquoted("b'hunter2'"), "hunter2");
        assert_eq!(unquoted("1234"), "1234");
    }
}
