// The platform's unload check, as the model can make it. The IDE asks the JVM whether the
// unloaded plugin's class loader is collected within 5 s (DynamicPlugins: unloadClassLoader with
// `ide.plugins.unload.timeout`; on failure "not unload-safe because class loader cannot be
// unloaded", and `ide.plugins.snapshot.on.unload.fail` writes a heap snapshot to find why). The
// plugin shares the test's class loader here, so the model walks the heap itself: every object
// reachable through fields from the roots it is given (the platform, the Disposer's tree, the
// JDK's shared delayed-executor timer, every live thread), and reports each of the plugin's own
// objects it meets with the path that holds it, as a look at that snapshot would. Weak and soft
// references do not hold (a GC clears them); class objects and class loaders are not followed
// (the platform keeps its descriptor's loader, and on the test class path the plugin's classes
// are everyone's).
package dev.jetbrainsdebugger.platformmodel.core

import java.lang.reflect.Field
import java.lang.reflect.Modifier
import java.util.IdentityHashMap

class PluginLeaks(private val owned: (Class<*>) -> Boolean, private val limit: Int = 3_000_000) {
    private val fieldsOf = HashMap<Class<*>, List<Field>>()

    /** Each plugin object reachable from [roots], as "root → Class.field → ... → the object" (at most [MAX_REPORTED]). */
    fun find(roots: List<Pair<String, Any?>>): List<String> {
        val via = IdentityHashMap<Any, Pair<Any?, String>>() // object → (who holds it, through what)
        val queue = ArrayDeque<Any>()
        val found = ArrayList<String>()
        for ((name, root) in roots) {
            if (root == null || via.containsKey(root)) continue
            via[root] = null to name
            queue.add(root)
        }
        while (queue.isNotEmpty() && via.size < limit && found.size < MAX_REPORTED) {
            val obj = queue.removeFirst()
            if (owned(obj.javaClass)) {
                found += path(obj, via)
                continue // what the plugin's own object holds is the plugin's business
            }
            for ((label, next) in references(obj)) {
                if (next == null || skipped(next) || via.containsKey(next)) continue
                via[next] = obj to label
                queue.add(next)
            }
        }
        check(via.size < limit) { "the heap walk stopped at $limit objects: raise the limit" }
        return found
    }

    private fun path(obj: Any, via: IdentityHashMap<Any, Pair<Any?, String>>): String {
        val steps = ArrayList<String>()
        var at: Any? = obj
        while (at != null) {
            val (holder, label) = via.getValue(at)
            steps += if (holder == null) label else "${holder.javaClass.name.substringAfterLast('.')}$label"
            at = holder
        }
        return steps.reversed().joinToString(" → ") + " → " + obj.javaClass.name
    }

    private fun references(obj: Any): Sequence<Pair<String, Any?>> = when (obj) {
        is Array<*> -> obj.asSequence().mapIndexed { i, e -> "[$i]" to e }
        else -> fields(obj.javaClass).asSequence().map { f -> ".${f.name}" to f.get(obj) }
    }

    /** Instance fields that hold objects, the inaccessible ones left out (a JDK package not opened to the model). */
    private fun fields(cls: Class<*>): List<Field> = fieldsOf.getOrPut(cls) {
        generateSequence(cls) { it.superclass }.flatMap { it.declaredFields.asSequence() }
            .filter { !Modifier.isStatic(it.modifiers) && !it.type.isPrimitive }
            .filterNot { it.declaringClass == java.lang.ref.Reference::class.java && it.name in WEAK_FIELDS }
            .filterNot { it.declaringClass == Thread::class.java && it.name == "contextClassLoader" }
            .filter { f -> runCatching { f.isAccessible = true }.isSuccess }
            .toList()
    }

    private fun skipped(obj: Any): Boolean =
        obj is Class<*> || obj is ClassLoader || obj is String || obj is Number || obj is Boolean || obj is Char ||
            (obj.javaClass.isArray && obj.javaClass.componentType.isPrimitive)

    companion object {
        const val MAX_REPORTED = 10

        /** The referent and the GC's own list: what a weak or soft reference points to does not stay alive through it. */
        private val WEAK_FIELDS = setOf("referent", "discovered")

        /** The static fields of [cls] as one root (e.g. the Disposer's tree). */
        fun staticFields(cls: Class<*>): Map<String, Any?> =
            cls.declaredFields.filter { Modifier.isStatic(it.modifiers) && !it.type.isPrimitive }
                .associate { f -> f.isAccessible = true; f.name to f.get(null) }

        /**
         * The JDK's one timer behind `CompletableFuture.delayedExecutor`: a task queued there holds
         * what it captured until it runs. Needs `--add-opens java.base/java.util.concurrent`
         * (scripts/kotlin passes it); without it the check could not see this root, so it fails.
         */
        fun jdkDelayer(): Any? {
            val delayer = Class.forName("java.util.concurrent.CompletableFuture\$Delayer")
            val field = delayer.getDeclaredField("delayer")
            check(runCatching { field.isAccessible = true }.isSuccess) {
                "run the model with --add-opens java.base/java.util.concurrent=ALL-UNNAMED: the unload check must see the JDK's delayed tasks"
            }
            return field.get(null)
        }
    }
}
