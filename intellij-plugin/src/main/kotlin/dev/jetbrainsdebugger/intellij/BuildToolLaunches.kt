package dev.jetbrainsdebugger.intellij

import com.intellij.execution.RunManager
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.openapi.externalSystem.service.execution.ExternalSystemRunConfiguration
import com.intellij.openapi.project.Project

/**
 * Launches that hand the program to a build tool (Gradle, Maven: the default in IntelliJ IDEA)
 * instead of starting its JVM themselves.
 *
 * Gradle: the build forks the JVM that runs the tests or the application, and by default the IDE
 * debugs each fork in a session of its own, a Remote configuration named after the task, with a
 * process handler of its own, so nothing pairs it with the launch. With "reattach debug process"
 * (ExternalSystemRunConfiguration's own setting) the launch's session reattaches to each fork, so
 * the program stops in the session the agent launched: the launch's copy turns it on.
 *
 * Maven: the launch's session debugs the Maven process itself; Surefire runs the tests in a JVM of
 * its own unless it is told not to fork, and the plugin cannot change a Maven configuration's
 * command line through the platform's API, so the agent is told which setting to change.
 */
internal object BuildToolLaunches {
    const val GRADLE = "GradleRunConfiguration"
    const val MAVEN = "MavenRunConfiguration"

    /** Gradle tasks (the last segment of a task path) that run tests besides those named `*test`. */
    private val GRADLE_TEST_TASKS = setOf("check", "build")

    /** What a Maven debug launch says where a test fails and nothing stops. */
    const val MAVEN_FORK =
        "the IDE debugs the Maven process, and Maven Surefire runs the tests in a JVM of its own unless told not to fork; " +
            "add -DforkCount=0 to the Maven run configuration's command line (or <forkCount>0</forkCount> to Surefire's " +
            "configuration), or debug the test with the IDE's JUnit or TestNG configuration"

    /** Whether a configuration of [typeId] runs tests: Gradle by its tasks; Maven builds usually do (its goals are the Maven plugin's). */
    fun runsTests(settings: RunnerAndConfigurationSettings): Boolean = when (settings.type.id) {
        GRADLE -> (settings.configuration as? ExternalSystemRunConfiguration)?.settings?.taskNames.orEmpty().any(::isTestTask)
        MAVEN -> true
        else -> false
    }

    private fun isTestTask(name: String): Boolean {
        if (name.startsWith("-")) return false
        val task = name.substringAfterLast(':').lowercase()
        return task.endsWith("test") || task in GRADLE_TEST_TASKS
    }

    /**
     * The settings a debug launch of [settings] runs: for an external-system configuration (Gradle)
     * that does not reattach yet, a copy that does (made as [LaunchCopies] makes one, never added to
     * the project's list); any other, as they are. Pooled + read is enough.
     */
    fun forDebug(project: Project, settings: RunnerAndConfigurationSettings): RunnerAndConfigurationSettings {
        val configuration = settings.configuration as? ExternalSystemRunConfiguration ?: return settings
        if (configuration.isReattachDebugProcess) return settings
        val copy: ExternalSystemRunConfiguration = configuration.clone() ?: return settings
        copy.isReattachDebugProcess = true
        return RunManager.getInstance(project).createConfiguration(copy, settings.factory)
    }

    /** Why a debug launch of [typeId] may not stop where a test fails, though the breakpoint is set; null when it will. */
    fun testStopCaveat(typeId: String): String? = if (typeId == MAVEN) MAVEN_FORK else null
}
