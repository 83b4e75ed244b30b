//! The temporary configuration for debugging one file with no launch.json entry, made
//! the way the IDE's gutter "Debug" makes one: a table of producers, the first whose
//! file-name test matches makes the [`LaunchConfig`] (PyCharm's own: pytest for a test
//! file, the Python script configuration for any other `.py`). A file no producer takes
//! is `cannot_debug` naming what this backend can debug.

use debugger_core::error::{ErrorCode, ToolError, ToolResult};
use debugger_core::launch_json::LaunchConfig;
use debugger_core::model::Project;
use std::collections::BTreeMap;
use std::path::Path;

/// One way of turning a file into a configuration.
struct Producer {
    /// Whether this producer takes a file of this name.
    takes: fn(&str) -> bool,
    /// The configuration's name, as the IDE names its temporary one.
    name: fn(&str) -> String,
    /// What runs: the script itself, or a module given the file.
    runs: Runs,
}

enum Runs {
    Script,
    ModuleWithFile(&'static str),
}

/// pytest's default `python_files`: `test_*.py` and `*_test.py`.
fn is_python_test(name: &str) -> bool {
    name.ends_with(".py") && (name.starts_with("test_") || name.ends_with("_test.py"))
}

const PRODUCERS: &[Producer] = &[
    Producer {
        takes: is_python_test,
        name: |file| format!("pytest in {file}"),
        runs: Runs::ModuleWithFile("pytest"),
    },
    Producer {
        takes: |name| name.ends_with(".py"),
        name: |file| file.trim_end_matches(".py").to_string(),
        runs: Runs::Script,
    },
];

/// The configuration that debugs `file` (absolute, inside `project`): run from the
/// project root, only the user's code stepped into, as a launch.json entry would be.
pub fn configuration_for(project: &Project, file: &Path) -> ToolResult<LaunchConfig> {
    let file_name = file
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Some(producer) = PRODUCERS.iter().find(|p| (p.takes)(&file_name)) else {
        return Err(ToolError::new(
            ErrorCode::CannotDebug,
            format!(
                "{}: the standalone backend debugs Python files (.py) without a configuration; \
                 add a .vscode/launch.json entry for other programs",
                file.display()
            ),
        ));
    };
    let (program, module, args) = match producer.runs {
        Runs::Script => (Some(file.to_path_buf()), None, Vec::new()),
        Runs::ModuleWithFile(module) => (
            None,
            Some(module.to_string()),
            vec![file.display().to_string()],
        ),
    };
    Ok(LaunchConfig {
        name: (producer.name)(&file_name),
        type_name: "debugpy".into(),
        request: "launch".into(),
        program,
        module,
        args,
        cwd: project.path.clone(),
        env: BTreeMap::new(),
        just_my_code: true,
        stop_on_entry: false,
        python: None,
        env_file: None,
        folder: None,
        unsupported: None,
        extra: serde_json::Map::new(),
    })
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
            configuration_for(&project(), Path::new("/home/ada/shop/app/main.py")).unwrap();
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
    fn test_files_run_under_pytest() {
        for name in ["test_cart.py", "cart_test.py"] {
            let file = PathBuf::from("/home/ada/shop/tests").join(name);
            let config = configuration_for(&project(), &file).unwrap();
            assert_eq!(config.name, format!("pytest in {name}"));
            assert_eq!(config.module.as_deref(), Some("pytest"));
            assert_eq!(config.program, None);
            assert_eq!(config.args, vec![file.display().to_string()]);
        }
    }

    #[test]
    fn other_files_cannot_be_debugged_without_a_configuration() {
        for name in ["main.rs", "test_cart.pyc", "README", "tests.py.txt"] {
            let err =
                configuration_for(&project(), &Path::new("/home/ada/shop").join(name)).unwrap_err();
            assert_eq!(err.code, ErrorCode::CannotDebug, "{name}");
            assert!(
                err.message.contains("launch.json"),
                "{name}: {}",
                err.message
            );
        }
    }
}
