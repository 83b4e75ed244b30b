package dev.jetbrainsdebugger

import dev.jetbrainsdebugger.toolwindow.UiBundle
import org.junit.jupiter.api.Test
import java.io.File
import java.text.MessageFormat
import java.util.ResourceBundle
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * The message bundle and the code agree: every key the main sources pass to
 * `DebuggerMcpBundle.message` or `UiBundle.message` (always as a literal, so it can be read here)
 * or that plugin.xml names is in messages/DebuggerMcpBundle.properties, and every key there is
 * used. The sources are read as text from -Dsources.dir (src/main/kotlin).
 */
class MessageBundleTest {
    private val sources = File(System.getProperty("sources.dir") ?: fail("set -Dsources.dir to src/main/kotlin (scripts/kotlin does)"))
    private val pluginXml = File(sources, "../resources/META-INF/plugin.xml")
    private val bundle = ResourceBundle.getBundle(UiBundle.BUNDLE)

    private val call = Regex("""\b(?:DebuggerMcpBundle|UiBundle)\.message\(""")
    private val literalKey = Regex("""\s*"([A-Za-z0-9_.]+)"""")

    /** The keys [code] passes to a bundle, and the places where it passes something else. */
    private fun keysIn(code: String, where: String): Pair<Set<String>, List<String>> {
        val keys = HashSet<String>()
        val notLiteral = ArrayList<String>()
        for (m in call.findAll(code)) {
            val key = literalKey.matchAt(code, m.range.last + 1)
            if (key != null) keys += key.groupValues[1]
            else notLiteral += "$where:${code.substring(0, m.range.first).count { it == '\n' } + 1}"
        }
        return keys to notLiteral
    }

    /** `key="..."` attributes, and the stripe title key of each tool window (`toolwindow.stripe.<id with _>`). */
    private fun keysIn(xml: String): Set<String> =
        Regex("""\bkey="([^"]+)"""").findAll(xml).map { it.groupValues[1] }.toSet() +
            Regex("""<toolWindow\s[^>]*\bid="([^"]+)"""").findAll(xml).map { "toolwindow.stripe." + it.groupValues[1].replace(' ', '_') }

    private fun usedKeys(): Set<String> {
        val files = sources.walkTopDown().filter { it.isFile && it.name.endsWith(".kt") }.toList()
        assertTrue(files.size > 20, "no Kotlin sources under $sources")
        val found = files.map { keysIn(it.readText(), it.relativeTo(sources).path) }
        val notLiteral = found.flatMap { it.second }
        assertEquals(emptyList(), notLiteral, "a bundle key that is not a string literal cannot be checked")
        return found.flatMap { it.first }.toSet() + keysIn(pluginXml.readText())
    }

    @Test
    fun `every key the code uses is in the bundle and every key in the bundle is used`() {
        val used = usedKeys()
        val defined = bundle.keySet()
        // Both lists in one assertion, so a failure shows every mismatch at once.
        assertEquals(
            "missing: [], unused: []",
            "missing: ${(used - defined).sorted()}, unused: ${(defined - used).sorted()}",
            "keys used in code or plugin.xml but missing from ${UiBundle.BUNDLE}, and keys there that nothing uses",
        )
    }

    @Test
    fun `a text with placeholders is a valid MessageFormat pattern with its quotes doubled`() {
        val lonelyQuote = Regex("""(?<!')'(?!')""")
        for (key in bundle.keySet()) {
            val text = bundle.getString(key)
            if (!Regex("""\{\d""").containsMatchIn(text)) continue
            MessageFormat(text)
            assertTrue(!lonelyQuote.containsMatchIn(text), "$key: a quote in a text with placeholders must be written '' ($text)")
        }
    }

    @Test
    fun `the check reads keys from code and plugin xml and refuses a key it cannot read`() {
        val code = """
            val a = UiBundle.message("status.running")
            val b = DebuggerMcpBundle.message(
                "notification.server.stopped", reason)
            val c = UiBundle.message(key)
        """.trimIndent()
        assertEquals(setOf("status.running", "notification.server.stopped") to listOf("X.kt:4"), keysIn(code, "X.kt"))
        assertEquals(
            setOf("configurable.name", "toolwindow.stripe.Debugger_MCP"),
            keysIn("""<applicationConfigurable key="configurable.name"/><toolWindow id="Debugger MCP" anchor="bottom"/>"""),
        )
        assertTrue("status.running" in usedKeys() && "notification.group.name" in usedKeys(), "the real sources and plugin.xml are read")
    }

    @Test
    fun `values fill the placeholders and a text without them is left as written`() {
        assertEquals("Clear all 1 recorded call from the history? This cannot be undone.", UiBundle.message("dialog.clear.history.message", 1))
        assertEquals(
            "MCP port must be a whole number from 1024 to 65535 (got 'x')",
            UiBundle.message("settings.error.not.in.range", "MCP port", "1024", "65535", "x"),
        )
        assertEquals("Allow for This Session also approves the agent's later actions", UiBundle.message("confirm.footnote").substringBefore(" on this"))
    }
}
