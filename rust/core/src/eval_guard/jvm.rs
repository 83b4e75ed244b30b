//! The side-effect policy for Java and Kotlin evaluation (the IDE backend's JVM
//! sessions): whether `evaluate` (and watches) may run an expression without
//! `allow_side_effects`.
//!
//! # What it proves
//!
//! This is a proof over tokens, not a parser of either language. An expression is
//! [`Classification::SideEffectFree`] only when a tokenizer that follows the
//! language's lexical rules (comments, Java text blocks, Kotlin raw strings and
//! nested block comments, string templates, number suffixes, backticked names) finds
//! nothing but tokens that read:
//!
//! - names (fields, locals, Kotlin properties, backticked names), `this`, `super`,
//!   `Outer.this` (Java), `this@Outer` (Kotlin), `null`, `true`, `false`, Java's
//!   primitive type names (casts) and class literals (`Foo.class`, Kotlin
//!   `x::class`);
//! - number, character and string literals; a Kotlin string template `${...}` is
//!   classified like a top-level expression and refused if it is not free of side
//!   effects itself (`$name` is a name read);
//! - member access `.` (Kotlin `?.` and `!!`) and indexing `[ ]`;
//! - brackets `( )` that group or cast, never call;
//! - operators: arithmetic, bitwise and shifts (Java), logical, comparison and
//!   equality (`===`/`!==` in Kotlin), the conditional `? :` (Java), the elvis `?:`,
//!   `instanceof` (with a pattern variable), Kotlin `is`, `!is`, `in`, `!in`, `as`,
//!   `as?`, `..` and `..<`;
//! - Kotlin `if (c) a else b` whose parts are all of the above (its branches cannot
//!   be blocks: `{` is refused). This is an expression in Kotlin that only chooses
//!   between reads, so it is allowed.
//!
//! A `(` is a call when it follows a name, `this`/`super`, a literal or `]` (Java;
//! after `)` it is a cast's operand and after `>` or `?` a grouping, since Java
//! cannot call the value of an expression), and in Kotlin also after `)`, `!!`, `?`
//! and the `>` that closes type arguments (`listOf<Int>(1)`). Calls are refused
//! ("calls `.clear()`, which may change program state"): the guard allows no method
//! at all, not even by name. So are Kotlin infix calls (a name right after an
//! operand: `a until b`, `x shl 1`, ``a `foo` b``; stdlib or not, the name alone
//! does not tell). Refused with their own reason: assignments (`=` and compound),
//! `++`/`--`, `new`, lambdas (`->`, Kotlin `{`), Java blocks and array initializers
//! (`{`), method and callable references (`::`, except Kotlin `::class`), Kotlin
//! `fun`, `object`, `when`, `try`, loops, `throw`, `return`, `break`, `continue`, Java
//! `switch`, annotations and labels (`@`, except `this@Outer`), and any character the
//! languages would not accept there. Java source containing a `\u` Unicode escape is
//! refused outright, because Java decodes those before it reads the code (`\u0022`
//! ends a string, `\u000a` ends a line comment), and so is a string with a Java
//! string template (`STR."\{f()}"`, a JDK 21 preview).
//!
//! Statements are [`Classification::CodeFragment`]: a `;` outside brackets, in
//! Kotlin a line break between two statements (a line may continue with `.`, `?.`,
//! `?:`, `&&`, `||`, `::` or `else`, or after an operator), `val`/`var`, an assignment
//! outside brackets (assignments are statements in Kotlin) and a leading loop,
//! `import` or declaration; in Java a leading statement keyword (`if`, `for`,
//! `while`, `do`, `try`, `return`, `throw`, `break`, `continue`, `synchronized`,
//! `assert`, `final`, a local class...) and a local variable declaration
//! (`int x = 1`, `var y = 2`).
//!
//! # Limits (what a token-level guard cannot see)
//!
//! The stance is the IDE's own: its variables view and inline values read
//! properties, index collections and render values with `toString()`. So:
//!
//! - a Kotlin property read may run a custom getter, and the first read of a `lazy`
//!   (or other delegated) property runs its initializer;
//! - Kotlin `a[i]` calls the `get` operator, which IntelliJ's inline values call too;
//!   it is allowed;
//! - Kotlin operators are calls of operator functions (`plus`, `compareTo`,
//!   `equals` for `==`, `contains` for `in`, `rangeTo` for `..`), user-defined ones
//!   included;
//! - Java string concatenation and Kotlin string templates call `toString()`;
//! - reading a static field may initialise its class (run `static {}` / a companion
//!   object's `init`) the first time;
//! - `!!`, casts, indexing and arithmetic may throw, which changes nothing but the
//!   answer.
//!
//! Input that is not a valid expression may be classified side-effect free (say
//! `int x`): the debugger then fails to compile it, and nothing runs.

use super::{Classification, MAX_NESTING, TOO_DEEP};

/// Which JVM language the expression is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JvmLanguage {
    Java,
    Kotlin,
}

use JvmLanguage::{Java, Kotlin};

/// Operators, longest first.
#[rustfmt::skip]
const JAVA_OPERATORS: &[&str] = &[
    ">>>=", "<<=", ">>=", ">>>", "...", "->", "::", "++", "--", "&&", "||", "==", "!=", "<=",
    ">=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "+", "-", "*", "/", "%",
    "!", "~", "&", "|", "^", "<", ">", "=", "?", ":", ".", ",", ";", "(", ")", "[", "]", "{",
    "}", "@",
];

/// Operators, longest first (`!in` and `!is` are read separately).
#[rustfmt::skip]
const KOTLIN_OPERATORS: &[&str] = &[
    "===", "!==", "..<", "?.", "?:", "!!", "->", "::", "++", "--", "&&", "||", "==", "!=", "<=",
    ">=", "+=", "-=", "*=", "/=", "%=", "..", "+", "-", "*", "/", "%", "!", "<", ">", "=", "?",
    ":", ".", ",", ";", "(", ")", "[", "]", "{", "}", "@",
];

/// Operators that only read their operands (brackets and `?`/`:` included).
#[rustfmt::skip]
const JAVA_READING: &[&str] = &[
    ">>>", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "+", "-", "*", "/", "%", "!", "~",
    "&", "|", "^", "<", ">", "?", ":", ".", ",", "(", ")", "[", "]",
];

