// The plugin's descriptor as the platform reads it: META-INF/plugin.xml from the plugin's class
// loader (its jars: an installed plugin's lib/, or the test class path with src/main/resources) plus
// the optional descriptors of
// <depends optional="true" config-file="..."> whose dependency the modelled IDE has
// (upstream PluginDescriptorLoader). What the model acts on: listeners, postStartupActivity,
// the plugin's own extension points and their extensions, notification groups, tool windows
// and configurables (the last three for the UI model).
package dev.jetbrainsdebugger.platformmodel.core

import org.w3c.dom.Element
import javax.xml.parsers.DocumentBuilderFactory

data class ListenerDeclaration(val className: String, val topic: String)

/** An extension: `point` is the qualified extension point name, `attributes` its XML attributes. */
data class ExtensionDeclaration(val point: String, val attributes: Map<String, String>)

class PluginDescriptor private constructor(
    /** The plugin's class loader: every class a descriptor names is loaded through it. */
    val classLoader: ClassLoader,
    val applicationListeners: List<ListenerDeclaration>,
    val projectListeners: List<ListenerDeclaration>,
    /** Qualified name → interface, for the plugin's own <extensionPoints>. */
    val extensionPoints: Map<String, String>,
    val extensions: List<ExtensionDeclaration>,
) {
    /** A class the descriptor names, from the plugin's class loader (initialised, as the platform creates it). */
    fun loadClass(name: String): Class<*> = Class.forName(name, true, classLoader)

    /**
     * Whether [cls] is the plugin's: loaded by its own class loader, as the platform tells a
     * plugin's classes apart. On the test class path, where the plugin shares the model's loader,
     * by package: the plugin's `dev.jetbrainsdebugger` packages, not the model's.
     */
    fun owns(cls: Class<*>): Boolean =
        if (classLoader is ModelPluginClassLoader) {
            cls.classLoader === classLoader
        } else {
            cls.name.startsWith("dev.jetbrainsdebugger.") && !cls.name.startsWith("dev.jetbrainsdebugger.platformmodel.")
        }

    /** Extensions of the platform's `com.intellij.<name>` points (postStartupActivity, toolWindow, notificationGroup, ...). */
    fun platformExtensions(name: String): List<Map<String, String>> =
        extensions.filter { it.point == "com.intellij.$name" }.map { it.attributes }

    companion object {
        private const val MAIN = "META-INF/plugin.xml"

        /** Reads plugin.xml and the optional descriptors whose dependency is in [plugins]. */
        fun load(plugins: Set<String>, loader: ClassLoader = PluginDescriptor::class.java.classLoader): PluginDescriptor {
            val main = parse(loader, MAIN)
            val parts = mutableListOf(main)
            for (depends in children(main, "depends")) {
                val file = depends.getAttribute("config-file").takeIf { it.isNotEmpty() } ?: continue
                if (depends.getAttribute("optional") == "true" && depends.textContent.trim() in plugins) {
                    parts += parse(loader, "META-INF/$file")
                }
            }
            return PluginDescriptor(
                loader,
                parts.flatMap { listeners(it, "applicationListeners") },
                parts.flatMap { listeners(it, "projectListeners") },
                parts.flatMap { part -> children(part, "extensionPoints").flatMap { children(it, "extensionPoint") } }
                    .associate { it.getAttribute("qualifiedName") to it.getAttribute("interface") },
                parts.flatMap(::extensions),
            )
        }

        private fun parse(loader: ClassLoader, path: String): Element {
            val stream = loader.getResourceAsStream(path) ?: error("$path is not on the classpath (add src/main/resources)")
            return stream.use { DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(it).documentElement }
        }

        private fun children(parent: Element, tag: String): List<Element> = allElements(parent).filter { it.tagName == tag }

        private fun listeners(root: Element, section: String): List<ListenerDeclaration> =
            children(root, section).flatMap { children(it, "listener") }
                .map { ListenerDeclaration(it.getAttribute("class"), it.getAttribute("topic")) }

        private fun extensions(root: Element): List<ExtensionDeclaration> = children(root, "extensions").flatMap { block ->
            val ns = block.getAttribute("defaultExtensionNs")
            allElements(block).map { e ->
                val attributes = (0 until e.attributes.length).associate { i -> e.attributes.item(i).nodeName to e.attributes.item(i).nodeValue }
                ExtensionDeclaration("$ns.${e.tagName}", attributes)
            }
        }

        private fun allElements(parent: Element): List<Element> {
            val nodes = parent.childNodes
            return (0 until nodes.length).map { nodes.item(it) }.filterIsInstance<Element>()
        }
    }
}
