// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/breakpoints/XBreakpoint.java
// Upstream: commit not reported (index file id 4300523960, text (c) 2000-2024 with @ApiStatus.NonExtendable, the newest of 8 texts found; 252 line inferred; NonExtendable now a real annotation)
package com.intellij.xdebugger.breakpoints;

import com.intellij.xdebugger.XExpression;
import org.jetbrains.annotations.ApiStatus;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

/** The real interface extends UserDataHolder; the String getCondition()/getLogExpression() are gone. */
@ApiStatus.NonExtendable
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
