//! Every answer within what clients keep. Claude Code replaces a tool result over about
//! 50,000 characters with a file and shows the model a short preview; other clients cut
//! or refuse large results. Each tool caps what it lists (values at 1,000 characters,
//! lists at their `max_*`), and this is the one step after them that holds the whole
//! answer to [`ANSWER_BUDGET`]: when the JSON text is larger, the longest lists lose
//! entries from their end, then the longest strings are cut, and the answer says what was
//! cut and how to read the rest (`cut`). The list's count of what it left out
//! (`<name>_omitted`, or `omitted` beside its `total_count`) grows by what was cut. Only lengths and removals: what remains
//! keeps its shape, so the answer still matches the tool's output schema.

use serde_json::{Map, Value};
use std::io::Write;

/// The most characters of JSON one answer takes (below Claude Code's 50,000).
pub const ANSWER_BUDGET: usize = 40_000;

/// The shortest a string is cut to.
const SHORTEST_CUT: usize = 200;

/// The field that says what was cut.
const CUT_FIELD: &str = "cut";

/// How to read what a cut answer left out, by tool; [`READ_MORE_ELSEWHERE`] for the rest.
const READ_MORE: &[(&str, &str)] = &[
    (
        "get_variables",
        "Ask for fewer (max_variables, scope), or read one value with expand_variable or evaluate.",
    ),
    (
        "expand_variable",
        "Ask for fewer (max_children) or a narrower path, or read one value with evaluate.",
    ),
    (
        "get_debug_session_status",
        "Ask with include_variables: false and read them with get_variables (max_variables).",
    ),
    (
        "list_breakpoints",
        "Filter the list (file_path, type, enabled_only).",
    ),
    (
        "trace_execution",
        "Trace fewer hits (max_hits) or fewer expressions.",
    ),
];
const READ_MORE_ELSEWHERE: &str =
    "Ask for less (include_variables: false), or read one value with expand_variable or evaluate.";

/// Make `tool`'s `answer` fit [`ANSWER_BUDGET`] (see the module's doc). An answer that
/// fits is left untouched.
pub fn fit(tool: &str, answer: &mut Value) {
    fit_within(tool, answer, ANSWER_BUDGET);
}

fn fit_within(tool: &str, answer: &mut Value, budget: usize) {
    let mut size = json_len(answer);
    if size <= budget {
        return;
    }
    // The note itself takes room: aim below the budget by its largest size.
    let target = budget.saturating_sub(400);
    let mut lists: Vec<(String, usize, usize)> = Vec::new();
    while size > target {
        let Some(path) = largest(
            answer,
            &|v| matches!(v, Value::Array(items) if items.len() > 1),
        ) else {
            break;
        };
        let (name, total, dropped) = shorten_list(answer, &path, size - target);
        lists.push((name, total, dropped));
        size = json_len(answer);
    }
    let mut strings = 0;
    while size > target {
        // A cut string keeps SHORTEST_CUT characters and the ellipsis: it is not cut again.
        let long =
            |v: &Value| matches!(v, Value::String(s) if s.chars().count() > SHORTEST_CUT + 1);
        let Some(path) = largest(answer, &long) else {
            break;
        };
        if let Some(Value::String(text)) = at(answer, &path) {
            // A character takes at least a byte of JSON: this many go with the excess (and
            // the ellipsis' 3 bytes).
            let excess = size - target + 3;
            let keep = (text.chars().count().saturating_sub(excess)).max(SHORTEST_CUT);
            let cut: String = text.chars().take(keep).collect();
            *text = format!("{cut}…");
        }
        strings += 1;
        size = json_len(answer);
    }
    if let Value::Object(body) = answer {
        body.insert(CUT_FIELD.into(), note(tool, &lists, strings, budget).into());
    }
}

/// Where a value sits in an answer: keys and indexes from the top.
type Path = Vec<Step>;

