// One modelled IDE: installs a ModelApplication as ApplicationManager.getApplication(), reads
// the plugin's descriptor, lets each area (debugger, execution, ui) register its services, and
// opens and closes projects the way the platform does (projectClosingBeforeSave, the save of the
// project's workspace, projectClosing, disposal; the workspace loaded on opening; postStartupActivity run after opening, on a pooled thread, its suspend
// function started as a coroutine). Every test ends with assertClean().
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ApplicationNamesInfo
import com.intellij.openapi.application.AsyncExecutionService
import com.intellij.openapi.application.ApplicationInfo
import com.intellij.openapi.diagnostic.Logger
import com.intellij.openapi.project.ProjectManager
import com.intellij.openapi.project.ProjectManagerListener
import com.intellij.openapi.roots.ProjectFileIndex
import com.intellij.openapi.startup.ProjectActivity
import com.intellij.openapi.util.BuildNumber
import com.intellij.openapi.util.Disposer
import com.intellij.openapi.vfs.VirtualFileManager
import com.intellij.psi.JavaPsiFacade
import com.intellij.psi.PsiManager
import java.nio.file.Path
import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.startCoroutine

/** Which IDE is modelled: its names and build, and the plugins it has (they decide the optional descriptors). */
data class IdeConfig(val productName: String, val productCode: String, val build: String, val plugins: Set<String>) {
    companion object {
        val PYCHARM = IdeConfig("PyCharm", "PC", "PC-252.23892.439", setOf("com.intellij.modules.python"))
        val INTELLIJ_IDEA = IdeConfig("IntelliJ IDEA", "IC", "IC-252.23892.409", setOf("com.intellij.java"))
    }
}

/** An area of the model registers its services and extensions, and saves and loads its part of a project's workspace. */
interface ModelArea {
    fun registerApplication(app: ModelApplication) {}

    fun registerProject(project: ModelProject) {}

    /** The project is opening: its components read what [workspace] kept (after registerProject). */
    fun loadProject(project: ModelProject, workspace: Map<String, Any>) {}

    /** The project is being saved: its components write their state into [workspace]. */
    fun saveProject(project: ModelProject, workspace: MutableMap<String, Any>) {}
}

