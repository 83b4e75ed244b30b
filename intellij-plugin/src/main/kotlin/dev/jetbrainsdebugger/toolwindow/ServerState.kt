// The MCP server's state as the tool window shows it, the service the tool window reads it
// from, and the mapping from the launcher's RuntimeStatus (whose reasons are sentences) to a
// state with a classified problem, so the panel can say why in the user's terms.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.BridgeClients
import dev.jetbrainsdebugger.bridge.BridgeHistory
import dev.jetbrainsdebugger.launcher.BinaryNotFoundException
import dev.jetbrainsdebugger.launcher.RuntimeStatus

sealed class ServerState {
    object Starting : ServerState() {
        override fun toString() = "Starting"
    }

    /** Agents reach the MCP server at [url]. */
    data class Running(val url: String) : ServerState()

    /** The server stopped or the bridge dropped and it is being brought back; [reason] is for the user. */
    data class Restarting(val reason: String) : ServerState()

    /** Not running, and it will not come back by itself (or not while [problem] lasts). */
    data class Stopped(val problem: ServerProblem, val detail: String) : ServerState()
}

enum class ServerProblem {
    /** No binary is bundled for this OS/CPU, or it is missing or not executable. */
    BINARY_MISSING,

    /** The binary exited (or never reported ready). */
    CRASHED,

    /** The MCP port is used by another program. */
    PORT_TAKEN,
    OTHER,
}

/** The running server as the tool window sees it; the IDE's application service implements it. */
interface ServerControl {
    fun state(): ServerState

    /** Listener called on any thread. */
    fun addStateListener(listener: (ServerState) -> Unit)
    fun removeStateListener(listener: (ServerState) -> Unit)
    val history: BridgeHistory
    val clients: BridgeClients

    /** Start the server again (after a failure, or to apply a new port). */
    fun restart()
}

/** Maps the launcher's status (and a start failure) to what the user sees. */
object ServerStates {
    fun of(status: RuntimeStatus): ServerState = when (status) {
        RuntimeStatus.Starting -> ServerState.Starting
        is RuntimeStatus.Connected -> ServerState.Running(status.mcpUrl)
        // A taken port makes the binary exit at once, every time: the supervisor keeps
        // retrying, but the user must act, so it is shown as stopped, with the reason.
        is RuntimeStatus.Restarting ->
            if (problemOf(status.reason) == ServerProblem.PORT_TAKEN) ServerState.Stopped(ServerProblem.PORT_TAKEN, status.reason)
            else ServerState.Restarting(status.reason)
        is RuntimeStatus.Failed -> ServerState.Stopped(problemOf(status.reason), status.reason)
    }

    /** For the IDE's glue when the runtime could not even be created (e.g. the binary locator threw). */
    fun ofStartFailure(error: Throwable): ServerState {
        val detail = error.message ?: error.javaClass.simpleName
        val problem = if (error is BinaryNotFoundException) ServerProblem.BINARY_MISSING else problemOf(detail)
        return ServerState.Stopped(problem, detail)
    }

    /** Classifies the launcher's sentences (BinaryLocator, BinarySupervisor, the OS's bind error). */
    fun problemOf(reason: String): ServerProblem {
        val r = reason.lowercase()
        return when {
            "address already in use" in r || "addrinuse" in r || "port is taken" in r || "port already in use" in r ->
                ServerProblem.PORT_TAKEN
            "binary is missing" in r || "no jetbrains-debugger-mcp binary" in r || "not executable" in r ||
                "cannot start" in r || "cannot tell where the plugin is installed" in r -> ServerProblem.BINARY_MISSING
            "exited with code" in r || "did not report ready" in r || "crash" in r -> ServerProblem.CRASHED
            else -> ServerProblem.OTHER
        }
    }
}