#[rustfmt::skip]
const KOTLIN_READING: &[&str] = &[
    "===", "!==", "..<", "?.", "?:", "!!", "&&", "||", "==", "!=", "<=", ">=", "..", "+", "-",
    "*", "/", "%", "!", "<", ">", "?", ".", ",", "(", ")", "[", "]", "!in", "!is",
];

#[rustfmt::skip]
const JAVA_ASSIGNMENTS: &[&str] = &[
    "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ">>>=",
];

const KOTLIN_ASSIGNMENTS: &[&str] = &["=", "+=", "-=", "*=", "/=", "%="];

#[rustfmt::skip]
const JAVA_KEYWORDS: &[&str] = &[
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
    "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally",
    "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface",
    "long", "native", "new", "package", "private", "protected", "public", "return", "short",
    "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws",
    "transient", "try", "void", "volatile", "while", "true", "false", "null",
];

const JAVA_PRIMITIVES: &[&str] = &[
    "boolean", "byte", "char", "short", "int", "long", "float", "double", "void",
];

/// Java keywords that start a statement, never an expression.
#[rustfmt::skip]
const JAVA_STATEMENT_KEYWORDS: &[&str] = &[
    "if", "else", "for", "while", "do", "try", "return", "throw", "break", "continue",
    "synchronized", "assert", "final", "class", "interface", "enum", "import", "package",
    "abstract", "static", "case", "default",
];

/// Kotlin's hard keywords (`as?` is read as one word).
#[rustfmt::skip]
const KOTLIN_KEYWORDS: &[&str] = &[
    "as", "as?", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
    "interface", "is", "null", "object", "package", "return", "super", "this", "throw", "true",
    "try", "typealias", "typeof", "val", "var", "when", "while",
];

/// Kotlin words that start a statement (loops, declarations, imports).
#[rustfmt::skip]
const KOTLIN_STATEMENT_KEYWORDS: &[&str] = &[
    "for", "while", "do", "import", "package", "class", "interface", "typealias",
];

/// Tokens a Kotlin line may start with and still continue the previous line.
const KOTLIN_CONTINUATIONS: &[&str] = &[".", "?.", "?:", "&&", "||", "::", "else"];

const CALL_EFFECT: &str = "which may change program state";

/// Classify Java or Kotlin source for evaluation (see the module doc).
pub fn classify_jvm(expression: &str, language: JvmLanguage) -> Classification {
    let refuse = |reason: String| Classification::MayHaveSideEffects { reason };
    if language == Java && has_unicode_escape(expression) {
        return refuse(
            "uses a `\\u` Unicode escape, which Java decodes before it reads the code \
             (write the character itself)"
                .into(),
        );
    }
    match tokenize(expression, 0, language, false, 0) {
        Ok((toks, _)) => classify_tokens(&toks, language, 0),
        Err(err) => refuse(format!("cannot be analysed: {err}")),
    }
}

fn classify_tokens(toks: &[Tok], lang: JvmLanguage, nesting: usize) -> Classification {
    if toks.is_empty() {
        return Classification::MayHaveSideEffects {
            reason: "there is nothing to evaluate".into(),
        };
    }
    if is_code_fragment(toks, lang) {
        return Classification::CodeFragment;
    }
    match check(toks, lang, nesting) {
        Ok(()) => Classification::SideEffectFree,
        Err(reason) => Classification::MayHaveSideEffects { reason },
    }
}

/// Whether Java would decode a `\uXXXX` escape somewhere in `src` (a `\` preceded
/// by an even number of backslashes, followed by `u`).
fn has_unicode_escape(src: &str) -> bool {
    let b = src.as_bytes();
    let mut run = 0usize;
    for (i, &c) in b.iter().enumerate() {
        if c == b'\\' {
            if run.is_multiple_of(2) && b.get(i + 1) == Some(&b'u') {
                return true;
            }
            run += 1;
        } else {
            run = 0;
        }
    }
    false
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An identifier or a keyword.
    Name,
    /// A Kotlin backticked name: an identifier, never a keyword.
    Quoted,
    Number,
    Str,
    Char,
    Op,
    /// A Kotlin line break between two statements (outside brackets only).
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
    /// The tokens of each `${...}` template of a Kotlin string.
    templates: Vec<Vec<Tok<'a>>>,
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

    fn is_keyword(&self, lang: JvmLanguage) -> bool {
        self.kind == Kind::Name
            && match lang {
                Java => JAVA_KEYWORDS.contains(&self.text),
                Kotlin => KOTLIN_KEYWORDS.contains(&self.text),
            }
    }

    /// A name that is not a keyword.
    fn is_identifier(&self, lang: JvmLanguage) -> bool {
        self.kind == Kind::Quoted || (self.kind == Kind::Name && !self.is_keyword(lang))
    }
}

fn is_ident_start(src: &str, i: usize, lang: JvmLanguage) -> bool {
    match src.as_bytes()[i] {
        b'a'..=b'z' | b'A'..=b'Z' | b'_' => true,
        b'$' => lang == Java,
        c if c >= 0x80 => src[i..].chars().next().is_some_and(char::is_alphabetic),
        _ => false,
    }
}

/// Length of the identifier character at `i`, if it is one.
fn ident_continue(src: &str, i: usize, lang: JvmLanguage) -> Option<usize> {
    let c = *src.as_bytes().get(i)?;
    match c {
        b'0'..=b'9' => Some(1),
        c if c < 0x80 => is_ident_start(src, i, lang).then_some(1),
        _ => src[i..]
            .chars()
            .next()
            .filter(|ch| ch.is_alphanumeric())
            .map(char::len_utf8),
    }
}

