//! The honest player's move during a hidden set-up (rule book §4: `hiddenscreen`,
//! `hiddencrazyscreen`, `darkcrazyscreen`; the rule part `Fog::hidden_setup`). It sees
//! its own half and hand, and of the opponent only how many units are still in hand
//! (HS1-HS3); the belief (`super::belief`) holds a seeded sample of the opponent's
//! possible placements (its placed units drawn from its army and put by its own legal
//! drops on the squares we do not see).
//!
//! 1. Candidates: the drops legal in every sampled world. Where the opponent's units
//!    could make one of our drops illegal (a game with check: a royal piece may not be
//!    dropped where it is attacked, and once on the board a royal that could be checked
//!    would restrict every later drop), the royal piece goes only where *no* placement
//!    of any opponent unit on any square we do not see attacks it (its lines run into
//!    our own units or off the board before they reach the hidden squares), and it goes
//!    there as soon as such a square exists. So every later drop is legal whatever the
//!    opponent placed: the player never needs to know what it cannot see. Games where a
//!    king is captured rather than checked (`darkcrazyscreen`) protect their king the
//!    same way, since an attacked king is lost at the first move of play. The other
//!    kinds but the least valuable go, each, only on the squares that the fewest
//!    hidden placements attack ([`least_exposed`]); the least valuable kind (the
//!    pawns) builds the king's shelter and is placed by the search.
//! 2. Scores: each candidate is searched by the ordinary searcher in sampled worlds (one
//!    MultiPV line per candidate, the budget shared out as in the planner), and its
//!    value is the planner's risk mix over the worlds. Why a search over sampled worlds
//!    rather than a static set-up score of our own units: the same searcher and
//!    evaluation play the game after the set-up, so the set-up is scored by what they
//!    will make of it (material in hand, the evaluation's piece placement, and, once the
//!    search reaches the end of the set-up, the first captures of play) against the
//!    placements the opponent may have made; the sampling is the opponent's own legal
//!    drops, which is exactly what a random set-up does and an uninformed guess against
//!    any other.
//! 3. Choice: a seeded draw (the `Seed` option and the ply) among the candidates within
//!    [`SETUP_WINDOW_CP`] of the best value, at most [`SETUP_SUPPORT`] of them, so set-ups
//!    vary from game to game and are not predictable, while clearly worse drops are never
//!    played.

use super::belief::Belief;
use super::observation::Cell;
use super::planner::{
    moves_of, playable_worlds, risk_mix, sample_worlds, score_moves, value, Plan, PlanOptions,
    WorldShare,
};
use crate::board::{Bitboard, Square};
use crate::position::fen::board_field;
use crate::position::{Move, Position};
use crate::search::{time, Control, Limits, Score, SearchMemory, Settings, TranspositionTable};
use crate::tune::Rng;
use crate::variant::parts::end::EndCondition;
use crate::variant::Color;

/// Candidates within this of the best value may be chosen.
const SETUP_WINDOW_CP: i32 = 25;
/// At most this many candidates are drawn from.
const SETUP_SUPPORT: usize = 4;
/// The fewest nodes a world gets per candidate: a drop is scored by a shallow search,
/// and more worlds (placements) beat a deeper search of one.
const SETUP_NODES_PER_MOVE: u64 = 16;
/// Worlds searched when neither nodes nor time limit the search.
const SETUP_UNLIMITED_NODES: u64 = 100_000;

/// Whether the belief's latest observation is of a hidden set-up.
pub fn applies<B: Bitboard>(belief: &Belief<B>) -> bool {
    belief.in_hidden_setup()
}

/// The kinds whose loss loses the game (a royal kind; a kind whose extinction loses),
/// as a bit set.
fn guarded_kinds<B: Bitboard>(pos: &Position<B>) -> u32 {
    let rules = pos.rules();
    let mut kinds = rules.royalty.kind().map_or(0, |k| 1u32 << k);
    for end in rules.end.iter() {
        match end {
            EndCondition::Extinction {
                kinds: k,
                extinct_side_wins: false,
            } => kinds |= k,
            // The counted form (games with hands): losing the last unit of the kinds.
            EndCondition::ExtinctionCount(e)
                if e.count == 0 && !e.extinct_side_wins && !e.draws =>
            {
                kinds |= e.kinds
            }
            _ => {}
        }
    }
    kinds
}

