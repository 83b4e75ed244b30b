// A modelled open project: its name and base path, project services and the project message
// bus (plugin.xml's <projectListeners>, created with this project). Disposed when closed.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.Disposable
import com.intellij.openapi.extensions.ExtensionsArea
import com.intellij.openapi.project.DumbService
import com.intellij.openapi.project.Project
import java.nio.file.Path

class ModelProject internal constructor(
    private val app: ModelApplication,
    descriptor: PluginDescriptor,
    val basePathAsPath: Path,
    private val projectName: String,
) : Project {
    private val services = Services(this)
    /** The project's dumb mode; tests start and end it. */
    val indexing = Indexing(app)
    private val bus = MessageBus(descriptor, descriptor.projectListeners, this) { kind, message, t -> app.reportViolation(kind, message, t) }
    @Volatile private var disposed = false

    init {
        register(DumbService::class.java, object : DumbService() {
            override fun isDumb(): Boolean = indexing.isDumb
        })
    }

    override fun getName(): String = projectName

    override fun getBasePath(): String = basePathAsPath.toString().replace('\\', '/')

    fun <T : Any> register(serviceClass: Class<T>, instance: T) = services.register(serviceClass, instance)

    override fun <T> getService(serviceClass: Class<T>): T? = services.get(serviceClass)

    /** Upstream a project has an area of its own; the plugin only reads application-level points. */
    override fun getExtensionArea(): ExtensionsArea = app.extensionArea

    fun <L : Any> publisher(topic: Class<L>): L = bus.publisher(topic)

    fun <L : Any> subscribe(topic: Class<L>, listener: L, parent: Disposable? = null) = bus.subscribe(topic, listener, parent)

    /** Plugin unload, a project's part: its services and listeners go. */
    internal fun unloadPlugin(owned: (Class<*>) -> Boolean) {
        services.unload(owned)
        bus.unload(owned)
    }

    override fun isDisposed(): Boolean = disposed

    override fun dispose() {
        disposed = true
        services.disposeAll()
    }

    override fun toString() = "Project '$projectName' ($basePath)"
}
