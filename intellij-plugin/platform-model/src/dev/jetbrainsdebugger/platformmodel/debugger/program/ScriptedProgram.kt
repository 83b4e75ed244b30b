// The scripted debuggees, as data: each program is a table of code objects (module, functions,
// class bodies, generator expressions) whose lines hold the actions CPython performs on them, in
// order. The Debuggee walks the table and emits CPython's trace events (call, line, return,
// exception) from it, so stepping, breakpoints and values follow the real execution of the file.
// The programs: examples/calculator/calculator.py line for line; order_error.py, an uncaught
// ValueError (for exception breakpoints); ticker.py, a loop that runs until paused (with a
// 250-item list, for batched children); secrets.py, credentials as a program holds them;
// Checkout.java, a Java program whose methods call each other (for method breakpoints). A Java
// program's code objects are its methods, named Class.method, and its module is its main method;
// its few int expressions are evaluated by the same expression evaluator as Python's.
package dev.jetbrainsdebugger.platformmodel.debugger.program

import dev.jetbrainsdebugger.platformmodel.debugger.python.PyClass
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyException
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyInstance
import dev.jetbrainsdebugger.platformmodel.debugger.python.PyObj

/** What one line does when it runs. Code strings are Python, evaluated in the line's frame; `$x` names are hidden temporaries. */
sealed class Action {
    /** Assignments and expression statements. */
    data class Exec(val code: String) : Action()
    /** A call of a program function or class: a new traced frame; its result is assigned to [result] after the return. */
    data class Call(val function: String, val args: List<String>, val result: String) : Action()
    /** A generator expression consumed to the end: one traced resume of [function] per element of [over]; [result] gets the yielded list. */
    data class Generate(val function: String, val over: String, val variable: String, val yields: String, val result: String) : Action()
    data class Return(val value: String) : Action()
    data class Print(val value: String) : Action()
    data class Raise(val exception: String) : Action()
    /**
     * A call that catches what [function] raises: the exception is bound to `failure` in the caller's
     * frame and reported by printing [report], if any (JUnit's engine catches every throwable of a
     * test and reports it; an assertion library's assertThrows catches silently).
     */
    data class CallCatching(val function: String, val report: String?) : Action()
    /** A `def` or `class` statement: binds the program's function or class (running a class body's frame first). */
    data class Define(val name: String) : Action()
    data class Import(val module: String) : Action()
    /** A loop or `if` test: when [condition] is false, execution continues at [line]. */
    data class JumpUnless(val condition: String, val line: Int) : Action()
    /** The end of a loop body: back to the loop's test at [line]. */
    data class Jump(val line: Int) : Action()
    data class Sleep(val seconds: Double) : Action()
}

/** A source line (1-based) and its actions. */
data class Line(val line: Int, val actions: List<Action>)

data class Param(val name: String, val default: String? = null)

enum class CodeKind { MODULE, FUNCTION, CLASS_BODY, GENERATOR }

/**
 * A code object: a frame of this name runs [lines] from the first. [file]: where a library's code
 * lives (outside the project; a JVM library's code is named with its package), null for the script's own.
 */
data class Code(val name: String, val kind: CodeKind, val params: List<Param>, val lines: List<Line>, val file: String? = null)

/** A class of the program: its body's code and how instances repr. */
data class ClassDef(val name: String, val body: Code, val init: String, val reprOf: ((PyInstance) -> String)?) {
    val pyClass = PyClass(name, "__main__", reprOf)
}

