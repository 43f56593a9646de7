//! The XBoard front end against the real binary over pipes, as a GUI drives it:
//! transcripts from `engine-tests/protocol/` (format in its README), the `xboard`
//! subcommand, and engine-against-engine games in which a referee checks every move
//! and every result claim. Waits have generous limits that only guard against a hang.

use crate::common::piped::Piped;

use protean::engine::Game;
use protean::protocol::xboard::notation;
use std::path::PathBuf;

/// `*` matches any run of characters; everything else literally; the whole line.
fn glob(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

fn protocol_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("engine-tests/protocol")
}

fn run_transcript(path: &PathBuf) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut lines = text.lines().enumerate().peekable();
    let mut args = Vec::new();
    if let Some((_, first)) = lines.peek() {
        if let Some(a) = first.strip_prefix("@args") {
            args = a.split_whitespace().map(String::from).collect();
            lines.next();
        }
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut e = Piped::start(&args);
    for (i, raw) in lines {
        let n = i + 1;
        let line = raw.trim_end();
        let fail = |e: &Piped, what: String| {
            Err(format!(
                "line {n}: {what}\n--- conversation:\n{}",
                e.context()
            ))
        };
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("> ") {
            e.send(cmd);
        } else if let Some(pattern) = line.strip_prefix("<< ") {
            loop {
                match e.next() {
                    Ok(got) if glob(pattern, &got) => break,
                    Ok(_) => {}
                    Err(err) => return fail(&e, format!("waiting for '{pattern}': {err}")),
                }
            }
        } else if let Some(pattern) = line.strip_prefix("< ").or((line == "<").then_some("")) {
            match e.next() {
                Ok(got) if glob(pattern, &got) => {}
                Ok(got) => return fail(&e, format!("expected '{pattern}', got '{got}'")),
                Err(err) => return fail(&e, format!("waiting for '{pattern}': {err}")),
            }
        } else {
            return fail(&e, format!("cannot read transcript line '{line}'"));
        }
    }
    e.quit()
}

#[test]
fn glob_patterns() {
    assert!(glob("move *", "move e2e4"));
    assert!(glob("Error (*): foo", "Error (unknown command): foo"));
    assert!(!glob("Error (*): foo", "Error (x): foo bar"));
    assert!(glob("pong 1", "pong 1"));
    assert!(!glob("pong 1", "pong 12"));
    assert!(glob("*", ""));
    assert!(glob("a*b*c", "aXbYc"));
    assert!(!glob("a*b*c", "aXc"));
}

