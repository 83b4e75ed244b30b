// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/startup/StartupActivity.kt
// (text read: copyright 2000-2023), which declares ProjectActivity next to the obsolete StartupActivity.
// Written in Kotlin because the member is a `suspend fun`: a Java stub cannot declare one that
// Kotlin code could override, so this one file is compiled with kotlinc (see the README).
package com.intellij.openapi.startup

import com.intellij.openapi.project.Project

/** Runs an activity after project open (registered as `postStartupActivity`). */
interface ProjectActivity {
    suspend fun execute(project: Project)
}
