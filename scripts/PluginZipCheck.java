// The plugin zip inspected as IntelliJ's plugin loader and the Plugin Verifier's structure checks
// inspect it (scripts/check-plugin-zip runs this file with the API stubs on the class path).
//
// Rules, and where they come from:
//  - layout: one folder holding lib/*.jar (PluginDescriptorLoader loads lib/*.jar of a plugin folder);
//  - descriptor: exactly one jar of lib/ has META-INF/plugin.xml (the Verifier's PluginDescriptorIsNotFound
//    and MultiplePluginDescriptors); it parses;
//  - fields (intellij-plugin-structure PluginBeanValidator, PluginIdVerifier): id set, at most 255
//    characters, no forbidden prefix (com.example ..., com.intellij, org.jetbrains) and no product word
//    as a component (intellij, pycharm ...); name set and free of product words; version set, at most
//    64 characters; vendor set; description at least 40 characters starting in Latin script;
//    <idea-version since-build> a build number (no wildcard, at least 130); no until-build (this
//    plugin's policy, as its Gradle build);
//  - optional descriptors: every <depends config-file> is a file in the same jar's META-INF/
//    (OptionalDependencyDescriptorResolutionProblem);
//  - classes: every class a descriptor names exists, loads with the platform (the stubs) as its parent,
//    and implements what its extension point or listener topic requires;
//  - bytecode: no class file newer than Java 21 (major 65), the runtime of IntelliJ 2025.2;
//  - no Kotlin stdlib or coroutines bundled (the IDE provides them; a second copy breaks class identity);
//  - icons: every icon a descriptor names exists (with its _dark variant and the new UI's @20x20 ones), at its size (a tool window's classic icon 13x13, the @20x20 ones 20x20, others 16x16);
//    the plugin logo (META-INF/pluginIcon.svg) is a warning when missing, as in the Verifier;
//  - resource bundles: the <resource-bundle> exists, and every key= a descriptor uses is in it;
//  - the binary: bin/<os>-<arch>/jetbrains-debugger-mcp for linux-x64, where BinaryLocator looks.
//
// Prints one line per finding (ERROR or WARNING) and a summary; exits 1 when there is an ERROR.
//   java -cp <stubs>:<kotlin-stdlib> scripts/PluginZipCheck.java <plugin zip>

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

public class PluginZipCheck {
  static final int MAX_CLASS_MAJOR = 65; // Java 21
  static final List<String> ILLEGAL_ID_PREFIXES = List.of("com.example", "net.example", "org.example", "edu.example", "com.intellij", "org.jetbrains");
  static final List<String> ID_RESTRICTED_WORDS = List.of("aqua", "clion", "datagrip", "datalore", "dataspell", "dotcover", "dotmemory",
    "dotpeek", "dottrace", "fleet", "goland", "intellij", "qodana", "phpstorm", "pycharm", "resharper", "rider", "rubymine", "space",
    "webstorm", "youtrack");
  static final List<String> NAME_RESTRICTED_WORDS = List.of("plugin", "JetBrains", "IDEA", "PyCharm", "CLion", "AppCode", "DataGrip",
    "Fleet", "GoLand", "PhpStorm", "WebStorm", "Rider", "ReSharper", "TeamCity", "YouTrack", "RubyMine", "IntelliJ");
  static final Pattern LATIN_START = Pattern.compile("^[\\w\\s\\p{Punct}\\u2013\\u2014]{40,}");
  /** Platform extension points whose class attribute must implement a platform type. */
  static final Map<String, String[]> PLATFORM_EXTENSIONS = Map.of(
    "com.intellij.postStartupActivity", new String[]{"implementation", "com.intellij.openapi.startup.ProjectActivity"},
    "com.intellij.toolWindow", new String[]{"factoryClass", "com.intellij.openapi.wm.ToolWindowFactory"},
    "com.intellij.applicationConfigurable", new String[]{"instance", "com.intellij.openapi.options.Configurable"},
    "com.intellij.projectConfigurable", new String[]{"instance", "com.intellij.openapi.options.Configurable"});
  static final String BINARY = "bin/linux-x64/jetbrains-debugger-mcp";

  final List<String> errors = new ArrayList<>();
  final List<String> warnings = new ArrayList<>();

