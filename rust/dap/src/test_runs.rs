//! Test launches: which configurations run tests, how each adapter stops a failing
//! test where it fails (a row of its profile, [`TestSupport`]), and how a file launch
//! runs one test only.
//!
//! - **debugpy** (pytest, unittest): the `userUnhandled` exception mode stops where
//!   an exception leaves the user's code for library code. Such a stop is a failing
//!   test when a test runner called that code: the runner's frame further down names
//!   the test and says whether its failure is expected (`xfail`, `expectedFailure`),
//!   and skips are no failures ([`NOT_FAILURES`]). Any other such stop (an exception
//!   a library catches on purpose) is continued silently.
//! - **Delve** (`go test`): a function breakpoint on the testing package's `Fail`,
//!   which every `t.Error`/`t.Fatal` reaches; the test's frame is the first one
//!   outside the package, and the receiver names the test and holds its log.

use crate::launch_json::LaunchConfig;

/// How an adapter's test launches stop at a failing test.
pub struct TestSupport {
    /// Whether a configuration runs tests.
    pub runs_tests: fn(&LaunchConfig) -> bool,
    pub failure: FailureStop,
}

pub enum FailureStop {
    /// An exception leaving the test's code for the runner (debugpy's `userUnhandled`).
    LeavingTestCode {
        /// Read in the paused frame: the test a runner was running, `~`
        /// ([`EXPECTED_FAILURE`]) when it expects the failure, '' when no runner
        /// called the code.
        verdict: &'static str,
        /// What the adapter appends to the name of the frame it is paused in, below
        /// the raise.
        paused_frame_mark: &'static str,
    },
    /// A call the test framework makes on every failure, stopped by a function
    /// breakpoint on `function`.
    FrameworkCall {
        function: &'static str,
        /// The name prefix of the framework's frames (the test's frame is the first
        /// without it).
        framework: &'static str,
        /// Read in the breakpoint's frame: the test's name, and its log so far.
        test_name: &'static str,
        log: &'static str,
    },
}

/// Exceptions that end a test without failing it: pytest's skip, imperative xfail
/// and exit, unittest's skip.
pub const NOT_FAILURES: &[&str] = &[
    "_pytest.outcomes.Skipped",
    "_pytest.outcomes.XFailed",
    "_pytest.outcomes.Exit",
    "unittest.case.SkipTest",
];

/// The runner verdict that a failure is expected (an `xfail` or `expectedFailure`
/// test): no stop.
pub const EXPECTED_FAILURE: &str = "~";

/// Whether `test` names one test (`test_total`, `TestCart::test_total[2]`), as
/// opposed to a `-k` expression (`total and not slow`).
pub fn is_test_name(test: &str) -> bool {
    !test.is_empty()
        && test
            .chars()
            .all(|c| c.is_alphanumeric() || "_:.[]-".contains(c))
}

/// pytest's arguments that run `test` of `file` only.
pub fn pytest_selection(file: &str, test: &str) -> Vec<String> {
    match is_test_name(test) {
        true => vec![format!("{file}::{test}")],
        false => vec![file.to_string(), "-k".into(), test.to_string()],
    }
}

/// The test binary's arguments that run the tests matching `pattern` only.
pub fn go_test_selection(pattern: &str) -> Vec<String> {
    vec!["-test.run".into(), pattern.to_string()]
}

/// A value as Delve shows a Go string (`"a\n"`): the text, unquoted.
pub fn go_string(shown: &str) -> String {
    serde_json::from_str::<String>(shown).unwrap_or_else(|_| shown.trim_matches('"').to_string())
}

/// The last entry of a Go test's log (`    cart_test.go:16: got 12, want 13\n`,
/// continuation lines indented deeper): the failure it just reported.
pub fn last_log_entry(log: &str) -> String {
    let mut entries: Vec<String> = Vec::new();
    for line in log.lines() {
        let indent = line.len() - line.trim_start().len();
        match (indent > 4, entries.last_mut()) {
            (true, Some(last)) => {
                last.push('\n');
                last.push_str(line.trim());
            }
            _ if !line.trim().is_empty() => entries.push(line.trim().to_string()),
            _ => {}
        }
    }
    entries.pop().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_name_selects_a_node_anything_else_is_a_keyword_expression() {
        assert_eq!(
            pytest_selection("/p/test_cart.py", "TestCart::test_total[2-x]"),
            vec!["/p/test_cart.py::TestCart::test_total[2-x]"]
        );
        assert_eq!(
            pytest_selection("/p/test_cart.py", "total and not slow"),
            vec!["/p/test_cart.py", "-k", "total and not slow"]
        );
        assert!(!is_test_name(""));
        assert_eq!(
            go_test_selection("^TestTotal$"),
            vec!["-test.run", "^TestTotal$"]
        );
    }

    #[test]
    fn a_go_log_gives_its_last_entry() {
        assert_eq!(go_string(r#""TestSubtotal/sub""#), "TestSubtotal/sub");
        assert_eq!(go_string(r#""a\nb""#), "a\nb");
        let log = "    cart_test.go:9: first\n    cart_test.go:16: got 12,\n        want 13\n";
        assert_eq!(last_log_entry(log), "cart_test.go:16: got 12,\nwant 13");
        assert_eq!(last_log_entry(""), "");
    }
}
