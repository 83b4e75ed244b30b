// IntellijIdeFacade.runConfigurations over the model: what the IDE's RunManager and runners say.
package dev.jetbrainsdebugger.platformmodel.execution

import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

class RunConfigurationsTest {
    @Test
    fun lists_the_calculator_configurations_with_what_the_runners_accept() = ExecutionFixture().use { f ->
        ExecutionArea.calculatorWorld(f.project)

        val listed = f.await(f.facade.runConfigurations(f.path)).associateBy { it.name }

        assertEquals(listOf("App", "npm build", "Broken"), listed.keys.toList())
        val app = listed.getValue("App")
        assertEquals("Python", app.type)
        assertEquals("PythonConfigurationType", app.typeId)
        assertTrue(app.canRun && app.canDebug)
        assertNull(app.unavailableReason)
        assertNull(app.folder)
        assertFalse(app.isTemporary)
        val npm = listed.getValue("npm build")
        assertEquals("js.build_tools.npm", npm.typeId)
        assertEquals("Build", npm.folder)
        assertTrue(npm.canRun)
        assertFalse(npm.canDebug)
        assertEquals("no debugger runner accepts this configuration", npm.unavailableReason)
        // Listing does not validate: Broken is listed as runnable, its problem shows at launch.
        assertTrue(listed.getValue("Broken").canDebug)
        f.platform.assertClean()
    }

    @Test
    fun an_unknown_configuration_is_configuration_not_found_naming_the_ones_there_are() = ExecutionFixture().use { f ->
        ExecutionArea.calculatorWorld(f.project)

        val error = f.failure(f.facade.launch(f.path, "Nope", dev.jetbrainsdebugger.ide.LaunchMode.RUN))

        assertEquals("configuration_not_found", error.code)
        assertEquals(listOf("App", "npm build", "Broken"), error.details["available"])
        f.platform.assertClean()
    }
}
