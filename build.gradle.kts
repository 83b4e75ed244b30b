// Release build of the IntelliJ plugin, after JetBrains/intellij-platform-plugin-template
// (IntelliJ Platform Gradle Plugin 2.x). Differences from the template, all deliberate:
//  - sources live in intellij-plugin/ (the repository root also holds the Rust workspace);
//  - the Rust binaries from dist/bin/<os>-<arch>/ are copied into the plugin's bin/ directory,
//    and the build fails naming any that are missing (-PallowMissingBinaries=true for local
//    development builds);
//  - the IntelliJ API stubs in intellij-plugin/stubs/ (used by the offline scripts/kotlin check)
//    are never on any classpath here: the real IntelliJ Platform is.
// Needs the internet; the offline machines use scripts/kotlin instead.
import org.jetbrains.intellij.platform.gradle.IntelliJPlatformType
import org.jetbrains.intellij.platform.gradle.models.ProductRelease
import org.jetbrains.intellij.platform.gradle.tasks.VerifyPluginTask
import org.jetbrains.kotlin.gradle.dsl.KotlinVersion

plugins {
    id("java") // Java support
    alias(libs.plugins.kotlin) // Kotlin support
    alias(libs.plugins.intelliJPlatform) // IntelliJ Platform Gradle Plugin
}

group = providers.gradleProperty("pluginGroup").get()
version = providers.gradleProperty("pluginVersion").get()

// Set the JVM language level used to build the project.
kotlin {
    jvmToolchain(21)
    // The plugin runs on the Kotlin stdlib the IDE bundles (2.1.20 in 2025.2, the since-build):
    // a newer stdlib call must fail the build, not the IDE with NoSuchMethodError.
    compilerOptions {
        apiVersion = KotlinVersion.KOTLIN_2_1
        languageVersion = KotlinVersion.KOTLIN_2_1
    }
    sourceSets.getByName("main").kotlin.setSrcDirs(listOf("intellij-plugin/src/main/kotlin"))
    sourceSets.getByName("test").kotlin.setSrcDirs(listOf("intellij-plugin/src/test/kotlin"))
}

sourceSets {
    main {
        java.setSrcDirs(emptyList<String>())
        resources.setSrcDirs(listOf("intellij-plugin/src/main/resources"))
    }
    test {
        java.setSrcDirs(emptyList<String>())
        resources.setSrcDirs(listOf("intellij-plugin/src/test/resources"))
    }
}

// Configure project's dependencies
repositories {
    mavenCentral()

    // IntelliJ Platform Gradle Plugin Repositories Extension - read more: https://plugins.jetbrains.com/docs/intellij/tools-intellij-platform-gradle-plugin-repositories-extension.html
    intellijPlatform {
        defaultRepositories()
    }
}

// Dependencies are managed with Gradle version catalog - read more: https://docs.gradle.org/current/userguide/platforms.html#sub:version-catalog
dependencies {
    // The bridge's JSON codec. Bundled: Gson inside the IDE is not a public API of the platform.
    implementation(libs.gson)

    testImplementation(platform(libs.junit.bom))
    testImplementation(libs.junit.jupiter)
    testImplementation(kotlin("test"))
    testRuntimeOnly(libs.junit.platform.launcher)

    // IntelliJ Platform Gradle Plugin Dependencies Extension - read more: https://plugins.jetbrains.com/docs/intellij/tools-intellij-platform-gradle-plugin-dependencies-extension.html
    intellijPlatform {
        create(providers.gradleProperty("platformType"), providers.gradleProperty("platformVersion"))

        // Plugin Dependencies. Uses `platformBundledPlugins` property from the gradle.properties file for bundled IntelliJ Platform plugins.
        bundledPlugins(providers.gradleProperty("platformBundledPlugins").map { it.split(',').map(String::trim).filter(String::isNotEmpty) })

        // Plugin Dependencies. Uses `platformPlugins` property from the gradle.properties file for plugin from JetBrains Marketplace.
        plugins(providers.gradleProperty("platformPlugins").map { it.split(',').map(String::trim).filter(String::isNotEmpty) })

        // Plugin Dependencies. Uses `platformCompatiblePlugins` property from the gradle.properties file for plugins from
        // JetBrains Marketplace in their newest version compatible with the target platform (PythonCore for IntelliJ IDEA).
        compatiblePlugins(providers.gradleProperty("platformCompatiblePlugins").map { it.split(',').map(String::trim).filter(String::isNotEmpty) })

        // Plugin Dependencies. Uses `platformBundledModules` property from the gradle.properties file for bundled IntelliJ Platform modules.
        bundledModules(providers.gradleProperty("platformBundledModules").map { it.split(',').map(String::trim).filter(String::isNotEmpty) })
    }
}

