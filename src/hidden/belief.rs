//! The belief state of a hidden-information player: the set of full positions
//! ("worlds") consistent with everything one side has observed. It is built from an
//! [`ObservationHistory`] alone and keeps the worlds whose view ([`super::sight`]) is
//! what was observed; it never sees the true position (this module imports nothing
//! from the referee, `super::view`, or the engine).
//!
//! - Start: the variant's start position when the first observation is its view (the
//!   start is public); otherwise the worlds are *re-seeded* from that one view.
//! - After our own move: the move is played in every world (our moves depend only on
//!   what we see, so it is legal in all of them), and the worlds whose view after it
//!   differs from the observation are dropped.
//! - After an unseen opponent half-move: every world is expanded by each of the
//!   opponent's legal moves and the children whose view matches are kept (duplicates
//!   by Zobrist key dropped); above the cap a seeded sample of `cap` worlds stays.
//! - Re-seeding (the set empties, or a history-free observation): the opponent's units
//!   ("start minus what we captured", known exactly since only our moves capture them)
//!   are placed on unseen squares at random, seeded, first on the squares that must be
//!   occupied for the view to hold (an unseen square our pawn would otherwise see), a
//!   promoting kind never on the first or last rank; placements whose view is not the
//!   observation are rejected. When no placement fits, the belief records the ply as
//!   inconsistent.
//!
//! - A hidden set-up (§4; the rule part `Fog::hidden_setup`): while a hand holds units
//!   the observation tells nothing of the opponent's placed units but their number, so
//!   the worlds are a fresh seeded sample of placements (the opponent's placed units
//!   drawn from its army, put by its own legal drops on the squares we do not see) at
//!   every step, not an expansion by every drop (which grows by about a hundred a
//!   drop). When the set-up ends, the worlds are re-seeded from the first observation
//!   of play, the opponent's unseen units on the squares the set-up hid from us.
//!
//! Every step is a function of the previous belief, the step and the seed, so the
//! same observations give the same belief, whatever the true game was.

use super::observation::{Cell, Observation};
use super::record::{ObservationHistory, Step};
use super::sight;
use crate::board::{Bitboard, Square};
use crate::position::fen::board_field;
use crate::position::{MoveKind, Position, NO_PIECE};
use crate::tune::Rng;
use crate::variant::rules::Rules;
use crate::variant::{Color, WHITE};
use std::collections::HashSet;
use std::sync::Arc;

/// How many worlds a re-seeding tries to find, at most.
const RESEED_WORLDS: usize = 256;
/// Placements tried per world wanted.
const RESEED_TRIES_PER_WORLD: usize = 8;
/// How many placements of the opponent's hidden set-up the belief holds, at most.
const SETUP_WORLDS: usize = 64;

/// The positions consistent with one side's observations.
#[derive(Clone)]
pub struct Belief<B: Bitboard> {
    rules: Arc<Rules<B>>,
    viewer: Color,
    worlds: Vec<Position<B>>,
    /// Steps of the history taken in.
    steps: usize,
    /// No world was ever dropped by sampling or invented by re-seeding: the worlds are
    /// exactly the positions consistent with the history.
    exact: bool,
    /// The opponent's units we captured (upper-case letters).
    captured: Vec<char>,
    /// The latest observation taken in.
    last: Observation,
    /// The first ply at which even re-seeding found no world.
    inconsistent_at: Option<usize>,
    /// A hidden set-up's worlds are still to be sampled from the latest observation
    /// ([`settle`](Self::settle)): each step of a set-up samples afresh, so only the
    /// last one is worth sampling.
    unsettled: bool,
    cap: usize,
    seed: u64,
}

/// An observation prepared for matching many worlds against it.
struct Target<B> {
    obs: Observation,
    /// The squares it shows.
    mask: B,
    /// The shown squares whose content is one letter or empty: checked first, cheaply.
    quick: Vec<(Square, Option<char>)>,
}

impl<B: Bitboard> Target<B> {
    fn new(obs: &Observation) -> Target<B> {
        let mut mask = B::EMPTY;
        let mut quick = Vec::new();
        for (sq, cell) in obs.cells.iter().enumerate() {
            match cell {
                Cell::Unseen => continue,
                Cell::Empty => quick.push((sq, None)),
                Cell::Piece(text) if text.len() == 1 => quick.push((sq, text.chars().next())),
                Cell::Piece(_) => {}
            }
            mask |= B::from_square(sq);
        }
        Target {
            obs: obs.clone(),
            mask,
            quick,
        }
    }
}

