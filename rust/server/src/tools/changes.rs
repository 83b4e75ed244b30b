//! What a stop changed: the current frame's variables and the watches, compared with
//! the values the previous execution answer of the same session saw. Each execution
//! answer keeps a [`Snapshot`] of its stop in the session's record; the next answer
//! compares with it when it stops in the same frame (same thread, function, file and
//! depth), and says the frame is another when not. Values are compared as answers show
//! them: masked by the redaction step and cut at `views::VALUE_CAP`.

use super::frame_values::WatchValue;
use super::views::VariableView;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::HashMap;
use std::path::PathBuf;

/// Changes an answer shows; the rest are counted (`changed_omitted`).
pub const CHANGE_CAP: usize = 20;

/// Frames read at a stop to know the stack's depth (deeper stacks are told apart by
/// what the debugger estimates).
pub const STACK_LEVELS: usize = 32;

/// Which frame a stop is in, as far as two stops can tell: frame handles do not
/// survive a resume, so a frame is its thread, its function and file, and its depth
/// counted from the bottom of the stack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameKey {
    pub thread: String,
    pub file: Option<PathBuf>,
    pub method: String,
    pub depth: usize,
}

/// The values one execution answer saw at its stop.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub frame: FrameKey,
    /// (key, name shown, value) in the order the answer lists them; a variable's key is
    /// its name, a watch's its id (two watches may share an expression).
    values: Vec<(String, String, String)>,
    /// What the debugger told functions returned at this stop (some keep telling it
    /// at later stops in the same frame: debugpy).
    pub returned: Vec<Returned>,
}

impl Snapshot {
    pub fn new(frame: FrameKey, variables: &[VariableView], watches: &[WatchValue]) -> Self {
        let variables = variables
            .iter()
            .map(|v| (format!("v:{}", v.name), v.name.clone(), v.value.clone()));
        let watches = watches.iter().map(|w| {
            let value = match (&w.value, &w.error) {
                (Some(value), _) => value.clone(),
                (None, Some(error)) => format!("<error: {error}>"),
                (None, None) => "<unavailable>".to_string(),
            };
            (format!("w:{}", w.id), w.expression.clone(), value)
        });
        Self {
            frame,
            values: variables.chain(watches).collect(),
            returned: Vec::new(),
        }
    }
}

/// A value a function returned.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Returned {
    pub function: String,
    pub value: String,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub type_name: Option<String>,
}

/// Of what the debugger tells at `now`, what the step returned: after leaving a
/// function, that function's value; in the same frame, what the previous stop did not
/// tell already.
pub fn new_returns(
    previous: Option<&Snapshot>,
    difference: &Difference,
    now: &Snapshot,
) -> Vec<Returned> {
    let told = now.returned.iter().cloned();
    match (&difference.returned_from, previous) {
        (Some(left), _) => told.filter(|r| &r.function == left).collect(),
        (None, Some(previous)) if !difference.frame_changed => {
            told.filter(|r| !previous.returned.contains(r)).collect()
        }
        _ => Vec::new(),
    }
}

/// One value that differs from the previous stop in the same frame. A variable that
/// appeared has no `old`; one that went out of scope has no `new`.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Change {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<String>,
}

/// What an answer says about the values since the previous stop.
#[derive(Debug, Default, PartialEq)]
pub struct Difference {
    pub changed: Vec<Change>,
    pub omitted: Option<usize>,
    /// The stop is in another frame than the previous one (nothing compared).
    pub frame_changed: bool,
    /// The stack is shallower than at the previous stop: a function returned.
    pub returned_from: Option<String>,
}

