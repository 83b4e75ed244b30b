package dev.jetbrainsdebugger

import org.junit.jupiter.api.Test
import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * The plugin's packages form layers: no package reaches back into one that depends on it. The
 * graph is read from the main sources as text: every `import dev.jetbrainsdebugger.…` and every
 * fully qualified `dev.jetbrainsdebugger.…` name in code counts as an edge from the file's package
 * to the package it names (a subpackage such as `intellij.java` is a package of its own).
 */
class PackageLayersTest {
    private val root = File(System.getProperty("sources.dir") ?: fail("set -Dsources.dir to src/main/kotlin (scripts/kotlin does)"))

    private val qualified = Regex("""\bdev\.jetbrainsdebugger(?:\.[A-Za-z_]\w*)+""")

    /** Package → the other packages its files name. */
    private fun graph(): Map<String, Set<String>> {
        val files = root.walkTopDown().filter { it.isFile && it.name.endsWith(".kt") }.toList()
        assertTrue(files.size > 20, "no Kotlin sources under $root")
        val packageOf = files.associateWith { f ->
            Regex("""^package\s+([\w.]+)""", RegexOption.MULTILINE).find(f.readText())?.groupValues?.get(1)
                ?: fail("$f has no package line")
        }
        val packages = packageOf.values.toSet()
        val edges = packages.associateWith { mutableSetOf<String>() }
        for ((file, pkg) in packageOf) {
            val code = file.readLines().filterNot { it.trimStart().let { l -> l.startsWith("package ") || l.startsWith("//") || l.startsWith("*") } }
            for (name in code.flatMap { line -> qualified.findAll(line).map { it.value } }) {
                // The longest known package the name starts with (a class name follows it).
                val target = packages.filter { name == it || name.startsWith("$it.") }.maxByOrNull { it.length } ?: continue
                if (target != pkg) edges.getValue(pkg) += target
            }
        }
        return edges
    }

    /** The strongly connected components with more than one package (Tarjan). */
    private fun cycles(graph: Map<String, Set<String>>): List<Set<String>> {
        var counter = 0
        val index = HashMap<String, Int>()
        val low = HashMap<String, Int>()
        val stack = ArrayDeque<String>()
        val onStack = HashSet<String>()
        val found = ArrayList<Set<String>>()
        fun visit(v: String) {
            index[v] = counter
            low[v] = counter++
            stack.addLast(v)
            onStack += v
            for (w in graph[v].orEmpty()) {
                if (w !in index) {
                    visit(w)
                    low[v] = minOf(low.getValue(v), low.getValue(w))
                } else if (w in onStack) {
                    low[v] = minOf(low.getValue(v), index.getValue(w))
                }
            }
            if (low[v] == index[v]) {
                val component = HashSet<String>()
                do {
                    val w = stack.removeLast()
                    onStack -= w
                    component += w
                } while (w != v)
                if (component.size > 1) found += component
            }
        }
        graph.keys.sorted().forEach { if (it !in index) visit(it) }
        return found
    }

    @Test
    fun `no package depends on a package that depends on it`() {
        val graph = graph()
        val circles = cycles(graph).map { c -> c.sorted().joinToString(" <-> ") { it.removePrefix("dev.jetbrainsdebugger.") } }
        assertEquals(emptyList(), circles, "package cycles; the edges: " + graph.entries.joinToString("; ") { (k, v) -> "$k -> $v" })
    }

    @Test
    fun `the check sees a cycle when there is one`() {
        val graph = mapOf("a" to setOf("b"), "b" to setOf("c"), "c" to setOf("a"), "d" to setOf("a"))
        assertEquals(listOf(setOf("a", "b", "c")), cycles(graph))
        assertTrue(graph().getValue("dev.jetbrainsdebugger.intellij").contains("dev.jetbrainsdebugger.ide"), "the graph reads imports")
    }
}
