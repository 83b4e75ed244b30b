// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XBreakpoint.java
// (text read: copyright 2000-2024). Only the members this plugin uses; bodies are placeholders.
package com.intellij.xdebugger.breakpoints;

import com.intellij.xdebugger.XExpression;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/** The real interface extends UserDataHolder; the String getCondition()/getLogExpression() are gone. */
/* @ApiStatus.NonExtendable in the real source: use, never implement. */
public interface XBreakpoint<P extends XBreakpointProperties> {
  boolean isEnabled();

  void setEnabled(boolean enabled);

  @NotNull XBreakpointType<?, P> getType();

  P getProperties();

  @NotNull SuspendPolicy getSuspendPolicy();

  void setSuspendPolicy(@NotNull SuspendPolicy policy);

  @Nullable XExpression getLogExpressionObject();

  void setLogExpressionObject(@Nullable XExpression expression);

  @Nullable XExpression getConditionExpression();

  void setConditionExpression(@Nullable XExpression condition);
}
