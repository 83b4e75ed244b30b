//! Which way a tool call's confirmations reach the user ([`route`], chosen once per
//! call), and confirmations over multi round-trip requests (MRTR, SEP-2322), the only
//! way to ask on protocol 2026-07-28, where a server may not send requests to the
//! client.
//!
//! An MRTR round: the tool runs until it needs consent ([`MrtrConfirmer`] answers
//! [`Consent::Deferred`], so it stops before acting) and the call is answered with an
//! `InputRequiredResult`: one elicitation (the legacy question: the action, an
//! `approve` boolean) and a `requestState` that is only an opaque, random handle to
//! what [`Questions`] keeps here: the tool, its arguments, the question and the
//! answers of earlier rounds. The client retries the same call with the user's answer
//! and the handle; the tool runs again from the start and the answer stands in for
//! the question, if the question is the same one (else it is asked anew). A handle is
//! single-use, expires, and there are at most `capacity` open questions (the oldest
//! is dropped first); a retry that does not fit is a [`ToolError`] and nothing runs.

use crate::consent::{ConfirmRequest, Confirmer, Consent, Scope};
use debugger_core::{ToolError, ToolResult};
use rmcp::model::{
    ClientCapabilities, ElicitRequest, ElicitRequestParams, ElicitResult, ElicitationAction,
    ElicitationSchema, InputRequest, InputRequests, InputRequiredResult, InputResponses,
    ProtocolVersion,
};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How a call's confirmations are asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// The IDE's dialog (`ui/confirm`), on every protocol generation.
    Ide,
    /// An elicitation request to the client during the call (protocols before 2026-07-28).
    Elicitation,
    /// The question is the call's answer; the client's retry carries the reply.
    Mrtr,
    /// Nobody can be asked: `confirmation_required`, naming brave mode.
    Nobody,
}

/// The route of one call: the IDE backend asks in the IDE; otherwise a client that
/// takes form elicitations is asked in its protocol's way; otherwise nobody is.
pub fn route(
    ide: bool,
    protocol: Option<&ProtocolVersion>,
    client: Option<&ClientCapabilities>,
) -> Route {
    // As rmcp reads it: an elicitation capability naming neither mode means form.
    let form = client
        .and_then(|c| c.elicitation.as_ref())
        .is_some_and(|e| e.form.is_some() || e.url.is_none());
    if ide {
        Route::Ide
    } else if !form {
        Route::Nobody
    } else if protocol.is_some_and(|v| *v >= ProtocolVersion::V_2026_07_28) {
        Route::Mrtr
    } else {
        Route::Elicitation
    }
}

/// The answer a confirmation asks for, in both elicitation flows.
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Approval {
    /// Allow this action?
    pub approve: bool,
}

impl Approval {
    /// What an approval's elicitation asks for: the schema rmcp's `ElicitationSchema::from_type`
    /// makes of this struct (a test checks they are the same), written out so that no schema
    /// generator is in the binary.
    pub fn schema() -> ElicitationSchema {
        let mut schema = ElicitationSchema::builder()
            .title("Approval")
            .description("The answer a confirmation asks for, in both elicitation flows.")
            .required_bool_property("approve", |b| b.description("Allow this action?"))
            .build()
            .expect("a struct of one boolean is an elicitation schema");
        schema.schema = Some("http://json-schema.org/draft-07/schema#".into());
        schema
    }
}

/// The key of the one input request of a question round.
pub const QUESTION_KEY: &str = "confirm";

/// A question and the user's reply to it.
pub type Answer = (ConfirmRequest, Consent);

/// What the history records for a question round (nothing was done in it; the
/// client's retry is recorded as a call of its own, with the final outcome).
pub fn asked(question: &ConfirmRequest) -> Value {
    serde_json::json!({ "status": "awaiting_confirmation", "question": question.action })
}

/// A question waiting for the client's retry.
struct Open {
    /// Who was asked (`asker::of`): only a retry from it answers.
    asker: String,
    tool: String,
    arguments: Value,
    question: ConfirmRequest,
    /// Replies of earlier rounds of the same call (a call may ask more than once).
    answered: Vec<Answer>,
    asked_at: Instant,
}

