// The process handler of run mode: a real OS process, its output read on threads of its own.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ExecutionException
import com.intellij.execution.KillableProcess
import com.intellij.execution.process.BaseProcessHandler
import com.intellij.execution.process.ProcessEvent
import com.intellij.execution.process.ProcessListener
import com.intellij.execution.process.ProcessOutputType
import com.intellij.openapi.project.Project
import java.io.File
import java.io.IOException
import java.io.InputStream
import java.io.InputStreamReader
import java.nio.charset.StandardCharsets

/**
 * Follows platform/util-io BaseOSProcessHandler/OSProcessHandler: the process is created first
 * (GeneralCommandLine.createProcess), and `startNotify()` starts one reader thread per stream
 * and a waiter; when the process has exited and both readers have drained their streams, the
 * handler notifies termination with the real exit code.
 *
 * Stopping follows KillableProcessHandler (platform-util-io, index file id 25275325694), which
 * PyCharm's run configurations use: `destroyProcess()` asks the process to end, and a second
 * Stop while it is terminating is `killProcess()` (SIGKILL to the process tree). Upstream's
 * graceful request on Unix is SIGINT; here it is SIGTERM (BaseProcessHandler.doDestroyProcess),
 * because a child started by a test runner that ignores SIGINT inherits that and would not stop.
 */
class ScriptProcessHandler private constructor(process: Process, private val commandLine: String) :
    BaseProcessHandler<Process>(process), KillableProcess {

    override fun canKillProcess(): Boolean = true

    override fun killProcess() {
        process.descendants().forEach { it.destroyForcibly() }
        process.destroyForcibly()
    }

    override fun startNotify() {
        addProcessListener(object : ProcessListener {
            override fun startNotified(event: ProcessEvent) {
                removeProcessListener(this)
                val stdout = reader(process.inputStream, ProcessOutputType.STDOUT, "stdout")
                val stderr = reader(process.errorStream, ProcessOutputType.STDERR, "stderr")
                thread("waitFor") {
                    val exitCode = process.waitFor()
                    stdout.join()
                    stderr.join()
                    notifyProcessTerminated(exitCode)
                }
            }
        })
        super.startNotify()
    }

    private fun reader(stream: InputStream, type: ProcessOutputType, name: String): Thread = thread(name) {
        InputStreamReader(stream, StandardCharsets.UTF_8).use { input ->
            val buffer = CharArray(8192)
            while (true) {
                val n = try {
                    input.read(buffer)
                } catch (_: IOException) {
                    -1
                }
                if (n < 0) break
                notifyTextAvailable(String(buffer, 0, n), type)
            }
        }
    }

    override fun toString(): String = "ScriptProcessHandler($commandLine)"

    private fun thread(what: String, body: () -> Unit): Thread =
        Thread(body, "ScriptProcessHandler $what (pid ${process.pid()})").apply {
            isDaemon = true
            start()
        }

    companion object {
        /**
         * Starts [line]'s command in its working directory (the project's base directory by default), with its
         * environment on top of the IDE's or alone, as GeneralCommandLine.createProcess does; fails with ExecutionException.
         */
        fun start(project: Project, line: CommandLine): ScriptProcessHandler {
            val command = line.command
            val directory = File(line.workingDirectory ?: project.basePath ?: throw ExecutionException("project ${project.name} has no base directory"))
            val process = try {
                ProcessBuilder(command).directory(directory).apply {
                    if (!line.passParentEnvs) environment().clear()
                    environment().putAll(line.environment)
                }.start()
            } catch (e: IOException) {
                throw ExecutionException("Cannot run program \"${command.first()}\": ${e.message}")
            }
            return ScriptProcessHandler(process, command.joinToString(" "))
        }
    }
}
