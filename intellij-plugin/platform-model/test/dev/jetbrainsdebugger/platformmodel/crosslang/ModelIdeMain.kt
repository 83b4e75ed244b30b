// The whole plugin in a modelled PyCharm, installed as a user installs it, as a process the
// cross-language test (tests/e2e/ide/test_ide_model.py) drives: the plugin folder unpacked from the
// zip scripts/plugin-zip builds is loaded through a class loader of its own (its lib/*.jar first,
// the modelled platform as parent, as PluginClassLoader does); the platform model starts, the
// project opens, plugin.xml's postStartupActivity starts DebuggerBridgeService, which starts the
// binary bundled in the plugin folder and connects the real bridge to the real IntellijIdeFacade:
// MCP client → binary → WebSocket → bridge → IntellijIdeFacade → the modelled platform. This
// harness reaches the plugin only as the platform does (services, extensions, listeners, the
// settings file), never through its classes. Prints `{"mcp_url": ...}` once connected, then
// answers one JSON line per command.
// The project (a copy of examples/calculator) gets the scripted debuggees ticker.py (a loop that
// runs until paused), order_error.py (an uncaught ValueError), secrets.py (credentials),
// secret_forms.py (the secret forms corpus's Python forms) and test_cart.py (a failing pytest test), echo.py (prints its arguments, working directory and MODE;
// run mode) and run configurations App, npm build, Broken (CalculatorWorld), Ticker, Crash, Echo,
// Secrets, Secret forms and Tests (Python tests of test_cart.py).
//
//   violations              {"violations": [{"kind", "message"}]}: threading rules broken, IDE errors
//   breakpoints             {"breakpoints": [{"type", "file", "line", "enabled", "condition"}]}: the IDE's own
//   user-breakpoint F L     the user adds a line breakpoint at file F (project-relative), line L, in the IDE
//   sessions                {"sessions": [{"name", "stopped", "paused", "console"}]}: XDebuggerManager's (console:
//                           what the session's console shows besides the program's output)
//   configurations          {"configurations": {name: [arguments, directory, environment, pass parent]}}: the saved ones
//   stop-from-ide           the user presses Stop on every debug session
//   drop-into-debugger      the user ticks PyCharm's "Drop into debugger on failed tests"
//   modal-open | modal-close  a modal dialog (e.g. Settings) opens / closes in the IDE
//   answer-next BUTTON      the next dialog the plugin shows is answered by clicking BUTTON
//   dialogs                 {"dialogs": [{"title", "texts", "buttons", "default", "open"}]}: every dialog shown
//   close-project           the user closes the project
//   history                 {"listed", "pushed", "json", "csv", "markdown"}: the tool window's history as the
//                           plugin holds it (history/list, every history/changed entry) and the three exports
//   quit                    closes the IDE (the binary exits with it)
//
// Run with the classpath of build/kotlin/model-ide-classpath.txt (the model, the stubs, no plugin class):
//   java -cp ... dev.jetbrainsdebugger.platformmodel.crosslang.ModelIdeMainKt <plugin folder> <project> <mcp port> [brave] [show-secrets]
//       [secret-name:NAME]... [never-secret-name:NAME]...
// (show-secrets: the user turned "Hide secrets from AI agents" off in the settings; secret-name and
// never-secret-name: a name the user added to the settings' extra or never-secret name list)
package dev.jetbrainsdebugger.platformmodel.crosslang

import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.application.WriteAction
import com.intellij.xdebugger.XDebuggerManager
import com.intellij.xdebugger.XDebuggerUtil
import com.intellij.xdebugger.breakpoints.XBreakpointProperties
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpointType
import com.google.gson.GsonBuilder
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebugSession
import dev.jetbrainsdebugger.platformmodel.debugger.session.ModelDebuggerManager
import dev.jetbrainsdebugger.platformmodel.execution.ModelRunConfiguration
import dev.jetbrainsdebugger.platformmodel.core.ModalEntry
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.core.ModelPluginClassLoader
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import dev.jetbrainsdebugger.platformmodel.debugger.DebuggerArea
import dev.jetbrainsdebugger.platformmodel.debugger.program.ScriptedProgram
import dev.jetbrainsdebugger.platformmodel.execution.ConfigurationDefinition
import dev.jetbrainsdebugger.platformmodel.execution.ConfigurationTypeDefinition
import dev.jetbrainsdebugger.platformmodel.execution.ExecutionArea
import dev.jetbrainsdebugger.platformmodel.execution.ModelRunManager
import dev.jetbrainsdebugger.platformmodel.ui.UiArea
import java.io.BufferedReader
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.InputStreamReader
import java.io.PrintStream
import java.lang.reflect.Proxy
import java.nio.charset.StandardCharsets
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit
import kotlin.system.exitProcess

