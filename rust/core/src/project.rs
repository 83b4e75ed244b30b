//! Which project a tool call is about, and which file inside it: the four-case
//! `projectPath` table of [`resolve_project`], ids implying their project
//! ([`resolve_project_for`]), and the confinement of agent-supplied
//! file paths to the project root (`path_outside_project`). The only I/O is looking
//! at the file system (canonicalize, metadata).

use crate::error::{ErrorCode, ToolError, ToolResult};
use crate::model::Project;
use serde_json::{json, Value};
use std::path::{Component, Path, PathBuf};

/// The project rooted at `dir` (canonicalized; named after the directory).
pub fn project_from_dir(dir: &Path) -> std::io::Result<Project> {
    let path = dir.canonicalize()?;
    if !path.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            format!("{} is not a directory", path.display()),
        ));
    }
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok(Project { name, path })
}

/// Pick the project of a call, by four cases: no project open is `project_not_found`;
/// `project_path` omitted picks the only open project, or is `multiple_projects_open`
/// when several are open; `project_path` given picks the open project at that path
/// (`~` expanded, normalized), else is `project_not_found`. Every error lists the open
/// projects. An empty `project_path` counts as omitted.
pub fn resolve_project(open: &[Project], project_path: Option<&str>) -> ToolResult<Project> {
    let requested = project_path.map(str::trim).filter(|p| !p.is_empty());
    if open.is_empty() {
        return Err(ToolError::new(
            ErrorCode::ProjectNotFound,
            "No project is open. Open the project in the IDE first.",
        )
        .with_detail("open_projects", Value::Array(Vec::new())));
    }
    let Some(requested) = requested else {
        return match open {
            [only] => Ok(only.clone()),
            _ => Err(ToolError::new(
                ErrorCode::MultipleProjectsOpen,
                "Multiple projects are open. Please specify 'projectPath' parameter.",
            )
            .with_detail("open_projects", open_projects(open))),
        };
    };
    let wanted = normalize(&expand_tilde(requested, home().as_deref()));
    open.iter()
        .find(|p| normalize(&p.path) == wanted)
        .cloned()
        .ok_or_else(|| {
            ToolError::new(
                ErrorCode::ProjectNotFound,
                format!(
                    "No open project at '{requested}'. Use one of the paths in 'open_projects' as 'projectPath'."
                ),
            )
            .with_detail("open_projects", open_projects(open))
        })
}

/// An id a call names (a session, breakpoint, watch or variable id) and the open
/// projects it belongs to; `what` names it for messages, e.g. `session 'py-1'`.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedId {
    pub what: String,
    pub owners: Vec<Project>,
}

/// Pick the project of a call that names ids: ids imply their project. An id
/// belonging to exactly one open project picks it when `project_path` is omitted; a
/// `project_path` that disagrees with an id's project is `invalid_params` naming
/// `projectPath`. Ids that belong to no open project imply
/// nothing (the tool reports them as today: `session_not_found`, ...), and a call
/// whose ids imply nothing follows the four-case table of [`resolve_project`].
pub fn resolve_project_for(
    open: &[Project],
    project_path: Option<&str>,
    ids: &[NamedId],
) -> ToolResult<Project> {
    let requested = project_path.map(str::trim).filter(|p| !p.is_empty());
    let owned: Vec<&NamedId> = ids.iter().filter(|id| !id.owners.is_empty()).collect();
    if open.is_empty() || owned.is_empty() {
        return resolve_project(open, project_path);
    }
    if let Some(requested) = requested {
        let chosen = resolve_project(open, Some(requested))?;
        if let Some(id) = owned.iter().find(|id| !id.owners.contains(&chosen)) {
            let owner = &id.owners[0];
            return Err(ToolError::invalid_params(format!(
                "'projectPath' names project '{}' ({}), but {} belongs to project '{}' ({}). \
                 Omit 'projectPath' or give the id's project.",
                chosen.name,
                chosen.path.display(),
                id.what,
                owner.name,
                owner.path.display()
            ))
            .with_detail("projectPath", Value::String(requested.to_string()))
            .with_detail("id_projects", open_projects(&id.owners)));
        }
        return Ok(chosen);
    }
    if let [only] = open {
        return Ok(only.clone());
    }
    let common: Vec<&Project> = open
        .iter()
        .filter(|p| owned.iter().all(|id| id.owners.contains(p)))
        .collect();
    match common.as_slice() {
        [one] => Ok((*one).clone()),
        [] => {
            let describe = |id: &NamedId| {
                let names: Vec<&str> = id.owners.iter().map(|p| p.name.as_str()).collect();
                format!("{} belongs to '{}'", id.what, names.join("', '"))
            };
            let parts: Vec<String> = owned.iter().map(|id| describe(id)).collect();
            Err(ToolError::invalid_params(format!(
                "The ids of this call belong to different projects: {}.",
                parts.join("; ")
            ))
            .with_detail("open_projects", open_projects(open)))
        }
        _ => resolve_project(open, None),
    }
}

