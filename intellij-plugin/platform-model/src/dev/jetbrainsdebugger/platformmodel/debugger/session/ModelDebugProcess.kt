// The debug process of a modelled Python session (PyDebugProcess) and the process handler of its
// debuggee: the debuggee's output goes through the handler (notifyTextAvailable, as the console
// process's output does), its end is notifyProcessTerminated(exitCode), and destroying the
// process kills the debuggee (KillableProcessHandler's destroyProcessImpl).
package dev.jetbrainsdebugger.platformmodel.debugger.session

import com.intellij.execution.process.ProcessHandler
import com.intellij.execution.process.ProcessOutputType
import com.intellij.openapi.fileTypes.FileType
import com.intellij.xdebugger.XDebugSession
import com.intellij.xdebugger.evaluation.XDebuggerEditorsProvider
import dev.jetbrainsdebugger.platformmodel.core.ModelFileTypes
import java.io.OutputStream

/**
 * PyDebugProcess: its editors provider is PyDebuggerEditorsProvider (the Python file type); a Java
 * program's (JavaDebugProcess) is JavaDebuggerEditorsProvider (the Java file type). Its handler the debuggee's.
 */
class ModelDebugProcess(session: XDebugSession, private val handler: ModelProcessHandler) : com.intellij.xdebugger.XDebugProcess(session) {
    private val editors = object : XDebuggerEditorsProvider() {
        override fun getFileType(): FileType = if ((session as? ModelDebugSession)?.isJava == true) ModelFileTypes.JAVA else ModelFileTypes.PYTHON
    }

    override fun getEditorsProvider(): XDebuggerEditorsProvider = editors

    override fun doGetProcessHandler(): ProcessHandler = handler
}

/**
 * The scripted debuggee's process. The model has no OS process, so this is a plain ProcessHandler
 * (upstream a KillableColoredProcessHandler, a BaseProcessHandler with a pid): no pid is reported.
 */
class ModelProcessHandler(private val kill: () -> Unit) : ProcessHandler() {
    fun output(text: String, stderr: Boolean) = notifyTextAvailable(text, if (stderr) ProcessOutputType.STDERR else ProcessOutputType.STDOUT)

    fun ended(exitCode: Int) = notifyProcessTerminated(exitCode)

    override fun destroyProcessImpl() = kill()

    /** Detaching a scripted debuggee is not modelled: it is killed too, and reported as detached. */
    override fun detachProcessImpl() {
        kill()
        notifyProcessDetached()
    }

    override fun detachIsDefault() = false

    override fun getProcessInput(): OutputStream? = null
}
