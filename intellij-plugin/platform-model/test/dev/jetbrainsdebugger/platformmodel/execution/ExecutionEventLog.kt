// The ExecutionListener events of a project, in the order the platform published them.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.ExecutionListener
import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.runners.ExecutionEnvironment
import java.util.concurrent.CopyOnWriteArrayList

class ExecutionEventLog : ExecutionListener {
    data class Event(val name: String, val executionId: Long, val configuration: String, val handler: ProcessHandler?)

    val events: MutableList<Event> = CopyOnWriteArrayList()

    /** The event names of one launch, by execution id. */
    fun of(executionId: Long): List<String> = events.filter { it.executionId == executionId }.map { it.name }

    private fun add(name: String, env: ExecutionEnvironment, handler: ProcessHandler? = null) {
        events += Event(name, env.executionId, env.runProfile.name, handler)
    }

    override fun processStartScheduled(executorId: String, env: ExecutionEnvironment) = add("startScheduled", env)
    override fun processStarting(executorId: String, env: ExecutionEnvironment) = add("starting", env)
    override fun processNotStarted(executorId: String, env: ExecutionEnvironment, cause: Throwable?) = add("notStarted", env)
    override fun processStarting(executorId: String, env: ExecutionEnvironment, handler: ProcessHandler) = add("starting(handler)", env, handler)
    override fun processStarted(executorId: String, env: ExecutionEnvironment, handler: ProcessHandler) = add("started", env, handler)
    override fun processTerminating(executorId: String, env: ExecutionEnvironment, handler: ProcessHandler) = add("terminating", env, handler)
    override fun processTerminated(executorId: String, env: ExecutionEnvironment, handler: ProcessHandler, exitCode: Int) =
        add("terminated($exitCode)", env, handler)
}
