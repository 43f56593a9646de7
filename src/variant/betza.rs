//! Betza notation: piece moves as data.
//!
//! [`parse`] turns a Betza string in the dialect Fairy-Stockfish reads for its
//! `customPieceN = x:BETZA` lines into a flat list of [`Atom`]s, one per concrete move
//! vector, so that a variant file written for Fairy-Stockfish means the same piece here.
//! Where Fairy-Stockfish would silently ignore a character, or silently give an atom no
//! moves at all, this parser returns a [`BetzaError`] instead: a typo should be reported,
//! not turned into a different piece.
//!
//! # Grammar
//!
//! A string is a sequence of groups, each `modifiers* ATOM [suffix]`. Modifiers apply to
//! the one atom that follows them; `BN` is the union of `B` and `N`.
//!
//! Coordinates are from the owner's side seen as White: `dx` + is toward higher files
//! (right), `dy` + is forward.
//!
//! | atom | leap | | atom | leap |
//! |------|------|-|------|------|
//! | `W` | (1,0) wazir | | `H` | (3,0) threeleaper |
//! | `F` | (1,1) ferz | | `C`, `L` | (3,1) camel |
//! | `D` | (2,0) dabbaba | | `Z`, `J` | (3,2) zebra |
//! | `N` | (2,1) knight | | `G` | (3,3) tripper |
//! | `A` | (2,2) alfil | | `K` | `W` + `F` leaps |
//!
//! `L` and `J` are read as Fairy-Stockfish (and Betza's original page) read them; some
//! XBoard texts use them the other way round.
//!
//! `R` = `WW`, `B` = `FF` and `Q` = `RB` are riders. Every atom stands for all of its
//! (up to 8) symmetric vectors. Suffixes: the same letter again (`NN`, `WW`, `KK`) makes
//! an unlimited rider; one digit makes a rider of at most that many steps (`R4`, `W2`,
//! `N3`), with `0` meaning unlimited (`W0` = `R`) and `1` a single step. A range is one
//! digit, as in Fairy-Stockfish (which reads `R12` as `R1` followed by junk; here it is an
//! error).
//!
//! # Modifiers
//!
//! * `m` move only (to an empty square), `c` capture only; neither, or both, means both.
//! * `p` cannon hopper, `g` grasshopper (see [`Hop`]). Hoppers always ride along the
//!   line to their screen, whatever the atom's spelling (`pW` = `pR`, `gK` = `gQ`, as in
//!   Fairy-Stockfish); they take no range digit.
//! * `n` lame leaper: the leap is blocked when a square of [`Atom::lame_path`] is
//!   occupied. On a hopper it is an error. On a straight rider whose leaps pass over
//!   squares (`nDD`, `nAA`, `nH3`) it makes a lame rider, as in XBetza: one lame leap per
//!   distance (2, 4, 6 ... squares for `nDD`), so every square passed must be empty
//!   (Fairy-Stockfish ignores `n` on riders). On other riders (`nR`, `nNN`) it is an
//!   error. On `W`, `F` and `K`, whose leaps pass over nothing, it is accepted and has no
//!   effect.
//! * `i` initial move only ([`Atom::initial_only`]); the engine decides what "initial" is.
//! * `e` (en passant, in Fairy-Stockfish's pawn `fmWfceF`) is accepted and has no effect:
//!   as in Fairy-Stockfish, who may capture en passant is a rule of the variant.
//! * Directions `f b l r v s h`, below.
//!
//! Anything else is an error: other lower-case letters (`j`, `a`, `o`, ...), unknown
//! capitals, stray digits, brackets, spaces, an empty string (Fairy-Stockfish's immobile
//! piece is `""`: [`parse_moves`] reads it as a kind without moves) and modifiers with
//! no atom after them.
//!
//! # Directions
//!
//! Direction letters are read in pairs, as Fairy-Stockfish reads them: a letter combines
//! with the next one when that is the same letter, or when one is vertical (`f b v h`)
//! and the other horizontal (`r l s h`); otherwise it stands alone and counts as doubled
//! (`f` = `ff`). So `fsW` is one pair `fs`, `lrF` is `l` then `r`, `ffN` is the pair `ff`.
//! Several pairs before an atom select the union of their moves.
//!
//! Each vector is read by its *major* leg (the longer one; both legs of a diagonal) and
//! its *minor* leg (the shorter; a zero minor leg counts as either side). The knight move
//! (1,2) has major `f` and minor `r`; (2,1) has major `r` and minor `f`; (1,1) is read
//! both ways; (0,1) is major `f` with minor `l` or `r`. Then, for `x` in `f b` and `y` in
//! `l r`:
//!
//! | pair | selects | on `N` |
//! |------|---------|--------|
//! | `xx`, `yy` | major leg toward that side | `fN` = `ffN` = (±1,2), shogi knight; `rN` = (2,±1) |
//! | `vv`, `ss` | major leg vertical / horizontal | `vN` = (±1,±2); `sN` = (±2,±1) |
//! | `yx` | major `x`, minor `y` | `rfN` = (1,2) |
//! | `xy` | major `y`, minor `x` | `frN` = (2,1) |
//! | `yv` | major vertical, minor `y` | `rvN` = (1,±2) |
//! | `xs` | major horizontal, minor `x` | `fsN` = (±2,1), the wide forward pair |
//! | `xh`, `yh` | either leg toward that side: a half | `fhN` = the 4 forward moves |
//! | `hr` | minor a quarter turn clockwise of major | `hrN` = (1,2) (2,-1) (-1,-2) (-2,1) |
//! | `hl` | minor a quarter turn anticlockwise | `hlN` = (-1,2) (2,1) (1,-2) (-2,-1) |
//!
//! So a single `f`, `b`, `l` or `r` on an oblique atom selects a pair of moves, as in
//! Fairy-Stockfish and the extended Betza of XBoard and chessvariants.com: `fN` is the
//! shogi knight. Some older texts read `fN` as all four forward moves; that is `fhN` here.
//! On diagonal atoms the table gives the usual meanings: `fF` the two forward diagonals,
//! `frF` = `rfF` the one forward-right, `rvF` = `rF`, `fsF` = `fF`, `fhF` = `fF`, `hrF` =
//! `hlF` = `F`.
//!
//! Atoms written with a single orthogonal letter (`W D H R`) read a mixed pair as its two
//! letters doubled, so that Fairy-Stockfish's soldier `fsW` is `fW` + `sW`: `frW` = `fW` +
//! `rW`, `vsW` = `W`, and the `h` half of a pair selects nothing there (`fhW` = `fW`,
//! `hrW` = `rW`). `K` and `Q` do not split pairs (again as in Fairy-Stockfish): their
//! orthogonal vectors go through the table with a zero minor leg, so `fsK` = `sW` + `fF`,
//! `frK` = `rW` + `frF`, `fhK` = `fW` + `sW` + `fF`, while `fK` = `fW` + `fF` and `vK` =
//! `vW` + `F` as usual.
//!
//! A lone `h` is an error, as are the pairs the table does not cover (`hf hb hv vh hs sh
//! vs sv sf sb vr vl`) on atoms that do not split pairs: Fairy-Stockfish gives them no
//! moves, which is never what the writer meant.
//!
//! # Lame leaps
//!
//! The squares a lame leap must find empty are found by walking from the origin toward
//! the target, stepping along the axis with more distance left, diagonally when both are
//! equal (Fairy-Stockfish's rule: orthogonal steps first, then diagonal):
//! `D` (0,2) → (0,1); `H` (0,3) → (0,1) (0,2); `A` (2,2) → (1,1); `G` → (1,1) (2,2);
//! `N` (1,2) → (0,1), the Xiangqi horse's leg; `C` (1,3) → (0,1) (0,2); `Z` (2,3) → (0,1)
//! (1,2), the Janggi elephant.
//!
//! # Output
//!
//! Atoms come in order of first appearance. Identical atoms are kept once, and atoms that
//! differ only in `can_move`/`can_capture` are merged (`mWcW` = `W`). Atoms that merely
//! overlap (`RW`: both reach the adjacent squares) are all kept; a move generator should
//! take the union of their destinations.

