//! Password flags that only some programs have: `-p V` is the password of `sshpass` and the
//! MySQL clients, and a port, a path or a parent directory for most other programs. A
//! table names the programs and their flag; one scanner finds their command lines in text
//! (a shell line, a list's repr, a Go slice printed), and [`password_args`] judges a launch's
//! own program and arguments. A long flag that names a secret (`--password V`) needs no
//! table: the name rule has it.

/// Programs that take a password as the argument of a short flag: the program's file name
/// (without `.exe`) and its flag. The argument is the one after the flag or, as
/// getopt reads it, the rest of the flag's own argument (`-pV`).
const PASSWORD_FLAGS: &[(&str, &str)] = &[
    ("mysql", "-p"),
    ("mysqladmin", "-p"),
    ("mysqldump", "-p"),
    ("mysqlimport", "-p"),
    ("mysqlshow", "-p"),
    ("mariadb", "-p"),
    ("sshpass", "-p"),
    ("redis-cli", "-a"),
];

/// What a mask of such an argument says it looks like.
pub const WHAT: &str = "a password argument";

/// The password flag of the program `path` runs, if the table knows it.
fn flag_of(path: &str) -> Option<&'static str> {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let file = file.strip_suffix(".exe").unwrap_or(file);
    PASSWORD_FLAGS
        .iter()
        .find(|(program, _)| file.eq_ignore_ascii_case(program))
        .map(|(_, flag)| *flag)
}

/// The password in `arg` when it follows `previous` in a command line of a program whose
/// password flag is `flag`: the whole argument after the flag (unless it is another
/// flag: the program then asks for the password), or the rest of `-pV`. As a byte range
/// of `arg`.
fn password_in(flag: &str, previous: Option<&str>, arg: &str) -> Option<(usize, usize)> {
    if previous == Some(flag) && !arg.starts_with('-') && !arg.is_empty() {
        return Some((0, arg.len()));
    }
    (arg.len() > flag.len() && arg.starts_with(flag)).then_some((flag.len(), arg.len()))
}

/// For a launch of `program` with `args`: the byte range of each argument's password, if
/// it holds one.
pub fn password_args(program: Option<&str>, args: &[String]) -> Vec<Option<(usize, usize)>> {
    let Some(flag) = program.and_then(flag_of) else {
        return vec![None; args.len()];
    };
    let mut previous: Option<&str> = None;
    args.iter()
        .map(|arg| {
            let found = password_in(flag, previous, arg);
            previous = Some(arg);
            found
        })
        .collect()
}

/// Bytes between the words of a command line as text shows it: spaces, quotes, a list's
/// commas and brackets, escapes, and what ends a command.
fn is_gap(b: u8) -> bool {
    b.is_ascii_whitespace() || b"'\",[](){}\\;|&".contains(&b)
}

/// Whether the gap between two words ends the command the first belongs to.
fn ends_command(gap: &str) -> bool {
    gap.contains(['\n', ';', '|', '&', ']', ')', '}'])
}

/// The passwords in the command lines of `text` that run a program of the table: byte
/// ranges of `text`.
pub fn find(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut words = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        while at < bytes.len() && is_gap(bytes[at]) {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && !is_gap(bytes[at]) {
            at += 1;
        }
        if at > start {
            words.push((start, at));
        }
    }
    let mut found = Vec::new();
    let mut command: Option<&str> = None;
    let mut previous: Option<&str> = None;
    for (i, &(start, end)) in words.iter().enumerate() {
        if i > 0 && ends_command(&text[words[i - 1].1..start]) {
            command = None;
        }
        let word = &text[start..end];
        if let Some(flag) = command {
            if let Some((from, to)) = password_in(flag, previous, word) {
                found.push((start + from, start + to));
            }
        }
        if let Some(flag) = flag_of(word) {
            command = Some(flag);
        }
        previous = Some(word);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passwords(text: &str) -> Vec<&str> {
        find(text).into_iter().map(|(s, e)| &text[s..e]).collect()
    }

    #[test]
    fn the_password_of_a_known_program_is_found_in_each_shape_of_command_line() {
        for (text, password) in [
            ("mysql -u app -p myp-Xq8Lm2Vb shop", "myp-Xq8Lm2Vb"),
            (
                "['mysql', '-u', 'app', '-p', 'myp-Xq8Lm2Vb', 'shop']",
                "myp-Xq8Lm2Vb",
            ),
            (
                "mysqldump -u root -pdmp-Hq7Lx2Vb shop > shop.sql",
                "dmp-Hq7Lx2Vb",
            ),
            (
                "/usr/bin/sshpass -p ssp-Z8w2Qe5T ssh deploy@host",
                "ssp-Z8w2Qe5T",
            ),
            ("[mysql -u app -p gmy-Rt5Kp3Wd]", "gmy-Rt5Kp3Wd"),
            (
                "[]string len: 3, cap: 3, [\"mysql\",\"-p\",\"gmy-Rt5Kp3Wd\"]",
                "gmy-Rt5Kp3Wd",
            ),
            ("'[\\'mysql\\', \\'-p\\', \\'esc-Q8x2Lm\\']'", "esc-Q8x2Lm"),
            ("C:\\bin\\MySQL.exe -p win-Q8x2Lm", "win-Q8x2Lm"),
            ("redis-cli -h cache -a rds-Q8x2Lm7V ping", "rds-Q8x2Lm7V"),
        ] {
            assert_eq!(passwords(text), [password], "{text}");
        }
    }

    #[test]
    fn the_same_flag_of_other_programs_and_a_prompt_are_left_alone() {
        for text in [
            "ssh -p 2222 deploy@host",
            "['ssh', '-p', '2222', 'deploy@host']",
            "mkdir -p build-7Qx2Lm",
            "mysql -u app -p -h db shop",
            "cd /srv && mkdir -p logs; mysql --version; ssh -p 22 host",
            "mysql -u app; ssh -p 2222 host",
            "python -m pytest -p no:cacheprovider",
        ] {
            assert_eq!(passwords(text), Vec::<&str>::new(), "{text}");
        }
    }

    #[test]
    fn a_launch_of_a_known_program_has_its_password_argument_found() {
        let args: Vec<String> = ["-u", "app", "-p", "cli-Mq7Zx2Vb9", "-pcli2-Xq8L", "shop"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            password_args(Some("/opt/build/mysql"), &args),
            [None, None, None, Some((0, 13)), Some((2, 11)), None]
        );
        assert_eq!(password_args(Some("/opt/build/server"), &args), [None; 6]);
        assert_eq!(password_args(None, &args), [None; 6]);
    }
}
