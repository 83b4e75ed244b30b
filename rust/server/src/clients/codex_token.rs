//! The access token in Codex's entry. Its CLI cannot put a header on a server
//! (`codex mcp add --url` takes only `--bearer-token-env-var`, the name of a variable the
//! user would then have to export wherever Codex runs), so once `codex mcp add` has
//! written the entry, `install codex` adds `http_headers = { Authorization = "Bearer …" }`
//! to that table of `$CODEX_HOME/config.toml` (else `~/.codex/config.toml`), which Codex
//! reads as static headers (checked with `codex mcp get` of the real CLI).

use super::catalogue::{codex_headers_line, HOME_VAR};
use crate::mcp::SERVER_NAME;
use std::ffi::OsString;
use std::path::PathBuf;

/// Codex's configuration file, as `env` (a lookup of environment variables) places it.
pub fn config_file(env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let set = |var: &str| env(var).filter(|v| !v.is_empty()).map(PathBuf::from);
    let dir = set("CODEX_HOME").or_else(|| set(HOME_VAR).map(|home| home.join(".codex")))?;
    Some(dir.join("config.toml"))
}

/// `text` (a `config.toml`) with our table's `http_headers` set to carry `token` (an older
/// one-line `http_headers` there replaced); `None` when the table is not there.
pub fn with_token(text: &str, token: &str) -> Option<String> {
    let is_ours = |line: &str| {
        let line = line.trim();
        line == format!("[mcp_servers.{SERVER_NAME}]")
            || line == format!("[mcp_servers.\"{SERVER_NAME}\"]")
    };
    let is_headers = |line: &str| {
        let line = line.trim_start();
        line.strip_prefix("http_headers")
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    };
    let mut out = String::with_capacity(text.len() + 100);
    let mut found = false;
    let mut in_ours = false;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with('[') {
            in_ours = is_ours(line);
            if in_ours {
                found = true;
                out.push_str(line);
                if !line.ends_with('\n') {
                    out.push('\n');
                }
                // Key order within a table does not matter: right under the header.
                out.push_str(&codex_headers_line(token));
                continue;
            }
        }
        if in_ours && is_headers(line) {
            continue;
        }
        out.push_str(line);
    }
    found.then_some(out)
}

/// Put `token` into the entry `codex mcp add` wrote; the file stays private (0600).
pub fn write(token: &str, env: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, String> {
    let file = config_file(env).ok_or("neither CODEX_HOME nor the home directory is set")?;
    let text = std::fs::read_to_string(&file)
        .map_err(|err| format!("cannot read {}: {err}", file.display()))?;
    let updated = with_token(&text, token).ok_or_else(|| {
        format!(
            "{} has no [mcp_servers.{SERVER_NAME}] table after `codex mcp add`",
            file.display()
        )
    })?;
    debugger_core::state::write_private(&file, updated.as_bytes())
        .map_err(|err| format!("cannot write {}: {err}", file.display()))?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_goes_into_our_table_only_and_replaces_an_older_one() {
        let text = "model = \"o3\"\n\n[mcp_servers.other]\nurl = \"http://x\"\n\n\
                    [mcp_servers.jetbrains-debugger]\nurl = \"http://127.0.0.1:47823/mcp\"\n\
                    http_headers = { Authorization = \"Bearer old\" }\n\n[profiles.a]\nx = 1\n";
        let updated = with_token(text, "t0k").unwrap();
        assert_eq!(
            updated,
            "model = \"o3\"\n\n[mcp_servers.other]\nurl = \"http://x\"\n\n\
             [mcp_servers.jetbrains-debugger]\n\
             http_headers = { Authorization = \"Bearer t0k\" }\n\
             url = \"http://127.0.0.1:47823/mcp\"\n\n[profiles.a]\nx = 1\n"
        );
        assert_eq!(with_token(&updated, "t0k").unwrap(), updated, "idempotent");
        assert_eq!(with_token("[mcp_servers.other]\nurl = \"x\"\n", "t"), None);
        assert_eq!(
            with_token("[mcp_servers.\"jetbrains-debugger\"]", "t").unwrap(),
            "[mcp_servers.\"jetbrains-debugger\"]\nhttp_headers = { Authorization = \"Bearer t\" }\n"
        );
    }

    #[test]
    fn the_file_is_where_codex_reads_it() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        assert_eq!(
            config_file(env(&[(HOME_VAR, "/home/ada")])),
            Some(PathBuf::from("/home/ada/.codex/config.toml"))
        );
        assert_eq!(
            config_file(env(&[
                (HOME_VAR, "/home/ada"),
                ("CODEX_HOME", "/srv/codex")
            ])),
            Some(PathBuf::from("/srv/codex/config.toml"))
        );
        assert_eq!(config_file(env(&[])), None);
    }
}
