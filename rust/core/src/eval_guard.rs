//! The side-effect policy for Python evaluation: whether `evaluate` (and watches,
//! breakpoint conditions and log messages) may run an expression without
//! `allow_side_effects`.
//!
//! This static guard is the first of two layers. It is conservative: a small Python
//! tokenizer and expression parser must show that an expression is built from
//! names, attribute reads, subscripts, literals (f-string fields included),
//! operators, conditional expressions and comprehensions, and that every call is to
//! an allow-listed pure builtin, or to an allow-listed method of a value proven to
//! be a builtin one (a literal, or what an allowed builtin returns). Then it is
//! [`Classification::SideEffectFree`]. An allow-listed method name on a value of
//! unknown type (`d.get(k)`, `(os).replace(a, b)`) is
//! [`Classification::NeedsRuntimeGuard`]: only the debuggee's runtime guard (the
//! `sitecustomize` shim of the DAP backend), which judges the real callee object,
//! can let it run. Anything else is refused with a reason naming the construct;
//! statements are [`Classification::CodeFragment`].
//!
//! The source is read as pydevd will run it (`@LINE@` is a line break there), and
//! identifiers are NFKC-normalised as Python does (`ｏｓ` is `os`). Huge powers,
//! shifts and repetitions of literals (`10**10**8`, `'a' * 10**9`) and huge numbers
//! handed to calls (`range(10**12)`) are refused: no hook can interrupt one long
//! C operation.
//!
//! What no static guard can see: a user-defined operator, property, `__getattr__`
//! or `__eq__` with side effects, a local variable shadowing an allow-listed
//! builtin, a `defaultdict` inserting on lookup, builtins such as `list(it)` that
//! exhaust an iterator they are given. The runtime guard covers the Python-level
//! ones; without it (the IDE backend) those limits remain.
//!
//! Java and Kotlin expressions have their own, stricter guard in [`jvm`]
//! ([`classify_jvm`]): a proof over tokens that allows no calls at all.

pub mod jvm;

pub use jvm::{classify_jvm, JvmLanguage};

/// What evaluating a piece of code (Python, Java or Kotlin) could do, as far as the
/// guard can tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Classification {
    /// A single expression proven free of side effects.
    SideEffectFree,
    /// A single expression that is harmless only if every call it makes, judged on the
    /// real callee when it runs, is to a pure builtin; `reason` names the first such call.
    NeedsRuntimeGuard { reason: String },
    /// A single expression the guard cannot prove harmless; `reason` names the construct.
    MayHaveSideEffects { reason: String },
    /// Statements (several lines, `;`, assignments, `import`, `def`, `for`, ...).
    CodeFragment,
}

// The lists below read best as word lists, not one word a line.

/// Builtins that compute a value and change nothing.
#[rustfmt::skip]
const PURE_BUILTINS: &[&str] = &[
    "abs", "all", "any", "ascii", "bin", "bool", "bytes", "callable", "chr", "complex", "dict",
    "dir", "divmod", "enumerate", "float", "format", "frozenset", "getattr", "hasattr", "hash",
    "hex", "id", "int", "isinstance", "issubclass", "len", "list", "max", "min", "oct", "ord",
    "pow", "range", "repr", "reversed", "round", "set", "slice", "sorted", "str", "sum", "tuple",
    "type", "vars", "zip",
];

/// Methods of the builtin types that read and never mutate.
#[rustfmt::skip]
const PURE_METHODS: &[&str] = &[
    "keys", "values", "items", "get", "count", "index", "startswith", "endswith", "upper",
    "lower", "casefold", "capitalize", "title", "swapcase", "strip", "lstrip", "rstrip",
    "split", "rsplit", "splitlines", "partition", "rpartition", "join", "find", "rfind",
    "rindex", "replace", "removeprefix", "removesuffix", "center", "ljust", "rjust", "zfill",
    "expandtabs", "format", "encode", "decode", "isdigit", "isalpha", "isalnum", "isspace",
    "isupper", "islower", "istitle", "isnumeric", "isdecimal", "isidentifier", "isascii",
    "isprintable", "copy", "union", "intersection", "difference", "symmetric_difference",
    "issubset", "issuperset", "isdisjoint", "bit_length", "bit_count", "is_integer",
    "conjugate", "hex", "fromhex", "__len__", "__repr__", "__str__",
];

/// Modules whose functions share names with pure methods but act on the world
/// (`os.replace`, `shutil.copy`, `requests.get`): calls on them are refused.
#[rustfmt::skip]
const WORLDLY_MODULES: &[&str] = &[
    "os", "shutil", "subprocess", "sys", "io", "socket", "requests", "httpx", "urllib",
    "pathlib", "importlib", "builtins", "ctypes", "pickle", "marshal", "signal", "threading",
    "multiprocessing", "asyncio", "logging", "sqlite3", "tempfile", "webbrowser",
];

/// Special names that may be read.
#[rustfmt::skip]
const ALLOWED_DUNDERS: &[&str] = &[
    "__class__", "__dict__", "__name__", "__qualname__", "__module__", "__doc__", "__file__",
    "__mro__", "__bases__", "__len__", "__repr__", "__str__",
];

#[rustfmt::skip]
const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if",
    "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
    "while", "with", "yield",
];

/// Keywords that open a statement when they come first.
#[rustfmt::skip]
const STATEMENT_KEYWORDS: &[&str] = &[
    "import", "from", "def", "class", "del", "for", "while", "if", "elif", "else", "try",
    "except", "finally", "with", "return", "pass", "break", "continue", "raise", "assert",
    "global", "nonlocal", "async",
];

#[rustfmt::skip]
const ASSIGNMENTS: &[&str] = &[
    "=", "+=", "-=", "*=", "/=", "//=", "%=", "@=", "&=", "|=", "^=", ">>=", "<<=", "**=",
];

#[rustfmt::skip]
const BINARY_OPERATORS: &[&str] = &[
    "+", "-", "*", "/", "//", "%", "@", "**", "|", "^", "&", "<<", ">>", "<", ">", "==", "!=",
    "<=", ">=",
];

/// Operators, longest first.
#[rustfmt::skip]
const OPERATORS: &[&str] = &[
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->",
    ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "+", "-", "*", "/", "%", "@",
    "&", "|", "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=",
];

/// Deepest nesting (brackets, conditional expressions, f-strings) analysed; deeper
/// input is refused rather than risking the stack.
const MAX_NESTING: usize = 100;
const TOO_DEEP: &str = "is nested too deeply to analyse";

/// pydevd (debugpy's and PyCharm's debugger) turns this into a line break before
/// it compiles an expression.
const PYDEVD_LINE_BREAK: &str = "@LINE@";

/// Whether Python source is one variable's name and nothing else. Reading it looks
/// the name up in the frame's namespaces and runs none of the program's code, so a
/// runtime guard would have nothing to judge.
pub fn is_bare_name(expr: &str) -> bool {
    let as_run = expr.replace(PYDEVD_LINE_BREAK, "\n");
    let Ok(source) = normalize_identifiers(&as_run) else {
        return false;
    };
    let Ok(toks) = tokenize(&source, 0) else {
        return false;
    };
    let mut words = toks.iter().filter(|t| t.kind != Kind::Newline);
    match (words.next(), words.next()) {
        (Some(only), None) => only.kind == Kind::Name && !KEYWORDS.contains(&only.text),
        _ => false,
    }
}

