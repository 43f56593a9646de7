//! The evaluation: a sum of terms, each a count (pieces on a rank, squares reached,
//! passed pawns, ...) times a (middlegame, endgame) parameter, blended by the phase.
//!
//! Every term goes through one [`Acc`] call, so the same code either adds up the score
//! ([`Eval::evaluate`]) or records how often each parameter was used ([`Eval::trace`]):
//! the tuner fits the parameters on those counts, and the score it fits is exactly the
//! score the search sees (up to the final integer division).

use super::file::ParamFile;
use super::layout::{
    captured_kinds_goal, leader_guard, loss_clauses, Layout, Pair, Section, EXPOSED_LEN, GOAL_LEN,
    MAX_ATTACKERS, NONE, RESERVE_LEN, STORM_LEN,
};
use super::material::{derived_values, generic_params, mobility_base};
use super::{embedded, Evaluator};
use crate::board::{Bitboard, Square};
use crate::position::Position;
use crate::variant::kind_bits::kinds_in;
use crate::variant::rules::{Rules, MAX_KINDS};
use crate::variant::{Color, BLACK, WHITE};

/// Receives each term: parameter `index` counted `n` times for `color`.
pub trait Acc {
    fn add(&mut self, index: usize, color: Color, n: i32);
}

/// Adds up White's middlegame and endgame scores.
struct Sum<'a> {
    params: &'a [Pair],
    mg: i32,
    eg: i32,
}

impl Acc for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, index: usize, color: Color, n: i32) {
        let p = self.params[index];
        let n = if color == WHITE { n } else { -n };
        self.mg += p.mg * n;
        self.eg += p.eg * n;
    }
}

/// How often each parameter counted, White's uses minus Black's.
pub struct Trace {
    pub net: Vec<i32>,
}

impl Acc for Trace {
    #[inline]
    fn add(&mut self, index: usize, color: Color, n: i32) {
        self.net[index] += if color == WHITE { n } else { -n };
    }
}

/// Parameter offsets of one kind (`NONE` where the kind has no such term).
#[derive(Clone, Copy)]
struct KindTerms {
    material: usize,
    rank: usize,
    file: usize,
    mobility: usize,
    pair: usize,
    open: usize,
    semi_open: usize,
    king_attack: usize,
    hand: usize,
}

/// The evaluation of one variant on one bitboard type: parameters plus the square sets
/// the terms need, precomputed from the rules.
pub struct Eval<B: Bitboard> {
    params: Vec<Pair>,
    layout: Layout,
    source: String,
    tempo: usize,
    kinds: Vec<KindTerms>,
    king_attackers: usize,
    shelter: usize,
    storm: usize,
    doubled: usize,
    isolated: usize,
    supported: usize,
    passed: usize,
    pawn_threat: usize,
    checks: usize,
    checks_len: usize,
    goal: usize,
    blast: usize,
    /// The reserve table and the loss clauses it reads (see `layout::loss_clauses`).
    reserve: usize,
    exposed: usize,
    loss_clauses: Vec<Vec<(u32, u32)>>,
    /// The captured-kinds table and its length (the kinds that win).
    captured_kinds: usize,
    captured_kinds_len: usize,
    /// The leader-guard table, the leader kind and the victims (a bit set).
    leader_guard: usize,
    guard: (usize, u32),
    pawn_kinds: u32,
    royal_kinds: u32,
    goal_kinds: u32,
    /// Phase: the data-derived value of each non-pawn kind, and their sum at the start.
    phase_weight: [i32; MAX_KINDS],
    full_phase: i32,
    piece_values: [i32; MAX_KINDS],
    mobility_base: [i32; MAX_KINDS],
    files: usize,
    file_bucket: Vec<u8>,
    rel_rank: [Vec<u8>; 2],
    file_mask: Vec<B>,
    /// Per file, the files beside it.
    adjacent_files: Vec<B>,
    /// Per colour and relative rank, every square on the ranks ahead.
    ahead: [Vec<B>; 2],
    /// Per colour and square: the squares ahead on the file, and on the three files.
    front_span: [Vec<B>; 2],
    passed_span: [Vec<B>; 2],
    /// A square and its neighbours; the neighbours alone.
    ring: Vec<B>,
    around: Vec<B>,
    light: B,
    dark: B,
    /// Per colour and square, king steps to the nearest goal square.
    goal_distance: [Vec<u8>; 2],
    /// The tafl family's own terms (custodian capture, a king escaping to goal squares),
    /// which replace the others where the variant's rules call for them; their
    /// parameters are the layout's `tafl-*` sections, fitted like the rest.
    tafl: Option<super::tafl::TaflEval>,
    /// The connection games' own evaluation (Lines of Action), which likewise replaces
    /// these terms; not parameterised either.
    connection: Option<super::connection::ConnectionEval>,
}

