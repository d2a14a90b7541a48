//! Issue 37, point 3: every common runtime runs under the judge as it runs
//! outside it, sandboxed and not: each is a real program that reads its
//! input and prints the answer (`argv`'s last word names the file that
//! holds it), so `AC` means it ran through. A runtime that is not
//! installed is skipped, and says so.

use super::*;

/// Whether `tool` runs (`tool flag` succeeds).
fn installed(tool: &str, flag: &str) -> bool {
    Command::new(tool)
        .arg(flag)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether every one of `tools` runs (`tool flag`); if one does not, says
/// the test is skipped and why.
fn all_installed(tools: &[(&str, &str)]) -> bool {
    let missing: Vec<&str> = (tools.iter())
        .filter(|(tool, flag)| !installed(tool, flag))
        .map(|(tool, _)| *tool)
        .collect();
    if !missing.is_empty() {
        eprintln!("skipped: {} not installed", missing.join(", "));
    }
    missing.is_empty()
}

/// Java's two tools, for [`all_installed`].
const JAVA: [(&str, &str); 2] = [("java", "-version"), ("javac", "-version")];

/// Runs `cmd` on the one test, sandboxed and not, with room for a slow
/// start on a loaded machine; each run's verdict and message.
fn both_ways(hostile: &mut Hostile, cmd: &str) -> Vec<(bool, Run, HashMap<String, String>)> {
    [false, true]
        .into_iter()
        .map(|sandbox_off| {
            hostile.sandbox_off = sandbox_off;
            let (run, test) = hostile.judge_json(cmd, &["--time-limit", "20000"]);
            (sandbox_off, run, test)
        })
        .collect()
}

/// Asserts `AC` both ways.
fn accepted_both_ways(hostile: &mut Hostile, cmd: &str) {
    for (sandbox_off, run, test) in both_ways(hostile, cmd) {
        assert_eq!(
            test["verdict"], "AC",
            "{}, sandbox off: {}\n{}",
            cmd, sandbox_off, run
        );
    }
}

/// Reads its input with `java.nio` (`Files.readAllLines` of `/dev/stdin`,
/// which opens a `FileChannel`) and prints the answer read through a
/// `FileChannel`.
const JAVA_NIO: &str = r#"import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

public class Nio {
    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Paths.get("/dev/stdin"));
        if (lines.isEmpty()) {
            System.out.println("no input");
            return;
        }
        try (FileChannel channel = FileChannel.open(Paths.get(args[0]))) {
            ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
            }
            System.out.print(new String(buffer.array(), StandardCharsets.UTF_8));
        }
    }
}
"#;

/// JDK 17's `FileDispatcherImpl` makes a socket pair when it loads (to
/// close a channel's descriptor while another thread blocks on it). On the
/// judge of f83a163, which refused every `socketpair`: `RE`,
/// "ExceptionInInitializerError ... IOException: Operation not permitted",
/// sandboxed and not. Now `AC` both ways.
#[test]
fn a_java_program_reads_through_java_nio() {
    if !all_installed(&JAVA) {
        return;
    }
    let mut hostile = Hostile::new("java-nio");
    let classes = hostile.compile_java("Nio", JAVA_NIO);
    let cmd = format!("java -cp {} Nio {}", classes, hostile.answer());
    accepted_both_ways(&mut hostile, &cmd);
}

/// Burns `argv[0]` ms of its main thread's CPU time, then prints the file
/// `argv[1]`.
const JAVA_BURNER: &str = r#"import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Paths;

public class Burner {
    public static void main(String[] args) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long ns = Long.parseLong(args[0]) * 1000000L;
        long sum = 0;
        while (threads.getCurrentThreadCpuTime() < ns) {
            for (int i = 0; i < 10000; i++) {
                sum += i;
            }
        }
        System.out.print(new String(Files.readAllBytes(Paths.get(args[1]))));
        System.err.println(sum);
    }
}
"#;