/// Classify Python source for evaluation (see the module doc).
pub fn classify_python(expr: &str) -> Classification {
    let refuse = |reason: String| Classification::MayHaveSideEffects { reason };
    let as_run = expr.replace(PYDEVD_LINE_BREAK, "\n");
    let source = match normalize_identifiers(&as_run) {
        Ok(source) => source,
        Err(err) => return refuse(err),
    };
    let toks = match tokenize(&source, 0) {
        Ok(toks) => toks,
        Err(err) => return refuse(format!("cannot be analysed: {err}")),
    };
    if toks.is_empty() {
        return refuse("there is nothing to evaluate".into());
    }
    if toks.iter().any(Tok::is_separator) || is_statement(&toks) {
        return Classification::CodeFragment;
    }
    match check_expression(&toks) {
        Ok(None) => Classification::SideEffectFree,
        Ok(Some(reason)) => Classification::NeedsRuntimeGuard { reason },
        Err(reason) => refuse(reason),
    }
}

/// `source` with every identifier in the NFKC form Python gives it when it parses
/// (`ｏｓ` is `os`, `ﬁle` is `file`); string literals are left as they are. A
/// non-ASCII character outside strings that is not a letter, digit or `_` (before
/// or after normalisation) is refused: Python rejects it, or reads it as something
/// else (a full-width quote normalises to a quote).
fn normalize_identifiers(source: &str) -> Result<String, String> {
    use unicode_normalization::UnicodeNormalization;
    if source.is_ascii() {
        return Ok(source.to_owned());
    }
    let toks = tokenize(source, 0).map_err(|err| format!("cannot be analysed: {err}"))?;
    let word_char = |c: char| c == '_' || c.is_alphanumeric();
    let mut out = String::with_capacity(source.len());
    let mut copied = 0;
    for t in toks
        .iter()
        .filter(|t| t.kind == Kind::Name && !t.text.is_ascii())
    {
        let normal: String = t.text.nfkc().collect();
        if let Some(bad) = t
            .text
            .chars()
            .chain(normal.chars())
            .find(|&c| !word_char(c))
        {
            return Err(format!(
                "uses the character `{bad}` (U+{:04X}) outside a string, which Python does not \
                 read as part of a name",
                u32::from(bad)
            ));
        }
        out.push_str(&source[copied..t.start]);
        out.push_str(&normal);
        copied = t.end();
    }
    out.push_str(&source[copied..]);
    Ok(out)
}

/// Split a code fragment into the statements to execute and a trailing
/// expression whose value is the fragment's result (`x = 2; x * 3` gives
/// `(Some("x = 2"), Some("x * 3"))`). The trailing expression is the last simple
/// statement when it is an expression and not inside a block (indented deeper
/// than the first line, or after a block header on its line); otherwise everything
/// is statements. Blank input gives `(None, None)`.
pub fn split_trailing_expression(fragment: &str) -> (Option<String>, Option<String>) {
    let trimmed = fragment.trim();
    let whole = || ((!trimmed.is_empty()).then(|| trimmed.to_owned()), None);
    let Ok(toks) = tokenize(fragment, 0) else {
        return whole();
    };
    let line_start = toks
        .iter()
        .rposition(|t| t.kind == Kind::Newline)
        .map_or(0, |i| i + 1);
    let mut line = &toks[line_start..];
    while let [rest @ .., last] = line {
        if !last.is_op(";") {
            break;
        }
        line = rest;
    }
    let Some(first) = line.first() else {
        return whole();
    };
    let indent = |t: &Tok| {
        let before = &fragment[..t.start];
        before.len() - before.rfind(['\n', '\r']).map_or(0, |i| i + 1)
    };
    let indented = indent(first) > indent(&toks[0]);
    let seg_start = line.iter().rposition(|t| t.is_op(";")).map_or(0, |i| i + 1);
    let (head, seg) = line.split_at(seg_start);
    let block_header = head.iter().any(|t| t.depth == 0 && t.is_op(":"));
    if indented || block_header || is_statement(seg) {
        return whole();
    }
    let expression = &fragment[seg[0].start..seg[seg.len() - 1].end()];
    let statements = (line_start + seg_start > 0).then(|| {
        fragment[..seg[0].start]
            .trim_end()
            .trim_end_matches(';')
            .trim()
            .to_owned()
    });
    (statements, Some(expression.to_owned()))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Name,
    Number,
    Str,
    Op,
    /// End of a logical line (only at bracket depth 0).
    Newline,
}

#[derive(Debug, Clone)]
struct Tok<'a> {
    kind: Kind,
    text: &'a str,
    /// Byte offset in the source.
    start: usize,
    /// Bracket depth the token sits at (a bracket: the depth outside it).
    depth: usize,
    /// Expressions of the replacement fields of an f-string (or t-string).
    fields: Vec<&'a str>,
}

impl Tok<'_> {
    fn end(&self) -> usize {
        self.start + self.text.len()
    }

    fn is_op(&self, op: &str) -> bool {
        self.kind == Kind::Op && self.text == op
    }

    fn is_word(&self, word: &str) -> bool {
        self.kind == Kind::Name && self.text == word
    }

    /// `;` or a line end between statements.
    fn is_separator(&self) -> bool {
        self.depth == 0 && (self.kind == Kind::Newline || self.is_op(";"))
    }
}

/// Whether one logical line is a statement rather than an expression.
fn is_statement(toks: &[Tok]) -> bool {
    let Some(first) = toks.first() else {
        return false;
    };
    if (first.kind == Kind::Name && STATEMENT_KEYWORDS.contains(&first.text)) || first.is_op("@") {
        return true;
    }
    let mut lambda = false;
    for t in toks.iter().filter(|t| t.depth == 0) {
        lambda |= t.is_word("lambda");
        if t.kind == Kind::Op && (ASSIGNMENTS.contains(&t.text) || (t.text == ":" && !lambda)) {
            return true;
        }
    }
    false
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

fn is_ident_continue(b: u8) -> bool {
    is_ident_start(b) || b.is_ascii_digit()
}

fn is_string_prefix(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "r" | "u" | "b" | "br" | "rb" | "f" | "fr" | "rf" | "t" | "tr" | "rt"
    )
}

/// Tokens of `src`; `base_depth` 1 treats it as sitting inside brackets (an
/// f-string field), where line ends do not separate statements.
fn tokenize<'a>(src: &'a str, base_depth: usize) -> Result<Vec<Tok<'a>>, String> {
    let b = src.as_bytes();
    let mut toks: Vec<Tok> = Vec::new();
    let mut depth = base_depth;
    let mut i = 0;
    let push = |toks: &mut Vec<Tok<'a>>, kind, start: usize, end: usize, depth, fields| {
        toks.push(Tok {
            kind,
            text: &src[start..end],
            start,
            depth,
            fields,
        });
    };
    while i < b.len() {
        let c = b[i];
        let start = i;
        match c {
            b' ' | b'\t' | 0x0c => i += 1,
            b'\\' if matches!(b.get(i + 1), Some(b'\n' | b'\r')) => {
                i += if b[i + 1..].starts_with(b"\r\n") {
                    3
                } else {
                    2
                };
            }
            b'#' => {
                while i < b.len() && b[i] != b'\n' && b[i] != b'\r' {
                    i += 1;
                }
            }
            b'\n' | b'\r' => {
                i += 1;
                let after_code = toks.last().is_some_and(|t| t.kind != Kind::Newline);
                if depth == 0 && after_code {
                    push(&mut toks, Kind::Newline, start, i, 0, Vec::new());
                }
            }
            b'\'' | b'"' => {
                let (end, fields) = scan_string(src, i, "", 0)?;
                push(&mut toks, Kind::Str, start, end, depth, fields);
                i = end;
            }
            c if is_ident_start(c) => {
                while i < b.len() && is_ident_continue(b[i]) {
                    i += 1;
                }
                let word = &src[start..i];
                if matches!(b.get(i), Some(b'\'' | b'"')) && is_string_prefix(word) {
                    let (end, fields) = scan_string(src, i, word, 0)?;
                    push(&mut toks, Kind::Str, start, end, depth, fields);
                    i = end;
                } else {
                    push(&mut toks, Kind::Name, start, i, depth, Vec::new());
                }
            }
            c if c.is_ascii_digit()
                || c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit) =>
            {
                i = scan_number(b, i);
                push(&mut toks, Kind::Number, start, i, depth, Vec::new());
            }
            _ => {
                let op = OPERATORS
                    .iter()
                    .find(|op| b[i..].starts_with(op.as_bytes()))
                    .ok_or_else(|| {
                        let ch = src[i..].chars().next().unwrap_or('?');
                        format!("unexpected character `{ch}`")
                    })?;
                i += op.len();
                let at = match *op {
                    "(" | "[" | "{" => {
                        if depth >= MAX_NESTING {
                            return Err(TOO_DEEP.into());
                        }
                        depth += 1;
                        depth - 1
                    }
                    ")" | "]" | "}" => {
                        if depth == base_depth {
                            return Err(format!("unmatched `{op}`"));
                        }
                        depth -= 1;
                        depth
                    }
                    _ => depth,
                };
                push(&mut toks, Kind::Op, start, i, at, Vec::new());
            }
        }
    }
    if depth != base_depth {
        return Err("unclosed bracket".into());
    }
    if toks.last().is_some_and(|t| t.kind == Kind::Newline) {
        toks.pop();
    }
    Ok(toks)
}

