// What the modelled platform refuses or reports, collected so that a test fails on it. The
// platform itself throws for some of these (a write action off the EDT), logs an IDE error for
// others (Logger.error, a listener that throws), and merely freezes for one (a blocked EDT): the
// model turns all of them into recorded violations that ModelPlatform.assertClean() reports.
package dev.jetbrainsdebugger.platformmodel.core

enum class ViolationKind {
    /** A write action off the EDT (upstream: "Write access is allowed from event dispatch thread only"). */
    WRITE_OFF_EDT,

    /**
     * A model change (write action, breakpoints, run configurations, a launch) on the EDT in a
     * write-unsafe context, e.g. code posted with ModalityState.any() (upstream TransactionGuardImpl:
     * "Write-unsafe context! Model changes are allowed from write-safe contexts only").
     */
    WRITE_UNSAFE_CONTEXT,

    /** Model data read off the EDT outside a read action (upstream: "Read access is allowed from inside read-action only"). */
    READ_WITHOUT_READ_ACTION,

    /** Something that must run on the EDT ran elsewhere (upstream: ThreadingAssertions.assertEventDispatchThread). */
    NOT_ON_EDT,

    /** The EDT waited outside its event pump for longer than [EdtWatchdog.THRESHOLD_MS] (a freeze in the IDE). */
    EDT_BLOCKED,

    /** Logger.error, or an exception escaping a listener: the IDE shows it to the user as an error. */
    IDE_ERROR,

    /** A synchronous VFS refresh inside a read action (upstream: "Do not perform a synchronous refresh under read lock"). */
    REFRESH_UNDER_READ_ACTION,

    /** A modal dialog the plugin must never open (the "Edit configuration" dialog of an invalid run configuration). */
    UNEXPECTED_DIALOG,
}

class Violation(val kind: ViolationKind, val message: String, val thread: String, val stack: List<StackTraceElement>) {
    override fun toString(): String =
        "$kind on $thread: $message\n" + stack.take(25).joinToString("\n") { "    at $it" }
}

/** Raised where the platform throws for a violation; the violation is recorded as well. */
class ThreadingViolationException(message: String) : IllegalStateException(message)
