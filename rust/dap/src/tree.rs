//! Process hygiene for a session's whole process tree, including descendants that
//! left it: a child that called `setsid`, changed its process group, or was
//! orphaned by a double fork is no longer in the adapter's or the debuggee's group,
//! and no longer under them in the process tree.
//!
//! Every session's adapter starts with [`TAG_ENV`]`=<server pid>:<n>:<session id>` in its
//! environment; the debugpy launcher, the debuggee and everything they start inherit
//! it. Stopping a session kills every process whose environment carries its tag
//! (Linux: `/proc/<pid>/environ`), in rounds until none is left, so a process that
//! forks while being killed is caught too. That sweep runs after the stop is answered
//! and is finished before the backend's next launch; a server that exits kills all its
//! sessions' processes first of all. A server that died without cleaning up
//! (SIGKILL) leaves tags whose server pid is gone: the next server kills those
//! processes when it starts ([`kill_orphans_of_gone_servers`]).
//!
//! A descendant that clears its own environment escapes this; the process groups
//! (`kill_group`) still cover the usual case. The tags are read from Linux's `/proc`:
//! on macOS only the process groups are killed, and on Windows, which has neither,
//! only the adapter by its handle.

/// The environment variable that marks a session's processes.
pub const TAG_ENV: &str = "JETBRAINS_DEBUGGER_SESSION_TAG";

/// Rounds of killing before giving up on a tree that keeps forking.
const KILL_ROUNDS: usize = 20;

/// A fresh owner for one backend of this process: `<pid>:<n>`. Session tags start
/// with it, so backends (and tests) in one process never touch each other's trees.
pub fn new_owner() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}:{n}", std::process::id())
}

/// The tag of session `session` of the backend `owner`.
pub fn tag_for(owner: &str, session: &str) -> String {
    format!("{owner}:{session}")
}

/// Kill every process tagged `tag`; how many were killed. Blocking (a few rounds of
/// 10 ms at most when processes keep appearing): call it off the async workers.
pub fn kill_tagged(tag: &str) -> usize {
    kill_matching(|found| found == tag, |_| true)
}

/// Kill the processes tagged `tag` outside the process group `keep` (the adapter
/// and the launcher, which must live on to report the exit); how many. Blocking.
pub fn kill_tagged_outside_group(tag: &str, keep: Option<u32>) -> usize {
    kill_matching(
        |found| found == tag,
        |pid| keep.is_none() || group_of(pid) != keep,
    )
}

/// Kill every process of every session of the backend `owner` (at the server's
/// exit: fast, before anything graceful, since the caller may not wait long).
/// Blocking.
pub fn kill_all_of(owner: &str) -> usize {
    let prefix = format!("{owner}:");
    kill_matching(|found| found.starts_with(&prefix), |_| true)
}

/// Kill the processes left behind by servers that are gone (their pid no longer
/// exists); how many were killed. Blocking.
pub fn kill_orphans_of_gone_servers() -> usize {
    kill_matching(
        |found| {
            let server = found.split_once(':').map(|(pid, _)| pid).unwrap_or("");
            match server.parse::<u32>() {
                Ok(pid) => pid != std::process::id() && !alive(pid),
                Err(_) => false,
            }
        },
        |_| true,
    )
}

/// Kill, in rounds, the tagged processes whose tag is `wanted` and that `also` accepts.
/// A process in the middle of `execve` shows no environment for an instant, so one
/// scan can miss it: the rounds stop only after two scans in a row found nothing.
fn kill_matching(wanted: impl Fn(&str) -> bool, also: impl Fn(u32) -> bool) -> usize {
    let mut killed = 0;
    let mut empty_scans = 0;
    for round in 0..KILL_ROUNDS {
        let targets: Vec<u32> = tagged_processes()
            .into_iter()
            .filter(|(pid, tag)| wanted(tag) && also(*pid))
            .map(|(pid, _)| pid)
            .collect();
        if targets.is_empty() {
            empty_scans += 1;
            if empty_scans == 2 {
                break;
            }
        } else {
            empty_scans = 0;
        }
        for pid in targets {
            if kill(pid) {
                killed += 1;
            }
        }
        if round + 1 < KILL_ROUNDS {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
    killed
}

/// Live processes (not ours) with a [`TAG_ENV`] in their environment, and its value.
#[cfg(target_os = "linux")]
fn tagged_processes() -> Vec<(u32, String)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let me = std::process::id();
    let prefix = format!("{TAG_ENV}=");
    entries
        .filter_map(|entry| {
            let pid: u32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
            if pid == me {
                return None;
            }
            // Vanished or not ours to read: not ours to kill either. A zombie's
            // environment reads empty.
            let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
            let tag = environ
                .split(|&b| b == 0)
                .find_map(|var| var.strip_prefix(prefix.as_bytes()))?;
            Some((pid, String::from_utf8_lossy(tag).into_owned()))
        })
        .collect()
}

#[cfg(not(target_os = "linux"))]
fn tagged_processes() -> Vec<(u32, String)> {
    Vec::new()
}

/// Whether process `pid` exists (a zombie counts as gone).
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command name, which is in parentheses.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// The CPU time process `pid` has used (user and system), where `/proc` tells it.
pub fn cpu_time(pid: u32) -> Option<std::time::Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // utime and stime are the 14th and 15th fields; the command name before them
    // is in parentheses and may hold spaces.
    let (_, rest) = stat.rsplit_once(')')?;
    let mut fields = rest.split_whitespace().skip(11);
    let ticks = fields.next()?.parse::<u64>().ok()? + fields.next()?.parse::<u64>().ok()?;
    Some(std::time::Duration::from_millis(
        ticks * 1000 / clock_ticks_per_second(),
    ))
}