/// End of the number starting at `i` (validity is Python's business).
fn scan_number(b: &[u8], mut i: usize) -> usize {
    if b[i] == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X' | b'o' | b'O' | b'b' | b'B')) {
        i += 2;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        return i;
    }
    while i < b.len() {
        match b[i] {
            b'0'..=b'9' | b'_' | b'.' => i += 1,
            b'e' | b'E' => {
                i += 1;
                if matches!(b.get(i), Some(b'+' | b'-')) {
                    i += 1;
                }
            }
            b'j' | b'J' => return i + 1,
            _ => break,
        }
    }
    i
}

/// A string literal whose opening quote is at `q`: its end, and for f-/t-strings
/// the expressions of its replacement fields.
fn scan_string<'a>(
    src: &'a str,
    q: usize,
    prefix: &str,
    nesting: usize,
) -> Result<(usize, Vec<&'a str>), String> {
    let b = src.as_bytes();
    let quote = b[q];
    let triple = b[q..].starts_with(&[quote; 3]);
    let formatted = prefix.to_ascii_lowercase().contains(['f', 't']);
    let mut i = q + if triple { 3 } else { 1 };
    let mut fields = Vec::new();
    loop {
        let Some(&c) = b.get(i) else {
            return Err("unterminated string".into());
        };
        if c == quote && (!triple || b[i..].starts_with(&[quote; 3])) {
            return Ok((i + if triple { 3 } else { 1 }, fields));
        }
        match c {
            // In an f-string `\{` still opens a field.
            b'\\' if formatted && matches!(b.get(i + 1), Some(b'{' | b'}')) => i += 1,
            b'\\' => i += 2,
            b'\n' | b'\r' if !triple => return Err("unterminated string".into()),
            b'{' | b'}' if formatted && b.get(i + 1) == Some(&c) => i += 2,
            b'{' if formatted => i = scan_field(src, i + 1, &mut fields, nesting + 1)?,
            b'}' if formatted => return Err("single `}` in an f-string".into()),
            _ => i += 1,
        }
    }
}

/// A replacement field starting at `start` (after its `{`): pushes its expression
/// (and those nested in its format spec) to `fields`, returns the offset after `}`.
fn scan_field<'a>(
    src: &'a str,
    start: usize,
    fields: &mut Vec<&'a str>,
    nesting: usize,
) -> Result<usize, String> {
    if nesting > MAX_NESTING {
        return Err(TOO_DEEP.into());
    }
    let b = src.as_bytes();
    let mut i = start;
    let mut depth = 0usize;
    loop {
        let Some(&c) = b.get(i) else {
            return Err("unterminated f-string field".into());
        };
        match c {
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
            }
            b')' | b']' | b'}' if depth > 0 => {
                depth -= 1;
                i += 1;
            }
            b'}' => break,
            b')' | b']' => return Err("unmatched bracket in an f-string field".into()),
            b'!' if depth == 0 && b.get(i + 1) != Some(&b'=') => break,
            b':' if depth == 0 => break,
            b'#' => return Err("comment in an f-string field".into()),
            b'\'' | b'"' => {
                let word_start = src[start..i]
                    .bytes()
                    .rposition(|x| !is_ident_continue(x))
                    .map_or(start, |p| start + p + 1);
                let word = &src[word_start..i];
                let prefix = if is_string_prefix(word) { word } else { "" };
                i = scan_string(src, i, prefix, nesting + 1)?.0;
            }
            _ => i += 1,
        }
    }
    fields.push(strip_debug_equals(&src[start..i]));
    if b[i] == b'!' {
        i += 1;
        while i < b.len() && is_ident_continue(b[i]) {
            i += 1;
        }
    }
    if b.get(i) == Some(&b':') {
        i += 1;
        let mut digits = 0;
        loop {
            digits = if b.get(i).is_some_and(u8::is_ascii_digit) {
                digits + 1
            } else {
                0
            };
            if digits > 7 {
                return Err("formats to a width or precision over 10^7 in an f-string".into());
            }
            match b.get(i) {
                None => return Err("unterminated f-string field".into()),
                Some(b'}') => break,
                Some(b'{') => i = scan_field(src, i + 1, fields, nesting + 1)?,
                Some(b'\\') => i += 2,
                Some(_) => i += 1,
            }
        }
    }
    if b.get(i) != Some(&b'}') {
        return Err("malformed f-string field".into());
    }
    Ok(i + 1)
}

/// `x=` in `f"{x=}"` is `x`, shown with its source.
fn strip_debug_equals(field: &str) -> &str {
    let trimmed = field.trim_end();
    match trimmed.strip_suffix('=') {
        Some(rest) if !rest.ends_with(['=', '!', '<', '>']) => rest,
        _ => field,
    }
}

/// Refusals that need no parsing.
fn forbidden(toks: &[Tok]) -> Result<(), String> {
    for t in toks {
        let reason = match (t.kind, t.text) {
            (Kind::Name, "lambda") => "defines a `lambda`",
            (Kind::Name, "yield") => "uses `yield`",
            (Kind::Name, "await") => "uses `await`",
            (Kind::Name, "async") => "uses `async`",
            (Kind::Op, ":=") => "assigns with `:=`",
            _ => continue,
        };
        return Err(reason.into());
    }
    Ok(())
}

/// `Ok(None)`: proven free of side effects; `Ok(Some(reason))`: free of them only
/// under the runtime guard (`reason` names the first call it must judge).
type Verdict = Result<Option<String>, String>;

fn check_expression(toks: &[Tok]) -> Verdict {
    forbidden(toks)?;
    let mut checker = Checker {
        toks,
        pos: 0,
        nesting: 0,
        needs_runtime: None,
    };
    checker.expr_list()?;
    match checker.peek() {
        None => Ok(checker.needs_runtime),
        Some(_) => Err(checker.unexpected()),
    }
}

fn check_field(field: &str) -> Verdict {
    let toks = tokenize(field, 1).map_err(|err| format!("cannot be analysed: {err}"))?;
    if toks.is_empty() {
        return Err("has an empty f-string field".into());
    }
    check_expression(&toks).map_err(|reason| format!("{reason} (in an f-string)"))
}

fn check_dunder(name: &str) -> Result<(), String> {
    let dunder = name.len() > 4 && name.starts_with("__") && name.ends_with("__");
    if dunder && !ALLOWED_DUNDERS.contains(&name) {
        return Err(format!(
            "accesses `{name}`, a special name the guard does not allow"
        ));
    }
    Ok(())
}