use std::fmt;

/// The longest distance a leap can travel on the widest board (19 squares): how far a
/// lame rider's leaps are listed.
const MAX_SPAN: i8 = 18;

/// How a move vector travels.
///
/// A hopper rides along its vector any number of steps to the first occupied square (the
/// screen) and jumps it; its atom always has `max_steps == 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Hop {
    /// An ordinary leap or ride: every square passed over must be empty.
    None,
    /// `p`: after the screen, lands on any square further along the line up to the next
    /// piece (capturing it if allowed). A capture-only `p`-rider is the Xiangqi cannon's
    /// capture.
    Cannon,
    /// `g`: lands on the square immediately behind the screen.
    Grasshopper,
}

/// One concrete move vector of a piece, with the conditions under which it may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom {
    /// File delta; + is toward higher files (a->h) for the owner seen as White.
    pub dx: i8,
    /// Rank delta; + is forward (toward the opponent) from the owner's point of view.
    pub dy: i8,
    /// 1 = a single leap; 0 = unlimited rider; n>1 = rider of at most n steps.
    pub max_steps: u8,
    /// May go to an empty square.
    pub can_move: bool,
    /// May capture an enemy piece on the destination.
    pub can_capture: bool,
    pub hop: Hop,
    /// `n`: the leap is blocked when a square of [`Atom::lame_path`] is occupied.
    pub lame: bool,
    /// A lame oblique leap that also needs the square where it turns: its path is its
    /// whole straight leg along the longer axis, corner included, then the squares of
    /// the shorter leg before the target (Concurrent's camel: three squares straight,
    /// then one aside). Never set by the parser: a variant's `proteanLameCorners` sets
    /// it on a kind's lame leaps.
    pub corner: bool,
    /// `i`: only allowed as the piece's initial move.
    pub initial_only: bool,
}

impl Atom {
    /// The squares, relative to the origin, that must be empty for this lame leap; empty
    /// for an atom that is not lame.
    pub fn lame_path(&self) -> Vec<(i8, i8)> {
        if self.lame && self.corner {
            corner_path(self.dx, self.dy)
        } else if self.lame {
            leap_path(self.dx, self.dy)
        } else {
            Vec::new()
        }
    }
}

/// Why a Betza string was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetzaError {
    /// The whole string given to [`parse`].
    pub text: String,
    /// 0-based index, in characters, of the offending character in `text`.
    pub position: usize,
    pub message: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad Betza string '{}' at {}: {}",
            self.text, self.position, self.message
        )
    }
}

impl std::error::Error for BetzaError {}

/// Parses a Betza string into its move vectors; see the module documentation for the
/// exact dialect.
/// The moves of a piece kind: [`parse`], except that the empty string is a kind with no
/// moves at all (Fairy-Stockfish's `immobile` type, dropped and left where it stands).
/// A string a user writes is never empty (the loader refuses `customPiece1 = p:`).
pub fn parse_moves(betza: &str) -> Result<Vec<Atom>, BetzaError> {
    if betza.is_empty() {
        return Ok(Vec::new());
    }
    parse(betza)
}

pub fn parse(betza: &str) -> Result<Vec<Atom>, BetzaError> {
    let error = |position: usize, message: String| BetzaError {
        text: betza.to_string(),
        position,
        message,
    };
    let chars: Vec<char> = betza.chars().collect();
    if chars.is_empty() {
        return Err(error(0, "empty Betza string".to_string()));
    }

    let mut atoms: Vec<Atom> = Vec::new();
    let mut pending = Modifiers::default();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if let Some((bases, rider_letter)) = atom_shape(c) {
            let mut rider = rider_letter;
            let mut range: Option<(u8, usize)> = None;
            match chars.get(i + 1) {
                Some(&next) if next == c => {
                    rider = true;
                    i += 1;
                }
                Some(&next) if next.is_ascii_digit() => {
                    rider = true;
                    range = Some((next as u8 - b'0', i + 1));
                    i += 1;
                }
                _ => {}
            }
            pending
                .emit(c, bases, rider, range, &mut atoms)
                .map_err(|(position, message)| error(position, message))?;
            pending = Modifiers::default();
        } else {
            pending.start.get_or_insert(i);
            match c {
                'm' => pending.quiet = true,
                'c' => pending.capture = true,
                'e' => {}
                'i' => pending.initial = true,
                'n' => pending.lame = Some(i),
                'p' | 'g' => {
                    let hop = if c == 'p' {
                        Hop::Cannon
                    } else {
                        Hop::Grasshopper
                    };
                    match pending.hop {
                        Some((other, _)) if other != hop => {
                            return Err(error(i, "'p' and 'g' cannot be combined".to_string()))
                        }
                        _ => pending.hop = Some((hop, i)),
                    }
                }
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => {
                    let position = i;
                    let second = match chars.get(i + 1) {
                        Some(&next) if pairs_with(c, next) => {
                            i += 1;
                            next
                        }
                        _ => c,
                    };
                    if (c, second) == ('h', 'h') {
                        return Err(error(
                            position,
                            "'h' must be paired with f, b, l or r (fh, bh, lh, rh, hl, hr)"
                                .to_string(),
                        ));
                    }
                    pending.directions.push(Direction {
                        first: c,
                        second,
                        position,
                    });
                }
                _ if c.is_ascii_digit() => {
                    return Err(error(
                        i,
                        format!(
                            "range digit '{c}' must directly follow an atom letter \
                             (a range is a single digit)"
                        ),
                    ))
                }
                _ if c.is_ascii_uppercase() => return Err(error(i, format!("unknown atom '{c}'"))),
                _ if c.is_ascii_lowercase() => {
                    return Err(error(i, format!("unsupported modifier '{c}'")))
                }
                _ => return Err(error(i, format!("unexpected character {c:?}"))),
            }
        }
        i += 1;
    }
    if let Some(start) = pending.start {
        let dangling: String = chars[start..].iter().collect();
        return Err(error(
            start,
            format!("modifiers '{dangling}' are not followed by an atom"),
        ));
    }
    Ok(atoms)
}

