// The one Gson the bridge speaks, configured for the wire of protocol/README.md: snake_case
// field names, nulls written out (the spec's nullable fields are always present), enums by
// their `wire` names, and the few shapes that are not a plain data class (the sealed
// BreakpointKind/ValueTarget/HistoryChange, the flattened BreakpointInfo, fields omitted
// when null). Encoding is reflective so a property rename in ide/Model.kt is visibly a
// protocol change; decoding is hand-written and strict (Gson's reflective decoding would
// leave missing non-null Kotlin fields null), failing with a [WireFormatException] that
// names the offending field so the dispatcher can answer -32602 with it.
package dev.jetbrainsdebugger.bridge

import com.google.gson.FieldNamingPolicy
import com.google.gson.FieldNamingStrategy
import com.google.gson.Gson
import com.google.gson.GsonBuilder
import com.google.gson.JsonArray
import com.google.gson.JsonDeserializationContext
import com.google.gson.JsonDeserializer
import com.google.gson.JsonElement
import com.google.gson.JsonNull
import com.google.gson.JsonObject
import com.google.gson.JsonParseException
import com.google.gson.JsonParser
import com.google.gson.JsonPrimitive
import com.google.gson.JsonSerializationContext
import com.google.gson.JsonSerializer
import dev.jetbrainsdebugger.ide.BreakpointInfo
import dev.jetbrainsdebugger.ide.BreakpointKind
import dev.jetbrainsdebugger.ide.BreakpointSpec
import dev.jetbrainsdebugger.ide.ConfirmRequest
import dev.jetbrainsdebugger.ide.EvaluationKind
import dev.jetbrainsdebugger.ide.ExceptionInfo
import dev.jetbrainsdebugger.ide.FailedTest
import dev.jetbrainsdebugger.ide.FrameInfo
import dev.jetbrainsdebugger.ide.IdeInfo
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.LaunchOverrides
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.PauseInfo
import dev.jetbrainsdebugger.ide.ProjectInfo
import dev.jetbrainsdebugger.ide.RunConfigurationInfo
import dev.jetbrainsdebugger.ide.SessionInfo
import dev.jetbrainsdebugger.ide.StackPage
import dev.jetbrainsdebugger.ide.StepKind
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.ide.SuspendPolicy
import dev.jetbrainsdebugger.ide.ThreadInfo
import dev.jetbrainsdebugger.ide.ValueInfo
import dev.jetbrainsdebugger.ide.ValueTarget
import dev.jetbrainsdebugger.ide.VariableScope
import java.lang.reflect.Field
import java.lang.reflect.Type
import java.math.BigDecimal

/** A message or value that does not have the wire shape; [path] names the field (`spec.kind.line`). */
class WireFormatException(val path: String?, val problem: String) :
    JsonParseException(if (path == null) problem else "`$path` $problem") {
    /** The same problem seen from the enclosing object. */
    fun under(parent: String): WireFormatException =
        WireFormatException(if (path == null) parent else if (path.startsWith("[")) "$parent$path" else "$parent.$path", problem)
}

object Json {
    /** Field names: snake_case, except FrameInfo.className, which is `class` on the wire. */
    private object WireNaming : FieldNamingStrategy {
        override fun translateName(f: Field): String =
            if (f.declaringClass == FrameInfo::class.java && f.name == "className") "class"
            else FieldNamingPolicy.LOWER_CASE_WITH_UNDERSCORES.translateName(f)
    }

    /** The wire's naming, nulls and enums: the base of [plain] and [gson]. */
    private fun wireBuilder(): GsonBuilder = GsonBuilder()
        .setFieldNamingStrategy(WireNaming)
        .serializeNulls()
        .disableHtmlEscaping()
        .wireEnum(LaunchMode.values()) { it.wire }
        .wireEnum(SuspendPolicy.values()) { it.wire }
        .wireEnum(VariableScope.values()) { it.wire }
        .wireEnum(StepKind.values()) { it.wire }
        .wireEnum(EvaluationKind.values()) { it.wire }
        .wireEnum(StopReason.values()) { it.wire }
        .wireEnum(OutputCategory.values()) { it.wire }
        .wireEnum(HistoryStatus.values()) { it.name }

    /** Plain reflective encoding with the wire's naming and enums; the base of the few post-processed types. */
    private val plain: Gson = wireBuilder().create()

