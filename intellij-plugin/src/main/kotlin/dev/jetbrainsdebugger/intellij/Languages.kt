package dev.jetbrainsdebugger.intellij

/** Language names for SessionInfo.language, from the run configuration's type or the debugger's file type. */
internal object Languages {
    fun ofConfiguration(typeId: String?): String? = when (typeId) {
        null -> null
        "PythonConfigurationType", "tests", "PyTest", "py.test", "Unittests", "Django server", "Python.FlaskServer" -> "python"
        "JetRunConfigurationType", "KotlinStandaloneScriptRunConfigurationType" -> "kotlin"
        "Application", "JUnit", "TestNG", "JarApplication", "SpringBootApplicationConfigurationType", "Remote",
        BuildToolLaunches.GRADLE, BuildToolLaunches.MAVEN -> "java"
        "NodeJSConfigurationType", "JavascriptDebugType", "js.build_tools.npm" -> "javascript"
        else -> null
    }

    /** Whether a configuration of type [typeId] runs tests whose failures the runner catches. */
    fun runsTests(typeId: String?): Boolean = typeId in TEST_RUNNERS

    private val TEST_RUNNERS = setOf("tests", "PyTest", "py.test", "Unittests", "JUnit", "TestNG")

    fun ofFileType(name: String?): String? = when (name?.lowercase()) {
        null, "", "plain_text", "unknown" -> null
        "java" -> "java"
        else -> name.lowercase()
    }
}
