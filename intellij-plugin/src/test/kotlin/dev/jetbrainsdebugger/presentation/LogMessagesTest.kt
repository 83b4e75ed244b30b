// LogMessages: the bridge's `{expression}` logpoint messages become one log expression in
// the breakpoint file's language, with text escaped for that language's string syntax.
package dev.jetbrainsdebugger.presentation

import dev.jetbrainsdebugger.ide.IdeError
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith

class LogMessagesTest {
    @Test
    fun placeholders_per_language() {
        val message = "total={total} of {items.size}"
        assertEquals("\"total=\" + (total) + \" of \" + (items.size)", LogMessages.toExpression(message, "JAVA"))
        assertEquals("\"total=\${total} of \${items.size}\"", LogMessages.toExpression(message, "kotlin"))
        assertEquals("f\"total={total} of {items.size}\"", LogMessages.toExpression(message, "Python"))
        assertEquals("`total=\${total} of \${items.size}`", LogMessages.toExpression(message, "TypeScript"))
    }

    @Test
    fun java_starts_from_a_string_so_adjacent_numbers_concatenate() {
        assertEquals("\"\" + (a) + (b)", LogMessages.toExpression("{a}{b}", "JAVA"))
        assertEquals("\"\"", LogMessages.toExpression("", "JAVA"))
    }

    @Test
    fun literal_braces_and_nested_braces() {
        assertEquals(
            listOf(LogMessages.Part.Text("{x} is "), LogMessages.Part.Expr("m[{1: 2}[1]]")),
            LogMessages.parse("{{x}} is {m[{1: 2}[1]]}"),
        )
        // Python f-strings need literal braces doubled again.
        assertEquals("f\"{{x}} is {x}\"", LogMessages.toExpression("{{x}} is {x}", "Python"))
    }

    @Test
    fun text_is_escaped_for_the_target_language() {
        assertEquals("\"say \\\"hi\\\"\\n\" + (x)", LogMessages.toExpression("say \"hi\"\n{x}", "JAVA"))
        assertEquals("\"cost: \\$\${price}\"", LogMessages.toExpression("cost: \${price}", "kotlin"))
        assertEquals("`a \\` b \${x}`", LogMessages.toExpression("a ` b {x}", "JavaScript"))
    }

    @Test
    fun python_falls_back_to_concatenation_when_no_quote_fits_an_f_string() {
        // Before Python 3.12 an f-string expression may hold neither a backslash nor its own quote.
        assertEquals("f'{d[\"k\"]}'", LogMessages.toExpression("{d[\"k\"]}", "Python"))
        assertEquals(
            "\"v=\" + str(d[\"a\"] + d['b'])",
            LogMessages.toExpression("v={d[\"a\"] + d['b']}", "Python"),
        )
    }

    @Test
    fun malformed_messages_and_unknown_languages_are_errors() {
        for (bad in listOf("{unclosed", "closed}", "empty {}", "{ }")) {
            val e = assertFailsWith<IdeError>(bad) { LogMessages.toExpression(bad, "JAVA") }
            assertEquals("invalid_params", e.code, bad)
        }
        val e = assertFailsWith<IdeError> { LogMessages.toExpression("{x}", "Rust") }
        assertEquals("not_supported", e.code)
        assertFailsWith<IdeError> { LogMessages.toExpression("{x}", null) }
    }
}
