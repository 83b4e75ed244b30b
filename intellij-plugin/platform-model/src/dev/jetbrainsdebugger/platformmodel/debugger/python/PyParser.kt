// A parser for the small Python subset the model evaluates: what a user types into Evaluate
// or a breakpoint condition (names, attributes, calls, indexing, literals, f-strings, + - * / // %,
// comparisons, and/or/not) and code fragments of assignments and expressions. Errors are
// SyntaxError as CPython names them. `$name` is a hidden temporary, accepted only in the
// scripted programs' own code (see ScriptedProgram), never in what a user types.
package dev.jetbrainsdebugger.platformmodel.debugger.python

sealed class Expr {
    data class Const(val value: PyObj) : Expr()
    data class Name(val id: String) : Expr()
    data class Attr(val target: Expr, val name: String) : Expr()
    data class Index(val target: Expr, val index: Expr) : Expr()
    data class Call(val fn: Expr, val args: List<Expr>) : Expr()
    data class Binary(val op: String, val left: Expr, val right: Expr) : Expr()
    data class Unary(val op: String, val operand: Expr) : Expr()
    data class Compare(val ops: List<String>, val operands: List<Expr>) : Expr()
    data class BoolOp(val op: String, val left: Expr, val right: Expr) : Expr()
    data class ListOf(val items: List<Expr>) : Expr()
    data class TupleOf(val items: List<Expr>) : Expr()
    /** An f-string: literal text and `{expr!conv:spec}` parts. */
    data class FString(val parts: List<Any>) : Expr()
    data class Format(val value: Expr, val conversion: Char?, val spec: String)
}

sealed class Stmt {
    data class Assign(val target: Expr, val value: Expr) : Stmt()
    data class AugAssign(val target: Expr, val op: String, val value: Expr) : Stmt()
    data class Eval(val expr: Expr) : Stmt()
}

class PyParser private constructor(private val src: String, private val hidden: Boolean) {
    private val tokens = tokenize()
    private var pos = 0

    private data class Tok(val kind: Char, val text: String) // n(ame) d(igit) s(tring) f(string) o(perator) ;(newline) e(nd)

    companion object {
        fun expression(text: String, hidden: Boolean = false): Expr = PyParser(text, hidden).run {
            val e = tupleOrExpr()
            expect('e')
            e
        }

        /** Statements separated by newlines or ';'. */
        fun statements(text: String, hidden: Boolean = false): List<Stmt> = PyParser(text, hidden).run {
            val out = mutableListOf<Stmt>()
            while (peek().kind != 'e') {
                if (peek().kind == ';') { pos++; continue }
                out += statement()
                if (peek().kind != 'e') expect(';')
            }
            out
        }

        /** Whether [text] is one expression (PyDebugSupportUtils.isExpression: else it is executed as statements). */
        fun isExpression(text: String): Boolean = runCatching { expression(text) }.isSuccess
    }

    private fun syntax(): Nothing = throw PyException("SyntaxError", "invalid syntax")

    private fun tokenize(): List<Tok> {
        val out = mutableListOf<Tok>()
        var i = 0
        val ops = listOf("**", "//", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "+", "-", "*", "/", "%", "<", ">", "=", "(", ")", "[", "]", ",", ".", ":")
        while (i < src.length) {
            val c = src[i]
            when {
                c == '\n' || c == ';' -> { out += Tok(';', ";"); i++ }
                c.isWhitespace() -> i++
                c == '#' -> while (i < src.length && src[i] != '\n') i++
                c.isDigit() || (c == '.' && i + 1 < src.length && src[i + 1].isDigit()) -> {
                    val start = i
                    while (i < src.length && (src[i].isDigit() || src[i] == '.' || src[i] == '_' || src[i] in "eE" ||
                            (src[i] in "+-" && src[i - 1] in "eE"))) i++
                    out += Tok('d', src.substring(start, i).replace("_", ""))
                }
                (c == 'f' || c == 'F') && i + 1 < src.length && src[i + 1] in "'\"" -> {
                    val (text, end) = stringAt(i + 1)
                    out += Tok('f', text); i = end
                }
                c in "'\"" -> { val (text, end) = stringAt(i); out += Tok('s', text); i = end }
                c.isLetter() || c == '_' || (c == '$' && hidden) -> {
                    val start = i
                    i++
                    while (i < src.length && (src[i].isLetterOrDigit() || src[i] == '_')) i++
                    out += Tok('n', src.substring(start, i))
                }
                else -> {
                    val op = ops.firstOrNull { src.startsWith(it, i) } ?: syntax()
                    out += Tok('o', op); i += op.length
                }
            }
        }
        out += Tok('e', "")
        return out
    }