/// The two entries of a bomb field `{<white>,<black>}`.
fn bomb_entries(field: &str) -> Option<(&str, &str)> {
    field
        .strip_prefix('{')
        .and_then(|f| f.strip_suffix('}'))
        .and_then(|f| f.split_once(','))
}

/// The seed of step `ply`'s random choices.
fn step_seed(seed: u64, ply: usize, salt: u64) -> u64 {
    crate::variant::shuffle::splitmix(seed ^ crate::variant::shuffle::splitmix(ply as u64 ^ salt))
}

impl<B: Bitboard> Belief<B> {
    /// The belief after `history`, at most `cap` worlds, sampling seeded by `seed`.
    pub fn build(
        rules: Arc<Rules<B>>,
        history: &ObservationHistory,
        cap: usize,
        seed: u64,
    ) -> Belief<B> {
        let mut belief = Belief::start(rules, history.viewer, &history.first, cap, seed);
        for step in &history.steps {
            belief.update(step);
        }
        belief.settle();
        belief
    }

    /// The belief from the first observation alone.
    pub fn start(
        rules: Arc<Rules<B>>,
        viewer: Color,
        first: &Observation,
        cap: usize,
        seed: u64,
    ) -> Belief<B> {
        let mut belief = Belief {
            rules: rules.clone(),
            viewer,
            worlds: Vec::new(),
            steps: 0,
            exact: true,
            captured: Vec::new(),
            last: first.clone(),
            inconsistent_at: None,
            unsettled: false,
            cap: cap.max(1),
            seed,
        };
        let start = Position::from_fen(rules.clone(), &rules.variant.start_fen).ok();
        match start {
            Some(p) if sight::observe(&p, viewer).as_ref() == Some(first) => belief.worlds.push(p),
            _ if belief.is_setup(first) => {
                belief.exact = false;
                belief.worlds = belief.setup_worlds(first);
                if belief.worlds.is_empty() {
                    belief.inconsistent_at = Some(0);
                }
            }
            _ => {
                belief.exact = false;
                belief.worlds = belief.reseed(first);
                if belief.worlds.is_empty() {
                    belief.inconsistent_at = Some(0);
                }
            }
        }
        belief
    }

    /// Takes in one more step of the history.
    pub fn update(&mut self, step: &Step) {
        self.steps += 1;
        if let Some(own) = &step.own_move {
            let worlds = std::mem::take(&mut self.worlds);
            self.note_capture(&worlds, own);
            self.worlds = worlds;
        }
        if self.is_setup(&step.seen) || self.is_setup(&self.last) {
            // A hidden set-up, or its end: nothing learnt of where the opponent's units
            // stand but what the observation shows (module comment).
            let zone: Vec<Square> = (0..self.last.cells.len())
                .filter(|&sq| self.last.cells[sq] == Cell::Unseen)
                .collect();
            let was_setup = self.is_setup(&self.last);
            self.last = step.seen.clone();
            self.exact = false;
            let last = self.last.clone();
            self.worlds = Vec::new();
            self.unsettled = self.is_setup(&last);
            if !self.unsettled {
                let hidden = was_setup.then_some(zone.as_slice());
                self.worlds = self.reseed_within(&last, hidden);
                if self.worlds.is_empty() && self.inconsistent_at.is_none() {
                    self.inconsistent_at = Some(self.steps);
                }
            }
            return;
        }
        let target = Target::new(&step.seen);
        let worlds = std::mem::take(&mut self.worlds);
        let mut kept = Vec::new();
        let mut keys = HashSet::new();
        match &step.own_move {
            Some(text) => {
                for mut w in worlds {
                    let Ok(m) = w.parse_uci_move(text) else {
                        continue;
                    };
                    w.make_move(m);
                    if self.matches(&w, &target, true) && keys.insert(w.key()) {
                        kept.push(w);
                    }
                }
            }
            None => {
                for mut w in worlds {
                    for &m in w.legal_moves().as_slice() {
                        w.make_move(m);
                        if self.matches(&w, &target, true) && keys.insert(w.key()) {
                            kept.push(w.clone());
                        }
                        w.unmake_move();
                    }
                }
            }
        }
        if kept.len() > self.cap {
            kept = self.sample(kept, self.cap, step_seed(self.seed, self.steps, 1));
            self.exact = false;
        }
        self.last = target.obs;
        if kept.is_empty() {
            self.exact = false;
            let last = self.last.clone();
            kept = self.reseed(&last);
            if kept.is_empty() && self.inconsistent_at.is_none() {
                self.inconsistent_at = Some(self.steps);
            }
        }
        self.worlds = kept;
    }