/// Tokens of `src` from `from`. In a Kotlin string template (`template`), stops at
/// the `}` that closes it and returns its offset; otherwise returns the end.
fn tokenize<'a>(
    src: &'a str,
    from: usize,
    lang: JvmLanguage,
    template: bool,
    nesting: usize,
) -> Result<(Vec<Tok<'a>>, usize), String> {
    if nesting > MAX_NESTING {
        return Err(TOO_DEEP.into());
    }
    let b = src.as_bytes();
    let kotlin = lang == Kotlin;
    let mut toks: Vec<Tok<'a>> = Vec::new();
    let mut open: Vec<u8> = Vec::new();
    let mut i = from;
    let tok = |kind, start: usize, end: usize, depth| Tok {
        kind,
        text: &src[start..end],
        start,
        depth,
        templates: Vec::new(),
    };
    // Line breaks separate Kotlin statements outside brackets; in Java they are blanks.
    let line_break = |toks: &mut Vec<Tok<'a>>, open: &[u8], at: usize| {
        if kotlin
            && !template
            && open.is_empty()
            && toks.last().is_some_and(|t| t.kind != Kind::Newline)
        {
            toks.push(tok(Kind::Newline, at, at, 0));
        }
    };
    while let Some(&c) = b.get(i) {
        let start = i;
        let depth = open.len();
        match c {
            b' ' | b'\t' | 0x0c => i += 1,
            b'\n' | b'\r' => {
                line_break(&mut toks, &open, i);
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' && b[i] != b'\r' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = skip_block_comment(b, i, kotlin)?;
                if src[start..i].contains(['\n', '\r']) {
                    line_break(&mut toks, &open, start);
                }
            }
            b'"' => {
                let (end, templates) = scan_string(src, i, lang, nesting)?;
                toks.push(Tok {
                    templates,
                    ..tok(Kind::Str, start, end, depth)
                });
                i = end;
            }
            b'\'' => {
                i = scan_char(src, i, lang)?;
                toks.push(tok(Kind::Char, start, i, depth));
            }
            b'`' if kotlin => {
                let close = src[i + 1..]
                    .find(['`', '\n', '\r'])
                    .map(|p| i + 1 + p)
                    .filter(|&p| b[p] == b'`' && p > i + 1)
                    .ok_or("unterminated backticked name")?;
                i = close + 1;
                toks.push(tok(Kind::Quoted, start, i, depth));
            }
            b'}' if template && open.is_empty() => return Ok((toks, i)),
            _ if is_ident_start(src, i, lang) => {
                while let Some(len) = ident_continue(src, i, lang) {
                    i += len;
                }
                // `as?` is one operator; `x as? T`, not `(x as) ?. T`.
                if kotlin
                    && &src[start..i] == "as"
                    && b.get(i) == Some(&b'?')
                    && !matches!(b.get(i + 1), Some(b'.' | b':'))
                {
                    i += 1;
                }
                toks.push(tok(Kind::Name, start, i, depth));
            }
            c if c.is_ascii_digit()
                || c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit) =>
            {
                i = scan_number(b, i, lang);
                toks.push(tok(Kind::Number, start, i, depth));
            }
            _ => {
                let negated = ["!in", "!is"].into_iter().find(|w| {
                    kotlin
                        && b[i..].starts_with(w.as_bytes())
                        && ident_continue(src, i + 3, lang).is_none()
                });
                let operators = if kotlin {
                    KOTLIN_OPERATORS
                } else {
                    JAVA_OPERATORS
                };
                let op = negated
                    .or_else(|| {
                        operators
                            .iter()
                            .copied()
                            .find(|op| b[i..].starts_with(op.as_bytes()))
                    })
                    .ok_or_else(|| {
                        let ch = src[i..].chars().next().unwrap_or('?');
                        format!("unexpected character `{ch}`")
                    })?;
                i += op.len();
                let at = match op {
                    "(" | "[" | "{" => {
                        if depth >= MAX_NESTING {
                            return Err(TOO_DEEP.into());
                        }
                        open.push(op.as_bytes()[0]);
                        depth
                    }
                    ")" | "]" | "}" => {
                        let opener = open.pop().ok_or_else(|| format!("unmatched `{op}`"))?;
                        let expected = match opener {
                            b'(' => ")",
                            b'[' => "]",
                            _ => "}",
                        };
                        if op != expected {
                            return Err(format!("`{op}` where `{expected}` was expected"));
                        }
                        depth - 1
                    }
                    _ => depth,
                };
                toks.push(tok(Kind::Op, start, i, at));
            }
        }
    }
    if template {
        return Err("unterminated string template".into());
    }
    if !open.is_empty() {
        return Err("unclosed bracket".into());
    }
    if toks.last().is_some_and(|t| t.kind == Kind::Newline) {
        toks.pop();
    }
    if kotlin {
        toks = drop_line_continuations(toks);
    }
    Ok((toks, i))
}

/// The offset after the block comment opening at `i` (Kotlin's nest, Java's do not).
fn skip_block_comment(b: &[u8], mut i: usize, nested: bool) -> Result<usize, String> {
    let mut depth = 0usize;
    while i < b.len() {
        if b[i..].starts_with(b"/*") && (nested || depth == 0) {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Ok(i);
            }
        } else {
            i += 1;
        }
    }
    Err("unterminated comment".into())
}

/// The end of the number starting at `i`: digits as the language reads them, so
/// that a name right after one (`1until`) stays a name.
fn scan_number(b: &[u8], mut i: usize, lang: JvmLanguage) -> usize {
    let digits = |i: &mut usize, ok: fn(&u8) -> bool| {
        while b.get(*i).is_some_and(|c| ok(c) || *c == b'_') {
            *i += 1;
        }
    };
    let exponent = |i: &mut usize, marks: [u8; 2]| {
        if b.get(*i).is_some_and(|c| marks.contains(c)) {
            let mut j = *i + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if b.get(j).is_some_and(u8::is_ascii_digit) {
                *i = j;
                digits(i, u8::is_ascii_digit);
            }
        }
    };
    let prefix = |c: &[u8; 2]| b[i] == b'0' && b.get(i + 1).is_some_and(|x| c.contains(x));
    if prefix(b"xX") {
        i += 2;
        digits(&mut i, u8::is_ascii_hexdigit);
        if lang == Java {
            if b.get(i) == Some(&b'.') {
                i += 1;
                digits(&mut i, u8::is_ascii_hexdigit);
            }
            exponent(&mut i, *b"pP");
        }
    } else if prefix(b"bB") {
        i += 2;
        digits(&mut i, |c| matches!(c, b'0' | b'1'));
    } else {
        digits(&mut i, u8::is_ascii_digit);
        if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 1;
            digits(&mut i, u8::is_ascii_digit);
        }
        exponent(&mut i, *b"eE");
    }
    match (lang, b.get(i)) {
        (Java, Some(b'f' | b'F' | b'd' | b'D' | b'l' | b'L'))
        | (Kotlin, Some(b'f' | b'F' | b'L')) => i + 1,
        (Kotlin, Some(b'u' | b'U')) => i + 1 + usize::from(b.get(i + 1) == Some(&b'L')),
        _ => i,
    }
}

