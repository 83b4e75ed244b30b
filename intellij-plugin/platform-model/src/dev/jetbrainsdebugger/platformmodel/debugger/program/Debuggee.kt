// The running scripted program: walks a ScriptedProgram on its own thread (the debuggee's main
// thread), emitting CPython's trace events, and decides at each one whether to suspend as pydevd
// does (pydevd_frame.py / pydevd.py): line breakpoints with condition and log expression
// evaluated in the frame, step into / over / out and run-to-line by frame depth, a pause at the
// next line, and an uncaught exception stopping at its raise when an exception breakpoint asks
// for it. While suspended the thread blocks on its command queue, as pydevd's do_wait_suspend.
// A Java program is walked the same way, with the Java debugger's one addition the model needs:
// method breakpoints, which stop on entry to a matching method.
package dev.jetbrainsdebugger.platformmodel.debugger.program

import dev.jetbrainsdebugger.platformmodel.debugger.python.PyClass
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyException
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyFunction
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyInstance
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyInterpreter
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyList
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyModule
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyNamespace
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyNone
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyObj
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyParser
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyStr
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyTraceback
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyTuple
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.LinkedBlockingQueue

/** One frame of the running program; [line] is 1-based, [ns] live (a set value changes the program). */
class PyFrame(val name: String, val file: Path, val ns: PyNamespace, @Volatile var line: Int) {
    /** A Java program's exception this frame is stopped at (the Java debugger's exception event), if any. */
    @Volatile var thrown: PyInstance? = null
}

/** A line breakpoint as the debuggee sees it (pydevd's breakpoint table), with the IDE's own object in [owner]. */
data class LineBreakpointView(val owner: Any, val condition: String?, val logExpression: String?, val suspends: Boolean)

/** Why the debuggee suspended. */
sealed class StopCause {
    /** [logMessage]: the breakpoint's log expression as pydevd evaluated it (PyThreadInfo.getMessage). */
    data class Breakpoint(val owner: Any, val logMessage: String?) : StopCause()
    data class Exception(val owner: Any, val exception: PyInstance) : StopCause()
    /** pydevd's stop on a failed test (stop_on_failed_tests), in the deepest frame of the project's code. */
    data class FailedTest(val exception: PyInstance) : StopCause()
    /** A step, run-to-line or pause ended here. */
    data object Position : StopCause()
}

/** What the debuggee asks of the IDE side (the debug process). Called on the debuggee's thread. */
interface DebuggeeHooks {
    /** The enabled line breakpoints at [file]:[line] the debugger has registered (none while muted). */
    fun lineBreakpoints(file: Path, line: Int): List<LineBreakpointView>
    /** The enabled method breakpoints that watch entry to [method] of the class [className] (qualified), none while muted. */
    fun methodEntryBreakpoints(className: String, method: String): List<LineBreakpointView>
    /** The enabled field watchpoint that stops at writes of [field] of the class [className] (qualified), if any. */
    fun fieldWriteBreakpoint(className: String, field: String): LineBreakpointView?
    /**
     * The exception breakpoint that stops for an exception of the class [names] (its qualified name
     * and its superclasses' for a Java program) raised where a frame of the class [catchClass] will
     * catch it (null: nothing will), if one is registered.
     */
    fun exceptionBreakpoint(names: List<String>, catchClass: String?): Any?
    /** pydevd's stop_on_failed_tests (PyCharm's unit-test debugging mode) is on. */
    fun stopsOnFailedTests(): Boolean
    /** Whether [file] is the project's code (pydevd's in_project_scope), not a library's. */
    fun isProjectCode(file: Path): Boolean
    /** Suspended at [frames] (top first); the debuggee now waits for a command. */
    fun suspended(frames: List<PyFrame>, cause: StopCause)
    /** A non-suspending breakpoint with a log expression was hit (pydevd suspends and PyCharm resumes at once: no stop is seen). */
    fun logged(owner: Any, message: String)
    fun output(text: String, stderr: Boolean)
    fun exited(exitCode: Int)
}