class ModelPlatform private constructor(
    val config: IdeConfig,
    private val areas: List<ModelArea>,
    pluginLoader: ClassLoader,
    /** The projects' saved workspaces: pass them to the next start() to model an IDE restart. */
    val workspaces: ModelWorkspaces,
) : AutoCloseable {
    val descriptor: PluginDescriptor = PluginDescriptor.load(config.plugins, pluginLoader)
    val app = ModelApplication(descriptor)
    private val installation: Disposable = Disposer.newDisposable("model platform installation")
    private val projectManager = ModelProjectManager()
    val vfs = ModelVirtualFileManager(app)

    private fun install() {
        Logger.setFactory(ModelLogger.factory)
        ApplicationManager.setApplication(app, installation)
        ApplicationNamesInfo.modelProduct(config.productName)
        app.register(ProjectManager::class.java, projectManager)
        app.register(VirtualFileManager::class.java, vfs)
        app.register(ApplicationInfo::class.java, ModelApplicationInfo(BuildNumber.fromString(config.build) ?: error("bad build ${config.build}")))
        app.register(AsyncExecutionService::class.java, ModelAsyncExecutionService(app))
        registerOwnExtensions()
        areas.forEach { it.registerApplication(app) }
    }

    /** The plugin's own extension points (e.g. exceptionBreakpointSupport) with the extensions its descriptors declare. */
    private fun registerOwnExtensions() {
        for (extension in descriptor.extensions) {
            if (extension.point !in descriptor.extensionPoints) continue
            val implementation = extension.attributes["implementation"] ?: continue
            app.registerExtension(extension.point, descriptor.loadClass(implementation).getDeclaredConstructor().newInstance())
        }
    }

    val projects: List<ModelProject> get() = projectManager.open.toList()

    /**
     * Opens the project at [basePath]: its services, then (when [startupActivities]) plugin.xml's
     * postStartupActivity, started on a pooled thread as the platform does after opening.
     */
    fun openProject(basePath: Path, name: String = basePath.fileName.toString(), startupActivities: Boolean = true): ModelProject {
        val root = basePath.toAbsolutePath().normalize()
        val project = ModelProject(app, descriptor, root, name)
        project.register(ProjectFileIndex::class.java, ModelProjectFileIndex(app, project))
        project.register(PsiManager::class.java, ModelPsiManager(app, project))
        project.register(JavaPsiFacade::class.java, ModelJavaPsiFacade(app, project, vfs))
        areas.forEach { it.registerProject(project) }
        areas.forEach { it.loadProject(project, workspaces.of(root)) }
        vfs.scan(root)
        projectManager.open += project
        if (startupActivities) runStartupActivities(project)
        return project
    }

    /** plugin.xml's postStartupActivity for [project], on a pooled thread (what opening a project does last). */
    fun runStartupActivities(project: ModelProject) {
        for (attributes in descriptor.platformExtensions("postStartupActivity")) {
            val activity = descriptor.loadClass(attributes.getValue("implementation")).getDeclaredConstructor().newInstance() as ProjectActivity
            app.executeOnPooledThread {
                val run: suspend () -> Unit = { activity.execute(project) }
                run.startCoroutine(Continuation(EmptyCoroutineContext) { result ->
                    result.exceptionOrNull()?.let { app.reportViolation(ViolationKind.IDE_ERROR, "postStartupActivity ${activity.javaClass.name} failed", it) }
                })
            }
        }
    }

    /**
     * Closes [project] on the EDT as upstream's ProjectManagerImpl.closeProject does:
     * ProjectManagerListener.projectClosingBeforeSave on the application bus, the project saved
     * into its workspace, projectClosing, then disposal and projectClosed.
     */
    fun closeProject(project: ModelProject) {
        if (!app.isDispatchThread) return app.onEdtAndWait { closeProject(project) }
        if (!projectManager.open.remove(project)) return
        val listeners = app.publisher(ProjectManagerListener::class.java)
        listeners.projectClosingBeforeSave(project)
        areas.forEach { it.saveProject(project, workspaces.of(project.basePathAsPath)) }
        listeners.projectClosing(project)
        Disposer.dispose(project)
        listeners.projectClosed(project)
    }

    /**
     * Unloads the plugin without a restart, as DynamicPlugins.unloadPlugin does: on the EDT, the
     * plugin's extensions, then the application's services and listeners, then each open
     * project's (Disposable services are disposed), then the queued EDT work is flushed. Then the
     * platform's check: the plugin's class loader must become collectable within [timeoutMs]
     * (`ide.plugins.unload.timeout`, 5000 ms), or the IDE says a restart is required. Here that is
     * [PluginLeaks]: nothing of the plugin may be reachable from the platform, the JDK's shared
     * timer or a live thread. Returns what still held the plugin when the time was up (empty:
     * unloaded).
     */
    fun unloadPlugin(timeoutMs: Long = UNLOAD_TIMEOUT_MS): List<String> {
        app.onEdtAndWait {
            app.unloadPlugin(descriptor::owns)
            projects.forEach { it.unloadPlugin(descriptor::owns) }
        }
        app.flushEdt()
        val leaks = PluginLeaks(descriptor::owns)
        val until = System.nanoTime() + timeoutMs * 1_000_000
        while (true) {
            val found = leaks.find(leakRoots())
            if (found.isEmpty() || System.nanoTime() > until) return found
            Thread.sleep(100)
        }
    }

    /** Where the platform's objects start: this IDE, the Disposer's tree, the JDK's shared timer, every live thread. */
    private fun leakRoots(): List<Pair<String, Any?>> = buildList {
        add("the platform" to this@ModelPlatform)
        add("the Disposer tree" to PluginLeaks.staticFields(Disposer::class.java))
        add("CompletableFuture.delayedExecutor's timer" to PluginLeaks.jdkDelayer())
        for (thread in Thread.getAllStackTraces().keys) if (thread !== Thread.currentThread()) add("thread '${thread.name}'" to thread)
    }

    fun violations(): List<Violation> = app.violations()

    /** Fails with every violation seen so far. */
    fun assertClean() {
        val seen = violations()
        if (seen.isNotEmpty()) throw AssertionError("${seen.size} platform-model violation(s):\n" + seen.joinToString("\n\n"))
    }

    /** Closes the projects and disposes the application, on the EDT as upstream's ApplicationImpl does. */
    override fun close() {
        try {
            val dispose = {
                projects.forEach(::closeProject)
                Disposer.dispose(app)
            }
            if (app.isDispatchThread) dispose() else app.onEdtAndWait(dispose)
        } finally {
            Disposer.dispose(installation)
            if (current === this) current = null
        }
    }

    companion object {
        /** DynamicPlugins: `Registry.intValue("ide.plugins.unload.timeout", 5000)`. */
        const val UNLOAD_TIMEOUT_MS = 5_000L

        @Volatile var current: ModelPlatform? = null
            private set

        /**
         * [pluginLoader]: where the plugin's classes and descriptor come from: the test class path,
         * or an installed plugin's jars ([ModelPluginClassLoader]).
         */
        fun start(
            config: IdeConfig,
            areas: List<ModelArea>,
            pluginLoader: ClassLoader = ModelPlatform::class.java.classLoader,
            workspaces: ModelWorkspaces = ModelWorkspaces(),
        ): ModelPlatform {
            check(current == null) { "a platform model is already running; close it first" }
            return ModelPlatform(config, areas, pluginLoader, workspaces).also {
                it.install()
                current = it
            }
        }
    }
}