/// A string literal whose opening quote is at `q`: its end, and the tokens of its
/// `${...}` templates (Kotlin).
fn scan_string<'a>(
    src: &'a str,
    q: usize,
    lang: JvmLanguage,
    nesting: usize,
) -> Result<(usize, Vec<Vec<Tok<'a>>>), String> {
    let b = src.as_bytes();
    let kotlin = lang == Kotlin;
    let triple = b[q..].starts_with(b"\"\"\"");
    let mut templates = Vec::new();
    let mut i = q + if triple { 3 } else { 1 };
    if triple && !kotlin {
        while matches!(b.get(i), Some(b' ' | b'\t' | 0x0c)) {
            i += 1;
        }
        if !matches!(b.get(i), Some(b'\n' | b'\r')) {
            return Err("a text block's opening `\"\"\"` must end its line".into());
        }
    }
    loop {
        let Some(&c) = b.get(i) else {
            return Err(match (triple, kotlin) {
                (false, _) => "unterminated string",
                (true, false) => "unterminated text block",
                (true, true) => "unterminated raw string",
            }
            .into());
        };
        match c {
            b'"' if !triple => return Ok((i + 1, templates)),
            b'"' if b[i..].starts_with(b"\"\"\"") => {
                let mut end = i + 3;
                // A raw string's closing quotes are its last three.
                while kotlin && b.get(end) == Some(&b'"') {
                    end += 1;
                }
                return Ok((end, templates));
            }
            // Java 21's preview string templates (`STR."\{f()}"`) embed code.
            b'\\' if !kotlin && b.get(i + 1) == Some(&b'{') => {
                return Err("a Java string template (`\\{...}`) is not analysed".into());
            }
            // Kotlin raw strings have no escapes.
            b'\\' if !(kotlin && triple) => i += 2,
            b'\n' | b'\r' if !triple => return Err("unterminated string".into()),
            b'$' if kotlin && b.get(i + 1) == Some(&b'{') => {
                let (toks, close) = tokenize(src, i + 2, lang, true, nesting + 1)?;
                templates.push(toks);
                i = close + 1;
            }
            _ => i += 1,
        }
    }
}

/// The end of the character literal at `q`: one character or one escape.
fn scan_char(src: &str, q: usize, lang: JvmLanguage) -> Result<usize, String> {
    let b = src.as_bytes();
    let mut i = q + 1;
    match b.get(i) {
        None | Some(b'\n' | b'\r' | b'\'') => {}
        Some(b'\\') => {
            i += 2;
            match (lang, b.get(i - 1)) {
                (Kotlin, Some(b'u')) => {
                    let hex = b
                        .get(i..i + 4)
                        .filter(|h| h.iter().all(u8::is_ascii_hexdigit));
                    i += if hex.is_some() { 4 } else { 0 };
                }
                (Java, Some(b'0'..=b'7')) => {
                    let mut more = 0;
                    while more < 2 && matches!(b.get(i), Some(b'0'..=b'7')) {
                        i += 1;
                        more += 1;
                    }
                }
                _ => {}
            }
        }
        Some(_) => i += src[i..].chars().next().map_or(1, char::len_utf8),
    }
    if b.get(i) == Some(&b'\'') && i > q + 1 && src.is_char_boundary(i) {
        Ok(i + 1)
    } else {
        Err("malformed character literal".into())
    }
}

/// For every `)`, whether it closes the condition of an `if`, `while`, `for`,
/// `when`, `switch`, `catch` or `synchronized` (then what follows starts a new operand).
fn condition_closers(toks: &[Tok]) -> Vec<bool> {
    let mut closers = vec![false; toks.len()];
    let mut open = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.is_op("(") {
            let keyword = toks[..i]
                .iter()
                .rev()
                .find(|p| p.kind != Kind::Newline)
                .is_some_and(|p| {
                    [
                        "if",
                        "while",
                        "for",
                        "when",
                        "switch",
                        "catch",
                        "synchronized",
                    ]
                    .iter()
                    .any(|k| p.is_word(k))
                });
            open.push(keyword);
        } else if t.is_op(")") {
            closers[i] = open.pop().unwrap_or(false);
        }
    }
    closers
}

/// The index of the `<` when the Kotlin `>` at `close` ends a list of type arguments
/// after a name (`listOf<Int>`, `super<Base>`); `None` when it may be a comparison.
fn type_arguments_start(toks: &[Tok], close: usize) -> Option<usize> {
    let mut depth = 0usize;
    for j in (0..=close).rev() {
        let t = &toks[j];
        match t.kind {
            Kind::Op if t.text == ">" => depth += 1,
            Kind::Op if t.text == "<" => {
                depth -= 1;
                if depth == 0 {
                    let before = toks.get(j.checked_sub(1)?)?;
                    let named = before.is_identifier(Kotlin) || before.is_word("super");
                    return named.then_some(j);
                }
            }
            Kind::Op if matches!(t.text, "." | "," | "?" | "*") => {}
            Kind::Quoted => {}
            Kind::Name if t.text == "in" || !t.is_keyword(Kotlin) => {}
            _ => return None,
        }
    }
    None
}

/// Whether the Kotlin token at `i` ends an operand, so that a name right after it is
/// an infix call and a `(` a call.
fn ends_operand(toks: &[Tok], i: usize, closers: &[bool]) -> bool {
    let t = &toks[i];
    match t.kind {
        Kind::Quoted | Kind::Number | Kind::Str | Kind::Char => true,
        Kind::Name => {
            !t.is_keyword(Kotlin)
                || matches!(
                    t.text,
                    "this" | "super" | "null" | "true" | "false" | "class"
                )
        }
        Kind::Op => match t.text {
            ")" => !closers[i],
            "]" | "}" | "!!" | "?" | "++" | "--" => true,
            ">" => type_arguments_start(toks, i).is_some(),
            _ => false,
        },
        Kind::Newline => false,
    }
}

