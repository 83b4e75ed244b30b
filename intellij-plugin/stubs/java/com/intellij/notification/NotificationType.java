// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/ide-core/src/com/intellij/notification/NotificationType.java
// Upstream: facd32ff42cf0c1252786b209e5afd419e22ee8b (text (c) 2000-2021, the only stored version; 252 line inferred)
package com.intellij.notification;

public enum NotificationType { IDE_UPDATE, INFORMATION, WARNING, ERROR }