    val gson: Gson = wireBuilder()
        .registerTypeHierarchyAdapter(BreakpointKind::class.java, BreakpointKindAdapter)
        .registerTypeHierarchyAdapter(ValueTarget::class.java, ValueTargetAdapter)
        .registerTypeHierarchyAdapter(HistoryChange::class.java, HistoryChangeAdapter)
        .registerTypeAdapter(BreakpointInfo::class.java, BreakpointInfoAdapter)
        .registerTypeAdapter(RunConfigurationInfo::class.java, both<RunConfigurationInfo>(
            { src -> plain.toJsonTree(src).omitNull("unavailable_reason") },
            { f ->
                RunConfigurationInfo(
                    f.string("name"), f.string("type"), f.string("type_id"), f.boolean("is_temporary"),
                    f.boolean("can_run"), f.boolean("can_debug"), f.stringOrNull("folder"),
                    f.stringOrNull("description"), f.stringOrNull("unavailable_reason"),
                )
            },
        ))
        .registerTypeAdapter(ExceptionInfo::class.java, both<ExceptionInfo>(
            { src -> plain.toJsonTree(src).omitNull("uncaught") },
            { f -> ExceptionInfo(f.string("type"), f.string("message"), f.booleanOrNull("uncaught")) },
        ))
        .decoder { f -> ProjectInfo(f.string("name"), f.string("path")) }
        .decoder { f -> IdeInfo(f.string("product"), f.string("product_code"), f.string("build")) }
        .registerTypeAdapter(SessionInfo::class.java, both<SessionInfo>(
            { src -> plain.toJsonTree(src).omitNull("break_on_uncaught") },
            { f ->
                SessionInfo(
                    f.string("id"), f.string("name"), f.string("run_configuration"), f.decode("mode"),
                    f.string("project"), f.longOrNull("process_id"), f.stringOrNull("language"),
                    f.booleanOrNull("break_on_uncaught"),
                )
            },
        ))
        .decoder { f -> decodeSpec(f) }
        .decoder { f ->
            LaunchOverrides(
                if (f.has("args")) f.strings("args") else null,
                f.stringOrNull("cwd"),
                if (f.has("env")) f.stringMap("env") else emptyMap(),
            )
        }
        .decoder { f -> ThreadInfo(f.string("id"), f.string("name")) }
        .decoder { f ->
            FrameInfo(
                f.string("frame_ref"), f.stringOrNull("file"), f.intOrNull("line"), f.stringOrNull("class"),
                f.string("method"), f.boolean("is_library"),
            )
        }
        .decoder { f -> StackPage(f.list("frames"), f.int("total")) }
        .decoder { f ->
            ValueInfo(
                f.string("name"), f.string("value"), f.stringOrNull("type_name"), f.stringOrNull("children_ref"),
                f.decodeOrNull("target"), f.stringOrNull("evaluate_name"),
            )
        }
        .registerTypeAdapter(PauseInfo::class.java, both<PauseInfo>(
            // Encoded by [plain], which knows no adapters: the nested exception drops its null `uncaught` here.
            { src -> plain.toJsonTree(src).omitNull("failed_test").also { (it as JsonObject).get("exception")?.omitNull("uncaught") } },
            { f ->
                PauseInfo(
                    f.string("session"), f.stringOrNull("thread_id"), f.decode("reason"), f.strings("hit_breakpoints"),
                    f.decodeOrNull("exception"), f.stringOrNull("description"), f.decodeOrNull("failed_test"),
                )
            },
        ))
        .decoder { f -> FailedTest(f.string("name"), f.string("message"), f.int("frame")) }
        .decoder { f ->
            ConfirmRequest(
                f.string("tool"), f.string("title"), f.string("message"), f.stringOrNull("project"),
                f.stringOrNull("subject"), f.stringOrNull("session_id"),
            )
        }
        .decoder { f ->
            HistoryEntry(
                f.long("id"), f.string("timestamp"), f.string("tool"), f.element("parameters"), f.decode("status"),
                f.long("duration_ms"), f.elementOrNull("result"), f.elementOrNull("error"), f.strings("affected_files"),
            )
        }
        .decoder { f -> HistoryPage(f.list("entries"), f.int("capacity")) }
        .decoder { f -> ClientConfig(f.string("format"), f.string("text"), f.string("location"), f.stringOrNull("hint")) }
        .decoder { f ->
            CodingClient(
                f.string("id"), f.string("name"), f.stringOrNull("install_command"), f.decode("config"),
                f.stringOrNull("skill_location"),
            )
        }
        .decoder { f ->
            InstallOutcome(f.string("client"), f.boolean("ok"), f.string("command"), f.string("message"), f.string("output"))
        }
        .create()