/// Whether direction letter `c` forms one pair with the letter `next` after it.
fn pairs_with(c: char, next: char) -> bool {
    let vertical = |x: char| matches!(x, 'f' | 'b' | 'v' | 'h');
    let horizontal = |x: char| matches!(x, 'r' | 'l' | 's' | 'h');
    next == c || (vertical(c) && horizontal(next)) || (horizontal(c) && vertical(next))
}

/// The base leaps of an atom letter, as (long leg, short leg), and whether the letter is a
/// rider by itself.
fn atom_shape(c: char) -> Option<(&'static [(i8, i8)], bool)> {
    Some(match c {
        'W' => (&[(1, 0)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'C' | 'L' => (&[(3, 1)], false),
        'Z' | 'J' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(1, 0), (1, 1)], false),
        'R' => (&[(1, 0)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(1, 0), (1, 1)], true),
        _ => return None,
    })
}

/// All distinct vectors symmetric to the leap (long, short), in a fixed order.
fn symmetric_vectors(long: i8, short: i8) -> Vec<(i8, i8)> {
    let mut vectors = Vec::with_capacity(8);
    for (x, y) in [(short, long), (long, short)] {
        for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !vectors.contains(&v) {
                vectors.push(v);
            }
        }
    }
    vectors
}

/// The intermediate squares of a leap: walk toward the target along the axis with more
/// distance left, diagonally when both are equal.
fn leap_path(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    // Walk in i16 so that no vector, however odd, can overflow; every square of the walk
    // lies between the origin and the target, so it fits back into i8.
    let (dx, dy) = (i16::from(dx), i16::from(dy));
    let (mut x, mut y) = (0i16, 0i16);
    let mut path = Vec::new();
    loop {
        let (rx, ry) = (dx - x, dy - y);
        if rx.abs() >= ry.abs() {
            x += rx.signum();
        }
        if ry.abs() >= rx.abs() {
            y += ry.signum();
        }
        if (x, y) == (dx, dy) {
            return path;
        }
        path.push((x as i8, y as i8));
    }
}

/// The path of a lame leap that turns at a corner ([`Atom::corner`]): the straight leg
/// along the longer axis, corner included, then the shorter leg up to the target.
fn corner_path(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut path = Vec::new();
    if dy.abs() >= dx.abs() {
        path.extend((1..=dy.abs()).map(|i| (0, i * sy)));
        path.extend((1..dx.abs()).map(|i| (i * sx, dy)));
    } else {
        path.extend((1..=dx.abs()).map(|i| (i * sx, 0)));
        path.extend((1..dy.abs()).map(|i| (dx, i * sy)));
    }
    path.retain(|&p| p != (dx, dy));
    path
}

/// A side of the board as seen by the piece's owner.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Forward,
    Back,
    Left,
    Right,
}

impl Side {
    fn from_letter(c: char) -> Option<Side> {
        match c {
            'f' => Some(Side::Forward),
            'b' => Some(Side::Back),
            'l' => Some(Side::Left),
            'r' => Some(Side::Right),
            _ => None,
        }
    }

    fn is_vertical(self) -> bool {
        matches!(self, Side::Forward | Side::Back)
    }

    fn clockwise(self) -> Side {
        match self {
            Side::Forward => Side::Right,
            Side::Right => Side::Back,
            Side::Back => Side::Left,
            Side::Left => Side::Forward,
        }
    }

    fn anticlockwise(self) -> Side {
        self.clockwise().clockwise().clockwise()
    }
}

/// One reading of a vector: its major leg's side, and its minor leg's side (`None` when the
/// minor leg is zero, which counts as either side).
#[derive(Clone, Copy)]
struct Reading {
    major: Side,
    minor: Option<Side>,
}

impl Reading {
    /// Whether the minor leg may be read as pointing to `side`.
    fn minor_is(self, side: Side) -> bool {
        side.is_vertical() != self.major.is_vertical() && self.minor.is_none_or(|m| m == side)
    }
}

/// The readings of a vector: one, or two for a diagonal.
fn readings(dx: i8, dy: i8) -> Vec<Reading> {
    let vertical = |d: i8| if d > 0 { Side::Forward } else { Side::Back };
    let horizontal = |d: i8| if d > 0 { Side::Right } else { Side::Left };
    let mut readings = Vec::with_capacity(2);
    if dy.abs() >= dx.abs() {
        readings.push(Reading {
            major: vertical(dy),
            minor: (dx != 0).then(|| horizontal(dx)),
        });
    }
    if dx.abs() >= dy.abs() {
        readings.push(Reading {
            major: horizontal(dx),
            minor: (dy != 0).then(|| vertical(dy)),
        });
    }
    readings
}

/// A direction pair as written (`first == second` for a lone or doubled letter).
#[derive(Clone, Copy)]
struct Direction {
    first: char,
    second: char,
    position: usize,
}

/// Whether the pair `first second` selects a vector read as `reading`; `None` when the
/// pair has no meaning.
fn pair_selects(first: char, second: char, reading: Reading) -> Option<bool> {
    let major = reading.major;
    let side = Side::from_letter;
    Some(match (first, second) {
        ('v', 'v') => major.is_vertical(),
        ('s', 's') => !major.is_vertical(),
        // Inside a split pair of an orthogonal atom, `h` contributes nothing.
        ('h', 'h') => false,
        (x, y) if x == y => Some(major) == side(x),
        ('l' | 'r', 'f' | 'b') | ('f' | 'b', 'l' | 'r') => {
            Some(major) == side(second) && reading.minor_is(side(first)?)
        }
        ('l' | 'r', 'v') => major.is_vertical() && reading.minor_is(side(first)?),
        ('f' | 'b', 's') => !major.is_vertical() && reading.minor_is(side(first)?),
        ('f' | 'b' | 'l' | 'r', 'h') => {
            Some(major) == side(first) || reading.minor_is(side(first)?)
        }
        ('h', 'r') => reading.minor.is_none_or(|m| m == major.clockwise()),
        ('h', 'l') => reading.minor.is_none_or(|m| m == major.anticlockwise()),
        _ => return None,
    })
}