/// One position per opponent unit kind of its army and square hidden from us: our
/// units as they stand, that one unit, the other hidden squares empty (another hidden
/// unit could only block). A square none of them attacks is shielded whatever the
/// opponent placed. `world` is any world of the belief (they agree on what we see).
fn probes<B: Bitboard>(world: &Position<B>, belief: &Belief<B>) -> Vec<Position<B>> {
    let obs = belief.last();
    let hidden: Vec<Square> = (0..obs.cells.len())
        .filter(|&sq| obs.cells[sq] == Cell::Unseen)
        .collect();
    let mut letters = belief.opponent_army();
    letters.sort_unstable();
    letters.dedup();
    let mut out = Vec::new();
    for &letter in &letters {
        let tail = probe_tail(world, belief, Some(letter));
        for &sq in &hidden {
            out.extend(probe_world(belief, &hidden, Some((letter, sq)), &tail));
        }
    }
    out
}

/// The FEN after a probe's board: our hand as seen and the opponent's whole army (less
/// the probed unit) in its hand, then the world's other fields. Not the world's own
/// hands: once the opponent has dropped its royal unit, a board without it and a hand
/// without it is no position (no king), and every probe would be lost.
fn probe_tail<B: Bitboard>(world: &Position<B>, belief: &Belief<B>, probe: Option<char>) -> String {
    let fen = world.to_fen();
    let rest = fen.find(']').map_or_else(
        || fen.find(' ').map_or("", |i| &fen[i..]),
        |i| &fen[i + 1..],
    );
    let mut army = belief.opponent_army();
    if let Some(i) = probe.and_then(|p| army.iter().position(|&c| c == p)) {
        army.remove(i);
    }
    let own = belief.last().holdings.clone().unwrap_or_default();
    let mut hand: Vec<char> = own.chars().filter(|&c| c != '?').chain(army).collect();
    // The FEN's order: White's units first.
    hand.sort_by_key(|c| c.is_ascii_lowercase());
    format!("[{}]{rest}", hand.into_iter().collect::<String>())
}

/// How many probes attack `target` with `extra` (our further units) also on the board.
fn exposure<B: Bitboard>(probes: &[Position<B>], them: Color, target: Square, extra: B) -> usize {
    probes
        .iter()
        .filter(|p| p.attackers(target, them, p.occupied() | extra).any())
        .count()
}

/// The board of `belief`'s latest view with our units only, and one opponent unit
/// (`probe`: its letter and square) where given; the rest of the FEN (`tail`: hands,
/// side, counters) follows.
fn probe_world<B: Bitboard>(
    belief: &Belief<B>,
    hidden: &[Square],
    probe: Option<(char, Square)>,
    tail: &str,
) -> Option<Position<B>> {
    let obs = belief.last();
    let geo = belief.rules().geo;
    let board = board_field(geo.files(), geo.ranks(), |file, rank, text| {
        let s = geo.square(file, rank);
        if let Some((letter, _)) = probe.filter(|&(_, sq)| sq == s) {
            text.push(letter);
        } else if let (false, Cell::Piece(piece)) = (hidden.contains(&s), &obs.cells[s]) {
            *text += piece;
        }
    });
    Position::from_fen(belief.rules().clone(), &format!("{board}{tail}")).ok()
}

/// The drops allowed by step 1 of the module comment, from `legal` (legal in every
/// sampled world): while a guarded unit is in hand, it goes on a shielded square as
/// soon as one exists; until then the other units build the shelter first (the drops
/// that leave the least exposed square for it the least exposed).
fn safe_candidates<B: Bitboard>(
    world: &Position<B>,
    belief: &Belief<B>,
    legal: Vec<Move>,
) -> Vec<Move> {
    let us: Color = belief.viewer();
    let guarded = guarded_kinds(world);
    let guarded_in_hand = (0..world.rules().kinds.len())
        .any(|k| guarded >> k & 1 == 1 && world.hand_count(us, k) > 0);
    if !guarded_in_hand {
        return legal;
    }
    let is_guarded_drop = |m: &Move| m.is_drop() && guarded >> m.promoted_kind() & 1 == 1;
    let squares: Vec<Square> = legal
        .iter()
        .filter(|m| is_guarded_drop(m))
        .map(|m| m.to())
        .collect();
    let probes = probes(world, belief);
    let safe: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| is_guarded_drop(m) && exposure(&probes, !us, m.to(), B::EMPTY) == 0)
        .collect();
    if !safe.is_empty() {
        return safe;
    }
    // No shielded square yet: the other units build one first, the guarded unit waits
    // in hand (while it can: when nothing else is left, its drops legal in every
    // sampled world stay).
    let others: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !is_guarded_drop(m))
        .collect();
    if others.is_empty() {
        return legal;
    }
    let least = |m: &Move| {
        let extra = B::from_square(m.to());
        squares
            .iter()
            .filter(|&&t| t != m.to())
            .map(|&t| exposure(&probes, !us, t, extra))
            .min()
            .unwrap_or(usize::MAX)
    };
    let scored: Vec<(usize, Move)> = others.iter().map(|m| (least(m), *m)).collect();
    let best = scored.iter().map(|&(e, _)| e).min().unwrap_or(usize::MAX);
    scored
        .into_iter()
        .filter(|&(e, _)| e == best)
        .map(|(_, m)| m)
        .collect()
}