    fun parse(text: String): JsonElement = JsonParser.parseString(text)

    fun write(element: JsonElement): String = gson.toJson(element)

    /** The wire form of any model value (data classes, lists, maps, [JsonElement]s). */
    fun tree(value: Any?): JsonElement = if (value == null) JsonNull.INSTANCE else gson.toJsonTree(value)

    /** Strict decoding; throws [WireFormatException] naming the field that is missing or mistyped. */
    fun <T> decode(json: JsonElement?, type: Class<T>): T {
        if (json == null || json.isJsonNull) throw WireFormatException(null, "must not be null")
        @Suppress("UNCHECKED_CAST")
        return gson.fromJson(json, type as Type) as T
    }

    fun <T> decodeList(json: JsonElement?, type: Class<T>): List<T> {
        if (json == null || !json.isJsonArray) throw WireFormatException(null, "must be an array")
        return json.asJsonArray.mapIndexed { i, e ->
            try {
                decode(e, type)
            } catch (x: WireFormatException) {
                throw x.under("[$i]")
            }
        }
    }

    /** A JSON object from wire-named pairs (values go through [tree]). */
    fun obj(vararg pairs: Pair<String, Any?>): JsonObject =
        JsonObject().also { o -> pairs.forEach { (k, v) -> o.add(k, tree(v)) } }

    private fun JsonElement.omitNull(name: String): JsonElement = also {
        if (it is JsonObject && it.get(name)?.isJsonNull == true) it.remove(name)
    }

    // ---- adapters ----------------------------------------------------------------------

    private inline fun <reified T> both(
        crossinline encode: (T) -> JsonElement,
        crossinline decode: (Fields) -> T,
    ): Any = object : JsonSerializer<T>, JsonDeserializer<T> {
        override fun serialize(src: T, t: Type, c: JsonSerializationContext): JsonElement = encode(src)
        override fun deserialize(json: JsonElement, t: Type, c: JsonDeserializationContext): T = decode(Fields.of(json))
    }

    /** Registers a strict decoder for T; encoding stays reflective (Gson delegates when no serializer is given). */
    private inline fun <reified T> GsonBuilder.decoder(crossinline decode: (Fields) -> T): GsonBuilder =
        registerTypeAdapter(T::class.java, JsonDeserializer<T> { json, _, _ -> decode(Fields.of(json)) })

    private fun <E : Enum<E>> GsonBuilder.wireEnum(values: Array<E>, wire: (E) -> String): GsonBuilder {
        val byWire = values.associateBy(wire)
        val expected = values.joinToString(", ") { wire(it) }
        val adapter = object : JsonSerializer<E>, JsonDeserializer<E> {
            override fun serialize(src: E, t: Type, c: JsonSerializationContext): JsonElement = JsonPrimitive(wire(src))
            override fun deserialize(json: JsonElement, t: Type, c: JsonDeserializationContext): E {
                val s = if (json.isJsonPrimitive && json.asJsonPrimitive.isString) json.asString else null
                return byWire[s] ?: throw WireFormatException(null, "must be one of $expected")
            }
        }
        return registerTypeAdapter(values.first().declaringJavaClass, adapter)
    }

    private fun decodeSpec(f: Fields) = BreakpointSpec(
        f.decode("kind"), f.boolean("enabled"), f.stringOrNull("condition"), f.stringOrNull("log_message"),
        f.decode("suspend_policy"), f.boolean("temporary"),
    )

    /** `{"type":"line","file","line"}`, `{"type":"exception","exception_class","caught","uncaught"}` `{"type":"function","name"}` or `{"type":"data","expression"}`. */
    private object BreakpointKindAdapter : JsonSerializer<BreakpointKind>, JsonDeserializer<BreakpointKind> {
        override fun serialize(src: BreakpointKind, t: Type, c: JsonSerializationContext): JsonElement = when (src) {
            is BreakpointKind.Line -> obj("type" to "line", "file" to src.file, "line" to src.line)
            is BreakpointKind.Exception -> obj(
                "type" to "exception", "exception_class" to src.exceptionClass,
                "caught" to src.caught, "uncaught" to src.uncaught,
            )
            is BreakpointKind.Function -> obj("type" to "function", "name" to src.name)
            is BreakpointKind.Data -> obj("type" to "data", "expression" to src.expression)
        }

