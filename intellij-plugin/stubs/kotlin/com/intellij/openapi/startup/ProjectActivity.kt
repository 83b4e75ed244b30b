// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/core-api/src/com/intellij/openapi/startup/StartupActivity.kt
// Upstream: cb7933fe06c42c54a05bbb3ce90154d29e9932c9 (the one stored version of StartupActivity.kt, (c) 2000-2022; 252 line NOT read: that text predates ProjectActivity and has its Experimental predecessor ProjectPostStartupActivity with the same 'suspend fun execute(project: Project)'; ProjectActivity itself is 2023.1+ public API)
// Written in Kotlin because the member is a `suspend fun`: a Java stub cannot declare one that
// Kotlin code could override, so this one file is compiled with kotlinc (see the README).
package com.intellij.openapi.startup

import com.intellij.openapi.project.Project

/** Runs an activity after project open (registered as `postStartupActivity`). */
interface ProjectActivity {
    suspend fun execute(project: Project)
}