/// What the value read so far is, as far as calling it or its methods goes.
#[derive(Clone, Copy)]
enum Callee<'a> {
    /// A bare name: a builtin, unless shadowed.
    Builtin(&'a str),
    /// `receiver.name`.
    Method {
        name: &'a str,
        /// The receiver is a builtin value.
        on_builtin_value: bool,
    },
    /// A builtin value: a literal, a display, what an allowed builtin returns.
    BuiltinValue,
    /// Anything else (a subscript, a parenthesised expression, an attribute...).
    Unknown,
}

/// What an operand of a binary operator is, for the size limits.
#[derive(Clone, Copy, Default)]
struct Operand {
    /// log10 of the value when the operand is a number literal (or literal ** literal).
    magnitude: Option<f64>,
    /// log10 of the length factor when it is a literal string, bytes, list or tuple
    /// (0 for the literal itself; more once repeated): `*` repeats it.
    sequence: Option<f64>,
}

impl Operand {
    fn sequence() -> Self {
        Self {
            magnitude: None,
            sequence: Some(0.0),
        }
    }
}

#[derive(Default)]
struct CallArgs {
    positional: usize,
    starred: bool,
}

/// Bounds of the size limits (no hook can interrupt one long C operation).
const MAX_EXPONENT: f64 = 1_000.0;
const MAX_POWER_DIGITS: f64 = 10_000.0;
const MAX_SHIFT: f64 = 10_000.0;
const MAX_REPETITION: f64 = 100_000.0;
/// log10 of the largest number a call may be given (`range(10**7)` still is).
const MAX_CALL_ARGUMENT_LOG10: f64 = 7.0;

/// Builtins whose result is always a builtin value, so that its methods are the
/// builtin ones.
#[rustfmt::skip]
const TYPED_BUILTINS: &[&str] = &[
    "ascii", "bin", "bool", "bytes", "chr", "complex", "dict", "dir", "float", "format",
    "frozenset", "hash", "hex", "id", "int", "len", "list", "oct", "ord", "repr", "set",
    "sorted", "str", "tuple",
];

/// Builtin type names: `str.lower` as a `key=` function is the builtin method.
#[rustfmt::skip]
const BUILTIN_TYPES: &[&str] = &[
    "str", "bytes", "int", "float", "complex", "bool", "list", "tuple", "dict", "set",
    "frozenset",
];

/// log10 of a number literal's absolute value (an upper bound for hex, octal and
/// binary); `None` for complex literals and what does not parse.
fn literal_log10(text: &str) -> Option<f64> {
    let lower: String = text
        .chars()
        .filter(|&c| c != '_')
        .collect::<String>()
        .to_ascii_lowercase();
    if lower.ends_with('j') {
        return None;
    }
    let radix: f64 = match lower.get(..2) {
        Some("0x") => 16.0,
        Some("0o") => 8.0,
        Some("0b") => 2.0,
        _ => {
            let value = lower.parse::<f64>().ok()?.abs();
            return Some(if value == 0.0 {
                f64::NEG_INFINITY
            } else {
                value.log10()
            });
        }
    };
    let significant = lower[2..].trim_start_matches('0').len();
    Some(significant as f64 * radix.log10())
}

/// Refuse huge powers, shifts and repetitions in one chain of binary operators
/// (read flat, so an operand followed by `**` is not a plain literal); what the
/// chain is as an operand.
fn check_sizes(operands: &[Operand], ops: &[&str]) -> Result<Operand, String> {
    let power_follows = |i: usize| ops.get(i) == Some(&"**");
    let power_precedes = |i: usize| i > 0 && ops.get(i - 1) == Some(&"**");
    let plain_literal = |i: usize| {
        operands[i]
            .magnitude
            .filter(|_| !power_follows(i) && !power_precedes(i))
    };
    for (i, op) in ops.iter().enumerate() {
        match *op {
            "**" => {
                let exponent = operands[i + 1].magnitude.filter(|_| !power_follows(i + 1));
                let digits = match (operands[i].magnitude, exponent) {
                    (Some(base), Some(exp)) => base * 10f64.powf(exp),
                    _ => 0.0,
                };
                if !exponent.is_some_and(|m| 10f64.powf(m) <= MAX_EXPONENT)
                    || digits > MAX_POWER_DIGITS
                {
                    return Err(format!(
                        "raises to a power that may be huge (`**` needs a literal exponent of at \
                         most {MAX_EXPONENT} and at most {MAX_POWER_DIGITS} digits)"
                    ));
                }
            }
            "<<" => {
                let bits = operands[i + 1].magnitude.filter(|_| !power_follows(i + 1));
                if !bits.is_some_and(|m| 10f64.powf(m) <= MAX_SHIFT) {
                    return Err(format!(
                        "shifts left by an amount that may be huge (`<<` needs a literal of at \
                         most {MAX_SHIFT})"
                    ));
                }
            }
            _ => {}
        }
    }
    let repeats = ops.iter().enumerate().any(|(i, op)| {
        *op == "*" && (operands[i].sequence.is_some() || operands[i + 1].sequence.is_some())
    });
    if !repeats {
        let magnitude = match (operands, ops) {
            ([only], []) => only.magnitude,
            ([base, exp], ["**"]) => base
                .magnitude
                .zip(exp.magnitude)
                .map(|(b, e)| b * 10f64.powf(e)),
            _ => None,
        };
        return Ok(Operand {
            magnitude,
            sequence: (ops.is_empty()).then_some(operands[0].sequence).flatten(),
        });
    }
    let mut times = 0.0;
    let mut counted = vec![false; operands.len()];
    for (i, _) in ops.iter().enumerate().filter(|(_, op)| **op == "*") {
        for side in [i, i + 1] {
            if std::mem::replace(&mut counted[side], true) {
                continue;
            }
            match (operands[side].sequence, plain_literal(side)) {
                (Some(already), _) => times += already,
                (None, Some(m)) => times += m.max(0.0),
                (None, None) => {
                    return Err(format!(
                        "repeats a sequence a number of times the guard cannot bound (`*` on a \
                         literal sequence needs literal counts of at most {MAX_REPETITION} in all)"
                    ))
                }
            }
        }
    }
    if 10f64.powf(times) > MAX_REPETITION {
        return Err(format!(
            "repeats a sequence more than {MAX_REPETITION} times"
        ));
    }
    Ok(Operand {
        magnitude: None,
        sequence: Some(times),
    })
}

/// A recursive-descent reader of one Python expression that fails on anything
/// outside the allowed subset. Operator precedence does not matter for the
/// question asked, so binary operators are read as one flat chain (the size
/// limits look at neighbours in that chain).
struct Checker<'t, 'a> {
    toks: &'t [Tok<'a>],
    pos: usize,
    /// Expressions being read inside one another.
    nesting: usize,
    /// The first call only the runtime guard can judge.
    needs_runtime: Option<String>,
}

type Check = Result<(), String>;