#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// The path of the largest value (by JSON length) for which `wanted` holds.
fn largest(answer: &Value, wanted: &dyn Fn(&Value) -> bool) -> Option<Path> {
    fn walk(
        value: &Value,
        path: &mut Path,
        wanted: &dyn Fn(&Value) -> bool,
        best: &mut Option<(usize, Path)>,
    ) {
        if wanted(value) {
            let size = json_len(value);
            if best.as_ref().is_none_or(|(largest, _)| size > *largest) {
                *best = Some((size, path.clone()));
            }
        }
        match value {
            Value::Object(map) => {
                for (key, child) in map {
                    path.push(Step::Key(key.clone()));
                    walk(child, path, wanted, best);
                    path.pop();
                }
            }
            Value::Array(items) => {
                for (index, child) in items.iter().enumerate() {
                    path.push(Step::Index(index));
                    walk(child, path, wanted, best);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    let mut best = None;
    walk(answer, &mut Vec::new(), wanted, &mut best);
    best.map(|(_, path)| path)
}

fn at<'a>(value: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |value, step| match step {
        Step::Key(key) => value.get_mut(key.as_str()),
        Step::Index(index) => value.get_mut(*index),
    })
}

/// Drop entries from the end of the list at `path` until `excess` characters are gone or
/// one entry is left; count them in its `<name>_omitted` sibling where there is one.
/// Answers the list's name, its length before, and how many went.
fn shorten_list(answer: &mut Value, path: &[Step], excess: usize) -> (String, usize, usize) {
    let name = path
        .iter()
        .rev()
        .find_map(|step| match step {
            Step::Key(key) => Some(key.clone()),
            Step::Index(_) => None,
        })
        .unwrap_or_else(|| "the answer".into());
    let Some(Value::Array(items)) = at(answer, path) else {
        return (name, 0, 0);
    };
    let total = items.len();
    let mut freed = 0;
    while items.len() > 1 && freed < excess {
        let last = items.pop().expect("more than one entry");
        freed += json_len(&last) + 1;
    }
    let dropped = total - items.len();
    if let [parent_path @ .., Step::Key(key)] = path {
        if let Some(Value::Object(parent)) = at(answer, parent_path) {
            count_omitted(parent, key, dropped);
        }
    }
    (name, total, dropped)
}

/// Count `dropped` in the list's count of what it left out: `<list>_omitted` beside several
/// lists (a status), `omitted` beside a list and its `total_count`; an answer that left
/// nothing out yet has none, and gets one.
fn count_omitted(parent: &mut Map<String, Value>, list: &str, dropped: usize) {
    let named = format!("{list}_omitted");
    let key = if parent.contains_key(&named) {
        named
    } else if parent.contains_key("omitted") || parent.contains_key("total_count") {
        "omitted".to_string()
    } else {
        named
    };
    let before = parent.get(&key).and_then(Value::as_u64).unwrap_or(0);
    parent.insert(key, Value::from(before + dropped as u64));
}

/// What was cut, and how to read the rest, in a sentence or two.
fn note(tool: &str, lists: &[(String, usize, usize)], strings: usize, budget: usize) -> String {
    let mut parts: Vec<String> = lists
        .iter()
        .filter(|(_, _, dropped)| *dropped > 0)
        .map(|(name, total, dropped)| format!("{dropped} of {total} entries of '{name}'"))
        .collect();
    if strings > 0 {
        parts.push(format!("the end of {strings} long value(s)"));
    }
    let read_more = READ_MORE
        .iter()
        .find(|(name, _)| *name == tool)
        .map_or(READ_MORE_ELSEWHERE, |(_, how)| how);
    format!(
        "Cut to stay within {budget} characters: {} left out. {read_more}",
        parts.join(", ")
    )
}

/// The length of `value`'s JSON text, counted without building it.
pub fn json_len(value: &Value) -> usize {
    struct Count(usize);
    impl Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Writing a `Value` to a sink that never fails cannot fail.
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_answer_that_fits_is_untouched() {
        let mut answer = json!({"variables": [{"name": "a", "value": "1"}], "total_count": 1});
        let before = answer.clone();
        fit("get_variables", &mut answer);
        assert_eq!(answer, before);
    }

    #[test]
    fn the_longest_list_loses_its_end_and_its_count_says_so() {
        let variables: Vec<Value> = (0..300)
            .map(|i| json!({"name": format!("v{i}"), "value": "x".repeat(990)}))
            .collect();
        let mut answer = json!({
            "variables": variables,
            "variables_omitted": 4,
            "watches": [{"expression": "n", "value": "1"}],
        });
        fit("get_variables", &mut answer);
        assert!(json_len(&answer) <= ANSWER_BUDGET, "{}", json_len(&answer));
        let kept = answer["variables"].as_array().unwrap();
        assert!(kept.len() > 30 && kept.len() < 40, "{}", kept.len());
        assert_eq!(kept[0]["name"], "v0", "the first entries stay");
        let omitted = answer["variables_omitted"].as_u64().unwrap() as usize;
        assert_eq!(omitted, 4 + 300 - kept.len());
        assert_eq!(answer["watches"].as_array().unwrap().len(), 1);
        let note = answer["cut"].as_str().unwrap();
        assert!(
            note.contains(&format!(
                "{} of 300 entries of 'variables'",
                300 - kept.len()
            )),
            "{note}"
        );
    }

    #[test]
    fn a_list_beside_its_total_counts_what_went_in_omitted() {
        let children: Vec<Value> = (0..100).map(|_| json!("z".repeat(1_000))).collect();
        let mut answer = json!({"children": children, "total_count": 100});
        fit("get_variables", &mut answer);
        let kept = answer["children"].as_array().unwrap().len();
        assert_eq!(answer["omitted"].as_u64().unwrap() as usize, 100 - kept);
        assert!(answer.get("children_omitted").is_none());
    }

    #[test]
    fn a_single_huge_value_is_cut_short() {
        let mut answer = json!({"result": {"value": "y".repeat(200_000), "truncated": false}});
        fit("get_variables", &mut answer);
        assert!(json_len(&answer) <= ANSWER_BUDGET, "{}", json_len(&answer));
        let value = answer["result"]["value"].as_str().unwrap();
        assert!(
            value.ends_with('…') && value.len() > 10_000,
            "{}",
            value.len()
        );
        assert!(answer["cut"].as_str().unwrap().contains("1 long value"));
    }

    #[test]
    fn json_len_is_the_text_length() {
        let value = json!({"a": ["é", 1, null], "b": "q\"uote"});
        assert_eq!(json_len(&value), value.to_string().len());
    }
}
