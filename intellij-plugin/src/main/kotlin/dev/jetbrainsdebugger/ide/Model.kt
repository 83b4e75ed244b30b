// The bridge's data types, as plain Kotlin: what the IDE reports about projects, run
// configurations, sessions, breakpoints, threads, frames and values. They mirror the
// types of protocol/README.md field for field; Gson maps camelCase properties to the
// wire's snake_case names (see bridge/Json.kt), so a rename here is a protocol change.
package dev.jetbrainsdebugger.ide

data class ProjectInfo(val name: String, val path: String)

data class IdeInfo(val product: String, val productCode: String, val build: String)

data class RunConfigurationInfo(
    val name: String,
    val type: String,
    val typeId: String,
    val isTemporary: Boolean,
    val canRun: Boolean,
    val canDebug: Boolean,
    val folder: String?,
    val description: String?,
    /** Why it cannot be run or debugged, when it cannot; omitted otherwise. */
    val unavailableReason: String? = null,
)

enum class LaunchMode(val wire: String) { DEBUG("debug"), RUN("run") }

/** What one launch asks beyond its target (`session/launch`'s optional fields). */
data class LaunchOptions(
    /** Debug mode: stop where an exception nobody catches would end the program, for this session only. */
    val breakOnUncaught: Boolean = false,
    val overrides: LaunchOverrides = LaunchOverrides(),
)

/** Applied to a copy of the configuration made for one launch; the saved configuration is left as it is. */
data class LaunchOverrides(
    /** Replace the program arguments. */
    val args: List<String>? = null,
    /** Replace the working directory (absolute). */
    val cwd: String? = null,
    /** Set these variables on top of the configuration's environment. */
    val env: Map<String, String> = emptyMap(),
) {
    val isEmpty: Boolean get() = args == null && cwd == null && env.isEmpty()
}

data class SessionInfo(
    /** Chosen by the IDE, stable for the session's life (IntelliJ: `s<executionId>`). */
    val id: String,
    val name: String,
    val runConfiguration: String,
    val mode: LaunchMode,
    /** Path of the project the session belongs to. */
    val project: String,
    val processId: Long?,
    /** `python`, `java`, `kotlin`... or null when unknown. */
    val language: String?,
    /** In a launch's answer when it asked for break on uncaught: whether this session does; omitted otherwise. */
    val breakOnUncaught: Boolean? = null,
)

enum class SuspendPolicy(val wire: String) { ALL("all"), THREAD("thread"), NONE("none") }

/** What a breakpoint is attached to. */
sealed class BreakpointKind {
    /** [line] is 1-based; [file] absolute with `/` separators. */
    data class Line(val file: String, val line: Int) : BreakpointKind()
    data class Exception(val exceptionClass: String, val caught: Boolean, val uncaught: Boolean) : BreakpointKind()
    /** Stops on entry to [name] (`Class.method` for the JVM, as the debugger names it). */
    data class Function(val name: String) : BreakpointKind()
    /** Stops when a value is written (a Java field watchpoint), named as the agent named it (`cart.total`). */
    data class Data(val expression: String) : BreakpointKind()
}

data class BreakpointSpec(
    val kind: BreakpointKind,
    val enabled: Boolean,
    val condition: String?,
    /** Logpoint message with `{expression}` placeholders. */
    val logMessage: String?,
    val suspendPolicy: SuspendPolicy,
    val temporary: Boolean,
)

data class BreakpointInfo(
    val id: String,
    val spec: BreakpointSpec,
    val hitCount: Long,
    /** Whether a live debugger confirmed it; null while no session runs. */
    val verified: Boolean?,
    val message: String?,
)

/** `breakpoints/add`'s answer: the breakpoint, and whether the call made it (false: it was there already). */
data class AddedBreakpoint(val breakpoint: BreakpointInfo, val created: Boolean)

data class ThreadInfo(val id: String, val name: String)

data class FrameInfo(
    /** IDE handle, valid until the session resumes. */
    val frameRef: String,
    val file: String?,
    val line: Int?,
    val className: String?,
    val method: String,
    val isLibrary: Boolean,
)

data class StackPage(val frames: List<FrameInfo>, val total: Int)

/** How a value can be set. */
sealed class ValueTarget {
    /** IDE handles; for IntelliJ [container] names the value itself (set via its XValueModifier). */
    data class Slot(val container: String, val name: String) : ValueTarget()
    data class Expression(val expression: String) : ValueTarget()
}

data class ValueInfo(
    val name: String,
    val value: String,
    val typeName: String?,
    /** IDE handle to list children; null when the value has none. */
    val childrenRef: String?,
    val target: ValueTarget?,
    val evaluateName: String?,
)

enum class VariableScope(val wire: String) {
    LOCAL("local"), ARGUMENTS("arguments"), THIS("this"), GLOBAL("global"), ALL("all"),
}

enum class StepKind(val wire: String) { OVER("over"), INTO("into"), FORCE_INTO("force_into"), OUT("out") }

enum class EvaluationKind(val wire: String) { EXPRESSION("expression"), CODE_FRAGMENT("code_fragment") }

enum class StopReason(val wire: String) {
    BREAKPOINT("breakpoint"), STEP("step"), PAUSE("pause"), EXCEPTION("exception"),
    ENTRY("entry"), GOTO("goto"), OTHER("other"), TEST_FAILED("test_failed"),
}

data class ExceptionInfo(val type: String, val message: String, val uncaught: Boolean?)

data class PauseInfo(
    val session: String,
    val threadId: String?,
    val reason: StopReason,
    val hitBreakpoints: List<String>,
    val exception: ExceptionInfo?,
    val description: String?,
    /** With [StopReason.TEST_FAILED]. */
    val failedTest: FailedTest? = null,
)

/** The failing test a pause stopped in: [frame] is the index of the test's own frame in the thread's stack. */
data class FailedTest(val name: String, val message: String, val frame: Int)

enum class OutputCategory(val wire: String) { STDOUT("stdout"), STDERR("stderr"), CONSOLE("console") }

/**
 * `ui/confirm`: an agent's action waiting for the user. [project] is the project's name,
 * [subject] what the action is about in the user's words (the configuration's name, the
 * expression or assignment), [sessionId] the debug session it concerns (null for a launch).
 */
data class ConfirmRequest(
    val tool: String,
    val title: String,
    val message: String,
    val project: String? = null,
    val subject: String? = null,
    val sessionId: String? = null,
)

/**
 * The user's answer to a [ConfirmRequest]. [ALLOW_SESSION] also approves, without asking,
 * every later action on the same debug session (or on the session the approved launch
 * starts) until that session or run ends; the server keeps that memory.
 */
enum class ConfirmDecision(val approved: Boolean, val scope: String) {
    DENY(false, "once"),
    ALLOW_ONCE(true, "once"),
    ALLOW_SESSION(true, "session"),
}
