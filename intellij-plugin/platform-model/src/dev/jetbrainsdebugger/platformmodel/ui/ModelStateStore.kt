// Settings storage: the PersistentStateComponent contract as the platform's component store
// drives it. Initialising a component reads the <component name="..."> element of its
// @State's storage file and calls loadState with the state it deserialises (or noStateLoaded
// when the file has none), then initializeComponent; saving writes getState() back. Files
// live in memory, as XML text a test can read or hand-edit.
package dev.jetbrainsdebugger.platformmodel.ui

import com.intellij.openapi.components.PersistentStateComponent
import com.intellij.openapi.components.State
import org.w3c.dom.Element
import org.xml.sax.InputSource
import java.io.StringReader
import java.lang.reflect.Method
import java.lang.reflect.ParameterizedType
import java.util.concurrent.ConcurrentHashMap
import javax.xml.parsers.DocumentBuilderFactory

/**
 * Follows ComponentStoreImpl.initComponent/initPersistenceStateComponent (load, or
 * noStateLoaded, then initializeComponent) and the XmlSerializer bean form of a state
 * (`<option name="x" value="..."/>` per read/write property, lists as `<list><option value=""/></list>`).
 * Simpler: only Int, Boolean, String and List<String> properties; defaults are written too;
 * one component per file.
 */
class ModelStateStore internal constructor() {
    private val files = ConcurrentHashMap<String, String>()

    /** The text of the storage file [name] (e.g. `debugger-mcp.xml`), if written. */
    fun file(name: String): String? = files[name]

    /** Writes [xml] as the storage file [name], as a user editing it by hand (or an older version) would. */
    fun writeFile(name: String, xml: String) {
        files[name] = xml
    }

    /** Loads [component]'s stored state into it, as the platform does when the service is created. */
    fun <S : Any, C : PersistentStateComponent<S>> initComponent(component: C): C {
        val state = stateAnnotation(component)
        val element = files[fileOf(state)]?.let { componentElement(it, state.name) }
        if (element == null) component.noStateLoaded() else component.loadState(deserialize(element, stateClass(component)))
        component.initializeComponent()
        return component
    }

    /** Saves [component]'s getState() to its storage file (the platform saves on settings apply and on exit). */
    fun save(component: PersistentStateComponent<*>) {
        val state = stateAnnotation(component)
        val value = component.state ?: return
        val options = properties(value.javaClass).joinToString("\n") { (name, getter, _) -> option(name, getter.invoke(value)) }
        files[fileOf(state)] = "<application>\n  <component name=\"${state.name}\">\n$options\n  </component>\n</application>\n"
    }

    private fun stateAnnotation(component: Any): State =
        component.javaClass.getAnnotation(State::class.java) ?: throw AssertionError("${component.javaClass.name} has no @State")

    private fun fileOf(state: State): String = state.storages.firstOrNull()?.value ?: throw AssertionError("@State(${state.name}) has no storage")

    @Suppress("UNCHECKED_CAST")
    private fun <S> stateClass(component: PersistentStateComponent<S>): Class<S> {
        val type = component.javaClass.genericInterfaces.filterIsInstance<ParameterizedType>()
            .first { it.rawType == PersistentStateComponent::class.java }
        return type.actualTypeArguments[0] as Class<S>
    }

    private data class Property(val name: String, val getter: Method, val setter: Method)

    /** Bean properties with a getter and a setter, as XmlSerializer's default accessors. */
    private fun properties(type: Class<*>): List<Property> = type.methods
        .filter { it.parameterCount == 0 && (it.name.startsWith("get") || it.name.startsWith("is")) && it.name != "getClass" }
        .mapNotNull { getter ->
            val name = getter.name.removePrefix("get").removePrefix("is").replaceFirstChar { it.lowercase() }
            val setter = type.methods.firstOrNull { it.name == "set" + name.replaceFirstChar { c -> c.uppercase() } && it.parameterCount == 1 }
            setter?.let { Property(name, getter, it) }
        }
        .sortedBy { it.name }

    private fun option(name: String, value: Any?): String = when (value) {
        is List<*> -> "    <option name=\"$name\">\n      <list>\n" +
            value.joinToString("") { "        <option value=\"${escape(it.toString())}\" />\n" } + "      </list>\n    </option>"
        else -> "    <option name=\"$name\" value=\"${escape(value.toString())}\" />"
    }

    private fun escape(s: String) = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")

    private fun componentElement(xml: String, name: String): Element? {
        val document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(InputSource(StringReader(xml)))
        val components = document.getElementsByTagName("component")
        return (0 until components.length).map { components.item(it) as Element }.firstOrNull { it.getAttribute("name") == name }
    }

    private fun <S> deserialize(element: Element, type: Class<S>): S {
        val state = type.getDeclaredConstructor().newInstance()
        val byName = properties(type).associateBy { it.name }
        val options = element.childNodes.let { nodes -> (0 until nodes.length).mapNotNull { nodes.item(it) as? Element } }
        for (option in options.filter { it.tagName == "option" }) {
            // Unknown options are skipped, as XmlSerializer does for a field that no longer exists.
            val property = byName[option.getAttribute("name")] ?: continue
            property.setter.invoke(state, convert(option, property.setter.parameterTypes[0]))
        }
        return state
    }

    private fun convert(option: Element, type: Class<*>): Any? {
        val text = option.getAttribute("value")
        return when (type) {
            Int::class.javaPrimitiveType, Int::class.javaObjectType -> text.toInt()
            Boolean::class.javaPrimitiveType, Boolean::class.javaObjectType -> text.toBoolean()
            String::class.java -> text
            else -> if (List::class.java.isAssignableFrom(type)) {
                val values = option.getElementsByTagName("option")
                (0 until values.length).mapTo(ArrayList()) { (values.item(it) as Element).getAttribute("value") }
            } else {
                throw AssertionError("the model's state store cannot read a ${type.name} property")
            }
        }
    }
}
