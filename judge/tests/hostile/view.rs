//! The sandbox's view (issue 37, point 2; issue 38, point 7): an honest
//! program sees the folder of the file its command runs, and `--show` adds
//! more; no program sees a test's answer, whatever its command names (the
//! tests' folder, a folder above or below it, `.` run from it).
//!
//! Each test's folder holds `tests/t.in` and `t.out` (see [`Hostile`]); the
//! programs live in `sol/` beside `tests/` unless a test says otherwise.
//! Sandboxed only: without the sandbox there is no view (docs/sandbox.md).

use super::*;

/// The cheat of every form below: looks for its input in every folder it
/// is given (its arguments, `$CLASSPATH`, `$PYTHONPATH`, its working
/// folder) and below, and prints the answer beside it; else `0 0`.
const FIND_THE_ANSWER: &str = "in=$(cat)\n\
    for d in \"$@\" \"$CLASSPATH\" \"$PYTHONPATH\" .; do\n\
    [ -n \"$d\" ] || continue\n\
    for f in $(find \"$d\" -name '*.in' 2>/dev/null); do\n\
    if [ \"$(cat \"$f\")\" = \"$in\" ]; then cat \"${f%.in}.out\"; exit 0; fi\n\
    done\ndone\necho 0 0\n";

/// Writes `text` to `sol/<name>` in the test's folder (the folder made,
/// open to all, as the tests' user must enter it when the judge is root).
fn in_sol(hostile: &Hostile, name: &str, text: &str) -> String {
    let sol = hostile.dir.join("sol");
    fs::create_dir_all(&sol).unwrap();
    let path = sol.join(name);
    fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The verdict of the one test of `run`, a `--json` run.
fn the_verdict(run: &Run) -> String {
    let verdicts = verdicts(run);
    assert_eq!(verdicts.len(), 1, "{}", run);
    verdicts[0].clone()
}

/// A Python program in two files, and a shell wrapper that runs a program
/// beside it, each in a folder of its own: both pass, sandboxed and not.
/// On the judge of the day (only the named file shown): RE, "No module
/// named 'rules'", and RE, "not found" (sandboxed).
#[test]
fn a_program_sees_the_files_beside_it() {
    for sandbox_off in [false, true] {
        let mut hostile = Hostile::new("view-beside");
        hostile.sandbox_off = sandbox_off;
        two_files_pass(&hostile);
    }
}

fn two_files_pass(hostile: &Hostile) {
    let (_, answer) = the_sample();
    in_sol(hostile, "rules.py", &format!("ANSWER = {:?}\n", answer));
    let main = in_sol(
        hostile,
        "main.py",
        "import sys\nimport rules\nsys.stdin.read()\nprint(rules.ANSWER, end='')\n",
    );
    let (run, test) = hostile.judge_json(&format!("python3 {}", main), &[]);
    assert_eq!(test["verdict"], "AC", "{}", run);
    in_sol(
        hostile,
        "answer.sh",
        &format!("cat >/dev/null\nprintf '{}'\n", answer),
    );
    let wrapper = in_sol(
        hostile,
        "run.sh",
        "exec sh \"$(dirname \"$0\")/answer.sh\"\n",
    );
    let (run, test) = hostile.judge_json(&format!("sh {}", wrapper), &[]);
    assert_eq!(test["verdict"], "AC", "{}", run);
}

/// The cheat beside the tests' folder (its own folder holds them): it sees
/// only itself, and the judge says why. (The judge of the day showed only
/// the file too: WA there as well, without the line.)
#[test]
fn a_program_beside_the_tests_sees_only_itself() {
    let hostile = Hostile::new("view-beside-tests");
    let cheat = hostile.path("cheat.sh");
    fs::write(&cheat, FIND_THE_ANSWER).unwrap();
    let dir = hostile.dir.to_str().unwrap().to_string();
    let (run, test) = hostile.judge_json(&format!("sh {} {}/tests", cheat, dir), &[]);
    assert_eq!(test["verdict"], "WA", "{}", run);
    assert!(
        run.stderr.contains("holds the tests being judged"),
        "{}",
        run
    );
}

/// Every form of a command that names the tests' folder, run from it as
/// `judge checkers_board --tests . --cmd ...`, or a folder below it, or
/// the folder above it. On the judge of the day: AC for `.`,
/// `PYTHONPATH=.`, `env CLASSPATH=.`, the folder as an argument and a
/// folder below it (the folder shown whole "held itself", and was not
/// hidden); WA above it.
#[test]
fn no_command_shows_the_tests_folder() {
    let mut hostile = Hostile::new("view-forms");
    let cheat = in_sol(&hostile, "cheat.sh", FIND_THE_ANSWER);
    let tests = hostile.tests();
    let deeper = hostile.dir.join("tests/deeper");
    fs::create_dir_all(&deeper).unwrap();
    fs::copy(hostile.dir.join("tests/t.in"), deeper.join("t.in")).unwrap();
    fs::copy(hostile.dir.join("tests/t.out"), deeper.join("t.out")).unwrap();
    hostile.cwd = Some(hostile.dir.join("tests"));
    let dir = hostile.dir.to_str().unwrap().to_string();
    let deeper = deeper.to_str().unwrap().to_string();
    let mut seen = Vec::new();
    for (cmd, folder) in [
        (format!("sh {} .", cheat), "."),
        (format!("PYTHONPATH=. sh {}", cheat), "."),
        (format!("env CLASSPATH=. sh {}", cheat), "."),
        (format!("sh {} {}", cheat, tests), "."),
        (format!("sh {} {}", cheat, dir), "."),
        (format!("sh {} {}", cheat, deeper), "deeper"),
    ] {
        let run = hostile.judge(&["checkers_board", "--tests", folder, "--json", "--cmd", &cmd]);
        let verdicts = verdicts(&run);
        let said = run
            .stderr
            .contains("which its command names: it holds the tests");
        if verdicts.is_empty() || verdicts.iter().any(|v| v != "WA") || !said {
            seen.push(format!("{}: {:?}, said: {}\n{}", cmd, verdicts, said, run));
        }
    }
    assert!(seen.is_empty(), "{}", seen.join("\n"));
}

/// `cd mytests; judge checkers_board --tests . --cmd "java -cp . Main"`,
/// `Main` printing the answer beside its input. On the judge of the day:
/// AC. Now the folder is not shown: the JVM finds no `Main` (RE), and the
/// judge says why.
#[test]
fn java_run_from_the_tests_folder_does_not_see_it() {
    if !have("java") || !have("javac") {
        eprintln!("skipped: java or javac is missing");
        return;
    }
    let mut hostile = Hostile::new("view-java");
    let source = hostile.dir.join("tests/Main.java");
    fs::write(
        &source,
        "public class Main { public static void main(String[] a) \
         throws Exception { System.out.print(new String(new java.io.FileInputStream(\"t.out\").readAllBytes())); } }\n",
    )
    .unwrap();
    let out = Command::new("javac").arg(&source).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    fs::remove_file(&source).unwrap();
    hostile.cwd = Some(hostile.dir.join("tests"));
    let run = hostile.judge(&[
        "checkers_board",
        "--tests",
        ".",
        "--json",
        "--cmd",
        "java -cp . Main",
    ]);
    assert_ne!(the_verdict(&run), "AC", "{}", run);
    assert!(
        run.stderr.contains("holds the tests being judged"),
        "{}",
        run
    );
}

/// `--show` of the tests' folder, and of the folder above it, shows
/// nothing of them (said once each); `--show` of a data folder lets the
/// program read it. On the judge of the day: `--show` is an unknown
/// option (exit 2).
#[test]
fn show_adds_a_folder_but_never_the_tests() {
    let hostile = Hostile::new("view-show");
    let cheat = in_sol(&hostile, "cheat.sh", FIND_THE_ANSWER);
    let tests = hostile.tests();
    let dir = hostile.dir.to_str().unwrap().to_string();
    let (run, test) = hostile.judge_json(
        &format!("sh {} {} {}", cheat, tests, dir),
        &["--show", &tests, "--show", &dir],
    );
    assert_eq!(test["verdict"], "WA", "{}", run);
    for shown in [&tests, &dir] {
        let said = format!(
            "judge: note: --show {} is not shown: it holds the tests",
            shown
        );
        assert_eq!(run.stderr.matches(&said).count(), 1, "{}", run);
    }
    // A data folder of the user's, elsewhere: not seen, and said at the
    // end of the failure; seen with --show.
    let data = hostile.dir.join("data");
    fs::create_dir_all(&data).unwrap();
    fs::write(data.join("answer.txt"), the_sample().1).unwrap();
    let data_file = data.join("answer.txt").to_str().unwrap().to_string();
    let reader = in_sol(
        &hostile,
        "read.sh",
        &format!("cat >/dev/null\ncat {}\n", data_file),
    );
    let cmd = format!("sh {}", reader);
    let (run, test) = hostile.judge_json(&cmd, &[]);
    assert_eq!(test["verdict"], "RE", "{}", run);
    let said = format!("judge: note: {} is not in the program's view", data_file);
    assert!(test["message"].contains(&said), "{}", run);
    let (run, test) = hostile.judge_json(&cmd, &["--show", data.to_str().unwrap()]);
    assert_eq!(test["verdict"], "AC", "{}", run);
}

/// The tests' files may be links into a folder elsewhere: that folder holds
/// the answers too, and stays hidden. Found by the adversary after round
/// 4's merge (the tests linked into `/opt`, shown as a system folder); on
/// 5d0b823 `--show` of the links' folder was taken, and a program that
/// looks there for its input printed the `.out` beside it: AC. Now: WA,
/// and the note.
#[test]
fn tests_linked_from_a_folder_elsewhere_keep_that_folder_hidden() {
    let hostile = Hostile::new("view-linked");
    let elsewhere = hostile.dir.join("elsewhere");
    fs::create_dir_all(&elsewhere).unwrap();
    for ext in ["in", "out"] {
        let test = hostile.dir.join(format!("tests/t.{}", ext));
        let real = elsewhere.join(format!("a.{}", ext));
        fs::rename(&test, &real).unwrap();
        std::os::unix::fs::symlink(&real, &test).unwrap();
    }
    let cheat = in_sol(&hostile, "cheat.sh", FIND_THE_ANSWER);
    let shown = elsewhere.to_str().unwrap();
    let (run, test) = hostile.judge_json(&format!("sh {} {}", cheat, shown), &["--show", shown]);
    assert_eq!(test["verdict"], "WA", "{}", run);
    let said = format!(
        "judge: note: --show {} is not shown: it holds the tests",
        shown
    );
    assert!(run.stderr.contains(&said), "{}", run);
}
