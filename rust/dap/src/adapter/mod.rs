//! Debug adapters as data: one [`AdapterProfile`] per adapter the standalone backend
//! drives ([`PROFILES`]), read by one general DAP session (`session/`), which asks the profile
//! wherever adapters differ and never matches on an adapter. A profile
//! says which launch.json `type`s it serves, how the adapter is found and started
//! (a Python module or an executable on `PATH`; DAP over stdio, or over TCP on the
//! port it prints), what its `launch` request carries, how side-effect-free
//! evaluation is done there, what its exception stops mean, how its frames read,
//! and its quirks. A new
//! adapter is a row of [`PROFILES`] plus tests.
//!
//! - [`profile`]: what a profile says ([`AdapterProfile`]) and the launch.json fields
//!   every profile reads.
//! - [`process`]: finding, starting and reaching an adapter process.
//! - [`debugpy`], [`lldb`], [`delve`]: one adapter each, its row and its specifics.

pub mod debugpy;
pub mod delve;
pub mod lldb;
pub mod process;
pub mod profile;

pub use debugpy::DEBUGPY;
pub use delve::DELVE;
pub use lldb::LLDB_DAP;
pub use process::{
    adapter_cwd, connect, connect_to, find_on_path, listening_adapter, locate, spawn, Connection,
};
pub use profile::{
    attaching, exit_status_in, is_chatter, process_id, AdapterCommand, AdapterProfile,
    AdapterProgram, Evaluation, Exceptions, Guard, LaunchRequest, Returned, Shim, Transport,
};

use crate::launch_json::LaunchConfig;
use std::ffi::OsStr;

/// Every adapter the standalone backend drives.
pub const PROFILES: &[&AdapterProfile] = &[&DEBUGPY, &LLDB_DAP, &DELVE];

/// The profile serving a launch.json `type`.
pub fn profile_for(type_name: &str) -> Option<&'static AdapterProfile> {
    PROFILES
        .iter()
        .copied()
        .find(|p| p.types.contains(&type_name))
}

