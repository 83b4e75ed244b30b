//! Property-based fuzz of the Python side-effect guard over expression shapes: a
//! dangerous call stays refused however it is wrapped (brackets, displays,
//! comprehensions, conditionals, f-strings, comments and line breaks inside
//! brackets, full-width letters, calls of pure builtins), pure reads stay allowed
//! under the same wrappers, and no input makes the guard panic.

use debugger_core::eval_guard::{classify_python, Classification};
use proptest::prelude::*;

/// Calls that change the program or the world.
const DANGEROUS: &[&str] = &[
    "os.system('id')",
    "(os).replace('a', 'b')",
    "sys.modules['os'].remove('a')",
    "items.append(1)",
    "config.update(a=1)",
    "__import__('os')",
    "exec('x = 1')",
    "open('f', 'w')",
    "setattr(o, 'a', 1)",
    "next(it)",
    "getattr(o, 'pop')()",
    "().__class__.__subclasses__()",
    "print(x)",
    "breakpoint()",
    "10**10**8",
    "'a' * 10**9",
    "ｏｓ.system('id')",
];

/// Reads that change nothing.
const PURE: &[&str] = &[
    "x",
    "items[0]",
    "order.total * 2",
    "len(items)",
    "'abc'.upper()",
    "str(x).strip()",
    "-x ** 2",
    "(a, b)",
    "None",
    "'{}'.format(1)",
];

/// Wrap `inner` in one Python construct (`@` marks where it goes).
const WRAPPERS: &[&str] = &[
    "(@)",
    "[@]",
    "(@,)",
    "{@}",
    "{'k': @}",
    "[v for v in [@]]",
    "[0 for v in xs if (@)]",
    "(@) if c else 0",
    "0 if (@) else 1",
    "not (@)",
    "1 + (@)",
    "len([@])",
    "str(@)",
    "f\"{ @ }\"",
    "(1,  # note\n @)",
    "(\n@\n)",
    "[1,\\\n@]",
    "xs[@]",
    "xs[0:@]",
    "sorted([@])",
    "any((@,))",
    "[*(@,)]",
    "(@) and 1",
];

fn wrapped(inner: &'static [&'static str]) -> impl Strategy<Value = String> {
    (
        proptest::sample::select(inner),
        proptest::collection::vec(proptest::sample::select(WRAPPERS), 0..5),
    )
        .prop_map(|(core, wrappers)| {
            wrappers
                .iter()
                .fold(core.to_string(), |expr, w| w.replace('@', &expr))
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn dangerous_calls_stay_refused_however_wrapped(expr in wrapped(DANGEROUS)) {
        let got = classify_python(&expr);
        prop_assert!(
            matches!(got, Classification::MayHaveSideEffects { .. } | Classification::CodeFragment),
            "{expr:?} -> {got:?}"
        );
    }

    #[test]
    fn pure_reads_stay_allowed_however_wrapped(expr in wrapped(PURE)) {
        // Python before 3.12 refuses a comment inside an f-string field; so does the guard.
        prop_assume!(!(expr.contains("f\"") && expr.contains('#')));
        let got = classify_python(&expr);
        prop_assert_eq!(got, Classification::SideEffectFree, "{:?}", expr);
    }

    #[test]
    fn no_input_makes_the_guard_panic(expr in "\\PC{0,80}") {
        let _ = classify_python(&expr);
    }

    #[test]
    fn python_like_noise_never_panics(expr in "[a-z()\\[\\]{}'\"#:=.,*@ \n\\\\0-9ｏ]{0,60}") {
        let _ = classify_python(&expr);
    }
}