/// The open questions of the process (every MCP connection shares them: on protocol
/// 2026-07-28 a retry may come on another HTTP connection).
pub struct Questions {
    ttl: Duration,
    capacity: usize,
    schema: ElicitationSchema,
    open: Mutex<HashMap<String, Open>>,
}

impl Questions {
    /// Questions that expire `ttl` after they were asked, at most `capacity` open.
    pub fn new(ttl: Duration, capacity: usize) -> Self {
        Self {
            ttl,
            capacity: capacity.max(1),
            schema: Approval::schema(),
            open: Mutex::default(),
        }
    }

    /// Keep `question`, asked of `asker` by `tool` called with `arguments` after the
    /// replies `answered`, and say what the client gets: the question and its handle.
    pub fn ask(
        &self,
        asker: &str,
        tool: &str,
        arguments: Value,
        question: ConfirmRequest,
        answered: Vec<Answer>,
    ) -> InputRequiredResult {
        let handle = uuid::Uuid::new_v4().simple().to_string();
        let message = question.action.clone();
        let mut open = self.lock();
        let now = Instant::now();
        open.retain(|_, q| now.duration_since(q.asked_at) < self.ttl);
        while open.len() >= self.capacity {
            let oldest = open
                .iter()
                .min_by_key(|(_, q)| q.asked_at)
                .map(|(handle, _)| handle.clone());
            match oldest {
                Some(handle) => open.remove(&handle),
                None => break,
            };
        }
        open.insert(
            handle.clone(),
            Open {
                asker: asker.to_string(),
                tool: tool.to_string(),
                arguments,
                question,
                answered,
                asked_at: now,
            },
        );
        let request = InputRequest::Elicitation(ElicitRequest::new(
            ElicitRequestParams::FormElicitationParams {
                meta: None,
                message,
                requested_schema: self.schema.clone(),
            },
        ));
        InputRequiredResult::new(
            Some(InputRequests::from([(QUESTION_KEY.to_string(), request)])),
            Some(handle),
        )
    }

