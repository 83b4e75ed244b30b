// The plugin's life in the IDE (Listeners.kt, DebuggerBridgeService.kt): the
// startup activity of a project that opens, where the bundled binary is looked for, and event
// handlers and state listeners that fail.
package dev.jetbrainsdebugger.platformmodel.plugin

import dev.jetbrainsdebugger.intellij.DebuggerBridgeService
import dev.jetbrainsdebugger.intellij.PluginFiles
import dev.jetbrainsdebugger.launcher.BinaryLocator
import dev.jetbrainsdebugger.launcher.BinaryNotFoundException
import dev.jetbrainsdebugger.platformmodel.ui.awaitValue
import dev.jetbrainsdebugger.toolwindow.ServerState
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class PluginLifecycleTest {
    @TempDir lateinit var scratch: Path

    @Test
    fun `a project that opens starts the server, and without an install directory the balloon says how to point at one`() = withPluginModel {
        platform.openProject(projectDir("opened"))
        val balloon = ui.notifications.await("the server's failure") { "stopped" in it.content }
        assertTrue("cannot tell where the plugin is installed" in balloon.content, balloon.content)
        assertTrue("-Djetbrains.debugger.plugin.dir" in balloon.content, balloon.content)
        val state = DebuggerBridgeService.getInstance()!!.state() as ServerState.Stopped
        assertTrue("cannot tell where the plugin is installed" in state.detail, state.detail)
    }

    @Test
    fun `the binary is found under the plugin directory property in bin of the OS and CPU, and made executable`() {
        val dir = Files.createDirectories(scratch.resolve("plugin-dir"))
        val expected = BinaryLocator.expectedPath(dir)
        withPluginModel(pluginDir = dir.toString()) {
            val missing = assertFailsWith<BinaryNotFoundException> { PluginFiles.binary() }
            assertTrue(expected.toString() in missing.message!!, missing.message)

            Files.createDirectories(expected.parent)
            Files.writeString(expected, "#!/bin/sh\nexit 0\n") // unzipped without its executable bit
            assertEquals(expected, PluginFiles.binary())
            assertTrue(Files.isExecutable(expected))
            // Outside the plugin's jar (a development run) there is no descriptor to read the version from.
            assertEquals("0.0.0-dev", PluginFiles.version())
        }
    }

    @Test
    fun `a state listener that throws is logged, and the listeners after it are still told`() = withPluginModel(binary = "/nonexistent/jetbrains-debugger-mcp") {
        val service = DebuggerBridgeService.getInstance()!!
        val told = CopyOnWriteArrayList<ServerState>()
        service.addStateListener { throw IllegalStateException("a tool window that was closed") }
        service.addStateListener { told += it }
        service.ensureStarted()
        val stopped = awaitValue("the Stopped state") { told.filterIsInstance<ServerState.Stopped>().firstOrNull() }
        assertTrue("/nonexistent/jetbrains-debugger-mcp" in stopped.detail, stopped.detail)
        // The Install on Coding Agents popup asks the binary for its catalogue: without one it is told so at once.
        val catalogue = assertFailsWith<ExecutionException> { service.clients.clientsList().get(10, TimeUnit.SECONDS) }
        assertTrue("not connected" in catalogue.cause!!.message!!, "${catalogue.cause}")
    }

    @Test
    fun `a bridge that fails while a project is reported opened or closing does not break opening or closing it`() =
        withPluginModel(binary = "/nonexistent/jetbrains-debugger-mcp") {
            val service = DebuggerBridgeService.getInstance()!!
            service.ensureStarted() // the runtime subscribes its own sink; the failing one replaces it below
            ui.notifications.await("the server's failure") { "stopped" in it.content }
            val sink = ThrowingSink()
            service.facade.subscribe(sink)

            val project = platform.openProject(projectDir("opened"))
            awaitValue("the opened project reported") { sink.attempts.firstOrNull { it.startsWith("opened") } }
            platform.app.flushEdt()
            platform.closeProject(project)
            assertTrue(project.isDisposed, "the project was not closed")
            assertEquals(listOf("opened ${project.basePath}", "closed ${project.basePath}"), sink.attempts.toList())
        }

    @Test
    fun `an installed plugin finds the binary beside its jar and reads its version from the jar's descriptor`() = withPluginModel {
        val installed = InstalledPluginJar(scratch.resolve("installed"), "<idea-plugin>\n  <version> 1.4.2 </version>\n</idea-plugin>\n")
        val binary = BinaryLocator.expectedPath(installed.pluginDir)
        Files.createDirectories(binary.parent)
        Files.writeString(binary, "#!/bin/sh\nexit 0\n")
        assertEquals("1.4.2", installed.call("version"))
        assertEquals(binary, installed.call("binary"))

        val withoutDescriptor = InstalledPluginJar(scratch.resolve("without-descriptor"), null)
        assertEquals("0.0.0-dev", withoutDescriptor.call("version"))
    }
}