impl<B: Bitboard> Eval<B> {
    /// The generic evaluation of the variant (no parameter file).
    pub fn new(rules: &Rules<B>) -> Eval<B> {
        let layout = Layout::new(rules);
        let params = generic_params(rules, &layout);
        Eval::with_params(rules, layout, params, "generic".into())
    }

    /// The evaluation a search uses: `file` if it is for this variant, else the
    /// embedded table for the variant under `nets/`, else the generic one.
    pub fn select(rules: &Rules<B>, file: Option<&ParamFile>) -> Eval<B> {
        let variant = &rules.variant;
        let chosen = file
            .filter(|f| f.applies_to(variant))
            .or_else(|| embedded::for_variant(variant));
        match chosen {
            Some(f) => Eval::from_file(rules, f).unwrap_or_else(|_| Eval::new(rules)),
            None => Eval::new(rules),
        }
    }

    /// The generic parameters overwritten by a file's.
    pub fn from_file(rules: &Rules<B>, file: &ParamFile) -> Result<Eval<B>, String> {
        let layout = Layout::new(rules);
        let mut params = generic_params(rules, &layout);
        file.apply(&layout, &mut params)?;
        Ok(Eval::with_params(
            rules,
            layout,
            params,
            file.source.clone(),
        ))
    }

