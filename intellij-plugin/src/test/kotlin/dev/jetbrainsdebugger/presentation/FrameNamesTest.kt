// FrameNames: the text a frame draws of itself (customizePresentation) split into the
// bridge's class and method, for the debuggers whose presentation is known.
package dev.jetbrainsdebugger.presentation

import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

class FrameNamesTest {
    @Test
    fun java_and_kotlin_frames() {
        assertEquals(
            FrameNames.Name("com.example.shop.Calculator", "compute"),
            FrameNames.parse("compute:12, Calculator (com.example.shop)", "Calculator.java"),
        )
        assertEquals(
            FrameNames.Name("Calculator", "compute"),
            FrameNames.parse("compute:12, Calculator", "Calculator.kt"),
            "default package",
        )
        assertEquals(
            FrameNames.Name("com.example.Outer\$Inner", "lambda\$run\$0"),
            FrameNames.parse("lambda\$run\$0:7, Outer\$Inner (com.example)", null),
        )
    }

    @Test
    fun python_frames() {
        assertEquals(
            FrameNames.Name("calc", "compute_total"),
            FrameNames.parse("compute_total, calc.py:12", "calc.py"),
        )
        assertEquals(FrameNames.Name("main", "<module>"), FrameNames.parse("<module>, main.py:1", "main.py"))
    }

    @Test
    fun anything_else_keeps_its_text_as_the_method() {
        assertEquals(FrameNames.Name(null, "main.rs:42 main"), FrameNames.parse("  main.rs:42 main ", null))
        assertEquals(FrameNames.Name(null, "app.js"), FrameNames.parse("", "app.js"))
        assertEquals(FrameNames.Name(null, "<unknown>"), FrameNames.parse("", null))
    }
}
