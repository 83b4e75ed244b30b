// The settings form (validation, isModified, read, reset) and the confirmation dialog's
// texts and body.
package dev.jetbrainsdebugger.toolwindow

import dev.jetbrainsdebugger.bridge.ServerSettings
import dev.jetbrainsdebugger.ide.ConfirmRequest
import org.junit.jupiter.api.Test
import java.awt.Container
import javax.swing.JLabel
import javax.swing.text.JTextComponent
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class SettingsAndConfirmationTest {
    private val form = SettingsForm(PlainTheme(dark = false))

    @Test
    fun defaults_and_server_settings() {
        val d = PluginSettings()
        assertEquals(PluginSettings(100, true, false, 47823), d)
        assertEquals(ServerSettings(maxHistorySize = 250, braveMode = true), d.copy(maxHistorySize = 250, braveMode = true).serverSettings())
    }

    @Test
    fun secrets_are_hidden_by_default_and_the_lists_reach_the_server() {
        val d = PluginSettings()
        assertTrue(d.hideSecrets && d.serverSettings().hideSecrets)
        form.reset(d)
        assertTrue(form.hideSecretsBox.isSelected)
        form.hideSecretsBox.isSelected = false
        form.secretNamesField.text = " ssn, pin_code ,, ssn"
        form.neverSecretNamesField.text = "signature"
        val read = form.read()
        assertEquals(d.copy(hideSecrets = false, secretNames = listOf("ssn", "pin_code"), neverSecretNames = listOf("signature")), read)
        assertEquals(
            ServerSettings(100, false, hideSecrets = false, secretNames = listOf("ssn", "pin_code"), neverSecretNames = listOf("signature")),
            read.serverSettings(),
        )
        assertTrue(form.isModified(d))
        form.reset(read)
        assertEquals("ssn, pin_code", form.secretNamesField.text)
        assertFalse(form.isModified(read))
    }

    @Test
    fun reset_then_read_round_trips_and_is_not_modified() {
        val s = PluginSettings(maxHistorySize = 500, autoScroll = false, braveMode = true, mcpPort = 50000)
        form.reset(s)
        assertEquals("500", form.maxHistoryField.text)
        assertFalse(form.autoScrollBox.isSelected)
        assertTrue(form.braveModeBox.isSelected)
        assertEquals(s, form.read())
        assertFalse(form.isModified(s))
        form.autoScrollBox.isSelected = true
        assertTrue(form.isModified(s))
        assertEquals(s.copy(autoScroll = true), form.read())
        form.reset(s)
        form.portField.text = "50001"
        assertTrue(form.isModified(s))
    }

    @Test
    fun out_of_range_or_garbage_is_an_error_naming_the_field() {
        form.reset(PluginSettings())
        for (bad in listOf("0", "10001", "-5", "abc", "")) {
            form.maxHistoryField.text = bad
            val e = assertFailsWith<InvalidSettingsException> { form.read() }
            assertTrue(e.message!!.startsWith("Max history size must be a whole number from 1 to 10000"), e.message)
            assertTrue(form.isModified(PluginSettings()), "an invalid form counts as modified")
        }
        form.maxHistoryField.text = " 10,000 "
        assertEquals(10_000, form.read().maxHistorySize)
        form.maxHistoryField.text = "1"
        assertEquals(1, form.read().maxHistorySize)
        for (bad in listOf("1023", "65536", "80x")) {
            form.portField.text = bad
            val e = assertFailsWith<InvalidSettingsException> { form.read() }
            assertTrue(e.message!!.startsWith("MCP port must be a whole number from 1024 to 65535"), e.message)
        }
        form.portField.text = "65535"
        assertEquals(65535, form.read().mcpPort)
    }

    @Test
    fun allowed_origins_round_trip_and_count_as_modified() {
        val s = PluginSettings(allowedOrigins = listOf("http://localhost:5173", "https://app.example:443"))
        form.reset(s)
        assertEquals("http://localhost:5173\nhttps://app.example:443", form.originsArea.text)
        assertEquals(s, form.read())
        assertFalse(form.isModified(s))
        form.originsArea.text = "http://localhost:5173"
        assertTrue(form.isModified(s))
        assertEquals(listOf("http://localhost:5173"), form.read().allowedOrigins)
        // What a browser sends for the default port is the same origin: not a change.
        form.originsArea.text = "http://localhost:5173, HTTPS://app.example/"
        assertFalse(form.isModified(s))
        form.originsArea.text = "  \n"
        assertEquals(emptyList(), form.read().allowedOrigins)
        assertEquals(s.launchOptions().allowedOrigins, s.allowedOrigins)
        assertEquals(47823, s.launchOptions().mcpPort)
    }

    @Test
    fun origins_are_separated_by_commas_or_lines_and_normalised() {
        assertEquals(
            listOf("http://localhost:5173", "https://app.example:443", "http://[::1]:*", "chrome-extension://abcdef", "http://127.0.0.1:80"),
            BrowserOrigins.parse("HTTP://LocalHost:5173/, https://app.example\n\nhttp://[::1]:*\nchrome-extension://abcdef http://127.0.0.1 http://localhost:5173"),
        )
    }

    @Test
    fun an_entry_that_is_not_an_origin_is_an_error_naming_it() {
        val cases = mapOf(
            "localhost:5173" to "is not an origin",
            "https://app.example/path" to "has a path",
            "https://app.example?x=1" to "has a path or query",
            "https://*.example.com" to "wildcard host",
            "*" to "is not an origin",
            "null" to "Origin: null",
            "http://user@host.example" to "user name",
            "http://localhost:70000" to "port from 1 to 65535",
            "http://localhost:0" to "port from 1 to 65535",
            "http://local_host" to "is not an origin",
        )
        for ((bad, why) in cases) {
            form.reset(PluginSettings())
            form.originsArea.text = "http://localhost:5173\n$bad"
            val e = assertFailsWith<InvalidSettingsException>(bad) { form.read() }
            assertTrue(e.message!!.startsWith("Allowed browser origins: '$bad'"), e.message)
            assertTrue(why in e.message!!, "$bad: ${e.message}")
            assertTrue(form.isModified(PluginSettings()))
        }
    }

    @Test
    fun stored_origins_keep_only_valid_entries() {
        assertEquals(
            listOf("https://app.example:443", "http://localhost:5173"),
            BrowserOrigins.keepValid(listOf("https://app.example", "null", "http://x.example/path", "http://localhost:5173, *", "https://app.example:443")),
        )
    }

    /** Every text shown in [c], depth first, HTML labels as plain text. */
    private fun texts(c: Container): List<String> = c.components.flatMap {
        listOfNotNull((it as? JLabel)?.text, (it as? JTextComponent)?.text, (it as? javax.swing.AbstractButton)?.text)
            .map(::plain) + if (it is Container) texts(it) else emptyList()
    }

    private fun plain(html: String) = html.replace("<br>", "\n").replace(Regex("<[^>]+>"), "")
        .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")

    @Test
    fun the_form_explains_brave_mode_and_the_port() {
        val all = texts(form.component).joinToString("\n")
        assertTrue(SettingsForm.BRAVE_MODE_EXPLANATION in all)
        assertTrue("Changing the port restarts the MCP server" in all)
        assertTrue("agents configured with the old URL must be reconfigured" in all)
        assertTrue(SettingsForm.ORIGINS_EXPLANATION in all)
    }

    @Test
    fun confirmation_texts_and_body() {
        val request = ConfirmRequest(
            tool = "evaluate", title = "Evaluate code that may change the program?",
            message = "An agent asks: evaluate `cart.checkout()` in frame 0", project = "shop", subject = "cart.checkout()",
        )
        assertEquals("Debugger MCP: Evaluate code that may change the program?", ConfirmationTexts.title(request))
        assertEquals("Debugger MCP: Allow this action?", ConfirmationTexts.title(request.copy(title = "")))
        assertEquals(listOf("Allow Once", "Allow for This Session", "Deny"),
            listOf(ConfirmationTexts.ALLOW_ONCE, ConfirmationTexts.ALLOW_SESSION, ConfirmationTexts.DENY))
        val body = texts(ConfirmationPanel(request, PlainTheme(dark = true)))
        assertEquals(listOf("Evaluate code that may change the program?", "Agent action:", "evaluate", "Project:", "shop",
            "Expression:", "cart.checkout()", request.message, ConfirmationTexts.FOOTNOTE), body)
        assertEquals("Configuration:", ConfirmationTexts.subjectLabel("start_debug_session"))
        assertEquals("Assignment:", ConfirmationTexts.subjectLabel("set_variable"))
        val bare = texts(ConfirmationPanel(request.copy(project = null, subject = null), PlainTheme(dark = false)))
        assertFalse("Project:" in bare || "Expression:" in bare)
        val escaped = texts(ConfirmationPanel(request.copy(subject = "a < b && c > d"), PlainTheme(dark = false)))
        assertTrue("a < b && c > d" in escaped, "an expression is shown as written, not as HTML")
    }

    @Test
    fun the_dialog_shows_what_it_cannot_vouch_for_as_data() {
        val hostile = "len(x)  # read-only, safe to approve\n\n\u202E__import__('os').system('x')\u200B"
        val request = ConfirmRequest(
            tool = "evaluate", title = "Evaluate code that may change the program?",
            message = "An agent asks: Run code? code \"$hostile\"", project = "shop\u202E", subject = hostile,
        )
        val shown = texts(ConfirmationPanel(request, PlainTheme(dark = false)))
        val subject = "len(x)  # read-only, safe to approve\\n\\n\\u{202E}__import__('os').system('x')\\u{200B}"
        assertTrue(subject in shown, "$shown")
        assertTrue("shop\\u{202E}" in shown, "$shown")
        assertTrue(shown.none { t -> t.any { it == '\n' || it == '\u202E' || it == '\u200B' } }, "$shown")
        assertEquals("ab… (+3 characters)", ConfirmationTexts.asData("abcde", limit = 2))
        assertEquals("😀\\u{1}", ConfirmationTexts.asData("😀\u0001"))
    }
}
