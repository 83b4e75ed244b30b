//! The confirmers: who a tool call's consent question goes to. MCP elicitation (a
//! request to the client during the call), the IDE's dialog (`ui/confirm`), or nobody;
//! the MRTR confirmer, which answers with the question itself, is in `mrtr.rs`.

use super::mrtr::Approval;
use super::CONFIRMATION_TIMEOUT;
use super::{ConfirmRequest, Confirmer, Consent, Scope};
use debugger_ide::wire::{ConfirmParams, ConfirmScope};
use debugger_ide::IdeBackend;
use rmcp::model::{ElicitRequestParams, ElicitationAction};
use rmcp::service::{ElicitationMode, ServiceRole};
use rmcp::{Peer, RoleServer};
use std::sync::Arc;

/// Asks the MCP client's user through elicitation.
pub struct ElicitingConfirmer {
    pub peer: Peer<RoleServer>,
}

#[async_trait::async_trait]
impl Confirmer for ElicitingConfirmer {
    /// rmcp's `elicit_with_timeout` for an [`Approval`], with its schema written out
    /// ([`Approval::schema`]) rather than generated at each question.
    async fn confirm(&self, request: &ConfirmRequest) -> Consent {
        let unavailable = |why: &dyn std::fmt::Display| {
            tracing::debug!(%why, "cannot ask for confirmation");
            Consent::Unavailable
        };
        if let Err(err) = RoleServer::enforce_outbound_request(&self.peer) {
            return unavailable(&err);
        }
        if !self
            .peer
            .supported_elicitation_modes()
            .contains(&ElicitationMode::Form)
        {
            return unavailable(&"the client does not support form elicitation");
        }
        let question = ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: request.action.clone(),
            requested_schema: Approval::schema(),
        };
        let answer = self
            .peer
            .create_elicitation_with_timeout(question, Some(CONFIRMATION_TIMEOUT))
            .await;
        match answer {
            Ok(answer) => match (answer.action, answer.content) {
                (ElicitationAction::Accept, Some(content)) => {
                    match serde_json::from_value::<Approval>(content) {
                        Ok(Approval { approve: true }) => Consent::Granted(Scope::Once),
                        Ok(_) => Consent::Denied,
                        Err(err) => unavailable(&err),
                    }
                }
                (ElicitationAction::Accept, None) => {
                    unavailable(&"an accepted answer without content")
                }
                // Dismissed with no choice: a headless client (`claude -p`) cancels every
                // question by itself, which is nobody's "no".
                (ElicitationAction::Cancel, _) => Consent::Unanswered,
                // Declined, or a reply this server does not know: not approved.
                _ => Consent::Denied,
            },
            Err(rmcp::service::ServiceError::Timeout { .. }) => Consent::Unanswered,
            Err(err) => unavailable(&err),
        }
    }
}

/// Asks nobody: the client takes no elicitation (`confirmation_required`).
pub struct NobodyToAsk;

#[async_trait::async_trait]
impl Confirmer for NobodyToAsk {
    async fn confirm(&self, _request: &ConfirmRequest) -> Consent {
        Consent::Unavailable
    }
}

/// Asks the user in the IDE (`ui/confirm`, a dialog).
pub struct IdeConfirmer {
    pub ide: Arc<IdeBackend>,
    pub tool: String,
}

/// The IDE dialog's title for a tool that needs consent.
fn confirmation_title(tool: &str) -> &'static str {
    match tool {
        "start_debug_session" => "Start a debug session?",
        "run_configuration" => "Run a configuration?",
        "set_variable" => "Change a variable?",
        "jump_to_line" => "Change the next statement?",
        "evaluate" => "Evaluate code that may change the program?",
        _ => "Allow this action?",
    }
}

#[async_trait::async_trait]
impl Confirmer for IdeConfirmer {
    async fn confirm(&self, request: &ConfirmRequest) -> Consent {
        let params = ConfirmParams {
            tool: self.tool.clone(),
            title: confirmation_title(&self.tool).into(),
            message: format!("An agent asks: {}", request.action),
            project: Some(request.project.clone()),
            subject: Some(request.subject.clone()),
            session_id: request.session_id.clone(),
        };
        match self.ide.confirm(&params).await {
            Ok(answer) if answer.approved => Consent::Granted(match answer.scope {
                Some(ConfirmScope::Session) => Scope::Session,
                Some(ConfirmScope::Once) | None => Scope::Once,
            }),
            Ok(_) => Consent::Denied,
            Err(err) => {
                tracing::info!(%err, "cannot ask for confirmation in the IDE");
                Consent::Unavailable
            }
        }
    }
}