/// The last filter of step 1: each kind's drops on the squares that the fewest hidden
/// placements of an opponent unit attack (`exposure`); the search then chooses among
/// kinds and these squares. Why: in play after the set-up a unit left where a hidden
/// unit attacks it is lost before its owner can move it (as Black, the position at the
/// end of the set-up was already lost in most games lost against random set-ups), and
/// the set-up search, a few nodes in a few sampled worlds, sees that only by chance.
/// Moves that are not drops stay, and so do the drops of the `shelter` kind.
fn least_exposed<B: Bitboard>(
    world: &Position<B>,
    belief: &Belief<B>,
    candidates: Vec<Move>,
    shelter: Option<usize>,
) -> Vec<Move> {
    let probes = probes(world, belief);
    if probes.is_empty() {
        return candidates;
    }
    let them = !belief.viewer();
    let scored: Vec<(Option<usize>, usize, Move)> = candidates
        .iter()
        .map(|&m| {
            let kind = m
                .is_drop()
                .then(|| m.promoted_kind())
                .filter(|&k| Some(k) != shelter);
            (kind, exposure(&probes, them, m.to(), B::EMPTY), m)
        })
        .collect();
    scored
        .iter()
        .filter(|&&(kind, e, _)| {
            kind.is_none() || scored.iter().filter(|s| s.0 == kind).all(|s| s.1 >= e)
        })
        .map(|&(_, _, m)| m)
        .collect()
}

/// The kind that builds the guarded unit's shelter and is left out of
/// [`least_exposed`]: the least valuable kind by the derived material values, not
/// guarded (Chess's pawn). Its least exposed squares are the own back rank where a game
/// allows pawns there (Crazy Screen), where they shelter nothing: with the filter at
/// every drop the pawns went there and the king, waiting in hand for a shelter, was
/// at last dropped where a hidden unit attacked it (26 of 100 `hiddencrazyscreen`
/// games lost by an illegal king drop at stop 38).
fn shelter_kind<B: Bitboard>(world: &Position<B>, guarded: u32) -> Option<usize> {
    let rules = world.rules();
    let values = crate::eval::material::derived_values(&rules.variant, rules.geo);
    (0..rules.kinds.len())
        .filter(|&k| guarded >> k & 1 == 0 && values[k] > 0)
        .min_by_key(|&k| (values[k], k))
}

/// Whether our hand can still be placed in full after `m`, on our units alone (the
/// hidden squares empty, so no hidden unit restricts a drop): a drop can make the
/// set-up impossible to finish (in Screen, the last pawn's free files all taken by
/// pieces), and a side with units in hand and no drop has no move. Drops are made the
/// most constrained kind first (fewest squares), which finishes whenever the hand's
/// constraints are per kind (Screen's pawn files and bishop colours).
fn completable<B: Bitboard>(own: &Position<B>, m: Move, us: Color) -> bool {
    let mut w = own.clone();
    if w.side_to_move() != us {
        w.make_null_move();
    }
    w.make_move(m);
    let kinds = w.rules().kinds.len();
    while (0..kinds).any(|k| w.hand_count(us, k) > 0) {
        w.make_null_move();
        let drops = w.legal_moves();
        let mut per_kind = vec![0usize; kinds];
        for d in drops.as_slice().iter().filter(|d| d.is_drop()) {
            per_kind[d.promoted_kind()] += 1;
        }
        let Some(kind) = (0..kinds)
            .filter(|&k| w.hand_count(us, k) > 0)
            .min_by_key(|&k| per_kind[k])
        else {
            return true;
        };
        if per_kind[kind] == 0 {
            return false;
        }
        let d = drops
            .as_slice()
            .iter()
            .copied()
            .find(|d| d.is_drop() && d.promoted_kind() == kind);
        match d {
            Some(d) => w.make_move(d),
            None => return false,
        }
    }
    true
}

