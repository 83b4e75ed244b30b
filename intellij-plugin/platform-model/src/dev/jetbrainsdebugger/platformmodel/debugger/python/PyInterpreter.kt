// Evaluates the parsed Python subset in a frame's namespace (locals, then globals, then the
// builtins), with CPython's semantics and error wording for what it covers: int/float
// arithmetic, string concatenation and repetition, comparisons, and/or returning an operand,
// len/round/str/int/float/sum/list/range/abs/min/max/repr/globals/locals, list/tuple/dict
// indexing, attribute reads and writes, exception classes, f-strings with format specs.
package dev.jetbrainsdebugger.platformmodel.debugger.python

/** A frame's namespaces as the evaluator sees them. [temps] are the scripted program's hidden `$` names. */
class PyNamespace(
    val locals: MutableMap<String, PyObj>,
    val globals: MutableMap<String, PyObj>,
    val temps: MutableMap<String, PyObj> = mutableMapOf(),
    /** Calls a function of the scripted program (untraced, as an evaluation runs code in pydevd). */
    val callUser: ((PyFunction, List<PyObj>) -> PyObj)? = null,
)

object PyInterpreter {
    fun eval(e: Expr, ns: PyNamespace): PyObj = when (e) {
        is Expr.Const -> e.value
        is Expr.Name -> lookup(e.id, ns)
        is Expr.Attr -> attribute(eval(e.target, ns), e.name)
        is Expr.Index -> index(eval(e.target, ns), eval(e.index, ns))
        is Expr.Call -> call(eval(e.fn, ns), e.args.map { eval(it, ns) }, ns)
        is Expr.Binary -> binary(e.op, eval(e.left, ns), eval(e.right, ns))
        is Expr.Unary -> unary(e.op, eval(e.operand, ns))
        is Expr.Compare -> compare(e, ns)
        is Expr.BoolOp -> {
            val left = eval(e.left, ns)
            if ((e.op == "and") != left.truthy()) left else eval(e.right, ns)
        }
        is Expr.ListOf -> PyList(e.items.mapTo(mutableListOf()) { eval(it, ns) })
        is Expr.TupleOf -> PyTuple(e.items.map { eval(it, ns) })
        is Expr.FString -> PyStr(e.parts.joinToString("") { part ->
            if (part is Expr.Format) format(eval(part.value, ns), part.conversion, part.spec) else part as String
        })
    }

    /** Runs [statements]; the value of a last expression statement, else None. */
    fun exec(statements: List<Stmt>, ns: PyNamespace): PyObj {
        var last: PyObj = PyNone
        for (s in statements) {
            last = PyNone
            when (s) {
                is Stmt.Assign -> assign(s.target, eval(s.value, ns), ns)
                is Stmt.AugAssign -> assign(s.target, binary(s.op, eval(s.target, ns), eval(s.value, ns)), ns)
                is Stmt.Eval -> last = eval(s.expr, ns)
            }
        }
        return last
    }

    fun assign(target: Expr, value: PyObj, ns: PyNamespace) {
        when (target) {
            is Expr.Name -> if (target.id.startsWith("$")) ns.temps[target.id] = value else ns.locals[target.id] = value
            is Expr.Attr -> when (val owner = eval(target.target, ns)) {
                is PyInstance -> owner.attrs[target.name] = value
                else -> throw PyException("AttributeError", "'${owner.typeName}' object has no attribute '${target.name}'")
            }
            is Expr.Index -> {
                val owner = eval(target.target, ns)
                val key = eval(target.index, ns)
                when {
                    owner is PyList && key is PyInt -> owner.items[listIndex(owner.items.size, key)] = value
                    owner is PyDict && key is PyStr -> owner.entries[key.value] = value
                    else -> throw PyException("TypeError", "'${owner.typeName}' object does not support item assignment")
                }
            }
            else -> throw PyException("SyntaxError", "cannot assign to expression")
        }
    }

    private fun lookup(id: String, ns: PyNamespace): PyObj =
        if (id.startsWith("$")) ns.temps[id] ?: error("the scripted program reads $id before setting it")
        else ns.locals[id] ?: ns.globals[id] ?: builtins[id] ?: throw PyException("NameError", "name '$id' is not defined")

    private fun attribute(owner: PyObj, name: String): PyObj = when {
        owner is PyInstance && name in owner.attrs -> owner.attrs.getValue(name)
        owner is PyInstance && name == "__class__" -> owner.cls
        owner is PyList && name == "append" -> PyBuiltin("append") { args -> owner.items += args.single(); PyNone }
        owner is PyStr && name == "upper" -> PyBuiltin("upper") { PyStr(owner.value.uppercase()) }
        owner is PyClass && name == "__name__" -> PyStr(owner.name)
        else -> {
            val what = if (owner is PyClass) "type object '${owner.name}'" else "'${owner.typeName}' object"
            throw PyException("AttributeError", "$what has no attribute '$name'")
        }
    }

