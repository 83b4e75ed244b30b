// Notifications: the NotificationGroupManager service with the groups plugin.xml declares,
// and the Notifications listeners of the application and of each project, which stand in for
// the message bus's Notifications.TOPIC and record every balloon a user would see, with the
// project it was shown in and its actions. A test clicks an action as a user clicks its link.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.notification.Notification
import com.intellij.notification.NotificationDisplayType
import com.intellij.notification.NotificationGroup
import com.intellij.notification.NotificationGroupManager
import com.intellij.notification.Notifications
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.project.Project
import java.awt.EventQueue
import java.util.concurrent.CopyOnWriteArrayList

/**
 * Follows ide-core's NotificationGroupManagerImpl: the groups of the `<notificationGroup>`
 * extensions, looked up by id; an unknown id answers null (the method is unannotated upstream).
 */
internal class ModelNotificationGroups : NotificationGroupManager {
    private val groups by lazy {
        PluginExtensions.of("notificationGroup").associate { attributes ->
            val id = attributes.getValue("id")
            // BALLOON is NotificationGroupEP's default display type.
            id to NotificationGroup(id, NotificationDisplayType.valueOf(attributes["displayType"] ?: "BALLOON"))
        }
    }

    override fun getNotificationGroup(groupId: String): NotificationGroup? = groups[groupId]
}

/** One balloon as shown. [onEdt]: delivered on the EDT, as Notifications.Bus guarantees. */
class ShownNotification internal constructor(val notification: Notification, val project: Project?, val onEdt: Boolean) {
    val title: String get() = notification.title
    val content: String get() = notification.content
    val type get() = notification.type
    val actionTexts: List<String> get() = notification.actions.map { it.templatePresentation.text }

    /** Clicks the action link [text] as the balloon does: on the EDT, with the notification in the event's data context. */
    fun clickOnEdt(text: String) {
        val action: AnAction = notification.actions.firstOrNull { it.templatePresentation.text == text }
            ?: throw AssertionError("no action '$text' in $actionTexts")
        modelApplication().onEdtAndWait {
            ModelActionEvents.perform(action, NOTIFICATION_PLACE, null, mapOf(Notification.KEY_NAME to notification, "project" to project))
        }
    }

    override fun toString() = "ShownNotification(${notification.type} '${notification.title}' '${notification.content}', actions=$actionTexts)"

    private companion object {
        const val NOTIFICATION_PLACE = "Notification"
    }
}

/** Every balloon shown in the IDE, application-wide and in any project. */
class NotificationLog internal constructor() {
    private val shown = CopyOnWriteArrayList<ShownNotification>()

    val all: List<ShownNotification> get() = shown.toList()

    internal fun record(notification: Notification, project: Project?) {
        shown += ShownNotification(notification, project, EventQueue.isDispatchThread())
    }

    /** Waits (bounded) for the first balloon matching [predicate]. */
    fun await(what: String, predicate: (ShownNotification) -> Boolean): ShownNotification =
        awaitValue("notification: $what") { shown.firstOrNull(predicate) }

    /** Listens where the application's message bus would deliver Notifications.TOPIC. */
    internal fun applicationListener(): Notifications = object : Notifications {
        override fun notify(notification: Notification) = record(notification, null)
    }

    /** Listens where [project]'s message bus would deliver Notifications.TOPIC. */
    internal fun projectListener(project: Project): Notifications = object : Notifications {
        override fun notify(notification: Notification) = record(notification, project)
    }
}
