// The whole plugin in a modelled PyCharm, as a process the cross-language test
// (tests/e2e/test_ide_model.py) drives: the platform model starts, the project opens, plugin.xml's
// postStartupActivity starts DebuggerBridgeService, which starts the real binary
// (-Djetbrains.debugger.mcp.binary) and connects the real bridge to the real IntellijIdeFacade:
// MCP client → binary → WebSocket → bridge → IntellijIdeFacade → the modelled platform. Prints
// `{"mcp_url": ...}` once connected, then answers one JSON line per command (HarnessLines).
// The project (a copy of examples/calculator) gets the scripted debuggee ticker.py (a loop that
// runs until paused) and secrets.py (credentials), and run configurations App, npm build, Broken
// (CalculatorWorld), Ticker and Secrets.
//
//   violations              {"violations": [{"kind", "message"}]}: threading rules broken, IDE errors
//   breakpoints             {"breakpoints": [{"type", "file", "line", "enabled", "condition"}]}: the IDE's own
//   user-breakpoint F L     the user adds a line breakpoint at file F (project-relative), line L, in the IDE
//   sessions                {"sessions": [{"name", "stopped", "paused"}]}: XDebuggerManager's
//   stop-from-ide           the user presses Stop on every debug session
//   modal-open | modal-close  a modal dialog (e.g. Settings) opens / closes in the IDE
//   answer-next BUTTON      the next dialog the plugin shows is answered by clicking BUTTON
//   dialogs                 {"dialogs": [{"title", "texts", "buttons", "default", "open"}]}: every dialog shown
//   close-project           the user closes the project
//   history                 {"listed", "pushed", "json", "csv", "markdown"}: the tool window's history as the
//                           plugin holds it (history/list, every history/changed entry) and the three exports
//   quit                    closes the IDE (the binary exits with it)
//
// Run with the classpath of build/kotlin/model-classpath.txt:
//   java -cp ... dev.jetbrainsdebugger.platformmodel.crosslang.ModelIdeMainKt <binary> <project> <mcp port> [brave] [show-secrets]
// (show-secrets: the user turned "Hide secrets from AI agents" off in the settings)
package dev.jetbrainsdebugger.platformmodel.crosslang

import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.application.WriteAction
import com.intellij.xdebugger.XDebuggerManager
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.breakpoints.XBreakpointProperties
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import dev.jetbrainsdebugger.bridge.Json
import dev.jetbrainsdebugger.crosslang.HarnessLines
import dev.jetbrainsdebugger.intellij.DebuggerBridgeService
import dev.jetbrainsdebugger.intellij.McpSettingsService
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.core.ModalEntry
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import dev.jetbrainsdebugger.platformmodel.debugger.DebuggerArea
import dev.jetbrainsdebugger.platformmodel.debugger.program.ScriptedProgram
import dev.jetbrainsdebugger.platformmodel.execution.ConfigurationDefinition
import dev.jetbrainsdebugger.platformmodel.execution.ExecutionArea
import dev.jetbrainsdebugger.platformmodel.execution.ModelRunManager
import dev.jetbrainsdebugger.platformmodel.ui.UiArea
import dev.jetbrainsdebugger.toolwindow.ServerState
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit
import kotlin.system.exitProcess

private fun reply(vararg pairs: Pair<String, Any?>) = HarnessLines.reply(Json.obj(*pairs))

private const val TICKER = "ticker.py"
private const val SECRETS = "secrets.py"

private class ModelIde(binary: String, projectPath: Path, port: Int, brave: Boolean, showSecrets: Boolean) {
    val ui = UiArea()
    val platform: ModelPlatform
    val project: ModelProject
    private var modal: ModalEntry? = null
    /** Every history change the server pushed to the tool window, as text. */
    private val pushed = ArrayList<String>()

    init {
        System.setProperty("jetbrains.debugger.mcp.binary", binary)
        platform = ModelPlatform.start(IdeConfig.PYCHARM, listOf(DebuggerArea(), ExecutionArea(), ui))
        // What the IDE would have loaded from debugger-mcp.xml.
        McpSettingsService.getInstance().loadState(McpSettingsService.StoredSettings().apply {
            mcpPort = port
            braveMode = brave
            hideSecrets = !showSecrets
        })
        for (script in listOf(TICKER, SECRETS)) {
            Files.writeString(projectPath.resolve(script), ScriptedProgram.forScript(script)?.source ?: error("no scripted $script"))
        }
        project = platform.openProject(projectPath, startupActivities = false)
        ExecutionArea.calculatorWorld(project)
        ModelRunManager.of(project).define(ConfigurationDefinition.python("Ticker", TICKER))
        ModelRunManager.of(project).define(ConfigurationDefinition.python("Secrets", SECRETS))
        platform.runStartupActivities(project)
        DebuggerBridgeService.getInstance()?.history?.addHistoryListener { change -> synchronized(pushed) { pushed += change.toString() } }
    }