class Debuggee(private val program: ScriptedProgram, private val script: Path, private val hooks: DebuggeeHooks) {
    private sealed class Command {
        data object Resume : Command()
        data object StepInto : Command()
        data object StepOver : Command()
        data object StepOut : Command()
        data class RunTo(val file: Path, val line: Int) : Command()
        data object Kill : Command()
    }

    private class Killed : RuntimeException()
    private class Uncaught(val exception: PyInstance, val frames: List<PyFrame>) : RuntimeException()

    private val commands = LinkedBlockingQueue<Command>()
    private val stack = ArrayList<PyFrame>()
    @Volatile private var mode: Command = Command.Resume
    /** The depth a step started at. */
    @Volatile private var stepDepth = 0
    @Volatile private var pauseRequested = false
    /**
     * The test-runner calls on the stack that catch what their callee raises, innermost last: the
     * class of each catching frame (for a Java program, the declaring type of JDI's catch location).
     */
    private val catchers = ArrayList<String>()
    @Volatile private var killed = false
    private val thread = Thread(::main, "pydevd debuggee ${script.fileName}").apply { isDaemon = true }
    private val globals = linkedMapOf<String, PyObj>("__name__" to PyStr("__main__"), "__file__" to PyStr(script.toString())).apply {
        for ((name, qualified) in program.jvmExceptions) put(name, PyClass(name, qualified.first().substringBeforeLast('.'), base = "Exception"))
    }

    /** The thread the program runs on: CPython's main thread, or the JVM's. */
    val threadName = if (program.jvmPackage == null) "MainThread" else "main"

    fun start() = thread.start()

    /** Whether the main thread is suspended, waiting for a command (pydevd's suspended threads). */
    @Volatile private var suspended = false

    fun resume() = command(Command.Resume)
    fun stepInto() = command(Command.StepInto)
    fun stepOver() = command(Command.StepOver)
    fun stepOut() = command(Command.StepOut)
    /** [line] 1-based. */
    fun runTo(file: Path, line: Int) = command(Command.RunTo(file, line))

    /**
     * PyDebugProcess passes a resume or step to the threads that are suspended (mySuspendedThreads):
     * to a running program it is nothing, it is not kept for its next stop.
     */
    @Synchronized
    private fun command(command: Command) {
        if (!suspended) return
        suspended = false // the first command sets the thread running; pydevd ignores the rest until it stops again
        commands.put(command)
    }
    fun pause() { pauseRequested = true }
    fun kill() {
        killed = true
        commands.put(Command.Kill)
        thread.interrupt()
    }

    private fun main() {
        val exitCode = try {
            // A Python module runs in its globals; a Java main method has locals of its own.
            val locals = if (program.jvmPackage == null) globals else linkedMapOf()
            run(program.module, PyNamespace(locals, globals, callUser = ::callUntraced), emptyList())
            0
        } catch (k: Killed) {
            KILLED_EXIT_CODE
        } catch (u: Uncaught) {
            hooks.output(traceback(u), stderr = true)
            1
        } catch (e: PyException) {
            hooks.output("Traceback (most recent call last):\n${e.type}: ${e.message}\n", stderr = true)
            1
        }
        hooks.exited(exitCode)
    }

    // ----- walking the program ---------------------------------------------------

    /** Runs [code] in a new traced frame; its return value. */
    private fun run(code: Code, ns: PyNamespace, args: List<PyObj>, name: String = code.name): PyObj {
        bind(code, ns, args)
        val frame = PyFrame(name, code.file?.let { Path.of(it) } ?: script, ns, code.lines.firstOrNull()?.line ?: 0)
        stack += frame
        val result = try {
            walk(code, frame) ?: PyNone
        } catch (t: Throwable) {
            stack.removeAt(stack.size - 1)
            throw t
        }
        stack.removeAt(stack.size - 1)
        returned(stack.size + 1)
        return result
    }

    private fun bind(code: Code, ns: PyNamespace, args: List<PyObj>) {
        for ((i, p) in code.params.withIndex()) {
            ns.locals[p.name] = args.getOrNull(i) ?: p.default?.let { evalIn(it, ns) }
                ?: throw PyException("TypeError", "${code.name}() missing 1 required positional argument: '${p.name}'")
        }
    }