    private fun index(owner: PyObj, key: PyObj): PyObj = when {
        owner is PyList && key is PyInt -> owner.items[listIndex(owner.items.size, key, "list")]
        owner is PyTuple && key is PyInt -> owner.items[listIndex(owner.items.size, key, "tuple")]
        owner is PyStr && key is PyInt -> PyStr(owner.value[listIndex(owner.value.length, key, "string")].toString())
        owner is PyDict -> owner.entries[(key as? PyStr)?.value] ?: throw PyException("KeyError", key.repr())
        owner is PyList || owner is PyTuple -> throw PyException("TypeError", "${owner.typeName} indices must be integers or slices, not ${key.typeName}")
        else -> throw PyException("TypeError", "'${owner.typeName}' object is not subscriptable")
    }

    private fun listIndex(size: Int, key: PyInt, what: String = "list"): Int {
        val i = if (key.value < 0) key.value + size else key.value
        if (i < 0 || i >= size) throw PyException("IndexError", "$what index out of range")
        return i.toInt()
    }

    fun call(fn: PyObj, args: List<PyObj>, ns: PyNamespace): PyObj = when (fn) {
        is PyBuiltin -> fn.call(args)
        is PyClass -> if (fn.isException) PyInstance(fn, linkedMapOf("args" to PyTuple(args)))
            else throw PyException("TypeError", "the model cannot construct ${fn.name} in an evaluation")
        is PyFunction -> ns.callUser?.invoke(fn, args) ?: throw PyException("TypeError", "'function' object is not callable here")
        GlobalsMarker -> PyDict(ns.globals)
        else -> throw PyException("TypeError", "'${fn.typeName}' object is not callable")
    }

    private fun num(o: PyObj): Double? = when (o) {
        is PyInt -> o.value.toDouble()
        is PyFloat -> o.value
        is PyBool -> if (o.value) 1.0 else 0.0
        else -> null
    }

    private fun int(o: PyObj): Long? = when (o) {
        is PyInt -> o.value
        is PyBool -> if (o.value) 1 else 0
        else -> null
    }

    fun binary(op: String, a: PyObj, b: PyObj): PyObj {
        val ia = int(a)
        val ib = int(b)
        if (ia != null && ib != null) {
            return when (op) {
                "+" -> PyInt(ia + ib)
                "-" -> PyInt(ia - ib)
                "*" -> PyInt(ia * ib)
                "/" -> if (ib == 0L) throw PyException("ZeroDivisionError", "division by zero") else PyFloat(ia.toDouble() / ib)
                "//" -> if (ib == 0L) throw PyException("ZeroDivisionError", "integer division or modulo by zero") else PyInt(Math.floorDiv(ia, ib))
                "%" -> if (ib == 0L) throw PyException("ZeroDivisionError", "integer modulo by zero") else PyInt(Math.floorMod(ia, ib))
                "**" -> if (ib >= 0) PyInt(Math.pow(ia.toDouble(), ib.toDouble()).toLong()) else PyFloat(Math.pow(ia.toDouble(), ib.toDouble()))
                else -> unsupported(op, a, b)
            }
        }
        val da = num(a)
        val db = num(b)
        if (da != null && db != null) {
            return when (op) {
                "+" -> PyFloat(da + db)
                "-" -> PyFloat(da - db)
                "*" -> PyFloat(da * db)
                "/" -> if (db == 0.0) throw PyException("ZeroDivisionError", "float division by zero") else PyFloat(da / db)
                "//" -> if (db == 0.0) throw PyException("ZeroDivisionError", "float floor division by zero") else PyFloat(Math.floor(da / db))
                "%" -> if (db == 0.0) throw PyException("ZeroDivisionError", "float modulo") else PyFloat(da - db * Math.floor(da / db))
                "**" -> PyFloat(Math.pow(da, db))
                else -> unsupported(op, a, b)
            }
        }
        return when {
            op == "+" && a is PyStr && b is PyStr -> PyStr(a.value + b.value)
            op == "+" && a is PyList && b is PyList -> PyList((a.items + b.items).toMutableList())
            op == "*" && a is PyStr && ib != null -> PyStr(a.value.repeat(maxOf(ib, 0).toInt()))
            op == "%" && a is PyStr -> PyStr(a.value.replaceFirst(Regex("%[sdr]"), Regex.escapeReplacement(b.str())))
            op == "+" && a is PyStr -> throw PyException("TypeError", "can only concatenate str (not \"${b.typeName}\") to str")
            else -> unsupported(op, a, b)
        }
    }

