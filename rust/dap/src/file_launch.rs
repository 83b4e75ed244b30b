//! The temporary configuration for debugging one file with no launch.json entry, made
//! the way the IDE's gutter "Debug" makes one: a table of producers, the first that
//! takes the file makes the [`LaunchConfig`] (PyCharm's and GoLand's own: pytest for
//! a Python test file, the script for any other `.py`; `go test` for a `*_test.go`,
//! the package for a `main` package's file). A producer that runs tests can run one
//! test only (`test`). A file no producer takes is `cannot_debug` naming what this
//! backend can debug.

use crate::launch_json::LaunchConfig;
use crate::test_runs;
use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::model::Project;
use serde_json::json;
use std::io::Read;
use std::path::Path;

/// One way of turning a file into a configuration.
struct Producer {
    /// Whether this producer takes this file.
    takes: fn(&Path) -> bool,
    /// The configuration's name, as the IDE names its temporary one (from the file's name).
    name: fn(&str) -> String,
    runs: Runs,
}

enum Runs {
    /// The script itself.
    Script,
    /// A module given the file; `select` turns (file, test) into its arguments.
    ModuleWithFile {
        module: &'static str,
        select: fn(&str, &str) -> Vec<String>,
    },
    /// Delve on the file's package directory, in this mode (`test`: the package's
    /// tests, one pattern of them selected by `-test.run`; `debug`: its program).
    GoPackage { mode: &'static str },
}

/// pytest's default `python_files`: `test_*.py` and `*_test.py`.
pub fn is_python_test(name: &str) -> bool {
    name.ends_with(".py") && (name.starts_with("test_") || name.ends_with("_test.py"))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// How much of a Go file is read to find its package clause.
const PACKAGE_CLAUSE_WITHIN: u64 = 64 * 1024;

/// The package a Go file declares: the first line starting `package ` outside
/// comments (build constraints and the file's doc come before it).
fn go_package(path: &Path) -> Option<String> {
    let mut head = String::new();
    std::fs::File::open(path)
        .ok()?
        .take(PACKAGE_CLAUSE_WITHIN)
        .read_to_string(&mut head)
        .ok()?;
    let mut in_block_comment = false;
    for line in head.lines() {
        let line = line.trim();
        if in_block_comment {
            in_block_comment = !line.contains("*/");
            continue;
        }
        if line.starts_with("/*") {
            in_block_comment = !line.contains("*/");
            continue;
        }
        if let Some(rest) = line.strip_prefix("package ") {
            return rest.split_whitespace().next().map(str::to_owned);
        }
    }
    None
}

const PRODUCERS: &[Producer] = &[
    Producer {
        takes: |path| is_python_test(&file_name(path)),
        name: |file| format!("pytest in {file}"),
        runs: Runs::ModuleWithFile {
            module: "pytest",
            select: test_runs::pytest_selection,
        },
    },
    Producer {
        takes: |path| file_name(path).ends_with(".py"),
        name: |file| file.trim_end_matches(".py").to_string(),
        runs: Runs::Script,
    },
    Producer {
        takes: |path| file_name(path).ends_with("_test.go"),
        name: |file| format!("go test in {file}"),
        runs: Runs::GoPackage { mode: "test" },
    },
    Producer {
        takes: |path| {
            file_name(path).ends_with(".go") && go_package(path).as_deref() == Some("main")
        },
        name: |file| format!("go build {file}"),
        runs: Runs::GoPackage { mode: "debug" },
    },
];

/// The configuration that debugs `file` (absolute, inside `project`), running only
/// `test` when given: run from the project root (a Go package from its directory, as
/// `go test` does), only the user's code stepped into, as a launch.json entry would be.
pub fn configuration_for(
    project: &Project,
    file: &Path,
    test: Option<&str>,
) -> ToolResult<LaunchConfig> {
    let name = file_name(file);
    let Some(producer) = PRODUCERS.iter().find(|p| (p.takes)(file)) else {
        let why = match name.ends_with(".go") {
            true => {
                "is a Go file outside package main: debug its package's tests (a *_test.go file)"
            }
            false => "is neither Python (.py) nor Go (a *_test.go file, or a file of package main)",
        };
        return Err(ToolError::new(
            ErrorCode::CannotDebug,
            format!(
                "{}: {why}, which the standalone backend debugs without a configuration; \
                 add a .vscode/launch.json entry for other programs",
                file.display()
            ),
        ));
    };
    let no_tests = || {
        ToolError::invalid_params(format!(
            "'test' selects a test of a test file (pytest's test_*.py or *_test.py, Go's \
             *_test.go); {name} is a program"
        ))
    };
    let package_dir = || file.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut config = LaunchConfig::launch((producer.name)(&name), "debugpy", project.path.clone());
    let path = file.display().to_string();
    match (&producer.runs, test) {
        (Runs::Script, None) => config.program = Some(file.to_path_buf()),
        (Runs::ModuleWithFile { module, select }, test) => {
            config.module = Some(module.to_string());
            config.args = match test {
                Some(test) => select(&path, test),
                None => vec![path],
            };
        }
        (Runs::GoPackage { mode }, test) => {
            if test.is_some() && *mode != "test" {
                return Err(no_tests());
            }
            config.type_name = "go".into();
            config.program = Some(package_dir());
            if *mode == "test" {
                config.cwd = package_dir();
            }
            config.args = test.map(test_runs::go_test_selection).unwrap_or_default();
            config.extra.insert("mode".into(), json!(mode));
        }
        (Runs::Script, Some(_)) => return Err(no_tests()),
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn project() -> Project {
        Project {
            name: "shop".into(),
            path: PathBuf::from("/home/ada/shop"),
        }
    }

    #[test]
    fn a_script_runs_itself_from_the_project_root() {
        let config =
            configuration_for(&project(), Path::new("/home/ada/shop/app/main.py"), None).unwrap();
        assert_eq!(config.name, "main");
        assert_eq!(
            config.program.as_deref(),
            Some(Path::new("/home/ada/shop/app/main.py"))
        );
        assert_eq!(config.module, None);
        assert_eq!(config.cwd, PathBuf::from("/home/ada/shop"));
        assert!(config.just_my_code && config.args.is_empty());
    }

    #[test]
    fn test_files_run_under_pytest_whole_or_one_test() {
        for name in ["test_cart.py", "cart_test.py"] {
            let file = PathBuf::from("/home/ada/shop/tests").join(name);
            let config = configuration_for(&project(), &file, None).unwrap();
            assert_eq!(config.name, format!("pytest in {name}"));
            assert_eq!(config.module.as_deref(), Some("pytest"));
            assert_eq!(config.program, None);
            assert_eq!(config.args, vec![file.display().to_string()]);
            let one = configuration_for(&project(), &file, Some("test_total")).unwrap();
            assert_eq!(one.args, vec![format!("{}::test_total", file.display())]);
        }
        let err = configuration_for(
            &project(),
            Path::new("/home/ada/shop/app/main.py"),
            Some("test_total"),
        )
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidParams);
    }

    #[test]
    fn go_tests_and_main_packages_run_under_delve() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            let file = dir.path().join(name);
            std::fs::write(&file, text).unwrap();
            file
        };
        let shop = Project {
            name: "shop".into(),
            path: dir.path().to_path_buf(),
        };
        let test = write("cart_test.go", "package main\n");
        let config = configuration_for(&shop, &test, Some("^TestTotal$")).unwrap();
        assert_eq!(config.type_name, "go");
        assert_eq!(config.extra["mode"], json!("test"));
        assert_eq!(config.program.as_deref(), Some(dir.path()));
        assert_eq!(config.args, vec!["-test.run", "^TestTotal$"]);

        let main = write(
            "main.go",
            "//go:build linux\n/* the\n   doc */\n// more\npackage main // the program\n",
        );
        let config = configuration_for(&shop, &main, None).unwrap();
        assert_eq!(config.name, "go build main.go");
        assert_eq!(config.extra["mode"], json!("debug"));
        assert_eq!(
            configuration_for(&shop, &main, Some("x")).unwrap_err().code,
            ErrorCode::InvalidParams
        );

        let library = write("cart.go", "package cart\n");
        let err = configuration_for(&shop, &library, None).unwrap_err();
        assert_eq!(err.code, ErrorCode::CannotDebug);
        assert!(
            err.message.contains("outside package main"),
            "{}",
            err.message
        );
    }

    #[test]
    fn other_files_cannot_be_debugged_without_a_configuration() {
        for name in ["main.rs", "test_cart.pyc", "README", "tests.py.txt"] {
            let err = configuration_for(&project(), &Path::new("/home/ada/shop").join(name), None)
                .unwrap_err();
            assert_eq!(err.code, ErrorCode::CannotDebug, "{name}");
            assert!(
                err.message.contains("launch.json"),
                "{name}: {}",
                err.message
            );
        }
    }
}