/// Why a configuration cannot be launched here, if it cannot: launch.json's own
/// problems, a type no profile serves, the profile's own check, an adapter that is
/// not installed (`path_var`: the `PATH` to look in).
pub fn unsupported(config: &LaunchConfig, path_var: Option<&OsStr>) -> Option<String> {
    let mut problems: Vec<String> = config.unsupported.iter().cloned().collect();
    match profile_for(&config.type_name) {
        None if config.type_name.is_empty() => {}
        None => problems.push(format!(
            "type \"{}\" is not supported by the standalone backend ({})",
            config.type_name,
            supported_types()
        )),
        Some(profile) => {
            problems.extend((profile.check)(config));
            if let Err(missing) = locate(profile, None, path_var) {
                problems.push(missing.message);
            }
        }
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

fn supported_types() -> String {
    PROFILES
        .iter()
        .map(|p| p.types.join(" / "))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::delve::delve_launch_arguments;
    use super::lldb::lldb_launch_arguments;
    use super::process::listening_address;
    use super::*;
    use crate::launch_json::parse_launch_json;
    use debugger_core::model::LaunchMode;
    use serde_json::json;
    use std::path::Path;

    fn configs(entries: &str) -> Vec<LaunchConfig> {
        parse_launch_json(
            &format!("{{\"configurations\": [{entries}]}}"),
            Path::new("/home/ada/shop"),
            &|_| None,
            "launch.json",
        )
        .unwrap()
    }

    fn one(entry: &str) -> LaunchConfig {
        configs(entry).remove(0)
    }

    /// A PATH holding executables named `names`.
    fn path_with(names: &[&str]) -> (tempfile::TempDir, std::ffi::OsString) {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        for name in names {
            let file = dir.path().join(name);
            std::fs::write(&file, "#!/bin/sh\n").unwrap();
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let path = dir.path().as_os_str().to_owned();
        (dir, path)
    }

    #[test]
    fn each_type_finds_its_profile() {
        for (ty, name) in [
            ("debugpy", "debugpy"),
            ("python", "debugpy"),
            ("lldb-dap", "lldb-dap"),
            ("lldb", "lldb-dap"),
            ("go", "Delve"),
        ] {
            assert_eq!(profile_for(ty).map(|p| p.name), Some(name), "{ty}");
        }
        assert!(profile_for("node").is_none());
    }

    #[test]
    fn unsupported_names_the_type_the_field_or_the_package() {
        let (_dir, empty) = path_with(&[]);
        let node = one(r#"{"name": "n", "type": "node", "request": "launch", "program": "a.js"}"#);
        let why = unsupported(&node, Some(&empty)).unwrap();
        assert!(why.contains("type \"node\" is not supported"), "{why}");
        assert!(
            why.contains("lldb-dap / lldb") && why.contains("go"),
            "{why}"
        );

        let c = one(
            r#"{"name": "c", "type": "lldb-dap", "request": "launch", "program": "build/app"}"#,
        );
        let why = unsupported(&c, Some(&empty)).unwrap();
        assert!(why.contains("apt-get install lldb-19"), "{why}");
        let (_dir, with_lldb) = path_with(&["lldb-dap-19"]);
        assert_eq!(unsupported(&c, Some(&with_lldb)), None);

        let go = one(
            r#"{"name": "g", "type": "go", "request": "launch", "mode": "core", "program": "."}"#,
        );
        let (_dir, with_dlv) = path_with(&["dlv"]);
        let why = unsupported(&go, Some(&with_dlv)).unwrap();
        assert!(why.contains("mode \"core\""), "{why}");
        let why = unsupported(&go, Some(&empty)).unwrap();
        assert!(why.contains("apt-get install delve"), "{why}");

        let cargo = one(
            r#"{"name": "r", "type": "lldb", "request": "launch", "program": "target/debug/app", "cargo": {"args": ["build"]}}"#,
        );
        let why = unsupported(&cargo, Some(&with_lldb)).unwrap();
        assert!(why.contains("\"cargo\""), "{why}");
    }

    #[test]
    fn python_needs_a_program_or_a_module() {
        let (_dir, path) = path_with(&[]);
        let list = configs(
            r#"{"name": "none", "type": "debugpy", "request": "launch"},
               {"name": "both", "type": "debugpy", "request": "launch", "program": "a.py", "module": "a"},
               {"name": "fine", "type": "python", "request": "launch", "module": "a"}"#,
        );
        let why =
            |name: &str| unsupported(list.iter().find(|c| c.name == name).unwrap(), Some(&path));
        assert!(why("none").unwrap().contains("neither"));
        assert!(why("both").unwrap().contains("both"));
        assert_eq!(why("fine"), None);
    }

    #[test]
    fn lldb_launch_takes_env_as_assignments_and_passes_its_own_fields() {
        let c = one(
            r#"{"name": "c", "type": "lldb-dap", "request": "launch", "program": "app", "args": ["-v"],
                "env": {"A": "1"}, "initCommands": ["settings set x y"], "python": "nope"}"#,
        );
        let request = |mode| LaunchRequest {
            config: &c,
            mode,
            session_id: "dap-1",
            python: None,
            shim: None,
        };
        let args = lldb_launch_arguments(&request(LaunchMode::Debug));
        assert_eq!(args["program"], json!("/home/ada/shop/app"));
        assert_eq!(args["env"], json!(["A=1"]));
        assert_eq!(args["initCommands"], json!(["settings set x y"]));
        assert_eq!(args["noDebug"], json!(false));
        assert!(args.get("python").is_none());
        assert_eq!(
            lldb_launch_arguments(&request(LaunchMode::Run))["noDebug"],
            json!(true)
        );
    }

    #[test]
    fn delve_builds_outside_the_project_and_runs_in_the_program_dir() {
        let c = one(
            r#"{"name": "g", "type": "go", "request": "launch", "mode": "test", "program": "pkg", "buildFlags": "-tags=x"}"#,
        );
        let args = delve_launch_arguments(&LaunchRequest {
            config: &c,
            mode: LaunchMode::Debug,
            session_id: "dap-7",
            python: None,
            shim: None,
        });
        assert_eq!(args["mode"], json!("test"));
        assert_eq!(args["buildFlags"], json!("-tags=x"));
        let output = args["output"].as_str().unwrap();
        assert!(
            !output.starts_with("/home/ada/shop") && output.ends_with("-dap-7"),
            "{output}"
        );
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path().join("pkg");
        std::fs::create_dir(&pkg).unwrap();
        let mut local = c.clone();
        local.program = Some(pkg.clone());
        assert_eq!(adapter_cwd(&DELVE, &local, dir.path()), pkg);
        local.program = Some(pkg.join("main.go"));
        assert_eq!(adapter_cwd(&DELVE, &local, dir.path()), pkg);
        assert_eq!(adapter_cwd(&LLDB_DAP, &local, dir.path()), dir.path());
    }

    #[test]
    fn delve_announces_a_loopback_port_and_its_exit_status() {
        assert_eq!(
            listening_address("DAP server listening at: 127.0.0.1:35489").as_deref(),
            Some("127.0.0.1:35489")
        );
        assert_eq!(
            listening_address("DAP server listening at: 10.0.0.1:35489"),
            None
        );
        assert_eq!(listening_address("Type 'dlv help'"), None);
        let marker = DELVE.exit_status_after.unwrap();
        assert_eq!(
            exit_status_in("Process 18916 has exited with status 2\n", marker),
            Some(2)
        );
        assert_eq!(
            exit_status_in("Process 1 has exited with status -1", marker),
            Some(-1)
        );
        assert_eq!(exit_status_in("Detaching", marker), None);
        assert!(is_chatter(
            &DELVE,
            "Type 'dlv help' for list of commands.\n"
        ));
        assert!(is_chatter(
            &LLDB_DAP,
            "Process 42 exited with status = 0 (0x00000000)\n"
        ));
        assert!(
            !is_chatter(&LLDB_DAP, "Process total=3\n"),
            "a logpoint's text"
        );
        assert!(!is_chatter(&DEBUGPY, "Process 42 exited with status = 0\n"));
    }
}
