// The parts of the plugin's META-INF/plugin.xml the ui model needs, read from the classpath as
// the platform reads the descriptor from the plugin's jar: <notificationGroup> (id, display
// type), <toolWindow> (id, factory class) and <applicationConfigurable> (id, instance class).
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.notification.NotificationDisplayType
import org.w3c.dom.Element
import javax.xml.parsers.DocumentBuilderFactory

data class NotificationGroupDecl(val id: String, val displayType: NotificationDisplayType)

data class ToolWindowDecl(val id: String, val factoryClass: String, val anchor: String)

data class ConfigurableDecl(val id: String, val displayName: String, val instanceClass: String)

object PluginXmlUi {
    private val extensions: List<Element> by lazy {
        val xml = PluginXmlUi::class.java.classLoader.getResourceAsStream("META-INF/plugin.xml")
            ?: error("META-INF/plugin.xml is not on the classpath (src/main/resources)")
        val document = xml.use { DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(it) }
        val nodes = document.getElementsByTagName("extensions")
        (0 until nodes.length).map { nodes.item(it) as Element }
            .filter { it.getAttribute("defaultExtensionNs") == "com.intellij" }
            .flatMap { ns -> (0 until ns.childNodes.length).mapNotNull { ns.childNodes.item(it) as? Element } }
    }

    private fun tagged(tag: String) = extensions.filter { it.tagName == tag }

    val notificationGroups: List<NotificationGroupDecl> by lazy {
        tagged("notificationGroup").map {
            // The platform's default display type is BALLOON (NotificationGroupEP).
            NotificationGroupDecl(it.getAttribute("id"), NotificationDisplayType.valueOf(it.getAttribute("displayType").ifEmpty { "BALLOON" }))
        }
    }

    val toolWindows: List<ToolWindowDecl> by lazy {
        tagged("toolWindow").map { ToolWindowDecl(it.getAttribute("id"), it.getAttribute("factoryClass"), it.getAttribute("anchor")) }
    }

    val applicationConfigurables: List<ConfigurableDecl> by lazy {
        tagged("applicationConfigurable").map {
            ConfigurableDecl(it.getAttribute("id"), it.getAttribute("displayName"), it.getAttribute("instance"))
        }
    }
}
