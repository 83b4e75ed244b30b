// PyCharm's run configuration producers for a Python file (extensions of
// com.intellij.runConfigurationProducer), which ConfigurationContext asks for the configuration of
// a location (the editor gutter's Run/Debug, and the plugin's file launch):
//  - PythonRunConfigurationProducer (python/src/com/jetbrains/python/run, index file id
//    10770379778): a Python file that is not a test file becomes a Python configuration running
//    it, named as PythonRunConfiguration.suggestedName names it (the file name without ".py");
//    an existing Python configuration of that script is "from this context". Upstream a test file
//    is left to the test producer by the test runners' RunnableScriptFilter.
//  - PyTestsConfigurationProducer (python/src/com/jetbrains/python/testing/PyTestsShared.kt, index
//    file id 3893990915): a test file becomes a "Python tests" configuration with the file as its
//    PATH target, named "<framework> in <file name>" (PyBundle "runcfg.test.suggest.name.in.path";
//    the message text is PyCharm's as the UI shows it, the bundle was not read); it replaces a
//    Python configuration made from the same context (shouldReplace / isPreferredConfiguration).
// Upstream both resolve the file's module and SDK, and the test producer looks up the test
// frameworks, reading indexes: in dumb mode they may throw IndexNotReadyException, and the
// model's always do.
// Simpler than upstream: the file is the only PSI (no functions or classes to narrow the target
// to), a test file is one pytest collects by default (test_*.py, *_test.py) rather than one with
// tests in it, the test framework is always pytest, and there are no modules or SDKs.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.RunManager
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.execution.actions.ConfigurationContext
import com.intellij.execution.actions.ConfigurationFromContext
import com.intellij.execution.actions.RunConfigurationProducer
import com.intellij.openapi.application.ApplicationManager
import com.intellij.psi.PsiElement
import dev.jetbrainsdebugger.platformmodel.core.ModelFileTypes
import dev.jetbrainsdebugger.platformmodel.core.ModelProject
import dev.jetbrainsdebugger.platformmodel.core.ModelVirtualFile
import java.nio.file.Path

/** Upstream ConfigurationFromContextImpl: which of two configurations wins is asked of their producers. */
internal class ModelConfigurationFromContext(
    private val producer: RunConfigurationProducer<*>,
    private var settings: RunnerAndConfigurationSettings,
    private val source: PsiElement,
) : ConfigurationFromContext() {
    override fun getConfigurationSettings(): RunnerAndConfigurationSettings = settings
    override fun setConfigurationSettings(configurationSettings: RunnerAndConfigurationSettings) {
        settings = configurationSettings
    }
    override fun getSourceElement(): PsiElement = source
    override fun isPreferredTo(other: ConfigurationFromContext): Boolean = producer.isPreferredConfiguration(this, other)
    override fun shouldReplace(other: ConfigurationFromContext): Boolean = producer.shouldReplace(this, other)
}

/** A producer that makes one configuration of [type] for a whole Python file it takes. */
internal abstract class PythonFileProducer(private val type: ConfigurationTypeDefinition) :
    RunConfigurationProducer<ModelRunConfiguration>(true) {
    /** The configuration for [script] (project-relative, '/'-separated), or null when this producer does not take it. */
    protected abstract fun definitionFor(script: String): ConfigurationDefinition?

    /** The context's Python file, relative to the project; producers read PSI, so in a read action. */
    private fun scriptOf(context: ConfigurationContext): String? {
        ApplicationManager.getApplication().assertReadAccessAllowed()
        (context.project as? ModelProject)?.indexing?.requireIndexes()
        val psi = context.psiLocation?.containingFile ?: return null
        if (psi.fileType != ModelFileTypes.PYTHON) return null
        val file = (psi.virtualFile as? ModelVirtualFile)?.nioPath ?: return null
        val base = Path.of(context.project.basePath ?: return null).toAbsolutePath().normalize()
        return if (file.startsWith(base)) base.relativize(file).joinToString("/") else null
    }

    override fun createConfigurationFromContext(context: ConfigurationContext): ConfigurationFromContext? {
        val definition = scriptOf(context)?.let(::definitionFor) ?: return null
        val source = context.psiLocation ?: return null
        return ModelConfigurationFromContext(this, ModelRunManager.of(context.project).create(definition), source)
    }

    override fun isConfigurationFromContext(configuration: ModelRunConfiguration, context: ConfigurationContext): Boolean {
        val made = scriptOf(context)?.let(::definitionFor) ?: return false
        return configuration.definition.type == type && configuration.definition.script == made.script
    }

    override fun getConfigurationSettingsList(runManager: RunManager): List<RunnerAndConfigurationSettings> =
        runManager.allSettings.filter { it.type.id == type.id }

    protected fun isTestFile(script: String): Boolean {
        val name = script.substringAfterLast('/')
        return name.endsWith(".py") && (name.startsWith("test_") || name.endsWith("_test.py"))
    }
}

internal class PythonScriptProducer : PythonFileProducer(ConfigurationTypeDefinition.PYTHON) {
    override fun definitionFor(script: String): ConfigurationDefinition? =
        if (isTestFile(script)) null else ConfigurationDefinition.python(script.substringAfterLast('/').removeSuffix(".py"), script)
}

internal class PytestProducer : PythonFileProducer(ConfigurationTypeDefinition.PYTHON_TESTS) {
    override fun definitionFor(script: String): ConfigurationDefinition? =
        if (!isTestFile(script)) null
        else ConfigurationDefinition(
            "pytest in ${script.substringAfterLast('/')}", ConfigurationTypeDefinition.PYTHON_TESTS,
            listOf("python3", "-m", "pytest", script), script,
        )

    private fun madeFromScript(other: ConfigurationFromContext) = other.configuration.type.id == ConfigurationTypeDefinition.PYTHON.id

    override fun shouldReplace(self: ConfigurationFromContext, other: ConfigurationFromContext): Boolean = madeFromScript(other)

    override fun isPreferredConfiguration(self: ConfigurationFromContext, other: ConfigurationFromContext): Boolean = madeFromScript(other)
}