#[test]
fn transcripts() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(protocol_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "txt")
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("xboard"))
        })
        .collect();
    files.sort();
    assert!(files.len() >= 7, "{files:?}");
    // The transcripts are independent processes: run them side by side.
    let handles: Vec<_> = files
        .into_iter()
        .map(|f| std::thread::spawn(move || (f.clone(), run_transcript(&f))))
        .collect();
    let mut failures = Vec::new();
    for h in handles {
        let (f, result) = h.join().unwrap();
        if let Err(e) = result {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn xboard_subcommand_and_eof() {
    // `protean xboard` needs no `xboard` line; at end of input the engine still moves.
    let mut e = Piped::start(&["xboard"]);
    e.send("protover 2");
    loop {
        if e.next().unwrap() == "feature done=1" {
            break;
        }
    }
    e.send("new");
    e.send("sd 2");
    e.send("go");
    let (rest, status) = e.close_and_drain();
    assert!(rest.iter().any(|l| l.starts_with("move ")), "{rest:?}");
    assert!(status.success());
}

/// A referee for two engines over XBoard: every move must be legal, and when the game
/// ends by the rules both engines claim it (the mover after its move, the other after
/// receiving it), exactly as the rules of the variant say.
fn referee_game(variant: &str, fen: Option<&str>, max_plies: usize) -> Result<String, String> {
    let mut engines = [Piped::start(&[]), Piped::start(&[])];
    let mut game = Game::by_name(variant, fen).map_err(|e| e.to_string())?;
    game.set_chess960(game.variant().chess960);
    let xb_name = protean::protocol::xboard::variants::xboard_name(game.variant());
    for e in &mut engines {
        e.send("xboard");
        e.send("protover 2");
        e.send("new");
        if xb_name != "normal" {
            e.send(&format!("variant {xb_name}"));
        }
        e.send("force");
        if let Some(fen) = fen {
            e.send(&format!("setboard {fen}"));
        }
        e.send("st 0.05");
        e.send("sd 4");
        e.send("ping 1");
        while e.next()? != "pong 1" {}
    }
    let first = if game.white_to_move() { 0 } else { 1 };
    engines[first].send("go");
    // The other engine plays the other side: it answers once it gets a move.
    engines[1 - first].send("playother");
    let mut mover = first;
    for ply in 0..max_plies {
        let line = loop {
            let l = engines[mover].next()?;
            if l.starts_with("move ") {
                break l;
            }
            if l.starts_with("Error") || l.starts_with("Illegal") {
                return Err(format!("ply {ply}: {l}\n{}", engines[mover].context()));
            }
        };
        let text = &line["move ".len()..];
        let uci = notation::from_xboard(&game, text)?;
        game.play_uci(&uci)
            .map_err(|e| format!("ply {ply}: {e} in {}", game.fen()))?;
        let other = 1 - mover;
        engines[other].send(&format!("usermove {text}"));
        if let Some(outcome) = game.outcome() {
            let claim = outcome.to_string();
            let got = engines[mover].next()?;
            if got != claim {
                return Err(format!("mover claimed '{got}', expected '{claim}'"));
            }
            let got = engines[other].next()?;
            if got != claim {
                return Err(format!("receiver claimed '{got}', expected '{claim}'"));
            }
            for e in engines {
                e.quit()?;
            }
            return Ok(claim);
        }
        mover = other;
    }
    for e in engines {
        e.quit()?;
    }
    Ok(format!("unfinished after {max_plies} plies"))
}

#[test]
fn engine_against_engine_games_are_legal_and_claimed() {
    let cases: &[(&str, Option<&str>)] = &[
        ("chess", None),
        (
            "fischerandom",
            Some("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"),
        ),
        ("chess", Some("8/8/8/4k3/8/8/3QK3/8 w - - 0 1")),
        ("antichess", None),
        ("3check", None),
        ("kingofthehill", None),
        ("racingkings", None),
        ("horde", Some("4k3/8/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1")),
    ];
    let handles: Vec<_> = cases
        .iter()
        .map(|&(v, fen)| std::thread::spawn(move || (v, fen, referee_game(v, fen, 300))))
        .collect();
    let mut failures = Vec::new();
    for h in handles {
        let (v, fen, r) = h.join().unwrap();
        match r {
            Ok(result) => println!("{v} {fen:?}: {result}"),
            Err(e) => failures.push(format!("{v} {fen:?}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Reads lines until one starts with `prefix`; returns its remainder.
fn read_until(e: &mut Piped, prefix: &str) -> String {
    loop {
        let line = e
            .next()
            .unwrap_or_else(|err| panic!("{err}\n{}", e.context()));
        if let Some(rest) = line.strip_prefix(prefix) {
            return rest.to_string();
        }
        assert!(
            !line.starts_with("Error") && !line.starts_with("Illegal"),
            "{}",
            e.context()
        );
    }
}

#[test]
fn pondering_hit_and_miss() {
    let mut e = Piped::start(&["xboard"]);
    e.send("protover 2");
    read_until(&mut e, "feature done=1");
    e.send("new");
    e.send("hard");
    e.send("level 0 0:05 0");
    let mut game = Game::by_name("chess", None).unwrap();
    let play = |e: &mut Piped, game: &mut Game, text: &str| {
        e.send("time 500");
        e.send("otim 500");
        e.send(&format!("usermove {text}"));
        game.play_uci(&notation::from_xboard(game, text).unwrap())
            .unwrap();
        let reply = read_until(e, "move ");
        game.play_uci(&notation::from_xboard(game, &reply).unwrap())
            .unwrap_or_else(|err| panic!("{err}\n{}", e.context()));
    };
    play(&mut e, &mut game, "e2e4");
    // The engine names the reply it ponders on; playing it is a ponder hit.
    let hint = read_until(&mut e, "Hint: ");
    play(&mut e, &mut game, &hint);
    // A different reply is a miss: the ponder search ends and a new one answers.
    let hint = read_until(&mut e, "Hint: ");
    let other = game
        .legal_moves_uci()
        .into_iter()
        .map(|m| notation::to_xboard(&game, &m))
        .find(|m| *m != hint)
        .unwrap();
    play(&mut e, &mut game, &other);
    e.send("easy");
    e.send("ping 7");
    read_until(&mut e, "pong 7");
    e.quit().unwrap();
}
