//! The generic evaluation parameters, computed from the variant's data alone, so a
//! variant added tomorrow plays sensibly with no table written for it. They are also
//! where tuning starts, and what a parameter file's missing lines fall back to.
//!
//! - A kind's value comes from its *mobility*: the average number of squares it reaches
//!   from every square of an empty board, where a rider's k-th step counts `0.7^(k-1)`
//!   (on a real board far squares are often blocked) and a move that only moves or only
//!   captures counts half. Value = `52 * mobility^1.1`; on 8x8 this gives knight 320,
//!   bishop 366, rook 515, queen 945.
//! - Where the rules let only some kinds capture (Tyrant), a kind that may not capture
//!   counts half its mobility (its moves only). Kinds put back when captured (Tyrant's
//!   monarchs) keep their value: both sides always have them, so it cancels, and they
//!   are the only attackers.
//! - Pawn-like kinds (those that promote) are the unit, 100, plus an advancement bonus
//!   growing with the square of the progress toward the promotion zone.
//! - Rank and file tables: each non-pawn kind gets the part of its empty-board mobility
//!   above its average explained by the rank and by the file (knights in the centre, not
//!   on the rim); royal kinds keep near their starting rank in the middlegame and
//!   centralise in the endgame.
//! - Where a side that loses all its pieces wins (the antichess family, from the
//!   variant's extinction rule), material counts against its owner.
//! - King safety, pawn structure and the variant terms (checks given, distance to the
//!   goal, blast threats) get modest textbook values, present only where the variant's
//!   rules give them meaning (see [`super::layout`]).

use super::layout::{
    loss_clauses, Layout, Pair, Section, EXPOSED_LEN, GUARD_LEN, MAX_ATTACKERS, RESERVE_LEN,
    SHELTER_LEN, STORM_LEN,
};
use crate::board::{Bitboard, Geometry};
use crate::variant::betza::{self, Hop};
use crate::variant::rules::{Rules, MAX_KINDS};
use crate::variant::{PieceKind, Variant, WHITE};

/// Decay per extra rider step in the mobility estimate.
const RIDER_DECAY: f64 = 0.7;
const PAWN_VALUE: i32 = 100;

/// Mobility of a kind from each square of an empty board (White's orientation).
pub fn empty_board_mobility(kind: &PieceKind, geo: Geometry) -> Vec<f64> {
    let atoms = betza::parse(&kind.betza).unwrap_or_default();
    (0..geo.squares())
        .map(|sq| {
            let mut total = 0.0;
            for a in &atoms {
                if a.initial_only {
                    continue;
                }
                let weight = match (a.can_move, a.can_capture) {
                    (true, true) => 1.0,
                    (false, false) => 0.0,
                    _ => 0.5,
                };
                // Hoppers need a screen; on an empty board they count a little.
                let weight = if a.hop == Hop::None {
                    weight
                } else {
                    weight * 0.5
                };
                let mut step_weight = 1.0;
                let mut k = 1;
                while let Some(_t) = geo.offset(sq, a.dx as i32 * k, a.dy as i32 * k) {
                    total += weight * step_weight;
                    if a.max_steps != 0 && k as u32 >= a.max_steps as u32 {
                        break;
                    }
                    step_weight *= RIDER_DECAY;
                    k += 1;
                }
            }
            total
        })
        .collect()
}

/// Each kind's data-derived value in centipawns (royal kinds 0), always positive: the
/// phase weights, and the material of the generic parameters before any sign.
pub fn derived_values(variant: &Variant, geo: Geometry) -> [i32; MAX_KINDS] {
    let goal = &variant.goal;
    let listed = |ls: &[char], l: char| ls.iter().any(|c| c.eq_ignore_ascii_case(&l));
    let mut values = [0; MAX_KINDS];
    for (k, kind) in variant.pieces.iter().enumerate().take(MAX_KINDS) {
        values[k] = if kind.royal {
            0
        } else if kind.promotes {
            PAWN_VALUE
        } else {
            let m = empty_board_mobility(kind, geo);
            let mut avg = m.iter().sum::<f64>() / m.len().max(1) as f64;
            if !goal.capturers.is_empty() && !listed(&goal.capturers, kind.letter) {
                // A kind that may not capture keeps only its moves, which count half.
                avg *= 0.5;
            }
            (52.0 * avg.powf(1.1)).round() as i32
        };
    }
    // Where captured pieces come back by drops, a shogi-style promotion is never far
    // away (a drop lands next to the zone): such a kind gains an eighth of what its
    // promotion adds. Shogi's forward-only pawn, lance and knight would otherwise be
    // worth their few empty-board moves alone.
    if variant
        .hands
        .as_ref()
        .is_some_and(|h| h.drops && h.captures_to_hand)
    {
        let base = values;
        for (k, kind) in variant.pieces.iter().enumerate().take(MAX_KINDS) {
            let to = kind
                .promotion
                .as_ref()
                .and_then(|p| variant.kind_by_letter(p.to));
            if let Some(to) = to.filter(|&t| t < MAX_KINDS) {
                values[k] += (base[to] - base[k]).max(0) / 8;
            }
        }
    }
    values
}

