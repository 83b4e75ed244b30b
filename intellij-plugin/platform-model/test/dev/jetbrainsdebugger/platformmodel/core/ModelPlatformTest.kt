// The core of the platform model keeps the platform's rules: these tests prove each rule can
// fail (a write off the EDT, a read without a read action, a blocked EDT, Logger.error) and that
// the plumbing the plugin relies on works (modality, plugin.xml listeners and extensions, light
// services, the Async helpers of intellij/ over it).
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.application.ReadAction
import com.intellij.openapi.application.WriteAction
import com.intellij.openapi.diagnostic.Logger
import com.intellij.openapi.project.ProjectManager
import com.intellij.openapi.project.ProjectManagerListener
import com.intellij.openapi.roots.ProjectFileIndex
import com.intellij.openapi.vfs.VirtualFileManager
import dev.jetbrainsdebugger.intellij.BreakpointIds
import dev.jetbrainsdebugger.intellij.ExceptionBreakpointSupport
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.Callable
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

class ModelPlatformTest {
    @TempDir lateinit var dir: Path
    private var platform: ModelPlatform? = null

    private fun start(config: IdeConfig = IdeConfig.PYCHARM) = ModelPlatform.start(config, emptyList()).also { platform = it }

    @AfterEach
    fun close() {
        platform?.close()
    }

    private fun kinds(p: ModelPlatform) = p.violations().map { it.kind }

    @Test
    fun `the model is the application, with the product and services the plugin asks for`() {
        val p = start()
        assertSame(p.app, ApplicationManager.getApplication())
        val project = p.openProject(dir, startupActivities = false)
        assertEquals(listOf(project), ProjectManager.getInstance().openProjects.toList())
        assertNotNull(VirtualFileManager.getInstance())
        // A light project service is created once, with its project.
        val ids = project.getService(BreakpointIds::class.java)
        assertSame(ids, BreakpointIds.of(project))
        p.assertClean()
    }

    @Test
    fun `a write action off the EDT is refused and recorded`() {
        val p = start()
        assertFailsWith<ThreadingViolationException> { WriteAction.run<RuntimeException> { } }
        assertEquals(listOf(ViolationKind.WRITE_OFF_EDT), kinds(p))
        p.app.onEdtAndWait { WriteAction.run<RuntimeException> { assertTrue(p.app.isWriteAccessAllowed) } }
        assertEquals(1, p.violations().size)
    }

    @Test
    fun `reading the project model off the EDT needs a read action`() {
        val p = start()
        val project = p.openProject(dir, startupActivities = false)
        Files.writeString(dir.resolve("a.py"), "x = 1\n")
        val file = p.vfs.file(dir.resolve("a.py"))
        val index = ProjectFileIndex.getInstance(project)
        assertFailsWith<ThreadingViolationException> { index.isInContent(file) }
        assertEquals(listOf(ViolationKind.READ_WITHOUT_READ_ACTION), kinds(p))
        assertTrue(ReadAction.nonBlocking(Callable { index.isInContent(file) }).executeSynchronously())
        assertTrue(p.app.onEdtAndWait { index.isInContent(file) })
        assertEquals(1, p.violations().size)
    }

    @Test
    fun `a blocked EDT is caught by the watchdog`() {
        val p = start()
        val never = CompletableFuture<Unit>()
        p.app.invokeLater({ runCatching { never.get(EdtWatchdog.THRESHOLD_MS * 3, TimeUnit.MILLISECONDS) } }, ModalityState.any())
        p.app.flushEdt()
        assertEquals(listOf(ViolationKind.EDT_BLOCKED), kinds(p))
    }

    @Test
    fun `Logger error is an IDE error`() {
        val p = start()
        Logger.getInstance(javaClass).warn("only a warning", null)
        assertEquals(emptyList(), kinds(p))
        Logger.getInstance(javaClass).error("a bug", IllegalStateException("boom"))
        assertEquals(listOf(ViolationKind.IDE_ERROR), kinds(p))
    }

