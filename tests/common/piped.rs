//! The real `protean` binary as a GUI runs it: a child process fed over a pipe, its
//! output read line by line with generous waits that only guard against a hang, and a
//! transcript of both directions for failure messages. The UCI, UCI-fuzz and XBoard
//! protocol tests share it.

use std::io::Write;
use std::process::{Child, ChildStdin, ExitStatus};
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// How long a single line may take before the engine counts as hung or gone.
pub const HANG: Duration = Duration::from_secs(60);

/// A transcript line longer than this is cut in failure messages (fuzzed lines can be
/// 100,000 characters).
const SHOWN: usize = 200;

pub struct Piped {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line the engine wrote, in order.
    pub received: Vec<String>,
    /// Both directions: `> sent` and `< received`.
    transcript: Vec<String>,
}

impl Piped {
    /// Starts `protean ARGS`.
    pub fn start(args: &[&str]) -> Piped {
        let (child, input, lines) = super::spawn_protean(args);
        Piped {
            child,
            input: Some(input),
            lines,
            received: Vec::new(),
            transcript: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends one line that need not be UTF-8 (a newline is added).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let shown = String::from_utf8_lossy(bytes);
        self.transcript.push(format!(
            "> {}",
            shown.chars().take(SHOWN).collect::<String>()
        ));
        let input = self.input.as_mut().expect("input still open");
        input.write_all(bytes).unwrap();
        input.write_all(b"\n").unwrap();
        input.flush().unwrap();
    }

    /// The next line the engine writes, or an error after `HANG`.
    pub fn next(&mut self) -> Result<String, String> {
        match self.lines.recv_timeout(HANG) {
            Ok(line) => {
                self.transcript.push(format!("< {line}"));
                self.received.push(line.clone());
                Ok(line)
            }
            Err(_) => Err(format!(
                "no line from the engine within {HANG:?} (hang or exit)"
            )),
        }
    }

    /// Lines up to and including the first one that starts with `prefix`; panics with
    /// the transcript's tail when none comes.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self
                .next()
                .unwrap_or_else(|err| panic!("waiting for '{prefix}': {err}\n{}", self.context()));
            let done = line.starts_with(prefix);
            got.push(line);
            if done {
                return got;
            }
        }
    }

    /// The last lines of the conversation, for failure messages.
    pub fn context(&self) -> String {
        let from = self.transcript.len().saturating_sub(25);
        self.transcript[from..].join("\n")
    }

    /// Closes the engine's input (end of file, as a GUI that goes away), reads what it
    /// still writes and waits for it to exit.
    pub fn close_and_drain(mut self) -> (Vec<String>, ExitStatus) {
        self.input = None;
        let mut rest = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(HANG) {
            rest.push(line);
        }
        (rest, self.child.wait().unwrap())
    }

    /// Sends `quit` and waits up to a minute for a successful exit.
    pub fn quit(mut self) -> Result<(), String> {
        self.send("quit");
        for _ in 0..600 {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                return if status.success() {
                    Ok(())
                } else {
                    Err(format!("exit status {status}"))
                };
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        Err("the engine did not exit after quit".into())
    }

    /// The peak resident memory of the engine process, in kB (Linux only).
    #[cfg(target_os = "linux")]
    pub fn peak_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    }
}