private val out = PrintStream(FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8)
private val gson = GsonBuilder().serializeNulls().create()

/** One JSON line on stdout (the plugin's own logging goes to stderr). */
private fun reply(vararg pairs: Pair<String, Any?>) = synchronized(out) { out.println(gson.toJson(mapOf(*pairs))) }

private const val TICKER = "ticker.py"
private const val CRASH = "order_error.py"
private const val ECHO = "echo.py"
private const val SECRETS = "secrets.py"
private const val SECRET_FORMS = "secret_forms.py"
private const val TESTS = "test_cart.py"

/** A stored list option as the platform's XML serializer writes a `MutableList<String>` property. */
private fun listOption(name: String, values: List<String>) =
    "<option name=\"$name\"><list>" + values.joinToString("") { "<option value=\"$it\" />" } + "</list></option>"

private class ModelIde(
    pluginDir: Path,
    projectPath: Path,
    port: Int,
    brave: Boolean,
    showSecrets: Boolean,
    secretNames: List<String> = emptyList(),
    neverSecretNames: List<String> = emptyList(),
) {
    val ui = UiArea()
    val platform: ModelPlatform
    val project: ModelProject
    private var modal: ModalEntry? = null
    /** Every history change the server pushed to the tool window, as text. */
    private val pushed = ArrayList<String>()

    init {
        val plugin = ModelPluginClassLoader.of(pluginDir, ModelIde::class.java.classLoader)
        platform = ModelPlatform.start(IdeConfig.PYCHARM, listOf(DebuggerArea(), ExecutionArea(), ui), plugin)
        // The plugin's settings file, as the user's settings left it (read when its service is created).
        ui.settingsStore.writeFile(
            "debugger-mcp.xml",
            """
            <application>
              <component name="DebuggerMcpSettings">
                <option name="mcpPort" value="$port" />
                <option name="braveMode" value="$brave" />
                <option name="hideSecrets" value="${!showSecrets}" />
                ${listOption("secretNames", secretNames)}
                ${listOption("neverSecretNames", neverSecretNames)}
              </component>
            </application>
            """.trimIndent(),
        )
        for (name in listOf(TICKER, CRASH, SECRETS, SECRET_FORMS, TESTS)) Files.writeString(projectPath.resolve(name), ScriptedProgram.forScript(name)?.source ?: error("no scripted $name"))
        Files.writeString(
            projectPath.resolve(ECHO),
            "import os, sys\nprint('args', sys.argv[1:])\nprint('cwd', os.getcwd())\nprint('MODE', os.environ.get('MODE'))\n",
        )
        project = platform.openProject(projectPath, startupActivities = false)
        ExecutionArea.calculatorWorld(project)
        ModelRunManager.of(project).define(ConfigurationDefinition.python("Ticker", TICKER))
        ModelRunManager.of(project).define(ConfigurationDefinition.python("Crash", CRASH))
        ModelRunManager.of(project).define(ConfigurationDefinition.python("Echo", ECHO))
        ModelRunManager.of(project).define(ConfigurationDefinition.python("Secrets", SECRETS))
        ModelRunManager.of(project).define(ConfigurationDefinition.python("Secret forms", SECRET_FORMS))
        ModelRunManager.of(project).define(
            ConfigurationDefinition("Tests", ConfigurationTypeDefinition.PYTHON_TESTS, listOf("python3", "-m", "pytest", TESTS), TESTS),
        )
        platform.runStartupActivities(project)
    }

    /**
     * The plugin's server state, as its tool window shows it: the bridge service is the application
     * service the plugin's startup activity created; its state() is read reflectively, the harness
     * not knowing the plugin's classes. The URL once it runs; the state's text when it stopped.
     */
    fun awaitServer(timeoutMs: Long): Pair<String?, String> {
        val service = platform.descriptor.loadClass("dev.jetbrainsdebugger.intellij.DebuggerBridgeService")
        val deadline = System.currentTimeMillis() + timeoutMs
        var last = "not started"
        while (System.currentTimeMillis() < deadline) {
            val state = platform.app.getService(service)?.let { runCatching { service.getMethod("state").invoke(it) }.getOrNull() }
            if (state != null) {
                last = state.toString()
                when (state.javaClass.simpleName) {
                    "Running" -> return state.javaClass.getMethod("getUrl").invoke(state) as String to last
                    "Stopped" -> return null to last
                }
            }
            Thread.sleep(20)
        }
        return null to last
    }

    /** The tool window's history (the bridge service's `history`), reached reflectively as [awaitServer] does. */
    private fun history(): Any {
        val service = platform.descriptor.loadClass("dev.jetbrainsdebugger.intellij.DebuggerBridgeService")
        val instance = platform.app.getService(service) ?: error("no DebuggerBridgeService")
        return service.getMethod("getHistory").invoke(instance)
    }

    /** Records every history change pushed to the tool window, through a listener as a tool window adds one. */
    fun listenToHistory() {
        val listenerType = platform.descriptor.loadClass("dev.jetbrainsdebugger.bridge.HistoryListener")
        val listener = Proxy.newProxyInstance(listenerType.classLoader, arrayOf(listenerType)) { proxy, method, args ->
            when (method.name) {
                "historyChanged" -> synchronized(pushed) { pushed += args[0].toString() }.let { null }
                "equals" -> proxy === args[0]
                "hashCode" -> System.identityHashCode(proxy)
                else -> "history listener of the harness"
            }
        }
        val history = history()
        history.javaClass.getMethod("addHistoryListener", listenerType).invoke(history, listener)
    }

    /** The result of the history's method [name] (a future), waited for at most 10 s. */
    private fun historyCall(name: String, vararg args: Any): Any? {
        val history = history()
        val method = history.javaClass.methods.first { it.name == name && it.parameterCount == args.size }
        return (method.invoke(history, *args) as CompletableFuture<*>).get(10, TimeUnit.SECONDS)
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
            "configurations" -> reply("configurations" to ModelRunManager.of(project).allSettings.associate {
                it.name to (it.configuration as ModelRunConfiguration).launchState()
            })
            "sessions" -> reply("sessions" to XDebuggerManager.getInstance(project).debugSessions.map {
                mapOf("name" to it.sessionName, "stopped" to it.isStopped, "paused" to it.isPaused, "console" to (it as ModelDebugSession).console.toList())
            })
            "drop-into-debugger" -> {
                (XDebuggerManager.getInstance(project) as ModelDebuggerManager).pyDropIntoDebuggerOnFailedTests = true
                reply("set" to true)
            }
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
                val page = historyCall("historyList") ?: error("no history page")
                val entries = page.javaClass.getMethod("getEntries").invoke(page) as List<*>
                reply(
                    "listed" to entries.map { it.toString() },
                    "pushed" to synchronized(pushed) { pushed.toList() },
                    "json" to historyCall("exportHistory", "json"),
                    "csv" to historyCall("exportHistory", "csv"),
                    "markdown" to historyCall("exportHistory", "markdown"),
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

/** Reads commands until `quit` or the end of stdin, answering each, then `{"quit": true}`. */
private fun serve(handle: (words: List<String>, line: String) -> Unit) {
    val input = BufferedReader(InputStreamReader(System.`in`, StandardCharsets.UTF_8))
    while (true) {
        val line = input.readLine()?.trim() ?: break
        if (line.isEmpty()) continue
        val words = line.split(Regex("\\s+"))
        if (words[0] == "quit") break
        try {
            handle(words, line)
        } catch (t: Throwable) {
            val cause = (t as? java.util.concurrent.ExecutionException)?.cause ?: t
            reply("error" to "${cause.javaClass.simpleName}: ${cause.message}")
        }
    }
    reply("quit" to true)
}

fun main(args: Array<String>) {
    val flags = args.drop(3).toSet()
    fun named(prefix: String) = flags.filter { it.startsWith(prefix) }.map { it.removePrefix(prefix) }
    val secretNames = named("secret-name:")
    val neverSecretNames = named("never-secret-name:")
    val known = setOf("brave", "show-secrets") + secretNames.map { "secret-name:$it" } + neverSecretNames.map { "never-secret-name:$it" }
    if (args.size < 3 || args[2].toIntOrNull() == null || !known.containsAll(flags)) {
        System.err.println("usage: ModelIdeMain <plugin folder> <project path> <mcp port> [brave] [show-secrets] [secret-name:NAME]... [never-secret-name:NAME]...")
        exitProcess(2)
    }
    val ide = ModelIde(
        Path.of(args[0]), Path.of(args[1]), args[2].toInt(), brave = "brave" in flags, showSecrets = "show-secrets" in flags,
        secretNames = secretNames, neverSecretNames = neverSecretNames,
    )
    val (url, state) = ide.awaitServer(60_000)
    if (url == null) {
        reply("error" to "the plugin's server did not start: $state")
        ide.platform.close()
        exitProcess(1)
    }
    ide.listenToHistory()
    reply("mcp_url" to url)
    serve(ide::command)
    ide.platform.close()
    exitProcess(0)
}
