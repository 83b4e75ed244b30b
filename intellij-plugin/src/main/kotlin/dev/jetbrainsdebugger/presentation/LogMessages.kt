package dev.jetbrainsdebugger.presentation

import dev.jetbrainsdebugger.ide.IdeError

/**
 * Logpoint messages: the bridge speaks DAP's convention, a message with `{expression}`
 * placeholders ("total={total}", `{{`/`}}` for literal braces). IntelliJ wants one log
 * expression in the breakpoint file's language, evaluated at each hit, so the message is
 * rewritten per language: Java `"total=" + (total)`, Kotlin `"total=${total}"`, Python
 * `f"total={total}"`, JavaScript/TypeScript `` `total=${total}` ``. Plain Kotlin, no IntelliJ.
 */
object LogMessages {
    sealed class Part {
        data class Text(val text: String) : Part()
        data class Expr(val code: String) : Part()
    }

    /** Splits [message] into literal text and `{expression}` parts; nested braces stay inside an expression. */
    fun parse(message: String): List<Part> {
        val parts = mutableListOf<Part>()
        val text = StringBuilder()
        var i = 0
        while (i < message.length) {
            val c = message[i]
            when {
                c == '{' && message.startsWith("{{", i) -> { text.append('{'); i += 2 }
                c == '}' && message.startsWith("}}", i) -> { text.append('}'); i += 2 }
                c == '{' -> {
                    var depth = 1
                    var j = i + 1
                    while (j < message.length && depth > 0) {
                        when (message[j]) {
                            '{' -> depth++
                            '}' -> depth--
                        }
                        j++
                    }
                    if (depth != 0) throw IdeError("invalid_params", "unbalanced '{' in the log message: $message")
                    val code = message.substring(i + 1, j - 1).trim()
                    if (code.isEmpty()) throw IdeError("invalid_params", "empty {} placeholder in the log message: $message")
                    if (text.isNotEmpty()) { parts += Part.Text(text.toString()); text.setLength(0) }
                    parts += Part.Expr(code)
                    i = j
                }
                c == '}' -> throw IdeError("invalid_params", "unbalanced '}' in the log message (write '}}' for a brace): $message")
                else -> { text.append(c); i++ }
            }
        }
        if (text.isNotEmpty()) parts += Part.Text(text.toString())
        return parts
    }

    /**
     * The log expression for [message] in the language with IntelliJ id [languageId]
     * ("JAVA", "kotlin", "Python", "JavaScript", "TypeScript", "ECMAScript 6"...).
     * Throws `not_supported` for a language whose string syntax is not known here.
     */
    fun toExpression(message: String, languageId: String?): String {
        val parts = parse(message)
        return when (languageId?.lowercase()) {
            "java" -> java(parts)
            "kotlin" -> kotlin(parts)
            "python" -> python(parts)
            "javascript", "typescript", "ecmascript 6", "jsx harmony", "typescript jsx" -> javaScript(parts)
            else -> throw IdeError(
                "not_supported",
                "log messages are supported for Java, Kotlin, Python and JavaScript/TypeScript files, " +
                    "not for ${languageId ?: "this file type"}; use a condition or a suspending breakpoint instead",
            )
        }
    }

    private fun java(parts: List<Part>): String {
        if (parts.isEmpty()) return "\"\""
        val pieces = parts.map {
            when (it) {
                is Part.Text -> "\"" + escapeC(it.text) + "\""
                is Part.Expr -> "(${it.code})"
            }
        }
        // Start from a string so that `{a}{b}` concatenates text, not numbers.
        return if (parts.first() is Part.Text) pieces.joinToString(" + ") else "\"\" + " + pieces.joinToString(" + ")
    }

    private fun kotlin(parts: List<Part>): String = "\"" + parts.joinToString("") {
        when (it) {
            is Part.Text -> escapeC(it.text).replace("$", "\\$")
            is Part.Expr -> "\${${it.code}}"
        }
    } + "\""

    private fun python(parts: List<Part>): String {
        val codes = parts.filterIsInstance<Part.Expr>().map { it.code }
        val quote = when {
            codes.none { '"' in it || '\\' in it } -> '"'
            codes.none { '\'' in it || '\\' in it } -> '\''
            else -> null
        }
        if (quote == null) {
            // Before Python 3.12 an f-string expression cannot hold a backslash or its own quote.
            if (parts.isEmpty()) return "\"\""
            return parts.joinToString(" + ") {
                when (it) {
                    is Part.Text -> "\"" + escapeC(it.text) + "\""
                    is Part.Expr -> "str(${it.code})"
                }
            }
        }
        return "f$quote" + parts.joinToString("") {
            when (it) {
                is Part.Text -> escapeC(it.text, quote).replace("{", "{{").replace("}", "}}")
                is Part.Expr -> "{${it.code}}"
            }
        } + quote
    }

    private fun javaScript(parts: List<Part>): String = "`" + parts.joinToString("") {
        when (it) {
            is Part.Text -> it.text.replace("\\", "\\\\").replace("`", "\\`").replace("\${", "\\\${")
            is Part.Expr -> "\${${it.code}}"
        }
    } + "`"

    /**
     * The message a log expression evaluated to, from its value's presentation: debuggers show a
     * string quoted and escaped (Python's repr `'total=5'`, Java's `"total=5"`), the message is the
     * text inside. A presentation that is not a quoted string is the message as it is.
     */
    fun text(presentation: String): String {
        val p = presentation.trim()
        if (p.length < 2 || p.first() != p.last() || p.first() !in "'\"") return presentation
        val inner = p.substring(1, p.length - 1)
        return buildString {
            var i = 0
            while (i < inner.length) {
                val c = inner[i]
                if (c == '\\' && i + 1 < inner.length) {
                    when (val n = inner[i + 1]) {
                        'n' -> append('\n')
                        't' -> append('\t')
                        'r' -> append('\r')
                        else -> append(n)
                    }
                    i += 2
                } else {
                    append(c)
                    i++
                }
            }
        }
    }

    private fun escapeC(text: String, quote: Char = '"'): String = buildString {
        for (c in text) {
            when (c) {
                '\\' -> append("\\\\")
                quote -> append('\\').append(c)
                '\n' -> append("\\n")
                '\r' -> append("\\r")
                '\t' -> append("\\t")
                else -> append(c)
            }
        }
    }
}