/// The file an agent means by `file_path`, canonical and inside the project root.
///
/// Accepted: absolute paths, project-relative paths, and project-relative paths
/// written with a leading slash (`/src/app.py` for `<root>/src/app.py`), which are
/// tried when the absolute reading does not name a file inside the project.
pub fn resolve_file(project: &Project, file_path: &str) -> ToolResult<PathBuf> {
    resolve_path(project, file_path, "file_path", false)
}

/// The directory an agent means by `param` (a launch's working directory), read
/// like [`resolve_file`]'s paths and confined to the project the same way.
pub fn resolve_dir(project: &Project, path: &str, param: &str) -> ToolResult<PathBuf> {
    resolve_path(project, path, param, true)
}

fn resolve_path(project: &Project, path: &str, param: &str, dir: bool) -> ToolResult<PathBuf> {
    let trimmed = path.trim();
    if trimmed.is_empty() {
        return Err(ToolError::invalid_params(format!(
            "{param} must not be empty"
        )));
    }
    let root = project
        .path
        .canonicalize()
        .unwrap_or_else(|_| normalize(&project.path));
    let given = expand_tilde(trimmed, home().as_deref());
    let mut candidates = vec![root.join(&given)];
    if given.is_absolute() {
        let relative: PathBuf = given
            .components()
            .filter(|c| !matches!(c, Component::RootDir | Component::Prefix(_)))
            .collect();
        candidates.push(root.join(relative));
    }
    let outside = || {
        ToolError::new(
            ErrorCode::PathOutsideProject,
            format!("'{trimmed}' is outside the project '{}'", project.name),
        )
    };
    let mut exists_outside = false;
    for candidate in &candidates {
        let Ok(real) = candidate.canonicalize() else {
            continue;
        };
        if !real.starts_with(&root) {
            exists_outside = true;
            continue;
        }
        if real.is_dir() != dir {
            let (is, wanted) = if dir {
                ("a file", "a directory")
            } else {
                ("a directory", "a file")
            };
            return Err(ToolError::invalid_params(format!(
                "'{trimmed}' is {is}, not {wanted}"
            )));
        }
        return Ok(real);
    }
    if exists_outside || !candidates.iter().any(|c| normalize(c).starts_with(&root)) {
        return Err(outside());
    }
    Err(ToolError::new(
        ErrorCode::FileNotFound,
        format!(
            "{} not found: '{trimmed}' (looked in project '{}')",
            if dir { "Directory" } else { "File" },
            project.name
        ),
    ))
}

fn open_projects(open: &[Project]) -> Value {
    open.iter()
        .map(|p| json!({ "name": p.name, "path": p.path.display().to_string() }))
        .collect()
}

fn home() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
}

/// `~` and `~/...` against `home` (other forms, like `~user`, are left alone).
fn expand_tilde(path: &str, home: Option<&Path>) -> PathBuf {
    match (path.strip_prefix('~'), home) {
        (Some(""), Some(home)) => home.to_path_buf(),
        (Some(rest), Some(home)) if rest.starts_with(['/', std::path::MAIN_SEPARATOR]) => {
            home.join(&rest[1..])
        }
        _ => PathBuf::from(path),
    }
}