/// Compare `now` with the `previous` answer's stop (none at a session's first stop).
pub fn compare(previous: Option<&Snapshot>, now: &Snapshot) -> Difference {
    let Some(previous) = previous else {
        return Difference::default();
    };
    if previous.frame != now.frame {
        let left =
            previous.frame.thread == now.frame.thread && now.frame.depth < previous.frame.depth;
        return Difference {
            frame_changed: true,
            returned_from: left.then(|| previous.frame.method.clone()),
            ..Difference::default()
        };
    }
    let before: HashMap<&str, (&str, &str)> = previous
        .values
        .iter()
        .map(|(key, name, value)| (key.as_str(), (name.as_str(), value.as_str())))
        .collect();
    let mut all: Vec<Change> = Vec::new();
    for (key, name, value) in &now.values {
        match before.get(key.as_str()) {
            Some((_, old)) if *old == value => {}
            old => all.push(Change {
                name: name.clone(),
                old: old.map(|(_, v)| v.to_string()),
                new: Some(value.clone()),
            }),
        }
    }
    let present: std::collections::HashSet<&str> =
        now.values.iter().map(|(k, _, _)| k.as_str()).collect();
    all.extend(
        previous
            .values
            .iter()
            .filter(|(key, _, _)| !present.contains(key.as_str()))
            .map(|(_, name, value)| Change {
                name: name.clone(),
                old: Some(value.clone()),
                new: None,
            }),
    );
    let omitted = all.len().saturating_sub(CHANGE_CAP);
    all.truncate(CHANGE_CAP);
    Difference {
        changed: all,
        omitted: Some(omitted).filter(|n| *n > 0),
        frame_changed: false,
        returned_from: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(method: &str, depth: usize) -> FrameKey {
        FrameKey {
            thread: "1".into(),
            file: Some("/p/calc.py".into()),
            method: method.into(),
            depth,
        }
    }

    fn variable(name: &str, value: &str) -> VariableView {
        VariableView {
            name: name.into(),
            value: value.into(),
            type_name: None,
            has_children: false,
            id: None,
            truncated: false,
        }
    }

    fn watch(id: &str, expression: &str, value: &str) -> WatchValue {
        WatchValue {
            id: id.into(),
            expression: expression.into(),
            value: Some(value.into()),
            type_name: None,
            error: None,
        }
    }

    #[test]
    fn the_same_frame_lists_what_differs_appeared_and_went() {
        let before = Snapshot::new(
            frame("total", 2),
            &[
                variable("a", "1"),
                variable("b", "2"),
                variable("gone", "x"),
            ],
            &[watch("w1", "a + b", "3")],
        );
        let now = Snapshot::new(
            frame("total", 2),
            &[variable("a", "1"), variable("b", "5"), variable("c", "7")],
            &[watch("w1", "a + b", "6")],
        );
        let change = |name: &str, old: Option<&str>, new: Option<&str>| Change {
            name: name.into(),
            old: old.map(Into::into),
            new: new.map(Into::into),
        };
        assert_eq!(
            compare(Some(&before), &now),
            Difference {
                changed: vec![
                    change("b", Some("2"), Some("5")),
                    change("c", None, Some("7")),
                    change("a + b", Some("3"), Some("6")),
                    change("gone", Some("x"), None),
                ],
                ..Difference::default()
            }
        );
    }

    #[test]
    fn another_frame_is_said_and_a_shallower_one_names_the_function_left() {
        let inner = Snapshot::new(frame("subtotal_of", 3), &[variable("a", "1")], &[]);
        let outer = Snapshot::new(frame("total", 2), &[variable("a", "2")], &[]);
        let deeper = compare(Some(&outer), &inner);
        assert!(
            deeper.frame_changed && deeper.changed.is_empty() && deeper.returned_from.is_none()
        );
        let left = compare(Some(&inner), &outer);
        assert!(left.frame_changed && left.changed.is_empty());
        assert_eq!(left.returned_from.as_deref(), Some("subtotal_of"));
        assert_eq!(compare(None, &outer), Difference::default());
    }

    #[test]
    fn a_return_is_told_once_and_after_leaving_only_the_function_left() {
        let returned = |function: &str, value: &str| Returned {
            function: function.into(),
            value: value.into(),
            type_name: None,
        };
        let mut before = Snapshot::new(frame("total", 2), &[], &[]);
        before.returned = vec![returned("subtotal_of", "150.0")];
        let mut now = Snapshot::new(frame("total", 2), &[], &[]);
        now.returned = vec![returned("subtotal_of", "150.0"), returned("round", "150.0")];
        let same = compare(Some(&before), &now);
        assert_eq!(
            new_returns(Some(&before), &same, &now),
            vec![returned("round", "150.0")]
        );

        let inner = Snapshot::new(frame("total", 2), &[], &[]);
        let mut outer = Snapshot::new(frame("main", 1), &[], &[]);
        outer.returned = vec![returned("Item", "None"), returned("total", "150.0")];
        let left = compare(Some(&inner), &outer);
        assert_eq!(
            new_returns(Some(&inner), &left, &outer),
            vec![returned("total", "150.0")]
        );
    }

    #[test]
    fn the_list_is_capped_and_what_was_cut_counted() {
        let many = |value: &str| -> Vec<VariableView> {
            (0..CHANGE_CAP + 5)
                .map(|i| variable(&format!("v{i}"), value))
                .collect()
        };
        let before = Snapshot::new(frame("f", 1), &many("0"), &[]);
        let now = Snapshot::new(frame("f", 1), &many("1"), &[]);
        let difference = compare(Some(&before), &now);
        assert_eq!(difference.changed.len(), CHANGE_CAP);
        assert_eq!(difference.omitted, Some(5));
    }
}