class ScriptedProgram(
    val fileName: String,
    val module: Code,
    val functions: Map<String, Code>,
    val classes: Map<String, ClassDef>,
    /** The source text, for programs that have no file in the repository (tests write it). */
    val source: String?,
    /** The package of a Java program (its classes are named in it); null for Python. */
    val jvmPackage: String? = null,
    /** A Java program's exception classes: simple name to the qualified names of the class and its superclasses. */
    val jvmExceptions: Map<String, List<String>> = emptyMap(),
) {
    fun code(name: String): Code = functions[name] ?: error("$fileName has no function $name")

    /**
     * The class [code] is a method of, qualified: a library's code is named with its package, the
     * program's own with the program's package in front (a Python function names itself).
     */
    fun declaringClass(code: Code): String {
        val owner = code.name.substringBeforeLast('.')
        return if (code.file == null && jvmPackage != null) "$jvmPackage.$owner" else owner
    }

    /** The lines CPython traces (lines with code), 1-based. */
    val executableLines: Set<Int> by lazy {
        (listOf(module) + functions.values + classes.values.map { it.body }).flatMap { c -> c.lines.map { it.line } }.toSet()
    }

    companion object {
        private val all = listOf(calculator(), orderError(), ticker(), secrets(), secretForms(), checkout(), till(), cartTest(), refundTest(), mavenBuild(), testCart()).associateBy { it.fileName }

        /** The program simulating the script of this file name; null for a file no program simulates. */
        fun forScript(fileName: String): ScriptedProgram? = all[fileName]

        private fun fn(name: String, vararg params: Param, lines: List<Line>) = name to Code(name, CodeKind.FUNCTION, params.toList(), lines)
        private fun line(n: Int, vararg actions: Action) = Line(n, actions.toList())

        /** examples/calculator/calculator.py (the calculator workflow): 150.00 for want of the 8% tax. */
        private fun calculator(): ScriptedProgram {
            fun attr(i: PyInstance, name: String): PyObj =
                i.attrs[name] ?: throw PyException("AttributeError", "'Item' object has no attribute '$name'")
            val item = ClassDef(
                "Item",
                Code("Item", CodeKind.CLASS_BODY, emptyList(), listOf(line(15, Action.Define("__init__")), line(20, Action.Define("__repr__")))),
                init = "Item.__init__",
                reprOf = { i -> "Item(${attr(i, "name").repr()}, ${attr(i, "price").str()}, ${attr(i, "quantity").str()})" },
            )
            val functions = mapOf(
                fn(
                    "Item.__init__", Param("self"), Param("name"), Param("price"), Param("quantity", "1"),
                    lines = listOf(
                        line(16, Action.Exec("self.name = name")),
                        line(17, Action.Exec("self.price = price")),
                        line(18, Action.Exec("self.quantity = quantity")),
                    ),
                ),
                fn(
                    "subtotal_of", Param("items"),
                    lines = listOf(
                        line(25, Action.Generate("<genexpr>", "items", "item", "item.price * item.quantity", "\$yielded"), Action.Return("sum(\$yielded)")),
                    ),
                ),
                "<genexpr>" to Code("<genexpr>", CodeKind.GENERATOR, emptyList(), listOf(line(25))),
                fn(
                    "calculate_total", Param("items"),
                    lines = listOf(
                        line(29, Action.Exec("subtotal = 0.0")),
                        line(30, Action.Exec("tax = 0.0")),
                        line(31, Action.Call("subtotal_of", listOf("items"), "subtotal")),
                        line(32, Action.Exec("tax = subtotal * TAX_RATE")),
                        line(33, Action.Exec("total = subtotal + tax")),
                        line(34, Action.Return("round(total, 2)")),
                    ),
                ),
                fn(
                    "main",
                    lines = listOf(
                        line(
                            38,
                            Action.Call("Item", listOf("'Widget'", "50.0"), "\$a"),
                            Action.Call("Item", listOf("'Gadget'", "25.0", "2"), "\$b"),
                            Action.Call("Item", listOf("'Gizmo'", "50.0"), "\$c"),
                            Action.Exec("items = [\$a, \$b, \$c]"),
                        ),
                        line(39, Action.Call("calculate_total", listOf("items"), "total")),
                        line(40, Action.Print("f\"Total: {total:.2f}\"")),
                    ),
                ),
            )
            val module = Code(
                "<module>", CodeKind.MODULE, emptyList(),
                listOf(
                    line(11, Action.Exec("TAX_RATE = 0")),
                    line(14, Action.Define("Item")),
                    line(24, Action.Define("subtotal_of")),
                    line(28, Action.Define("calculate_total")),
                    line(37, Action.Define("main")),
                    line(43, Action.JumpUnless("__name__ == '__main__'", 0)),
                    line(44, Action.Call("main", emptyList(), "\$_")),
                ),
            )
            return ScriptedProgram("calculator.py", module, functions, mapOf("Item" to item), source = null)
        }

        /** A script whose uncaught ValueError ends it (exit code 1): the python-exception breakpoint stops at the raise. */
        private fun orderError() = ScriptedProgram(
            "order_error.py",
            Code(
                "<module>", CodeKind.MODULE, emptyList(),
                listOf(line(1, Action.Define("parse_quantity")), line(8, Action.Define("main")), line(12, Action.Call("main", emptyList(), "\$_"))),
            ),
            mapOf(
                fn(
                    "parse_quantity", Param("text"),
                    lines = listOf(
                        line(2, Action.Exec("quantity = int(text)")),
                        line(3, Action.JumpUnless("quantity < 0", 5)),
                        line(4, Action.Raise("ValueError(f\"negative quantity: {quantity}\")")),
                        line(5, Action.Return("quantity")),
                    ),
                ),
                fn(
                    "main",
                    lines = listOf(line(9, Action.Call("parse_quantity", listOf("'-1'"), "\$q"), Action.Print("\$q"))),
                ),
            ),
            emptyMap(),
            source = """
                |def parse_quantity(text):
                |    quantity = int(text)
                |    if quantity < 0:
                |        raise ValueError(f"negative quantity: {quantity}")
                |    return quantity
                |
                |
                |def main():
                |    print(parse_quantity("-1"))
                |
                |
                |main()
                |""".trimMargin(),
        )

        /** A loop of 600 ticks of 50 ms: long enough to be paused from the IDE. */
        private fun ticker() = ScriptedProgram(
            "ticker.py",
            Code(
                "<module>", CodeKind.MODULE, emptyList(),
                listOf(
                    line(2, Action.Import("time")),
                    line(4, Action.Exec("samples = list(range(250))")),
                    line(5, Action.Exec("ticks = 0")),
                    line(6, Action.JumpUnless("ticks < 600", 9)),
                    line(7, Action.Exec("ticks += 1")),
                    line(8, Action.Sleep(0.05), Action.Jump(6)),
                    line(9, Action.Print("f\"ticks: {ticks}\"")),
                ),
            ),
            emptyMap(),
            emptyMap(),
            source = """
                |${"\"\"\""}A loop that runs until it is paused (the pause test's debuggee).${"\"\"\""}
                |import time
                |
                |samples = list(range(250))
                |ticks = 0
                |while ticks < 600:
                |    ticks += 1
                |    time.sleep(0.05)
                |print(f"ticks: {ticks}")
                |""".trimMargin(),
        )

        /** Credentials next to ordinary values, printed and in an exception (the secrets test's debuggee). */
        private fun secrets() = ScriptedProgram(
            "secrets.py",
            Code(
                "<module>", CodeKind.MODULE, emptyList(),
                listOf(
                    line(2, Action.Exec("password = 'correct-horse-battery'")),
                    line(3, Action.Exec("auth_token = 'tok-93jd82hf7Gq1'")),
                    line(4, Action.Exec("database_url = 'postgresql://shop:Pg-S3cret-42@db.internal:5432/shop'")),
                    line(5, Action.Exec("aws_access_key_id = 'AKIAQX7Z3B5N6M2K4P8R'")),
                    line(6, Action.Exec("deploy = 'ghp_R8vN2kLq7Tz4Xw9Yb3Hc6Jm1Pd5Sf0Ga2Eu8'")),
                    line(7, Action.Exec("token_count = 12")),
                    line(8, Action.Exec("author = 'Ann Lee'")),
                    line(9, Action.Print("f\"connecting to {database_url}\"")),
                    line(10, Action.Print("f\"login password: {password}\"")),
                    line(11, Action.Exec("checkpoint = token_count")),
                    line(12, Action.Raise("RuntimeError(f\"login refused with {password}\")")),
                ),
            ),
            emptyMap(),
            emptyMap(),
            source = """
                |${"\"\"\""}Credentials as a program holds them (the secrets test's debuggee in the IDE).${"\"\"\""}
                |password = "correct-horse-battery"
                |auth_token = "tok-93jd82hf7Gq1"
                |database_url = "postgresql://shop:Pg-S3cret-42@db.internal:5432/shop"
                |aws_access_key_id = "AKIAQX7Z3B5N6M2K4P8R"
                |deploy = "ghp_R8vN2kLq7Tz4Xw9Yb3Hc6Jm1Pd5Sf0Ga2Eu8"
                |token_count = 12
                |author = "Ann Lee"
                |print(f"connecting to {database_url}")
                |print(f"login password: {password}")
                |checkpoint = token_count
                |raise RuntimeError(f"login refused with {password}")
                |""".trimMargin(),
        )

        /**
         * secret_forms.py: the Python forms of tests/e2e/trust/secret_forms.txt that the model's Python
         * holds (no dict literal, namedtuple, sys.argv or os.environ here: `headers` is the list
         * `list(d.items())` gives), one a line from line 2; `checkpoint` after them (the stop), then
         * each printed, then `done` (a stop with the output whole). An annotated assignment runs as CPython runs it: the value bound to the name.
         */
        private fun secretForms(): ScriptedProgram {
            val forms = """
                |SECRET_KEY = "dj-HwLb1o5b-4yx98eB9tvgL"
                |auth_key = "ak-G0jgrwNaXjW"
                |master_key = "mk-HfZdxqVJT1d"
                |ssh_key = "sshk-Zy7kL3Otsyu"
                |SENTRY_DSN = "https://9c1e7d2b4a6f8e0d3c5b7a9f1e2d4c6b@o123.ingest.sentry.io/456"
                |headers = [("X-Api-Key", "xak-zIBppR0hLQ"), ("Accept", "application/json")]
                |db_items = [("host", "db.internal"), ("password", "cfg-VeZCrAhLs")]
                |header_tuples = [("Authorization", "Token hdr-6vC36fHV0"), ("Accept", "text/html")]
                |log_blob = "user said \"hi\" then password='esc-EA3DxiCri'"
                |both_quotes = "{'client_secret': 'cs-okste6tHgL'} \"quoted\""
                |api_token: str = "at-HtA7oA82tWI"
                |broker_url = "amqp://app:p@ss-65UWw9V@mq.internal:5672/"
                |odbc = "Driver={ODBC Driver 18};Server=db;Uid=app;Pwd=odbc-N03DeeUd;"
                |mssql = "Server=db;Database=shop;User Id=app;Password=mssql-vAulXlV;"
                |azure = "DefaultEndpointsProtocol=https;AccountName=shop;AccountKey=AvExQra7TNOqGIYdk==;EndpointSuffix=core.windows.net"
                |bus = "Endpoint=sb://shop.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=rhGqf2QJDWjqPS5X="
                |xml_config = "<config><user>app</user><password>xml-jD7lPxV0</password></config>"
                |ini_text = "[db]\nhost = db.internal\npassword = ini-y7jhDuMl\n"
                |flags = ["--verbose", "--password", "flag-YirVWCT"]
                |log_line = "connecting as app using password lg-02JV13MK"
                |set_cookie_line = "Set-Cookie: sessionid=sid-I9DbA0DNFO; Path=/; HttpOnly"
                |basic_blob = "YXBwOnMzY3IzdC1QdzhMeDI="
                |aws_pair = ("AKIAQX7Z3B5N6M2K4P8R", "zkjezz8Ht4k1HDDnA4L9St/CQrWJNWhQpjUGOtQh")
                |commit = "3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a"
                |request_id = "123e4567-e89b-12d3-a456-426614174000"
                |sha256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
                |png_b64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
                |test_id = "tests/test_login.py::test_password_reset[token-expired]"
                |password_min_length = 12
                |policy = "password_min_length = 12"
                |help_text = "Keep the secret to yourself: the password policy asks for 12 characters."
                |menu_title = "Basic settings"
                |optimization_pass = "constant-folding"
                |session_count = 4
            """.trimMargin().lines()
            val annotated = Regex("""^(\w+): \w+ = """)
            val names = forms.map { it.substringBefore(" ").removeSuffix(":") }
            val stop = forms.size + 2
            val lines = forms.mapIndexed { i, form -> line(i + 2, Action.Exec(form.replace(annotated, "$1 = "))) } +
                line(stop, Action.Exec("checkpoint = 0")) +
                names.mapIndexed { i, name -> line(stop + 1 + i, Action.Print(name)) } +
                line(stop + 1 + names.size, Action.Exec("done = 0"))
            val source = listOf("\"\"\"The corpus's secret forms (the IDE's secret forms test).\"\"\"") + forms + "checkpoint = 0" +
                names.map { "print($it)" } + "done = 0"
            return ScriptedProgram(
                "secret_forms.py",
                Code("<module>", CodeKind.MODULE, emptyList(), lines),
                emptyMap(),
                emptyMap(),
                source = source.joinToString("\n", postfix = "\n"),
            )
        }

        /** Checkout.java: main calls Cart.total, which calls Cart.tax; Cart.discount is never called. Prints "Total: 165". */
        private fun checkout() = ScriptedProgram(
            "Checkout.java",
            Code(
                "Checkout.main", CodeKind.FUNCTION, listOf(Param("args", "[]")),
                listOf(
                    line(20, Action.Call("Cart.total", listOf("3", "50"), "total")),
                    line(21, Action.Print("f\"Total: {total}\"")),
                ),
            ),
            mapOf(
                fn(
                    "Cart.total", Param("quantity"), Param("price"),
                    lines = listOf(
                        line(5, Action.Exec("subtotal = quantity * price")),
                        line(6, Action.Call("Cart.tax", listOf("subtotal"), "\$tax"), Action.Return("subtotal + \$tax")),
                    ),
                ),
                fn("Cart.tax", Param("subtotal"), lines = listOf(line(10, Action.Return("subtotal // 10")))),
                fn("Cart.discount", Param("subtotal"), lines = listOf(line(14, Action.Return("0")))),
            ),
            emptyMap(),
            source = """
                |package com.example;
                |
                |class Tab {
                |    static int total(int quantity, int price) {
                |        int subtotal = quantity * price;
                |        return subtotal + tax(subtotal);
                |    }
                |
                |    static int tax(int subtotal) {
                |        return subtotal / 10;
                |    }
                |
                |    static int discount(int subtotal) {
                |        return 0;
                |    }
                |}
                |
                |public class Checkout {
                |    public static void main(String[] args) {
                |        int total = Cart.total(3, 50);
                |        System.out.println("Total: " + total);
                |    }
                |}
                |""".trimMargin(),
            jvmPackage = "com.example",
        )

        /**
         * Till.java: main makes a Tab (its field total starts at 0) and adds two prices to it, each
         * a write of Tab.total in Tab.add (for field watchpoints). Prints "Total: 150".
         */
        private fun till(): ScriptedProgram {
            val tab = ClassDef("Tab", Code("Tab", CodeKind.CLASS_BODY, emptyList(), emptyList()), init = "Tab.Tab", reprOf = null)
            return ScriptedProgram(
                "Till.java",
                Code(
                    "Till.main", CodeKind.FUNCTION, listOf(Param("args", "[]")),
                    listOf(
                        line(12, Action.Call("Tab", emptyList(), "tab")),
                        line(13, Action.Call("Tab.add", listOf("tab", "50"), "\$r")),
                        line(14, Action.Call("Tab.add", listOf("tab", "100"), "\$r")),
                        line(15, Action.Print("f\"Total: {tab.total}\"")),
                    ),
                ),
                mapOf(
                    fn("Tab.Tab", Param("this"), lines = listOf(line(4, Action.Exec("this.total = 0")))),
                    fn("Tab.add", Param("this"), Param("price"), lines = listOf(line(7, Action.Exec("this.total = this.total + price")))),
                ),
                mapOf("Tab" to tab),
                source = """
                    |package com.example;
                    |
                    |class Tab {
                    |    int total = 0;
                    |
                    |    void add(int price) {
                    |        this.total = this.total + price;
                    |    }
                    |}
                    |
                    |public class Till {
                    |    public static void main(String[] args) {
                    |        Tab tab = new Tab();
                    |        tab.add(50);
                    |        tab.add(100);
                    |        System.out.println("Total: " + tab.total);
                    |    }
                    |}
                    |""".trimMargin(),
                jvmPackage = "com.example",
            )
        }

        /**
         * test_cart.py, a pytest test whose assert fails (the script raises what `assert` raises
         * for 165, pytest's rewritten message included): pytest's pytest_pyfunc_call (a library
         * frame) calls the test and catches its AssertionError, as pytest's runner does, and reports it.
         */
        private fun testCart() = ScriptedProgram(
            "test_cart.py",
            Code(
                "pytest_pyfunc_call", CodeKind.FUNCTION, emptyList(),
                listOf(line(159, Action.CallCatching("test_total", "f\"FAILED test_cart.py::test_total - AssertionError: {failure}\""))),
                file = "/model-library/site-packages/_pytest/python.py",
            ),
            mapOf(
                fn(
                    "test_total",
                    lines = listOf(
                        line(2, Action.Exec("subtotal = 3 * 50")),
                        line(3, Action.Exec("total = subtotal + subtotal // 10")),
                        line(4, Action.Raise("AssertionError(f\"assert {total} == 160\")")),
                    ),
                ),
            ),
            emptyMap(),
            source = """
                |def test_total():
                |    subtotal = 3 * 50
                |    total = subtotal + subtotal // 10
                |    assert total == 160
                |""".trimMargin(),
        )

        private const val JUNIT_ASSERTIONS = "/model-library/junit-jupiter-api/org/junit/jupiter/api/Assertions.java"

        /** JUnit 5's Assertions.assertEquals(int, int): AssertionFailedError where the two differ. */
        private fun junitAssertEquals() = "org.junit.jupiter.api.Assertions.assertEquals" to Code(
            "org.junit.jupiter.api.Assertions.assertEquals", CodeKind.FUNCTION, listOf(Param("expected"), Param("actual")),
            listOf(
                line(149, Action.JumpUnless("expected != actual", 151)),
                line(150, Action.Raise("AssertionFailedError(f\"expected: <{expected}> but was: <{actual}>\")")),
                line(151, Action.Return("None")),
            ),
            file = JUNIT_ASSERTIONS,
        )

        /**
         * pom.xml under `mvn test`, as the Java debugger sees the Maven process: Surefire forks the
         * JVM that runs the tests, so none of the test code runs in the debugged JVM; Maven prints
         * the fork's report and fails the build.
         */
        private fun mavenBuild() = ScriptedProgram(
            "pom.xml",
            Code(
                "org.codehaus.plexus.classworlds.launcher.Launcher.main", CodeKind.FUNCTION, listOf(Param("args", "[]")),
                listOf(
                    line(1, Action.Print("\"[INFO] --- surefire:3.2.5:test (default-test) @ refunds ---\"")),
                    line(2, Action.Print("\"[ERROR] Tests run: 2, Failures: 1, Errors: 0, Skipped: 0\"")),
                    line(3, Action.Print("\"[INFO] BUILD FAILURE\"")),
                ),
                file = "/model-library/maven-core/org/codehaus/plexus/classworlds/launcher/Launcher.java",
            ),
            emptyMap(),
            emptyMap(),
            source = "<project><artifactId>refunds</artifactId></project>\n",
            jvmPackage = "com.example",
        )

        /**
         * RefundTest.java, two JUnit 5 tests run in order by the runner (a library frame that catches
         * each test's throwable): rejectsNegativeRefund passes, its refund(-5) throwing the
         * AssertionError that assertThrows expects and catches (JUnit's AssertThrows, in
         * org.junit.jupiter.api); refundKeepsFee fails, its assertEquals throwing
         * AssertionFailedError, which only the runner catches.
         */
        private fun refundTest() = ScriptedProgram(
            "RefundTest.java",
            Code(
                "org.junit.platform.console.ConsoleLauncher.main", CodeKind.FUNCTION, listOf(Param("args", "[]")),
                listOf(
                    line(40, Action.CallCatching("RefundTest.rejectsNegativeRefund", "f\"RefundTest.rejectsNegativeRefund() failed: {failure}\"")),
                    line(41, Action.CallCatching("RefundTest.refundKeepsFee", "f\"RefundTest.refundKeepsFee() failed: {failure}\"")),
                ),
                file = "/model-library/junit-platform-console/org/junit/platform/console/ConsoleLauncher.java",
            ),
            mapOf(
                fn("RefundTest.rejectsNegativeRefund", lines = listOf(line(10, Action.Call("org.junit.jupiter.api.AssertThrows.assertThrows", emptyList(), "${'$'}unused")))),
                fn("RefundTest.lambda${'$'}rejectsNegativeRefund${'$'}0", lines = listOf(line(10, Action.Call("RefundTest.refund", listOf("-5"), "${'$'}unused")))),
                fn(
                    "RefundTest.refundKeepsFee",
                    lines = listOf(
                        line(15, Action.Call("RefundTest.refund", listOf("100"), "refunded")),
                        line(16, Action.Call("org.junit.jupiter.api.Assertions.assertEquals", listOf("100", "refunded"), "${'$'}unused")),
                    ),
                ),
                fn(
                    "RefundTest.refund", Param("amount"),
                    lines = listOf(
                        line(20, Action.JumpUnless("amount < 0", 23)),
                        line(21, Action.Raise("AssertionError(\"negative refund\")")),
                        line(23, Action.Return("amount - amount // 20")),
                    ),
                ),
                "org.junit.jupiter.api.AssertThrows.assertThrows" to Code(
                    "org.junit.jupiter.api.AssertThrows.assertThrows", CodeKind.FUNCTION, emptyList(),
                    listOf(line(55, Action.CallCatching("RefundTest.lambda${'$'}rejectsNegativeRefund${'$'}0", null)), line(56, Action.Return("None"))),
                    file = "/model-library/junit-jupiter-api/org/junit/jupiter/api/AssertThrows.java",
                ),
                junitAssertEquals(),
            ),
            emptyMap(),
            source = """
                |package com.example;
                |
                |import static org.junit.jupiter.api.Assertions.assertEquals;
                |import static org.junit.jupiter.api.Assertions.assertThrows;
                |import org.junit.jupiter.api.Test;
                |
                |class RefundTest {
                |    @Test
                |    void rejectsNegativeRefund() {
                |        assertThrows(AssertionError.class, () -> refund(-5));
                |    }
                |
                |    @Test
                |    void refundKeepsFee() {
                |        int refunded = refund(100);
                |        assertEquals(100, refunded);
                |    }
                |
                |    static int refund(int amount) {
                |        if (amount < 0) {
                |            throw new AssertionError("negative refund");
                |        }
                |        return amount - amount / 20;
                |    }
                |}
                |""".trimMargin(),
            jvmPackage = "com.example",
            jvmExceptions = mapOf(
                "AssertionFailedError" to listOf("org.opentest4j.AssertionFailedError", "java.lang.AssertionError", "java.lang.Error", "java.lang.Throwable"),
                "AssertionError" to listOf("java.lang.AssertionError", "java.lang.Error", "java.lang.Throwable"),
            ),
        )

        /**
         * CartTest.java, a JUnit 5 test whose assertion fails: the runner (a library frame) calls the
         * test, whose assertEquals (a library frame) throws AssertionFailedError; the runner catches it
         * and reports the failure, as JUnit's engine does. Its frames, top first, at the throw:
         * Assertions.assertEquals, CartTest.totalAddsTax, the launcher's main.
         */
        private fun cartTest() = ScriptedProgram(
            "CartTest.java",
            Code(
                "org.junit.platform.console.ConsoleLauncher.main", CodeKind.FUNCTION, listOf(Param("args", "[]")),
                listOf(line(40, Action.CallCatching("CartTest.totalAddsTax", "f\"CartTest.totalAddsTax() failed: {failure}\""))),
                file = "/model-library/junit-platform-console/org/junit/platform/console/ConsoleLauncher.java",
            ),
            mapOf(
                fn(
                    "CartTest.totalAddsTax",
                    lines = listOf(
                        line(9, Action.Exec("subtotal = 3 * 50")),
                        line(10, Action.Exec("total = subtotal + subtotal // 10")),
                        line(11, Action.Call("org.junit.jupiter.api.Assertions.assertEquals", listOf("160", "total"), "${'$'}unused")),
                    ),
                ),
                junitAssertEquals(),
            ),
            emptyMap(),
            source = """
                |package com.example;
                |
                |import static org.junit.jupiter.api.Assertions.assertEquals;
                |import org.junit.jupiter.api.Test;
                |
                |class CartTest {
                |    @Test
                |    void totalAddsTax() {
                |        int subtotal = 3 * 50;
                |        int total = subtotal + subtotal / 10;
                |        assertEquals(160, total);
                |    }
                |}
                |""".trimMargin(),
            jvmPackage = "com.example",
            jvmExceptions = mapOf(
                "AssertionFailedError" to listOf("org.opentest4j.AssertionFailedError", "java.lang.AssertionError", "java.lang.Error", "java.lang.Throwable"),
            ),
        )
    }
}
