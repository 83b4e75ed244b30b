// The ui area of the model: registers the application's UI services (dialog peers, messages,
// notification groups and the notification listeners, clipboard, file chooser, action manager,
// content factory) and each project's notification listener, and hands tests what a user
// would see through them.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.notification.NotificationGroupManager
import com.intellij.notification.Notifications
import com.intellij.openapi.actionSystem.ActionManager
import com.intellij.openapi.fileChooser.FileChooserFactory
import com.intellij.openapi.ide.CopyPasteManager
import com.intellij.openapi.ui.DialogWrapperPeerFactory
import com.intellij.openapi.ui.messages.MessagesService
import com.intellij.ui.content.ContentFactory
import com.intellij.openapi.components.PersistentStateComponent
import dev.jetbrainsdebugger.platformmodel.core.ComponentStore
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import dev.jetbrainsdebugger.platformmodel.core.ModelArea
import dev.jetbrainsdebugger.platformmodel.core.ModelProject

class UiArea : ModelArea {
    /** Every balloon shown. */
    val notifications = NotificationLog()
    val clipboard = ModelClipboard()
    val fileChooser = ModelFileChooser()
    val toolWindows = ModelToolWindows()
    val settingsStore = ModelStateStore()
    private val actionManager = ModelActionManager()
    private var dialogPeers: ModelDialogs? = null

    /** Every dialog shown, and the scripted answers to the next ones. */
    val dialogs: ModelDialogs get() = dialogPeers ?: error("the UiArea is not registered with a running ModelPlatform")

    /** The toolbars created so far, oldest first. */
    val toolbars: List<ModelActionToolbar> get() = actionManager.toolbars.toList()

    override fun registerApplication(app: ModelApplication) {
        val peers = ModelDialogs(app).also { dialogPeers = it }
        app.register(DialogWrapperPeerFactory::class.java, peers)
        app.register(MessagesService::class.java, ModelMessages())
        app.register(NotificationGroupManager::class.java, ModelNotificationGroups())
        app.register(Notifications::class.java, notifications.applicationListener())
        app.register(CopyPasteManager::class.java, clipboard)
        app.register(FileChooserFactory::class.java, fileChooser)
        app.register(ActionManager::class.java, actionManager)
        app.register(ContentFactory::class.java, ModelContentFactory())
        @Suppress("UNCHECKED_CAST")
        app.register(ComponentStore::class.java, ComponentStore { settingsStore.initComponent(it as PersistentStateComponent<Any>) })
    }

    override fun registerProject(project: ModelProject) {
        project.register(Notifications::class.java, notifications.projectListener(project))
    }
}
