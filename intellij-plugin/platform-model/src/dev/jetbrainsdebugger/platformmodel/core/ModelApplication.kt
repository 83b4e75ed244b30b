// The modelled Application: one EDT (the AWT event dispatch thread, with the modality-aware
// invokeLater queue of Modality.kt), a pool of background threads, the read/write lock with the
// platform's thread rules, application services, the extension area and the application
// message bus. Rules follow the platform's threading documentation ("General Threading Rules",
// intellij-sdk-docs, 2023.3+ model) and ApplicationImpl: code run through invokeLater on the EDT
// may read; other threads read inside a read action; writing happens on the EDT inside a write
// action only, and the model changes only in a write-safe context (TransactionGuard.kt). Breaking
// a rule records a violation and throws where the platform's assertions throw.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.application.Application
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.extensions.ExtensionPoint
import com.intellij.openapi.extensions.ExtensionsArea
import com.intellij.openapi.util.ThrowableComputable
import java.awt.EventQueue
import java.util.concurrent.Callable
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.Future
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.locks.ReentrantReadWriteLock

class ModelApplication internal constructor(
    /** The plugin's descriptor (plugin.xml and the optional descriptors this IDE loads). */
    val descriptor: PluginDescriptor,
) : Application {
    private val violations = CopyOnWriteArrayList<Violation>()
    private val guard = ModelTransactionGuard()
    private val queue = EdtQueue(guard) { t -> reportViolation(ViolationKind.IDE_ERROR, "an invokeLater task threw: $t", t) }
    private val threadNumber = AtomicInteger(1)
    private val pool: ExecutorService = Executors.newCachedThreadPool { r ->
        Thread(r, "ApplicationImpl pooled thread ${threadNumber.getAndIncrement()}").apply { isDaemon = true }
    }
    private val lock = ReentrantReadWriteLock()
    private val readDepth = ThreadLocal.withInitial { 0 }
    private val services = Services(null)
    private val extensions = HashMap<String, CopyOnWriteArrayList<Any>>()
    private val bus = MessageBus(descriptor, descriptor.applicationListeners, null) { kind, message, t -> reportViolation(kind, message, t) }
    private val watchdog = EdtWatchdog({ queue.dispatchThread }) { message, stack -> record(ViolationKind.EDT_BLOCKED, message, "EDT", stack) }
    @Volatile private var disposed = false

    /**
     * Headless AWT shuts an idle EDT down after a second with no window showing (AWTAutoShutdown),
     * which would also unwind a modal dialog's nested loop; the IDE's EDT lives as long as the IDE.
     * A tick every 200 ms keeps the model's EDT the same thread until the application is disposed.
     */
    private val edtKeepAlive = javax.swing.Timer(200) { }.apply { isRepeats = true }

    init {
        watchdog.start()
        edtKeepAlive.start()
    }

    // ----- services, extensions, message bus --------------------------------

    fun <T : Any> register(serviceClass: Class<T>, instance: T) = services.register(serviceClass, instance)

    override fun <T> getService(serviceClass: Class<T>): T? = services.get(serviceClass)

    fun registerExtension(epName: String, extension: Any) {
        synchronized(extensions) { extensions.getOrPut(epName) { CopyOnWriteArrayList() }.add(extension) }
    }

    override fun getExtensionArea(): ExtensionsArea = object : ExtensionsArea {
        override fun <T> getExtensionPoint(extensionPointName: String): ExtensionPoint<T> = object : ExtensionPoint<T> {
            @Suppress("UNCHECKED_CAST")
            override fun getExtensionList(): List<T> = synchronized(extensions) { extensions[extensionPointName]?.toList().orEmpty() } as List<T>
        }
    }

    fun <L : Any> publisher(topic: Class<L>): L = bus.publisher(topic)

    /** Plugin unload, the application's part: its extensions, services and listeners go (DynamicPlugins.unloadPluginDescriptor). */
    internal fun unloadPlugin(owned: (Class<*>) -> Boolean) {
        synchronized(extensions) { extensions.values.forEach { list -> list.removeIf { owned(it.javaClass) } } }
        services.unload(owned)
        bus.unload(owned)
    }

    fun <L : Any> subscribe(topic: Class<L>, listener: L, parent: com.intellij.openapi.Disposable? = null) = bus.subscribe(topic, listener, parent)

    // ----- threads ----------------------------------------------------------

    override fun invokeLater(runnable: Runnable, state: ModalityState) = queue.post(runnable, state)

    override fun executeOnPooledThread(action: Runnable): Future<*> = pool.submit(action)

    override fun <T> executeOnPooledThread(action: Callable<T>): Future<T> = pool.submit(action)

    override fun isDispatchThread(): Boolean = EventQueue.isDispatchThread()

    override fun assertIsDispatchThread() {
        if (!isDispatchThread()) fail(ViolationKind.NOT_ON_EDT, "Access is allowed from the event dispatch thread only")
    }

    fun assertIsNonDispatchThread() {
        if (isDispatchThread()) fail(ViolationKind.EDT_BLOCKED, "This must not be called on the event dispatch thread (it blocks)")
    }

    override fun getCurrentModalityState(): ModalityState = if (isDispatchThread()) queue.current() else queue.nonModal

    override fun getAnyModalityState(): ModalityState = AnyModality

    override fun getNoneModalityState(): ModalityState = queue.nonModal

    override fun getDefaultModalityState(): ModalityState = getCurrentModalityState()

    /** EDT: enters a new modality level (a modal dialog); the caller pumps it and closes it. */
    fun openModal(name: String): ModalEntry {
        assertIsDispatchThread()
        return queue.enter(name)
    }

    fun openModals(): List<String> = queue.openModals()

    /**
     * Tests: runs [block] on the EDT in any modality and waits (never call it on the EDT). It
     * stands for the user's input (a click, a key), so it is write-safe when the innermost open
     * modality is (TransactionGuardImpl.performUserActivity).
     */
    fun <T> onEdtAndWait(block: () -> T): T {
        check(!isDispatchThread()) { "onEdtAndWait on the EDT would wait for itself" }
        val result = CompletableFuture<T>()
        invokeLater({
            try {
                result.complete(guard.userActivity(queue.current(), block))
            } catch (t: Throwable) {
                result.completeExceptionally(t)
            }
        }, AnyModality)
        return result.get(30, TimeUnit.SECONDS)
    }

    /** Tests: waits until work already queued for the EDT (and allowed now) has run. */
    fun flushEdt() = onEdtAndWait { }

    // ----- read and write ---------------------------------------------------

    override fun isReadAccessAllowed(): Boolean = isDispatchThread() || readDepth.get() > 0 || lock.isWriteLockedByCurrentThread

    override fun isWriteAccessAllowed(): Boolean = isDispatchThread() && lock.isWriteLockedByCurrentThread

    override fun assertReadAccessAllowed() {
        if (!isReadAccessAllowed()) {
            fail(ViolationKind.READ_WITHOUT_READ_ACTION, "Read access is allowed from inside read-action only (see Application.runReadAction())")
        }
    }

    override fun <T, E : Throwable> runReadAction(computation: ThrowableComputable<T, E>): T {
        if (isReadAccessAllowed()) return computation.compute()
        lock.readLock().lock()
        readDepth.set(readDepth.get() + 1)
        try {
            return computation.compute()
        } finally {
            readDepth.set(readDepth.get() - 1)
            lock.readLock().unlock()
        }
    }

    override fun <T, E : Throwable> runWriteAction(computation: ThrowableComputable<T, E>): T {
        if (!isDispatchThread()) fail(ViolationKind.WRITE_OFF_EDT, "Write access is allowed from event dispatch thread only")
        assertWriteSafe("a write action")
        lock.writeLock().lock()
        try {
            return computation.compute()
        } finally {
            lock.writeLock().unlock()
        }
    }

    /**
     * TransactionGuardImpl.assertWriteActionAllowed, for [change] (a write action, or a change of the
     * project model: breakpoints, run configurations, a launch). Recorded, not thrown, as upstream logs it.
     */
    fun assertWriteSafe(change: String) {
        if (guard.isWritingAllowed()) return
        reportViolation(
            ViolationKind.WRITE_UNSAFE_CONTEXT,
            "Write-unsafe context! Model changes are allowed from write-safe contexts only. Please ensure you're using " +
                "invokeLater/invokeAndWait with a correct modality state (not \"any\"). See TransactionGuard documentation " +
                "for details.\n  current modality=${queue.current()} ($change)",
        )
    }

    // ----- violations -------------------------------------------------------

    fun reportViolation(kind: ViolationKind, message: String, cause: Throwable? = null) {
        val text = if (cause == null) message else "$message: $cause"
        record(kind, text, Thread.currentThread().name, (cause ?: Throwable()).stackTrace.toList())
    }

    private fun record(kind: ViolationKind, message: String, thread: String, stack: List<StackTraceElement>) {
        val v = Violation(kind, message, thread, stack)
        violations += v
        System.err.println("PLATFORM MODEL VIOLATION: $v")
    }

    private fun fail(kind: ViolationKind, message: String): Nothing {
        reportViolation(kind, message)
        throw ThreadingViolationException(message)
    }

    fun violations(): List<Violation> = violations.toList()

    // ----- lifecycle --------------------------------------------------------

    override fun isDisposed(): Boolean = disposed

    /** Through Disposer.dispose(app): services first (children), then this. */
    override fun dispose() {
        disposed = true
        services.disposeAll()
        watchdog.stop()
        edtKeepAlive.stop()
        pool.shutdownNow()
    }
}