    fun awaitServer(timeoutMs: Long): ServerState? {
        val deadline = System.currentTimeMillis() + timeoutMs
        while (System.currentTimeMillis() < deadline) {
            val state = DebuggerBridgeService.getInstance()?.let { runCatching { it.state() }.getOrNull() }
            if (state is ServerState.Running || state is ServerState.Stopped) return state
            Thread.sleep(20)
        }
        return null
    }

    fun <T> edt(block: () -> T): T = platform.app.onEdtAndWait(block)

    fun command(words: List<String>, line: String) {
        when (words[0]) {
            "violations" -> reply("violations" to platform.violations().map { mapOf("kind" to it.kind.name, "message" to it.message) })
            "breakpoints" -> reply("breakpoints" to edt {
                XDebuggerManager.getInstance(project).breakpointManager.allBreakpoints.map { bp ->
                    mapOf(
                        "type" to bp.type.id,
                        "file" to (bp as? XLineBreakpoint<*>)?.fileUrl?.removePrefix("file://"),
                        "line" to (bp as? XLineBreakpoint<*>)?.line?.plus(1),
                        "enabled" to bp.isEnabled,
                        "condition" to bp.conditionExpression?.expression,
                    )
                }
            })
            "user-breakpoint" -> {
                val file = platform.vfs.file(project.basePathAsPath.resolve(words[1]))
                val line0 = words[2].toInt() - 1
                edt {
                    @Suppress("UNCHECKED_CAST")
                    val type = XDebuggerUtil.getInstance().lineBreakpointTypes.filter { it.canPutAt(file, line0, project) }
                        .maxByOrNull { it.priority } as XLineBreakpointType<XBreakpointProperties<*>>
                    WriteAction.run<RuntimeException> {
                        XDebuggerManager.getInstance(project).breakpointManager
                            .addLineBreakpoint(type, file.url, line0, type.createBreakpointProperties(file, line0), false)
                    }
                }
                reply("added" to true)
            }
            "sessions" -> reply("sessions" to XDebuggerManager.getInstance(project).debugSessions.map {
                mapOf("name" to it.sessionName, "stopped" to it.isStopped, "paused" to it.isPaused)
            })
            "stop-from-ide" -> {
                edt { XDebuggerManager.getInstance(project).debugSessions.forEach { it.stop() } }
                reply("stopped" to true)
            }
            "modal-open" -> {
                val opened = CompletableFuture<ModalEntry>()
                platform.app.invokeLater({
                    val entry = platform.app.openModal("Settings")
                    opened.complete(entry)
                    entry.pump()
                }, ModalityState.nonModal())
                modal = opened.get(10, TimeUnit.SECONDS)
                reply("modal" to "open")
            }
            "modal-close" -> {
                modal?.close()
                modal = null
                reply("modal" to "closed")
            }
            "answer-next" -> {
                val button = line.substringAfter(' ')
                ui.dialogs.answerNext { it.click(button) }
                reply("answer" to button)
            }
            "dialogs" -> reply("dialogs" to ui.dialogs.all.map {
                mapOf("title" to it.title, "texts" to it.texts, "buttons" to it.buttonTexts, "default" to it.defaultButton, "open" to it.isOpen)
            })
            "history" -> {
                val history = DebuggerBridgeService.getInstance()!!.history
                reply(
                    "listed" to history.historyList().get(10, TimeUnit.SECONDS).entries.map { it.toString() },
                    "pushed" to synchronized(pushed) { pushed.toList() },
                    "json" to history.exportHistory("json").get(10, TimeUnit.SECONDS),
                    "csv" to history.exportHistory("csv").get(10, TimeUnit.SECONDS),
                    "markdown" to history.exportHistory("markdown").get(10, TimeUnit.SECONDS),
                )
            }
            "close-project" -> {
                platform.closeProject(project)
                reply("closed" to true)
            }
            else -> reply("error" to "unknown command: $line")
        }
    }
}

fun main(args: Array<String>) {
    val flags = args.drop(3).toSet()
    if (args.size < 3 || args[2].toIntOrNull() == null || !setOf("brave", "show-secrets").containsAll(flags)) {
        System.err.println("usage: ModelIdeMain <binary> <project path> <mcp port> [brave] [show-secrets]")
        exitProcess(2)
    }
    val ide = ModelIde(args[0], Path.of(args[1]), args[2].toInt(), brave = "brave" in flags, showSecrets = "show-secrets" in flags)
    when (val state = ide.awaitServer(60_000)) {
        is ServerState.Running -> reply("mcp_url" to state.url)
        else -> {
            reply("error" to "the plugin's server did not start: $state")
            ide.platform.close()
            exitProcess(1)
        }
    }
    HarnessLines.serve(ide::command)
    ide.platform.close()
    exitProcess(0)
}
