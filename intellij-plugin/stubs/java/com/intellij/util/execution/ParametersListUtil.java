// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/util/src/com/intellij/util/execution/ParametersListUtil.java
// Upstream: 072da9cc1dde9d637743187645ce4b17db1773b2 (index file id 15696118393, text (c) 2000-2013, the one text found; 252 line inferred: join/parse are the documented format of every "program arguments" field)
// Body: as upstream: join quotes a parameter that is empty or holds a space or '|', escaping double quotes; parse splits on whitespace outside double quotes, drops the quotes and un-escapes \".
package com.intellij.util.execution;

import org.jetbrains.annotations.NotNull;

import java.util.ArrayList;
import java.util.List;

public class ParametersListUtil {
  public static @NotNull String join(@NotNull List<? extends CharSequence> parameters) {
    StringBuilder buffer = new StringBuilder();
    for (CharSequence parameter : parameters) {
      if (buffer.length() > 0) buffer.append(' ');
      StringBuilder param = new StringBuilder(parameter.toString().replace("\"", "\\\""));
      if (param.length() == 0 || param.indexOf(" ") >= 0 || param.indexOf("|") >= 0) {
        int trailing = 0;
        while (trailing < param.length() && param.charAt(param.length() - 1 - trailing) == '\\') trailing++;
        param.setLength(param.length() - trailing);
        param.insert(0, '"').append('"');
        param.append("\\".repeat(trailing));
      }
      buffer.append(param);
    }
    return buffer.toString();
  }

  public static @NotNull List<String> parse(@NotNull String parameterString) {
    String s = parameterString.trim();
    List<String> params = new ArrayList<>();
    StringBuilder token = new StringBuilder();
    boolean inQuotes = false;
    boolean escapedQuote = false;
    boolean nonEmpty = false;
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '"') {
        if (!escapedQuote) {
          inQuotes = !inQuotes;
          nonEmpty = true;
          continue;
        }
        escapedQuote = false;
      }
      else if (Character.isWhitespace(ch)) {
        if (!inQuotes) {
          if (token.length() > 0 || nonEmpty) {
            params.add(token.toString());
            token.setLength(0);
            nonEmpty = false;
          }
          continue;
        }
      }
      else if (ch == '\\' && i < s.length() - 1 && s.charAt(i + 1) == '"') {
        escapedQuote = true;
        continue;
      }
      token.append(ch);
    }
    if (token.length() > 0 || nonEmpty) params.add(token.toString());
    return params;
  }
}
