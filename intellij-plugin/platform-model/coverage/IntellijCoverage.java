// Line coverage of the plugin's IntelliJ layer (intellij/) from JaCoCo execution data, one row
// per source file, worst first, against a target of 80 % (-Dmissed=true also lists the
// lines not run of each file below it). Run as a single-file
// program (java IntellijCoverage.java CLASSES_DIR SOURCES_DIR EXEC_FILE...) with Debian's
// JaCoCo core and ASM on the classpath; scripts/intellij-coverage does that.
//
// Debian's JaCoCo (0.8.6) cannot read the inline-function maps (SMAP) of current Kotlin
// compilers ("Unexpected SMAP line: *S KotlinDebug", fixed in 0.8.8), so the maps are dropped
// before analysis (and the execution data re-keyed to the changed class bytes); code inlined from
// other files then shows at line numbers past the end of the file, and only the lines that exist
// in the source are counted. Nor can it instrument sealed classes (their subclasses are measured):
// they are not counted.
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.ISourceFileCoverage;
import org.jacoco.core.data.ExecutionData;
import org.jacoco.core.data.ExecutionDataStore;
import org.jacoco.core.internal.data.CRC64;
import org.jacoco.core.tools.ExecFileLoader;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

public class IntellijCoverage {
  private static final double TARGET = 80.0;

  private record Row(String name, int lines, int covered, List<Integer> missed) {
    double percent() { return lines == 0 ? 100.0 : 100.0 * covered / lines; }
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: IntellijCoverage CLASSES_DIR SOURCES_DIR EXEC_FILE...");
      System.exit(2);
    }
    ExecFileLoader loader = new ExecFileLoader();
    for (int i = 2; i < args.length; i++) {
      if (new File(args[i]).isFile()) loader.load(new File(args[i]));
    }
    ExecutionDataStore recorded = loader.getExecutionDataStore();
    ExecutionDataStore rekeyed = new ExecutionDataStore();
    List<byte[]> readable = new ArrayList<>();
    try (Stream<Path> classes = Files.walk(Path.of(args[0]))) {
      for (Path c : (Iterable<Path>) classes.filter(p -> p.toString().endsWith(".class"))::iterator) {
        byte[] original = Files.readAllBytes(c);
        byte[] changed = readable(original);
        if (changed == null) continue; // sealed: not instrumented (see scripts/kotlin)
        ExecutionData data = recorded.get(CRC64.classId(original));
        if (data != null) rekeyed.put(new ExecutionData(CRC64.classId(changed), data.getName(), data.getProbes()));
        readable.add(changed);
      }
    }
    CoverageBuilder builder = new CoverageBuilder();
    Analyzer analyzer = new Analyzer(rekeyed, builder);
    for (byte[] c : readable) analyzer.analyzeClass(c, "intellij/");
    Path sources = Path.of(args[1]);
    List<Row> rows = new ArrayList<>();
    for (ISourceFileCoverage f : builder.getSourceFiles()) {
      // A subpackage of intellij/ (java/, python/) is a folder under the sources.
      String subpackage = f.getPackageName().replaceFirst("^dev/jetbrainsdebugger/intellij/?", "");
      String relative = subpackage.isEmpty() ? f.getName() : subpackage + "/" + f.getName();
      Path source = sources.resolve(relative);
      // Classes generated for stdlib inline functions name the stdlib file (Comparisons.kt): not ours.
      if (!Files.isRegularFile(source)) continue;
      int length = Files.readAllLines(source).size();
      int lines = 0, covered = 0;
      List<Integer> missed = new ArrayList<>();
      for (int line = f.getFirstLine(); line <= Math.min(f.getLastLine(), length); line++) {
        int status = f.getLine(line).getStatus();
        if (status == ICounter.EMPTY) continue;
        lines++;
        if (status != ICounter.NOT_COVERED) covered++;
        else missed.add(line);
      }
      rows.add(new Row(relative, lines, covered, missed));
    }
    rows.sort(Comparator.comparingDouble(Row::percent).thenComparing(Row::name));
    int covered = 0, total = 0, below = 0;
    System.out.printf("%-38s %7s %9s%n", "intellij/ file", "lines", "covered");
    for (Row r : rows) {
      covered += r.covered();
      total += r.lines();
      boolean low = r.percent() < TARGET;
      if (low) below++;
      System.out.printf("%-38s %7d %8.1f%%%s%n", r.name(), r.lines(), r.percent(), low ? "  (below " + (int) TARGET + " %)" : "");
      if (low && Boolean.getBoolean("missed")) System.out.println("    lines not run: " + r.missed());
    }
    System.out.printf("%-38s %7d %8.1f%%%n", "all of intellij/", total, total == 0 ? 0.0 : 100.0 * covered / total);
    System.out.printf("%d of %d files at or above %d %%%n", rows.size() - below, rows.size(), (int) TARGET);
  }

  /** The class without its SourceDebugExtension (the Kotlin SMAP); null for a sealed class, which the agent cannot instrument. */
  private static byte[] readable(byte[] bytes) throws IOException {
    ClassReader reader = new ClassReader(bytes);
    ClassWriter writer = new ClassWriter(0);
    boolean[] sealed = {false};
    reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public void visitSource(String source, String debug) {
        super.visitSource(source, null);
      }

      @Override
      public void visitPermittedSubclass(String permittedSubclass) {
        sealed[0] = true;
      }
    }, 0);
    return sealed[0] ? null : writer.toByteArray();
  }
}