        override fun deserialize(json: JsonElement, t: Type, c: JsonDeserializationContext): BreakpointKind {
            val f = Fields.of(json)
            return when (f.string("type")) {
                "line" -> BreakpointKind.Line(f.string("file"), f.int("line", min = 1))
                "exception" -> BreakpointKind.Exception(f.string("exception_class"), f.boolean("caught"), f.boolean("uncaught"))
                "function" -> BreakpointKind.Function(f.string("name"))
                "data" -> BreakpointKind.Data(f.string("expression"))
                else -> throw WireFormatException("type", "must be one of line, exception, function, data")
            }
        }
    }

    /** `{"slot":{"container","name"}}` or `{"expression":"..."}`. */
    private object ValueTargetAdapter : JsonSerializer<ValueTarget>, JsonDeserializer<ValueTarget> {
        override fun serialize(src: ValueTarget, t: Type, c: JsonSerializationContext): JsonElement = when (src) {
            is ValueTarget.Slot -> obj("slot" to obj("container" to src.container, "name" to src.name))
            is ValueTarget.Expression -> obj("expression" to src.expression)
        }

        override fun deserialize(json: JsonElement, t: Type, c: JsonDeserializationContext): ValueTarget {
            val f = Fields.of(json)
            return when {
                f.has("slot") -> f.nested("slot") { s -> ValueTarget.Slot(s.string("container"), s.string("name")) }
                f.has("expression") -> ValueTarget.Expression(f.string("expression"))
                else -> throw WireFormatException(null, "must be {\"slot\":{\"container\",\"name\"}} or {\"expression\":\"...\"}")
            }
        }
    }

    /** The spec's fields flattened, with id first and hit_count/verified/message after. */
    private object BreakpointInfoAdapter : JsonSerializer<BreakpointInfo>, JsonDeserializer<BreakpointInfo> {
        override fun serialize(src: BreakpointInfo, t: Type, c: JsonSerializationContext): JsonElement {
            val out = JsonObject()
            out.addProperty("id", src.id)
            for ((k, v) in c.serialize(src.spec).asJsonObject.entrySet()) out.add(k, v)
            out.addProperty("hit_count", src.hitCount)
            out.add("verified", tree(src.verified))
            out.add("message", tree(src.message))
            return out
        }

        override fun deserialize(json: JsonElement, t: Type, c: JsonDeserializationContext): BreakpointInfo {
            val f = Fields.of(json)
            return BreakpointInfo(f.string("id"), decodeSpec(f), f.long("hit_count"), f.booleanOrNull("verified"), f.stringOrNull("message"))
        }
    }

    /** `{"kind":"added"|"updated","entry"}`, `{"kind":"removed","ids"}`, `{"kind":"cleared"}`. */
    private object HistoryChangeAdapter : JsonSerializer<HistoryChange>, JsonDeserializer<HistoryChange> {
        override fun serialize(src: HistoryChange, t: Type, c: JsonSerializationContext): JsonElement = when (src) {
            is HistoryChange.Added -> obj("kind" to "added", "entry" to src.entry)
            is HistoryChange.Updated -> obj("kind" to "updated", "entry" to src.entry)
            is HistoryChange.Removed -> obj("kind" to "removed", "ids" to src.ids)
            HistoryChange.Cleared -> obj("kind" to "cleared")
        }

        override fun deserialize(json: JsonElement, t: Type, c: JsonDeserializationContext): HistoryChange {
            val f = Fields.of(json)
            return when (f.string("kind")) {
                "added" -> HistoryChange.Added(f.decode("entry"))
                "updated" -> HistoryChange.Updated(f.decode("entry"))
                "removed" -> HistoryChange.Removed(f.longs("ids"))
                "cleared" -> HistoryChange.Cleared
                else -> throw WireFormatException("kind", "must be one of added, updated, removed, cleared")
            }
        }
    }
}

/**
 * Strict access to the fields of one JSON object. Absent and `null` are the same for the
 * nullable accessors; the required ones fail with a [WireFormatException] naming the field.
 */
