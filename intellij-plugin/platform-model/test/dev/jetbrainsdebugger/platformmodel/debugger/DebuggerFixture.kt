// One modelled PyCharm (or IntelliJ IDEA) with the debugger area, a project holding the scripted
// programs' sources, and the plugin's real facade (the application service's, the one its
// plugin.xml listeners feed) subscribed to a recording sink. Tests start sessions through the
// model's DebugLauncher, as the execution model's debug runner does.
package dev.jetbrainsdebugger.platformmodel.debugger

import com.intellij.openapi.application.WriteAction
import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.XDebuggerManager
import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.IdeEventSink
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import dev.jetbrainsdebugger.ide.SuspendPolicy
import dev.jetbrainsdebugger.intellij.DebuggerBridgeService
import dev.jetbrainsdebugger.intellij.IntellijIdeFacade
import dev.jetbrainsdebugger.platformmodel.core.DebugLauncher
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.core.ModelPlatform
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import dev.jetbrainsdebugger.platformmodel.debugger.breakpoints.ModelBreakpointManager
import dev.jetbrainsdebugger.platformmodel.debugger.program.ScriptedProgram
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.util.concurrent.CompletableFuture
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

class DebuggerFixture(dir: Path, config: IdeConfig = IdeConfig.PYCHARM) : AutoCloseable {
    val platform: ModelPlatform
    val project: ModelProject
    val facade: IntellijIdeFacade
    val events = RecordingSink()

    init {
        val calculator = Paths.get(System.getProperty("user.dir")).let { cwd ->
            generateSequence(cwd) { it.parent }.map { it.resolve("examples/calculator/calculator.py") }.first { Files.exists(it) }
        }
        Files.copy(calculator, dir.resolve("calculator.py"))
        for (name in listOf("order_error.py", "ticker.py", "Checkout.java")) Files.writeString(dir.resolve(name), ScriptedProgram.forScript(name)!!.source!!)
        platform = ModelPlatform.start(config, listOf(DebuggerArea()))
        project = platform.openProject(dir, startupActivities = false)
        facade = DebuggerBridgeService.getInstance()!!.facade
        facade.subscribe(events)
    }

    val path: String get() = project.basePath
    fun file(name: String): String = "$path/$name"
    val breakpointManager: ModelBreakpointManager get() = XDebuggerManager.getInstance(project).breakpointManager as ModelBreakpointManager

    /** A debug session of [script], started on the EDT as the debug runner starts it; its bridge id once the plugin announced it. */
    fun launch(script: String): Pair<XDebugSession, String> {
        val session = platform.app.onEdtAndWait {
            platform.app.getService(DebugLauncher::class.java)!!.start(project, script, null, Path.of(file(script)))
        }
        val started = events.next<SessionInfo> { it.name == script }
        return session to started.id
    }

    fun lineBreakpoint(name: String, line: Int, condition: String? = null, log: String? = null, policy: SuspendPolicy = SuspendPolicy.ALL, temporary: Boolean = false): BreakpointInfo =
        facade.addBreakpoint(path, BreakpointSpec(BreakpointKind.Line(file(name), line), true, condition, log, policy, temporary)).done().breakpoint

    /** Runs [block] on the EDT inside a write action, as an IDE action does. */
    fun <T> inWriteAction(block: () -> T): T = platform.app.onEdtAndWait { WriteAction.compute<T, RuntimeException> { block() } }

    override fun close() {
        for (session in XDebuggerManager.getInstance(project).debugSessions) platform.app.onEdtAndWait { session.stop() }
        platform.close()
    }
}

/** The result within a bound (the machine is shared: bounds are generous, nothing is timed). */
fun <T> CompletableFuture<T>.done(): T = get(20, TimeUnit.SECONDS)

/** Every event the plugin pushed, in order; tests wait for the next one of a kind. */
class RecordingSink : IdeEventSink {
    data class Output(val session: String, val category: OutputCategory, val text: String)
    data class Exited(val session: String, val exitCode: Int)
    data class Terminated(val session: String, val error: String?)
    data class BreakpointChanged(val project: String, val breakpoint: BreakpointInfo)
    data class BreakpointRemoved(val project: String, val id: String)
    data class Resumed(val session: String)

    val all = LinkedBlockingQueue<Any>()
    private val seen = ArrayList<Any>()

    override fun sessionStarted(session: SessionInfo) { all += session }
    override fun processStarted(session: String, processId: Long) { all += "processStarted $session $processId" }
    override fun paused(pause: PauseInfo) { all += pause }
    override fun resumed(session: String) { all += Resumed(session) }
    override fun output(session: String, category: OutputCategory, text: String) { all += Output(session, category, text) }
    override fun exited(session: String, exitCode: Int) { all += Exited(session, exitCode) }
    override fun terminated(session: String, error: String?) { all += Terminated(session, error) }
    override fun breakpointChanged(project: String, breakpoint: BreakpointInfo) { all += BreakpointChanged(project, breakpoint) }
    override fun breakpointRemoved(project: String, id: String) { all += BreakpointRemoved(project, id) }
    override fun projectOpened(project: ProjectInfo) { all += project }
    override fun projectClosed(project: ProjectInfo) { all += "closed ${project.path}" }

    /** The next event of type [T] matching [test] (earlier ones of other kinds are kept for later); fails after 20 s. */
    inline fun <reified T : Any> next(noinline test: (T) -> Boolean = { true }): T = nextOf(T::class.java, test)

    fun <T : Any> nextOf(type: Class<T>, test: (T) -> Boolean): T {
        synchronized(seen) {
            val i = seen.indexOfFirst { type.isInstance(it) && test(type.cast(it)) }
            if (i >= 0) return type.cast(seen.removeAt(i))
        }
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20)
        while (true) {
            val left = deadline - System.nanoTime()
            val e = all.poll(maxOf(left, 0), TimeUnit.NANOSECONDS) ?: throw AssertionError("no ${type.simpleName} event within 20 s; unclaimed: ${synchronized(seen) { seen.toList() }}")
            if (type.isInstance(e) && test(type.cast(e))) return type.cast(e)
            synchronized(seen) { seen += e }
        }
    }

    /** Events of type [T] received so far and not yet claimed (no waiting). */
    fun <T : Any> pending(type: Class<T>): List<T> {
        return synchronized(seen) {
            all.drainTo(seen)
            seen.filterIsInstance(type)
        }
    }
}