    /** Runs the lines of [code] in [frame]: the return value, or null when it falls off the end. */
    private fun walk(code: Code, frame: PyFrame): PyObj? {
        var index = 0
        var entering = true
        while (index < code.lines.size) {
            val line = code.lines[index]
            frame.line = line.line
            lineEvent(frame, entering)
            entering = false
            var next = index + 1
            for (action in line.actions) {
                when (action) {
                    is Action.Exec -> {
                        fieldWrite(action.code, frame)
                        execIn(action.code, frame.ns)
                    }
                    is Action.Call -> {
                        val result = call(action.function, action.args.map { evalIn(it, frame.ns) })
                        assign(action.result, result, frame.ns)
                    }
                    is Action.Generate -> assign(action.result, generate(action, frame), frame.ns)
                    is Action.Return -> return evalIn(action.value, frame.ns)
                    is Action.Print -> hooks.output(evalIn(action.value, frame.ns).str() + "\n", stderr = false)
                    is Action.Raise -> raise(evalIn(action.exception, frame.ns) as PyInstance)
                    is Action.CallCatching -> {
                        catchers += program.declaringClass(code)
                        try {
                            call(action.function, emptyList())
                        } catch (u: Uncaught) {
                            frame.ns.locals["failure"] = u.exception
                            action.report?.let { hooks.output(evalIn(it, frame.ns).str() + "\n", stderr = false) }
                        } finally {
                            catchers.removeAt(catchers.lastIndex)
                        }
                    }
                    is Action.Define -> define(action.name, frame)
                    is Action.Import -> frame.ns.locals[action.module] = PyModule(action.module)
                    is Action.JumpUnless -> if (!evalIn(action.condition, frame.ns).truthy()) next = indexOf(code, action.line)
                    is Action.Jump -> next = indexOf(code, action.line)
                    is Action.Sleep -> sleep(action.seconds)
                }
            }
            index = next
        }
        return null
    }

    private fun indexOf(code: Code, line: Int): Int = code.lines.indexOfFirst { it.line == line }.let { if (it < 0) code.lines.size else it }

    private fun call(function: String, args: List<PyObj>): PyObj {
        program.classes[function]?.let { cls ->
            val self = PyInstance(cls.pyClass)
            run(program.code(cls.init), PyNamespace(linkedMapOf(), globals, callUser = ::callUntraced), listOf(self) + args, "__init__")
            return self
        }
        return run(program.code(function), PyNamespace(linkedMapOf(), globals, callUser = ::callUntraced), args)
    }

    /** A generator expression consumed by its caller: one traced frame resume per element, the yielded values in a list. */
    private fun generate(g: Action.Generate, caller: PyFrame): PyObj {
        val source = evalIn(g.over, caller.ns)
        val elements = (source as? PyList)?.items?.toList() ?: error("${g.over} is not a list")
        val locals = linkedMapOf<String, PyObj>(".0" to PyStr("<list_iterator object at 0x7f0000000000>"))
        val yielded = elements.map { element ->
            locals[g.variable] = element
            run(program.code(g.function), PyNamespace(locals, globals, callUser = ::callUntraced), emptyList()).let {
                evalIn(g.yields, PyNamespace(locals, globals))
            }
        }
        return PyList(yielded.toMutableList())
    }

    private fun define(name: String, frame: PyFrame) {
        val cls = program.classes[name]
        if (cls != null) {
            val body = linkedMapOf<String, PyObj>("__module__" to PyStr("__main__"), "__qualname__" to PyStr(name))
            run(cls.body, PyNamespace(body, globals), emptyList())
            frame.ns.locals[name] = cls.pyClass
        } else {
            frame.ns.locals[name] = PyFunction(name, "__main__")
        }
    }