    /// Records the opponent unit our move `text` takes, from the view before it.
    fn note_capture(&mut self, worlds: &[Position<B>], text: &str) {
        let Some(m) = worlds.first().and_then(|w| w.parse_uci_move(text).ok()) else {
            return;
        };
        if m.kind() == MoveKind::EnPassant {
            if let Some(kind) =
                (0..self.rules.kinds.len()).find(|&k| self.rules.kinds[k].en_passant)
            {
                self.captured.push(self.rules.kinds[kind].letter);
            }
            return;
        }
        if let Cell::Piece(text) = &self.last.cells[m.to()] {
            if let Some(letter) = text.chars().find(|c| c.is_ascii_alphabetic()) {
                if self.is_opponent_letter(letter) {
                    self.captured.push(letter.to_ascii_uppercase());
                }
            }
        }
    }

    fn is_opponent_letter(&self, letter: char) -> bool {
        if self.viewer == WHITE {
            letter.is_ascii_lowercase()
        } else {
            letter.is_ascii_uppercase()
        }
    }

    /// Whether `viewer` would observe `target` in `pos` (events compared when
    /// `with_events`: a re-seeded world has no last move to announce).
    fn matches(&self, pos: &Position<B>, target: &Target<B>, with_events: bool) -> bool {
        let content_differs = target.quick.iter().any(|&(sq, want)| {
            let p = pos.piece_at(sq);
            let got = (p != NO_PIECE).then(|| pos.piece_char(p));
            got != want
        });
        if content_differs || sight::visible(pos, self.viewer) != Some(target.mask) {
            return false;
        }
        let target = &target.obs;
        let Some(o) = sight::observe(pos, self.viewer) else {
            return false;
        };
        o.cells == target.cells
            && o.en_passant == target.en_passant
            && o.castling == target.castling
            && o.side_to_move == target.side_to_move
            && o.holdings == target.holdings
            && o.bombs == target.bombs
            && (!with_events || o.events == target.events)
    }

    /// `n` of `worlds`, chosen by a seeded shuffle, in their first order.
    fn sample(&self, worlds: Vec<Position<B>>, n: usize, seed: u64) -> Vec<Position<B>> {
        let mut rng = Rng::new(seed);
        let mut index: Vec<usize> = (0..worlds.len()).collect();
        for i in 0..n.min(index.len()) {
            let j = i + rng.below(index.len() - i);
            index.swap(i, j);
        }
        index.truncate(n);
        index.sort_unstable();
        let mut keep = vec![false; worlds.len()];
        for i in index {
            keep[i] = true;
        }
        worlds
            .into_iter()
            .zip(keep)
            .filter_map(|(w, k)| k.then_some(w))
            .collect()
    }

    /// The opponent's units that may stand on unseen squares: its units in the start
    /// position, less those seen and those we captured (upper-case letters).
    fn unseen_material(&self, obs: &Observation) -> Vec<char> {
        let board = self
            .rules
            .variant
            .start_fen
            .split_whitespace()
            .next()
            .unwrap_or("");
        let mut material: Vec<char> = board
            .chars()
            .filter(|&c| c.is_ascii_alphabetic() && self.is_opponent_letter(c))
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let seen = obs.cells.iter().filter_map(|c| match c {
            Cell::Piece(t) => t.chars().find(|c| c.is_ascii_alphabetic()),
            _ => None,
        });
        for letter in seen
            .filter(|&c| self.is_opponent_letter(c))
            .map(|c| c.to_ascii_uppercase())
            .chain(self.captured.iter().copied())
        {
            if let Some(i) = material.iter().position(|&c| c == letter) {
                material.remove(i);
            }
        }
        material
    }

    /// Whether a promoting kind (a pawn) may not stand on `sq`: its first or last rank.
    fn pawn_barred(&self, letter: char, sq: Square) -> bool {
        let geo = self.rules.geo;
        let rank = geo.rank_of(sq);
        let promotes = self
            .rules
            .kinds
            .iter()
            .any(|k| k.letter == letter && k.promotes);
        promotes && (rank == 0 || rank + 1 == geo.ranks())
    }