/// The modifiers read since the last atom.
#[derive(Default)]
struct Modifiers {
    /// Position of the first modifier, for an error when no atom follows.
    start: Option<usize>,
    quiet: bool,
    capture: bool,
    hop: Option<(Hop, usize)>,
    lame: Option<usize>,
    initial: bool,
    directions: Vec<Direction>,
}

impl Modifiers {
    /// Adds the atoms of letter `letter` under these modifiers; on error, the position
    /// and message.
    fn emit(
        &self,
        letter: char,
        bases: &[(i8, i8)],
        rider: bool,
        range: Option<(u8, usize)>,
        atoms: &mut Vec<Atom>,
    ) -> Result<(), (usize, String)> {
        if let Some(lame) = self.lame {
            if self.hop.is_some() {
                return Err((
                    lame,
                    "'n' (lame) cannot be combined with a hopper".to_string(),
                ));
            }
            // A lame rider (XBetza's `nDD`) is a straight rider whose every leap passes
            // over squares: one lame leap per distance, each blocked by any square it
            // passes, so it never jumps.
            let straight = bases
                .iter()
                .all(|&(long, short)| long >= 2 && (short == 0 || short == long));
            if rider && !straight {
                return Err((
                    lame,
                    format!(
                        "'n' (lame) applies to single leaps and to straight riders that pass \
                         over squares (nDD, nAA), not to a rider of '{letter}'"
                    ),
                ));
            }
        }
        if let (Some(_), Some((_, position))) = (self.hop, range) {
            return Err((
                position,
                "a hopper takes no range: it rides to its screen".to_string(),
            ));
        }
        let max_steps = match (self.hop, range) {
            (Some(_), _) => 0,
            (None, Some((steps, _))) => steps,
            (None, None) if rider => 0,
            (None, None) => 1,
        };
        // Fairy-Stockfish reads a mixed pair on a single orthogonal letter as two doubled
        // letters, which is what makes its soldier `fsW` mean forward plus sideways.
        let split = bases.len() == 1 && bases[0].1 == 0;
        let mut pairs: Vec<Direction> = Vec::new();
        for &d in &self.directions {
            if split && d.first != d.second {
                pairs.push(Direction {
                    second: d.first,
                    ..d
                });
                pairs.push(Direction {
                    first: d.second,
                    ..d
                });
            } else {
                pairs.push(d);
            }
        }

        let mut selected_any = false;
        for &(long, short) in bases {
            for (dx, dy) in symmetric_vectors(long, short) {
                if !selects(&pairs, dx, dy, letter)? {
                    continue;
                }
                selected_any = true;
                // A lame rider: its leaps of 1, 2, ... times the vector (up to its range,
                // or the widest board), each lame.
                let (multiples, max_steps) = match (self.lame, max_steps) {
                    (Some(_), 0) => (MAX_SPAN / dx.abs().max(dy.abs()), 1),
                    (Some(_), n) if n > 1 => (n as i8, 1),
                    _ => (1, max_steps),
                };
                for k in 1..=multiples {
                    let (dx, dy) = (dx * k, dy * k);
                    let lame = self.lame.is_some() && !leap_path(dx, dy).is_empty();
                    add(
                        atoms,
                        Atom {
                            dx,
                            dy,
                            max_steps,
                            can_move: self.quiet || !self.capture,
                            can_capture: self.capture || !self.quiet,
                            hop: self.hop.map_or(Hop::None, |(hop, _)| hop),
                            lame,
                            corner: false,
                            initial_only: self.initial,
                        },
                    );
                }
            }
        }
        // Every supported pair selects something on every atom; this guards the table
        // against edits that would silently leave a piece without moves.
        if !selected_any {
            return Err((
                self.directions.first().map_or(0, |d| d.position),
                format!("the direction modifiers select no move of '{letter}'"),
            ));
        }
        Ok(())
    }
}

/// Whether `pairs` (empty: all directions) select the vector (dx, dy) of atom `letter`.
fn selects(pairs: &[Direction], dx: i8, dy: i8, letter: char) -> Result<bool, (usize, String)> {
    if pairs.is_empty() {
        return Ok(true);
    }
    let mut selected = false;
    for d in pairs {
        for reading in readings(dx, dy) {
            match pair_selects(d.first, d.second, reading) {
                Some(hit) => selected |= hit,
                None => {
                    return Err((
                        d.position,
                        format!(
                            "direction '{}{}' is not supported on '{letter}'",
                            d.first, d.second
                        ),
                    ))
                }
            }
        }
    }
    Ok(selected)
}

