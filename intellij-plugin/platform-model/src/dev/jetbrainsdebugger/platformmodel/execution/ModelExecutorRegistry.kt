// The executors (Run, Debug) and their registry.
package dev.jetbrainsdebugger.platformmodel.execution

import com.intellij.execution.Executor
import com.intellij.execution.ExecutorRegistry

/**
 * Follows platform/execution-impl ExecutorRegistryImpl: executors are the extensions of
 * `com.intellij.executor` (Executor.EXECUTOR_EXTENSION_NAME), looked up by id.
 */
class ModelExecutorRegistry : ExecutorRegistry() {
    override fun getExecutorById(executorId: String): Executor? =
        Executor.EXECUTOR_EXTENSION_NAME.extensionList.firstOrNull { it.id == executorId }
}
