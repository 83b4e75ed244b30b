package dev.jetbrainsdebugger.presentation

/**
 * A stack frame names itself by drawing into a ColoredTextContainer (what the Frames list
 * shows). That text is language-specific but regular enough to split into the bridge's
 * class/method fields:
 *   Java/Kotlin (JavaStackFrame):  "compute:12, Calculator (com.example.shop)"
 *   Python (PyStackFrame):         "compute_total, calc.py:12"
 * Anything else keeps the whole text as the method and no class. Plain Kotlin, no IntelliJ.
 */
object FrameNames {
    data class Name(val className: String?, val method: String)

    private val JVM = Regex("""^(.+?):(\d+), ([^\s(]+)(?: \(([^)]*)\))?.*$""")
    private val PYTHON = Regex("""^(.+?), ([^,:]+?):(\d+)$""")

    /** [text] is the frame's own presentation; [fileName] the name of its source file, if any. */
    fun parse(text: String, fileName: String?): Name {
        val t = text.trim()
        JVM.matchEntire(t)?.let { m ->
            val (method, _, cls, pkg) = m.destructured
            val qualified = if (pkg.isNotBlank() && !cls.contains('.')) "$pkg.$cls" else cls
            return Name(qualified, method)
        }
        PYTHON.matchEntire(t)?.let { m ->
            val (method, file, _) = m.destructured
            return Name(file.substringBeforeLast('.'), method)
        }
        if (t.isEmpty()) return Name(null, fileName ?: "<unknown>")
        return Name(null, t)
    }
}
