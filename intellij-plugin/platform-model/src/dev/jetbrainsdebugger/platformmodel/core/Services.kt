// Services of one component manager (the application or a project), as the platform's
// ComponentManagerImpl gives them out: a registered implementation, else a light service
// (a class annotated @Service) created on first request, once, with the project as its only
// constructor argument when it takes one (upstream: "a project-level service may have a
// constructor taking Project"). Services that are Disposable are disposed with their owner,
// last created first. A service that is a PersistentStateComponent gets its stored state from the
// application's ComponentStore when it is created, as upstream's component store initialises it.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.components.PersistentStateComponent
import com.intellij.openapi.components.Service
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer

internal class Services(private val project: Project?) {
    private val instances = LinkedHashMap<Class<*>, Any>()

    fun <T : Any> register(serviceClass: Class<T>, instance: T) = synchronized(this) {
        instances[serviceClass] = instance
    }

    fun <T> get(serviceClass: Class<T>): T? {
        synchronized(this) { instances[serviceClass]?.let { return serviceClass.cast(it) } }
        if (!serviceClass.isAnnotationPresent(Service::class.java)) return null
        val created = create(serviceClass)
        if (created is PersistentStateComponent<*>) {
            ApplicationManager.getApplication().getService(ComponentStore::class.java)?.initComponent(created)
        }
        synchronized(this) {
            // Two threads may create it at once: the first one registered wins, as upstream.
            instances[serviceClass]?.let { return serviceClass.cast(it) }
            instances[serviceClass] = created as Any
        }
        return created
    }

    private fun <T> create(serviceClass: Class<T>): T {
        val withProject = project?.let { p ->
            serviceClass.declaredConstructors.firstOrNull { c -> c.parameterTypes.singleOrNull()?.isAssignableFrom(p.javaClass) == true }
        }
        val constructor = withProject ?: serviceClass.getDeclaredConstructor()
        constructor.isAccessible = true
        @Suppress("UNCHECKED_CAST")
        return (if (withProject != null) constructor.newInstance(project) else constructor.newInstance()) as T
    }

    /** Plugin unload: the services [owned] classes implement go, disposed last created first (ComponentManagerImpl.unloadServices). */
    fun unload(owned: (Class<*>) -> Boolean) {
        val gone = synchronized(this) {
            instances.entries.filter { owned(it.value.javaClass) }.also { list -> list.forEach { instances.remove(it.key) } }.map { it.value }
        }
        for (service in gone.reversed()) if (service is Disposable) Disposer.dispose(service)
    }

    fun disposeAll() {
        val all = synchronized(this) { instances.values.toList().also { instances.clear() } }
        for (service in all.reversed()) if (service is Disposable) Disposer.dispose(service)
    }
}