/// Keeps only the Kotlin line breaks that separate statements: after an operand,
/// before a token that cannot continue the line.
fn drop_line_continuations(toks: Vec<Tok>) -> Vec<Tok> {
    let closers = condition_closers(&toks);
    let separates: Vec<bool> = (0..toks.len())
        .map(|i| {
            toks[i].kind == Kind::Newline
                && ends_operand(&toks, i - 1, &closers)
                && !KOTLIN_CONTINUATIONS.contains(&toks[i + 1].text)
        })
        .collect();
    toks.into_iter()
        .zip(separates)
        .filter(|(t, separates)| t.kind != Kind::Newline || *separates)
        .map(|(t, _)| t)
        .collect()
}

/// Statements rather than one expression (see the module doc).
fn is_code_fragment(toks: &[Tok], lang: JvmLanguage) -> bool {
    if toks
        .iter()
        .any(|t| t.kind == Kind::Newline || (t.depth == 0 && t.is_op(";")))
    {
        return true;
    }
    let first = &toks[0];
    match lang {
        Kotlin => {
            KOTLIN_STATEMENT_KEYWORDS.iter().any(|k| first.is_word(k))
                || toks.iter().any(|t| {
                    t.depth == 0
                        && (t.is_word("val")
                            || t.is_word("var")
                            || (t.kind == Kind::Op && KOTLIN_ASSIGNMENTS.contains(&t.text)))
                })
        }
        Java => {
            if JAVA_STATEMENT_KEYWORDS.iter().any(|k| first.is_word(k)) {
                return true;
            }
            // A local variable declaration: `Type name = ...`.
            let Some(eq) = toks.iter().position(|t| t.depth == 0 && t.is_op("=")) else {
                return false;
            };
            eq >= 2 && toks[eq - 1].is_identifier(Java) && {
                let ty = &toks[eq - 2];
                ty.is_identifier(Java)
                    || JAVA_PRIMITIVES.contains(&ty.text)
                    || ty.is_op(">")
                    || ty.is_op("]")
            }
        }
    }
}

/// Every token of one expression reads (see the module doc); the first that may not
/// is named.
fn check(toks: &[Tok], lang: JvmLanguage, nesting: usize) -> Result<(), String> {
    let closers = condition_closers(toks);
    for (i, t) in toks.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| &toks[p]);
        let next = toks.get(i + 1);
        match t.kind {
            Kind::Number | Kind::Char | Kind::Newline => {}
            Kind::Str => {
                for template in &t.templates {
                    check_template(template, nesting)?;
                }
            }
            Kind::Quoted => check_name(toks, i, lang, &closers)?,
            Kind::Name if t.is_keyword(lang) => check_keyword(t, prev, lang)?,
            Kind::Name => check_name(toks, i, lang, &closers)?,
            Kind::Op => match t.text {
                "(" => {
                    if let Some(reason) = call(toks, i, lang, &closers) {
                        return Err(reason);
                    }
                }
                "++" | "--" => return Err(format!("changes a variable with `{}`", t.text)),
                "->" => return Err("defines a lambda (`->`)".into()),
                "{" => {
                    return Err(match lang {
                        Java => "opens a block or an array initializer (`{`)".into(),
                        Kotlin => "defines a lambda (`{ ... }`)".into(),
                    })
                }
                "::" if lang == Kotlin && next.is_some_and(|n| n.is_word("class")) => {}
                "::" => {
                    return Err(match lang {
                        Java => "takes a method reference (`::`)".into(),
                        Kotlin => "takes a callable reference (`::`)".into(),
                    })
                }
                "@" => {
                    let labelled_this = lang == Kotlin
                        && prev.is_some_and(|p| {
                            (p.is_word("this") || p.is_word("super")) && p.end() == t.start
                        })
                        && next.is_some_and(|n| n.is_identifier(Kotlin) && n.start == t.end());
                    if !labelled_this {
                        return Err("uses an annotation or a label (`@`)".into());
                    }
                }
                op if assignments(lang).contains(&op) => {
                    return Err(format!("assigns with `{op}`"));
                }
                op if reading(lang).contains(&op) => {}
                op => {
                    return Err(format!(
                        "is not an expression the guard can analyse (unexpected `{op}`)"
                    ))
                }
            },
        }
    }
    Ok(())
}

fn assignments(lang: JvmLanguage) -> &'static [&'static str] {
    match lang {
        Java => JAVA_ASSIGNMENTS,
        Kotlin => KOTLIN_ASSIGNMENTS,
    }
}

fn reading(lang: JvmLanguage) -> &'static [&'static str] {
    match lang {
        Java => JAVA_READING,
        Kotlin => KOTLIN_READING,
    }
}

fn check_template(toks: &[Tok], nesting: usize) -> Result<(), String> {
    if toks.is_empty() {
        return Err("has an empty string template (`${}`)".into());
    }
    match classify_tokens(toks, Kotlin, nesting + 1) {
        Classification::SideEffectFree => Ok(()),
        Classification::CodeFragment => {
            Err("has statements in a string template (`${...}`)".into())
        }
        Classification::MayHaveSideEffects { reason }
        | Classification::NeedsRuntimeGuard { reason } => {
            Err(format!("{reason} (in a string template)"))
        }
    }
}

/// A plain name reads, unless (Kotlin) it follows an operand: `a until b` calls the
/// infix function `until`.
fn check_name(toks: &[Tok], i: usize, lang: JvmLanguage, closers: &[bool]) -> Result<(), String> {
    if lang == Kotlin && i > 0 && ends_operand(toks, i - 1, closers) {
        return Err(format!(
            "calls the infix function `{}`, {CALL_EFFECT}",
            toks[i].text
        ));
    }
    Ok(())
}

