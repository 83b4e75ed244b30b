package dev.jetbrainsdebugger.bridge

/**
 * The logging seam of the plain-Kotlin half: the IntelliJ side adapts it to
 * com.intellij.openapi.diagnostic.Logger, tests and the cross-language harness print it. Kept to
 * three calls so nothing here depends on a logging library.
 */
interface BridgeLog {
    fun info(message: String)

    /** Something went wrong that the bridge recovers from (reconnect, restart, a bad message). */
    fun warn(message: String, t: Throwable? = null)

    /**
     * A bug in the plugin. Used sparingly: IntelliJ's `Logger.error` reports to the user
     * as an IDE error, so anything the bridge recovers from goes to [warn].
     */
    fun error(message: String, t: Throwable? = null)
}
