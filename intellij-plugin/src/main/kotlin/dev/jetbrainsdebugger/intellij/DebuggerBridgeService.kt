package dev.jetbrainsdebugger.intellij

import com.intellij.notification.NotificationAction
import com.intellij.notification.NotificationGroupManager
import com.intellij.notification.NotificationType
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.PathManager
import com.intellij.openapi.components.Service
import com.intellij.openapi.util.Disposer
import dev.jetbrainsdebugger.bridge.BridgeClients
import dev.jetbrainsdebugger.bridge.BridgeHistory
import dev.jetbrainsdebugger.launcher.BinaryLocator
import dev.jetbrainsdebugger.launcher.BinaryNotFoundException
import dev.jetbrainsdebugger.launcher.BridgeRuntime
import dev.jetbrainsdebugger.launcher.RuntimeStatus
import dev.jetbrainsdebugger.toolwindow.HistoryFilter
import dev.jetbrainsdebugger.toolwindow.PluginSettings
import dev.jetbrainsdebugger.toolwindow.ServerControl
import dev.jetbrainsdebugger.toolwindow.ServerState
import dev.jetbrainsdebugger.toolwindow.ServerStates
import java.net.URI
import java.nio.file.Path
import java.nio.file.Paths
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.atomic.AtomicBoolean
import java.util.jar.JarFile

/**
 * The application service that owns the bridge: it holds the IntelliJ facade (which tracks
 * sessions from the moment the plugin loads) and the plain-Kotlin BridgeRuntime (the bundled
 * jetbrains-debugger-mcp binary as a child process, the WebSocket bridge, reconnects), and is
 * the tool window's ServerControl: its state, history, client catalogue and Restart. Started
 * by the first project that opens (or the tool window); closed when the application or the
 * plugin goes away (a light service is disposed then).
 */
@Service(Service.Level.APP)
class DebuggerBridgeService : Disposable, ServerControl {
    val facade = IntellijIdeFacade()

    init {
        // What the facade registered with the platform for sessions goes with this service.
        Disposer.register(this, facade.sessions.lifetime)
    }

    /** The tool window's filters, kept while the IDE runs. */
    val historyFilter = HistoryFilter()

    private val started = AtomicBoolean(false)
    private val stateListeners = CopyOnWriteArrayList<(ServerState) -> Unit>()
    @Volatile private var disposed = false

    /** Created on first use: reading the plugin's version opens its jar. The binary is located at each start. */
    private val runtime: BridgeRuntime by lazy {
        val settings = McpSettingsService.getInstance().settings
        BridgeRuntime(facade, PluginFiles::binary, PluginFiles.version(), IntellijLog, settings.launchOptions()).also { r ->
            // Sent at every handshake from now on, so a restarted binary gets them too.
            r.history.updateSettings(settings.serverSettings())
            r.addStatusListener(::statusChanged)
        }
    }

    /** Starts the bridge once, off the calling thread. */
    fun ensureStarted() {
        if (disposed || !started.compareAndSet(false, true)) return
        Async.onPooled {
            IntellijLog.info("starting the Debugger MCP bridge")
            runtime.start()
        }.whenComplete { _, e ->
            if (e == null) return@whenComplete
            val cause = unwrap(e)
            IntellijLog.warn("the Debugger MCP bridge did not start", cause)
            notifyError(DebuggerMcpBundle.message("notification.server.not.started", cause.message ?: cause.javaClass.simpleName))
            started.set(false)
        }
    }

    // ---- ServerControl (the tool window) ---------------------------------------------------

    override fun state(): ServerState = ServerStates.of(runtime.status())

    override fun addStateListener(listener: (ServerState) -> Unit) {
        stateListeners += listener
    }

    override fun removeStateListener(listener: (ServerState) -> Unit) {
        stateListeners -= listener
    }

    override val history: BridgeHistory get() = runtime.history

    override val clients: BridgeClients get() = runtime.clients

    override fun restart() {
        if (disposed) return
        if (!started.get()) return ensureStarted()
        Async.onPooled { runtime.restart(McpSettingsService.getInstance().settings.launchOptions()) }
    }

    /** Settings | Tools | Debugger MCP was applied: the server takes the new values at once. */
    internal fun settingsChanged(previous: PluginSettings, next: PluginSettings) {
        runtime.history.updateSettings(next.serverSettings()).whenComplete { _, e ->
            if (e != null) IntellijLog.warn("the MCP server refused the new settings", unwrap(e))
        }
        // The port and the allowed origins are the binary's command line and environment: only a new binary takes them.
        if (previous.launchOptions() != next.launchOptions() && started.get()) {
            Async.onPooled { runtime.restart(next.launchOptions()) }
        }
    }

