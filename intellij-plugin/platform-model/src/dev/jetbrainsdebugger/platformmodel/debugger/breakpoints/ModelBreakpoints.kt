// Breakpoints as XBreakpointBase / XLineBreakpointImpl keep them: state with setters that, when
// the value really changes, tell their manager, which publishes XBreakpointListener.breakpointChanged
// on the project bus (XBreakpointBase.fireBreakpointChanged).
package dev.jetbrainsdebugger.platformmodel.debugger.breakpoints

import com.intellij.xdebugger.XExpression
import com.intellij.xdebugger.breakpoints.SuspendPolicy
import com.intellij.xdebugger.breakpoints.XBreakpoint
import com.intellij.xdebugger.breakpoints.XBreakpointProperties
import com.intellij.xdebugger.breakpoints.XBreakpointType
import com.intellij.xdebugger.breakpoints.XLineBreakpoint
import com.intellij.xdebugger.breakpoints.XLineBreakpointType

open class ModelBreakpoint<P : XBreakpointProperties<*>>(
    private val type: XBreakpointType<*, P>,
    private val properties: P?,
    private val changed: (ModelBreakpoint<*>) -> Unit,
) : XBreakpoint<P> {
    @Volatile private var enabled = true
    @Volatile private var suspendPolicy: SuspendPolicy = type.defaultSuspendPolicy
    @Volatile private var condition: XExpression? = null
    @Volatile private var logExpression: XExpression? = null

    override fun isEnabled() = enabled
    override fun setEnabled(enabled: Boolean) = update(this.enabled, enabled) { this.enabled = it }
    override fun getType(): XBreakpointType<*, P> = type
    override fun getProperties(): P? = properties
    override fun getSuspendPolicy() = suspendPolicy
    override fun setSuspendPolicy(policy: SuspendPolicy) = update(suspendPolicy, policy) { suspendPolicy = it }
    override fun getLogExpressionObject() = logExpression
    override fun setLogExpressionObject(expression: XExpression?) = update(logExpression, expression) { logExpression = it }
    override fun getConditionExpression() = condition
    override fun setConditionExpression(condition: XExpression?) = update(this.condition, condition) { this.condition = it }

    /** Upstream setters fire only when the value differs (Comparing.equal). */
    protected fun <T> update(old: T, new: T, set: (T) -> Unit) {
        if (old == new) return
        set(new)
        changed(this)
    }

    /** Sets the state without firing: how the manager initialises a breakpoint before it is added. */
    internal fun initEnabled(value: Boolean) { enabled = value }
}

class ModelLineBreakpoint<P : XBreakpointProperties<*>>(
    private val lineType: XLineBreakpointType<P>,
    properties: P?,
    private val fileUrl: String,
    private val line: Int,
    @Volatile private var temporary: Boolean,
    changed: (ModelBreakpoint<*>) -> Unit,
) : ModelBreakpoint<P>(lineType, properties, changed), XLineBreakpoint<P> {
    override fun getLine() = line
    override fun getFileUrl() = fileUrl
    override fun getType(): XLineBreakpointType<P> = lineType
    override fun isTemporary() = temporary
    override fun setTemporary(temporary: Boolean) = update(this.temporary, temporary) { this.temporary = it }
    override fun toString() = "${lineType.id} $fileUrl:${line + 1}"
}
