// The message bus of one component manager, as much of it as plugins see: a topic is its
// listener interface; `publisher(topic)` is syncPublisher: calling a method on it calls that
// method on every listener, on the calling thread, in order. Listeners come from plugin.xml
// (<applicationListeners>/<projectListeners>: created when their topic is first published to,
// project ones with the project as constructor argument, as upstream) and from subscribe().
// Upstream logs an exception thrown by a listener as an error and goes on to the next one: here
// that is an IDE_ERROR violation.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.Disposable
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import java.lang.reflect.InvocationTargetException
import java.lang.reflect.Proxy
import java.util.concurrent.CopyOnWriteArrayList

internal class MessageBus(
    private val descriptor: PluginDescriptor,
    private val declared: List<ListenerDeclaration>,
    private val project: Project?,
    private val violations: (ViolationKind, String, Throwable?) -> Unit,
) {
    private val subscribers = HashMap<Class<*>, CopyOnWriteArrayList<Any>>()
    private val created = HashMap<Class<*>, List<Any>>()

    fun <L : Any> subscribe(topic: Class<L>, listener: L, parent: Disposable?) {
        synchronized(this) { subscribers.getOrPut(topic) { CopyOnWriteArrayList() }.add(listener) }
        parent?.let { Disposer.register(it) { synchronized(this) { subscribers[topic]?.remove(listener) } } }
    }

    /**
     * Plugin unload: the listeners plugin.xml declared are dropped (unsubscribeLazyListeners), and
     * so is every subscriber [owned] classes implement (disconnectPluginConnections).
     */
    fun unload(owned: (Class<*>) -> Boolean) = synchronized(this) {
        created.clear()
        subscribers.values.forEach { list -> list.removeIf { owned(it.javaClass) } }
    }

    fun <L : Any> publisher(topic: Class<L>): L {
        val proxy = Proxy.newProxyInstance(topic.classLoader, arrayOf(topic)) { self, method, args ->
            when {
                method.declaringClass == Any::class.java -> when (method.name) {
                    "toString" -> "publisher(${topic.name})"
                    "hashCode" -> System.identityHashCode(self)
                    else -> self === args?.get(0)
                }
                else -> {
                    for (listener in listeners(topic)) {
                        try {
                            method.invoke(listener, *(args ?: emptyArray()))
                        } catch (e: InvocationTargetException) {
                            violations(ViolationKind.IDE_ERROR, "listener ${listener.javaClass.name}.${method.name} threw", e.targetException)
                        }
                    }
                    null
                }
            }
        }
        return topic.cast(proxy)
    }

    private fun listeners(topic: Class<*>): List<Any> {
        val fromDescriptor = synchronized(this) { created.getOrPut(topic) { instantiate(topic) } }
        val subscribed = synchronized(this) { subscribers[topic]?.toList().orEmpty() }
        return fromDescriptor + subscribed
    }

    private fun instantiate(topic: Class<*>): List<Any> = declared.filter { it.topic == topic.name }.mapNotNull { d ->
        try {
            val cls = descriptor.loadClass(d.className)
            val withProject = project?.let { p -> cls.declaredConstructors.firstOrNull { it.parameterTypes.singleOrNull()?.isAssignableFrom(p.javaClass) == true } }
            if (withProject != null) withProject.newInstance(project) else cls.getDeclaredConstructor().newInstance()
        } catch (t: Throwable) {
            violations(ViolationKind.IDE_ERROR, "cannot create listener ${d.className} declared in plugin.xml", t)
            null
        }
    }
}