/// Half the average empty-board mobility: the count the mobility term is centred on.
pub fn mobility_base(variant: &Variant, geo: Geometry) -> [i32; MAX_KINDS] {
    let mut base = [0; MAX_KINDS];
    for (k, kind) in variant.pieces.iter().enumerate().take(MAX_KINDS) {
        let m = empty_board_mobility(kind, geo);
        base[k] = (m.iter().sum::<f64>() / m.len().max(1) as f64 / 2.0).round() as i32;
    }
    base
}

/// Whether losing all one's pieces wins (antichess family): material is a burden.
pub fn material_inverted(variant: &Variant) -> bool {
    variant
        .end
        .extinction
        .as_ref()
        .is_some_and(|e| e.extinct_side_wins && e.kinds.is_empty())
}

/// The relative rank a kind's pieces start on (White's first piece of the kind in the
/// start position), if it has any there.
fn start_rank(variant: &Variant, geo: Geometry, letter: char) -> Option<usize> {
    let board = variant.start_fen.split_whitespace().next()?;
    let board = board.split('[').next()?;
    for (i, row) in board.split('/').enumerate() {
        let rank = geo.ranks().checked_sub(i + 1)?;
        if row.contains(letter) {
            return Some(rank);
        }
    }
    None
}

/// Splits a per-square table (White's orientation) into its mean deviation per rank and
/// per file distance from the edge; `rank[r] + file[f]` approximates the table.
fn marginals(table: &[f64], geo: Geometry) -> (Vec<f64>, Vec<f64>) {
    let n = table.len().max(1) as f64;
    let avg = table.iter().sum::<f64>() / n;
    let buckets = geo.files().div_ceil(2);
    let mut rank = vec![0.0; geo.ranks()];
    let mut file = vec![0.0; buckets];
    let mut file_count = vec![0.0f64; buckets];
    for (sq, &v) in table.iter().enumerate() {
        rank[geo.rank_of(sq)] += (v - avg) / geo.files() as f64;
        let f = geo.file_of(sq);
        let b = f.min(geo.files() - 1 - f);
        file[b] += v - avg;
        file_count[b] += 1.0;
    }
    for (f, c) in file.iter_mut().zip(&file_count) {
        *f /= c.max(1.0);
    }
    (rank, file)
}

/// How much attacks on the enemy royal count, from the rules: double where checks win
/// (n-check), where a mate in one allowed is a loss at once (Blunder-Mate's claim),
/// where crowding round a king is itself a threat (Linkage), or where a check is harder
/// to answer (Deadline: no single block or capture, only a king move or two moves of
/// one unit, so more checks mate); negative where the aim is
/// reversed and an exposed own king is the goal (Series Helpmate: mating loses, being
/// mateable wins), which turns the shelter term round too.
fn king_attack_scale<B: Bitboard>(rules: &Rules<B>) -> i32 {
    let goal = &rules.variant.goal;
    if goal.series_mate {
        -1
    } else if rules.end.check_limit().is_some()
        || goal.blunder_mate
        || goal.linkage_run > 0
        || goal.two_step_evasions
    {
        2
    } else {
        1
    }
}

