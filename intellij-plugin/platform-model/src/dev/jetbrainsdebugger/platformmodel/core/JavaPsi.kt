// Java PSI as far as a field watchpoint reads it (JavaFieldBreakpointType.addBreakpoint):
// JavaPsiFacade.findClass finds a top-level or nested class of the project's .java sources by
// its qualified name, PsiClass.findFieldByName its field (through `extends` when asked), and a
// field knows its line. Simpler than upstream: the sources are read line by line (one
// declaration per line, braces count nesting), and libraries (the JDK) are not searched.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.openapi.project.IndexNotReadyException
import com.intellij.openapi.project.Project
import com.intellij.psi.JavaPsiFacade
import com.intellij.psi.PsiClass
import com.intellij.psi.PsiField
import com.intellij.psi.PsiFile
import com.intellij.psi.search.GlobalSearchScope
import java.nio.file.Files
import kotlin.io.path.extension
import kotlin.io.path.readLines

/** A field declared at 0-based [line] of its class's file. */
class ModelPsiField internal constructor(private val owner: ModelPsiClass, private val name: String, val line: Int) : PsiField {
    override fun getProject(): Project = owner.project
    override fun getContainingFile(): PsiFile = owner.containingFile
    override fun isValid(): Boolean = owner.isValid
    override fun getContainingClass(): PsiClass = owner
    override fun getName(): String = name
}

class ModelPsiClass internal constructor(
    private val facade: ModelJavaPsiFacade,
    private val file: ModelPsiFile,
    private val qualifiedName: String,
    private val superName: String?,
) : PsiClass {
    internal val fields = LinkedHashMap<String, ModelPsiField>()
    override fun getProject(): Project = file.project
    override fun getContainingFile(): PsiFile = file
    override fun isValid(): Boolean = file.isValid
    override fun getQualifiedName(): String = qualifiedName

    override fun findFieldByName(name: String, checkBases: Boolean): PsiField? {
        facade.app.assertReadAccessAllowed()
        fields[name]?.let { return it }
        if (!checkBases || superName == null) return null
        return facade.resolve(superName, qualifiedName.substringBeforeLast('.', ""))?.findFieldByName(name, true)
    }

    override fun toString() = "PsiClass:$qualifiedName"
}

/**
 * Upstream JavaPsiFacadeImpl.findClass (@RequiresReadLock via the index): a violation outside a read action off the EDT,
 * and, while the project indexes, IndexNotReadyException from the stub index it reads (outside dumb-aware code).
 */
class ModelJavaPsiFacade internal constructor(internal val app: ModelApplication, private val project: ModelProject, private val vfs: ModelVirtualFileManager) : JavaPsiFacade() {
    private val classDecl = Regex("""\b(?:class|enum|record)\s+(\w+)(?:\s*(?:<[^>]*>)?\s+extends\s+([\w.]+))?""")
    private val fieldDecl = Regex("""^\s*(?:(?:private|protected|public|static|final|volatile|transient)\s+)*[\w.<>\[\], ]+?\s+(\w+)\s*(?:=[^;]*)?;""")

    override fun findClass(qualifiedName: String, scope: GlobalSearchScope): PsiClass? {
        app.assertReadAccessAllowed()
        if (project.indexing.isDumb) throw IndexNotReadyException.create()
        return classes()[qualifiedName]
    }

    internal fun resolve(name: String, pkg: String): ModelPsiClass? {
        val all = classes()
        return all[name] ?: all["$pkg.$name".trimStart('.')]
    }

    private fun classes(): Map<String, ModelPsiClass> {
        val found = HashMap<String, ModelPsiClass>()
        val psi = com.intellij.psi.PsiManager.getInstance(project)
        Files.walk(project.basePathAsPath).use { paths ->
            for (path in paths.filter { it.extension == "java" && Files.isRegularFile(it) }) {
                val file = psi.findFile(vfs.file(path)) as? ModelPsiFile ?: continue
                read(file, path.readLines(), found)
            }
        }
        return found
    }

    private fun read(file: ModelPsiFile, lines: List<String>, into: MutableMap<String, ModelPsiClass>) {
        val pkg = lines.firstNotNullOfOrNull { Regex("""^\s*package\s+([\w.]+)\s*;""").find(it)?.groupValues?.get(1) }.orEmpty()
        // The classes open at each depth of braces: a field belongs to the class whose body it is directly in.
        val open = ArrayList<Pair<Int, ModelPsiClass>>()
        var depth = 0
        for ((index, line) in lines.withIndex()) {
            val code = line.substringBefore("//")
            val decl = classDecl.find(code)
            if (decl != null) {
                val outer = open.lastOrNull()?.second?.qualifiedName ?: pkg
                val cls = ModelPsiClass(this, file, "$outer.${decl.groupValues[1]}".trimStart('.'), decl.groupValues[2].ifEmpty { null })
                into[cls.qualifiedName] = cls
                open += depth + 1 to cls
            } else if (open.lastOrNull()?.first == depth && '(' !in code.substringBefore('=')) {
                fieldDecl.find(code)?.let { m ->
                    val cls = open.last().second
                    cls.fields[m.groupValues[1]] = ModelPsiField(cls, m.groupValues[1], index)
                }
            }
            depth += code.count { it == '{' } - code.count { it == '}' }
            while (open.isNotEmpty() && open.last().first > depth) open.removeAt(open.size - 1)
        }
    }
}
