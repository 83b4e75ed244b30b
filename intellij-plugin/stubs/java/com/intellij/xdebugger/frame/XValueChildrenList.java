// Compile-only stub, never packaged (see intellij-plugin/stubs/README.md).
// Mirrors JetBrains/intellij-community platform/xdebugger-api/src/com/intellij/xdebugger/frame/XValueChildrenList.java
// Upstream: 194d67b6d9ec060302145d023f84e0c229b0aa19 (text (c) 2000-2013, the newest intellij text in the index; 252 line NOT read; the five members used are plain getters unchanged in every text seen; bodies and the EMPTY/add/addTopGroup/addBottomGroup/bottomGroup members as in that text, SmartList as ArrayList)
package com.intellij.xdebugger.frame;

import org.jetbrains.annotations.NotNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public class XValueChildrenList {
  public static final XValueChildrenList EMPTY =
    new XValueChildrenList(Collections.emptyList(), Collections.emptyList(), Collections.emptyList());

  private final List<String> myNames;
  private final List<XValue> myValues;
  private final List<XValueGroup> myTopGroups;
  private final List<XValueGroup> myBottomGroups = new ArrayList<>();

  public XValueChildrenList() {
    this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
  }

  private XValueChildrenList(@NotNull List<String> names, @NotNull List<XValue> values, @NotNull List<XValueGroup> topGroups) {
    myNames = names;
    myValues = values;
    myTopGroups = topGroups;
  }

  public static XValueChildrenList bottomGroup(@NotNull XValueGroup group) {
    XValueChildrenList list = new XValueChildrenList();
    list.addBottomGroup(group);
    return list;
  }

  public void add(String name, @NotNull XValue value) {
    myNames.add(name);
    myValues.add(value);
  }

  public void addTopGroup(@NotNull XValueGroup group) {
    myTopGroups.add(group);
  }

  public void addBottomGroup(@NotNull XValueGroup group) {
    myBottomGroups.add(group);
  }

  public int size() {
    return myNames.size();
  }

  public String getName(int i) {
    return myNames.get(i);
  }

  public XValue getValue(int i) {
    return myValues.get(i);
  }

  public List<XValueGroup> getTopGroups() {
    return myTopGroups;
  }

  public List<XValueGroup> getBottomGroups() {
    return myBottomGroups;
  }
}
