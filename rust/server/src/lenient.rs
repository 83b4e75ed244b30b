//! Lenient argument decoding: agents send `"42"` for 42 and `"true"` for true. These
//! serde helpers accept both forms where the meaning is clear and reject the rest
//! with a message naming the expected type.

use serde::de::{Deserializer, Error};
use serde::Deserialize;
use serde_json::Value;

fn number<'de, D: Deserializer<'de>>(value: Value) -> Result<Option<f64>, D::Error> {
    match value {
        Value::Null => Ok(None),
        Value::Number(n) => Ok(n.as_f64()),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => s
            .trim()
            .parse::<f64>()
            .map(Some)
            .map_err(|_| D::Error::custom(format!("expected a number, got \"{s}\""))),
        other => Err(D::Error::custom(format!("expected a number, got {other}"))),
    }
}

fn whole<'de, D: Deserializer<'de>>(value: Value) -> Result<Option<u64>, D::Error> {
    match number::<D>(value)? {
        None => Ok(None),
        Some(n) if n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64 => Ok(Some(n as u64)),
        Some(n) => Err(D::Error::custom(format!(
            "expected a non-negative whole number, got {n}"
        ))),
    }
}

/// An optional non-negative integer, given as a number or a numeric string.
pub fn opt_u32<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    whole::<D>(Value::deserialize(d)?).map(|v| v.map(|n| n as u32))
}

/// A required non-negative integer, given as a number or a numeric string.
pub fn u32_value<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    opt_u32(d)?.ok_or_else(|| D::Error::custom("expected a whole number, got nothing"))
}

/// A required count, given as a number or a numeric string.
pub fn usize_value<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    opt_usize(d)?.ok_or_else(|| D::Error::custom("expected a whole number, got nothing"))
}

/// A required string; numbers and booleans are taken as their text.
pub fn text_value<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    opt_text(d)?.ok_or_else(|| D::Error::custom("expected a string, got nothing"))
}

/// An optional count, given as a number or a numeric string.
pub fn opt_usize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    whole::<D>(Value::deserialize(d)?).map(|v| v.map(|n| n as usize))
}

/// An optional `timeout`: a positive, finite number of seconds, given as a number or
/// a numeric string. `0` is refused rather than guessed at (some APIs read it as
/// "forever", others as "do not wait"); values above the tool's maximum are clamped by
/// the tool. The message names `timeout` itself: the parameter often sits in a
/// flattened struct, where serde loses the field's name.
pub fn opt_timeout<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let seconds = number::<D>(Value::deserialize(d)?)
        .map_err(|e| D::Error::custom(format!("'timeout': {e}")))?;
    match seconds {
        Some(n) if !(n.is_finite() && n > 0.0) => Err(D::Error::custom(format!(
            "'timeout' must be a positive number of seconds, got {n}"
        ))),
        other => Ok(other),
    }
}

/// An optional boolean, given as a boolean or `"true"`/`"false"`/`"yes"`/`"no"`/`"1"`/`"0"`.
pub fn opt_bool<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        Value::Bool(b) => Ok(Some(b)),
        Value::Number(n) if n.as_u64() == Some(0) => Ok(Some(false)),
        Value::Number(n) if n.as_u64() == Some(1) => Ok(Some(true)),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "1" => Ok(Some(true)),
            "false" | "no" | "0" => Ok(Some(false)),
            "" => Ok(None),
            _ => Err(D::Error::custom(format!(
                "expected true or false, got \"{s}\""
            ))),
        },
        other => Err(D::Error::custom(format!(
            "expected true or false, got {other}"
        ))),
    }
}

/// An optional string; numbers are taken as their decimal text (`"new_value": 5`).
pub fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s)),
        Value::Number(n) => Ok(Some(n.to_string())),
        Value::Bool(b) => Ok(Some(if b { "True" } else { "False" }.into())),
        other => Err(D::Error::custom(format!("expected a string, got {other}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize, Debug)]
    struct P {
        #[serde(default, deserialize_with = "opt_u32")]
        line: Option<u32>,
        #[serde(default, deserialize_with = "opt_bool")]
        flag: Option<bool>,
        #[serde(default, deserialize_with = "opt_timeout")]
        timeout: Option<f64>,
        #[serde(default, deserialize_with = "opt_text")]
        text: Option<String>,
    }

    fn parse(v: Value) -> Result<P, serde_json::Error> {
        serde_json::from_value(v)
    }

    #[test]
    fn accepts_strings_for_numbers_and_booleans() {
        let p =
            parse(serde_json::json!({"line": "42", "flag": "true", "timeout": "1.5", "text": 7}))
                .unwrap();
        assert_eq!(p.line, Some(42));
        assert_eq!(p.flag, Some(true));
        assert_eq!(p.timeout, Some(1.5));
        assert_eq!(p.text.as_deref(), Some("7"));
        let p = parse(serde_json::json!({"line": 3.0, "flag": 0})).unwrap();
        assert_eq!((p.line, p.flag), (Some(3), Some(false)));
        let p = parse(serde_json::json!({})).unwrap();
        assert_eq!((p.line, p.flag, p.timeout), (None, None, None));
    }

    #[test]
    fn rejects_nonsense_with_a_message() {
        let err = parse(serde_json::json!({"line": "forty"}))
            .unwrap_err()
            .to_string();
        assert!(err.contains("expected a number"), "{err}");
        assert!(parse(serde_json::json!({"line": -1})).is_err());
        assert!(parse(serde_json::json!({"line": 1.5})).is_err());
        assert!(parse(serde_json::json!({"flag": "maybe"})).is_err());
        for refused in [
            serde_json::json!(-2),
            serde_json::json!(0),
            serde_json::json!("NaN"),
            serde_json::json!("inf"),
            serde_json::json!("-inf"),
        ] {
            let err = parse(serde_json::json!({ "timeout": refused }))
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("'timeout' must be a positive number of seconds"),
                "{err}"
            );
        }
        // Huge values decode; the tool clamps them (`waiting::wait_time`).
        let huge = parse(serde_json::json!({"timeout": 1e308})).unwrap();
        assert_eq!(huge.timeout, Some(1e308));
    }
}
