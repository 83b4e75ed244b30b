// Languages and file types by extension, a table (upstream: each language plugin registers its
// Language and LanguageFileType; the ids are the real ones: "Python", "JAVA", "kotlin",
// "JavaScript"). Files of other extensions are plain text, which has no language.
package dev.jetbrainsdebugger.platformmodel.core

import com.intellij.lang.Language
import com.intellij.openapi.fileTypes.FileType
import com.intellij.openapi.fileTypes.LanguageFileType

class ModelLanguage internal constructor(id: String) : Language(id)

class ModelLanguageFileType internal constructor(private val typeName: String, language: Language) : LanguageFileType(language) {
    override fun getName(): String = typeName
}

object ModelFileTypes {
    val PYTHON = ModelLanguageFileType("Python", ModelLanguage("Python"))
    val JAVA = ModelLanguageFileType("JAVA", ModelLanguage("JAVA"))
    val KOTLIN = ModelLanguageFileType("Kotlin", ModelLanguage("kotlin"))
    val JAVASCRIPT = ModelLanguageFileType("JavaScript", ModelLanguage("JavaScript"))
    val PLAIN_TEXT: FileType = object : FileType {
        override fun getName() = "PLAIN_TEXT"
    }

    private val byExtension = mapOf("py" to PYTHON, "java" to JAVA, "kt" to KOTLIN, "kts" to KOTLIN, "js" to JAVASCRIPT)

    fun byFileName(name: String): FileType = byExtension[name.substringAfterLast('.', "").lowercase()] ?: PLAIN_TEXT
}
