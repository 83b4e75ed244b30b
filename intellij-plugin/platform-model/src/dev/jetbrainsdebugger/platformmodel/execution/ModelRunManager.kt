// The project's RunManager: the configurations it lists, defined from data.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.RunManager
import com.intellij.execution.RunnerAndConfigurationSettings
import com.intellij.execution.configurations.ConfigurationFactory
import com.intellij.execution.configurations.RunConfiguration
import com.intellij.execution.configurations.RunProfile
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.project.Project
import dev.jetbrainsdebugger.platformmodel.core.ModelApplication
import java.util.concurrent.CopyOnWriteArrayList

/**
 * Follows platform/execution-impl RunManagerImpl.kt (index file id 3499342101, the newest text
 * found) as far as the plugin meets it: `allSettings` in definition order, readable from any
 * thread (upstream takes its own read lock); `addConfiguration` replaces settings of the same
 * unique id, and adding a temporary one trims the temporaries past the recents limit
 * (checkRecentsLimit: the oldest ones not among the recently used go); `setTemporaryConfiguration`
 * marks the settings temporary, adds them, and selects them (`shouldSetRunConfigurationFromContext`:
 * the registry key select.run.configuration.from.context, modelled on; its shipped default was not
 * read); a launch moves its temporary configuration to the front of the recently used
 * (refreshUsagesList). Every change is a model change (TransactionGuard.kt). Templates and
 * persistence are left out.
 */
class ModelRunManager(private val project: Project) : RunManager() {
    private val settings = CopyOnWriteArrayList<ModelRunnerAndConfigurationSettings>()
    private val recentlyUsedTemporaries = CopyOnWriteArrayList<RunnerAndConfigurationSettings>()

    @Volatile private var selected: RunnerAndConfigurationSettings? = null

    override fun getAllSettings(): List<RunnerAndConfigurationSettings> = settings.toList()

    override fun getSelectedConfiguration(): RunnerAndConfigurationSettings? = selected

    override fun setSelectedConfiguration(configuration: RunnerAndConfigurationSettings?) {
        changing("the selected run configuration")
        selected = configuration
    }

    override fun addConfiguration(settings: RunnerAndConfigurationSettings) {
        changing("a run configuration added")
        val added = settings as? ModelRunnerAndConfigurationSettings ?: return
        val existing = this.settings.any { it.uniqueID == added.uniqueID }
        this.settings.removeIf { it.uniqueID == added.uniqueID }
        this.settings.add(added)
        if (!existing && added.isTemporary) {
            refreshUsages(added)
            checkRecentsLimit()
        }
    }

    override fun setTemporaryConfiguration(tempConfiguration: RunnerAndConfigurationSettings?) {
        if (tempConfiguration == null) return
        tempConfiguration.isTemporary = true
        addConfiguration(tempConfiguration)
        selectedConfiguration = tempConfiguration
    }

    /** RunManagerImpl.refreshUsagesList(profile), called by ExecutionManagerImpl.doStartRunProfile for every launch. */
    fun refreshUsagesList(profile: RunProfile) {
        settings.firstOrNull { it.configuration === profile }?.let(::refreshUsages)
    }

    private fun refreshUsages(settings: RunnerAndConfigurationSettings) {
        if (!settings.isTemporary) return
        recentlyUsedTemporaries.remove(settings)
        recentlyUsedTemporaries.add(0, settings)
        while (recentlyUsedTemporaries.size > RECENTS_LIMIT) recentlyUsedTemporaries.removeAt(recentlyUsedTemporaries.size - 1)
    }

    private fun checkRecentsLimit() {
        var excess = settings.count { it.isTemporary } - RECENTS_LIMIT
        if (excess <= 0) return
        for (old in settings.toList()) {
            if (excess <= 0) break
            if (old.isTemporary && old !in recentlyUsedTemporaries) {
                settings.remove(old)
                if (selected === old) selected = null
                excess--
            }
        }
    }

    private fun changing(what: String) = (ApplicationManager.getApplication() as ModelApplication).assertWriteSafe(what)

    /** Adds a configuration, as RunManager.addConfiguration does; returns its settings. */
    fun define(definition: ConfigurationDefinition): ModelRunnerAndConfigurationSettings =
        create(definition).also { settings.add(it) }

    /** Settings not added yet, as RunManager.createConfiguration makes them (a producer's new configuration). */
    fun create(definition: ConfigurationDefinition): ModelRunnerAndConfigurationSettings =
        ModelRunnerAndConfigurationSettings(
            if (definition.type == ConfigurationTypeDefinition.GRADLE) ModelGradleRunConfiguration(project, definition) else ModelRunConfiguration.of(project, definition),
        )

    /** RunManagerImpl.createConfiguration(configuration, factory): settings for it, not added to the list. */
    override fun createConfiguration(runConfiguration: RunConfiguration, factory: ConfigurationFactory): RunnerAndConfigurationSettings =
        ModelRunnerAndConfigurationSettings(runConfiguration as DefinedConfiguration)

    companion object {
        /** RunManagerConfig's default recents limit: how many temporary configurations are kept. */
        const val RECENTS_LIMIT = 5

        fun of(project: Project): ModelRunManager = RunManager.getInstance(project) as ModelRunManager
    }
}