fn check_keyword(t: &Tok, prev: Option<&Tok>, lang: JvmLanguage) -> Result<(), String> {
    let word = t.text;
    let after_dot = prev.is_some_and(|p| p.is_op("."));
    let reason = match (lang, word) {
        (_, "this" | "super" | "null" | "true" | "false") => return Ok(()),
        (Java, "instanceof") => return Ok(()),
        (Java, w) if JAVA_PRIMITIVES.contains(&w) => return Ok(()),
        (Java, "class") if after_dot => return Ok(()),
        (Kotlin, "class") if prev.is_some_and(|p| p.is_op("::")) => return Ok(()),
        (Kotlin, "is" | "as" | "as?" | "in" | "if" | "else") => return Ok(()),
        (Java, "new") => "creates an object with `new`".into(),
        (Java, "switch") => "uses `switch`".into(),
        (Kotlin, "when") => "uses `when`".into(),
        (_, "throw") => "throws an exception (`throw`)".into(),
        (_, "return") => "returns with `return`".into(),
        (_, "break" | "continue") => format!("jumps with `{word}`"),
        (_, "try") => "uses `try`".into(),
        (_, "for" | "while" | "do") => format!("runs a loop (`{word}`)"),
        (Kotlin, "fun") => "defines a function (`fun`)".into(),
        (Kotlin, "object") => "declares an object (`object`)".into(),
        (Kotlin, "val" | "var") => format!("declares a variable (`{word}`)"),
        (_, "class" | "interface" | "enum" | "typealias") => format!("declares a type (`{word}`)"),
        (
            Java,
            "if" | "else" | "case" | "default" | "catch" | "finally" | "synchronized" | "assert",
        ) => {
            format!("uses `{word}`, which is a statement in Java")
        }
        _ => format!("uses the keyword `{word}`"),
    };
    Err(reason)
}

