// Tool windows: a tool window of plugin.xml's <toolWindow> is built as the platform's
// ToolWindowManager builds it when the user first opens it (shouldBeAvailable, init, then
// createToolWindowContent, on the EDT), with a ContentManager and the ContentFactory service;
// disposing a content disposes what Content.setDisposer was given, and closing the tool window
// (or its project) disposes its contents.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.Disposable
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.project.Project
import com.intellij.openapi.util.Disposer
import com.intellij.openapi.wm.ToolWindow
import com.intellij.openapi.wm.ToolWindowFactory
import com.intellij.ui.content.Content
import com.intellij.ui.content.ContentFactory
import com.intellij.ui.content.ContentManager
import java.net.URL
import java.util.concurrent.CopyOnWriteArrayList
import javax.swing.JComponent

/**
 * Follows platform-impl's ToolWindowManagerImpl (the factory's shouldBeAvailable, init and
 * createToolWindowContent, once, on the EDT) for the `<toolWindow>` extensions of plugin.xml.
 * Simpler: no stripe, anchor, visibility or activation.
 */
class ModelToolWindows internal constructor() {
    private val opened = CopyOnWriteArrayList<ModelToolWindow>()

    val all: List<ModelToolWindow> get() = opened.toList()

    /** Opens the tool window [id] of [project] as a user does (from a test thread); null when its factory declines the project. */
    fun open(project: Project, id: String): ModelToolWindow? {
        val declaration = PluginExtensions.byId("toolWindow", id)
        val factoryClass = modelApplication().descriptor.loadClass(declaration.getValue("factoryClass"))
        val factory = factoryClass.getDeclaredConstructor().newInstance() as ToolWindowFactory
        // The stripe icon, found as IconLoader finds it: a resource of the plugin's class loader.
        val icon = declaration["icon"]?.let { factoryClass.getResource(it) }
        return modelApplication().onEdtAndWait {
            if (!factory.shouldBeAvailable(project)) return@onEdtAndWait null
            val window = ModelToolWindow(id, project, icon)
            Disposer.register(project, window.disposable)
            factory.init(window)
            factory.createToolWindowContent(project, window)
            opened += window
            window
        }
    }
}

/** [icon]: where plugin.xml's icon attribute was found, null when it names no resource. */
class ModelToolWindow internal constructor(private val id: String, val project: Project, val icon: URL?) : ToolWindow {
    private val disposable = Disposer.newDisposable("tool window $id")
    private val contents = ModelContentManager().also { Disposer.register(disposable, it) }
    @Volatile var titleActions: List<AnAction> = emptyList()
        private set

    override fun getId(): String = id

    override fun isVisible(): Boolean = true

    override fun getContentManager(): ModelContentManager = contents

    override fun getDisposable(): Disposable = disposable

    override fun setTitleActions(actions: List<AnAction>) {
        titleActions = actions.toList()
    }
}

/** Follows ContentManagerImpl: contents in order; removing one with dispose=true disposes it; disposing the manager disposes them all. */
class ModelContentManager internal constructor() : ContentManager {
    private val list = CopyOnWriteArrayList<Content>()

    override fun addContent(content: Content) {
        list += content
    }

    override fun removeContent(content: Content, dispose: Boolean): Boolean {
        val removed = list.remove(content)
        if (removed && dispose) Disposer.dispose(content)
        return removed
    }

    override fun getContents(): Array<Content> = list.toTypedArray()

    override fun getContentCount(): Int = list.size

    override fun getContent(index: Int): Content? = list.getOrNull(index)

    override fun dispose() {
        list.toList().forEach { removeContent(it, true) }
    }
}

/** Follows ContentImpl: its dispose() disposes the disposer given to setDisposer. */
class ModelContent internal constructor(private val component: JComponent?, val displayName: String?, val isLockable: Boolean) : Content {
    @Volatile var disposed = false
        private set
    private var disposer: Disposable? = null
    private var focusable: JComponent? = null

    override fun getComponent(): JComponent = component ?: error("content '$displayName' has no component")

    override fun setPreferredFocusableComponent(component: JComponent?) {
        focusable = component
    }

    override fun getPreferredFocusableComponent(): JComponent? = focusable

    override fun setDisposer(disposer: Disposable) {
        this.disposer = disposer
    }

    override fun dispose() {
        if (disposed) return
        disposed = true
        disposer?.let { Disposer.dispose(it) }
        disposer = null
    }
}

/** Follows ContentFactoryImpl.createContent (a plain ContentImpl over the component). */
internal class ModelContentFactory : ContentFactory {
    override fun createContent(component: JComponent?, displayName: String?, isLockable: Boolean): Content =
        ModelContent(component, displayName, isLockable)
}
