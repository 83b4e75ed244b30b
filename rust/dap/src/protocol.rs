//! DAP wire format: the message shapes this crate reads (requests, responses,
//! events) and the `Content-Length` framing both directions use. Pure data and I/O
//! helpers: no knowledge of sessions or of debugpy.

use serde::Deserialize;
use serde_json::Value;
use std::io;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncReadExt};

/// Largest message body accepted from an adapter (a guard against a corrupt header).
const MAX_BODY: usize = 64 * 1024 * 1024;
/// Longest header line accepted.
const MAX_HEADER_LINE: usize = 1024;

/// A message received from an adapter.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Incoming {
    /// A reverse request (adapter → client), e.g. `runInTerminal`.
    Request {
        seq: i64,
        command: String,
        #[serde(default)]
        arguments: Value,
    },
    Response(Response),
    Event(Event),
}

/// The answer to one of our requests.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Response {
    pub request_seq: i64,
    pub success: bool,
    pub command: String,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub body: Value,
}

impl Response {
    /// The adapter's explanation of a failed request: the detailed
    /// `body.error.format` when present, else `message`.
    pub fn error_text(&self) -> String {
        let detailed = self
            .body
            .pointer("/error/format")
            .and_then(Value::as_str)
            .map(str::to_owned);
        match (detailed, &self.message) {
            (Some(d), _) if !d.is_empty() => d,
            (_, Some(m)) if !m.is_empty() => m.clone(),
            _ => format!("'{}' failed", self.command),
        }
    }
}

/// An event from the adapter.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Event {
    pub event: String,
    #[serde(default)]
    pub body: Value,
}

/// Frame one message: `Content-Length` header, blank line, JSON body.
pub fn encode(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

/// A request message with the given sequence number.
pub fn request(seq: i64, command: &str, arguments: Value) -> Value {
    serde_json::json!({ "seq": seq, "type": "request", "command": command, "arguments": arguments })
}

/// An error response to a reverse request we do not support.
pub fn error_response(seq: i64, request_seq: i64, command: &str, message: &str) -> Value {
    serde_json::json!({
        "seq": seq, "type": "response", "request_seq": request_seq,
        "command": command, "success": false, "message": message,
    })
}

/// Read one framed message body. `Ok(None)` at a clean end of stream (EOF before
/// any header byte); EOF inside a message is an error.
pub async fn read_frame<R: AsyncBufRead + Unpin>(reader: &mut R) -> io::Result<Option<Vec<u8>>> {
    let mut length: Option<usize> = None;
    let mut saw_header = false;
    loop {
        let mut line = String::new();
        let n = (&mut *reader)
            .take(MAX_HEADER_LINE as u64)
            .read_line(&mut line)
            .await?;
        if n == 0 {
            if saw_header {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "end of stream inside a DAP header",
                ));
            }
            return Ok(None);
        }
        if !line.ends_with('\n') {
            return Err(invalid(format!(
                "DAP header line too long or cut: {line:?}"
            )));
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if !saw_header {
                // Tolerate stray blank lines between messages.
                continue;
            }
            break;
        }
        saw_header = true;
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                let parsed = value
                    .trim()
                    .parse::<usize>()
                    .map_err(|e| invalid(format!("bad Content-Length {value:?}: {e}")))?;
                length = Some(parsed);
            }
        } else {
            return Err(invalid(format!("malformed DAP header line {line:?}")));
        }
    }
    let length = length.ok_or_else(|| invalid("DAP message without Content-Length".into()))?;
    if length > MAX_BODY {
        return Err(invalid(format!(
            "DAP message of {length} bytes exceeds the limit"
        )));
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).await?;
    Ok(Some(body))
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// A message that could not be read even leniently: the request it answers, when
/// that shows, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Unreadable {
    pub request_seq: Option<i64>,
    pub reason: String,
}

