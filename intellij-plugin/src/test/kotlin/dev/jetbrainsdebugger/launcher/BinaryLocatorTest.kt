// BinaryLocator: the os.name/os.arch spellings the JVM reports map to the bundled
// directory names, and a missing or non-executable binary fails naming the path.
package dev.jetbrainsdebugger.launcher

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.attribute.PosixFilePermissions
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

class BinaryLocatorTest {
    @Test
    fun os_and_arch_spellings() {
        val table = listOf(
            Triple("Linux", "amd64", "linux-x64"),
            Triple("Linux", "x86_64", "linux-x64"),
            Triple("Linux", "aarch64", "linux-arm64"),
            Triple("Mac OS X", "aarch64", "macos-arm64"),
            Triple("Mac OS X", "x86_64", "macos-x64"),
            Triple("Darwin", "arm64", "macos-arm64"),
            Triple("Windows 11", "amd64", "windows-x64"),
            Triple("Windows Server 2022", "aarch64", "windows-arm64"),
        )
        for ((os, arch, dir) in table) assertEquals(dir, BinaryLocator.platform(os, arch).directory, "$os / $arch")
        assertEquals("jetbrains-debugger-mcp.exe", BinaryLocator.platform("Windows 10", "amd64").executableName)
        assertEquals("jetbrains-debugger-mcp", BinaryLocator.platform("Linux", "amd64").executableName)
    }

    @Test
    fun unsupported_platforms_say_what_they_are() {
        assertTrue("SunOS" in assertFailsWith<BinaryNotFoundException> { BinaryLocator.platform("SunOS", "sparcv9") }.message!!)
        assertTrue("'x86'" in assertFailsWith<BinaryNotFoundException> { BinaryLocator.platform("Linux", "x86") }.message!!)
    }

    @Test
    fun the_expected_path() {
        val p = BinaryLocator.expectedPath(Path.of("/plugins/jetbrains-debugger"), BinaryLocator.Platform("windows", "arm64"))
        assertEquals(Path.of("/plugins/jetbrains-debugger/bin/windows-arm64/jetbrains-debugger-mcp.exe"), p)
    }

    @Test
    fun a_missing_binary_names_the_expected_path(@TempDir dir: Path) {
        val platform = BinaryLocator.Platform("linux", "x64")
        val x = assertFailsWith<BinaryNotFoundException> { BinaryLocator.locate(dir, platform) }
        assertTrue(dir.resolve("bin/linux-x64/jetbrains-debugger-mcp").toString() in x.message!!, x.message)
    }

    @Test
    fun a_present_binary_is_found_and_made_executable_when_the_unzip_lost_the_bit(@TempDir dir: Path) {
        val platform = BinaryLocator.Platform("linux", "x64")
        val bin = Files.createDirectories(dir.resolve("bin/linux-x64")).resolve("jetbrains-debugger-mcp")
        Files.writeString(bin, "#!/bin/sh\n")
        Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rw-r--r--"))
        assertEquals(bin, BinaryLocator.locate(dir, platform))
        assertTrue(Files.isExecutable(bin))
    }

    @Test
    fun a_directory_in_place_of_the_binary_is_not_a_binary(@TempDir dir: Path) {
        val platform = BinaryLocator.Platform("linux", "arm64")
        Files.createDirectories(dir.resolve("bin/linux-arm64/jetbrains-debugger-mcp"))
        assertFailsWith<BinaryNotFoundException> { BinaryLocator.locate(dir, platform) }
    }

    @Test
    fun windows_on_arm_runs_the_x64_binary_when_no_arm64_one_is_shipped(@TempDir dir: Path) {
        val arm = BinaryLocator.Platform("windows", "arm64")
        val x64 = Files.createDirectories(dir.resolve("bin/windows-x64")).resolve("jetbrains-debugger-mcp.exe")
        Files.writeString(x64, "MZ")
        assertEquals(x64, BinaryLocator.locate(dir, arm))
        val native = Files.createDirectories(dir.resolve("bin/windows-arm64")).resolve("jetbrains-debugger-mcp.exe")
        Files.writeString(native, "MZ")
        assertEquals(native, BinaryLocator.locate(dir, arm), "a native binary, once shipped, comes first")
        // Only an OS that emulates another platform falls back: Linux on ARM has no x64 emulation to count on.
        Files.createDirectories(dir.resolve("bin/linux-x64")).resolve("jetbrains-debugger-mcp").also { Files.writeString(it, "#!/bin/sh\n") }
        assertFailsWith<BinaryNotFoundException> { BinaryLocator.locate(dir, BinaryLocator.Platform("linux", "arm64")) }
    }

    @Test
    fun windows_runs_a_copy_outside_the_plugin_folder_named_by_version_and_hash(@TempDir dir: Path) {
        val bundled = dir.resolve("plugin/bin/windows-x64/jetbrains-debugger-mcp.exe")
        Files.createDirectories(bundled.parent)
        Files.writeString(bundled, "binary one")
        val system = dir.resolve("system")

        val copy = BinaryLocator.runFrom(bundled, "windows", system, "1.4.2")
        assertTrue(copy.startsWith(system.resolve("jetbrains-debugger/bin")), "$copy is not under the system directory")
        assertTrue(copy.parent.fileName.toString().startsWith("1.4.2-"), "$copy is not named by the version")
        assertEquals("jetbrains-debugger-mcp.exe", copy.fileName.toString())
        assertEquals("binary one", Files.readString(copy))
        assertEquals(copy, BinaryLocator.runFrom(bundled, "windows", system, "1.4.2"), "the same binary reuses its copy")

        // An update that keeps the version string but ships another binary gets a copy of its own.
        Files.writeString(bundled, "binary two")
        val updated = BinaryLocator.runFrom(bundled, "windows", system, "1.4.2")
        assertTrue(updated != copy, "an old copy would run after the update")
        assertEquals("binary two", Files.readString(updated))
        assertEquals(listOf("jetbrains-debugger-mcp.exe"), Files.list(updated.parent).use { s -> s.map { it.fileName.toString() }.toList() })

        // Elsewhere, or without a system directory, the binary runs in place.
        assertEquals(bundled, BinaryLocator.runFrom(bundled, "linux", system, "1.4.2"))
        assertEquals(bundled, BinaryLocator.runFrom(bundled, "macos", system, "1.4.2"))
        assertEquals(bundled, BinaryLocator.runFrom(bundled, "windows", null, "1.4.2"))
    }
}