    /// The FEN of `obs` with `placed` (square, upper-case letter of the opponent) on
    /// unseen squares and every other unseen square empty, and with `bombs` (the
    /// observation's own, a hidden entry resolved) in a game with secret bombs.
    fn world_fen(&self, obs: &Observation, placed: &[(Square, char)], bombs: &str) -> String {
        let geo = self.rules.geo;
        let case = |c: char| {
            if self.viewer == WHITE {
                c.to_ascii_lowercase()
            } else {
                c
            }
        };
        let board = board_field(geo.files(), geo.ranks(), |file, rank, text| {
            let sq = geo.square(file, rank);
            match &obs.cells[sq] {
                Cell::Piece(piece) => *text += piece,
                _ => {
                    if let Some(&(_, c)) = placed.iter().find(|(s, _)| *s == sq) {
                        text.push(case(c));
                    }
                }
            }
        });
        let side = if obs.side_to_move == WHITE { 'w' } else { 'b' };
        let ep = obs
            .en_passant
            .map_or("-".to_string(), |sq| geo.square_name(sq));
        let clock = obs.clock.unwrap_or(0);
        let fen = format!(
            "{board} {side} {} {ep} {clock} {}",
            obs.castling, obs.fullmove
        );
        if bombs.is_empty() {
            fen
        } else {
            format!("{fen} {bombs}")
        }
    }

    /// The bomb fields a world of `obs` may have (§5): the observation's own when it
    /// hides nothing; else one per opponent unit that may carry the hidden bomb, and
    /// one with it gone when the opponent has lost a unit (captured or blown up unseen:
    /// a history-free observation does not say which unit it was). Empty: no bombs.
    fn bomb_fields(&self, obs: &Observation) -> Vec<String> {
        let Some(field) = &obs.bombs else {
            return vec![String::new()];
        };
        let Some((white, black)) = bomb_entries(field) else {
            return Vec::new();
        };
        let opponent_first = self.viewer != WHITE;
        if self.opponent_bomb_entry(obs) != Some("?") {
            return vec![field.clone()];
        }
        let with = |entry: &str| {
            if opponent_first {
                format!("{{{entry},{black}}}")
            } else {
                format!("{{{white},{entry}}}")
            }
        };
        let geo = self.rules.geo;
        let mut units = 0;
        let mut fields = Vec::new();
        for (sq, cell) in obs.cells.iter().enumerate() {
            if let Cell::Piece(text) = cell {
                if text
                    .chars()
                    .any(|c| c.is_ascii_alphabetic() && self.is_opponent_letter(c))
                {
                    units += 1;
                    fields.push(with(&geo.square_name(sq)));
                }
            }
        }
        if units < self.start_units() {
            fields.push(with("x"));
        }
        fields
    }

