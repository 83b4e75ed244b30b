// The coding agents the tool window's "Install on Coding Agents" popup offers. The Rust
// binary owns the catalogue (formats, file locations, install commands: one table, also
// behind `jetbrains-debugger-mcp install|config <client>`); the IDE only shows it. These
// types mirror the bridge's `clients/list` and `clients/install` results
// (protocol/README.md, "Types").
package dev.jetbrainsdebugger.bridge

import java.util.concurrent.CompletableFuture

/** A configuration snippet for one client, rendered for the running server's URL. */
data class ClientConfig(
    /** `json`, `toml` or `shell` (a command to paste into a terminal). */
    val format: String,
    /** The snippet, ready to paste. */
    val text: String,
    /** Where it goes on this OS, in words (e.g. `~/.cursor/mcp.json (all projects) or .cursor/mcp.json (this project)`). */
    val location: String,
    /** One more sentence for the user, or null. */
    val hint: String?,
)

data class CodingClient(
    /** Stable id: `claude-code`, `claude-desktop`, `cursor`, `vscode`, `windsurf`, `codex`, `gemini`. */
    val id: String,
    /** Display name, e.g. `Claude Code (CLI)`. */
    val name: String,
    /** The command INSTALL NOW runs, for display; null when the client has no command-line installer. */
    val installCommand: String?,
    val config: ClientConfig,
    /** Where installing with the agent skill writes it; null when the server knows no skills folder for the client. */
    val skillLocation: String? = null,
)

/** What INSTALL NOW did. A CLI that failed or is missing is an outcome (`ok` false), not an exception. */
data class InstallOutcome(
    val client: String,
    val ok: Boolean,
    /** The command that ran (or would have run), for display. */
    val command: String,
    /** One or two sentences for the notification: what happened, and what to do when it failed. */
    val message: String,
    /** The client CLI's own output (stdout and stderr, tail), possibly empty. */
    val output: String,
)

/**
 * The catalogue as the running server serves it. Requests fail with
 * [BridgeUnavailableException] while no MCP server is connected.
 */
interface BridgeClients {
    /** Every client, in the popup's order, with snippets for the server's current URL. */
    fun clientsList(): CompletableFuture<List<CodingClient>>

    /**
     * Runs the client's own install command (idempotent: an earlier entry is replaced) and, with
     * [withSkill], then writes the agent skill to the client's [CodingClient.skillLocation].
     */
    fun installClient(id: String, withSkill: Boolean = false): CompletableFuture<InstallOutcome>
}