/// A JVM's first thread starts the one that runs `main` and waits for it.
/// On the judges of 82e8a54 and b1d3560, which counted only each
/// process's first thread's run delay, a Java program of 300 ms CPU beside
/// 8 spinners on 2 cores was idle for 1 250-1 470 ms of its 1 590-1 840
/// ms: `TLE (wall)` under a 1 s limit, seven times of seven. A look now
/// reads every thread's state (the first 32 of each process): `AC`.
#[test]
fn a_java_program_waiting_for_a_busy_cpu_is_not_idle() {
    if !all_installed(&JAVA) {
        return;
    }
    let hostile = Hostile::new("java-busy");
    let classes = hostile.compile_java("Burner", JAVA_BURNER);
    let cmd = format!("java -cp {} Burner 300 {}", classes, hostile.answer());
    let (run, object) = judged_beside_spinners(&hostile, &cmd, "1000");
    assert_eq!(object["verdict"], "AC", "{}", run);
    assert_waited_for_a_cpu(&object, 300.0, &run);
}

/// Reads its input, then uses `multiprocessing` with the start method
/// `argv[1]`: a pool of two workers over the input, a process that reads
/// the answer (`argv[2]`) into a queue, and a pipe (a socket pair) that
/// carries it back; prints it.
const PYTHON_MULTIPROCESSING: &str = r#"import multiprocessing as mp
import sys

def read(path, queue):
    with open(path) as f:
        queue.put(f.read())

if __name__ == '__main__':
    mp.set_start_method(sys.argv[1])
    data = sys.stdin.read()
    with mp.Pool(2) as pool:
        sizes = pool.map(len, [data, data])
    queue = mp.Queue()
    reader = mp.Process(target=read, args=(sys.argv[2], queue))
    reader.start()
    answer = queue.get()
    reader.join()
    sending, receiving = mp.Pipe()
    sending.send(answer)
    if sizes != [len(data)] * 2 or reader.exitcode != 0:
        print('the workers went wrong', sizes, reader.exitcode)
    else:
        sys.stdout.write(receiving.recv())
"#;

/// Python's `multiprocessing`: its `Pipe` is a socket pair, which the judge
/// of f83a163 refused: `RE` ("PermissionError: [Errno 1] Operation not
/// permitted"), sandboxed and not, with every start method. Now `fork` and
/// `spawn` are `AC` both ways. `forkserver` starts a server on a named
/// local socket and sends it descriptors (`sendmsg` with `SCM_RIGHTS`),
/// which the filter refuses (docs/sandbox.md says why): `RE`, the
/// refusal named.
#[test]
fn python_multiprocessing_runs_with_fork_and_spawn_and_forkserver_is_refused() {
    if !all_installed(&[("python3", "--version")]) {
        return;
    }
    let mut hostile = Hostile::new("python-mp");
    let script = hostile.path("mp.py");
    fs::write(&script, PYTHON_MULTIPROCESSING).unwrap();
    for method in ["fork", "spawn"] {
        let cmd = format!("python3 {} {} {}", script, method, hostile.answer());
        accepted_both_ways(&mut hostile, &cmd);
    }
    let cmd = format!("python3 {} forkserver {}", script, hostile.answer());
    for (sandbox_off, run, test) in both_ways(&mut hostile, &cmd) {
        assert_eq!(
            test["verdict"], "RE",
            "sandbox off: {}\n{}",
            sandbox_off, run
        );
        assert!(
            test["message"].contains("PermissionError: [Errno 1] Operation not permitted"),
            "sandbox off: {}\n{}",
            sandbox_off,
            run
        );
    }
}

/// Reads its input, then prints the answer as a child process (`cat`)
/// gives it: Node makes each child's pipes as socket pairs.
const NODE_CHILD: &str = r#"const child = require('child_process');
const fs = require('fs');
const input = fs.readFileSync(0, 'utf8');
if (input.length === 0) {
    console.log('no input');
} else {
    process.stdout.write(child.execFileSync('cat', [process.argv[2]]));
}
"#;

/// Reads its input, then forks itself with an IPC channel (a socket pair):
/// the child reads the answer and sends it back as a message.
const NODE_IPC: &str = r#"const child = require('child_process');
const fs = require('fs');
if (process.argv[2] === 'child') {
    process.on('message', (path) => {
        process.send(fs.readFileSync(path, 'utf8'));
        process.exit(0);
    });
} else {
    fs.readFileSync(0);
    const worker = child.fork(__filename, ['child']);
    worker.on('message', (answer) => process.stdout.write(answer));
    worker.send(process.argv[2]);
}
"#;