    private fun statusChanged(status: RuntimeStatus) {
        // Restarts are routine and shown in the tool window; a runtime that gave up is worth a balloon.
        if (status is RuntimeStatus.Failed) notifyError(DebuggerMcpBundle.message("notification.server.stopped", status.reason), offerRestart = true)
        val state = ServerStates.of(status)
        for (l in stateListeners) {
            try {
                l(state)
            } catch (t: Throwable) {
                IntellijLog.warn("a Debugger MCP state listener failed", t)
            }
        }
    }

    /**
     * The platform disposes services on the EDT (application exit, plugin unload), children
     * first: the sessions' registrations are gone by now. Pending timers are dropped (a plugin
     * being unloaded must leave no task that runs its code later). Closing the runtime waits for
     * the binary to exit (up to its grace period), so it happens on a thread of its own. The
     * binary also exits by itself when its stdin (this IDE) goes away.
     */
    override fun dispose() {
        disposed = true
        Timers.close()
        if (!started.get()) return
        Thread({
            try {
                runtime.close()
            } catch (t: Throwable) {
                IntellijLog.warn("closing the Debugger MCP bridge failed", t)
            }
        }, "Debugger MCP shutdown").start()
    }

    private fun notifyError(message: String, offerRestart: Boolean = false) {
        try {
            val notification = NotificationGroupManager.getInstance().getNotificationGroup(NOTIFICATION_GROUP)
                ?.createNotification(balloonHtml(message), NotificationType.ERROR) ?: return
            if (offerRestart) notification.addAction(NotificationAction.createSimpleExpiring(DebuggerMcpBundle.message("notification.action.restart")) { restart() })
            notification.notify(null)
        } catch (t: Throwable) {
            IntellijLog.warn("cannot show a notification", t)
        }
    }

    companion object {
        const val NOTIFICATION_GROUP = "Debugger MCP"

        fun getInstance(): DebuggerBridgeService? = try {
            ApplicationManager.getApplication()?.getService(DebuggerBridgeService::class.java)
        } catch (t: Throwable) {
            null // the application is shutting down or the plugin is being unloaded
        }

        internal fun facadeOrNull(): IntellijIdeFacade? = getInstance()?.facade
    }
}

/**
 * The plugin's own files, found without any plugin-manager API (PluginManagerCore.getPlugin is
 * internal, and PluginManager.getPluginByClass is internal in newer platforms): this class is
 * loaded from `<pluginDir>/lib/<plugin>.jar`, and that jar also holds the descriptor with the
 * version the build wrote into it.
 */
internal object PluginFiles {
    /** Overrides for development: an explicit binary, or a plugin directory. */
    private const val BINARY_PROPERTY = "jetbrains.debugger.mcp.binary"
    private const val PLUGIN_DIR_PROPERTY = "jetbrains.debugger.plugin.dir"

    fun ownJar(): Path? {
        val url = PluginFiles::class.java.getResource("PluginFiles.class") ?: return null
        if (url.protocol != "jar") return null
        val spec = url.toString().removePrefix("jar:").substringBefore("!/")
        return runCatching { Paths.get(URI(spec)) }.getOrNull()
    }

    fun pluginDir(): Path? =
        System.getProperty(PLUGIN_DIR_PROPERTY)?.let { Paths.get(it) } ?: ownJar()?.parent?.parent

    /**
     * The bundled binary for this OS and CPU, as it is run: on Windows a copy in the IDE's system
     * directory (the plugin folder may be deleted while it runs); throws BinaryNotFoundException
     * naming the expected path.
     */
    fun binary(): Path {
        System.getProperty(BINARY_PROPERTY)?.let { return Paths.get(it) }
        val dir = pluginDir()
            ?: throw BinaryNotFoundException("cannot tell where the plugin is installed (set -D$PLUGIN_DIR_PROPERTY or -D$BINARY_PROPERTY)")
        val platform = BinaryLocator.platform()
        return BinaryLocator.runFrom(BinaryLocator.locate(dir, platform), platform.os, PathManager.getSystemDir(), version())
    }

    /** The `<version>` of META-INF/plugin.xml in the plugin's jar (patched by the Gradle build). */
    fun version(): String {
        val jar = ownJar() ?: return DEV_VERSION
        return runCatching {
            JarFile(jar.toFile()).use { f ->
                val entry = f.getJarEntry("META-INF/plugin.xml") ?: return DEV_VERSION
                val xml = f.getInputStream(entry).use { it.readBytes().toString(Charsets.UTF_8) }
                Regex("""<version>\s*([^<\s]+)\s*</version>""").find(xml)?.groupValues?.get(1) ?: DEV_VERSION
            }
        }.getOrDefault(DEV_VERSION)
    }

    private const val DEV_VERSION = "0.0.0-dev"
}
