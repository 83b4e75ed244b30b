package dev.jetbrainsdebugger.intellij

import com.intellij.openapi.roots.ProjectFileIndex
import com.intellij.openapi.vfs.VirtualFile
import com.intellij.xdebugger.XDebugSession
import dev.jetbrainsdebugger.ide.FailedTest
import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.presentation.FrameNames
import java.util.concurrent.CompletableFuture

/**
 * A pause where a test failed: the debugger stops where the assertion error is thrown, often
 * inside the test framework (JUnit's assertEquals); the test's own frame is the first one in the
 * project's sources. That frame is selected in the IDE, and the pause names the test (`Class.method`
 * for the JVM, `file.py::function` for Python) and the assertion's message where the debugger tells it.
 */
internal object TestFailures {
    private const val MAX_FRAMES = 200

    private data class Drawn(val text: String, val file: VirtualFile?)

    fun locate(record: SessionRecord, session: XDebugSession, pause: PauseInfo): CompletableFuture<PauseInfo> {
        val stack = session.suspendContext?.activeExecutionStack
            ?: return CompletableFuture.failedFuture(IdeError("thread_not_found", "the pause has no active thread"))
        return FramesCollector.of(stack, MAX_FRAMES, Deadlines.QUICK, null).thenCompose { frames ->
            Async.onEdt(null) {
                frames.map { f ->
                    Drawn(FrameText.of(f), f.sourcePosition?.file)
                }
            }.thenCompose { drawn ->
                Async.readOnPooled {
                    val index = ProjectFileIndex.getInstance(record.project)
                    drawn.indexOfFirst { d -> d.file?.let { it.isValid && index.isInContent(it) } == true }
                }.thenCompose { at ->
                    // No frame in the project's sources (a test in a library): the top one is as good as any.
                    val own = maxOf(at, 0)
                    val d = drawn.getOrNull(own)
                    val name = d?.let { FrameNames.parse(it.text, it.file?.name) }
                    val test = when {
                        name == null -> "<unknown test>"
                        record.language == "python" -> "${d.file?.name ?: name.className}::${name.method}"
                        name.className != null -> "${name.className}.${name.method}"
                        else -> name.method
                    }
                    val failed = FailedTest(test, pause.exception?.message.orEmpty(), own)
                    val selected = if (own == 0 || own >= frames.size) {
                        CompletableFuture.completedFuture(Unit)
                    } else {
                        Async.onEdt(null) { session.setCurrentStackFrame(stack, frames[own]) }
                    }
                    selected.thenApply { pause.copy(reason = StopReason.TEST_FAILED, description = "a test failed", failedTest = failed) }
                }
            }
        }
    }
}