/// Chooses a drop of a hidden set-up (module comment) under the `go` limits.
pub fn plan<B: Bitboard>(
    belief: &Belief<B>,
    limits: &Limits,
    settings: &Settings,
    (tt, memory): (&TranspositionTable, &mut SearchMemory),
    control: &Control,
    options: &PlanOptions,
) -> Plan {
    let mut answer = Plan::empty(belief);
    let playable = playable_worlds(belief);
    let Some(first) = playable.first() else {
        return answer;
    };
    // Step 1: the drops legal in every sampled world, then the royal's shield.
    let mut legal: Vec<Move> = first.legal_moves().as_slice().to_vec();
    for w in &playable[1..] {
        let theirs = w.legal_moves();
        legal.retain(|m| theirs.as_slice().contains(m));
    }
    if legal.is_empty() {
        legal = first.legal_moves().as_slice().to_vec();
    }
    // The set-up's moves are drops (H1); a side with no legal drop moves a unit instead
    // (Fairy-Stockfish's `mustDrop`), which in a world where we have no drop is a guess
    // at what we cannot see: where some drop is legal in every world, we drop.
    if legal.iter().any(|m| m.is_drop()) {
        legal.retain(|m| m.is_drop());
    }
    // A unit moved onto a square we do not see vanishes from our view (HS1) and so from
    // the set-up worlds, which are drawn from the view alone; it is taken for gone, and
    // a later move through its square can be illegal (fog-match: a rook's h8h4 with the
    // other rook already on h4). Such a move is made only when no other is legal.
    let seen = |m: &Move| belief.last().cells[m.to()] != Cell::Unseen;
    if legal.iter().any(seen) {
        legal.retain(seen);
    }
    let mut candidates = safe_candidates(first, belief, legal);
    // Keep the set-up finishable (see `completable`), judged on our units alone.
    let obs = belief.last();
    let hidden: Vec<Square> = (0..obs.cells.len())
        .filter(|&sq| obs.cells[sq] == Cell::Unseen)
        .collect();
    if let Some(own) = probe_world(belief, &hidden, None, &probe_tail(first, belief, None)) {
        let finishable: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|&m| completable(&own, m, belief.viewer()))
            .collect();
        if !finishable.is_empty() {
            candidates = finishable;
        }
    }
    // Every kind but the shelter's (see `shelter_kind`) on its least exposed squares.
    let shelter = shelter_kind(first, guarded_kinds(first));
    candidates = least_exposed(first, belief, candidates, shelter);
    let root: Vec<String> = candidates.iter().map(|&m| first.move_to_uci(m)).collect();
    debug_assert!(root.iter().all(|m| moves_of(first).contains(m)));
    let salt = crate::variant::shuffle::splitmix(belief.steps() as u64 ^ 0x5e7);
    let mut rng = Rng::new(options.seed ^ salt);
    // Step 2: the worlds searched, a seeded sample of the playable ones.
    let least = SETUP_NODES_PER_MOVE * root.len() as u64;
    let index = sample_worlds(
        &mut rng,
        playable.len(),
        options.world_samples,
        limits,
        least,
    );
    let k = index.len();
    let budget_ms = time::budget(limits, settings.move_overhead_ms).map(|b| b.optimum_ms);
    let per_world = Settings {
        multipv: root.len().max(1),
        ..settings.clone()
    };
    let mut values: Vec<Vec<i32>> = vec![Vec::new(); root.len()];
    let mut depth = u32::MAX;
    for (done, &i) in index.iter().enumerate() {
        if done > 0 && control.stopped() {
            break;
        }
        let world = playable[i];
        let share = WorldShare {
            done,
            of: k,
            budget_ms,
            unlimited_nodes: SETUP_UNLIMITED_NODES,
        };
        let Some(mut limit) = share.limits(limits, settings, control) else {
            break;
        };
        limit.searchmoves = root.clone();
        let (scores, result) = score_moves(world, &root, &limit, &per_world, (tt, memory), control);
        answer.nodes += result.nodes;
        depth = depth.min(result.depth);
        answer.sampled += 1;
        let floor = scores
            .iter()
            .flatten()
            .map(|&s| value(s))
            .min()
            .unwrap_or(0);
        for (m, s) in scores.iter().enumerate() {
            values[m].push(s.map_or(floor, value));
        }
    }
    if answer.sampled == 0 || root.is_empty() {
        return answer;
    }
    // Step 3: a seeded draw among the best.
    let mut ranked: Vec<(i32, usize)> = values
        .iter()
        .enumerate()
        .map(|(m, v)| (risk_mix(v, options.risk_aversion), m))
        .collect();
    ranked.sort_by_key(|&(v, m)| (std::cmp::Reverse(v), m));
    let top = ranked[0].0;
    let support = ranked
        .iter()
        .take(SETUP_SUPPORT)
        .take_while(|(v, _)| *v >= top - SETUP_WINDOW_CP)
        .count()
        .max(1);
    let (chosen_value, chosen) = ranked[rng.below(support)];
    answer.best = Some(root[chosen].clone());
    answer.score = Score::Cp(chosen_value);
    answer.depth = if depth == u32::MAX { 0 } else { depth };
    answer
}