/// Adds `atom`, merging it into an atom that differs only in move/capture rights.
fn add(atoms: &mut Vec<Atom>, atom: Atom) {
    let same_rights = |a: &Atom| Atom {
        can_move: atom.can_move,
        can_capture: atom.can_capture,
        ..*a
    };
    match atoms.iter_mut().find(|a| same_rights(a) == atom) {
        Some(existing) => {
            existing.can_move |= atom.can_move;
            existing.can_capture |= atom.can_capture;
        }
        None => atoms.push(atom),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain leap that moves and captures.
    fn leap(dx: i8, dy: i8) -> Atom {
        Atom {
            dx,
            dy,
            max_steps: 1,
            can_move: true,
            can_capture: true,
            hop: Hop::None,
            lame: false,
            corner: false,
            initial_only: false,
        }
    }

    fn ride(dx: i8, dy: i8, max_steps: u8) -> Atom {
        Atom {
            max_steps,
            ..leap(dx, dy)
        }
    }

    fn leaps(vectors: &[(i8, i8)]) -> Vec<Atom> {
        vectors.iter().map(|&(dx, dy)| leap(dx, dy)).collect()
    }

    fn rides(vectors: &[(i8, i8)], max_steps: u8) -> Vec<Atom> {
        vectors
            .iter()
            .map(|&(dx, dy)| ride(dx, dy, max_steps))
            .collect()
    }

    fn with(atoms: Vec<Atom>, change: impl Fn(&mut Atom)) -> Vec<Atom> {
        atoms
            .into_iter()
            .map(|mut a| {
                change(&mut a);
                a
            })
            .collect()
    }

    fn sorted(mut atoms: Vec<Atom>) -> Vec<Atom> {
        atoms.sort();
        atoms
    }

    /// Parses `betza` and compares with `expected` as sets; the parser must also never
    /// return the same atom twice.
    #[track_caller]
    fn check(betza: &str, expected: Vec<Atom>) {
        let got = parse(betza).unwrap_or_else(|e| panic!("{e}"));
        let mut unique = sorted(got.clone());
        unique.dedup();
        assert_eq!(unique.len(), got.len(), "{betza}: duplicate atoms {got:?}");
        let mut expected = sorted(expected);
        expected.dedup();
        assert_eq!(sorted(got), expected, "{betza}");
    }

    #[track_caller]
    fn same(a: &str, b: &str) {
        let pa = parse(a).unwrap_or_else(|e| panic!("{e}"));
        let pb = parse(b).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(sorted(pa), sorted(pb), "{a} vs {b}");
    }

    #[track_caller]
    fn fails(betza: &str, position: usize, message_part: &str) {
        let error = parse(betza).expect_err(betza);
        assert_eq!(error.text, betza);
        assert_eq!(error.position, position, "{betza}: {error}");
        assert!(
            error.message.contains(message_part),
            "{betza}: '{}' lacks '{message_part}'",
            error.message
        );
    }

    const ORTH: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    const DIAG: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    const KNIGHT: [(i8, i8); 8] = [
        (1, 2),
        (-1, 2),
        (1, -2),
        (-1, -2),
        (2, 1),
        (-2, 1),
        (2, -1),
        (-2, -1),
    ];

    fn scaled(vectors: &[(i8, i8)], k: i8) -> Vec<(i8, i8)> {
        vectors.iter().map(|&(x, y)| (x * k, y * k)).collect()
    }

    fn oblique(long: i8, short: i8) -> Vec<(i8, i8)> {
        KNIGHT
            .iter()
            .map(|&(x, y)| {
                let map = |d: i8| d.signum() * if d.abs() == 2 { long } else { short };
                (map(x), map(y))
            })
            .collect()
    }

    #[test]
    fn leapers() {
        check("W", leaps(&ORTH));
        check("F", leaps(&DIAG));
        check("D", leaps(&scaled(&ORTH, 2)));
        check("N", leaps(&KNIGHT));
        check("A", leaps(&scaled(&DIAG, 2)));
        check("H", leaps(&scaled(&ORTH, 3)));
        check("C", leaps(&oblique(3, 1)));
        check("L", leaps(&oblique(3, 1)));
        check("Z", leaps(&oblique(3, 2)));
        check("J", leaps(&oblique(3, 2)));
        check("G", leaps(&scaled(&DIAG, 3)));
        check("K", leaps(&[ORTH, DIAG].concat()));
        assert_eq!(parse("N").unwrap().len(), 8);
        assert_eq!(parse("K").unwrap().len(), 8);
        assert!(oblique(3, 2).contains(&(2, -3)));
    }

    #[test]
    fn riders() {
        check("R", rides(&ORTH, 0));
        check("WW", rides(&ORTH, 0));
        check("W0", rides(&ORTH, 0));
        check("B", rides(&DIAG, 0));
        check("FF", rides(&DIAG, 0));
        check("Q", rides(&[ORTH, DIAG].concat(), 0));
        check("KK", rides(&[ORTH, DIAG].concat(), 0));
        check("RR", rides(&ORTH, 0));
        check("NN", rides(&KNIGHT, 0));
        check("DD", rides(&scaled(&ORTH, 2), 0));
        check("ZZ", rides(&oblique(3, 2), 0));
    }

    #[test]
    fn ranges() {
        check("W2", rides(&ORTH, 2));
        check("R4", rides(&ORTH, 4));
        check("B2", rides(&DIAG, 2));
        check("Q3", rides(&[ORTH, DIAG].concat(), 3));
        check("K2", rides(&[ORTH, DIAG].concat(), 2));
        check("N3", rides(&KNIGHT, 3));
        check("R1", rides(&ORTH, 1));
        check("W1", leaps(&ORTH));
        check("fR2", rides(&[(0, 1)], 2));
        // Fairy-Stockfish's spider, leopard and fortress.
        check(
            "B2ND",
            [rides(&DIAG, 2), leaps(&KNIGHT), leaps(&scaled(&ORTH, 2))].concat(),
        );
        check("F2N", [rides(&DIAG, 2), leaps(&KNIGHT)].concat());
        check(
            "B3vND",
            [
                rides(&DIAG, 3),
                leaps(&[(1, 2), (-1, 2), (1, -2), (-1, -2)]),
                leaps(&scaled(&ORTH, 2)),
            ]
            .concat(),
        );
    }

    #[test]
    fn compounds() {
        check("BN", [rides(&DIAG, 0), leaps(&KNIGHT)].concat());
        check("RN", [rides(&ORTH, 0), leaps(&KNIGHT)].concat());
        check(
            "QN",
            [rides(&[ORTH, DIAG].concat(), 0), leaps(&KNIGHT)].concat(),
        );
        check("KN", [leaps(&ORTH), leaps(&DIAG), leaps(&KNIGHT)].concat());
        check("FA", [leaps(&DIAG), leaps(&scaled(&DIAG, 2))].concat());
        check("WF", leaps(&[ORTH, DIAG].concat()));
        check("RB", rides(&[ORTH, DIAG].concat(), 0));
        // Duplicates collapse; overlapping leaps and rides both stay.
        check("KW", leaps(&[ORTH, DIAG].concat()));
        check("NNN", [rides(&KNIGHT, 0), leaps(&KNIGHT)].concat());
        check("RW", [rides(&ORTH, 0), leaps(&ORTH)].concat());
        same("BN", "NB");
        same("RNF", "FNR");
        same("ADGH", "HGDA");
    }

    #[test]
    fn move_and_capture_only() {
        let pawn = [
            with(leaps(&[(0, 1)]), |a| a.can_capture = false),
            with(leaps(&[(1, 1), (-1, 1)]), |a| a.can_move = false),
        ]
        .concat();
        check("fmWfcF", pawn.clone());
        check("mfWcfF", pawn.clone());
        let double_step = with(leaps(&[(0, 2)]), |a| {
            a.can_capture = false;
            a.lame = true;
            a.initial_only = true;
        });
        check("ifmnD", double_step.clone());
        assert_eq!(parse("ifmnD").unwrap()[0].lame_path(), vec![(0, 1)]);
        // Fairy-Stockfish's pawn: `e` (en passant) is accepted and has no effect.
        check("fmWfceFifmnD", [pawn.clone(), double_step].concat());
        check("fmWfceF", pawn);
        check("feF", leaps(&[(1, 1), (-1, 1)]));
        check("cW", with(leaps(&ORTH), |a| a.can_move = false));
        check("mcW", leaps(&ORTH));
        check(
            "mNcB",
            [
                with(leaps(&KNIGHT), |a| a.can_capture = false),
                with(rides(&DIAG, 0), |a| a.can_move = false),
            ]
            .concat(),
        );
        // Atoms differing only in move/capture rights merge.
        check("mWcW", leaps(&ORTH));
        check("mRcR", rides(&ORTH, 0));
        check(
            "WcfF",
            [
                leaps(&ORTH),
                with(leaps(&[(1, 1), (-1, 1)]), |a| a.can_move = false),
            ]
            .concat(),
        );
    }

    #[test]
    fn initial_moves() {
        check("iW", with(leaps(&ORTH), |a| a.initial_only = true));
        check(
            "WiD",
            [
                leaps(&ORTH),
                with(leaps(&scaled(&ORTH, 2)), |a| a.initial_only = true),
            ]
            .concat(),
        );
        // `i` applies to the next atom only.
        check(
            "ifmW2F",
            [
                with(rides(&[(0, 1)], 2), |a| {
                    a.can_capture = false;
                    a.initial_only = true
                }),
                leaps(&DIAG),
            ]
            .concat(),
        );
    }

    #[test]
    fn directions_on_wazir() {
        check("fW", leaps(&[(0, 1)]));
        check("bW", leaps(&[(0, -1)]));
        check("lW", leaps(&[(-1, 0)]));
        check("rW", leaps(&[(1, 0)]));
        check("vW", leaps(&[(0, 1), (0, -1)]));
        check("sW", leaps(&[(1, 0), (-1, 0)]));
        check("ffW", leaps(&[(0, 1)]));
        // Mixed pairs split on a single orthogonal letter: the soldier.
        check("fsW", leaps(&[(0, 1), (1, 0), (-1, 0)]));
        check("frW", leaps(&[(0, 1), (1, 0)]));
        check("rfW", leaps(&[(0, 1), (1, 0)]));
        check("blW", leaps(&[(0, -1), (-1, 0)]));
        check("vsW", leaps(&ORTH));
        check("fbW", leaps(&[(0, 1), (0, -1)]));
        check("lrW", leaps(&[(1, 0), (-1, 0)]));
        check("fhW", leaps(&[(0, 1)]));
        check("hrW", leaps(&[(1, 0)]));
        check("sfW", leaps(&[(0, 1), (1, 0), (-1, 0)]));
        check("fD", leaps(&[(0, 2)]));
        check("fsH", leaps(&[(0, 3), (3, 0), (-3, 0)]));
    }

    #[test]
    fn directions_on_rook() {
        check("fR", rides(&[(0, 1)], 0));
        check("bR", rides(&[(0, -1)], 0));
        check("vR", rides(&[(0, 1), (0, -1)], 0));
        check("sR", rides(&[(1, 0), (-1, 0)], 0));
        check("frlR", rides(&[(0, 1), (1, 0), (-1, 0)], 0));
        check("fsR", rides(&[(0, 1), (1, 0), (-1, 0)], 0));
        check("fWW", rides(&[(0, 1)], 0));
    }

    #[test]
    fn directions_on_ferz() {
        let all = DIAG.to_vec();
        let table: &[(&str, &[(i8, i8)])] = &[
            ("fF", &[(1, 1), (-1, 1)]),
            ("ffF", &[(1, 1), (-1, 1)]),
            ("bF", &[(1, -1), (-1, -1)]),
            ("lF", &[(-1, 1), (-1, -1)]),
            ("rF", &[(1, 1), (1, -1)]),
            ("vF", &all),
            ("sF", &all),
            ("frF", &[(1, 1)]),
            ("rfF", &[(1, 1)]),
            ("flF", &[(-1, 1)]),
            ("lfF", &[(-1, 1)]),
            ("brF", &[(1, -1)]),
            ("rbF", &[(1, -1)]),
            ("blF", &[(-1, -1)]),
            ("lbF", &[(-1, -1)]),
            ("fsF", &[(1, 1), (-1, 1)]),
            ("bsF", &[(1, -1), (-1, -1)]),
            ("rvF", &[(1, 1), (1, -1)]),
            ("lvF", &[(-1, 1), (-1, -1)]),
            ("fhF", &[(1, 1), (-1, 1)]),
            ("bhF", &[(1, -1), (-1, -1)]),
            ("rhF", &[(1, 1), (1, -1)]),
            ("lhF", &[(-1, 1), (-1, -1)]),
            ("hrF", &all),
            ("hlF", &all),
            ("lrF", &all),
            ("fbF", &all),
            ("frblF", &[(1, 1), (-1, -1)]),
        ];
        for &(betza, vectors) in table {
            check(betza, leaps(vectors));
        }
        check("fB", rides(&[(1, 1), (-1, 1)], 0));
        check("flA", leaps(&[(-2, 2)]));
    }

    #[test]
    fn directions_on_knight() {
        let table: &[(&str, &[(i8, i8)])] = &[
            // A single letter is the pair whose long leg points that way.
            ("fN", &[(1, 2), (-1, 2)]),
            ("ffN", &[(1, 2), (-1, 2)]),
            ("bN", &[(1, -2), (-1, -2)]),
            ("bbN", &[(1, -2), (-1, -2)]),
            ("lN", &[(-2, 1), (-2, -1)]),
            ("rN", &[(2, 1), (2, -1)]),
            ("vN", &[(1, 2), (-1, 2), (1, -2), (-1, -2)]),
            ("sN", &[(2, 1), (2, -1), (-2, 1), (-2, -1)]),
            ("fbN", &[(1, 2), (-1, 2), (1, -2), (-1, -2)]),
            ("lrN", &[(2, 1), (2, -1), (-2, 1), (-2, -1)]),
            // Wide and narrow pairs.
            ("fsN", &[(2, 1), (-2, 1)]),
            ("bsN", &[(2, -1), (-2, -1)]),
            ("rvN", &[(1, 2), (1, -2)]),
            ("lvN", &[(-1, 2), (-1, -2)]),
            // Single moves: the second letter names the long leg.
            ("frN", &[(2, 1)]),
            ("rfN", &[(1, 2)]),
            ("flN", &[(-2, 1)]),
            ("lfN", &[(-1, 2)]),
            ("brN", &[(2, -1)]),
            ("rbN", &[(1, -2)]),
            ("blN", &[(-2, -1)]),
            ("lbN", &[(-1, -2)]),
            // Halves and chiral halves.
            ("fhN", &[(1, 2), (-1, 2), (2, 1), (-2, 1)]),
            ("bhN", &[(1, -2), (-1, -2), (2, -1), (-2, -1)]),
            ("rhN", &[(1, 2), (1, -2), (2, 1), (2, -1)]),
            ("lhN", &[(-1, 2), (-1, -2), (-2, 1), (-2, -1)]),
            ("hrN", &[(1, 2), (2, -1), (-1, -2), (-2, 1)]),
            ("hlN", &[(-1, 2), (2, 1), (1, -2), (-2, -1)]),
            // Unions of pairs.
            ("ffbsN", &[(1, 2), (-1, 2), (2, -1), (-2, -1)]),
            ("fsbsN", &[(2, 1), (-2, 1), (2, -1), (-2, -1)]),
        ];
        for &(betza, vectors) in table {
            check(betza, leaps(vectors));
        }
        check("fNN", rides(&[(1, 2), (-1, 2)], 0));
        check("fhC", leaps(&[(1, 3), (-1, 3), (3, 1), (-3, 1)]));
        check("rfZ", leaps(&[(2, 3)]));
    }

    #[test]
    fn directions_on_king_and_queen() {
        // K and Q do not split mixed pairs: their orthogonal vectors have no minor leg.
        let table: &[(&str, &[(i8, i8)])] = &[
            ("fK", &[(0, 1), (1, 1), (-1, 1)]),
            ("bK", &[(0, -1), (1, -1), (-1, -1)]),
            ("vK", &[(0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]),
            ("sK", &[(1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]),
            ("fsK", &[(1, 0), (-1, 0), (1, 1), (-1, 1)]),
            ("frK", &[(1, 0), (1, 1)]),
            ("rfK", &[(0, 1), (1, 1)]),
            ("rvK", &[(0, 1), (0, -1), (1, 1), (1, -1)]),
            ("fhK", &[(0, 1), (1, 0), (-1, 0), (1, 1), (-1, 1)]),
            (
                "hrK",
                &[
                    (0, 1),
                    (0, -1),
                    (1, 0),
                    (-1, 0),
                    (1, 1),
                    (-1, 1),
                    (1, -1),
                    (-1, -1),
                ],
            ),
        ];
        for &(betza, vectors) in table {
            check(betza, leaps(vectors));
        }
        check("fQ", rides(&[(0, 1), (1, 1), (-1, 1)], 0));
        check("fsQ", rides(&[(1, 0), (-1, 0), (1, 1), (-1, 1)], 0));
        check("fK2", rides(&[(0, 1), (1, 1), (-1, 1)], 2));
    }

    #[test]
    fn directions_apply_to_the_next_atom_only() {
        check("fWF", [leaps(&[(0, 1)]), leaps(&DIAG)].concat());
        check("FfW", [leaps(&DIAG), leaps(&[(0, 1)])].concat());
        check("WfF", [leaps(&ORTH), leaps(&[(1, 1), (-1, 1)])].concat());
    }

    #[test]
    fn lame_riders() {
        // nDD: one lame leap per even distance, each blocked by every square passed.
        let atoms = parse("nDD").unwrap();
        assert!(atoms.iter().all(|a| a.max_steps == 1 && a.lame));
        let north: Vec<_> = atoms.iter().filter(|a| a.dx == 0 && a.dy > 0).collect();
        assert_eq!(
            north.iter().map(|a| a.dy).collect::<Vec<_>>(),
            (1..=9).map(|k| 2 * k).collect::<Vec<_>>()
        );
        assert_eq!(north[1].lame_path(), vec![(0, 1), (0, 2), (0, 3)]);
        assert_eq!(atoms.len(), 4 * 9);
        // A range limits the distances: nD3 reaches 2, 4 and 6 squares.
        let short = parse("nD3").unwrap();
        assert_eq!(short.len(), 4 * 3);
        assert!(short.iter().all(|a| a.dx.abs().max(a.dy.abs()) <= 6));
        // The corner form of a lame camel needs its whole straight leg.
        let camel = Atom {
            corner: true,
            ..parse("nC").unwrap()[0]
        };
        let (dx, dy) = (camel.dx, camel.dy);
        let path = camel.lame_path();
        assert_eq!(path.len(), 3, "{dx},{dy}: {path:?}");
        assert!(path
            .iter()
            .all(|&(x, y)| (x == 0 || y == 0) && x.abs() + y.abs() <= 3));
    }

    #[test]
    fn lame_leapers() {
        let horse = with(leaps(&KNIGHT), |a| a.lame = true);
        check("nN", horse);
        for atom in parse("nN").unwrap() {
            let (dx, dy) = (atom.dx, atom.dy);
            // The Xiangqi horse's leg: one orthogonal step along the long leg.
            let leg = if dy.abs() == 2 {
                (0, dy.signum())
            } else {
                (dx.signum(), 0)
            };
            assert_eq!(atom.lame_path(), vec![leg], "({dx}, {dy})");
        }

        check("nA", with(leaps(&scaled(&DIAG, 2)), |a| a.lame = true));
        for a in parse("nA").unwrap() {
            assert_eq!(a.lame_path(), vec![(a.dx / 2, a.dy / 2)]);
        }

        let path = |betza: &str, dx: i8, dy: i8| {
            parse(betza)
                .unwrap()
                .into_iter()
                .find(|a| (a.dx, a.dy) == (dx, dy))
                .unwrap()
                .lame_path()
        };
        assert_eq!(path("nD", 0, -2), vec![(0, -1)]);
        assert_eq!(path("nD", 2, 0), vec![(1, 0)]);
        assert_eq!(path("nH", -3, 0), vec![(-1, 0), (-2, 0)]);
        assert_eq!(path("nG", 3, -3), vec![(1, -1), (2, -2)]);
        assert_eq!(path("nN", -2, 1), vec![(-1, 0)]);
        assert_eq!(path("nN", 1, -2), vec![(0, -1)]);
        // Janggi elephant: one orthogonal step, then a diagonal one.
        assert_eq!(path("nZ", 2, 3), vec![(0, 1), (1, 2)]);
        assert_eq!(path("nZ", -3, -2), vec![(-1, 0), (-2, -1)]);
        assert_eq!(path("nC", 1, 3), vec![(0, 1), (0, 2)]);
        assert_eq!(path("nC", -3, 1), vec![(-1, 0), (-2, 0)]);
        check("nZ", with(leaps(&oblique(3, 2)), |a| a.lame = true));
        // Not lame: no path.
        assert!(parse("N").unwrap().iter().all(|a| a.lame_path().is_empty()));
        // Leaps that pass over nothing cannot be blocked: `n` has no effect.
        check("nW", leaps(&ORTH));
        check("nK", leaps(&[ORTH, DIAG].concat()));
        // Directions and lameness together; lame and plain versions are different atoms.
        check(
            "fnNbN",
            [
                with(leaps(&[(1, 2), (-1, 2)]), |a| a.lame = true),
                leaps(&[(1, -2), (-1, -2)]),
            ]
            .concat(),
        );
        check(
            "N3nN",
            [with(leaps(&KNIGHT), |a| a.lame = true), rides(&KNIGHT, 3)].concat(),
        );
    }

    #[test]
    fn hoppers() {
        let cannon = [
            with(rides(&ORTH, 0), |a| a.can_capture = false),
            with(rides(&ORTH, 0), |a| {
                a.can_move = false;
                a.hop = Hop::Cannon
            }),
        ]
        .concat();
        check("mRcpR", cannon.clone());
        check("mWWcpWW", cannon);
        check("pR", with(rides(&ORTH, 0), |a| a.hop = Hop::Cannon));
        check("pB", with(rides(&DIAG, 0), |a| a.hop = Hop::Cannon));
        // Hoppers always ride, whatever the atom's spelling.
        check("pW", with(rides(&ORTH, 0), |a| a.hop = Hop::Cannon));
        let grasshopper = with(rides(&[ORTH, DIAG].concat(), 0), |a| {
            a.hop = Hop::Grasshopper
        });
        check("gQ", grasshopper.clone());
        check("gK", grasshopper);
        check("gR", with(rides(&ORTH, 0), |a| a.hop = Hop::Grasshopper));
        check(
            "fgB",
            with(rides(&[(1, 1), (-1, 1)], 0), |a| a.hop = Hop::Grasshopper),
        );
        // Fairy-Stockfish's banner: rook, cannon capture, Xiangqi horse.
        check(
            "RcpRnN",
            [
                rides(&ORTH, 0),
                with(rides(&ORTH, 0), |a| {
                    a.can_move = false;
                    a.hop = Hop::Cannon
                }),
                with(leaps(&KNIGHT), |a| a.lame = true),
            ]
            .concat(),
        );
        // A hopper and a plain rider on the same line are different atoms.
        check(
            "RpR",
            [
                rides(&ORTH, 0),
                with(rides(&ORTH, 0), |a| a.hop = Hop::Cannon),
            ]
            .concat(),
        );
    }

    #[test]
    fn unions_equal_their_parts() {
        for (whole, parts) in [
            ("RNF", ["R", "N", "F"].as_slice()),
            ("FfW", &["F", "fW"]),
            ("WfF", &["W", "fF"]),
            ("BW", &["B", "W"]),
            ("FWDsN", &["F", "W", "D", "sN"]),
            ("fsWfF", &["fsW", "fF"]),
            ("mRcpRnN", &["mR", "cpR", "nN"]),
        ] {
            let mut union: Vec<Atom> = Vec::new();
            for part in parts {
                for atom in parse(part).unwrap() {
                    add(&mut union, atom);
                }
            }
            check(whole, union);
        }
    }

    #[test]
    fn errors() {
        fails("", 0, "empty");
        fails("Y", 0, "unknown atom 'Y'");
        fails("WY", 1, "unknown atom 'Y'");
        fails("O", 0, "unknown atom 'O'");
        fails("fmWx", 3, "unsupported modifier 'x'");
        fails("jR", 0, "unsupported modifier 'j'");
        fails("W!", 1, "unexpected character");
        fails("W N", 1, "unexpected character");
        fails("(RB)", 0, "unexpected character");
        fails("fm", 0, "not followed by an atom");
        fails("Wf", 1, "not followed by an atom");
        fails("Rcp", 1, "not followed by an atom");
        fails("2W", 0, "range digit");
        fails("R12", 2, "range digit");
        fails("NN2", 2, "range digit");
        fails("nR", 0, "lame");
        fails("nWW", 0, "lame");
        fails("nNN", 0, "lame");
        fails("nW2", 0, "lame");
        fails("npR", 0, "lame");
        fails("pR2", 2, "range");
        fails("gB3", 2, "range");
        fails("pgR", 1, "'p' and 'g'");
        fails("h", 0, "'h' must be paired");
        fails("hN", 0, "'h' must be paired");
        fails("hhN", 0, "'h' must be paired");
        fails("fhhN", 2, "'h' must be paired");
        fails("vsN", 0, "direction 'vs'");
        fails("sfF", 0, "direction 'sf'");
        fails("ffhfK", 2, "direction 'hf'");
        fails("vrQ", 0, "direction 'vr'");
        fails("Wé", 1, "unexpected character");
        fails("éW", 0, "unexpected character");
    }

    #[test]
    fn error_display() {
        let error = parse("WY").unwrap_err();
        assert_eq!(
            error.to_string(),
            "bad Betza string 'WY' at 1: unknown atom 'Y'"
        );
        let boxed: Box<dyn std::error::Error> = Box::new(error);
        assert!(boxed.to_string().starts_with("bad Betza string"));
    }

    /// Every direction pair the table covers selects at least one vector of every atom,
    /// so a supported modifier never silently leaves a piece without moves.
    #[test]
    fn every_supported_pair_selects_something() {
        let letters = ['f', 'b', 'l', 'r', 'v', 's', 'h'];
        for atom in [
            'W', 'F', 'D', 'N', 'A', 'H', 'C', 'Z', 'G', 'K', 'R', 'B', 'Q',
        ] {
            for a in letters {
                for b in letters {
                    let betza = format!("{a}{b}{atom}");
                    if let Ok(atoms) = parse(&betza) {
                        assert!(!atoms.is_empty(), "{betza}");
                    }
                }
            }
        }
    }

    /// Garbage must give an error or atoms, never a panic; whatever parses keeps the
    /// invariants the move generator relies on.
    #[test]
    fn garbage_never_panics() {
        let alphabet: Vec<char> = "WFDNAHCLZJGKRBQOXYmcfblrvshnpgiejao0123456789 ()!-é\u{1F600}"
            .chars()
            .collect();
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut parsed = 0;
        for _ in 0..50_000 {
            let len = (next() % 12) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            match parse(&text) {
                Ok(atoms) => {
                    parsed += 1;
                    assert!(!atoms.is_empty(), "{text:?}");
                    for (i, a) in atoms.iter().enumerate() {
                        assert!((a.dx, a.dy) != (0, 0), "{text:?}");
                        // A lame rider's leaps reach as far as the widest board, along
                        // a straight line.
                        let straight = a.dx == 0 || a.dy == 0 || a.dx.abs() == a.dy.abs();
                        assert!(
                            (a.dx.abs() <= 3 && a.dy.abs() <= 3)
                                || (a.lame && straight && a.dx.abs().max(a.dy.abs()) <= MAX_SPAN),
                            "{text:?}"
                        );
                        assert!(a.can_move || a.can_capture, "{text:?}");
                        assert!(a.max_steps <= 9, "{text:?}");
                        if a.lame {
                            assert!(!a.lame_path().is_empty(), "{text:?}");
                            assert_eq!((a.max_steps, a.hop), (1, Hop::None), "{text:?}");
                        }
                        if a.hop != Hop::None {
                            assert_eq!(a.max_steps, 0, "{text:?}");
                        }
                        for b in &atoms[i + 1..] {
                            let merged = Atom {
                                can_move: a.can_move,
                                can_capture: a.can_capture,
                                ..*b
                            };
                            assert_ne!(*a, merged, "{text:?}: unmerged {a:?} {b:?}");
                        }
                    }
                    assert_eq!(parse(&text), Ok(atoms), "{text:?}: not deterministic");
                }
                Err(e) => {
                    assert_eq!(e.text, text);
                    assert!(e.position <= text.chars().count().max(1), "{text:?}: {e}");
                }
            }
        }
        // The alphabet is rich in valid strings; make sure both outcomes were exercised.
        assert!(parsed > 1000, "only {parsed} random strings parsed");
    }
}
