// An installed plugin's class loader, as the platform's PluginClassLoader gives each plugin one:
// the jars of the plugin folder's lib/ first, then the platform (the parent). Classes the IDE
// provides are always the platform's: the JDK, and the Kotlin stdlib and coroutines, which a
// plugin must not bundle (PluginClassLoader.mustBeLoadedByPlatform). So the plugin's classes,
// resources and bundled libraries are the bytes of its zip, and a class it bundles that the
// platform also has is its own copy.
package dev.jetbrainsdebugger.platformmodel.core

import java.net.URL
import java.net.URLClassLoader
import java.nio.file.Files
import java.nio.file.Path
import java.util.Enumeration

class ModelPluginClassLoader private constructor(val pluginDir: Path, jars: Array<URL>, parent: ClassLoader) :
    URLClassLoader("plugin ${pluginDir.fileName}", jars, parent) {

    override fun loadClass(name: String, resolve: Boolean): Class<*> = synchronized(getClassLoadingLock(name)) {
        if (PLATFORM_ONLY.any(name::startsWith)) return super.loadClass(name, resolve)
        val own = findLoadedClass(name) ?: try {
            findClass(name)
        } catch (_: ClassNotFoundException) {
            null
        }
        val cls = own ?: parent.loadClass(name)
        if (resolve) resolveClass(cls)
        cls
    }

    override fun getResource(name: String): URL? = findResource(name) ?: parent.getResource(name)

    override fun getResources(name: String): Enumeration<URL> {
        val all = findResources(name).toList() + parent.getResources(name).toList()
        return java.util.Collections.enumeration(all)
    }

    companion object {
        private val PLATFORM_ONLY = listOf("java.", "javax.", "jdk.", "sun.", "kotlin.", "kotlinx.coroutines.")

        /** The loader of the plugin installed in [pluginDir] (the jars in its lib folder), with [platform] as parent. */
        fun of(pluginDir: Path, platform: ClassLoader): ModelPluginClassLoader {
            val jars = Files.list(pluginDir.resolve("lib")).use { files ->
                files.filter { it.fileName.toString().endsWith(".jar") }.sorted().map { it.toUri().toURL() }.toList()
            }
            require(jars.isNotEmpty()) { "$pluginDir/lib holds no jar: not an installed plugin" }
            return ModelPluginClassLoader(pluginDir, jars.toTypedArray(), platform)
        }
    }
}
