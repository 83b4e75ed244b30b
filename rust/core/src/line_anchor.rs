//! Where a line breakpoint belongs after its file was edited: the text of its line
//! (and of the lines around it) kept when it was set, and the search of the edited
//! file for that text.
//!
//! Only the anchor is kept, not the whole old file, so this is no diff: a diff
//! (the `similar` crate, say) needs both versions, and keeping a copy of every file
//! that holds a breakpoint would put the project's sources in the state directory.
//! The line's own text, told apart by its neighbours where it repeats, finds the
//! same places a diff would for the edits agents make (lines inserted or removed
//! above, a function moved, a file rewritten whole) and says plainly when it cannot.

use serde::{Deserialize, Serialize};

/// Characters of a line kept (a longer line is matched on its start).
const KEPT: usize = 200;

/// A line breakpoint's line, as it read when the breakpoint was set or last placed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineAnchor {
    /// The line's text, trimmed.
    pub text: String,
    /// The nearest non-blank line above and below, trimmed (empty at the file's ends).
    pub above: String,
    pub below: String,
    /// What the last launch did with it (moved from, or why it was not placed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Where an anchored breakpoint goes in the edited file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// Its line still reads the same.
    Stays,
    /// To this line (1-based).
    Moves(u32),
    /// Nowhere: why.
    NotPlaced(&'static str),
}

/// The text a line is compared on.
fn key(line: &str) -> String {
    line.trim().chars().take(KEPT).collect()
}

/// The nearest non-blank line from `from` going by `step`, as a key.
fn neighbour(lines: &[&str], from: usize, up: bool) -> String {
    let mut at = from;
    loop {
        match up {
            true if at == 0 => return String::new(),
            true => at -= 1,
            false if at + 1 >= lines.len() => return String::new(),
            false => at += 1,
        }
        let text = key(lines[at]);
        if !text.is_empty() {
            return text;
        }
    }
}

impl LineAnchor {
    /// The anchor of 1-based `line` in `lines`; `None` for a blank or missing line.
    pub fn capture(lines: &[&str], line: u32) -> Option<Self> {
        let at = (line as usize).checked_sub(1)?;
        let text = key(lines.get(at)?);
        if text.is_empty() {
            return None;
        }
        Some(Self {
            text,
            above: neighbour(lines, at, true),
            below: neighbour(lines, at, false),
            note: None,
        })
    }

    /// Where the breakpoint that was at 1-based `line` goes in the edited `lines`: the
    /// line with the same text whose neighbours match best, the nearest to the old
    /// place among equals (so an unedited line stays); two equally good and equally
    /// near are ambiguous.
    pub fn place(&self, lines: &[&str], line: u32) -> Placement {
        let old = line as usize;
        let mut best: Vec<(usize, usize, usize)> = Vec::new();
        for (at, l) in lines.iter().enumerate() {
            if key(l) != self.text {
                continue;
            }
            let fit = usize::from(neighbour(lines, at, true) == self.above)
                + usize::from(neighbour(lines, at, false) == self.below);
            let distance = (at + 1).abs_diff(old);
            best.push((fit, distance, at + 1));
        }
        best.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        match best.as_slice() {
            [] => Placement::NotPlaced("its line is no longer in the file"),
            [(fit, distance, _), (next_fit, next_distance, _), ..]
                if fit == next_fit && distance == next_distance =>
            {
                Placement::NotPlaced("its line's text is in the file more than once")
            }
            [(_, _, to), ..] if *to == old => Placement::Stays,
            [(_, _, to), ..] => Placement::Moves(*to as u32),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anchor(file: &str, line: u32) -> LineAnchor {
        LineAnchor::capture(&file.lines().collect::<Vec<_>>(), line).unwrap()
    }

    fn place(a: &LineAnchor, file: &str, line: u32) -> Placement {
        a.place(&file.lines().collect::<Vec<_>>(), line)
    }

    const OLD: &str =
        "def f(x):\n    y = x + 1\n    return y\n\ndef g(x):\n    y = x + 1\n    return y * 2\n";

    #[test]
    fn an_unchanged_line_stays() {
        assert_eq!(place(&anchor(OLD, 2), OLD, 2), Placement::Stays);
    }

    #[test]
    fn lines_inserted_above_move_it_down() {
        let new = format!("import os\nimport sys\n{OLD}");
        assert_eq!(place(&anchor(OLD, 6), &new, 6), Placement::Moves(8));
    }

    #[test]
    fn a_repeated_line_is_told_apart_by_its_neighbours() {
        // g moved above f: the `y = x + 1` under `def f` is the one followed.
        let new = "def g(x):\n    y = x + 1\n    return y * 2\n\ndef f(x):\n    y = x + 1\n    return y\n";
        assert_eq!(place(&anchor(OLD, 2), new, 2), Placement::Moves(6));
    }

    #[test]
    fn a_deleted_line_is_not_placed() {
        let new = OLD.replace("    return y * 2\n", "");
        assert_eq!(
            place(&anchor(OLD, 7), &new, 7),
            Placement::NotPlaced("its line is no longer in the file")
        );
    }

    #[test]
    fn equal_candidates_are_ambiguous() {
        let a = anchor("a\nx\nb\n", 2);
        assert_eq!(
            place(&a, "c\nx\nd\nx\ne\n", 3),
            Placement::NotPlaced("its line's text is in the file more than once")
        );
    }

    #[test]
    fn blank_lines_have_no_anchor() {
        assert!(LineAnchor::capture(&["a", "  ", "b"], 2).is_none());
        assert!(LineAnchor::capture(&["a"], 3).is_none());
    }
}