// Configure IntelliJ Platform Gradle Plugin - read more: https://plugins.jetbrains.com/docs/intellij/tools-intellij-platform-gradle-plugin-extension.html
intellijPlatform {
    // The settings page (Settings | Tools | Debugger MCP) is not indexed for Settings search:
    // building the index starts a whole IDE during the build, for a handful of options.
    buildSearchableOptions = false

    pluginConfiguration {
        name = "Debugger MCP for AI Agents"
        version = providers.gradleProperty("pluginVersion")

        ideaVersion {
            sinceBuild = providers.gradleProperty("pluginSinceBuild")
            // No until-build, as the template does: the plugin uses public API only, and the
            // verifier below checks the newest releases on every build.
            untilBuild = provider { null }
        }
    }

    signing {
        certificateChain = providers.environmentVariable("CERTIFICATE_CHAIN")
        privateKey = providers.environmentVariable("PRIVATE_KEY")
        password = providers.environmentVariable("PRIVATE_KEY_PASSWORD")
    }

    publishing {
        token = providers.environmentVariable("PUBLISH_TOKEN")
        // The pluginVersion is based on the SemVer (https://semver.org) and supports pre-release labels, like 2.1.7-alpha.3
        channels = providers.gradleProperty("pluginVersion").map { listOf(it.substringAfter('-', "").substringBefore('.').ifEmpty { "default" }) }
    }

    pluginVerification {
        // Release builds only: recommended() also picks EAP and RC builds, where internal API is
        // still moving, so CI would go red on a build no user runs yet.
        ides {
            // IntelliJ IDEA Community and PyCharm Community of the 2025.2 line (the since-build):
            // the two IDEs whose optional dependencies (Java, Python) this plugin uses.
            select {
                types = listOf(IntelliJPlatformType.IntellijIdeaCommunity, IntelliJPlatformType.PyCharmCommunity)
                channels = listOf(ProductRelease.Channel.RELEASE)
                sinceBuild = "252"
                untilBuild = "252.*"
            }
            // The newest 2026.x releases. From 2025.3 on IntelliJ IDEA and PyCharm ship as one
            // product each (IntellijIdea, PyCharm) instead of Community and Ultimate/Professional.
            select {
                types = listOf(IntelliJPlatformType.IntellijIdea, IntelliJPlatformType.PyCharm)
                channels = listOf(ProductRelease.Channel.RELEASE)
                sinceBuild = "261"
            }
        }
        // Fatal, on purpose: what breaks the plugin in a user's IDE (binary incompatibilities, an
        // invalid plugin) and what the code must never do (internal, scheduled-for-removal or
        // override-only API). Reported but not fatal: non-extendable usages (reading a value or
        // its children means implementing XValueNode / XCompositeNode, the platform's callbacks,
        // documented "not supposed to be implemented by a plugin" but the only public way, so a
        // platform that annotates them must not break the build), deprecated and experimental
        // API (warnings to act on, not defects), and missing optional dependencies (Python in
        // IntelliJ IDEA, Java in PyCharm: the optional descriptors exist for exactly that).
        failureLevel = listOf(
            VerifyPluginTask.FailureLevel.COMPATIBILITY_PROBLEMS,
            VerifyPluginTask.FailureLevel.INVALID_PLUGIN,
            VerifyPluginTask.FailureLevel.INTERNAL_API_USAGES,
            VerifyPluginTask.FailureLevel.SCHEDULED_FOR_REMOVAL_API_USAGES,
            VerifyPluginTask.FailureLevel.OVERRIDE_ONLY_API_USAGES,
        )
    }
}

// ---- the bundled Rust binaries ------------------------------------------------------------------
// dist/bin/<os>-<arch>/jetbrains-debugger-mcp[.exe], as .github/workflows/build.yml lays them out;
// copied to <plugin>/bin/<os>-<arch>/, where dev.jetbrainsdebugger.launcher.BinaryLocator looks.
val binaryPlatforms = listOf("linux-x64", "linux-arm64", "macos-x64", "macos-arm64", "windows-x64")
val binariesDir = layout.projectDirectory.dir("dist/bin")
val allowMissingBinaries = providers.gradleProperty("allowMissingBinaries").map { it.toBoolean() }.orElse(false)