  void error(String message) { errors.add(message); }

  void warning(String message) { warnings.add(message); }

  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: java -cp <stubs>:<kotlin-stdlib> scripts/PluginZipCheck.java <plugin zip>");
      System.exit(2);
    }
    PluginZipCheck check = new PluginZipCheck();
    check.run(Path.of(args[0]));
    check.warnings.forEach(w -> System.out.println("WARNING: " + w));
    check.errors.forEach(e -> System.out.println("ERROR: " + e));
    System.out.println(check.errors.size() + " errors, " + check.warnings.size() + " warnings: " + args[0]);
    System.exit(check.errors.isEmpty() ? 0 : 1);
  }

  void run(Path zip) throws Exception {
    Map<String, byte[]> files = new TreeMap<>();
    Map<String, Integer> modes = new TreeMap<>();
    try (ZipFile archive = new ZipFile(zip.toFile())) {
      for (Enumeration<? extends ZipEntry> e = archive.entries(); e.hasMoreElements(); ) {
        ZipEntry entry = e.nextElement();
        if (entry.isDirectory()) continue;
        try (InputStream in = archive.getInputStream(entry)) {
          files.put(entry.getName(), in.readAllBytes());
        }
      }
    }
    java.util.Set<String> roots = new java.util.TreeSet<>();
    for (String name : files.keySet()) roots.add(name.contains("/") ? name.substring(0, name.indexOf('/')) : "");
    if (roots.size() != 1 || roots.contains("")) {
      error("layout: the zip must hold exactly one folder (the plugin's), it holds " + roots);
      return;
    }
    String root = roots.iterator().next() + "/";
    Map<String, Map<String, byte[]>> jars = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> f : files.entrySet()) {
      String inner = f.getKey().substring(root.length());
      if (inner.endsWith(".jar")) {
        if (inner.startsWith("lib/") && inner.indexOf('/', 4) < 0) jars.put(inner, readJar(f.getValue()));
        else warning("layout: " + inner + " is not in lib/, the plugin loader does not load it");
      }
    }
    if (jars.isEmpty()) {
      error("layout: " + root + "lib/ holds no jar");
      return;
    }
    checkBundledLibraries(jars);
    checkBytecode(jars);
    checkBinary(files, root);

    List<String> withDescriptor = new ArrayList<>();
    for (Map.Entry<String, Map<String, byte[]>> jar : jars.entrySet()) {
      if (jar.getValue().containsKey("META-INF/plugin.xml")) withDescriptor.add(jar.getKey());
    }
    if (withDescriptor.size() != 1) {
      error("descriptor: META-INF/plugin.xml must be in exactly one jar of lib/, found in " + withDescriptor);
      return;
    }
    Map<String, byte[]> pluginJar = jars.get(withDescriptor.get(0));
    Element plugin = parse(pluginJar.get("META-INF/plugin.xml"), "META-INF/plugin.xml");
    if (plugin == null) return;
    checkFields(plugin);

    List<Element> descriptors = new ArrayList<>(List.of(plugin));
    for (Element depends : children(plugin, "depends")) {
      String file = depends.getAttribute("config-file");
      if (file.isEmpty()) continue;
      byte[] optional = pluginJar.get("META-INF/" + file);
      if (optional == null) {
        error("descriptor: <depends config-file=\"" + file + "\"> names META-INF/" + file + ", which the plugin jar does not have");
        continue;
      }
      Element parsed = parse(optional, "META-INF/" + file);
      if (parsed != null) descriptors.add(parsed);
    }
    checkClasses(plugin, descriptors, jars);
    checkIcons(descriptors, pluginJar);
    checkBundle(plugin, descriptors, pluginJar);
  }

  // ---- descriptor fields -------------------------------------------------------------------

  void checkFields(Element plugin) {
    String id = text(plugin, "id");
    if (id == null || id.isBlank()) {
      error("descriptor: <id> is not set");
    } else {
      if (id.length() > 255) error("descriptor: <id> is longer than 255 characters");
      if (id.contains("\n")) error("descriptor: <id> contains a line break");
      for (String prefix : ILLEGAL_ID_PREFIXES) if (id.startsWith(prefix)) error("descriptor: the plugin ID '" + id + "' has a prefix '" + prefix + "' that is not allowed");
      for (String part : id.split("\\.")) {
        if (ID_RESTRICTED_WORDS.contains(part.toLowerCase(Locale.ROOT))) error("descriptor: the plugin ID '" + id + "' should not include the word '" + part + "'");
      }
    }
    String name = text(plugin, "name");
    if (name == null || name.isBlank()) {
      error("descriptor: <name> is not set");
    } else {
      for (String word : NAME_RESTRICTED_WORDS) {
        if (Pattern.compile("\\b" + Pattern.quote(word) + "\\b", Pattern.CASE_INSENSITIVE).matcher(name).find()) {
          error("descriptor: the plugin name '" + name + "' should not include the word '" + word + "'");
        }
      }
    }
    String version = text(plugin, "version");
    if (version == null || version.isBlank()) error("descriptor: <version> is not set (patchPluginXml writes it)");
    else if (version.length() > 64) error("descriptor: <version> is longer than 64 characters");
    String vendor = text(plugin, "vendor");
    if (vendor == null || vendor.isBlank()) error("descriptor: <vendor> is not set");
    else if (children(plugin, "vendor").get(0).getAttribute("url").isEmpty() && children(plugin, "vendor").get(0).getAttribute("email").isEmpty()) {
      warning("descriptor: <vendor> has neither url nor email (JetBrains Marketplace shows them)");
    }
    String description = text(plugin, "description");
    String plain = description == null ? "" : description.replaceAll("<[^>]+>", "").trim();
    if (plain.length() < 40 || !LATIN_START.matcher(plain).find()) {
      error("descriptor: <description> must be at least 40 characters and start in Latin script");
    }
    List<Element> ideaVersion = children(plugin, "idea-version");
    if (ideaVersion.isEmpty()) {
      error("descriptor: <idea-version since-build> is not set (patchPluginXml writes it)");
    } else {
      String since = ideaVersion.get(0).getAttribute("since-build");
      if (!since.matches("\\d+(\\.\\d+)*")) error("descriptor: since-build '" + since + "' is not a build number without wildcards");
      else if (Integer.parseInt(since.split("\\.")[0]) < 130) error("descriptor: since-build '" + since + "' is below 130");
      if (ideaVersion.get(0).hasAttribute("until-build")) error("descriptor: until-build is set; this plugin declares none (build.gradle.kts)");
    }
    for (Element depends : children(plugin, "depends")) {
      if (depends.getTextContent().isBlank()) error("descriptor: a <depends> names no plugin or module");
    }
  }

  // ---- classes ---------------------------------------------------------------------------------

  void checkClasses(Element plugin, List<Element> descriptors, Map<String, Map<String, byte[]>> jars) throws IOException {
    Path unpacked = Files.createTempDirectory("plugin-zip-check");
    try {
      List<URL> urls = new ArrayList<>();
      for (Map.Entry<String, Map<String, byte[]>> jar : jars.entrySet()) {
        Path dir = unpacked.resolve(jar.getKey().replace('/', '_'));
        for (Map.Entry<String, byte[]> e : jar.getValue().entrySet()) {
          Path target = dir.resolve(e.getKey());
          Files.createDirectories(target.getParent());
          Files.write(target, e.getValue());
        }
        urls.add(dir.toUri().toURL());
      }
      // The plugin's own loader with the platform (this JVM's class path: the stubs) as its parent.
      try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), PluginZipCheck.class.getClassLoader())) {
        Map<String, String> ownPoints = new LinkedHashMap<>();
        for (Element d : descriptors) {
          for (Element points : children(d, "extensionPoints")) {
            for (Element point : children(points, "extensionPoint")) {
              String qualified = point.getAttribute("qualifiedName");
              String iface = point.getAttribute("interface");
              String id = text(plugin, "id");
              if (qualified.isEmpty() || iface.isEmpty()) error("extension point: needs qualifiedName and interface: " + point.getAttribute("name"));
              else if (id != null && !qualified.startsWith(id + ".")) warning("extension point: " + qualified + " is not named after the plugin id " + id);
              ownPoints.put(qualified, iface);
              load(loader, iface, "the interface of extension point " + qualified, null);
            }
          }
        }
        for (Element d : descriptors) {
          for (String section : List.of("applicationListeners", "projectListeners")) {
            for (Element block : children(d, section)) {
              for (Element listener : children(block, "listener")) {
                load(loader, listener.getAttribute("class"), "listener of " + listener.getAttribute("topic"), listener.getAttribute("topic"));
              }
            }
          }
          for (Element block : children(d, "extensions")) {
            String ns = block.getAttribute("defaultExtensionNs");
            for (Element extension : elements(block)) {
              String point = ns + "." + extension.getTagName();
              String[] platform = PLATFORM_EXTENSIONS.get(point);
              if (platform != null) {
                load(loader, extension.getAttribute(platform[0]), point, platform[1]);
              } else if (ownPoints.containsKey(point)) {
                load(loader, extension.getAttribute("implementation"), point, ownPoints.get(point));
              } else if (!point.startsWith("com.intellij.")) {
                error("extension: " + point + " is no extension point of this plugin");
              }
            }
          }
        }
      }
    } finally {
      try (var walk = Files.walk(unpacked)) {
        walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** Loads [name] without initialising it (its superclass and interfaces resolve); checks it is a [required]. */
  void load(ClassLoader loader, String name, String what, String required) {
    if (name == null || name.isEmpty()) {
      error("class: " + what + " names no class");
      return;
    }
    try {
      Class<?> cls = Class.forName(name, false, loader);
      if (required != null) {
        Class<?> want = Class.forName(required, false, loader);
        if (!want.isAssignableFrom(cls)) error("class: " + name + " (" + what + ") does not implement " + required);
      }
    } catch (ClassNotFoundException | LinkageError e) {
      error("class: " + name + " (" + what + ") cannot be loaded: " + e);
    }
  }

  // ---- bytecode, libraries, binary ------------------------------------------------------------

  void checkBytecode(Map<String, Map<String, byte[]>> jars) {
    for (Map.Entry<String, Map<String, byte[]>> jar : jars.entrySet()) {
      for (Map.Entry<String, byte[]> e : jar.getValue().entrySet()) {
        if (!e.getKey().endsWith(".class")) continue;
        byte[] b = e.getValue();
        if (b.length < 8 || (b[0] & 0xff) != 0xCA || (b[1] & 0xff) != 0xFE || (b[2] & 0xff) != 0xBA || (b[3] & 0xff) != 0xBE) {
          error("bytecode: " + jar.getKey() + "!/" + e.getKey() + " is not a class file");
          continue;
        }
        int major = ((b[6] & 0xff) << 8) | (b[7] & 0xff);
        if (major > MAX_CLASS_MAJOR) {
          error("bytecode: " + jar.getKey() + "!/" + e.getKey() + " is class file version " + major + ", newer than Java 21 (" + MAX_CLASS_MAJOR + ")");
        }
      }
    }
  }

  void checkBundledLibraries(Map<String, Map<String, byte[]>> jars) {
    for (Map.Entry<String, Map<String, byte[]>> jar : jars.entrySet()) {
      String file = jar.getKey().substring("lib/".length());
      if (file.startsWith("kotlin-stdlib") || file.startsWith("kotlin-reflect") || file.startsWith("kotlinx-coroutines")) {
        error("libraries: " + jar.getKey() + " bundles what the IDE provides (Kotlin stdlib or coroutines)");
      }
      long kotlin = jar.getValue().keySet().stream().filter(n -> n.startsWith("kotlin/") || n.startsWith("kotlinx/coroutines/")).count();
      if (kotlin > 0) error("libraries: " + jar.getKey() + " contains " + kotlin + " Kotlin stdlib or coroutines classes (kotlin/, kotlinx/coroutines/)");
    }
  }

  void checkBinary(Map<String, byte[]> files, String root) {
    byte[] binary = files.get(root + BINARY);
    if (binary == null) {
      error("binary: " + root + BINARY + " is missing (BinaryLocator looks there on Linux x64)");
    } else if (binary.length < 4 || binary[0] != 0x7f || binary[1] != 'E' || binary[2] != 'L' || binary[3] != 'F') {
      error("binary: " + root + BINARY + " is not an ELF executable");
    }
  }

  // ---- icons and the message bundle -----------------------------------------------------------

  void checkIcons(List<Element> descriptors, Map<String, byte[]> pluginJar) {
    for (Element d : descriptors) {
      for (Element block : children(d, "extensions")) {
        for (Element extension : elements(block)) {
          String icon = extension.getAttribute("icon");
          if (icon.isEmpty() || !icon.startsWith("/")) continue;
          String path = icon.substring(1);
          String base = path.endsWith(".svg") ? path.substring(0, path.length() - 4) : path;
          for (String variant : List.of(path, base + "_dark.svg", base + "@20x20.svg", base + "@20x20_dark.svg")) {
            byte[] svg = pluginJar.get(variant);
            if (svg == null) error("icons: " + variant + " (for " + extension.getTagName() + " " + extension.getAttribute("id") + ") is not in the plugin jar");
            else checkSvg(variant, svg, CLASSIC_ICON_SIZE.getOrDefault(extension.getTagName(), "16"));
          }
        }
      }
    }
    if (!pluginJar.containsKey("META-INF/pluginIcon.svg")) warning("icons: META-INF/pluginIcon.svg (the plugin's logo) is missing");
  }

  /**
   * The classic UI's size of an extension's icon where it is not 16 (the IntelliJ Platform UI
   * guidelines, "Icons": a tool window's is 13x13); the new UI's @20x20 variants are 20.
   */
  static final Map<String, String> CLASSIC_ICON_SIZE = Map.of("toolWindow", "13");

  void checkSvg(String path, byte[] svg, String classicSize) {
    Element root = parse(svg, path);
    if (root == null) return;
    if (!root.getTagName().equals("svg")) {
      error("icons: " + path + " is not an SVG image");
      return;
    }
    String size = path.contains("@20x20") ? "20" : path.contains("pluginIcon") ? "40" : classicSize;
    if (!root.getAttribute("width").equals(size) || !root.getAttribute("height").equals(size)) {
      error("icons: " + path + " is " + root.getAttribute("width") + "x" + root.getAttribute("height") + ", expected " + size + "x" + size);
    }
  }

  void checkBundle(Element plugin, List<Element> descriptors, Map<String, byte[]> pluginJar) throws IOException {
    String bundle = text(plugin, "resource-bundle");
    Properties keys = new Properties();
    if (bundle == null) {
      warning("messages: no <resource-bundle>: the descriptor's texts cannot be localized");
    } else {
      byte[] properties = pluginJar.get(bundle.replace('.', '/') + ".properties");
      if (properties == null) {
        error("messages: <resource-bundle>" + bundle + "</resource-bundle> is not in the plugin jar");
        return;
      }
      keys.load(new java.io.InputStreamReader(new ByteArrayInputStream(properties), java.nio.charset.StandardCharsets.UTF_8));
    }
    for (Element d : descriptors) {
      for (Element block : children(d, "extensions")) {
        for (Element extension : elements(block)) {
          String key = extension.getAttribute("key");
          if (key.isEmpty()) continue;
          if (!extension.getAttribute("bundle").isEmpty() && !extension.getAttribute("bundle").equals(bundle)) continue;
          if (!keys.containsKey(key)) error("messages: " + extension.getTagName() + " uses key '" + key + "', which " + bundle + " does not have");
        }
      }
    }
  }

  // ---- helpers ------------------------------------------------------------------------------

  static Map<String, byte[]> readJar(byte[] bytes) throws IOException {
    Map<String, byte[]> entries = new TreeMap<>();
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(bytes))) {
      for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
        if (!e.isDirectory()) entries.put(e.getName(), in.readAllBytes());
      }
    }
    return entries;
  }

  Element parse(byte[] xml, String what) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml)).getDocumentElement();
    } catch (Exception e) {
      error("xml: " + what + " does not parse: " + e.getMessage());
      return null;
    }
  }

  static List<Element> elements(Element parent) {
    List<Element> out = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node n = nodes.item(i);
      if (n instanceof Element) out.add((Element)n);
    }
    return out;
  }

  static List<Element> children(Element parent, String tag) {
    List<Element> out = new ArrayList<>();
    for (Element e : elements(parent)) if (e.getTagName().equals(tag)) out.add(e);
    return out;
  }

  static String text(Element parent, String tag) {
    List<Element> found = children(parent, tag);
    return found.isEmpty() ? null : found.get(0).getTextContent().trim();
  }
}
