// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationDisplayType.java
// Upstream: commit not reported (index file id 6954235686, text (c) 2000-2020 with the IdeBundle keys; 252 line inferred: the constants of every text seen)
package com.intellij.notification;

public enum NotificationDisplayType { NONE, BALLOON, STICKY_BALLOON, TOOL_WINDOW }
