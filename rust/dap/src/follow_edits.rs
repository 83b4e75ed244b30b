//! Line breakpoints that follow edits of their files: the anchor kept when one is set,
//! and, before each debug launch, where each anchored breakpoint's line now is (the
//! search itself is `debugger_core::line_anchor`). A breakpoint whose line is gone,
//! or repeated with nothing to tell the copies apart, is disabled where it was, with
//! a note saying why; nothing is removed.

use debugger_core::line_anchor::{LineAnchor, Placement};
use debugger_core::model::{Breakpoint, BreakpointKind, FollowedBreakpoint};
use debugger_core::source_file;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Largest file whose breakpoints follow its edits (a bigger one keeps its lines).
const FOLLOWED_BYTES: u64 = 8 * 1024 * 1024;

/// A file's text, when it is a readable regular file of at most [`FOLLOWED_BYTES`].
async fn text_of(file: &Path) -> Option<String> {
    let bytes = source_file::read_capped(file, FOLLOWED_BYTES).await.ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The anchor of a line breakpoint about to be set (`None` for other kinds, or when
/// the file cannot be read or the line is blank).
pub async fn anchor_for(kind: &BreakpointKind) -> Option<LineAnchor> {
    let BreakpointKind::Line { file, line } = kind else {
        return None;
    };
    let text = text_of(file).await?;
    LineAnchor::capture(&text.lines().collect::<Vec<_>>(), *line)
}

/// What following the edits changes: `(id, line, enabled, anchor)` for the store, and
/// the moves to report.
pub type Followed = (
    Vec<(String, u32, bool, LineAnchor)>,
    Vec<FollowedBreakpoint>,
);

/// Where the project's enabled, anchored line breakpoints go in their files as they
/// are now. A breakpoint whose line still reads the same stays (its anchor renewed,
/// unreported, when the lines around it changed); an unreadable file keeps its
/// breakpoints as they are.
pub async fn follow(breakpoints: &[Breakpoint]) -> Followed {
    let mut by_file: BTreeMap<&PathBuf, Vec<(&Breakpoint, u32, &LineAnchor)>> = BTreeMap::new();
    for bp in breakpoints.iter().filter(|b| b.spec.enabled) {
        if let (BreakpointKind::Line { file, line }, Some(anchor)) = (&bp.spec.kind, &bp.anchor) {
            by_file.entry(file).or_default().push((bp, *line, anchor));
        }
    }
    let (mut placed, mut told) = (Vec::new(), Vec::new());
    for (file, held) in by_file {
        let Some(text) = text_of(file).await else {
            continue;
        };
        let lines: Vec<&str> = text.lines().collect();
        for (bp, line, anchor) in held {
            let id = bp.id.clone();
            match anchor.place(&lines, line) {
                Placement::Stays => {
                    // A note of an earlier launch has been told: it goes.
                    let fresh = LineAnchor::capture(&lines, line);
                    if let Some(fresh) = fresh.filter(|f| f != anchor) {
                        placed.push((id, line, true, fresh));
                    }
                }
                Placement::Moves(to) => {
                    let Some(mut fresh) = LineAnchor::capture(&lines, to) else {
                        continue;
                    };
                    fresh.note = Some(format!("moved from line {line} after its file was edited"));
                    placed.push((id.clone(), to, true, fresh));
                    told.push(FollowedBreakpoint {
                        id,
                        from: line,
                        to: Some(to),
                        reason: None,
                    });
                }
                Placement::NotPlaced(reason) => {
                    let kept = LineAnchor {
                        note: Some(format!(
                            "not placed after its file was edited: {reason}; disabled"
                        )),
                        ..anchor.clone()
                    };
                    placed.push((id.clone(), line, false, kept));
                    told.push(FollowedBreakpoint {
                        id,
                        from: line,
                        to: None,
                        reason: Some(reason.into()),
                    });
                }
            }
        }
    }
    (placed, told)
}