    pub fn with_params(
        rules: &Rules<B>,
        layout: Layout,
        params: Vec<Pair>,
        source: String,
    ) -> Eval<B> {
        assert_eq!(params.len(), layout.size, "parameters for another layout");
        let geo = rules.geo;
        let variant = &*rules.variant;
        let n = geo.squares();
        let (files, ranks) = (geo.files(), geo.ranks());
        let off = |s: Section, k: Option<usize>| layout.offset(s, k);
        let kinds = (0..rules.kinds.len())
            .map(|k| KindTerms {
                material: off(Section::Material, Some(k)),
                rank: off(Section::Rank, Some(k)),
                file: off(Section::File, Some(k)),
                mobility: off(Section::Mobility, Some(k)),
                pair: off(Section::Pair, Some(k)),
                open: off(Section::OpenFile, Some(k)),
                semi_open: off(Section::SemiOpenFile, Some(k)),
                king_attack: off(Section::KingAttack, Some(k)),
                hand: off(Section::Hand, Some(k)),
            })
            .collect();
        let mask = |f: &dyn Fn(usize) -> bool| {
            (0..rules.kinds.len())
                .filter(|&k| f(k))
                .fold(0u32, |m, k| m | 1 << k)
        };
        let derived = derived_values(variant, geo);
        let mut phase_weight = [0; MAX_KINDS];
        for (k, kind) in rules.kinds.iter().enumerate() {
            if !kind.promotes && !kind.royal {
                phase_weight[k] = derived[k];
            }
        }
        let full_phase = start_phase(variant, &phase_weight).max(1);
        let mut piece_values = [0; MAX_KINDS];
        for (k, kind) in rules.kinds.iter().enumerate() {
            // Layouts without material (tafl's) keep the data-derived values.
            if !kind.royal {
                piece_values[k] = match layout.find(Section::Material, Some(k)) {
                    Some(e) => {
                        let m = params[e.offset];
                        ((m.mg.abs() + m.eg.abs()) / 2).max(1)
                    }
                    None => derived[k].abs().max(1),
                };
            }
        }
        let bit = |sq: Square| B::from_square(sq);
        let file_mask: Vec<B> = rules.tables.files.clone();
        let adjacent_files = (0..files)
            .map(|f| {
                let left = f.checked_sub(1).map_or(B::EMPTY, |l| file_mask[l]);
                let right = file_mask.get(f + 1).copied().unwrap_or(B::EMPTY);
                left | right
            })
            .collect::<Vec<B>>();
        let rank_mask = &rules.tables.ranks;
        let ahead = Color::both().map(|c| {
            (0..ranks)
                .map(|rel| {
                    (0..ranks)
                        .filter(|&r| {
                            if c == WHITE {
                                r > rel
                            } else {
                                r + rel < ranks - 1
                            }
                        })
                        .fold(B::EMPTY, |b, r| b | rank_mask[r])
                })
                .collect::<Vec<B>>()
        });
        let rel_rank = Color::both().map(|c| {
            (0..n)
                .map(|sq| {
                    let r = geo.rank_of(sq);
                    (if c == WHITE { r } else { ranks - 1 - r }) as u8
                })
                .collect::<Vec<u8>>()
        });
        let front_span = Color::both().map(|c| {
            (0..n)
                .map(|sq| file_mask[geo.file_of(sq)] & ahead[c][rel_rank[c][sq] as usize])
                .collect::<Vec<B>>()
        });
        let passed_span = Color::both().map(|c| {
            (0..n)
                .map(|sq| {
                    let f = geo.file_of(sq);
                    (file_mask[f] | adjacent_files[f]) & ahead[c][rel_rank[c][sq] as usize]
                })
                .collect::<Vec<B>>()
        });
        let around: Vec<B> = (0..n)
            .map(|sq| {
                let mut b = B::EMPTY;
                for dx in -1..=1 {
                    for dy in -1..=1 {
                        if (dx, dy) != (0, 0) {
                            if let Some(t) = geo.offset(sq, dx, dy) {
                                b |= bit(t);
                            }
                        }
                    }
                }
                b
            })
            .collect();
        let ring = (0..n).map(|sq| around[sq] | bit(sq)).collect();
        let light = (0..n)
            .filter(|&sq| (geo.file_of(sq) + geo.rank_of(sq)) % 2 == 1)
            .fold(B::EMPTY, |b, sq| b | bit(sq));
        let goal_distance = Color::both().map(|c| {
            let zone = rules.end.goal().map_or(B::EMPTY, |g| g.zones[c]);
            (0..n)
                .map(|sq| {
                    zone.squares()
                        .map(|g| {
                            let df = geo.file_of(sq).abs_diff(geo.file_of(g));
                            let dr = geo.rank_of(sq).abs_diff(geo.rank_of(g));
                            df.max(dr)
                        })
                        .min()
                        .unwrap_or(0)
                        .min(u8::MAX as usize) as u8
                })
                .collect::<Vec<u8>>()
        });
        let checks_len = layout.find(Section::ChecksGiven, None).map_or(0, |e| e.len);
        Eval {
            tempo: off(Section::Tempo, None),
            king_attackers: off(Section::KingAttackers, None),
            shelter: off(Section::Shelter, None),
            storm: off(Section::Storm, None),
            doubled: off(Section::Doubled, None),
            isolated: off(Section::Isolated, None),
            supported: off(Section::Supported, None),
            passed: off(Section::Passed, None),
            pawn_threat: off(Section::PawnThreat, None),
            checks: off(Section::ChecksGiven, None),
            checks_len,
            goal: off(Section::GoalDistance, None),
            blast: off(Section::BlastKing, None),
            reserve: off(Section::Reserve, None),
            exposed: off(Section::Exposed, None),
            loss_clauses: loss_clauses(rules),
            captured_kinds: off(Section::CapturedKinds, None),
            captured_kinds_len: captured_kinds_goal(rules).unwrap_or(0) as usize,
            leader_guard: off(Section::LeaderGuard, None),
            guard: leader_guard(rules).unwrap_or((0, 0)),
            kinds,
            pawn_kinds: mask(&|k| rules.kinds[k].promotes),
            royal_kinds: mask(&|k| rules.kinds[k].royal),
            goal_kinds: rules.end.goal().map_or(0, |g| g.kinds),
            phase_weight,
            full_phase,
            piece_values,
            mobility_base: mobility_base(variant, geo),
            files,
            file_bucket: (0..n)
                .map(|sq| {
                    let f = geo.file_of(sq);
                    f.min(files - 1 - f) as u8
                })
                .collect(),
            rel_rank,
            file_mask,
            adjacent_files,
            ahead,
            front_span,
            passed_span,
            ring,
            around,
            light,
            dark: rules.tables.board & !light,
            goal_distance,
            tafl: super::tafl::TaflEval::new(rules, &layout),
            connection: super::connection::ConnectionEval::new(rules),
            params,
            layout,
            source,
        }
    }