/// Read one message body. A debugger may send names that are not Unicode: raw bytes
/// that are not UTF-8 (read as U+FFFD) and, from Python, lone surrogates (a file name's
/// undecodable bytes, a variable named so), which JSON escapes as `\udcff` and strict
/// JSON refuses. Those are read as the six characters `\udcff`: a stable form that
/// keeps distinct names distinct and can be given back (a variable's path). Only a
/// message that is not JSON at all is [`Unreadable`].
pub fn decode(frame: &[u8]) -> Result<Incoming, Unreadable> {
    let strict = match serde_json::from_slice::<Incoming>(frame) {
        Ok(message) => return Ok(message),
        Err(e) => e,
    };
    let repaired = escape_lone_surrogates(&String::from_utf8_lossy(frame));
    serde_json::from_str::<Incoming>(&repaired).map_err(|_| Unreadable {
        request_seq: answered_seq(&repaired),
        reason: strict.to_string(),
    })
}

/// `text` (JSON) with every `\uXXXX` escape of a lone surrogate turned into an escaped
/// backslash, so the string holds the escape's text instead of an invalid character.
fn escape_lone_surrogates(text: &str) -> String {
    let bytes = text.as_bytes();
    let surrogate = |at: usize| -> Option<u16> {
        let escape = bytes.get(at..at + 6)?;
        if escape[0] != b'\\' || escape[1] != b'u' {
            return None;
        }
        let code = u16::from_str_radix(std::str::from_utf8(&escape[2..]).ok()?, 16).ok()?;
        (0xD800..=0xDFFF).contains(&code).then_some(code)
    };
    let mut out = Vec::with_capacity(bytes.len() + 16);
    let (mut at, mut in_string) = (0, false);
    while at < bytes.len() {
        let byte = bytes[at];
        if !in_string || byte == b'"' {
            in_string ^= byte == b'"';
            out.push(byte);
            at += 1;
        } else if byte != b'\\' {
            out.push(byte);
            at += 1;
        } else if let Some(code) = surrogate(at) {
            let paired = (0xD800..0xDC00).contains(&code)
                && surrogate(at + 6).is_some_and(|low| low >= 0xDC00);
            if paired {
                out.extend_from_slice(&bytes[at..at + 12]);
                at += 12;
            } else {
                out.extend_from_slice(format!("\\\\u{code:04x}").as_bytes());
                at += 6;
            }
        } else {
            // Any other escape: its two bytes as they are (`\\`, `\"`, `\n`, `\u0041`...).
            out.extend_from_slice(&bytes[at..(at + 2).min(bytes.len())]);
            at += 2;
        }
    }
    // Only ASCII was inserted, at character boundaries: still UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The `request_seq` a response names, read from its text.
fn answered_seq(text: &str) -> Option<i64> {
    let after = &text[text.find("\"request_seq\"")? + "\"request_seq\"".len()..];
    let value = after.trim_start().strip_prefix(':')?.trim_start();
    let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tokio::io::BufReader;

    #[tokio::test]
    async fn round_trips_several_messages() {
        let a = json!({"seq": 1, "type": "event", "event": "initialized"});
        let b = json!({"seq": 2, "type": "response", "request_seq": 1, "success": true, "command": "initialize", "body": {"x": "é"}});
        let mut bytes = encode(&a);
        bytes.extend(encode(&b));
        let mut reader = BufReader::new(&bytes[..]);
        let first = read_frame(&mut reader).await.unwrap().unwrap();
        let second = read_frame(&mut reader).await.unwrap().unwrap();
        assert!(read_frame(&mut reader).await.unwrap().is_none());
        let first: Incoming = serde_json::from_slice(&first).unwrap();
        let second: Incoming = serde_json::from_slice(&second).unwrap();
        assert_eq!(
            first,
            Incoming::Event(Event {
                event: "initialized".into(),
                body: Value::Null
            })
        );
        match second {
            Incoming::Response(r) => {
                assert!(r.success);
                assert_eq!(r.body["x"], "é");
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[tokio::test]
    async fn length_counts_bytes_not_chars() {
        let msg = json!({"text": "ünïcødé"});
        let framed = encode(&msg);
        let text = String::from_utf8(framed.clone()).unwrap();
        let body = msg.to_string();
        assert!(text.starts_with(&format!("Content-Length: {}\r\n\r\n", body.len())));
        let mut reader = BufReader::new(&framed[..]);
        let read = read_frame(&mut reader).await.unwrap().unwrap();
        assert_eq!(read, body.as_bytes());
    }

    #[tokio::test]
    async fn accepts_extra_headers_and_rejects_garbage() {
        let raw = b"Content-Type: application/json\r\ncontent-length: 2\r\n\r\n{}";
        let mut reader = BufReader::new(&raw[..]);
        assert_eq!(read_frame(&mut reader).await.unwrap().unwrap(), b"{}");

        let raw = b"Content-Length: 10\r\n\r\n{}";
        let mut reader = BufReader::new(&raw[..]);
        assert!(read_frame(&mut reader).await.is_err(), "body cut short");

        let raw = b"Content-Length: 2\r\n";
        let mut reader = BufReader::new(&raw[..]);
        assert!(read_frame(&mut reader).await.is_err(), "header cut short");

        let raw = b"\r\n\r\n";
        let mut reader = BufReader::new(&raw[..]);
        assert!(read_frame(&mut reader).await.unwrap().is_none());

        let raw = b"X-Other: 1\r\n\r\n{}";
        let mut reader = BufReader::new(&raw[..]);
        assert!(read_frame(&mut reader).await.is_err(), "no length");
    }

    #[test]
    fn names_that_are_not_unicode_are_read_leniently_and_stay_distinct() {
        // Python's json escapes a lone surrogate (a file name's undecodable byte).
        let frame = br#"{"seq": 9, "type": "response", "request_seq": 4, "success": true,
            "command": "variables", "body": {"variables": [
            {"name": "bad\udcff", "value": "1"}, {"name": "bad\udcfe", "value": "2"},
            {"name": "pair \ud83d\ude00", "value": "3"}, {"name": "tail\ud800", "value": "4"},
            {"name": "kept \\udcff", "value": "5"}, {"name": "raw \xff", "value": "6"}]}}"#;
        let mut frame = frame.to_vec();
        let raw = frame.windows(4).position(|w| w == b"\\xff").unwrap();
        frame.splice(raw..raw + 4, [0xff]);
        assert!(
            serde_json::from_slice::<Incoming>(&frame).is_err(),
            "strict JSON refuses it"
        );
        let Ok(Incoming::Response(response)) = decode(&frame) else {
            panic!("{:?}", decode(&frame));
        };
        assert_eq!(response.request_seq, 4);
        let names: Vec<&str> = response.body["variables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                r"bad\udcff",
                r"bad\udcfe",
                "pair \u{1F600}",
                r"tail\ud800",
                r"kept \udcff",
                "raw \u{FFFD}"
            ]
        );
    }

    #[test]
    fn a_message_that_is_no_json_names_the_request_it_answers() {
        let unreadable =
            decode(br#"{"type": "response", "request_seq": 12, "body": {"#).unwrap_err();
        assert_eq!(unreadable.request_seq, Some(12));
        assert!(!unreadable.reason.is_empty());
        assert_eq!(decode(b"garbage").unwrap_err().request_seq, None);
    }

    #[test]
    fn parses_reverse_requests_and_error_text() {
        let req: Incoming = serde_json::from_value(
            json!({"seq": 3, "type": "request", "command": "runInTerminal", "arguments": {"a": 1}}),
        )
        .unwrap();
        assert!(
            matches!(req, Incoming::Request { seq: 3, ref command, .. } if command == "runInTerminal")
        );
        let resp = Response {
            request_seq: 1,
            success: false,
            command: "launch".into(),
            message: Some("short".into()),
            body: json!({"error": {"format": "File not found: /x.py"}}),
        };
        assert_eq!(resp.error_text(), "File not found: /x.py");
        let resp = Response {
            body: Value::Null,
            ..resp
        };
        assert_eq!(resp.error_text(), "short");
    }
}