    /**
     * The exception event at the raise: whether a frame below will catch it is known there (pydevd
     * stops for "on termination" only when none will; JDI's exception event carries the catch
     * location, which decides between a Java breakpoint's caught and uncaught). pydevd puts
     * `__exception__` into the frame it stops in; the Java debugger shows the thrown object there.
     */
    private fun raise(exception: PyInstance): Nothing {
        val frames = stack.asReversed().toList()
        val names = program.jvmExceptions[exception.cls.name] ?: listOf(exception.cls.name)
        val breakpoint = hooks.exceptionBreakpoint(names, catchers.lastOrNull())
        if (breakpoint == null && catchers.isNotEmpty() && program.jvmPackage == null && hooks.stopsOnFailedTests()) {
            failedTest(exception, frames)
        } else if (breakpoint != null) {
            val top = frames.first()
            val python = program.jvmPackage == null
            if (python) top.ns.locals["__exception__"] = PyTuple(listOf(exception.cls, exception, PyTraceback())) else top.thrown = exception
            suspend(StopCause.Exception(breakpoint, exception))
            if (python) top.ns.locals.remove("__exception__") else top.thrown = null
        }
        throw Uncaught(exception, frames)
    }

    /**
     * pydevd with stop_on_failed_tests (pydevd_frame.py should_stop_on_exception / handle_exception):
     * an exception a test runner will catch stops in the deepest frame of the project's code on its
     * traceback, that frame on top with `__exception__` in it; the thread's message is
     * "python-AssertionError". (The model stops at the raise, where the traceback is the stack.)
     */
    private fun failedTest(exception: PyInstance, frames: List<PyFrame>) {
        val at = frames.indexOfFirst { hooks.isProjectCode(it.file) }.takeIf { it >= 0 } ?: return
        val shown = frames.drop(at)
        shown.first().ns.locals["__exception__"] = PyTuple(listOf(exception.cls, exception, PyTraceback()))
        suspend(StopCause.FailedTest(exception), shown)
        shown.first().ns.locals.remove("__exception__")
    }

    /** Runs a program function for an evaluation (pydevd evaluates with tracing off): no events, no stops. */
    private fun callUntraced(fn: PyFunction, args: List<PyObj>): PyObj {
        val code = program.code(fn.name)
        val ns = PyNamespace(linkedMapOf(), globals, callUser = ::callUntraced)
        bind(code, ns, args)
        for (line in code.lines) for (action in line.actions) {
            when (action) {
                is Action.Exec -> execIn(action.code, ns)
                is Action.Return -> return evalIn(action.value, ns)
                else -> throw PyException("RuntimeError", "the model evaluates ${fn.name}() only as far as its plain statements go")
            }
        }
        return PyNone
    }

    // ----- trace events and stops -----------------------------------------------

    /**
     * A line about to run; [entering] when it is the first of its frame. A Java method breakpoint
     * stops there: JDI's MethodEntryEvent (or the emulated breakpoint at the method's first line)
     * is located at the method's first executable line, and it is reported as the breakpoint's hit.
     */
    private fun lineEvent(frame: PyFrame, entering: Boolean) {
        if (killed) throw Killed()
        val depth = stack.size
        val hits = hooks.lineBreakpoints(frame.file, frame.line) + methodEntryBreakpoints(frame, entering)
        var stopFor: StopCause.Breakpoint? = null
        for (bp in hits) {
            if (bp.condition != null && !conditionHolds(bp.condition, frame)) continue
            val message = bp.logExpression?.let { log(it, frame) }
            when {
                bp.suspends && stopFor == null -> stopFor = StopCause.Breakpoint(bp.owner, message)
                message != null -> hooks.logged(bp.owner, message)
            }
        }
        val m = mode
        val stepDone = when (m) {
            Command.StepInto -> true
            Command.StepOver -> depth <= stepDepth
            is Command.RunTo -> frame.line == m.line && samePath(frame.file, m.file)
            else -> false
        }
        when {
            stopFor != null -> suspend(stopFor)
            stepDone || pauseRequested -> suspend(StopCause.Position)
        }
    }