    pub fn params(&self) -> &[Pair] {
        &self.params
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Where the parameters came from: `generic`, `nets/chess.txt` or a path.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The phase scale: the non-pawn material of the start position.
    pub fn full_phase(&self) -> i32 {
        self.full_phase
    }

    /// White's score before the phase blend: (middlegame, endgame, phase).
    pub fn white_terms(&self, pos: &Position<B>) -> (i32, i32, i32) {
        let mut sum = Sum {
            params: &self.params,
            mg: 0,
            eg: 0,
        };
        let phase = self.terms(pos, &mut sum);
        (sum.mg, sum.eg, phase)
    }

    /// How often each parameter counted (White minus Black), and the phase.
    pub fn trace(&self, pos: &Position<B>) -> (Vec<i32>, i32) {
        let mut t = Trace {
            net: vec![0; self.params.len()],
        };
        let phase = self.terms(pos, &mut t);
        (t.net, phase)
    }

    /// Squares a piece moves to or attacks, except by quiet-only walks (those are rare:
    /// the pawn's double step, which is not mobility).
    #[inline]
    fn reach(&self, pos: &Position<B>, k: usize, c: Color, sq: Square, occ: B) -> B {
        let rules = pos.rules();
        let m = rules.moves(k, c);
        let mut t = m.quiet_leaps[sq] | m.capture_leaps[sq];
        if m.orthogonal_code != 0 {
            t |= rules.tables.orthogonal(sq, occ);
        }
        if m.diagonal_code != 0 {
            t |= rules.tables.diagonal(sq, occ);
        }
        if !rules.kinds[k].simple_captures {
            t |= rules.complex_captures(k, c, sq, occ);
        }
        t
    }

    /// Squares `c`'s pawns (promoting kinds) attack.
    fn pawn_attacks(&self, pos: &Position<B>, c: Color) -> B {
        let rules = pos.rules();
        let mut att = B::EMPTY;
        for k in kinds_in(self.pawn_kinds) {
            let set = pos.pieces_of(k, c);
            let m = rules.moves(k, c);
            match &m.shift {
                Some(shift) => {
                    for s in &shift.capture {
                        att |= s.apply(set);
                    }
                }
                None => {
                    for sq in set.squares() {
                        att |= m.capture_leaps[sq];
                    }
                }
            }
        }
        att
    }

    /// Nearest square of `set` ahead of `c` (lowest rank for White, highest for Black).
    #[inline]
    fn nearest(c: Color, set: B) -> Square {
        if c == WHITE {
            set.lsb()
        } else {
            set.msb()
        }
    }

    /// Every term of the position, given to `acc`; returns the phase.
    /// The phase from the pieces on the board alone (the other terms add it up as they
    /// go over the pieces).
    fn material_phase(&self, pos: &Position<B>) -> i32 {
        let phase: i32 = (0..self.kinds.len())
            .map(|k| {
                let n = Color::both()
                    .map(|c| pos.pieces_of(k, c).count() as i32)
                    .iter()
                    .sum::<i32>();
                self.phase_weight[k] * n
            })
            .sum();
        phase.min(self.full_phase)
    }

    pub(crate) fn terms<A: Acc>(&self, pos: &Position<B>, acc: &mut A) -> i32 {
        // Walls (walling games) block lines and are no square to move to.
        let walls = pos.walls();
        let occ = pos.occupied() | walls;
        acc.add(self.tempo, pos.side_to_move(), 1);
        if let Some(t) = &self.tafl {
            t.terms(pos, acc);
            return self.material_phase(pos);
        }
        let pawns = Color::both().map(|c| pos.kinds_set(self.pawn_kinds) & pos.pieces(c));
        let pawn_att = Color::both().map(|c| self.pawn_attacks(pos, c));
        let royal = Color::both().map(|c| pos.royal_square(c));
        let royals = pos.kinds_set(self.royal_kinds);
        let all_pawns = pawns[WHITE] | pawns[BLACK];
        let mut attacks = [B::EMPTY; 2];
        let mut phase = 0;
        for c in Color::both() {
            let them = !c;
            let own = pos.pieces(c);
            let safe = !own & !pawn_att[them] & !walls;
            let zone = royal[them]
                .filter(|_| self.king_attackers != NONE)
                .map(|s| self.ring[s]);
            let mut attackers = 0;
            for (k, kt) in self.kinds.iter().enumerate() {
                if kt.hand != NONE {
                    acc.add(kt.hand, c, pos.hand_count(c, k) as i32);
                }
                let set = pos.pieces_of(k, c);
                if set.is_empty() {
                    continue;
                }
                for sq in set.squares() {
                    phase += self.phase_weight[k];
                    acc.add(kt.material, c, 1);
                    acc.add(kt.rank + self.rel_rank[c][sq] as usize, c, 1);
                    acc.add(kt.file + self.file_bucket[sq] as usize, c, 1);
                    if kt.mobility == NONE {
                        continue;
                    }
                    let reach = self.reach(pos, k, c, sq, occ);
                    attacks[c] |= reach;
                    let n = (reach & safe).count() as i32;
                    acc.add(kt.mobility, c, n - self.mobility_base[k]);
                    if let Some(z) = zone {
                        let hits = (reach & z).count() as i32;
                        if hits > 0 && kt.king_attack != NONE {
                            acc.add(kt.king_attack, c, hits);
                            attackers += 1;
                        }
                    }
                    if kt.open != NONE {
                        let f = self.file_mask[sq % self.files];
                        if (f & all_pawns).is_empty() {
                            acc.add(kt.open, c, 1);
                        } else if (f & pawns[c]).is_empty() {
                            acc.add(kt.semi_open, c, 1);
                        }
                    }
                }
                if kt.pair != NONE && (set & self.light).any() && (set & self.dark).any() {
                    acc.add(kt.pair, c, 1);
                }
            }
            if attackers > 0 {
                acc.add(self.king_attackers + attackers.min(MAX_ATTACKERS) - 1, c, 1);
            }
        }
        if self.passed != NONE {
            for c in Color::both() {
                let them = !c;
                for sq in pawns[c].squares() {
                    if (self.front_span[c][sq] & pawns[c]).any() {
                        acc.add(self.doubled, c, 1);
                    }
                    if (self.adjacent_files[sq % self.files] & pawns[c]).is_empty() {
                        acc.add(self.isolated, c, 1);
                    }
                    if pawn_att[c].has(sq) {
                        acc.add(self.supported, c, 1);
                    }
                    if (self.passed_span[c][sq] & pawns[them]).is_empty() {
                        acc.add(self.passed + self.rel_rank[c][sq] as usize, c, 1);
                    }
                }
                let targets = pos.pieces(them) & !pawns[them] & !royals;
                let n = (pawn_att[c] & targets).count() as i32;
                if n > 0 {
                    acc.add(self.pawn_threat, c, n);
                }
            }
        }
        if self.shelter != NONE {
            for c in Color::both() {
                let Some(k) = royal[c] else { continue };
                let kr = self.rel_rank[c][k] as usize;
                let ahead = self.ahead[c][kr];
                let kf = k % self.files;
                for f in kf.saturating_sub(1)..=(kf + 1).min(self.files - 1) {
                    let line = self.file_mask[f] & ahead;
                    let mine = pawns[c] & line;
                    let idx = if mine.is_empty() {
                        0
                    } else {
                        (self.rel_rank[c][Self::nearest(c, mine)] as usize - kr).min(3)
                    };
                    acc.add(self.shelter + idx, c, 1);
                    let theirs = pawns[!c] & line;
                    if theirs.any() {
                        let d = self.rel_rank[c][Self::nearest(c, theirs)] as usize - kr;
                        acc.add(self.storm + d.min(STORM_LEN) - 1, !c, 1);
                    }
                }
            }
        }
        if self.checks != NONE {
            let given = pos.checks_given();
            for c in Color::both() {
                if (given[c] as usize) < self.checks_len {
                    acc.add(self.checks + given[c] as usize, c, 1);
                }
            }
        }
        if self.goal != NONE {
            for c in Color::both() {
                let runners = pos.kinds_set(self.goal_kinds) & pos.pieces(c);
                let d = runners
                    .squares()
                    .map(|sq| self.goal_distance[c][sq] as usize)
                    .min();
                if let Some(d) = d.filter(|&d| d > 0) {
                    acc.add(self.goal + d.min(GOAL_LEN) - 1, c, 1);
                }
            }
        }
        if self.blast != NONE {
            for c in Color::both() {
                let Some(e) = royal[!c] else { continue };
                let mut threats = self.around[e] & pos.pieces(!c) & (attacks[c] | pawn_att[c]);
                // A capture next to one's own king would explode it too.
                if let Some(o) = royal[c] {
                    threats &= !self.ring[o];
                }
                let n = threats.count() as i32;
                if n > 0 {
                    acc.add(self.blast, c, n);
                }
            }
        }
        if self.reserve != NONE {
            // Per clause, the captures the side can still afford: the last piece a
            // clause hangs on is worth the game, the one before it a good part of it.
            for c in Color::both() {
                // The pieces whose capture alone would make a clause hold.
                let mut fatal = B::EMPTY;
                for clause in &self.loss_clauses {
                    let mut left = 0;
                    let mut last = B::EMPTY;
                    for &(kinds, max) in clause {
                        let set = pos.kinds_set(kinds) & pos.pieces(c);
                        let excess = set.count().saturating_sub(max);
                        if excess > 0 {
                            left += excess;
                            last = set;
                        }
                    }
                    if left > 0 {
                        acc.add(self.reserve + (left as usize).min(RESERVE_LEN) - 1, c, 1);
                    }
                    if left == 1 {
                        fatal |= last;
                    }
                }
                let n = (fatal & (attacks[!c] | pawn_att[!c])).count() as usize;
                if n > 0 {
                    acc.add(self.exposed + n.min(EXPOSED_LEN) - 1, c, 1);
                }
            }
        }
        if self.captured_kinds != NONE {
            for c in Color::both() {
                let n = pos.captured_kinds(c).count_ones() as usize;
                if n < self.captured_kinds_len {
                    acc.add(self.captured_kinds + n, c, 1);
                }
            }
        }
        if self.leader_guard != NONE {
            let (leader, victims) = self.guard;
            for c in Color::both() {
                let beside = pos
                    .pieces_of(leader, c)
                    .squares()
                    .fold(B::EMPTY, |b, l| b | self.around[l]);
                let exposed = beside & pos.kinds_set(victims) & pos.pieces(c);
                if exposed.any() {
                    acc.add(self.leader_guard, c, exposed.count() as i32);
                    let hit = exposed & (attacks[!c] | pawn_att[!c]);
                    if hit.any() {
                        acc.add(self.leader_guard + 1, c, hit.count() as i32);
                    }
                }
            }
        }
        phase.min(self.full_phase)
    }
}

/// Sum of the phase weights of the pieces in a FEN's board field.
fn start_phase(variant: &crate::variant::Variant, weights: &[i32; MAX_KINDS]) -> i32 {
    let board = variant.start_fen.split_whitespace().next().unwrap_or("");
    let board = board.split('[').next().unwrap_or("");
    board
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .filter_map(|c| variant.kind_by_letter(c))
        .map(|k| weights[k])
        .sum()
}

impl<B: Bitboard> Evaluator<B> for Eval<B> {
    fn evaluate(&self, pos: &Position<B>) -> i32 {
        if let Some(c) = &self.connection {
            return c.evaluate(pos);
        }
        let (mg, eg, phase) = self.white_terms(pos);
        let full = self.full_phase as i64;
        let phase = phase as i64;
        let white = (mg as i64 * phase + eg as i64 * (full - phase)) / full;
        let white = white.clamp(-(i32::MAX as i64) / 2, i32::MAX as i64 / 2) as i32;
        if pos.side_to_move() == WHITE {
            white
        } else {
            -white
        }
    }

    fn piece_value(&self, kind: usize) -> i32 {
        match &self.tafl {
            Some(t) => t.piece_value(&self.params, kind),
            None => self.piece_values[kind],
        }
    }

    fn side_value(&self, kind: usize, color: Color) -> i32 {
        match &self.tafl {
            Some(t) => t.side_value(&self.params, kind, color),
            None => self.piece_values[kind],
        }
    }
}
