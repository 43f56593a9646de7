//! The match runner's pure parts (Elo and error bars, SPRT, PGN writing, time controls,
//! opening files) are Python (`scripts/matchlib/`); their unit tests need only Python's
//! standard library, so they run here on any machine with `python3`, pyffish or not.

use std::path::Path;
use std::process::Command;

/// Runs `python3 -m unittest -v MODULE` in `scripts/` and checks that it passed and ran
/// at least `min_tests` tests (a module that silently collected nothing must fail).
fn run_unittest(module: &str, min_tests: usize) {
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    let output = Command::new("python3")
        .args(["-m", "unittest", "-v", module])
        .current_dir(&scripts)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PROTEAN_BIN", env!("CARGO_BIN_EXE_protean"))
        .output()
        .expect("python3 must be on PATH to test scripts/matchlib");
    // unittest reports on stderr.
    let report = String::from_utf8_lossy(&output.stderr);
    println!("{}{report}", String::from_utf8_lossy(&output.stdout));
    assert!(
        output.status.success(),
        "python3 -m unittest {module} failed:\n{report}"
    );
    let ran: usize = report
        .lines()
        .find_map(|line| {
            line.strip_prefix("Ran ")?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no 'Ran N tests' line from unittest:\n{report}"));
    assert!(
        ran >= min_tests,
        "{module}: ran {ran} tests, expected at least {min_tests}"
    );
}

#[test]
fn pure_parts() {
    run_unittest("matchlib.test_pure", 30);
}

/// The referee and whole matches against misbehaving fake engines (crash, hang, illegal
/// move, time loss, XBoard resignation, SPRT stop), plus two antichess games of this
/// build's binary. These need pyffish; without it unittest reports them as skipped.
#[test]
fn referee_and_fake_engine_matches() {
    run_unittest("matchlib.test_runner", 13);
}

/// scripts/lib: the one engine-driver module (perft with divide, info parsing, crash and
/// hang detection against a scripted engine), the protocol parsers and the data files'
/// readers and renderers.
#[test]
fn script_library() {
    run_unittest("lib.test_lib", 10);
}