    /** A quoted string starting at [start] (its quote): the unescaped text and the index after it. */
    private fun stringAt(start: Int): Pair<String, Int> {
        val quote = src[start]
        val out = StringBuilder()
        var i = start + 1
        while (i < src.length && src[i] != quote) {
            if (src[i] == '\\' && i + 1 < src.length) {
                out.append(when (val e = src[i + 1]) { 'n' -> '\n'; 't' -> '\t'; 'r' -> '\r'; else -> e })
                i += 2
            } else {
                out.append(src[i]); i++
            }
        }
        if (i >= src.length) throw PyException("SyntaxError", "unterminated string literal (detected at line 1)")
        return out.toString() to i + 1
    }

    private fun peek() = tokens[pos]
    private fun next() = tokens[pos++]
    private fun at(op: String) = peek().kind == 'o' && peek().text == op
    private fun atName(word: String) = peek().kind == 'n' && peek().text == word
    private fun accept(op: String): Boolean = at(op).also { if (it) pos++ }
    private fun expect(kind: Char) { if (next().kind != kind) syntax() }
    private fun expectOp(op: String) { if (!accept(op)) syntax() }

    private fun statement(): Stmt {
        val first = tupleOrExpr()
        if (accept("=")) {
            if (first !is Expr.Name && first !is Expr.Attr && first !is Expr.Index) {
                throw PyException("SyntaxError", "cannot assign to expression here. Maybe you meant '==' instead of '='?")
            }
            return Stmt.Assign(first, tupleOrExpr())
        }
        for (op in listOf("+=", "-=", "*=", "/=")) if (accept(op)) return Stmt.AugAssign(first, op.dropLast(1), tupleOrExpr())
        return Stmt.Eval(first)
    }

    private fun tupleOrExpr(): Expr {
        val first = expr()
        if (!at(",")) return first
        val items = mutableListOf(first)
        while (accept(",")) {
            if (peek().kind == 'e' || peek().kind == ';' || at("=")) break
            items += expr()
        }
        return Expr.TupleOf(items)
    }

    private fun expr(): Expr = or()

    private fun or(): Expr {
        var left = and()
        while (atName("or")) { pos++; left = Expr.BoolOp("or", left, and()) }
        return left
    }

    private fun and(): Expr {
        var left = not()
        while (atName("and")) { pos++; left = Expr.BoolOp("and", left, not()) }
        return left
    }

    private fun not(): Expr = if (atName("not")) { pos++; Expr.Unary("not", not()) } else comparison()

    private fun comparison(): Expr {
        val first = additive()
        val ops = mutableListOf<String>()
        val operands = mutableListOf(first)
        while (true) {
            val op = when {
                peek().kind == 'o' && peek().text in setOf("<", ">", "==", "!=", "<=", ">=") -> next().text
                atName("in") -> { pos++; "in" }
                atName("not") && tokens[pos + 1].text == "in" -> { pos += 2; "not in" }
                atName("is") -> { pos++; if (atName("not")) { pos++; "is not" } else "is" }
                else -> break
            }
            ops += op
            operands += additive()
        }
        return if (ops.isEmpty()) first else Expr.Compare(ops, operands)
    }

    private fun additive(): Expr {
        var left = term()
        while (at("+") || at("-")) left = Expr.Binary(next().text, left, term())
        return left
    }

    private fun term(): Expr {
        var left = unary()
        while (at("*") || at("/") || at("//") || at("%")) left = Expr.Binary(next().text, left, unary())
        return left
    }

    private fun unary(): Expr = when {
        at("-") || at("+") -> Expr.Unary(next().text, unary())
        else -> power()
    }

