// How the bridge names projects (Projects.kt): by their '/'-separated base path, a trailing slash
// or Windows separators being the same project, and a path no open project has answered with
// project_not_found listing the open ones, so the agent can correct itself.
package dev.jetbrainsdebugger.platformmodel.plugin

import dev.jetbrainsdebugger.ide.IdeError
import dev.jetbrainsdebugger.intellij.DebuggerBridgeService
import dev.jetbrainsdebugger.intellij.Projects
import org.junit.jupiter.api.Test
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class ProjectsModelTest {
    @Test
    fun `a path no open project has is project_not_found with the open projects listed`() = withPluginModel {
        val shop = platform.openProject(projectDir("shop"), startupActivities = false)
        val tools = platform.openProject(projectDir("tools"), startupActivities = false)
        val facade = DebuggerBridgeService.getInstance()!!.facade

        val e = assertFailsWith<ExecutionException> { facade.breakpoints("/no/such/project").get(10, TimeUnit.SECONDS) }
        val error = e.cause as IdeError
        assertEquals("project_not_found", error.code)
        assertTrue("/no/such/project" in error.message, error.message)
        assertEquals(listOf(shop.basePath, tools.basePath), error.details["available"])

        // The second project, named with a trailing slash and Windows separators, is found past the first.
        val spelled = tools.basePath.replace('/', '\\') + "\\"
        assertEquals(facade.breakpoints(tools.basePath).get(10, TimeUnit.SECONDS), facade.breakpoints(spelled).get(10, TimeUnit.SECONDS))
        assertEquals(listOf(shop.basePath, tools.basePath), facade.projects().map { it.path })
    }

    @Test
    fun `Windows paths compare without regard to case, other paths exactly`() {
        assertEquals("C:/Users/me/shop", Projects.normalize("C:\\Users\\me\\shop\\"))
        assertEquals("C:/", Projects.normalize("C:\\"))
        assertTrue(Projects.samePath("C:/Users/me/shop", "c:/users/ME/Shop"))
        assertFalse(Projects.samePath("/home/me/Shop", "/home/me/shop"))
        assertFalse(Projects.samePath("C:/Users/me/shop", "/Users/me/shop"))
    }
}