    @Test
    fun `the plugin's own log reports an error to whichever platform runs`() {
        // IntellijLog keeps its logger for the JVM's life; each test starts a platform of its own.
        start().use { first ->
            dev.jetbrainsdebugger.intellij.IntellijLog.error("first", null)
            assertEquals(listOf(ViolationKind.IDE_ERROR), kinds(first))
        }
        platform = null
        val second = start()
        dev.jetbrainsdebugger.intellij.IntellijLog.error("second", IllegalStateException("boom"))
        assertEquals(listOf(ViolationKind.IDE_ERROR), kinds(second))
        assertTrue("second" in second.violations().single().message)
    }

    @Test
    fun `while a modal is open only any-modality work runs`() {
        val p = start()
        val ran = CopyOnWriteArrayList<String>()
        val modal = CompletableFuture<ModalEntry>()
        p.app.invokeLater({
            val entry = p.app.openModal("dialog")
            modal.complete(entry)
            entry.pump()
            ran += "dialog closed"
        }, ModalityState.nonModal())
        val entry = modal.get(10, TimeUnit.SECONDS)
        p.app.invokeLater({ ran += "non-modal" }, ModalityState.nonModal())
        p.app.invokeLater({ ran += "any" }, ModalityState.any())
        p.app.flushEdt()
        assertEquals(listOf("any"), ran.toList())
        assertEquals(listOf("dialog"), p.app.openModals())
        entry.close()
        p.app.invokeLater({ }, ModalityState.nonModal())
        p.app.flushEdt()
        val deadline = System.currentTimeMillis() + 10_000
        while (ran.size < 3 && System.currentTimeMillis() < deadline) Thread.sleep(5)
        assertEquals("any", ran.first())
        assertEquals(setOf("any", "dialog closed", "non-modal"), ran.toSet())
        p.assertClean()
    }

    @Test
    fun `plugin xml listeners hear the application bus, and optional descriptors follow the IDE's plugins`() {
        val p = start(IdeConfig.PYCHARM)
        val closing = CopyOnWriteArrayList<String>()
        p.app.subscribe(ProjectManagerListener::class.java, object : ProjectManagerListener {
            override fun projectClosing(project: com.intellij.openapi.project.Project) {
                closing += project.name
            }
        })
        val project = p.openProject(dir, "demo", startupActivities = false)
        p.closeProject(project)
        assertEquals(listOf("demo"), closing.toList())
        assertTrue(project.isDisposed)
        val languages = ExceptionBreakpointSupport.EP_NAME.extensionList.map { it.language }
        assertEquals(listOf("Python"), languages)
        p.assertClean()
    }

    @Test
    fun `IntelliJ IDEA loads the Java descriptor instead`() {
        start(IdeConfig.INTELLIJ_IDEA)
        assertEquals(listOf("Java"), ExceptionBreakpointSupport.EP_NAME.extensionList.map { it.language })
    }

    @Test
    fun `a file written after the project opened needs a refresh, outside a read action`() {
        val p = start()
        p.openProject(dir, startupActivities = false)
        val late = dir.resolve("late.py")
        Files.writeString(late, "y = 2\n")
        val vfm = VirtualFileManager.getInstance()
        assertEquals(null, vfm.findFileByUrl("file://$late"))
        val found = vfm.refreshAndFindFileByUrl("file://$late")
        assertNotNull(found)
        assertSame(found, vfm.findFileByUrl("file://$late"))
        assertEquals("Python", (found.fileType as com.intellij.openapi.fileTypes.LanguageFileType).language.id)
        p.app.runReadAction<Unit, RuntimeException> { vfm.refreshAndFindFileByUrl("file://$late") }
        assertEquals(listOf(ViolationKind.REFRESH_UNDER_READ_ACTION), kinds(p))
        assertFalse(p.app.isDispatchThread)
    }
}