/// Why the `(` at `i` is a call, or `None` when it groups or casts.
fn call(toks: &[Tok], i: usize, lang: JvmLanguage, closers: &[bool]) -> Option<String> {
    let p = i.checked_sub(1)?;
    let prev = &toks[p];
    if prev.is_identifier(lang) {
        let method = p
            .checked_sub(1)
            .is_some_and(|d| toks[d].is_op(".") || toks[d].is_op("?."));
        let dot = if method { "the method `." } else { "`" };
        return Some(format!("calls {dot}{}()`, {CALL_EFFECT}", prev.text));
    }
    if prev.is_word("this") || prev.is_word("super") {
        return Some(format!("calls `{}(...)`, {CALL_EFFECT}", prev.text));
    }
    let called = match lang {
        Java => {
            matches!(prev.kind, Kind::Number | Kind::Str | Kind::Char)
                || prev.is_op("]")
                || (prev.is_word("class") && p > 0 && toks[p - 1].is_op("."))
        }
        Kotlin => {
            if prev.is_op(">") {
                if let Some(lt) = type_arguments_start(toks, p) {
                    return Some(format!(
                        "calls the generic function `{}<...>()`, {CALL_EFFECT}",
                        toks[lt - 1].text
                    ));
                }
            }
            ends_operand(toks, p, closers)
        }
    };
    called.then(|| format!("calls the result of an expression, {CALL_EFFECT}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn java(expr: &str) -> Classification {
        classify_jvm(expr, Java)
    }

    fn kotlin(expr: &str) -> Classification {
        classify_jvm(expr, Kotlin)
    }

    fn reason(expr: &str, lang: JvmLanguage) -> String {
        match classify_jvm(expr, lang) {
            Classification::MayHaveSideEffects { reason } => reason,
            other => panic!("{lang:?} {expr:?} should be refused, got {other:?}"),
        }
    }

    #[test]
    fn java_reads_are_side_effect_free() {
        for expr in [
            "a + b * 2",
            "this.total",
            "items.length",
            "arr[i] > 0 && !done",
            "(int) x / 2",
            "s == null ? 0 : 1",
            "o instanceof String",
            "o instanceof String s && s != null",
            "\"a\" + x",
            "'c'",
            "0x1F",
            "1_000L",
            "3.5e-2f",
            "0b1010 + 017 + 0x1.8p-3 + 1e10 + .5 + 1.5d + 2.f",
            "'\\n' + '\\'' + '\\123' + 'é'",
            "\"esc \\\" ; x = 1 ( )\"",
            "\"C:\\\\users\"",
            "\"\"\"\n    text \"quoted\" x = f()\n    \"\"\" + x",
            "Outer.this.x + super.total",
            "String.class",
            "int.class",
            "String[].class",
            "(List<String>) xs",
            "(Map<String, List<Integer>>) m",
            "(int[]) o",
            "(int) (a + b)",
            "(Comparable<?>) c",
            "c ? (a) : b",
            "x > (y + 1)",
            "a >> 2 | b << 1 ^ ~c & d >>> 3",
            "x % 2 != 0 || -y <= +z",
            "a /* x = 1; f() */ + b",
            "a // f()",
            "a +\n  b",
            "$x + _y + ärger",
            "arr[arr.length - 1][0]",
            "  total  ",
        ] {
            assert_eq!(java(expr), Classification::SideEffectFree, "{expr:?}");
        }
    }

    #[test]
    fn java_effects_are_refused_with_a_reason() {
        for (expr, why) in [
            (
                "list.clear()",
                "calls the method `.clear()`, which may change program state",
            ),
            ("size()", "calls `size()`, which may change program state"),
            ("foo(bar)", "calls `foo()`"),
            ("obj.<T>cast(x)", "`cast()`"),
            ("a.b(c).d", "`.b()`"),
            ("super.m()", "`.m()`"),
            ("this(1)", "calls `this(...)`"),
            ("\"s\".length()", "`.length()`"),
            ("x = 1", "assigns with `=`"),
            ("x += 1", "assigns with `+=`"),
            ("x >>>= 1", "assigns with `>>>=`"),
            ("a[i] = 2", "assigns with `=`"),
            ("y == 1 ? a : (b = 2)", "assigns with `=`"),
            ("i++", "changes a variable with `++`"),
            ("--i", "changes a variable with `--`"),
            ("arr[i++]", "`++`"),
            ("new Foo()", "creates an object with `new`"),
            ("new int[] {1}", "`new`"),
            ("a -> a", "defines a lambda (`->`)"),
            ("String::valueOf", "method reference (`::`)"),
            ("switch (x) { default -> 1 }", "uses `switch`"),
            ("x == null ? throw e : y", "throws"),
            ("a + { b }", "block"),
            ("@Ann x", "annotation"),
            ("a # b", "unexpected character `#`"),
            ("x ... y", "unexpected `...`"),
            ("a \\u003d b", "Unicode escape"),
            ("\"a\\u0022 + (x = 1) + \\u0022\"", "Unicode escape"),
            ("y // \\u000a x = 1", "Unicode escape"),
            ("/* /* */ x = 1 */", "assigns with `=`"),
            ("`x`", "unexpected character"),
            ("1(2)", "calls the result of an expression"),
            ("STR.\"v=\\{f()}\"", "string template"),
            ("\"\"\"\n\\{x.clear()}\"\"\"", "string template"),
        ] {
            let got = reason(expr, Java);
            assert!(got.contains(why), "{expr:?}: {got}");
        }
    }

    #[test]
    fn java_statements_are_code_fragments() {
        for code in [
            "x = 1; y",
            "x;",
            "a;\nb",
            "int x = 1",
            "var y = x + 1",
            "List<String> xs = list",
            "int[] a = b",
            "final int k = 2",
            "return x",
            "throw e",
            "if (a) b; else c;",
            "if (a) b",
            "for (int i = 0; i < n; i++) s += i",
            "while (x) f()",
            "assert x > 0",
            "try { f(); } finally { g(); }",
            "list.clear(); list.size()",
        ] {
            assert_eq!(java(code), Classification::CodeFragment, "{code:?}");
        }
    }

    #[test]
    fn kotlin_reads_are_side_effect_free() {
        for expr in [
            "a?.b ?: 0",
            "x!!.y",
            "a in 1..10",
            "i in 0..<n && a !in xs",
            "o is String",
            "o !is String",
            "x as String",
            "x as? String",
            "(x as List<String>?)?.size",
            "a === b || a !== c",
            "\"v=${x + 1}\"",
            "\"$name and ${a.b} ${\"nested ${c} $d\"} \\${f()}\"",
            "\"\"\"raw ${x} $y \"quoted\" \\n \"\"\"",
            "\"\"\"a\"\"\"\" + b",
            "list[0]",
            "map[\"k\"]?.size",
            "`when`.x",
            "`my name` + 1",
            "'c' + '\\u0041'",
            "1.0f + 2L + 0xFF + 0b101 + 1_000 + 3u + 7uL + 1e-3 + .5",
            "this@Outer.count + super.total",
            "super<Base>.total",
            "x::class",
            "x::class.simpleName",
            "if (a) b else c",
            "if (x > 0) x else -x",
            "if (a) (b) else (c)",
            "if (a) b",
            "if (a) b\nelse c",
            "a\n  ?.b\n  ?: c",
            "a &&\n  b",
            "a\n  .b",
            "(a\n + b)",
            "x > (y + 1)",
            "a < b && c > (d)",
            "/* a /* nested */ x = f() */ y",
            "!done && count % 2 == 0",
            "a?.b?.c!!",
            "x.y[z]?.w",
            "\n  total // why\n",
        ] {
            assert_eq!(kotlin(expr), Classification::SideEffectFree, "{expr:?}");
        }
    }

    #[test]
    fn kotlin_effects_are_refused_with_a_reason() {
        for (expr, why) in [
            (
                "list.add(1)",
                "calls the method `.add()`, which may change program state",
            ),
            ("a?.let(b)", "calls the method `.let()`"),
            ("f()", "calls `f()`"),
            ("`f`(x)", "calls ``f`()`"),
            ("run { x }", "defines a lambda (`{ ... }`)"),
            ("xs.map { it }", "lambda"),
            ("x++", "changes a variable with `++`"),
            ("--x", "`--`"),
            ("a::b", "callable reference (`::`)"),
            ("::println", "`::`"),
            (
                "listOf<Int>(1)",
                "calls the generic function `listOf<...>()`",
            ),
            ("emptyList<String>()", "generic function `emptyList"),
            ("a < b > (c)", "generic function"),
            ("x foo y", "calls the infix function `foo`"),
            ("1 until 10", "infix function `until`"),
            ("a shl 2", "infix function `shl`"),
            ("1shl 2", "infix function `shl`"),
            ("a `plus` b", "infix function ``plus``"),
            ("(a) to b", "infix function `to`"),
            ("x as List<Int> zip y", "infix function `zip`"),
            ("x!!(1)", "calls the result of an expression"),
            ("(f)(x)", "calls the result of an expression"),
            ("arr[0](1)", "calls the result of an expression"),
            ("this(1)", "calls `this(...)`"),
            (
                "\"v=${f()}\"",
                "calls `f()`, which may change program state (in a string template)",
            ),
            ("\"${x.also { }}\"", "lambda"),
            ("\"\"\"${list.clear()}\"\"\"", "`.clear()`"),
            (
                "\"${\"${a.b()}\"}\"",
                "(in a string template) (in a string template)",
            ),
            ("\"${}\"", "empty string template"),
            ("\"${x = 1}\"", "statements in a string template"),
            ("x ?: throw E()", "throws an exception (`throw`)"),
            ("x ?: return", "returns with `return`"),
            ("when (x) { else -> 1 }", "uses `when`"),
            ("object : Foo {}", "declares an object (`object`)"),
            (
                "fun(x: Int): Int { return x }",
                "defines a function (`fun`)",
            ),
            ("(fun(x: Int) = x)", "`fun`"),
            ("try { a } catch (e: E) { b }", "uses `try`"),
            ("if (a) f() else c", "calls `f()`"),
            ("if (a) { b } else c", "lambda"),
            ("(val x = 1)", "declares a variable (`val`)"),
            ("@Suppress(\"x\") y", "annotation or a label"),
            ("this @Outer", "annotation or a label"),
            ("a $ b", "unexpected character `$`"),
            ("a & b", "unexpected character `&`"),
            ("a : b", "unexpected `:`"),
        ] {
            let got = reason(expr, Kotlin);
            assert!(got.contains(why), "{expr:?}: {got}");
        }
    }

    #[test]
    fn kotlin_statements_are_code_fragments() {
        for code in [
            "val y = 2",
            "var z = 3",
            "x = 1",
            "a[0] = 1",
            "x += 1",
            "a.b = f()",
            "a\nb",
            "a; b",
            "x;",
            "x\n(y)",
            "a\n-b",
            "list.clear()\nlist.size",
            "for (i in xs) println(i)",
            "while (true) f()",
            "import foo.Bar",
            "class A",
            "a /* one\ntwo */ b",
        ] {
            assert_eq!(kotlin(code), Classification::CodeFragment, "{code:?}");
        }
    }

    #[test]
    fn what_cannot_be_read_is_refused_not_guessed() {
        for lang in [Java, Kotlin] {
            for (code, why) in [
                ("", "there is nothing to evaluate"),
                ("  \n\t ", "there is nothing to evaluate"),
                ("// only a comment", "there is nothing to evaluate"),
                ("\"unterminated", "unterminated string"),
                ("\"a\nb\"", "unterminated string"),
                ("'ab'", "malformed character literal"),
                ("''", "malformed character literal"),
                ("(a", "unclosed bracket"),
                ("a)", "unmatched `)`"),
                ("(a]", "`]` where `)` was expected"),
                ("a /* open", "unterminated comment"),
                ("a \\ b", "unexpected character `\\`"),
                ("a · b", "unexpected character `·`"),
            ] {
                let got = reason(code, lang);
                assert!(got.contains(why), "{lang:?} {code:?}: {got}");
            }
        }
        for (code, why) in [
            ("\"\"\"x\"\"\"", "must end its line"),
            ("\"\"\"\nx", "unterminated text block"),
        ] {
            let got = reason(code, Java);
            assert!(got.contains(why), "{code:?}: {got}");
        }
        for (code, why) in [
            ("\"${x\"", "unterminated"),
            ("\"${x", "unterminated string template"),
            ("\"\"\"x", "unterminated raw string"),
            ("`x", "unterminated backticked name"),
        ] {
            let got = reason(code, Kotlin);
            assert!(got.contains(why), "{code:?}: {got}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_without_exhausting_the_stack() {
        let deep =
            |open: &str, close: &str| format!("{}x{}", open.repeat(10_000), close.repeat(10_000));
        for (expr, lang) in [
            (deep("(", ")"), Java),
            (deep("[", "]"), Kotlin),
            (deep("\"${", "}\""), Kotlin),
        ] {
            assert!(
                reason(&expr, lang).contains("nested too deeply"),
                "{}",
                &expr[..20]
            );
        }
        let fine = |n| format!("{}x{}", "(".repeat(n), ")".repeat(n));
        assert_eq!(java(&fine(50)), Classification::SideEffectFree);
        let templates = format!("{}x{}", "\"${".repeat(50), "}\"".repeat(50));
        assert_eq!(kotlin(&templates), Classification::SideEffectFree);
    }

    #[test]
    fn tokens_follow_each_language() {
        let texts = |src: &str, lang| -> Vec<String> {
            tokenize(src, 0, lang, false, 0)
                .unwrap()
                .0
                .iter()
                .map(|t| t.text.to_string())
                .collect()
        };
        assert_eq!(texts("1..10", Kotlin), ["1", "..", "10"]);
        assert_eq!(texts("1.5..2e3f", Kotlin), ["1.5", "..", "2e3f"]);
        assert_eq!(
            texts("1shl 0b12 1until", Kotlin),
            ["1", "shl", "0b1", "2", "1u", "ntil"]
        );
        assert_eq!(texts("0x1Fand", Kotlin), ["0x1Fa", "nd"]);
        assert_eq!(
            texts("a!in b !is c!!", Kotlin),
            ["a", "!in", "b", "!is", "c", "!!"]
        );
        assert_eq!(texts("x as?T", Kotlin), ["x", "as?", "T"]);
        assert_eq!(texts("a>>>=b>>c", Java), ["a", ">>>=", "b", ">>", "c"]);
        assert_eq!(texts("a>>b", Kotlin), ["a", ">", ">", "b"]);
        assert_eq!(texts("x?.5:1", Java), ["x", "?", ".5", ":", "1"]);
        assert_eq!(texts("0x1.8p-3d 1e+5", Java), ["0x1.8p-3d", "1e+5"]);
        let strings = tokenize("\"a${b + \"${c}\"}\" + \"$d\"", 0, Kotlin, false, 0)
            .unwrap()
            .0;
        assert_eq!(strings.len(), 3);
        assert_eq!(strings[0].templates.len(), 1);
        let inner: Vec<_> = strings[0].templates[0].iter().map(|t| t.text).collect();
        assert_eq!(inner, ["b", "+", "\"${c}\""]);
        assert!(strings[2].templates.is_empty());
    }
}

#[cfg(test)]
mod hostile_tests {
    use super::*;

    /// The tricks the Python guard has to refuse, tried on Java and Kotlin: the
    /// JVM guard allows no calls at all, however they are written.
    #[test]
    fn hostile_jvm_expressions_are_refused() {
        for (expr, lang) in [
            ("(a).b()", Java),
            ("a\n.b()", Java),
            ("a /* c */ .b()", Java),
            ("a // c\n.b()", Java),
            ("a\\u002eb()", Java),
            ("ｒｕｎｔｉｍｅ.exec(\"id\")", Java),
            ("java.lang.Runtime.getRuntime()", Java),
            ("Foo.class.getName()", Java),
            ("new int[1000000000]", Java),
            ("arr[i++]", Java),
            ("obj.field = 1", Java),
            ("i += 1", Java),
            ("(Runnable) () -> {}", Java),
            ("String::valueOf", Java),
            ("a?.b()", Kotlin),
            ("a!!.b()", Kotlin),
            ("x.let { it }", Kotlin),
            ("\"${a.b()}\"", Kotlin),
            ("a until b", Kotlin),
            ("A::b", Kotlin),
            ("listOf(1)", Kotlin),
            ("a[b()]", Kotlin),
        ] {
            assert_ne!(
                classify_jvm(expr, lang),
                Classification::SideEffectFree,
                "{expr:?} ({lang:?})"
            );
        }
    }
}
