// What a user reads in a Swing tree: the texts of its labels, text components and buttons, in
// layout order, so tests can assert what a dialog or panel shows without knowing its structure.
package dev.jetbrainsdebugger.platformmodel.ui

import java.awt.Component
import java.awt.Container
import javax.swing.AbstractButton
import javax.swing.JLabel
import javax.swing.text.JTextComponent

object SwingTexts {
    fun of(root: Component): List<String> = buildList { collect(root, this) }

    /** The components of [root] of type [T], depth first. */
    inline fun <reified T : Component> find(root: Component): List<T> = buildList { walk(root) { if (it is T) add(it) } }

    fun walk(c: Component, visit: (Component) -> Unit) {
        visit(c)
        if (c is Container) c.components.forEach { walk(it, visit) }
    }

    private fun collect(root: Component, out: MutableList<String>) = walk(root) { c ->
        val text = when (c) {
            is JLabel -> c.text
            is AbstractButton -> c.text
            is JTextComponent -> c.text
            else -> null
        }
        if (!text.isNullOrBlank()) out += text
    }
}