/// On the judge of f83a163: `RE` ("spawnSync cat EPERM", "syscall:
/// 'spawn'": the socket pairs of the child's pipes and of its IPC channel
/// refused), sandboxed and not. Now `AC` both ways.
#[test]
fn a_node_program_runs_a_child_process() {
    if !all_installed(&[("node", "--version")]) {
        return;
    }
    let mut hostile = Hostile::new("node");
    for (name, source) in [("child.js", NODE_CHILD), ("ipc.js", NODE_IPC)] {
        let script = hostile.path(name);
        fs::write(&script, source).unwrap();
        let cmd = format!("node {} {}", script, hostile.answer());
        accepted_both_ways(&mut hostile, &cmd);
    }
}

/// Reads its input, maps over a `concurrent.futures` process pool, then
/// prints the answer as a child process started by `asyncio` gives it
/// (`asyncio`'s event loop wakes itself through a socket pair).
const PYTHON_ASYNCIO: &str = r#"import asyncio
import concurrent.futures
import sys

async def cat(path):
    child = await asyncio.create_subprocess_exec('cat', path, stdout=asyncio.subprocess.PIPE)
    out, _ = await child.communicate()
    return out

if __name__ == '__main__':
    sys.stdin.read()
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        squares = list(pool.map(abs, [-1, -2]))
    if squares != [1, 2]:
        print('the pool went wrong', squares)
    else:
        sys.stdout.write(asyncio.run(cat(sys.argv[1])).decode())
"#;

/// On the judge of f83a163: `RE` (the event loop's socket pair refused),
/// sandboxed and not. Now `AC` both ways.
#[test]
fn python_asyncio_and_a_process_pool_run() {
    if !all_installed(&[("python3", "--version")]) {
        return;
    }
    let mut hostile = Hostile::new("python-asyncio");
    let script = hostile.path("loop.py");
    fs::write(&script, PYTHON_ASYNCIO).unwrap();
    let cmd = format!("python3 {} {}", script, hostile.answer());
    accepted_both_ways(&mut hostile, &cmd);
}

/// Reads its input with Kotlin's `readLine` and prints the answer with
/// `File.readText`.
const KOTLIN: &str = r#"import java.io.File

fun main(args: Array<String>) {
    val lines = generateSequence(::readLine).toList()
    if (lines.isEmpty()) println("no input") else print(File(args[0]).readText())
}
"#;

/// Kotlin/JVM, its runtime in the jar, run by `java -jar` and by the
/// `kotlin` launcher. `AC` both ways (it was on the judge of f83a163 too:
/// Kotlin's runtime reads through `java.io`).
#[test]
fn a_kotlin_program_runs() {
    if !all_installed(&[("kotlinc", "-version"), ("java", "-version")]) {
        return;
    }
    let mut hostile = Hostile::new("kotlin");
    fs::write(hostile.dir.join("main.kt"), KOTLIN).unwrap();
    let jar = hostile.path("main.jar");
    let out = Command::new("kotlinc")
        .args([&hostile.path("main.kt"), "-include-runtime", "-d", &jar])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cmd = format!("java -jar {} {}", jar, hostile.answer());
    accepted_both_ways(&mut hostile, &cmd);
    if installed("kotlin", "-version") {
        let cmd = format!("kotlin {} {}", jar, hostile.answer());
        accepted_both_ways(&mut hostile, &cmd);
    }
}

/// A shell script whose pipeline reads the input and the answer.
const SHELL_PIPELINE: &str = r#"lines=$(tr -d '\r' | sort | uniq | wc -l)
if [ "$lines" -gt 0 ]; then cat "$1" | cat; else echo no input; fi
"#;

/// `sh` pipelines (pipes, not sockets): `AC` both ways, as on the judge of
/// f83a163.
#[test]
fn a_shell_pipeline_runs() {
    let mut hostile = Hostile::new("sh-pipeline");
    let script = hostile.path("pipeline.sh");
    fs::write(&script, SHELL_PIPELINE).unwrap();
    let cmd = format!("sh {} {}", script, hostile.answer());
    accepted_both_ways(&mut hostile, &cmd);
}
