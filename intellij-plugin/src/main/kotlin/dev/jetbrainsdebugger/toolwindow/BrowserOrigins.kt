// The browser origins the user allows to call the MCP server (Settings | Tools | Debugger MCP,
// passed to the binary as JETBRAINS_DEBUGGER_ALLOW_ORIGINS). The rules are the binary's, which
// refuses to start on any other entry: `scheme://host[:port]` or `scheme://host:*` (any port); no
// path, query, user, wildcard host or `null` (every sandboxed page and local file sends that); a
// missing port is the scheme's default one (as a browser means it), made explicit here so that
// what the form shows is exactly what is allowed.
package dev.jetbrainsdebugger.toolwindow

object BrowserOrigins {
    private val SCHEME = "[a-z][a-z0-9+.-]*"
    private val LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?"
    private val HOST = "$LABEL(?:\\.$LABEL)*|\\[[0-9a-f:.]+\\]"
    private val ORIGIN = Regex("($SCHEME)://($HOST)(?::([0-9]{1,5}|\\*))?/?")
    private val DEFAULT_PORTS = mapOf("http" to 80, "https" to 443)

    /** Entries are separated by commas, spaces or new lines. */
    private val SEPARATORS = Regex("[,\\s]+")

    /**
     * The origins of [text], normalised (lower case, default port made explicit, no trailing
     * slash) and without duplicates.
     * @throws InvalidSettingsException naming the first entry that is not an origin and why
     */
    fun parse(text: String): List<String> =
        text.split(SEPARATORS).filter { it.isNotEmpty() }.map { entry ->
            normalize(entry) ?: throw InvalidSettingsException(UiBundle.message("settings.origins.error", entry, problem(entry)))
        }.distinct()

    /** The valid entries of a stored list, normalised; what a hand-edited or older file adds is dropped. */
    fun keepValid(stored: List<String>): List<String> =
        stored.flatMap { it.split(SEPARATORS) }.mapNotNull { normalize(it) }.distinct()

    /** [entry] as the binary should get it, or null when it is not an origin the IDE allows. */
    fun normalize(entry: String): String? {
        val match = ORIGIN.matchEntire(entry.trim().lowercase()) ?: return null
        val (scheme, host, portText) = match.destructured
        val port = when (portText) {
            "" -> DEFAULT_PORTS[scheme]?.toString()
            "*" -> "*"
            else -> portText.toInt().takeIf { it in 1..65535 }?.toString() ?: return null
        }
        return if (port == null) "$scheme://$host" else "$scheme://$host:$port"
    }

    private fun problem(entry: String): String {
        val e = entry.trim().lowercase()
        return when {
            e == "null" -> UiBundle.message("settings.origins.problem.null")
            !e.contains("://") -> UiBundle.message("settings.origins.problem.no.scheme")
            e.substringAfter("://").contains('*') && !Regex(".*://[^*]+:\\*/?").matches(e) ->
                UiBundle.message("settings.origins.problem.wildcard.host")
            Regex(".*://[^/]*/.+").matches(e) || '?' in e || '#' in e ->
                UiBundle.message("settings.origins.problem.path")
            '@' in e -> UiBundle.message("settings.origins.problem.user")
            else -> UiBundle.message("settings.origins.problem.other")
        }
    }
}
