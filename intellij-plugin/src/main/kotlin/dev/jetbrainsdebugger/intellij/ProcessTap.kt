package dev.jetbrainsdebugger.intellij

import com.intellij.execution.process.ProcessEvent
import com.intellij.execution.process.ProcessListener
import com.intellij.execution.process.ProcessOutputType
import com.intellij.openapi.util.Key
import dev.jetbrainsdebugger.ide.OutputCategory

/**
 * The one listener of a process handler: the process's output and end, held until the session
 * it belongs to is known (a debugger waiting for its launch prints already), then passed on in
 * order to [output] and [ended].
 */
internal class ProcessTap(
    private val output: (SessionRecord, OutputCategory, String) -> Unit,
    private val ended: (SessionRecord, exitCode: Int) -> Unit,
) : ProcessListener {
    private var record: SessionRecord? = null
    private val held = ArrayList<Pair<OutputCategory, String>>()

    /** The session this process belongs to, once known (the first one bound). */
    val session: SessionRecord? get() = synchronized(this) { record }
    private var heldExit: Int? = null

    fun bind(to: SessionRecord) {
        synchronized(this) {
            if (record != null) return
            record = to
            held.forEach { (category, text) -> output(to, category, text) }
            held.clear()
            heldExit?.let { ended(to, it) }
        }
    }

    override fun onTextAvailable(event: ProcessEvent, outputType: Key<*>) {
        val text = event.text ?: return
        if (text.isEmpty()) return
        val category = when {
            ProcessOutputType.isStdout(outputType) -> OutputCategory.STDOUT
            ProcessOutputType.isStderr(outputType) -> OutputCategory.STDERR
            else -> OutputCategory.CONSOLE
        }
        synchronized(this) {
            val to = record
            if (to == null) held += category to text else output(to, category, text)
        }
    }

    override fun processTerminated(event: ProcessEvent) {
        synchronized(this) {
            val to = record
            if (to == null) heldExit = event.exitCode else ended(to, event.exitCode)
        }
    }
}