val checkBundledBinaries by tasks.registering {
    group = "build"
    description = "Checks that dist/bin holds the jetbrains-debugger-mcp binary of every supported platform."
    val dir = binariesDir
    val platforms = binaryPlatforms
    val allowMissing = allowMissingBinaries
    inputs.property("allowMissing", allowMissing)
    doLast {
        val missing = platforms
            .map { p -> "$p/" + if (p.startsWith("windows")) "jetbrains-debugger-mcp.exe" else "jetbrains-debugger-mcp" }
            .filter { !dir.file(it).asFile.isFile }
            .map { "dist/bin/$it" }
        if (missing.isNotEmpty()) {
            val message = "The plugin bundles the MCP server binary of every platform, but these are missing:\n" +
                missing.joinToString("\n") { "  $it" } +
                "\nBuild them with `cargo build --release -p jetbrains-debugger-mcp` per target (see .github/workflows/build.yml)," +
                "\nor pass -PallowMissingBinaries=true for a local development build."
            if (allowMissing.get()) logger.warn("WARNING: $message") else throw GradleException(message)
        }
    }
}

tasks {
    wrapper {
        gradleVersion = providers.gradleProperty("gradleVersion").get()
    }

    prepareSandbox {
        dependsOn(checkBundledBinaries)
        from(binariesDir) {
            into(intellijPlatform.projectName.get() + "/bin")
            filePermissions { unix("rwxr-xr-x") }
        }
    }

    test {
        useJUnitPlatform()
        // The protocol examples the Kotlin tests decode and re-encode (protocol/README.md).
        systemProperty("protocol.dir", layout.projectDirectory.dir("protocol/messages").asFile.absolutePath)
        // The main sources whose package layers PackageLayersTest checks.
        systemProperty("sources.dir", layout.projectDirectory.dir("intellij-plugin/src/main/kotlin").asFile.absolutePath)
    }
}

// ---- the real-IDE check (the `real-ide` job of .github/workflows/build.yml) ---------------------
// PyCharm Community and IntelliJ IDEA Community of the 2025.2 line started with this plugin on the
// project the job prepares (-PcheckProject=DIR), whose SDK is -PcheckSdkHome (a Python interpreter
// for PyCharm, a JDK for IntelliJ IDEA), registered in the sandbox's config as "check SDK" (the
// project's .idea/misc.xml names it). The job then drives the plugin's MCP server with
// tests/real-ide/mcp_check.py. No dialog may stop an unattended IDE: trusted projects, no consent
// or tips dialogs; the job sets JETBRAINS_DEBUGGER_BRAVE so no confirmation is asked either.
val checkProject = providers.gradleProperty("checkProject")
val checkSdkHome = providers.gradleProperty("checkSdkHome")
intellijPlatformTesting {
    runIde {
        for ((name, ide, sdkType) in listOf(
            Triple("runPyCharmForMcpCheck", IntelliJPlatformType.PyCharmCommunity, "Python SDK"),
            Triple("runIdeaForMcpCheck", IntelliJPlatformType.IntellijIdeaCommunity, "JavaSDK"),
        )) {
            register(name) {
                type = ide
                version = providers.gradleProperty("platformVersion")
                task {
                    argumentProviders += CommandLineArgumentProvider { checkProject.map { listOf(it) }.getOrElse(emptyList()) }
                    jvmArgumentProviders += CommandLineArgumentProvider {
                        listOf(
                            "-Didea.trust.all.projects=true",
                            "-Djb.consents.confirmation.enabled=false",
                            "-Djb.privacy.policy.text=<!--999.999-->",
                            "-Dide.show.tips.on.startup.default.value=false",
                        )
                    }
                    val options = sandboxConfigDirectory.dir("options")
                    val sdkHome = checkSdkHome
                    doFirst {
                        val home = sdkHome.orNull ?: return@doFirst
                        options.get().asFile.apply { mkdirs() }.resolve("jdk.table.xml").writeText(
                            """
                            <application>
                              <component name="ProjectJdkTable">
                                <jdk version="2">
                                  <name value="check SDK" />
                                  <type value="$sdkType" />
                                  <homePath value="$home" />
                                  <roots />
                                  <additional />
                                </jdk>
                              </component>
                            </application>
                            """.trimIndent(),
                        )
                    }
                }
            }
        }
    }
}
