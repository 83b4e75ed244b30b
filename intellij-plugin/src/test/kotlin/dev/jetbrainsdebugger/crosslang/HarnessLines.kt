// The line protocol of the cross-language harnesses (CrossLanguageMain over RecordingIde, and
// the platform model's ModelIdeMain over the real IntelliJ layer): one JSON answer per line on
// stdout, one command per line on stdin; logs go to stderr. A command that throws answers
// {"error": "..."}; `quit` or the end of stdin ends the loop.
package dev.jetbrainsdebugger.crosslang

import com.google.gson.JsonElement
import dev.jetbrainsdebugger.bridge.Json
import dev.jetbrainsdebugger.bridge.RpcMessage
import java.io.BufferedReader
import java.io.InputStreamReader
import java.nio.charset.StandardCharsets

object HarnessLines {
    private val out = java.io.PrintStream(java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8)

    fun reply(json: JsonElement) = synchronized(out) { out.println(Json.write(json)) }

    /** Reads commands until `quit` or the end of stdin, answering each through [handle] (its words), then `{"quit": true}`. */
    fun serve(handle: (words: List<String>, line: String) -> Unit) {
        val input = BufferedReader(InputStreamReader(System.`in`, StandardCharsets.UTF_8))
        while (true) {
            val line = input.readLine()?.trim() ?: break
            if (line.isEmpty()) continue
            val words = line.split(Regex("\\s+"))
            if (words[0] == "quit") break
            try {
                handle(words, line)
            } catch (t: Throwable) {
                val cause = RpcMessage.unwrap(t)
                reply(Json.obj("error" to "${cause.javaClass.simpleName}: ${cause.message}"))
            }
        }
        reply(Json.obj("quit" to true))
    }
}
