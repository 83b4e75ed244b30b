// Gradle and Maven configurations debugged through IntellijIdeFacade.launch over a modelled
// IntelliJ IDEA. Gradle forks the JVM that runs the tests, and by default the IDE debugs the fork
// as a Remote launch of its own: the launch's copy reattaches the launch's own session to it, so
// the failing test stops in the session the agent launched, and the user's saved configuration is
// left as it is. Maven's debugger attaches to the Maven process, not Surefire's fork: the agent
// is told which setting makes the tests debuggable.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.openapi.externalSystem.service.execution.ExternalSystemRunConfiguration
import com.intellij.xdebugger.XDebuggerManager
import dev.jetbrainsdebugger.ide.FailedTest
import dev.jetbrainsdebugger.ide.LaunchMode
import dev.jetbrainsdebugger.ide.LaunchOptions
import dev.jetbrainsdebugger.ide.OutputCategory
import dev.jetbrainsdebugger.ide.StopReason
import dev.jetbrainsdebugger.platformmodel.core.IdeConfig
import dev.jetbrainsdebugger.platformmodel.debugger.DebuggerArea
import dev.jetbrainsdebugger.platformmodel.debugger.program.ScriptedProgram
import java.nio.file.Files
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class BuildToolLaunchTest {
    private fun fixture(program: String, definition: ConfigurationDefinition): ExecutionFixture {
        val f = ExecutionFixture(listOf(DebuggerArea()), IdeConfig.INTELLIJ_IDEA)
        Files.writeString(f.dir.resolve(program), ScriptedProgram.forScript(program)!!.source!!)
        f.runManager.define(definition)
        return f
    }

    @Test
    fun a_gradle_test_task_stops_where_a_test_fails_in_the_launched_session() =
        fixture("RefundTest.java", ConfigurationDefinition("refunds:test", ConfigurationTypeDefinition.GRADLE, listOf(":test", "--tests", "com.example.RefundTest"), "RefundTest.java")).use { f ->
            val session = f.await(f.facade.launch(f.path, "refunds:test", LaunchMode.DEBUG, LaunchOptions(breakOnUncaught = true)))
            val pause = f.sink.awaitPause(session.id)

            assertEquals(StopReason.TEST_FAILED, pause.reason)
            assertEquals(FailedTest("com.example.RefundTest.refundKeepsFee", "expected: <100> but was: <95>", 1), pause.failedTest)
            assertEquals(session.id, pause.session)
            // One debugger: the fork was reattached to the launch's session, not debugged as a Remote launch of its own.
            assertEquals(listOf("refunds:test"), XDebuggerManager.getInstance(f.project).debugSessions.map { it.sessionName })
            val saved = f.runManager.allSettings.single { it.name == "refunds:test" }.configuration as ExternalSystemRunConfiguration
            assertFalse(saved.isReattachDebugProcess, "the user's configuration is left as it is")

            f.await(f.facade.resume(session.id))
            f.sink.awaitTerminated(session.id)
            assertTrue(f.sink.text(session.id, OutputCategory.STDOUT).contains("RefundTest.refundKeepsFee() failed"))
            assertEquals("", f.sink.text(session.id, OutputCategory.CONSOLE))
            f.platform.assertClean()
        }

    @Test
    fun a_maven_debug_launch_says_which_setting_lets_its_tests_stop() =
        fixture("pom.xml", ConfigurationDefinition("refunds [test]", ConfigurationTypeDefinition.MAVEN, listOf("mvn", "test"), "pom.xml")).use { f ->
            val session = f.await(f.facade.launch(f.path, "refunds [test]", LaunchMode.DEBUG, LaunchOptions(breakOnUncaught = true)))
            f.sink.awaitTerminated(session.id)

            assertEquals(true, session.breakOnUncaught, "a Maven launch is a Java one: it breaks on uncaught exceptions")
            val console = f.sink.text(session.id, OutputCategory.CONSOLE)
            assertTrue(console.startsWith("not_supported: the plugin cannot make a failing test stop this session") && console.contains("-DforkCount=0"), console)
            assertTrue(f.sink.text(session.id, OutputCategory.STDOUT).contains("Tests run: 2, Failures: 1"))
            assertEquals(emptyList(), f.sink.pauses, "no stop")
            f.platform.assertClean()
        }
}
