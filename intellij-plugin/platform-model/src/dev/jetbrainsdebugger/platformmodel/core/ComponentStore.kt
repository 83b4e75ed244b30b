// The application's component store, as far as services meet it (upstream ComponentStoreImpl):
// a service that is a PersistentStateComponent gets its stored state when it is created, before
// anyone can use it. The ui area's ModelStateStore is the model's.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.components.PersistentStateComponent

fun interface ComponentStore {
    /** Loads [component]'s stored state into it (loadState, or noStateLoaded), then initializeComponent. */
    fun initComponent(component: PersistentStateComponent<*>)
}
