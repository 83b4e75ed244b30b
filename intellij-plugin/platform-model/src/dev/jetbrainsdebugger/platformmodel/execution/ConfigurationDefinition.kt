// Run configurations as data: what a configuration is called, its type, what it runs, how it
// validates and what its launch does. The model's RunManager holds settings built from these;
// tests define their own next to the calculator world of the cross-language test.
package dev.jetbrainsdebugger.platformmodel.execution

/**
 * A configuration type: upstream a ConfigurationType extension; id and display name are what the
 * plugin reads. [dumbAware]: ConfigurationType.isDumbAware (false unless the type says so), whether
 * its configurations may start while the project indexes.
 */
data class ConfigurationTypeDefinition(val id: String, val displayName: String, val description: String = displayName, val dumbAware: Boolean = false) {
    companion object {
        /** PyCharm's PythonConfigurationType (id "PythonConfigurationType", display name "Python"). */
        val PYTHON = ConfigurationTypeDefinition("PythonConfigurationType", "Python")

        /** PyCharm's PythonTestConfigurationType (ID "tests"; display name PyBundle "runcfg.test.display_name"). */
        val PYTHON_TESTS = ConfigurationTypeDefinition("tests", "Python tests")

        /** IntelliJ IDEA's ApplicationConfigurationType (id "Application"): its configurations take arguments, directory and environment. */
        val APPLICATION = ConfigurationTypeDefinition("Application", "Application")

        /** IntelliJ IDEA's JUnitConfigurationType (id "JUnit"). */
        val JUNIT = ConfigurationTypeDefinition("JUnit", "JUnit")

        /**
         * The Gradle plugin's GradleExternalTaskConfigurationType (id "GradleRunConfiguration"): a
         * configuration's command is its task names (ExternalSystemTaskExecutionSettings.taskNames).
         */
        val GRADLE = ConfigurationTypeDefinition("GradleRunConfiguration", "Gradle")

        /** The Maven plugin's MavenRunConfigurationType (id "MavenRunConfiguration"). */
        val MAVEN = ConfigurationTypeDefinition("MavenRunConfiguration", "Maven")

        /** The Java plugin's RemoteConfigurationType (id "Remote"): a JVM the debugger attaches to. */
        val REMOTE = ConfigurationTypeDefinition("Remote", "Remote JVM Debug")

        /** The JavaScript plugin's npm run configuration type. */
        val NPM = ConfigurationTypeDefinition("js.build_tools.npm", "npm")
    }
}

/**
 * A before-launch task (upstream a BeforeRunTask its BeforeRunTaskProvider executes on a pooled
 * thread, e.g. a Java build): it takes [durationMs], then succeeds, or fails when [fails]
 * (`executeTask` returning false), which ends the launch in `processNotStarted`.
 */
data class BeforeLaunchTask(val durationMs: Long = 0, val fails: Boolean = false)

/**
 * What `RunConfiguration.checkConfiguration()` reports: a [fatal] problem is a
 * RuntimeConfigurationError (the IDE would open "Edit configuration" instead of running),
 * otherwise a RuntimeConfigurationException, a warning the IDE runs anyway.
 */
data class ConfigurationProblem(val message: String, val fatal: Boolean)

/**
 * One run configuration.
 * - [command]: what run mode starts as a real OS process, in the project's base directory;
 * - [script]: the file (relative to the project) debug mode hands to the debugger (null: not debuggable there);
 * - [beforeLaunch]: a before-launch task (a build), run before the launch on a pooled thread.
 */
data class ConfigurationDefinition(
    val name: String,
    val type: ConfigurationTypeDefinition,
    val command: List<String>,
    val script: String? = null,
    val folder: String? = null,
    val temporary: Boolean = false,
    val problem: ConfigurationProblem? = null,
    val allowRunningInParallel: Boolean = false,
    val editBeforeRun: Boolean = false,
    val beforeLaunch: BeforeLaunchTask? = null,
) {
    companion object {
        /** A Python configuration that runs [script] with `python3` (what PythonRunConfiguration builds, without the SDK). */
        fun python(name: String, script: String, problem: ConfigurationProblem? = null, allowRunningInParallel: Boolean = false) =
            ConfigurationDefinition(name, ConfigurationTypeDefinition.PYTHON, listOf("python3", "-u", script), script, problem = problem,
                allowRunningInParallel = allowRunningInParallel)
    }
}

/**
 * The configurations of `examples/calculator` in the cross-language test. `Broken` has no
 * interpreter: PyCharm's AbstractPythonRunConfiguration.checkSdk throws
 * RuntimeConfigurationError(PyBundle "runcfg.unittest.no_valid_sdk") for that (index file ids
 * 4261684784, 108344389). `npm build` stands in for an npm script with a `node` one-liner.
 */
object CalculatorWorld {
    val configurations: List<ConfigurationDefinition> = listOf(
        ConfigurationDefinition.python("App", "calculator.py"),
        ConfigurationDefinition(
            "npm build", ConfigurationTypeDefinition.NPM,
            listOf("node", "-e", "console.log('build: dist/calculator.js written')"), folder = "Build",
        ),
        ConfigurationDefinition.python("Broken", "calculator.py", ConfigurationProblem("Please select a valid Python interpreter", fatal = true)),
    )
}