    /// The opponent's entry of `obs`'s bomb field (`?`, `x`, `-`), if it has one.
    fn opponent_bomb_entry<'a>(&self, obs: &'a Observation) -> Option<&'a str> {
        let (white, black) = bomb_entries(obs.bombs.as_deref()?)?;
        Some(if self.viewer == WHITE { black } else { white })
    }

    /// How many units the opponent has in the variant's start position.
    fn start_units(&self) -> usize {
        let board = self.rules.variant.start_fen.split_whitespace().next();
        board
            .unwrap_or("")
            .chars()
            .filter(|&c| c.is_ascii_alphabetic() && self.is_opponent_letter(c))
            .count()
    }

    /// Worlds consistent with `obs` alone, the opponent's unseen units placed at
    /// random (seeded by the step).
    fn reseed(&self, obs: &Observation) -> Vec<Position<B>> {
        self.reseed_within(obs, None)
    }

    /// [`reseed`](Self::reseed) with the opponent's unseen units on the squares of
    /// `zone` only, where given (the squares a hidden set-up hid: its units stand there
    /// when play starts).
    fn reseed_within(&self, obs: &Observation, zone: Option<&[Square]>) -> Vec<Position<B>> {
        let target = Target::new(obs);
        let unseen: Vec<Square> = (0..obs.cells.len())
            .filter(|&sq| obs.cells[sq] == Cell::Unseen)
            .filter(|sq| zone.is_none_or(|z| z.contains(sq)))
            .collect();
        let mut material = self.unseen_material(obs);
        // Units that cannot all stand: pawns go first.
        material.sort_by_key(|&c| self.rules.kinds.iter().any(|k| k.letter == c && k.promotes));
        material.truncate(unseen.len());
        // Squares the view says are not empty although nothing of ours shows it: with
        // them empty, one of our pieces would see them.
        let bomb_fields = self.bomb_fields(obs);
        let base = bomb_fields
            .first()
            .map(|b| Position::from_fen(self.rules.clone(), &self.world_fen(obs, &[], b)));
        let base = base.and_then(|b| b.ok());
        let must: Vec<Square> = match base.and_then(|b| sight::visible(&b, self.viewer)) {
            Some(seen) => unseen.iter().copied().filter(|&sq| seen.has(sq)).collect(),
            None => Vec::new(),
        };
        let free: Vec<Square> = unseen
            .iter()
            .copied()
            .filter(|sq| !must.contains(sq))
            .collect();
        let wanted = self.cap.min(RESEED_WORLDS);
        let mut rng = Rng::new(step_seed(self.seed, self.steps, 2));
        let mut worlds = Vec::new();
        let mut keys = HashSet::new();
        for attempt in 0..wanted * RESEED_TRIES_PER_WORLD {
            // Nothing unseen to place (secret bombs only): one pass gives every world.
            if worlds.len() >= wanted || (attempt > 0 && unseen.is_empty()) {
                break;
            }
            let mut units = material.clone();
            for i in 0..units.len() {
                let j = i + rng.below(units.len() - i);
                units.swap(i, j);
            }
            let mut placed = Vec::new();
            let mut ok = true;
            for &sq in &must {
                match units.iter().position(|&c| !self.pawn_barred(c, sq)) {
                    Some(i) => placed.push((sq, units.remove(i))),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            let mut squares = free.clone();
            for i in 0..squares.len() {
                let j = i + rng.below(squares.len() - i);
                squares.swap(i, j);
            }
            for c in units {
                if let Some(i) = squares.iter().position(|&sq| !self.pawn_barred(c, sq)) {
                    placed.push((squares.remove(i), c));
                }
            }
            // With secret bombs, one world per place the hidden bomb may be (§5).
            for bombs in &bomb_fields {
                let fen = self.world_fen(obs, &placed, bombs);
                let Ok(mut w) = Position::from_fen(self.rules.clone(), &fen) else {
                    continue;
                };
                if self.opponent_bomb_entry(obs) == Some("x") {
                    // The observation shows the bomb detonated, which a FEN cannot say.
                    w.set_bomb_gone(!self.viewer, true);
                }
                if w.outcome().is_some() {
                    // A finished world (a king missing): not a game we are asked to play.
                    continue;
                }
                if self.matches(&w, &target, false) && keys.insert(w.key()) {
                    worlds.push(w);
                }
            }
        }
        worlds
    }

    /// Whether `obs` is a view of a hidden set-up: the variant hides its set-up
    /// (`Fog::hidden_setup`) and a hand still holds units.
    fn is_setup(&self, obs: &Observation) -> bool {
        self.rules.vision.as_ref().is_some_and(|v| v.hidden_setup)
            && obs.holdings.as_ref().is_some_and(|h| !h.is_empty())
    }

    /// Samples the worlds of a hidden set-up's latest view, if the last steps left that
    /// to do (every caller that reads the worlds after [`update`](Self::update) calls
    /// this first; [`build`](Self::build) does).
    pub fn settle(&mut self) {
        if !self.unsettled {
            return;
        }
        self.unsettled = false;
        let last = self.last.clone();
        self.worlds = self.setup_worlds(&last);
        if self.worlds.is_empty() && self.inconsistent_at.is_none() {
            self.inconsistent_at = Some(self.steps);
        }
    }

    /// Whether the latest observation is of a hidden set-up.
    pub fn in_hidden_setup(&self) -> bool {
        self.is_setup(&self.last)
    }

    /// The latest observation taken in.
    pub fn last(&self) -> &Observation {
        &self.last
    }

    /// The opponent's army: its letters in the variant's start position, board and
    /// hand (as the FEN writes them).
    pub fn opponent_army(&self) -> Vec<char> {
        let board = self.rules.variant.start_fen.split_whitespace().next();
        board
            .unwrap_or("")
            .chars()
            .filter(|&c| c.is_ascii_alphabetic() && self.is_opponent_letter(c))
            .collect()
    }

    /// A seeded sample of the worlds of a hidden set-up's view `obs`: our units as seen,
    /// our hand as seen; the opponent's units we see where we see them; of the rest of
    /// its army, as many units as have left its hand (its hand's size is public, HS2)
    /// drawn at random and put by its own legal drops, one after the other, on the
    /// squares we do not see; the rest in its hand. Every world is checked to show
    /// `obs`.
    fn setup_worlds(&self, obs: &Observation) -> Vec<Position<B>> {
        let Some(holdings) = &obs.holdings else {
            return Vec::new();
        };
        let in_hand = holdings.chars().filter(|&c| c == '?').count();
        let mut army = self.opponent_army();
        let Some(mut placed) = army.len().checked_sub(in_hand) else {
            return Vec::new();
        };
        // Opponent units we see (on our half: a side with no legal drop moves a unit
        // instead, and a king or a capturing unit can come over): placed already, where
        // we see them; the others go on the squares we do not see.
        for cell in &obs.cells {
            let Cell::Piece(text) = cell else { continue };
            let Some(letter) = text.chars().next().filter(|&c| self.is_opponent_letter(c)) else {
                continue;
            };
            let Some(i) = army.iter().position(|&c| c == letter) else {
                return Vec::new();
            };
            army.remove(i);
            placed = placed.saturating_sub(1);
        }
        let own: String = holdings.chars().filter(|&c| c != '?').collect();
        let mut hand: Vec<char> = own.chars().chain(army.iter().copied()).collect();
        // The FEN's order: White's units first.
        hand.sort_by_key(|c| c.is_ascii_lowercase());
        let hand: String = hand.into_iter().collect();
        let board = self.world_fen(obs, &[], "");
        let board = board.split_whitespace().next().unwrap_or("");
        // The observation's side to move: an opponent unit we see may check our king
        // (it moved over, having no drop), and a FEN with the opponent to move and our
        // king in check is no position. Each drop below is made after a null move.
        let side = if obs.side_to_move == WHITE { 'w' } else { 'b' };
        let base = format!("{board}[{hand}] {side} - - 0 {}", obs.fullmove);
        let Ok(base) = Position::from_fen(self.rules.clone(), &base) else {
            return Vec::new();
        };
        let hidden = |sq: Square| obs.cells.get(sq) == Some(&Cell::Unseen);
        let target = Target::new(obs);
        let wanted = self.cap.min(SETUP_WORLDS);
        let mut rng = Rng::new(step_seed(self.seed, self.steps, 3));
        let mut worlds = Vec::new();
        let mut keys = HashSet::new();
        for _ in 0..wanted * RESEED_TRIES_PER_WORLD {
            if worlds.len() >= wanted {
                break;
            }
            let mut w = base.clone();
            let mut ok = true;
            for _ in 0..placed {
                if w.side_to_move() == self.viewer {
                    w.make_null_move();
                }
                let drops: Vec<_> = w
                    .legal_moves()
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|m| m.is_drop() && hidden(m.to()))
                    .collect();
                if drops.is_empty() {
                    ok = false;
                    break;
                }
                w.make_move(drops[rng.below(drops.len())]);
            }
            if !ok {
                continue;
            }
            // The world as a position of its own: the side to move and move number
            // of the observation, no history.
            let fen = w.to_fen();
            let mut fields: Vec<&str> = fen.split_whitespace().collect();
            let side = if obs.side_to_move == WHITE { "w" } else { "b" };
            let fullmove = obs.fullmove.to_string();
            if fields.len() < 6 {
                continue;
            }
            fields[1] = side;
            fields[5] = &fullmove;
            let Ok(world) = Position::from_fen(self.rules.clone(), &fields.join(" ")) else {
                continue;
            };
            if self.matches(&world, &target, false) && keys.insert(world.key()) {
                worlds.push(world);
            }
        }
        worlds
    }

    pub fn worlds(&self) -> &[Position<B>] {
        &self.worlds
    }

    pub fn len(&self) -> usize {
        self.worlds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.worlds.is_empty()
    }

    /// Whether the worlds are exactly the positions consistent with the history (never
    /// sampled down, never re-seeded).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// How many steps of the history were taken in.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The ply at which no world fitted the observations, even re-seeded.
    pub fn inconsistent_at(&self) -> Option<usize> {
        self.inconsistent_at
    }

    /// The compiled rules the worlds are positions of.
    pub fn rules(&self) -> &Arc<Rules<B>> {
        &self.rules
    }

    pub fn viewer(&self) -> Color {
        self.viewer
    }

    /// Whether the belief was built with this cap and seed.
    pub fn has_settings(&self, cap: usize, seed: u64) -> bool {
        self.cap == cap.max(1) && self.seed == seed
    }
}