    private fun power(): Expr {
        val base = postfix()
        return if (accept("**")) Expr.Binary("**", base, unary()) else base
    }

    private fun postfix(): Expr {
        var e = atom()
        while (true) {
            e = when {
                accept(".") -> Expr.Attr(e, next().also { if (it.kind != 'n') syntax() }.text)
                accept("[") -> Expr.Index(e, tupleOrExpr()).also { expectOp("]") }
                accept("(") -> {
                    val args = mutableListOf<Expr>()
                    while (!at(")")) {
                        args += expr()
                        if (!accept(",")) break
                    }
                    expectOp(")")
                    Expr.Call(e, args)
                }
                else -> return e
            }
        }
    }

    private fun atom(): Expr {
        val t = next()
        return when (t.kind) {
            'd' -> Expr.Const(number(t.text))
            's' -> {
                val sb = StringBuilder(t.text)
                while (peek().kind == 's') sb.append(next().text)
                Expr.Const(PyStr(sb.toString()))
            }
            'f' -> fString(t.text)
            'n' -> when (t.text) {
                "None" -> Expr.Const(PyNone)
                "True" -> Expr.Const(PyBool(true))
                "False" -> Expr.Const(PyBool(false))
                "and", "or", "not", "in", "is", "if", "else", "lambda", "def", "class", "return", "import", "for", "while" -> syntax()
                else -> Expr.Name(t.text)
            }
            'o' -> when (t.text) {
                "(" -> if (accept(")")) Expr.TupleOf(emptyList()) else tupleOrExpr().also { expectOp(")") }
                "[" -> {
                    val items = mutableListOf<Expr>()
                    while (!at("]")) {
                        items += expr()
                        if (!accept(",")) break
                    }
                    expectOp("]")
                    Expr.ListOf(items)
                }
                else -> syntax()
            }
            else -> if (t.kind == 'e') throw PyException("SyntaxError", "invalid syntax") else syntax()
        }
    }

    private fun number(text: String): PyObj =
        if (text.any { it in ".eE" }) PyFloat(text.toDoubleOrNull() ?: syntax())
        else PyInt(text.toLongOrNull() ?: throw PyException("SyntaxError", "invalid decimal literal"))

    private fun fString(text: String): Expr {
        val parts = mutableListOf<Any>()
        val literal = StringBuilder()
        var i = 0
        while (i < text.length) {
            val c = text[i]
            when {
                c == '{' && text.startsWith("{{", i) -> { literal.append('{'); i += 2 }
                c == '}' && text.startsWith("}}", i) -> { literal.append('}'); i += 2 }
                c == '{' -> {
                    var depth = 1
                    var j = i + 1
                    while (j < text.length && depth > 0) { if (text[j] == '{') depth++ else if (text[j] == '}') depth--; j++ }
                    if (depth != 0) throw PyException("SyntaxError", "f-string: expecting '}'")
                    var inner = text.substring(i + 1, j - 1)
                    var spec = ""
                    var conversion: Char? = null
                    val colon = topLevelColon(inner)
                    if (colon >= 0) { spec = inner.substring(colon + 1); inner = inner.substring(0, colon) }
                    if (inner.length >= 2 && inner[inner.length - 2] == '!') { conversion = inner.last(); inner = inner.dropLast(2) }
                    if (inner.isBlank()) throw PyException("SyntaxError", "f-string: valid expression required before '}'")
                    if (literal.isNotEmpty()) { parts += literal.toString(); literal.setLength(0) }
                    parts += Expr.Format(expression(inner, hidden), conversion, spec)
                    i = j
                }
                c == '}' -> throw PyException("SyntaxError", "f-string: single '}' is not allowed")
                else -> { literal.append(c); i++ }
            }
        }
        if (literal.isNotEmpty()) parts += literal.toString()
        return Expr.FString(parts)
    }

    private fun topLevelColon(s: String): Int {
        var depth = 0
        for ((i, c) in s.withIndex()) {
            when (c) {
                '(', '[', '{' -> depth++
                ')', ']', '}' -> depth--
                ':' -> if (depth == 0) return i
            }
        }
        return -1
    }
}
