// The plugin as the IDE installs it: `<pluginDir>/lib/<plugin>.jar` holding PluginFiles and the
// descriptor. Tests load PluginFiles from such a jar (its own class loader, jar first, the rest
// from the test's class path), so it finds its files the way it does in an installed IDE.
package dev.jetbrainsdebugger.platformmodel.plugin

import java.net.URL
import java.net.URLClassLoader
import java.nio.file.Files
import java.security.CodeSigner
import java.security.CodeSource
import java.security.ProtectionDomain
import java.nio.file.Path
import java.util.jar.JarEntry
import java.util.jar.JarOutputStream

internal class InstalledPluginJar(val pluginDir: Path, descriptor: String?) {
    val jar: Path = pluginDir.resolve("lib").resolve("jetbrains-debugger.jar")

    init {
        Files.createDirectories(jar.parent)
        JarOutputStream(Files.newOutputStream(jar)).use { out ->
            out.putNextEntry(JarEntry(CLASS_RESOURCE))
            javaClass.classLoader.getResourceAsStream(CLASS_RESOURCE)!!.use { it.copyTo(out) }
            if (descriptor != null) {
                out.putNextEntry(JarEntry("META-INF/plugin.xml"))
                out.write(descriptor.toByteArray())
            }
        }
    }

    /** PluginFiles.[method]() as the copy in the jar answers it. */
    fun call(method: String): Any? = URLClassLoader(arrayOf(jar.toUri().toURL()), javaClass.classLoader).let { parent ->
        JarFirst(parent).use { loader ->
            val cls = loader.loadClass(CLASS_NAME)
            cls.getMethod(method).invoke(cls.getField("INSTANCE").get(null))
        }
    }

    /** Loads PluginFiles (and finds its class file) in the jar before the class path. */
    private class JarFirst(private val jarLoader: URLClassLoader) : ClassLoader(jarLoader.parent), AutoCloseable {
        override fun loadClass(name: String, resolve: Boolean): Class<*> = synchronized(getClassLoadingLock(name)) {
            if (name != CLASS_NAME) return super.loadClass(name, resolve)
            findLoadedClass(name) ?: jarLoader.findResource(CLASS_RESOURCE).openStream().use { s ->
                val bytes = s.readBytes()
                // With its code source, as a class loaded from a jar has (coverage agents skip classes without one).
                val source = CodeSource(jarLoader.urLs.single(), null as Array<CodeSigner>?)
                defineClass(name, bytes, 0, bytes.size, ProtectionDomain(source, null))
            }
        }

        override fun getResource(name: String): URL? =
            if (name == CLASS_RESOURCE) jarLoader.findResource(name) else super.getResource(name)

        override fun close() = jarLoader.close()
    }

    private companion object {
        const val CLASS_NAME = "dev.jetbrainsdebugger.intellij.PluginFiles"
        const val CLASS_RESOURCE = "dev/jetbrainsdebugger/intellij/PluginFiles.class"
    }
}