    /// The replies a call brings: none for a first round; for a retry (`state` set),
    /// those of the question its handle names, which must be open, asked of `asker`,
    /// unexpired, of the same tool and arguments, and answered in `responses`. The
    /// handle is used up whatever follows, unless another client brought it (the
    /// question then stays open for its asker). A retry on a route that asks no MRTR
    /// questions is refused.
    pub fn answers(
        &self,
        route: Route,
        asker: &str,
        tool: &str,
        arguments: &Value,
        state: Option<&str>,
        responses: Option<&InputResponses>,
    ) -> ToolResult<Vec<Answer>> {
        let Some(handle) = state else {
            return match responses {
                Some(r) if !r.is_empty() => Err(ToolError::invalid_params(
                    "inputResponses without requestState answer no question. Nothing was done.",
                )),
                _ => Ok(Vec::new()),
            };
        };
        if route != Route::Mrtr {
            return Err(ToolError::invalid_params(
                "requestState answers a confirmation asked over protocol 2026-07-28 to a client \
                 with elicitation; none is asked on this connection. Nothing was done.",
            ));
        }
        let open = {
            let mut open = self.lock();
            match open.get(handle) {
                Some(question) if question.asker != asker => {
                    return Err(ToolError::invalid_params(
                        "This requestState answers a question asked of another client; only \
                         that client can answer it. Nothing was done; call the tool without \
                         requestState to be asked yourself.",
                    ))
                }
                Some(_) => open.remove(handle),
                None => None,
            }
        }
        .ok_or_else(|| {
            ToolError::invalid_params(
                "requestState names no open question (unknown, already answered or expired). \
                 Nothing was done; call the tool again without requestState to be asked.",
            )
        })?;
        if open.asked_at.elapsed() >= self.ttl {
            return Err(ToolError::invalid_params(format!(
                "The question '{}' expired unanswered ({} s). Nothing was done; call the tool \
                 again without requestState to be asked again.",
                open.question.action,
                self.ttl.as_secs()
            )));
        }
        if open.tool != tool || open.arguments != *arguments {
            return Err(ToolError::invalid_params(format!(
                "This requestState answers a question of another call: a retry repeats the \
                 call it answers ({} with the same arguments). Nothing was done; the question \
                 is closed.",
                open.tool
            )));
        }
        let consent = consent_of(responses.and_then(|r| r.get(QUESTION_KEY)))?;
        let mut answers = open.answered;
        answers.push((open.question, consent));
        Ok(answers)
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Open>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The user's reply, read from the client's elicitation result: only an accepted
/// `approve: true` grants (this action, once); a cancelled question is unanswered; any
/// other reply denies.
fn consent_of(response: Option<&Value>) -> ToolResult<Consent> {
    let response = response.ok_or_else(|| {
        ToolError::invalid_params(format!(
            "The retry carries no answer to the question (inputResponses.{QUESTION_KEY}). \
             Nothing was done."
        ))
    })?;
    let result: ElicitResult = serde_json::from_value(response.clone()).map_err(|e| {
        ToolError::invalid_params(format!(
            "inputResponses.{QUESTION_KEY} is not an elicitation result ({e}). Nothing was done."
        ))
    })?;
    let approved = result.action == ElicitationAction::Accept
        && result
            .content
            .and_then(|c| serde_json::from_value::<Approval>(c).ok())
            .is_some_and(|a| a.approve);
    Ok(if approved {
        Consent::Granted(Scope::Once)
    } else if result.action == ElicitationAction::Cancel {
        Consent::Unanswered
    } else {
        Consent::Denied
    })
}

/// A call's confirmer on the MRTR route: a question with a reply in this round's
/// answers gets that reply (once); the first other one is deferred to the client.
pub struct MrtrConfirmer {
    answers: Mutex<Vec<Answer>>,
    asked: Mutex<Option<ConfirmRequest>>,
}

impl MrtrConfirmer {
    pub fn new(answers: Vec<Answer>) -> Self {
        Self {
            answers: Mutex::new(answers),
            asked: Mutex::default(),
        }
    }
}

#[async_trait::async_trait]
impl Confirmer for MrtrConfirmer {
    async fn confirm(&self, request: &ConfirmRequest) -> Consent {
        let mut answers = self.answers.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(at) = answers.iter().position(|(question, _)| question == request) {
            return answers.remove(at).1;
        }
        self.asked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get_or_insert_with(|| request.clone());
        Consent::Deferred
    }

    fn deferred(&self) -> Option<ConfirmRequest> {
        self.asked.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::ElicitationCapability;
    use serde_json::json;

    const ASKER: &str = "connection 1";

    /// The written-out schema is what rmcp generates from the struct, on the wire.
    #[test]
    fn the_approval_schema_is_the_generated_one() {
        let generated = ElicitationSchema::from_type::<Approval>().unwrap();
        assert_eq!(
            serde_json::to_value(Approval::schema()).unwrap(),
            serde_json::to_value(generated).unwrap()
        );
    }

    fn question(action: &str) -> ConfirmRequest {
        ConfirmRequest {
            action: action.into(),
            project: "shop".into(),
            subject: "app".into(),
            session_id: None,
            stop: None,
        }
    }

    fn reply(value: Value) -> InputResponses {
        InputResponses::from([(QUESTION_KEY.to_string(), value)])
    }

    fn accept() -> InputResponses {
        reply(json!({"action": "accept", "content": {"approve": true}}))
    }

    /// Ask `q` about `tool(arguments)`; the handle.
    fn asked_handle(questions: &Questions, tool: &str, arguments: &Value, q: &str) -> String {
        let result = questions.ask(ASKER, tool, arguments.clone(), question(q), vec![]);
        let wire = serde_json::to_value(&result).unwrap();
        assert_eq!(wire["resultType"], "input_required");
        let elicitation = &wire["inputRequests"][QUESTION_KEY];
        assert_eq!(elicitation["method"], "elicitation/create");
        assert_eq!(elicitation["params"]["message"], q);
        assert_eq!(
            elicitation["params"]["requestedSchema"]["properties"]["approve"]["type"],
            "boolean"
        );
        result.request_state.unwrap()
    }

    #[test]
    fn the_route_is_the_ide_else_the_clients_elicitation_in_its_protocols_way() {
        let legacy = ProtocolVersion::V_2025_11_25;
        let modern = ProtocolVersion::V_2026_07_28;
        let mut elicits = ClientCapabilities::default();
        elicits.elicitation = Some(ElicitationCapability::default());
        let mut url_only = ClientCapabilities::default();
        url_only.elicitation = serde_json::from_value(json!({"url": {}})).unwrap();
        let mut form = ClientCapabilities::default();
        form.elicitation = serde_json::from_value(json!({"form": {}})).unwrap();
        let none = ClientCapabilities::default();
        for protocol in [&legacy, &modern] {
            assert_eq!(route(true, Some(protocol), None), Route::Ide);
            assert_eq!(route(true, Some(protocol), Some(&elicits)), Route::Ide);
            assert_eq!(route(false, Some(protocol), Some(&none)), Route::Nobody);
            assert_eq!(route(false, Some(protocol), Some(&url_only)), Route::Nobody);
            assert_eq!(route(false, Some(protocol), None), Route::Nobody);
        }
        assert_eq!(
            route(false, Some(&legacy), Some(&elicits)),
            Route::Elicitation
        );
        assert_eq!(route(false, Some(&legacy), Some(&form)), Route::Elicitation);
        assert_eq!(route(false, None, Some(&form)), Route::Elicitation);
        assert_eq!(route(false, Some(&modern), Some(&elicits)), Route::Mrtr);
        assert_eq!(route(false, Some(&modern), Some(&form)), Route::Mrtr);
    }

    #[test]
    fn a_retry_with_the_reply_answers_its_question_once() {
        let questions = Questions::new(Duration::from_secs(120), 8);
        let args = json!({"configuration_name": "app"});
        let first = questions
            .answers(Route::Mrtr, ASKER, "start_debug_session", &args, None, None)
            .unwrap();
        assert!(first.is_empty(), "a first round brings no replies");

        let handle = asked_handle(&questions, "start_debug_session", &args, "Start?");
        let answers = questions
            .answers(
                Route::Mrtr,
                ASKER,
                "start_debug_session",
                &args,
                Some(&handle),
                Some(&accept()),
            )
            .unwrap();
        assert_eq!(
            answers,
            vec![(question("Start?"), Consent::Granted(Scope::Once))]
        );
        let replayed = questions
            .answers(
                Route::Mrtr,
                ASKER,
                "start_debug_session",
                &args,
                Some(&handle),
                Some(&accept()),
            )
            .unwrap_err();
        assert!(
            replayed.message.contains("no open question"),
            "{replayed:?}"
        );
    }

    #[test]
    fn every_reply_but_an_accepted_approve_true_denies_or_is_unanswered() {
        let questions = Questions::new(Duration::from_secs(120), 8);
        let args = json!({});
        for (response, consent) in [
            (json!({"action": "decline"}), Consent::Denied),
            (json!({"action": "cancel"}), Consent::Unanswered),
            (
                json!({"action": "accept", "content": {"approve": false}}),
                Consent::Denied,
            ),
            (
                json!({"action": "accept", "content": {"approve": "yes"}}),
                Consent::Denied,
            ),
            (json!({"action": "accept"}), Consent::Denied),
        ] {
            let handle = asked_handle(&questions, "set_variable", &args, "Set?");
            let answers = questions
                .answers(
                    Route::Mrtr,
                    ASKER,
                    "set_variable",
                    &args,
                    Some(&handle),
                    Some(&reply(response.clone())),
                )
                .unwrap();
            assert_eq!(answers[0].1, consent, "{response}");
        }
    }

    #[test]
    fn a_retry_that_does_not_fit_is_refused_and_uses_up_the_handle() {
        let questions = Questions::new(Duration::from_secs(120), 8);
        let args = json!({"configuration_name": "app"});
        let tool = "run_configuration";
        let refuse =
            |state: Option<&str>, tool: &str, args: &Value, responses: Option<&InputResponses>| {
                let err = questions
                    .answers(Route::Mrtr, ASKER, tool, args, state, responses)
                    .unwrap_err();
                assert_eq!(err.code, debugger_core::ErrorCode::InvalidParams);
                err.message
            };
        assert!(refuse(Some("forged"), tool, &args, Some(&accept())).contains("no open question"));
        assert!(refuse(None, tool, &args, Some(&accept())).contains("without requestState"));

        let handle = asked_handle(&questions, tool, &args, "Run?");
        let other = json!({"configuration_name": "other"});
        assert!(refuse(Some(&handle), tool, &other, Some(&accept())).contains("another call"));
        assert!(refuse(Some(&handle), tool, &args, Some(&accept())).contains("no open question"));

        let handle = asked_handle(&questions, tool, &args, "Run?");
        let message = refuse(Some(&handle), "start_debug_session", &args, Some(&accept()));
        assert!(message.contains("run_configuration"), "{message}");

        let handle = asked_handle(&questions, tool, &args, "Run?");
        assert!(refuse(Some(&handle), tool, &args, None).contains("no answer"));
        let handle = asked_handle(&questions, tool, &args, "Run?");
        let garbage = reply(json!({"action": "maybe"}));
        assert!(refuse(Some(&handle), tool, &args, Some(&garbage)).contains("not an elicitation"));

        let handle = asked_handle(&questions, tool, &args, "Run?");
        let err = questions
            .answers(
                Route::Elicitation,
                ASKER,
                tool,
                &args,
                Some(&handle),
                Some(&accept()),
            )
            .unwrap_err();
        assert!(err.message.contains("2026-07-28"), "{}", err.message);
    }

    #[test]
    fn only_the_client_that_was_asked_can_answer() {
        let questions = Questions::new(Duration::from_secs(120), 8);
        let args = json!({"expression": "x.append(1)"});
        let handle = asked_handle(&questions, "evaluate", &args, "Run code?");
        let stolen = questions
            .answers(
                Route::Mrtr,
                "process 99 (started at tick 1)",
                "evaluate",
                &args,
                Some(&handle),
                Some(&accept()),
            )
            .unwrap_err();
        assert!(stolen.message.contains("another client"), "{stolen:?}");
        let answers = questions
            .answers(
                Route::Mrtr,
                ASKER,
                "evaluate",
                &args,
                Some(&handle),
                Some(&accept()),
            )
            .unwrap();
        assert_eq!(
            answers[0].1,
            Consent::Granted(Scope::Once),
            "still open for its asker"
        );
    }

    #[test]
    fn questions_expire_and_are_bounded() {
        let expired = Questions::new(Duration::ZERO, 8);
        let args = json!({});
        let handle = asked_handle(&expired, "evaluate", &args, "Run code?");
        let err = expired
            .answers(
                Route::Mrtr,
                ASKER,
                "evaluate",
                &args,
                Some(&handle),
                Some(&accept()),
            )
            .unwrap_err();
        assert!(err.message.contains("expired"), "{}", err.message);

        let bounded = Questions::new(Duration::from_secs(120), 2);
        let handles: Vec<String> = (0..3)
            .map(|i| asked_handle(&bounded, "evaluate", &args, &format!("Q{i}")))
            .collect();
        assert_eq!(bounded.lock().len(), 2);
        assert!(
            bounded
                .answers(
                    Route::Mrtr,
                    ASKER,
                    "evaluate",
                    &args,
                    Some(&handles[0]),
                    Some(&accept())
                )
                .is_err(),
            "the oldest question made room"
        );
        for handle in &handles[1..] {
            bounded
                .answers(
                    Route::Mrtr,
                    ASKER,
                    "evaluate",
                    &args,
                    Some(handle),
                    Some(&accept()),
                )
                .unwrap();
        }
        assert_ne!(handles[1], handles[2]);
        assert!(handles.iter().all(|h| h.len() == 32), "{handles:?}");
    }

    #[tokio::test]
    async fn the_confirmer_replies_to_the_question_answered_and_defers_any_other() {
        let answered = question("Run this breakpoint condition?");
        let confirmer = MrtrConfirmer::new(vec![(answered.clone(), Consent::Granted(Scope::Once))]);
        assert_eq!(confirmer.deferred(), None);
        assert_eq!(
            confirmer.confirm(&answered).await,
            Consent::Granted(Scope::Once)
        );
        // A reply is used once: the same question again is a new question.
        assert_eq!(confirmer.confirm(&answered).await, Consent::Deferred);
        assert_eq!(confirmer.deferred(), Some(answered.clone()));
        // The first deferred question is the one asked.
        assert_eq!(
            confirmer.confirm(&question("another")).await,
            Consent::Deferred
        );
        assert_eq!(confirmer.deferred(), Some(answered));
    }
}