    private fun unsupported(op: String, a: PyObj, b: PyObj): Nothing =
        throw PyException("TypeError", "unsupported operand type(s) for $op: '${a.typeName}' and '${b.typeName}'")

    private fun unary(op: String, v: PyObj): PyObj = when (op) {
        "not" -> PyBool(!v.truthy())
        "-" -> when (v) {
            is PyInt -> PyInt(-v.value)
            is PyFloat -> PyFloat(-v.value)
            is PyBool -> PyInt(if (v.value) -1 else 0)
            else -> throw PyException("TypeError", "bad operand type for unary -: '${v.typeName}'")
        }
        else -> if (num(v) != null) v else throw PyException("TypeError", "bad operand type for unary +: '${v.typeName}'")
    }

    private fun compare(e: Expr.Compare, ns: PyNamespace): PyObj {
        var left = eval(e.operands[0], ns)
        for ((i, op) in e.ops.withIndex()) {
            val right = eval(e.operands[i + 1], ns)
            if (!compareOne(op, left, right)) return PyBool(false)
            left = right
        }
        return PyBool(true)
    }

    private fun compareOne(op: String, a: PyObj, b: PyObj): Boolean {
        when (op) {
            "==" -> return equal(a, b)
            "!=" -> return !equal(a, b)
            "is" -> return a === b || (a == b && (a is PyNone || a is PyBool))
            "is not" -> return !compareOne("is", a, b)
            "in", "not in" -> {
                val found = when (b) {
                    is PyList -> b.items.any { equal(a, it) }
                    is PyTuple -> b.items.any { equal(a, it) }
                    is PyStr -> a is PyStr && b.value.contains(a.value)
                    is PyDict -> a is PyStr && a.value in b.entries
                    else -> throw PyException("TypeError", "argument of type '${b.typeName}' is not iterable")
                }
                return found == (op == "in")
            }
        }
        val c = order(a, b) ?: throw PyException("TypeError", "'$op' not supported between instances of '${a.typeName}' and '${b.typeName}'")
        return when (op) { "<" -> c < 0; ">" -> c > 0; "<=" -> c <= 0; else -> c >= 0 }
    }

    private fun equal(a: PyObj, b: PyObj): Boolean {
        val da = num(a)
        val db = num(b)
        if (da != null && db != null) return da == db
        return when {
            a is PyList && b is PyList -> a.items.size == b.items.size && a.items.indices.all { equal(a.items[it], b.items[it]) }
            a is PyTuple && b is PyTuple -> a.items.size == b.items.size && a.items.indices.all { equal(a.items[it], b.items[it]) }
            a is PyStr && b is PyStr -> a.value == b.value
            else -> a === b || (a is PyNone && b is PyNone)
        }
    }

    private fun order(a: PyObj, b: PyObj): Int? {
        val da = num(a)
        val db = num(b)
        if (da != null && db != null) return da.compareTo(db)
        if (a is PyStr && b is PyStr) return a.value.compareTo(b.value)
        return null
    }

    /** format(value, spec) for the specs programs use (".2f", "d", "", widths), after a !r/!s conversion. */
    fun format(v: PyObj, conversion: Char?, spec: String): String {
        val converted: PyObj = when (conversion) {
            'r' -> PyStr(v.repr())
            's' -> PyStr(v.str())
            null -> v
            else -> throw PyException("SyntaxError", "f-string: invalid conversion character '$conversion': expected 's', 'r', or 'a'")
        }
        if (spec.isEmpty()) return converted.str()
        val m = Regex("""^([<>^]?)(\d*)(?:\.(\d+))?([fdes%]?)$""").matchEntire(spec)
            ?: throw PyException("ValueError", "Invalid format specifier '$spec' for object of type '${converted.typeName}'")
        val (align, width, precision, type) = m.destructured
        val body = when (type) {
            "f", "%" -> {
                val d = num(converted) ?: throw PyException("ValueError", "Unknown format code '$type' for object of type '${converted.typeName}'")
                val scaled = if (type == "%") d * 100 else d
                String.format(java.util.Locale.ROOT, "%.${precision.ifEmpty { "6" }}f", scaled) + if (type == "%") "%" else ""
            }
            "d" -> (converted as? PyInt)?.value?.toString() ?: throw PyException("ValueError", "Unknown format code 'd' for object of type '${converted.typeName}'")
            else -> converted.str()
        }
        val w = width.toIntOrNull() ?: return body
        val numeric = num(converted) != null
        return when (align.ifEmpty { if (numeric) ">" else "<" }) {
            ">" -> body.padStart(w)
            "^" -> body.padStart((w + body.length) / 2).padEnd(w)
            else -> body.padEnd(w)
        }
    }

