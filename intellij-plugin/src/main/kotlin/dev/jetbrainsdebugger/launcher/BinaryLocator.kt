package dev.jetbrainsdebugger.launcher

import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption
import java.security.MessageDigest

class BinaryNotFoundException(message: String) : RuntimeException(message)

/**
 * Finds the jetbrains-debugger-mcp binary bundled in the plugin for the running OS and CPU:
 * `<pluginDir>/bin/<os>-<arch>/jetbrains-debugger-mcp[.exe]`, os ∈ linux, macos, windows,
 * arch ∈ x64, arm64. The JVM reports these in several spellings ("Mac OS X", "amd64",
 * "x86_64", "aarch64"), so they are normalised here, and a missing binary fails with the
 * exact path that was expected, which is what a user or a packaging bug report needs. Where no
 * binary is shipped for a platform whose OS runs another platform's under emulation (Windows on
 * ARM runs x64 programs), that one is used.
 */
object BinaryLocator {
    const val BINARY_NAME = "jetbrains-debugger-mcp"

    data class Platform(val os: String, val arch: String) {
        val directory: String get() = "$os-$arch"
        val executableName: String get() = if (os == "windows") "$BINARY_NAME.exe" else BINARY_NAME
    }

    /** The platform from `os.name` and `os.arch`; throws [BinaryNotFoundException] for one we ship no binary for. */
    fun platform(
        osName: String = System.getProperty("os.name") ?: "",
        osArch: String = System.getProperty("os.arch") ?: "",
    ): Platform {
        val name = osName.lowercase()
        val os = when {
            name.startsWith("windows") -> "windows"
            name.startsWith("mac") || name.startsWith("darwin") -> "macos"
            name.startsWith("linux") -> "linux"
            else -> throw BinaryNotFoundException("no jetbrains-debugger-mcp binary is bundled for the OS '$osName'")
        }
        val arch = when (osArch.lowercase()) {
            "amd64", "x86_64", "x64", "x86-64", "em64t" -> "x64"
            "aarch64", "arm64" -> "arm64"
            else -> throw BinaryNotFoundException("no jetbrains-debugger-mcp binary is bundled for the CPU architecture '$osArch' ($osName)")
        }
        return Platform(os, arch)
    }

    /** The platform whose binary runs, emulated, where [Platform] has none of its own. */
    private val EMULATED = mapOf(Platform("windows", "arm64") to Platform("windows", "x64"))

    fun expectedPath(pluginDir: Path, platform: Platform = platform()): Path =
        pluginDir.resolve("bin").resolve(platform.directory).resolve(platform.executableName)

    /** The bundled binary; throws [BinaryNotFoundException] naming the expected path when it is missing or not executable. */
    fun locate(pluginDir: Path, platform: Platform = platform()): Path {
        val native = expectedPath(pluginDir, platform)
        val path = sequenceOf(native).plus(listOfNotNull(EMULATED[platform]).map { expectedPath(pluginDir, it) })
            .firstOrNull { Files.isRegularFile(it) }
            ?: throw BinaryNotFoundException("the bundled MCP server binary is missing: expected $native")
        // Unzipping a plugin can lose the executable bit; restoring it for the owner is what
        // the user would do by hand.
        if (!Files.isExecutable(path) && !(path.toFile().setExecutable(true, true) && Files.isExecutable(path))) {
            throw BinaryNotFoundException("the bundled MCP server binary is not executable: $path")
        }
        return path
    }

    /**
     * Where [bundled] runs from. Windows cannot delete a running program, and the IDE deletes the
     * plugin folder right after unloading it (an update or an uninstall without restart), before
     * the binary has exited: there it runs from a copy in `<systemDir>/jetbrains-debugger/bin/
     * <version>-<hash>/`, named by the plugin's version and the binary's own hash, so that an
     * update never runs an old copy and two IDEs share one. Elsewhere a running program's file
     * can go, and it runs in place. Without a system directory it runs in place.
     */
    fun runFrom(bundled: Path, os: String, systemDir: Path?, version: String): Path {
        if (os != "windows" || systemDir == null) return bundled
        val hash = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(bundled))
            .take(HASH_BYTES).joinToString("") { "%02x".format(it) }
        val copy = systemDir.resolve("jetbrains-debugger").resolve("bin").resolve("$version-$hash").resolve(bundled.fileName)
        if (Files.isRegularFile(copy)) return copy
        Files.createDirectories(copy.parent)
        // Written beside it and moved into place, so a second IDE never runs a half-written copy.
        val partial = Files.createTempFile(copy.parent, bundled.fileName.toString(), ".partial")
        try {
            Files.copy(bundled, partial, StandardCopyOption.REPLACE_EXISTING)
            Files.move(partial, copy, StandardCopyOption.ATOMIC_MOVE)
        } catch (e: java.nio.file.FileAlreadyExistsException) {
            // Another IDE put the same copy there first.
        } finally {
            Files.deleteIfExists(partial)
        }
        return copy
    }

    private const val HASH_BYTES = 8
}