impl<'a> Checker<'_, 'a> {
    fn peek(&self) -> Option<&Tok<'a>> {
        self.toks.get(self.pos)
    }

    fn at(&self, text: &str) -> bool {
        self.peek()
            .is_some_and(|t| matches!(t.kind, Kind::Op | Kind::Name) && t.text == text)
    }

    fn eat(&mut self, text: &str) -> bool {
        let found = self.at(text);
        self.pos += usize::from(found);
        found
    }

    fn expect(&mut self, text: &str) -> Check {
        if self.eat(text) {
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn unexpected(&self) -> String {
        match self.peek() {
            Some(t) => format!(
                "is not an expression the guard can analyse (unexpected `{}`)",
                t.text
            ),
            None => "is not an expression the guard can analyse (it ends too early)".into(),
        }
    }

    fn at_closer(&self) -> bool {
        self.peek().is_none() || self.at(")") || self.at("]") || self.at("}")
    }

    fn note_runtime(&mut self, reason: Option<String>) {
        if self.needs_runtime.is_none() {
            self.needs_runtime = reason;
        }
    }

    /// The source of the tokens from `start` up to here, for messages.
    fn text_since(&self, start: usize) -> String {
        let text: String = self.toks[start..self.pos].iter().map(|t| t.text).collect();
        if text.chars().count() > 60 {
            format!("{}…", text.chars().take(60).collect::<String>())
        } else {
            text
        }
    }

    /// The bare name an operand starts with, seen through parentheses (`os` in
    /// `os.path`, `(os).replace`, `((os))`).
    fn root_name(&self) -> Option<&'a str> {
        let rest = &self.toks[self.pos..];
        let opened = rest.iter().take_while(|t| t.is_op("(")).count();
        let name = rest.get(opened).filter(|t| t.kind == Kind::Name)?;
        let closed = rest[opened + 1..]
            .iter()
            .take_while(|t| t.is_op(")"))
            .count();
        (closed >= opened).then_some(name.text)
    }

    /// `a, *b, c,`
    fn expr_list(&mut self) -> Check {
        loop {
            self.element()?;
            if !self.eat(",") || self.at_closer() {
                return Ok(());
            }
        }
    }

    /// An item of a tuple, list or set: an expression, or `*iterable`.
    fn element(&mut self) -> Result<Operand, String> {
        if self.eat("*") {
            self.expr(false)
        } else {
            self.expr(true)
        }
    }

    /// Operands joined by binary operators, optionally `... if cond else ...`.
    fn expr(&mut self, allow_conditional: bool) -> Result<Operand, String> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(TOO_DEEP.into());
        }
        let mut operands = vec![self.operand()?];
        let mut ops = Vec::new();
        while let Some(op) = self.eat_binary_operator() {
            ops.push(op);
            operands.push(self.operand()?);
        }
        let mut result = check_sizes(&operands, &ops)?;
        if allow_conditional && self.eat("if") {
            self.expr(false)?;
            self.expect("else")?;
            self.expr(true)?;
            result = Operand::default();
        }
        self.nesting -= 1;
        Ok(result)
    }

    fn eat_binary_operator(&mut self) -> Option<&'a str> {
        let t = self.peek()?;
        let text = t.text;
        let next_is = |word| self.toks.get(self.pos + 1).is_some_and(|n| n.is_word(word));
        let width = match (t.kind, text) {
            (Kind::Op, op) if BINARY_OPERATORS.contains(&op) => 1,
            (Kind::Name, "and" | "or" | "in") => 1,
            (Kind::Name, "is") if next_is("not") => 2,
            (Kind::Name, "is") => 1,
            (Kind::Name, "not") if next_is("in") => 2,
            _ => return None,
        };
        self.pos += width;
        Some(text)
    }

    fn operand(&mut self) -> Result<Operand, String> {
        while self.eat("not") || self.eat("-") || self.eat("+") || self.eat("~") {}
        let start = self.pos;
        let root = self.root_name();
        let (mut callee, mut operand) = self.atom()?;
        let mut trailers = 0;
        loop {
            if self.eat(".") {
                let name = self.name()?;
                check_dunder(name)?;
                callee = Callee::Method {
                    name,
                    on_builtin_value: matches!(callee, Callee::BuiltinValue),
                };
            } else if self.eat("[") {
                self.subscript()?;
                callee = Callee::Unknown;
            } else if self.at("(") {
                let called = self.text_since(start);
                self.pos += 1;
                if let Some(module) = root.filter(|m| trailers > 0 && WORLDLY_MODULES.contains(m)) {
                    return Err(format!(
                        "calls `{called}()` through module `{module}`, which acts on the system"
                    ));
                }
                let result = self.check_callee(callee, &called)?;
                let args = self.call_args()?;
                if let Callee::Builtin(name) = callee {
                    check_arity(name, &args)?;
                }
                callee = result;
            } else {
                return Ok(operand);
            }
            trailers += 1;
            operand = Operand::default();
        }
    }

    /// Whether calling `callee` (whose source is `called`) is allowed; what the
    /// call returns.
    fn check_callee(&mut self, callee: Callee<'a>, called: &str) -> Result<Callee<'a>, String> {
        match callee {
            Callee::Builtin(name) if PURE_BUILTINS.contains(&name) => {
                Ok(if TYPED_BUILTINS.contains(&name) {
                    Callee::BuiltinValue
                } else {
                    Callee::Unknown
                })
            }
            Callee::Method {
                name,
                on_builtin_value,
            } if PURE_METHODS.contains(&name) => {
                if !on_builtin_value {
                    self.note_runtime(Some(format!(
                        "calls `{called}()` on a value whose type only the running program knows"
                    )));
                }
                Ok(if on_builtin_value && name != "get" {
                    Callee::BuiltinValue
                } else {
                    Callee::Unknown
                })
            }
            Callee::Builtin(name) => Err(format!(
                "calls `{name}()`, which is not known to be free of side effects"
            )),
            Callee::Method { name, .. } => Err(format!(
                "calls the method `.{name}()`, which is not known to be free of side effects"
            )),
            Callee::BuiltinValue | Callee::Unknown => {
                Err("calls the result of an expression, which may be any function".into())
            }
        }
    }

    fn name(&mut self) -> Result<&'a str, String> {
        match self.peek() {
            Some(t) if t.kind == Kind::Name && !KEYWORDS.contains(&t.text) => {
                let text = t.text;
                self.pos += 1;
                Ok(text)
            }
            _ => Err(self.unexpected()),
        }
    }

    fn atom(&mut self) -> Result<(Callee<'a>, Operand), String> {
        let Some(t) = self.peek() else {
            return Err(self.unexpected());
        };
        let literal = |operand| Ok((Callee::BuiltinValue, operand));
        match t.kind {
            Kind::Name if matches!(t.text, "True" | "False" | "None") => {
                self.pos += 1;
                literal(Operand::default())
            }
            Kind::Name => {
                let name = self.name()?;
                check_dunder(name)?;
                Ok((Callee::Builtin(name), Operand::default()))
            }
            Kind::Number => {
                let magnitude = literal_log10(t.text);
                self.pos += 1;
                literal(Operand {
                    magnitude,
                    sequence: None,
                })
            }
            Kind::Str => {
                while let Some(t) = self.peek().filter(|t| t.kind == Kind::Str) {
                    let fields = t.fields.clone();
                    self.pos += 1;
                    for field in fields {
                        let verdict = check_field(field)?;
                        self.note_runtime(verdict);
                    }
                }
                literal(Operand::sequence())
            }
            Kind::Op if t.text == "..." => {
                self.pos += 1;
                literal(Operand::default())
            }
            Kind::Op if t.text == "(" => {
                self.pos += 1;
                match self.sequence(")")? {
                    Some(inner) => Ok((Callee::Unknown, inner)),
                    None => literal(Operand::sequence()),
                }
            }
            Kind::Op if t.text == "[" => {
                self.pos += 1;
                self.sequence("]")?;
                literal(Operand::sequence())
            }
            Kind::Op if t.text == "{" => {
                self.pos += 1;
                self.braces()?;
                literal(Operand::default())
            }
            _ => Err(self.unexpected()),
        }
    }

    /// The inside of `( ... )` or `[ ... ]` after the opening bracket: the
    /// operand it is when it holds a single expression, `None` for a display
    /// (tuple, list, comprehension).
    fn sequence(&mut self, close: &str) -> Result<Option<Operand>, String> {
        if self.eat(close) {
            return Ok(None);
        }
        let first = self.element()?;
        let mut single = Some(first);
        if self.at("for") {
            self.comprehension()?;
            single = None;
        } else if self.eat(",") {
            single = None;
            if !self.at(close) {
                self.expr_list()?;
            }
        }
        self.expect(close)?;
        Ok(single)
    }

    /// The inside of `{ ... }`: a dict or set display or comprehension.
    fn braces(&mut self) -> Check {
        if self.eat("}") {
            return Ok(());
        }
        let dict = if self.eat("**") {
            self.expr(false)?;
            true
        } else {
            self.element()?;
            if self.eat(":") {
                self.expr(true)?;
                true
            } else {
                false
            }
        };
        if self.at("for") {
            self.comprehension()?;
        } else {
            while self.eat(",") && !self.at("}") {
                if !dict {
                    self.element()?;
                } else if self.eat("**") {
                    self.expr(false)?;
                } else {
                    self.expr(true)?;
                    self.expect(":")?;
                    self.expr(true)?;
                }
            }
        }
        self.expect("}")
    }

    /// `for targets in iterable [if cond]...` (one or more `for`s).
    fn comprehension(&mut self) -> Check {
        while self.eat("for") {
            self.targets()?;
            self.expect("in")?;
            self.expr(false)?;
            while self.eat("if") {
                self.expr(false)?;
            }
        }
        Ok(())
    }

    /// Comprehension targets: plain names only (no attribute or item assignment).
    fn targets(&mut self) -> Check {
        loop {
            self.eat("*");
            if self.eat("(") {
                self.targets()?;
                self.expect(")")?;
            } else if self.eat("[") {
                self.targets()?;
                self.expect("]")?;
            } else {
                let name = self.name()?;
                check_dunder(name)?;
                if self.at(".") || self.at("[") {
                    return Err(format!(
                        "assigns to an attribute or item of `{name}` in a comprehension"
                    ));
                }
            }
            if !self.eat(",") || self.at("in") {
                return Ok(());
            }
        }
    }

    /// `[a]`, `[a:b:c]`, `[a, b:c]` after the `[`.
    fn subscript(&mut self) -> Check {
        let bound_follows = |c: &Self| !(c.at(":") || c.at("]") || c.at(","));
        loop {
            if bound_follows(self) {
                self.element()?;
            }
            if self.eat(":") {
                if bound_follows(self) {
                    self.expr(true)?;
                }
                if self.eat(":") && bound_follows(self) {
                    self.expr(true)?;
                }
            }
            if !self.eat(",") || self.at("]") {
                return self.expect("]");
            }
        }
    }

    /// An argument's value: no number so large that a builtin would work on it
    /// for good (`range(10**12)`).
    fn argument(&mut self) -> Check {
        let start = self.pos;
        let value = self.expr(true)?;
        if value.magnitude.is_some_and(|m| m > MAX_CALL_ARGUMENT_LOG10) {
            return Err(format!(
                "passes `{}`, a number over 10^{MAX_CALL_ARGUMENT_LOG10}, to a call (it could \
                 keep the program busy for good)",
                self.text_since(start)
            ));
        }
        Ok(())
    }

    /// Arguments after the `(` of an allowed call.
    fn call_args(&mut self) -> Result<CallArgs, String> {
        let mut args = CallArgs::default();
        loop {
            if self.eat(")") {
                return Ok(args);
            }
            let keyword = self.peek().filter(|t| t.kind == Kind::Name).map(|t| t.text);
            let is_keyword =
                keyword.is_some() && self.toks.get(self.pos + 1).is_some_and(|t| t.is_op("="));
            if self.eat("*") || self.eat("**") {
                self.argument()?;
                args.starred = true;
            } else if is_keyword {
                self.pos += 2;
                let value_start = self.pos;
                self.argument()?;
                if keyword == Some("key") {
                    check_key_function(&self.toks[value_start..self.pos])?;
                }
            } else {
                self.argument()?;
                if self.at("for") {
                    self.comprehension()?;
                }
                args.positional += 1;
            }
            if !self.eat(",") {
                self.expect(")")?;
                return Ok(args);
            }
        }
    }
}