#[cfg(unix)]
fn clock_ticks_per_second() -> u64 {
    // SAFETY: sysconf only reads a constant of the system.
    u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) })
        .ok()
        .filter(|&t| t > 0)
        .unwrap_or(100)
}

#[cfg(not(unix))]
fn clock_ticks_per_second() -> u64 {
    100
}

#[cfg(unix)]
fn kill(pid: u32) -> bool {
    match i32::try_from(pid) {
        // SAFETY: kill(2) has no memory effects; a stale pid fails with ESRCH.
        Ok(id) if id > 1 => unsafe { libc::kill(id, libc::SIGKILL) == 0 },
        _ => false,
    }
}

/// Never called: only Linux lists tagged processes.
#[cfg(not(unix))]
fn kill(_pid: u32) -> bool {
    false
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn a_setsid_double_fork_is_found_and_killed_by_its_tag() {
        let tag = tag_for(&new_owner(), "setsid");
        // The shell starts a grandchild in a new session and exits at once: the
        // grandchild is orphaned, outside our process group and tree.
        let out = Command::new("sh")
            .args(["-c", "setsid sh -c 'sleep 300' > /dev/null 2>&1 & echo $!"])
            .env(TAG_ENV, &tag)
            .output()
            .unwrap();
        let pid: u32 = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while !tagged_processes().iter().any(|(_, t)| t == &tag) {
            assert!(
                std::time::Instant::now() < deadline,
                "the grandchild never showed"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(kill_tagged(&tag) >= 1);
        assert!(
            !tagged_processes().iter().any(|(_, t)| t == &tag),
            "no survivor of {pid}"
        );
        assert_eq!(kill_tagged(&tag), 0, "idempotent");
    }

    #[test]
    fn leftovers_of_a_server_that_is_gone_are_killed() {
        let mut gone = Command::new("true").spawn().unwrap();
        let gone_pid = gone.id();
        gone.wait().unwrap();
        let tag = format!("{gone_pid}:1:s1");
        let mut leftover = Command::new("sleep")
            .arg("300")
            .env(TAG_ENV, &tag)
            .spawn()
            .unwrap();
        let owner = new_owner();
        let mine = tag_for(&owner, "s-live");
        let mut live = Command::new("sleep")
            .arg("300")
            .env(TAG_ENV, &mine)
            .spawn()
            .unwrap();
        // Another server starting on this machine meanwhile may reap the leftover first, and
        // a freshly started process may not show its environment yet: what must hold is
        // that the leftover is gone within a bound, and that this server's session is not.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            kill_orphans_of_gone_servers();
            if leftover.try_wait().unwrap().is_some() {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the leftover of a gone server survived"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert_eq!(
            live.try_wait().unwrap(),
            None,
            "this server's sessions are left alone"
        );
        assert_eq!(kill_all_of(&owner), 1);
        live.wait().unwrap();
    }

    #[test]
    fn a_reaped_or_zombie_process_is_not_alive() {
        assert!(alive(std::process::id()));
        let mut child = Command::new("true").spawn().unwrap();
        let pid = child.id();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while alive(pid) {
            assert!(
                std::time::Instant::now() < deadline,
                "an exited child reads as alive"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        child.wait().unwrap();
        assert!(!alive(pid));
    }
}
/// SIGKILL a process group (`pgid` > 1); false when there was none.
#[cfg(unix)]
pub fn kill_group(pgid: u32) -> bool {
    match i32::try_from(pgid) {
        // SAFETY: killpg has no memory effects; a stale id fails with ESRCH.
        Ok(id) if id > 1 => unsafe { libc::killpg(id, libc::SIGKILL) == 0 },
        _ => false,
    }
}

/// The process group of `pid`, if the process exists.
#[cfg(unix)]
pub fn group_of(pid: u32) -> Option<u32> {
    let id = i32::try_from(pid).ok().filter(|&p| p > 1)?;
    // SAFETY: getpgid only reads kernel state.
    let pgid = unsafe { libc::getpgid(id) };
    u32::try_from(pgid).ok().filter(|&g| g > 0)
}

/// Windows has no process groups (the adapter is not started in one).
#[cfg(not(unix))]
pub fn kill_group(_pgid: u32) -> bool {
    false
}

#[cfg(not(unix))]
pub fn group_of(_pid: u32) -> Option<u32> {
    None
}
