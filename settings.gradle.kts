// The release build of the IntelliJ plugin (IntelliJ Platform Gradle Plugin 2.x, laid out like
// JetBrains/intellij-platform-plugin-template). It needs the internet (Gradle Plugin Portal, Maven
// Central, the IntelliJ Platform repositories), so it does not run on the offline build machines:
// there the plugin is compile-checked against API stubs by scripts/kotlin instead.
rootProject.name = "jetbrains-debugger"

plugins {
    // Provisions the Java 21 toolchain when the machine has none.
    id("org.gradle.toolchains.foojay-resolver-convention") version "1.0.0"
}