    /**
     * A Java statement that writes a field (`receiver.field = ...`) of a watched class: JDI's
     * ModificationWatchpointEvent is delivered before the write, located at the writing line, and
     * reported as the watchpoint's hit (FieldBreakpoint.processLocatableEvent).
     */
    private fun fieldWrite(code: String, frame: PyFrame) {
        val jvmPackage = program.jvmPackage ?: return
        val write = FIELD_WRITE.find(code) ?: return
        val receiver = runCatching { evalIn(write.groupValues[1], frame.ns) }.getOrNull() as? PyInstance ?: return
        val bp = hooks.fieldWriteBreakpoint("$jvmPackage.${receiver.cls.name}", write.groupValues[2]) ?: return
        if (bp.condition != null && !conditionHolds(bp.condition, frame)) return
        if (bp.suspends) suspend(StopCause.Breakpoint(bp.owner, null))
    }

    private fun methodEntryBreakpoints(frame: PyFrame, entering: Boolean): List<LineBreakpointView> {
        val jvmPackage = program.jvmPackage
        if (!entering || jvmPackage == null) return emptyList()
        return hooks.methodEntryBreakpoints("$jvmPackage.${frame.name.substringBeforeLast('.')}", frame.name.substringAfterLast('.'))
    }

    /** A frame at [depth] returned: a step over or out that started there stops in the caller, on the line of the call. */
    private fun returned(depth: Int) {
        if (killed || stack.isEmpty()) return
        val m = mode
        if ((m == Command.StepOver || m == Command.StepOut) && depth == stepDepth) suspend(StopCause.Position)
    }

    /** pydevd: a condition that fails to evaluate suspends, with the error on stderr. */
    private fun conditionHolds(condition: String, frame: PyFrame): Boolean = try {
        evalIn(condition, frame.ns, hidden = false).truthy()
    } catch (e: PyException) {
        hooks.output("Error while evaluating expression: $condition\n${e.type}: ${e.message}\n", stderr = true)
        true
    }

    /** pydevd evaluates a breakpoint's log expression in the frame and sends the text with the suspension. */
    private fun log(expression: String, frame: PyFrame): String = try {
        evalIn(expression, frame.ns, hidden = false).str()
    } catch (e: PyException) {
        "${e.type}: ${e.message}"
    }

    private fun suspend(cause: StopCause, frames: List<PyFrame> = stack.asReversed().toList()) {
        pauseRequested = false
        synchronized(this) { suspended = true }
        hooks.suspended(frames, cause)
        val command = try {
            commands.take()
        } catch (e: InterruptedException) {
            throw Killed()
        } finally {
            synchronized(this) { suspended = false }
        }
        if (command == Command.Kill) throw Killed()
        mode = command
        stepDepth = stack.size
    }

    private fun sleep(seconds: Double) {
        try {
            Thread.sleep((seconds * 1000).toLong())
        } catch (e: InterruptedException) {
            throw Killed()
        }
    }

    // ----- helpers ------------------------------------------------------------------

    private fun evalIn(code: String, ns: PyNamespace, hidden: Boolean = true): PyObj = PyInterpreter.eval(PyParser.expression(code, hidden), ns)

    private fun execIn(code: String, ns: PyNamespace) { PyInterpreter.exec(PyParser.statements(code, hidden = true), ns) }

    private fun assign(name: String, value: PyObj, ns: PyNamespace) = PyInterpreter.assign(PyParser.expression(name, hidden = true), value, ns)

    private fun samePath(a: Path, b: Path) = runCatching { Files.isSameFile(a, b) }.getOrDefault(a.normalize() == b.normalize())

    /** CPython's report of an uncaught exception. */
    private fun traceback(u: Uncaught): String = buildString {
        val source = runCatching { Files.readAllLines(script) }.getOrNull()
        append("Traceback (most recent call last):\n")
        for (f in u.frames.asReversed()) {
            append("  File \"${f.file}\", line ${f.line}, in ${f.name}\n")
            source?.getOrNull(f.line - 1)?.trim()?.let { append("    ").append(it).append('\n') }
        }
        append("${u.exception.cls.name}: ${u.exception.str()}\n")
    }

    companion object {
        /** A Java statement that writes `receiver.field`. */
        private val FIELD_WRITE = Regex("""^\s*(\w+)\.(\w+)\s*=[^=]""")
        /** A debuggee killed from the IDE ends as after SIGKILL (128 + 9). */
        const val KILLED_EXIT_CODE = 137
    }
}