/// Builtins that are pure only in some forms: `getattr(o, name[, default])`, and
/// one-argument `type(o)` (three arguments create a class, running user hooks).
fn check_arity(builtin: &str, args: &CallArgs) -> Check {
    let allowed = match builtin {
        "getattr" => 2..=3,
        "type" => 1..=1,
        _ => return Ok(()),
    };
    if args.starred || !allowed.contains(&args.positional) {
        return Err(format!(
            "calls `{builtin}()` with other than {} plain argument(s)",
            if allowed.start() == allowed.end() {
                allowed.start().to_string()
            } else {
                format!("{} or {}", allowed.start(), allowed.end())
            }
        ));
    }
    Ok(())
}

/// `key=` hands a function to `sorted`/`min`/`max`, which call it from C code, out
/// of any hook's sight: it must be an allowed builtin (`len`), a pure method of a
/// builtin type (`str.lower`) or `None`.
fn check_key_function(value: &[Tok]) -> Check {
    let allowed = match value {
        [only] => {
            only.kind == Kind::Name && (PURE_BUILTINS.contains(&only.text) || only.text == "None")
        }
        [ty, dot, method] => {
            ty.kind == Kind::Name
                && BUILTIN_TYPES.contains(&ty.text)
                && dot.is_op(".")
                && method.kind == Kind::Name
                && PURE_METHODS.contains(&method.text)
        }
        _ => false,
    };
    if allowed {
        Ok(())
    } else {
        Err("passes a `key=` function that is not known to be free of side effects".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(expr: &str) -> String {
        match classify_python(expr) {
            Classification::MayHaveSideEffects { reason } => reason,
            other => panic!("{expr:?} should be refused, got {other:?}"),
        }
    }

    #[test]
    fn a_bare_name_is_one_name_and_nothing_else() {
        for name in ["total", "_x1", "  label  ", "total\n", "ｔｏｔａｌ", "self"] {
            assert!(is_bare_name(name), "{name:?}");
        }
        for not_just_a_name in [
            "total + i",
            "self.total",
            "items[0]",
            "f()",
            "None",
            "True",
            "lambda",
            "a@LINE@b",
            "a\nb",
            "(total)",
            "total,",
            "1",
            "'total'",
            "",
            "x := 1",
        ] {
            assert!(!is_bare_name(not_just_a_name), "{not_just_a_name:?}");
        }
    }

    #[test]
    fn plain_expressions_are_side_effect_free() {
        for expr in [
            "x",
            "items[0].price * qty",
            "len(items)",
            "a == b",
            "a <= b",
            "a != b and not c or d is not None",
            "x in xs and y not in ys",
            "1 < x < 10",
            "-x ** -2 // 3 % 4 @ m",
            "a | b & c ^ ~d << 1 >> 2",
            "x if cond else y",
            "x if a else y if b else z",
            r#"f"{x}""#,
            "f'{x!r:>10} {y=} {z:{width}.{prec}f}'",
            r"rf'\d{n}'",
            r#"f'{{literal}} {d["k"]}'"#,
            "f'''{\n  x +\n  y\n}'''",
            "f'{a!=b}'",
            r#""a=b""#,
            "'x; y'",
            "'''multi\nline'''",
            r"b'\x00' + rb'\''",
            "'a' 'b' f'{c}'",
            "[i*2 for i in xs]",
            "[i for i in xs if i > 0 if i < 9]",
            "{x for x in s}",
            "(x for x in xs)",
            "sum(x * x for x in xs)",
            "[(a, b) for a in xs for (b, *rest) in ys]",
            "[x if x else 0 for x in xs]",
            "(1, 2, 3)",
            "()",
            "(x,)",
            "a, b",
            "[]",
            "[1, *xs, 2,]",
            "{}",
            "{'a': 1, **other}",
            "{1, 2}",
            "x[1:2]",
            "x[::2]",
            "x[:, 0]",
            "x[a:b:c, ...]",
            "', '.join(str(x) for x in xs)",
            "sorted(xs, key=len, reverse=True)",
            "max(words, key=str.lower)",
            "min(xs, key=None)",
            "getattr(obj, 'name')",
            "getattr(obj, 'name', None)",
            "isinstance(x, (int, float))",
            "type(x).__name__",
            "x.__class__.__name__",
            "obj.__dict__",
            "__name__",
            "0x1F + 0o7 + 0b1 + 1_000 + 1.5e-3 + .5 + 3j + 1e10",
            "None",
            "True is not False",
            "...",
            "x  # a comment",
            "\n  x + 1  \n",
            "(a +\n b)",
            "x + \\\n y",
            "vars(obj)",
            "dir()",
            "divmod(7, 2)",
            "round(x, ndigits=2)",
            "int('ff', base=16)",
            "len(x)if x else 0",
        ] {
            assert_eq!(
                classify_python(expr),
                Classification::SideEffectFree,
                "{expr:?}"
            );
        }
    }

    #[test]
    fn calls_outside_the_allow_lists_are_refused() {
        assert_eq!(
            reason("x.append(1)"),
            "calls the method `.append()`, which is not known to be free of side effects"
        );
        assert_eq!(
            reason("print(x)"),
            "calls `print()`, which is not known to be free of side effects"
        );
        for (expr, named) in [
            ("xs.pop()", ".pop()"),
            ("d.update(a=1)", ".update()"),
            ("d.setdefault('k', [])", ".setdefault()"),
            ("s.add(1)", ".add()"),
            ("f.write('x')", ".write()"),
            ("open('f')", "open()"),
            ("exec('x=1')", "exec()"),
            ("eval('1')", "eval()"),
            ("setattr(o, 'a', 1)", "setattr()"),
            ("delattr(o, 'a')", "delattr()"),
            ("globals()", "globals()"),
            ("next(it)", "next()"),
            ("compute(x)", "compute()"),
            ("len(items) + cache.clear()", ".clear()"),
            ("items[0].price.recalculate()", ".recalculate()"),
            ("[xs.pop() for i in xs]", ".pop()"),
            ("[i for i in xs if log(i)]", "log()"),
            ("[i for i in gen()]", "gen()"),
            ("{k: d.pop(k) for k in ks}", ".pop()"),
            ("x if ok() else y", "ok()"),
            ("(a, b.pop())", ".pop()"),
            ("x[xs.pop()]", ".pop()"),
            ("x[1:f()]", "f()"),
            ("len(x.pop())", ".pop()"),
            ("sorted(xs, key=f(1))", "f()"),
            ("f'{x.pop()}'", ".pop()"),
            ("f'{x:{w.pop()}}'", ".pop()"),
            ("f'{ {1: a.pop()}[1] }'", ".pop()"),
            (r#"f'{f"{y.pop()}"}'"#, ".pop()"),
            ("'a' f'{b()}'", "b()"),
        ] {
            let why = reason(expr);
            assert!(why.contains(named), "{expr:?}: {why}");
        }
        assert!(reason("f'{x.pop()}'").ends_with("(in an f-string)"));
    }

    #[test]
    fn indirect_calls_are_refused() {
        for expr in [
            "getattr(x, 'pop')()",
            "handlers['save'](1)",
            "(print)(x)",
            "len(x)()",
            "'{}'.format(x)()",
        ] {
            assert!(reason(expr).contains("result of an expression"), "{expr:?}");
        }
        assert_eq!(
            reason("getattr(x)"),
            "calls `getattr()` with other than 2 or 3 plain argument(s)"
        );
        assert!(reason("getattr(*args)").contains("getattr()"));
        assert_eq!(
            reason("type('X', (Base,), {})"),
            "calls `type()` with other than 1 plain argument(s)"
        );
        for expr in ["os.replace(a, b)", "shutil.copy(a, b)", "requests.get(url)"] {
            assert!(reason(expr).contains("acts on the system"), "{expr:?}");
        }
        assert!(reason("os.path.join(a, b)").contains("through module `os`"));
        assert!(reason("sorted(xs, key=xs.pop)").contains("key="));
        assert!(reason("max(xs, key=log.info)").contains("key="));
        assert!(reason("min(xs, key=cmp)").contains("key="));
    }

    #[test]
    fn methods_of_values_of_unknown_type_need_the_runtime_guard() {
        for expr in [
            "{k: v for k, v in d.items()}",
            "d.get('k', 0)",
            "s.strip().lower().startswith('x')",
            "x.__len__()",
            "d.copy()",
            "cfg.get('k')",
            "(s).replace('a', 'b')",
            "d.get('k').upper()",
            "f'{name.upper()}'",
            "handlers['k'].copy()",
        ] {
            match classify_python(expr) {
                Classification::NeedsRuntimeGuard { reason } => {
                    assert!(
                        reason.contains("only the running program knows"),
                        "{expr}: {reason}"
                    )
                }
                other => panic!("{expr:?}: {other:?}"),
            }
        }
        for expr in [
            "'a,b'.split(',')",
            "', '.join(str(x) for x in xs)",
            "str(x).upper().strip()",
            "[1, 2].index(2)",
            "{'a': 1}.keys()",
            "repr(x).startswith('<')",
            "len(xs).bit_length()",
            "f'{x}'.upper()",
            "(1, 2).count(1)",
            "b'ab'.hex()",
            "sorted(xs).index(3)",
        ] {
            assert_eq!(
                classify_python(expr),
                Classification::SideEffectFree,
                "{expr:?}"
            );
        }
    }

    #[test]
    fn issue_8_cases_are_refused() {
        for (expr, why) in [
            ("(os).replace('a', 'b')", "through module `os`"),
            ("((os)).replace('a', 'b')", "through module `os`"),
            ("(shutil).copy(src, dst)", "through module `shutil`"),
            ("\u{ff4f}\u{ff53}.replace('a', 'b')", "through module `os`"),
            ("os.path.os.replace('a', 'b')", "through module `os`"),
            (
                "sys.modules['os'].replace('a', 'b')",
                "through module `sys`",
            ),
            ("(1, # c\n__import__('os').system('id'))", "`__import__`"),
            ("x # @LINE@__import__('os').system('id')", "code fragment"),
            (
                "(x, # c @LINE@ __import__('os').system('id'))",
                "`__import__`",
            ),
            ("(1,\\\n__import__('os'))", "`__import__`"),
            ("10**10**8", "power"),
            ("'a'*10**9", "repeats"),
            ("'a' * n", "repeats"),
            ("[0] * 10**9", "repeats"),
            ("'ab' * 1000 * 1000", "more than"),
            ("('a' * 1000) * 1000", "more than"),
            ("x ** y", "power"),
            ("2 ** 100000", "power"),
            ("1 << 10**9", "shifts"),
            ("x << n", "shifts"),
            ("sum(range(10**12))", "a number over"),
            ("list(range(10000000000))", "a number over"),
            ("sorted(xs, key=os.replace)", "key="),
            ("sorted(xs, key=ys.append)", "key="),
            ("f'{x:>1000000000}'", "width"),
            ("ｅｘｅｃ('1')", "`exec()`"),
            ("x\u{a0}+ 1", "U+00A0"),
            (
                "'\u{ff07}' + os.system('id') + '\u{ff07}'",
                "through module `os`",
            ),
        ] {
            let got = match classify_python(expr) {
                Classification::MayHaveSideEffects { reason } => reason,
                Classification::CodeFragment => "code fragment".into(),
                other => panic!("{expr:?}: {other:?}"),
            };
            assert!(got.contains(why), "{expr:?}: {got}");
        }
        for expr in [
            "x ** 2",
            "2 ** 64",
            "10 ** 9 > x",
            "'-' * 40",
            "[0] * 3",
            "1 << 8",
            "range(1000)",
            "x * y",
            "price * 1000000",
        ] {
            assert_eq!(
                classify_python(expr),
                Classification::SideEffectFree,
                "{expr:?}"
            );
        }
    }

    #[test]
    fn dangerous_constructs_are_named() {
        assert_eq!(reason("(y := 5)"), "assigns with `:=`");
        assert_eq!(reason("lambda: 1"), "defines a `lambda`");
        assert_eq!(
            reason("sorted(xs, key=lambda v: v.pop())"),
            "defines a `lambda`"
        );
        assert_eq!(reason("await job"), "uses `await`");
        assert_eq!(reason("(yield)"), "uses `yield`");
        assert_eq!(reason("[x async for x in it]"), "uses `async`");
        assert!(reason("f'{(y := 1)}'").contains(":="));
        assert!(reason("__import__('os')").contains("`__import__`"));
        assert!(reason("f.__globals__").contains("`__globals__`"));
        assert!(reason("().__class__.__bases__[0].__subclasses__()").contains("`__subclasses__`"));
        assert!(reason("__builtins__").contains("`__builtins__`"));
        assert!(reason("x.__setattr__").contains("`__setattr__`"));
        assert!(reason("[0 for o.attr in xs]").contains("attribute or item of `o`"));
        assert!(reason("[0 for d[k] in xs]").contains("attribute or item of `d`"));
    }

    #[test]
    fn statements_are_code_fragments() {
        for code in [
            "x = 1",
            "x += 1",
            "a, b = b, a",
            "obj.attr = 3",
            "d['k'] = v",
            "x: int = 3",
            "x: int",
            "import os",
            "from os import path",
            "def f(): pass",
            "class A: pass",
            "del x",
            "for i in xs: total += i",
            "while True: break",
            "if x: y",
            "return x",
            "raise ValueError()",
            "assert x",
            "pass",
            "with open('f') as f: f.read()",
            "try: x\nexcept: y",
            "global g",
            "async def f(): pass",
            "@decorator\ndef f(): pass",
            "a; b",
            "x;",
            "a\nb",
            "total = 0\nfor x in values:\n    total += x\ntotal",
            "x = lambda: 1",
            "xs.pop(); 1",
            "match command:\n    case 1: pass",
        ] {
            assert_eq!(
                classify_python(code),
                Classification::CodeFragment,
                "{code:?}"
            );
        }
    }

    #[test]
    fn what_cannot_be_read_is_refused_not_guessed() {
        for (code, why) in [
            ("", "nothing to evaluate"),
            ("   # only a comment", "nothing to evaluate"),
            ("'unterminated", "unterminated string"),
            ("f'{x'", "unterminated"),
            ("f'{x'}'", "cannot be analysed"),
            ("(a", "unclosed bracket"),
            ("a)", "unmatched `)`"),
            ("a $ b", "unexpected character `$`"),
            ("x ! y", "unexpected character `!`"),
            ("a b", "unexpected `b`"),
            ("x +", "ends too early"),
            ("print 'x'", "unexpected `'x'`"),
            ("f'{}'", "empty f-string field"),
            ("f'{x}}'", "single `}`"),
            ("f'{x # c}'", "comment in an f-string field"),
            ("f'{a)}'", "unmatched bracket"),
            ("not", "ends too early"),
            ("x.if", "unexpected `if`"),
        ] {
            let got = reason(code);
            assert!(got.contains(why), "{code:?}: {got}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_without_exhausting_the_stack() {
        let deep =
            |open: &str, close: &str| format!("{}x{}", open.repeat(10_000), close.repeat(10_000));
        for expr in [
            deep("(", ")"),
            deep("[", "]"),
            "x if c else ".repeat(10_000) + "x",
            deep("f'{", "}'"),
            deep("f'{x:{", "}}'"),
        ] {
            assert!(
                reason(&expr).contains("nested too deeply"),
                "{}",
                &expr[..20]
            );
        }
        let fine = |n| format!("{}x{}", "(".repeat(n), ")".repeat(n));
        assert_eq!(classify_python(&fine(50)), Classification::SideEffectFree);
    }

    #[test]
    fn f_string_tokenizing_follows_python() {
        let fields = |src: &str| -> Vec<String> {
            tokenize(src, 0)
                .unwrap()
                .iter()
                .flat_map(|t| t.fields.iter().map(|f| f.to_string()))
                .collect()
        };
        assert_eq!(
            fields(r#"f"a{x!r:>{w}}b{{c}}{d['}']}" + rf'\{y}' + f'\N{z}'"#),
            ["x", "w", "d['}']", "y", "z"]
        );
        assert_eq!(
            fields("f'{x = }' f'{a == b}' f'{a<=b}'"),
            ["x ", "a == b", "a<=b"]
        );
        assert!(fields(r#"'{x.pop()}' r"\"{y}" b'{z}'"#).is_empty());
        assert_eq!(
            classify_python("'{x.pop()}'"),
            Classification::SideEffectFree
        );
    }

    #[test]
    fn tokens_carry_depth_and_line_ends() {
        let toks = tokenize("a(b,\n c)\r\n\n\nd", 0).unwrap();
        let shape: Vec<_> = toks.iter().map(|t| (t.text.trim(), t.depth)).collect();
        assert_eq!(
            shape,
            [
                ("a", 0),
                ("(", 0),
                ("b", 1),
                (",", 1),
                ("c", 1),
                (")", 0),
                ("", 0),
                ("d", 0)
            ]
        );
        assert_eq!(toks[6].kind, Kind::Newline);
        let texts: Vec<_> = tokenize("1e-5 0xFFj 2.5j 1if", 0)
            .unwrap()
            .iter()
            .map(|t| t.text)
            .collect();
        assert_eq!(texts, ["1e-5", "0xFFj", "2.5j", "1", "if"]);
    }

    #[test]
    fn splits_fragments_into_statements_and_a_trailing_expression() {
        let some = |s: &str| Some(s.to_owned());
        let split = split_trailing_expression;
        assert_eq!(split("x = 2; x * 3"), (some("x = 2"), some("x * 3")));
        assert_eq!(split("x = 2; x * 3;"), (some("x = 2"), some("x * 3")));
        assert_eq!(split("x * 3"), (None, some("x * 3")));
        assert_eq!(split("  x * 3 "), (None, some("x * 3")));
        assert_eq!(split("    a = 1\n    a"), (some("a = 1"), some("a")));
        assert_eq!(split("  # why\nx"), (None, some("x")));
        assert_eq!(split("x = 1"), (some("x = 1"), None));
        assert_eq!(split(""), (None, None));
        assert_eq!(split("  \n "), (None, None));
        assert_eq!(
            split("total = 0\nfor v in values:\n    total += v\ntotal  # result\n"),
            (
                some("total = 0\nfor v in values:\n    total += v"),
                some("total")
            )
        );
        assert_eq!(
            split("for v in values:\n    total += v\n    total"),
            (some("for v in values:\n    total += v\n    total"), None),
            "an indented last line belongs to the block"
        );
        assert_eq!(
            split("for v in vs: t += v; t"),
            (some("for v in vs: t += v; t"), None),
            "after a block header `;` continues the body"
        );
        assert_eq!(
            split("items.clear()\nlen(items)"),
            (some("items.clear()"), some("len(items)"))
        );
        assert_eq!(split("print(x)"), (None, some("print(x)")));
        assert_eq!(
            split("d = {'a': 1,\n     'b': 2}\nd['a'] +\\\n d['b']"),
            (
                some("d = {'a': 1,\n     'b': 2}"),
                some("d['a'] +\\\n d['b']")
            )
        );
        assert_eq!(
            split("s = '''\nx\n'''\ns"),
            (some("s = '''\nx\n'''"), some("s"))
        );
        assert_eq!(split("import os\npass"), (some("import os\npass"), None));
        assert_eq!(split("x = 'open"), (some("x = 'open"), None));
        assert_eq!(
            split("try:\n    x = f()\nexcept E:\n    x = 0\nx"),
            (some("try:\n    x = f()\nexcept E:\n    x = 0"), some("x"))
        );
    }
}
