//! The server's answers to the IDE's own requests (`protocol/README.md`): the tool
//! window's history (`history/list`, `history/clear`, `history/export`), the IDE's
//! settings (`settings/update`: history size, brave mode and secret masking, applied at
//! once), and
//! the coding clients (`clients/list`, `clients/install` with the agent skill on
//! request, from `clients/`).

use crate::clients::catalogue::ClientId;
use crate::clients::{self, install};
use crate::consent::ConsentMemory;
use crate::redact::{names::NameLists, SecretSettings, Secrets};
use crate::session_log;
use debugger_core::history::History;
use debugger_core::state::StateDir;
use debugger_core::{ErrorCode, ToolError, ToolResult};
use debugger_ide::rpc::RpcError;
use debugger_ide::wire::{
    ClientInstallResult, ClientsListResult, HistoryFormat, HistoryListResult, SettingsUpdateParams,
};
use debugger_ide::IdeRequests;
use std::sync::Arc;

/// Answers the IDE's requests from the server's history, consent memory and the
/// client catalogue.
pub struct ServerRequests {
    pub history: Arc<History>,
    pub consent: Arc<ConsentMemory>,
    pub secrets: Arc<Secrets>,
}

#[async_trait::async_trait]
impl IdeRequests for ServerRequests {
    fn history_list(&self) -> HistoryListResult {
        HistoryListResult {
            entries: self.history.entries(),
            capacity: self.history.capacity(),
        }
    }

    fn history_clear(&self) {
        self.history.clear();
    }

    fn history_export(&self, format: HistoryFormat) -> String {
        match format {
            HistoryFormat::Json => self.history.export_json(),
            HistoryFormat::Csv => self.history.export_csv(),
            HistoryFormat::Markdown => {
                let entries = self.history.entries();
                match session_log::latest_session(&entries) {
                    Some(session) => session_log::render(&entries, &session),
                    None => "# Debug session log\n\nNo debug session is in the history.\n".into(),
                }
            }
        }
    }

    /// `max_history_size` arrives validated (1..=10000).
    fn update_settings(&self, settings: &SettingsUpdateParams) -> ToolResult<()> {
        if let Some(size) = settings.max_history_size {
            self.history
                .set_capacity(usize::try_from(size).unwrap_or(usize::MAX));
        }
        if let Some(brave) = settings.brave_mode {
            self.consent.set_brave(brave);
        }
        let current = self.secrets.settings();
        let secrets = SecretSettings {
            hide: settings.hide_secrets.unwrap_or(current.hide),
            names: NameLists {
                secret: settings
                    .secret_names
                    .clone()
                    .unwrap_or(current.names.secret),
                never: settings
                    .never_secret_names
                    .clone()
                    .unwrap_or(current.names.never),
            },
        };
        if secrets != self.secrets.settings() {
            self.secrets.set(secrets);
        }
        Ok(())
    }

    fn clients_list(&self, mcp_url: &str) -> ClientsListResult {
        let token = clients::access_token(&StateDir::from_env());
        clients::list(mcp_url, token.as_deref())
    }

    async fn install_client(
        &self,
        client: &str,
        mcp_url: &str,
        skill: bool,
    ) -> Result<ClientInstallResult, RpcError> {
        let client =
            ClientId::parse(client).map_err(|e| RpcError::invalid_params(e.to_string()))?;
        let search = install::SearchPath::discover().await;
        let token = || clients::access_token(&StateDir::from_env());
        let env = |var: &str| std::env::var_os(var);
        clients::install_client(client, mcp_url, token, skill, &search, env)
            .await
            .map_err(|refused| {
                RpcError::from(ToolError::new(ErrorCode::NotSupported, refused.to_string()))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn requests() -> ServerRequests {
        ServerRequests {
            history: Arc::new(History::new(10)),
            consent: Arc::new(ConsentMemory::new(false)),
            secrets: Secrets::new(SecretSettings::default()),
        }
    }

    /// The IDE's Settings page is the only switch of the masking with the IDE backend:
    /// what it sends applies at once, and what it leaves out stays as it was.
    #[test]
    fn the_ides_settings_switch_the_masking_and_its_name_lists() {
        let server = requests();
        assert!(server.secrets.hiding(), "on by default");
        server
            .update_settings(&SettingsUpdateParams {
                hide_secrets: Some(true),
                secret_names: Some(vec!["ssn".into()]),
                never_secret_names: Some(vec!["signature".into()]),
                ..Default::default()
            })
            .unwrap();
        assert!(server.secrets.is_secret_name("user_ssn"));
        assert!(!server.secrets.is_secret_name("request_signature"));
        server
            .update_settings(&SettingsUpdateParams {
                brave_mode: Some(true),
                ..Default::default()
            })
            .unwrap();
        assert!(
            server.secrets.is_secret_name("user_ssn"),
            "absent: unchanged"
        );
        server
            .update_settings(&SettingsUpdateParams {
                hide_secrets: Some(false),
                ..Default::default()
            })
            .unwrap();
        assert!(!server.secrets.hiding());
        assert_eq!(
            server.secrets.text("password=hunter22".into()),
            "password=hunter22"
        );
        assert_eq!(server.secrets.settings().names.secret, ["ssn"]);
    }
}
