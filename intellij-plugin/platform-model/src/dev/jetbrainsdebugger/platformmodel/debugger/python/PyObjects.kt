// The Python objects of the scripted debuggee: the few types calculator.py and the other
// scripted programs use, with CPython's repr/str, truthiness and type names, so that what the
// debugger shows (PyDebugValue's type and value) reads as it does against a real CPython.
package dev.jetbrainsdebugger.platformmodel.debugger.python

import java.math.BigDecimal

/** A Python object. Mutable containers ([PyList], [PyInstance]) are shared by reference, as in CPython. */
sealed class PyObj {
    abstract val typeName: String
    abstract fun repr(): String
    open fun str(): String = repr()
    open fun truthy(): Boolean = true
    /** Attributes and items the debugger lists as children (PyDebugValue's "container" values). */
    open fun children(): List<Pair<String, PyObj>> = emptyList()
    val isContainer: Boolean get() = children().isNotEmpty()
}

object PyNone : PyObj() {
    override val typeName = "NoneType"
    override fun repr() = "None"
    override fun truthy() = false
}

data class PyBool(val value: Boolean) : PyObj() {
    override val typeName = "bool"
    override fun repr() = if (value) "True" else "False"
    override fun truthy() = value
}

data class PyInt(val value: Long) : PyObj() {
    override val typeName = "int"
    override fun repr() = value.toString()
    override fun truthy() = value != 0L
}

data class PyFloat(val value: Double) : PyObj() {
    override val typeName = "float"
    override fun repr(): String = when {
        value.isNaN() -> "nan"
        value.isInfinite() -> if (value > 0) "inf" else "-inf"
        value == Math.rint(value) && Math.abs(value) < 1e16 -> BigDecimal(value).toPlainString() + ".0"
        else -> value.toString().replace("E", "e")
    }
    override fun truthy() = value != 0.0
}

data class PyStr(val value: String) : PyObj() {
    override val typeName = "str"
    override fun repr(): String {
        val quote = if ('\'' in value && '"' !in value) '"' else '\''
        val body = buildString {
            for (c in value) when (c) {
                '\\' -> append("\\\\")
                '\n' -> append("\\n")
                '\t' -> append("\\t")
                '\r' -> append("\\r")
                quote -> append('\\').append(c)
                else -> append(c)
            }
        }
        return "$quote$body$quote"
    }
    override fun str() = value
    override fun truthy() = value.isNotEmpty()
}

class PyList(val items: MutableList<PyObj>) : PyObj() {
    override val typeName = "list"
    override fun repr() = items.joinToString(", ", "[", "]") { it.repr() }
    override fun truthy() = items.isNotEmpty()
    override fun children() = items.mapIndexed { i, v -> i.toString() to v } + ("__len__" to PyInt(items.size.toLong()))
}

class PyTuple(val items: List<PyObj>) : PyObj() {
    override val typeName = "tuple"
    override fun repr() = if (items.size == 1) "(${items[0].repr()},)" else items.joinToString(", ", "(", ")") { it.repr() }
    override fun truthy() = items.isNotEmpty()
    override fun children() = items.mapIndexed { i, v -> i.toString() to v } + ("__len__" to PyInt(items.size.toLong()))
}

/** A dict with string keys (module globals, `globals()`), in insertion order. */
class PyDict(val entries: MutableMap<String, PyObj>) : PyObj() {
    override val typeName = "dict"
    override fun repr() = entries.entries.joinToString(", ", "{", "}") { (k, v) -> "${PyStr(k).repr()}: ${if (v === this) "{...}" else v.repr()}" }
    override fun truthy() = entries.isNotEmpty()
    override fun children() = entries.map { (k, v) -> PyStr(k).repr() to v } + ("__len__" to PyInt(entries.size.toLong()))
}

/** A class: its [module], and how an instance reprs (a user `__repr__`, else object's default). */
class PyClass(val name: String, val module: String, val reprOf: ((PyInstance) -> String)? = null, val base: String? = null) : PyObj() {
    override val typeName = "type"
    override fun repr() = if (module == "builtins") "<class '$name'>" else "<class '$module.$name'>"
    val isException: Boolean get() = base == "Exception" || name.endsWith("Error") || name == "BaseException"
}

class PyInstance(val cls: PyClass, val attrs: MutableMap<String, PyObj> = linkedMapOf()) : PyObj() {
    override val typeName: String get() = cls.name
    override fun repr(): String = cls.reprOf?.invoke(this)
        ?: if (cls.isException) "${cls.name}(${args().joinToString(", ") { it.repr() }})" else "<${cls.module}.${cls.name} object at ${address(this)}>"
    override fun str(): String = if (cls.isException) args().singleOrNull()?.str() ?: args().joinToString(", ") { it.repr() } else repr()
    override fun children() = attrs.toList()
    fun args(): List<PyObj> = (attrs["args"] as? PyTuple)?.items ?: emptyList()
}

class PyFunction(val name: String, val module: String) : PyObj() {
    override val typeName = "function"
    override fun repr() = "<function $name at ${address(this)}>"
}

/** A builtin function of the evaluator (len, round, str, ...). */
class PyBuiltin(val name: String, val call: (List<PyObj>) -> PyObj) : PyObj() {
    override val typeName = "builtin_function_or_method"
    override fun repr() = "<built-in function $name>"
}

class PyModule(val name: String) : PyObj() {
    override val typeName = "module"
    override fun repr() = "<module '$name' (built-in)>"
}

class PyTraceback : PyObj() {
    override val typeName = "traceback"
    override fun repr() = "<traceback object at ${address(this)}>"
}

/** An object's address as CPython prints it (stable for the object's life). */
internal fun address(o: Any): String = "0x7f" + "%010x".format(System.identityHashCode(o).toLong() * 16)

/** A Python exception raised while evaluating: [type] and [message] as CPython words them. */
class PyException(val type: String, override val message: String) : RuntimeException("$type: $message")
