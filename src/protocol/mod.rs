//! Text protocols in front of the engine: UCI (the default) and XBoard / CECP. Each is
//! a translator: it parses its protocol's lines into calls on one
//! [`Session`](crate::engine::Session) and writes the session's answers and reports
//! in its own words. `docs/protocols.md` documents both.

pub mod uci;
pub mod xboard;

use std::io::{self, BufRead, Cursor, Read, Write};
use std::sync::{Arc, Mutex};

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The protocol's output, shared by the reader and the search thread: whole lines,
/// each flushed at once.
pub struct Output<W>(Arc<Mutex<W>>);

impl<W> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output(self.0.clone())
    }
}

impl<W: Write> Output<W> {
    pub fn new(out: W) -> Output<W> {
        Output(Arc::new(Mutex::new(out)))
    }

    /// Writes one line and flushes (a closed output, GUI gone, is not worth dying for).
    pub fn say(&self, text: &str) {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    /// The writer back, once no search thread holds a copy.
    pub fn into_inner(self) -> W {
        match Arc::try_unwrap(self.0) {
            Ok(m) => m.into_inner().unwrap_or_else(|e| e.into_inner()),
            Err(_) => unreachable!("the search thread has ended and released the output"),
        }
    }
}

/// Runs the protocol the first command asks for on standard input and output: XBoard
/// when it is `xboard` (what every CECP GUI sends first), UCI otherwise.
pub fn run_stdio() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut first = Vec::new();
    loop {
        first.clear();
        match input.read_until(b'\n', &mut first) {
            Ok(0) | Err(_) => return,
            Ok(_) if first.iter().all(|b| b.is_ascii_whitespace()) => continue,
            Ok(_) => break,
        }
    }
    if String::from_utf8_lossy(&first).trim() == "xboard" {
        xboard::XBoard::new(io::stdout()).run(input);
    } else {
        // UCI reads the first line again, then the rest.
        let rest = Cursor::new(first).chain(input);
        uci::Uci::new(io::stdout()).run(io::BufReader::new(rest));
    }
}