    private fun iterate(o: PyObj): List<PyObj> = when (o) {
        is PyList -> o.items.toList()
        is PyTuple -> o.items
        is PyStr -> o.value.map { PyStr(it.toString()) }
        is PyDict -> o.entries.keys.map { PyStr(it) }
        else -> throw PyException("TypeError", "'${o.typeName}' object is not iterable")
    }

    private fun one(name: String, args: List<PyObj>): PyObj =
        args.singleOrNull() ?: throw PyException("TypeError", "$name() takes exactly one argument (${args.size} given)")

    val exceptionClasses: Map<String, PyClass> = listOf("BaseException", "Exception", "ValueError", "TypeError", "NameError", "KeyError", "IndexError", "ZeroDivisionError", "AttributeError", "RuntimeError", "AssertionError")
        .associateWith { PyClass(it, "builtins", base = if (it == "BaseException") null else "Exception") }

    private val builtins: Map<String, PyObj> = mapOf(
        "len" to PyBuiltin("len") { args ->
            when (val o = one("len", args)) {
                is PyList -> PyInt(o.items.size.toLong())
                is PyTuple -> PyInt(o.items.size.toLong())
                is PyStr -> PyInt(o.value.length.toLong())
                is PyDict -> PyInt(o.entries.size.toLong())
                else -> throw PyException("TypeError", "object of type '${o.typeName}' has no len()")
            }
        },
        "round" to PyBuiltin("round") { args ->
            val d = num(args.first()) ?: throw PyException("TypeError", "type ${args.first().typeName} doesn't define __round__ method")
            val digits = args.getOrNull(1)?.let { int(it) }
            if (digits == null) PyInt(Math.rint(d).toLong())
            else PyFloat(java.math.BigDecimal(d).setScale(digits.toInt(), java.math.RoundingMode.HALF_EVEN).toDouble())
        },
        "str" to PyBuiltin("str") { args -> PyStr(args.firstOrNull()?.str() ?: "") },
        "repr" to PyBuiltin("repr") { args -> PyStr(one("repr", args).repr()) },
        "int" to PyBuiltin("int") { args ->
            when (val o = args.firstOrNull() ?: PyInt(0)) {
                is PyInt -> o
                is PyFloat -> PyInt(o.value.toLong())
                is PyBool -> PyInt(if (o.value) 1 else 0)
                is PyStr -> PyInt(o.value.trim().toLongOrNull() ?: throw PyException("ValueError", "invalid literal for int() with base 10: ${o.repr()}"))
                else -> throw PyException("TypeError", "int() argument must be a string, a bytes-like object or a real number, not '${o.typeName}'")
            }
        },
        "float" to PyBuiltin("float") { args ->
            val o = args.firstOrNull() ?: PyFloat(0.0)
            PyFloat(num(o) ?: (o as? PyStr)?.value?.trim()?.toDoubleOrNull() ?: throw PyException("ValueError", "could not convert string to float: ${o.repr()}"))
        },
        "sum" to PyBuiltin("sum") { args -> iterate(one("sum", args)).fold(PyInt(0) as PyObj) { acc, x -> binary("+", acc, x) } },
        "list" to PyBuiltin("list") { args -> PyList(args.firstOrNull()?.let { iterate(it).toMutableList() } ?: mutableListOf()) },
        "range" to PyBuiltin("range") { args ->
            val bounds = args.map { int(it) ?: throw PyException("TypeError", "'${it.typeName}' object cannot be interpreted as an integer") }
            val (from, to) = if (bounds.size == 1) 0L to bounds[0] else bounds[0] to bounds[1]
            PyList((from until to).mapTo(mutableListOf()) { PyInt(it) })
        },
        "abs" to PyBuiltin("abs") { args -> one("abs", args).let { if ((num(it) ?: 0.0) < 0) unary("-", it) else it } },
        "min" to PyBuiltin("min") { args -> (if (args.size == 1) iterate(args[0]) else args).minWithOrNull { a, b -> order(a, b) ?: 0 } ?: throw PyException("ValueError", "min() arg is an empty sequence") },
        "max" to PyBuiltin("max") { args -> (if (args.size == 1) iterate(args[0]) else args).maxWithOrNull { a, b -> order(a, b) ?: 0 } ?: throw PyException("ValueError", "max() arg is an empty sequence") },
        "globals" to GlobalsMarker,
    ) + exceptionClasses

    /** `globals()` needs the caller's namespace, which a builtin does not get: [call] answers it. */
    private object GlobalsMarker : PyObj() {
        override val typeName = "builtin_function_or_method"
        override fun repr() = "<built-in function globals>"
    }
}