/// The canonical path when it exists; otherwise the path with `.`, `..` and
/// trailing separators resolved lexically.
fn normalize(path: &Path) -> PathBuf {
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch directory tree, removed on drop.
    struct Tree(PathBuf);

    impl Tree {
        fn new(tag: &str) -> Self {
            let dir =
                std::env::temp_dir().join(format!("jbd-project-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join("shop/src/pkg")).unwrap();
            std::fs::create_dir_all(dir.join("other")).unwrap();
            std::fs::write(dir.join("shop/src/Calculator.java"), "class C {}").unwrap();
            std::fs::write(dir.join("shop/src/pkg/mod.py"), "").unwrap();
            std::fs::write(dir.join("other/secret.txt"), "no").unwrap();
            Self(dir.canonicalize().unwrap())
        }

        fn project(&self) -> Project {
            project_from_dir(&self.0.join("shop")).unwrap()
        }
    }

    impl Drop for Tree {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn project(name: &str, path: &str) -> Project {
        Project {
            name: name.into(),
            path: PathBuf::from(path),
        }
    }

    #[test]
    fn project_from_dir_canonicalizes_and_names() {
        let tree = Tree::new("from-dir");
        let p = project_from_dir(&tree.0.join("shop/src/../.")).unwrap();
        assert_eq!(p.name, "shop");
        assert_eq!(p.path, tree.0.join("shop"));
        assert!(project_from_dir(&tree.0.join("missing")).is_err());
        let file = project_from_dir(&tree.0.join("shop/src/Calculator.java")).unwrap_err();
        assert_eq!(file.kind(), std::io::ErrorKind::NotADirectory);
    }

    #[test]
    fn single_project_is_used_when_no_path_is_given() {
        let open = [project("a", "/nonexistent/a")];
        assert_eq!(resolve_project(&open, None).unwrap(), open[0]);
        assert_eq!(resolve_project(&open, Some("  ")).unwrap(), open[0]);
    }

    #[test]
    fn single_project_is_validated_against_the_given_path() {
        let open = [project("a", "/nonexistent/a")];
        assert_eq!(
            resolve_project(&open, Some("/nonexistent/a/")).unwrap(),
            open[0]
        );
        assert_eq!(
            resolve_project(&open, Some("/nonexistent/b/../a/./")).unwrap(),
            open[0]
        );
        let err = resolve_project(&open, Some("/nonexistent/b")).unwrap_err();
        assert_eq!(err.code, ErrorCode::ProjectNotFound);
        assert!(err.message.contains("/nonexistent/b"));
        assert_eq!(
            err.details["open_projects"],
            json!([{ "name": "a", "path": "/nonexistent/a" }])
        );
    }

    #[test]
    fn several_projects_need_a_path() {
        let open = [
            project("my-backend", "/p/my-backend"),
            project("my-frontend", "/p/my-frontend"),
        ];
        let err = resolve_project(&open, None).unwrap_err();
        assert_eq!(err.code, ErrorCode::MultipleProjectsOpen);
        assert_eq!(
            err.to_json(),
            json!({
                "error": "multiple_projects_open",
                "message": "Multiple projects are open. Please specify 'projectPath' parameter.",
                "open_projects": [
                    { "name": "my-backend", "path": "/p/my-backend" },
                    { "name": "my-frontend", "path": "/p/my-frontend" }
                ]
            })
        );
        assert_eq!(
            resolve_project(&open, Some("/p/my-frontend")).unwrap(),
            open[1]
        );
        let err = resolve_project(&open, Some("/p/elsewhere")).unwrap_err();
        assert_eq!(err.code, ErrorCode::ProjectNotFound);
        assert_eq!(err.details["open_projects"].as_array().unwrap().len(), 2);
    }

    fn id(what: &str, owners: &[&Project]) -> NamedId {
        NamedId {
            what: what.into(),
            owners: owners.iter().map(|p| (*p).clone()).collect(),
        }
    }

    #[test]
    fn an_id_of_one_project_picks_it() {
        let open = [project("a", "/p/a"), project("b", "/p/b")];
        let session = id("session 's-1'", &[&open[1]]);
        assert_eq!(
            resolve_project_for(&open, None, std::slice::from_ref(&session)).unwrap(),
            open[1]
        );
        assert_eq!(
            resolve_project_for(&open, Some(" "), std::slice::from_ref(&session)).unwrap(),
            open[1]
        );
        assert_eq!(
            resolve_project_for(&open, Some("/p/b/"), &[session]).unwrap(),
            open[1]
        );
    }

    #[test]
    fn a_disagreeing_project_path_is_invalid_params_naming_it() {
        let open = [project("a", "/p/a"), project("b", "/p/b")];
        let err = resolve_project_for(&open, Some("/p/a"), &[id("breakpoint 'bp-3'", &[&open[1]])])
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidParams);
        assert!(err.message.contains("'projectPath'"), "{}", err.message);
        assert!(err.message.contains("breakpoint 'bp-3'"), "{}", err.message);
        assert!(err.message.contains("/p/b"), "{}", err.message);
        assert_eq!(err.details["projectPath"], json!("/p/a"));
        assert_eq!(
            err.details["id_projects"],
            json!([{ "name": "b", "path": "/p/b" }])
        );
        // An unknown projectPath is still project_not_found.
        let err =
            resolve_project_for(&open, Some("/p/c"), &[id("watch 'w'", &[&open[1]])]).unwrap_err();
        assert_eq!(err.code, ErrorCode::ProjectNotFound);
    }

    #[test]
    fn ids_of_no_project_leave_the_four_case_table_in_charge() {
        let open = [project("a", "/p/a"), project("b", "/p/b")];
        let unknown = [id("session 'gone'", &[])];
        assert_eq!(
            resolve_project_for(&open, None, &unknown).unwrap_err().code,
            ErrorCode::MultipleProjectsOpen
        );
        assert_eq!(
            resolve_project_for(&open, Some("/p/a"), &unknown).unwrap(),
            open[0]
        );
        assert_eq!(
            resolve_project_for(&open, None, &[]).unwrap_err().code,
            ErrorCode::MultipleProjectsOpen
        );
        assert_eq!(
            resolve_project_for(&open[..1], None, &unknown).unwrap(),
            open[0]
        );
        assert_eq!(
            resolve_project_for(&[], None, &[id("session 's'", &[&open[0]])])
                .unwrap_err()
                .code,
            ErrorCode::ProjectNotFound
        );
    }

    #[test]
    fn ids_of_several_projects_are_narrowed_together() {
        let open = [project("a", "/p/a"), project("b", "/p/b")];
        // A variable id handed out in sessions of both projects: ambiguous alone...
        let variable = id("variable 'v1.1'", &[&open[0], &open[1]]);
        assert_eq!(
            resolve_project_for(&open, None, std::slice::from_ref(&variable))
                .unwrap_err()
                .code,
            ErrorCode::MultipleProjectsOpen
        );
        // ...but the session named with it decides.
        let session = id("session 's-a'", &[&open[0]]);
        assert_eq!(
            resolve_project_for(&open, None, &[variable, session.clone()]).unwrap(),
            open[0]
        );
        // Ids of different projects contradict each other.
        let err = resolve_project_for(&open, None, &[session, id("watch 'w-9'", &[&open[1]])])
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidParams);
        assert!(
            err.message.contains("different projects"),
            "{}",
            err.message
        );
    }

    #[test]
    fn no_open_project_is_project_not_found() {
        let err = resolve_project(&[], None).unwrap_err();
        assert_eq!(err.code, ErrorCode::ProjectNotFound);
        assert!(err.message.contains("No project is open"));
        assert_eq!(err.details["open_projects"], json!([]));
        assert_eq!(
            resolve_project(&[], Some("/x")).unwrap_err().code,
            ErrorCode::ProjectNotFound
        );
    }

    #[cfg(unix)]
    #[test]
    fn project_paths_match_through_symlinks() {
        let tree = Tree::new("symlink");
        let link = tree.0.join("link-to-shop");
        std::os::unix::fs::symlink(tree.0.join("shop"), &link).unwrap();
        let open = [tree.project(), project("other", "/p/other")];
        let chosen = resolve_project(&open, Some(link.to_str().unwrap())).unwrap();
        assert_eq!(chosen.name, "shop");
    }

    #[test]
    fn tilde_expands_against_home_only_for_the_user_itself() {
        let home = Path::new("/home/dev");
        assert_eq!(expand_tilde("~", Some(home)), PathBuf::from("/home/dev"));
        assert_eq!(
            expand_tilde("~/code/x", Some(home)),
            PathBuf::from("/home/dev/code/x")
        );
        assert_eq!(expand_tilde("~bob/x", Some(home)), PathBuf::from("~bob/x"));
        assert_eq!(expand_tilde("~/x", None), PathBuf::from("~/x"));
        assert_eq!(expand_tilde("/a/~", Some(home)), PathBuf::from("/a/~"));
    }

    #[test]
    fn normalize_resolves_dots_lexically_for_missing_paths() {
        assert_eq!(
            normalize(Path::new("/nope/a/../b/./c/")),
            PathBuf::from("/nope/b/c")
        );
        assert_eq!(normalize(Path::new("x/../../y")), PathBuf::from("../y"));
    }

    #[test]
    fn files_resolve_absolute_relative_and_slash_relative() {
        let tree = Tree::new("files");
        let p = tree.project();
        let want = tree.0.join("shop/src/Calculator.java");
        let abs = want.to_str().unwrap();
        assert_eq!(resolve_file(&p, abs).unwrap(), want);
        assert_eq!(resolve_file(&p, "src/Calculator.java").unwrap(), want);
        assert_eq!(
            resolve_file(&p, "./src/pkg/../Calculator.java").unwrap(),
            want
        );
        assert_eq!(resolve_file(&p, "/src/Calculator.java").unwrap(), want);
        assert_eq!(resolve_file(&p, " src/Calculator.java\n").unwrap(), want);
    }

    #[test]
    fn files_outside_the_project_are_refused() {
        let tree = Tree::new("outside");
        let p = tree.project();
        let secret = tree.0.join("other/secret.txt");
        let err = resolve_file(&p, secret.to_str().unwrap()).unwrap_err();
        assert_eq!(err.code, ErrorCode::PathOutsideProject);
        for escape in [
            "../other/secret.txt",
            "src/../../other/secret.txt",
            "../other/missing.txt",
            "/etc/passwd",
        ] {
            let err = resolve_file(&p, escape).unwrap_err();
            assert_eq!(err.code, ErrorCode::PathOutsideProject, "{escape}");
            assert!(err.message.contains(escape));
        }
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_leading_out_of_the_project_are_refused() {
        let tree = Tree::new("escape-link");
        let p = tree.project();
        std::os::unix::fs::symlink(
            tree.0.join("other/secret.txt"),
            tree.0.join("shop/src/leak.txt"),
        )
        .unwrap();
        std::os::unix::fs::symlink(tree.0.join("other"), tree.0.join("shop/linked")).unwrap();
        for path in ["src/leak.txt", "linked/secret.txt"] {
            assert_eq!(
                resolve_file(&p, path).unwrap_err().code,
                ErrorCode::PathOutsideProject,
                "{path}"
            );
        }
    }

    #[test]
    fn missing_files_directories_and_empty_paths() {
        let tree = Tree::new("missing");
        let p = tree.project();
        for missing in [
            "src/Nope.java",
            "/src/Nope.java",
            tree.0.join("shop/Nope.py").to_str().unwrap(),
        ] {
            let err = resolve_file(&p, missing).unwrap_err();
            assert_eq!(err.code, ErrorCode::FileNotFound, "{missing}");
            assert!(err.message.contains(missing));
        }
        let err = resolve_file(&p, "src/pkg").unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidParams);
        assert!(err.message.contains("directory"));
        assert_eq!(
            resolve_file(&p, "").unwrap_err().code,
            ErrorCode::InvalidParams
        );
        assert_eq!(
            resolve_file(&p, "   ").unwrap_err().code,
            ErrorCode::InvalidParams
        );
    }
}