/// The generic parameters of a variant, in `layout`'s order.
pub fn generic_params<B: Bitboard>(rules: &Rules<B>, layout: &Layout) -> Vec<Pair> {
    let geo = rules.geo;
    let variant = &*rules.variant;
    let values = derived_values(variant, geo);
    let sign = if material_inverted(variant) { -1 } else { 1 };
    let mut p = vec![Pair::default(); layout.size];
    let mut set = |section: Section, kind: Option<usize>, f: &dyn Fn(usize) -> Pair| {
        if let Some(e) = layout.find(section, kind) {
            for i in 0..e.len {
                p[e.offset + i] = f(i);
            }
        }
    };
    let round = |x: f64| x.round() as i32;
    set(Section::Tempo, None, &|_| Pair::new(10, 10));
    // Promotion: the nearest rank where a pawn may promote, from where it starts.
    let promo = variant.promotion.as_ref();
    let goal_rank = promo
        .map(|p| p.ranks.iter().chain(&p.optional_ranks).copied().min())
        .unwrap_or(None)
        .unwrap_or(geo.ranks() - 1);
    let centre = (geo.files() as f64 - 1.0) / 2.0;
    for (k, kind) in variant.pieces.iter().enumerate().take(MAX_KINDS) {
        let v = values[k] * sign;
        set(Section::Material, Some(k), &|_| Pair::new(v, v));
        // A piece in hand can be dropped where it is needed: a little more than on the
        // board in the middlegame (drop games only: the section exists with hands).
        set(Section::Hand, Some(k), &|_| Pair::new(v + v / 10, v));
        if kind.promotes {
            let start = kind.initial_ranks[WHITE].iter().copied().min().unwrap_or(1);
            let start = start.min(goal_rank);
            let progress = |r: usize| {
                r.saturating_sub(start) as f64 / goal_rank.saturating_sub(start).max(1) as f64
            };
            set(Section::Rank, Some(k), &|r| {
                let q = progress(r).min(1.0);
                Pair::new(round(q * q * 60.0), round(q * q * 120.0))
            });
            set(Section::File, Some(k), &|b| {
                let central = 1.0 - (centre - b as f64).abs() / centre.max(1.0);
                Pair::new(round(central * 10.0), 0)
            });
            set(Section::Passed, None, &|r| {
                let q = progress(r).min(1.0);
                Pair::new(round(q * q * 40.0), round(q * q * 100.0))
            });
            continue;
        }
        let mobility = empty_board_mobility(kind, geo);
        let (rank, file) = marginals(&mobility, geo);
        if kind.royal {
            // Near the starting rank while material is on the board, central later.
            let home = start_rank(variant, geo, kind.letter).unwrap_or(0) as i32;
            set(Section::Rank, Some(k), &|r| {
                Pair::new(-12 * (r as i32 - home).abs().min(3), round(rank[r] * 6.0))
            });
            set(Section::File, Some(k), &|b| {
                Pair::new(0, round(file[b] * 6.0))
            });
            continue;
        }
        set(Section::Rank, Some(k), &|r| {
            Pair::new(round(rank[r] * 4.0), round(rank[r] * 2.0))
        });
        set(Section::File, Some(k), &|b| {
            Pair::new(round(file[b] * 4.0), round(file[b] * 2.0))
        });
        set(Section::Mobility, Some(k), &|_| Pair::new(3, 3));
        set(Section::Pair, Some(k), &|_| Pair::new(30, 50));
        set(Section::OpenFile, Some(k), &|_| Pair::new(20, 10));
        set(Section::SemiOpenFile, Some(k), &|_| Pair::new(10, 5));
        let scale = king_attack_scale(rules);
        set(Section::KingAttack, Some(k), &|_| {
            Pair::new(scale * values[k] / 50, scale * values[k] / 200)
        });
    }
    set(Section::KingAttackers, None, &|i| {
        const MG: [i32; MAX_ATTACKERS] = [0, 15, 40, 70, 100, 130];
        Pair::new(MG[i], 0)
    });
    let shelter = king_attack_scale(rules).signum();
    set(Section::Shelter, None, &|i| {
        const MG: [i32; SHELTER_LEN] = [-20, 10, 5, 0];
        Pair::new(shelter * MG[i], 0)
    });
    set(Section::Storm, None, &|i| {
        const MG: [i32; STORM_LEN] = [5, 15, 10, 5];
        Pair::new(MG[i], 0)
    });
    set(Section::Doubled, None, &|_| Pair::new(-10, -20));
    set(Section::Isolated, None, &|_| Pair::new(-10, -15));
    set(Section::Supported, None, &|_| Pair::new(5, 5));
    set(Section::PawnThreat, None, &|_| Pair::new(30, 20));
    if let Some(limit) = rules.end.check_limit() {
        let limit = limit as f64;
        set(Section::ChecksGiven, None, &|g| {
            let x = round(600.0 * (g as f64 / limit).powi(2));
            Pair::new(x, x)
        });
    }
    set(Section::GoalDistance, None, &|i| {
        const BONUS: [i32; 7] = [150, 80, 40, 20, 10, 5, 0];
        Pair::new(BONUS[i], BONUS[i] * 3 / 2)
    });
    set(Section::BlastKing, None, &|_| Pair::new(100, 100));
    // A clause's last piece is worth the game: being one capture from losing costs
    // five pawns, two captures a pawn and a half (on top of the pieces' own values).
    // A side loses only once, so a game with several clauses shares that among them
    // (each is counted, and in Decastellation the king's is always one capture away).
    let clauses = loss_clauses(rules).len().max(1) as f64;
    set(Section::Reserve, None, &|d| {
        const RESERVE: [f64; RESERVE_LEN] = [-500.0, -150.0, -50.0, 0.0];
        let x = round(RESERVE[d] / clauses);
        Pair::new(x, x)
    });
    // A piece whose capture alone loses, attacked: the side to move can usually save
    // one (as a king in check), rarely two.
    set(Section::Exposed, None, &|i| {
        const EXPOSED: [i32; EXPOSED_LEN] = [-50, -400];
        Pair::new(EXPOSED[i], EXPOSED[i])
    });
    // Progress to a captured-kinds goal grows fast: the last kind wins.
    set(Section::CapturedKinds, None, &|n| {
        let goal = layout
            .find(Section::CapturedKinds, None)
            .map_or(1, |e| e.len.max(1)) as f64;
        let x = round(500.0 * (n as f64 / goal).powi(2));
        Pair::new(x, x)
    });
    // A piece beside its leader is a target whose capture loses; attacked, a threat.
    set(Section::LeaderGuard, None, &|i| {
        const GUARD: [i32; GUARD_LEN] = [-15, -150];
        Pair::new(GUARD[i], GUARD[i])
    });
    super::tafl::default_params(rules, layout, &mut p);
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::find_variant;

    #[test]
    fn orthodox_values_are_sensible() {
        let v = find_variant("chess").unwrap();
        let geo = Geometry::new(8, 8).unwrap();
        let values = derived_values(&v, geo);
        let of = |l: char| values[v.kind_by_letter(l).unwrap()];
        assert_eq!(of('P'), 100);
        assert!((290..350).contains(&of('N')), "{}", of('N'));
        assert!(of('B') >= of('N') && of('B') < 400, "{}", of('B'));
        assert!((460..560).contains(&of('R')), "{}", of('R'));
        assert!((880..1000).contains(&of('Q')), "{}", of('Q'));
        assert_eq!(of('K'), 0);
    }

    #[test]
    fn king_attacks_follow_the_aim_of_the_game() {
        let scale = |name: &str| {
            king_attack_scale(&Rules::<u64>::new(find_variant(name).unwrap()).unwrap())
        };
        assert_eq!(scale("chess"), 1);
        assert_eq!(scale("3check"), 2);
        assert_eq!(scale("blundermate"), 2);
        assert_eq!(scale("linkage"), 2);
        assert_eq!(scale("deadline"), 2);
        assert_eq!(scale("serieshelpmate"), -1);
    }

    #[test]
    fn loss_clauses_share_the_reserve_table() {
        // One clause (no bishop) keeps the whole table; Decastellation's two (no king,
        // no rook) and Twilight's three classes share it: a side loses only once.
        let reserve = |name: &str| {
            let rules = Rules::<u64>::new(find_variant(name).unwrap()).unwrap();
            let layout = Layout::new(&rules);
            let p = generic_params(&rules, &layout);
            let e = layout.find(Section::Reserve, None).unwrap();
            p[e.offset..e.offset + e.len]
                .iter()
                .map(|x| x.mg)
                .collect::<Vec<_>>()
        };
        assert_eq!(reserve("clerical"), [-500, -150, -50, 0]);
        assert_eq!(reserve("dynastic"), [-500, -150, -50, 0]);
        assert_eq!(reserve("decastellation"), [-250, -75, -25, 0]);
        assert_eq!(reserve("junta"), [-250, -75, -25, 0]);
        assert_eq!(reserve("twilight"), [-167, -50, -17, 0]);
    }

    #[test]
    fn knights_prefer_the_centre() {
        let v = find_variant("chess").unwrap();
        let rules = Rules::<u64>::new(v).unwrap();
        let layout = Layout::new(&rules);
        let p = generic_params(&rules, &layout);
        let file = layout.find(Section::File, Some(1)).unwrap();
        let rank = layout.find(Section::Rank, Some(1)).unwrap();
        assert!(p[file.offset].mg < p[file.offset + 3].mg);
        assert!(p[rank.offset].mg < p[rank.offset + 3].mg);
        assert_eq!(
            p[rank.offset + 3],
            p[rank.offset + 4],
            "ranks are symmetric"
        );
    }

    #[test]
    fn royal_home_rank_comes_from_the_start_position() {
        let v = find_variant("upsidedown").unwrap();
        let geo = Geometry::new(8, 8).unwrap();
        assert_eq!(start_rank(&v, geo, 'K'), Some(7));
        let v = find_variant("chess").unwrap();
        assert_eq!(start_rank(&v, geo, 'K'), Some(0));
        assert_eq!(start_rank(&v, geo, 'P'), Some(1));
    }
}
