//! A session's stop at a failing test (a test launch; `test_runs.rs` says how per
//! adapter): whether an exception stop, or a stop at the framework's failure call,
//! is a test failing, which test, its message and the frame of the test's own code.

use super::{as_i64, Session};
use crate::breakpoints::class_matches;
use crate::test_runs::{self, FailureStop, EXPECTED_FAILURE, NOT_FAILURES};
use debugger_core::model::{ExceptionInfo, FailedTest};
use serde_json::{json, Value as Json};

/// How many frames a framework stop is searched for the test's own frame.
const FRAMES_SEARCHED: u64 = 30;

impl Session {
    /// The function a framework stops in on every failure, when this session stops
    /// at failing tests that way.
    pub(super) fn failure_call(&self) -> Option<&'static str> {
        match self.test_failures {
            Some(FailureStop::FrameworkCall { function, .. }) => Some(function),
            _ => None,
        }
    }

    /// The failing test an exception stop is, if it is one: the exception left the
    /// test's code for a runner that does not expect it (not a skip, not an expected
    /// failure). `mro` is the exception's class and bases.
    pub(super) async fn failed_exception_test(
        &self,
        thread: i64,
        info: &ExceptionInfo,
        mro: &[String],
    ) -> Option<FailedTest> {
        let Some(FailureStop::LeavingTestCode {
            verdict,
            paused_frame_mark,
        }) = self.test_failures
        else {
            return None;
        };
        let skipped = mro
            .iter()
            .any(|class| NOT_FAILURES.iter().any(|n| class_matches(n, class)));
        if skipped {
            return None;
        }
        let (index, frame) = self.paused_frame(thread, paused_frame_mark).await?;
        let verdict = self
            .client
            .request(
                "evaluate",
                json!({ "expression": verdict, "frameId": frame, "context": "watch" }),
                self.shared.request_timeout(),
            )
            .await
            .ok()?;
        let test = verdict
            .get("result")
            .and_then(Json::as_str)
            .map(|r| r.trim_matches(['\'', '"']).to_string())
            .filter(|r| !r.is_empty() && r != EXPECTED_FAILURE)?;
        Some(FailedTest {
            name: test,
            message: info.message.clone(),
            frame: index,
        })
    }

    /// The frame pydevd is paused in at an exception stop, as (index, frame id): the
    /// one it marks `(Current frame)` when it shows the exception's traceback below it
    /// (a test whose helper raised: the helper's raise on top, the test's frame
    /// paused), else the top.
    async fn paused_frame(&self, thread: i64, mark: &str) -> Option<(usize, i64)> {
        let body = self
            .client
            .request(
                "stackTrace",
                json!({ "threadId": thread, "startFrame": 0, "levels": FRAMES_SEARCHED }),
                self.shared.request_timeout(),
            )
            .await
            .ok()?;
        let frames = body.get("stackFrames")?.as_array()?;
        let index = frames
            .iter()
            .position(|f| {
                f.get("name")
                    .and_then(Json::as_str)
                    .is_some_and(|name| name.ends_with(mark))
            })
            .unwrap_or(0);
        Some((index, frames.get(index)?.get("id").and_then(as_i64)?))
    }

    /// The failing test a stop at the framework's failure call is: the test's name
    /// and the failure it just logged, read in the call's frame, and the first frame
    /// outside the framework (the test's line calling `t.Errorf`). `None` for the
    /// call that only passes a subtest's failure on to its parent (a failure call
    /// calling itself), which is no new failure.
    pub(super) async fn failed_framework_test(&self, thread: i64) -> Option<FailedTest> {
        let Some(FailureStop::FrameworkCall {
            function,
            framework,
            test_name,
            log,
        }) = self.test_failures
        else {
            return None;
        };
        let t = self.shared.request_timeout();
        let body = self
            .client
            .request(
                "stackTrace",
                json!({ "threadId": thread, "startFrame": 0, "levels": FRAMES_SEARCHED }),
                t,
            )
            .await
            .ok()?;
        let frames = body.get("stackFrames")?.as_array()?.clone();
        fn name_of(frame: &Json) -> &str {
            frame.get("name").and_then(Json::as_str).unwrap_or_default()
        }
        if frames.get(1).map(name_of) == Some(function) {
            return None;
        }
        let own = frames
            .iter()
            .position(|f| !name_of(f).starts_with(framework) && !name_of(f).starts_with("runtime."))
            .unwrap_or(0);
        let top = frames.first()?.get("id").and_then(as_i64)?;
        let read = |expression: &'static str| async move {
            self.client
                .request(
                    "evaluate",
                    json!({ "expression": expression, "frameId": top, "context": "watch" }),
                    t,
                )
                .await
                .ok()
                .and_then(|v| {
                    v.get("result")
                        .and_then(Json::as_str)
                        .map(test_runs::go_string)
                })
                .unwrap_or_default()
        };
        let name = read(test_name).await;
        let message = test_runs::last_log_entry(&read(log).await);
        Some(FailedTest {
            name: match name.is_empty() {
                true => name_of(&frames[own]).to_string(),
                false => name,
            },
            message,
            frame: own,
        })
    }
}
