//! Text protocols in front of the engine: UCI (the default) and XBoard / CECP.
//! `docs/protocols.md` documents both.

pub mod uci;
pub mod xboard;

use std::io::{self, BufRead, Cursor, Read};

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