class Fields private constructor(val json: JsonObject) {
    companion object {
        fun of(json: JsonElement?): Fields =
            if (json != null && json.isJsonObject) Fields(json.asJsonObject)
            else throw WireFormatException(null, "must be an object")
    }

    fun has(name: String): Boolean = json.get(name)?.isJsonNull == false

    private fun raw(name: String): JsonElement? = json.get(name)?.takeUnless { it.isJsonNull }
    private fun required(name: String): JsonElement = raw(name) ?: throw WireFormatException(name, "is missing")

    private fun primitive(name: String, e: JsonElement, what: String, ok: (JsonPrimitive) -> Boolean): JsonPrimitive =
        (e as? JsonPrimitive)?.takeIf(ok) ?: throw WireFormatException(name, "must be $what")

    private fun str(name: String, e: JsonElement) = primitive(name, e, "a string") { it.isString }.asString
    private fun bool(name: String, e: JsonElement) = primitive(name, e, "a boolean") { it.isBoolean }.asBoolean
    private fun integer(name: String, e: JsonElement): BigDecimal {
        val n = primitive(name, e, "an integer") { it.isNumber }.asBigDecimal
        try {
            n.toBigIntegerExact()
        } catch (x: ArithmeticException) {
            throw WireFormatException(name, "must be an integer")
        }
        return n
    }
    private fun int(name: String, e: JsonElement, min: Int): Int {
        val n = try {
            integer(name, e).intValueExact()
        } catch (x: ArithmeticException) {
            throw WireFormatException(name, "is out of range")
        }
        if (n < min) throw WireFormatException(name, "must be at least $min")
        return n
    }
    private fun long(name: String, e: JsonElement): Long = try {
        integer(name, e).longValueExact()
    } catch (x: ArithmeticException) {
        throw WireFormatException(name, "is out of range")
    }

    fun string(name: String): String = str(name, required(name))
    fun stringOrNull(name: String): String? = raw(name)?.let { str(name, it) }
    fun boolean(name: String): Boolean = bool(name, required(name))
    fun booleanOrNull(name: String): Boolean? = raw(name)?.let { bool(name, it) }
    fun int(name: String, min: Int = Int.MIN_VALUE): Int = int(name, required(name), min)
    fun intOrNull(name: String, min: Int = Int.MIN_VALUE): Int? = raw(name)?.let { int(name, it, min) }
    fun long(name: String): Long = long(name, required(name))
    fun longOrNull(name: String): Long? = raw(name)?.let { long(name, it) }

    /** The raw value, which may be JSON null but must be present. */
    fun element(name: String): JsonElement = json.get(name) ?: throw WireFormatException(name, "is missing")
    fun elementOrNull(name: String): JsonElement? = raw(name)

    fun <T> nested(name: String, decode: (Fields) -> T): T = under(name) { decode(of(required(name))) }

    /** A model value of type T decoded with [Json.gson]'s strict decoders. */
    inline fun <reified T> decode(name: String): T = decode(name, T::class.java)
    inline fun <reified T> decodeOrNull(name: String): T? = if (has(name)) decode(name, T::class.java) else null
    fun <T> decode(name: String, type: Class<T>): T = under(name) { Json.decode(required(name), type) }

    inline fun <reified T> list(name: String): List<T> = list(name, T::class.java)
    fun <T> list(name: String, type: Class<T>): List<T> = under(name) { Json.decodeList(required(name), type) }

    fun strings(name: String): List<String> = array(name).mapIndexed { i, e -> str("$name[$i]", e) }
    fun longs(name: String): List<Long> = array(name).mapIndexed { i, e -> long("$name[$i]", e) }

    /** An object whose every value is a string (an environment). */
    fun stringMap(name: String): Map<String, String> {
        val o = required(name).takeIf { it.isJsonObject }?.asJsonObject ?: throw WireFormatException(name, "must be an object")
        return o.entrySet().associate { (k, v) -> k to str("$name.$k", v) }
    }

    private fun array(name: String): JsonArray =
        required(name).takeIf { it.isJsonArray }?.asJsonArray ?: throw WireFormatException(name, "must be an array")

    private inline fun <T> under(name: String, body: () -> T): T = try {
        body()
    } catch (x: WireFormatException) {
        throw x.under(name)
    }
}
