//! Which evaluation parameters a variant has, and where each sits in the flat parameter
//! vector. The sections a variant gets are chosen from its compiled rules — a royal kind
//! brings king safety, promoting kinds bring pawn structure, a check limit brings the
//! checks-given table, goal squares the distance-to-goal table, explosions the blast
//! term — never from its name. Table lengths follow the board (one entry per rank, one
//! per file counted from the nearer edge), so one format serves every board size. The
//! goal terms come from the end conditions: loss clauses of the material bring the
//! reserve table, a captured-kinds goal its progress table, a capture beside a leader
//! the leader-guard table.

use crate::board::Bitboard;
use crate::variant::parts::EndCondition;
use crate::variant::rules::{Rules, MAX_KINDS};
use crate::variant::WHITE;

/// One (middlegame, endgame) pair of centipawn values; the evaluation blends the two by
/// the material left on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    pub mg: i32,
    pub eg: i32,
}

impl Pair {
    pub const fn new(mg: i32, eg: i32) -> Pair {
        Pair { mg, eg }
    }
}

/// Most attackers counted by the king-attackers table (its last entry is "this many or
/// more").
pub const MAX_ATTACKERS: usize = 6;
/// Entries of the pawn-shelter table: no own pawn ahead on the file, then the nearest at
/// 1, 2, 3 or more ranks.
pub const SHELTER_LEN: usize = 4;
/// Entries of the pawn-storm table: nearest enemy pawn 1, 2, 3, 4 or more ranks ahead.
pub const STORM_LEN: usize = 4;
/// Entries of the goal-distance table: 1, 2, ..., 7 or more king steps.
pub const GOAL_LEN: usize = 7;
/// Entries of the reserve table: 1, 2, 3 or more pieces above a loss clause's limits.
pub const RESERVE_LEN: usize = 4;
/// Entries of the exposed table: one, two or more attacked pieces whose capture alone
/// loses.
pub const EXPOSED_LEN: usize = 2;
/// Entries of the leader-guard table: own victims next to the own leader, and those
/// of them the opponent attacks.
pub const GUARD_LEN: usize = 2;
/// Entries of the tafl free-paths table: any goal with the king's side to move, then
/// one, two or more with the other side to move.
pub const TAFL_FREE_PATHS_LEN: usize = 3;
/// Entries of the tafl enclosure table: 0, 1, 2, 3 or 4 sides closed.
pub const TAFL_ENCLOSURE_LEN: usize = 5;

/// A kind of evaluation term. The order is the order of the file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    Tempo,
    Material,
    Rank,
    File,
    Mobility,
    Pair,
    OpenFile,
    SemiOpenFile,
    KingAttack,
    KingAttackers,
    Shelter,
    Storm,
    Doubled,
    Isolated,
    Supported,
    Passed,
    PawnThreat,
    ChecksGiven,
    GoalDistance,
    BlastKing,
    Hand,
    Reserve,
    Exposed,
    CapturedKinds,
    LeaderGuard,
    TaflMen,
    TaflGoalDistance,
    TaflFreePaths,
    TaflSecondPaths,
    TaflEnclosure,
    TaflSandwich,
    TaflNearKing,
}

impl Section {
    pub const ALL: [Section; 32] = [
        Section::Tempo,
        Section::Material,
        Section::Rank,
        Section::File,
        Section::Mobility,
        Section::Pair,
        Section::OpenFile,
        Section::SemiOpenFile,
        Section::KingAttack,
        Section::KingAttackers,
        Section::Shelter,
        Section::Storm,
        Section::Doubled,
        Section::Isolated,
        Section::Supported,
        Section::Passed,
        Section::PawnThreat,
        Section::ChecksGiven,
        Section::GoalDistance,
        Section::BlastKing,
        Section::Hand,
        Section::Reserve,
        Section::Exposed,
        Section::CapturedKinds,
        Section::LeaderGuard,
        Section::TaflMen,
        Section::TaflGoalDistance,
        Section::TaflFreePaths,
        Section::TaflSecondPaths,
        Section::TaflEnclosure,
        Section::TaflSandwich,
        Section::TaflNearKing,
    ];

    /// The section's key word in parameter files.
    pub fn name(self) -> &'static str {
        match self {
            Section::Tempo => "tempo",
            Section::Material => "material",
            Section::Rank => "rank",
            Section::File => "file",
            Section::Mobility => "mobility",
            Section::Pair => "pair",
            Section::OpenFile => "open-file",
            Section::SemiOpenFile => "semi-open-file",
            Section::KingAttack => "king-attack",
            Section::KingAttackers => "king-attackers",
            Section::Shelter => "shelter",
            Section::Storm => "storm",
            Section::Doubled => "doubled",
            Section::Isolated => "isolated",
            Section::Supported => "supported",
            Section::Passed => "passed",
            Section::PawnThreat => "pawn-threat",
            Section::ChecksGiven => "checks-given",
            Section::GoalDistance => "goal-distance",
            Section::BlastKing => "blast-king",
            Section::Hand => "hand",
            Section::Reserve => "reserve",
            Section::Exposed => "exposed",
            Section::CapturedKinds => "captured-kinds",
            Section::LeaderGuard => "leader-guard",
            Section::TaflMen => "tafl-men",
            Section::TaflGoalDistance => "tafl-goal-distance",
            Section::TaflFreePaths => "tafl-free-paths",
            Section::TaflSecondPaths => "tafl-second-paths",
            Section::TaflEnclosure => "tafl-enclosure",
            Section::TaflSandwich => "tafl-sandwich",
            Section::TaflNearKing => "tafl-near-king",
        }
    }

    pub fn from_name(name: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether the section has one line per piece kind (the line names the kind).
    pub fn per_kind(self) -> bool {
        matches!(
            self,
            Section::Material
                | Section::Rank
                | Section::File
                | Section::Mobility
                | Section::Pair
                | Section::OpenFile
                | Section::SemiOpenFile
                | Section::KingAttack
                | Section::Hand
        )
    }

    /// One line describing the section, written above it in parameter files.
    pub fn describe(self) -> &'static str {
        match self {
            Section::Tempo => "bonus for the side to move",
            Section::Material => "value of each piece of the kind",
            Section::Rank => "by relative rank, the owner's first rank first",
            Section::File => "by file counted from the nearer edge (a/h first on 8 files)",
            Section::Mobility => {
                "per square reached (not own-occupied, not attacked by enemy pawns), \
                 relative to half the kind's empty-board average"
            }
            Section::Pair => "two or more of a colour-bound kind on both square colours",
            Section::OpenFile => "orthogonal rider on a file without pawns",
            Section::SemiOpenFile => "orthogonal rider on a file without own pawns",
            Section::KingAttack => "per square of the enemy king zone the piece attacks",
            Section::KingAttackers => {
                "by number of pieces attacking the enemy king zone: 1, 2, ..., 6+"
            }
            Section::Shelter => {
                "per file next to the own king: no own pawn ahead, nearest at 1, 2, 3+ ranks"
            }
            Section::Storm => {
                "per file next to the enemy king: own pawn 1, 2, 3, 4+ ranks ahead of it"
            }
            Section::Doubled => "pawn with an own pawn ahead on its file",
            Section::Isolated => "pawn without own pawns on the files beside it",
            Section::Supported => "pawn defended by an own pawn",
            Section::Passed => "passed pawn by relative rank",
            Section::PawnThreat => "enemy piece (not a pawn or royal) attacked by an own pawn",
            Section::ChecksGiven => "by checks given so far: 0, 1, ... (check-limit games)",
            Section::GoalDistance => {
                "king steps from the goal of the nearest goal piece: 1, 2, ..., 7+"
            }
            Section::BlastKing => "enemy piece next to the enemy king that a capture would explode",
            Section::Hand => "value of each piece of the kind held in hand (drop games)",
            Section::Reserve => {
                "per loss clause, by pieces left above its limits: 1, 2, 3, 4+ \
                 (material and last-of-a-class goals)"
            }
            Section::Exposed => {
                "attacked own pieces whose capture alone loses (a loss clause one capture \
                 away): one, two or more"
            }
            Section::CapturedKinds => {
                "by distinct kinds captured so far: 0, 1, ... (captured-kinds goals)"
            }
            Section::LeaderGuard => {
                "own pieces whose capture next to their leader loses: beside it, \
                 and beside it and attacked"
            }
            Section::TaflMen => "value of a man: the king's side's, the other side's (tafl)",
            Section::TaflGoalDistance => "per orthogonal step from the king to his nearest goal",
            Section::TaflFreePaths => {
                "goal squares the king reaches in one move: any with his side to move, \
                 one, two or more with the other side to move"
            }
            Section::TaflSecondPaths => {
                "squares the king reaches in one move from which a goal is open (up to 8)"
            }
            Section::TaflEnclosure => {
                "by sides of the king closed where he is taken enclosed: 0, 1, 2, 3, 4"
            }
            Section::TaflSandwich => {
                "per attacker (or empty hostile square) beside a king taken like a man, \
                 the square across open"
            }
            Section::TaflNearKing => "per attacker within three orthogonal steps of the king",
        }
    }
}

/// Where one line of parameters sits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub section: Section,
    pub kind: Option<usize>,
    pub offset: usize,
    pub len: usize,
}

/// The parameter layout of one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub entries: Vec<Entry>,
    /// Number of pairs in all.
    pub size: usize,
    /// FEN letters of the kinds, in kind order.
    pub letters: Vec<char>,
    pub files: usize,
    pub ranks: usize,
}

/// What a kind takes part in, from its compiled rules.
pub(crate) struct KindRole {
    pub royal: bool,
    pub pawn: bool,
    pub colorbound: bool,
    pub orthogonal_rider: bool,
}

impl Layout {
    pub fn new<B: Bitboard>(rules: &Rules<B>) -> Layout {
        let geo = rules.geo;
        let roles: Vec<KindRole> = rules
            .kinds
            .iter()
            .map(|k| KindRole {
                royal: k.royal,
                pawn: k.promotes,
                colorbound: k.colorbound,
                orthogonal_rider: k.moves[WHITE].capture_orthogonal,
            })
            .collect();
        let has_pawns = roles.iter().any(|r| r.pawn);
        let has_royal = rules.royalty.kind().is_some();
        let piece = |r: &KindRole| !r.royal && !r.pawn;
        let mut b = Builder::default();
        b.single(Section::Tempo, 1);
        // The tafl family has its own terms and none of the others (`eval::tafl`).
        if super::tafl::applies(rules) {
            b.single(Section::TaflMen, 2);
            b.single(Section::TaflGoalDistance, 1);
            b.single(Section::TaflFreePaths, TAFL_FREE_PATHS_LEN);
            b.single(Section::TaflSecondPaths, 1);
            b.single(Section::TaflEnclosure, TAFL_ENCLOSURE_LEN);
            b.single(Section::TaflSandwich, 1);
            b.single(Section::TaflNearKing, 1);
            return b.finish(rules);
        }
        b.kinds(Section::Material, &roles, 1, |_| true);
        b.kinds(Section::Rank, &roles, geo.ranks(), |_| true);
        b.kinds(Section::File, &roles, geo.files().div_ceil(2), |_| true);
        b.kinds(Section::Mobility, &roles, 1, piece);
        b.kinds(Section::Pair, &roles, 1, |r| piece(r) && r.colorbound);
        if has_pawns {
            let open = |r: &KindRole| piece(r) && r.orthogonal_rider;
            b.kinds(Section::OpenFile, &roles, 1, open);
            b.kinds(Section::SemiOpenFile, &roles, 1, open);
        }
        if has_royal {
            b.kinds(Section::KingAttack, &roles, 1, piece);
            b.single(Section::KingAttackers, MAX_ATTACKERS);
            if has_pawns {
                b.single(Section::Shelter, SHELTER_LEN);
                b.single(Section::Storm, STORM_LEN);
            }
        }
        if has_pawns {
            b.single(Section::Doubled, 1);
            b.single(Section::Isolated, 1);
            b.single(Section::Supported, 1);
            b.single(Section::Passed, geo.ranks());
            b.single(Section::PawnThreat, 1);
        }
        if let Some(limit) = rules.end.check_limit() {
            b.single(Section::ChecksGiven, limit as usize);
        }
        if rules.end.goal().is_some() {
            b.single(Section::GoalDistance, GOAL_LEN);
        }
        if rules.capture.blast().is_some() && has_royal {
            b.single(Section::BlastKing, 1);
        }
        if rules.hands.is_some() {
            b.kinds(Section::Hand, &roles, 1, |r| !r.royal);
        }
        // The goal terms, from the end conditions: a side loses when a clause of its
        // material holds or when the last piece of a class is captured; it wins by
        // capturing enough kinds, or a piece beside the opposing leader.
        if !loss_clauses(rules).is_empty() {
            b.single(Section::Reserve, RESERVE_LEN);
            b.single(Section::Exposed, EXPOSED_LEN);
        }
        if let Some(n) = captured_kinds_goal(rules) {
            b.single(Section::CapturedKinds, n as usize);
        }
        if leader_guard(rules).is_some() {
            b.single(Section::LeaderGuard, GUARD_LEN);
        }
        b.finish(rules)
    }

    /// The entry of a section (and kind, for per-kind sections).
    pub fn find(&self, section: Section, kind: Option<usize>) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.section == section && e.kind == kind)
    }

    /// The offset of an entry, or `NONE`.
    pub(crate) fn offset(&self, section: Section, kind: Option<usize>) -> usize {
        self.find(section, kind).map_or(NONE, |e| e.offset)
    }

    /// A readable name for parameter `index`: `rank N[3]`.
    pub fn describe(&self, index: usize) -> String {
        let Some(e) = self
            .entries
            .iter()
            .find(|e| (e.offset..e.offset + e.len).contains(&index))
        else {
            return format!("#{index}");
        };
        let mut s = e.section.name().to_string();
        if let Some(k) = e.kind {
            s.push(' ');
            s.push(self.letters[k]);
        }
        if e.len > 1 {
            s += &format!("[{}]", index - e.offset);
        }
        s
    }
}

/// No such parameter in this variant.
pub(crate) const NONE: usize = usize::MAX;

/// The clauses under which a side loses by losing material, each a list of `(kinds,
/// max)` terms that must all hold (at most `max` pieces of the kinds, a bit set): the
/// material-loss clauses, and one `(class, 0)` clause per class whose last piece's
/// capture loses. A side's distance to a clause is the captures it still takes (the
/// excess over each term's limit, summed); the reserve table reads it.
pub(crate) fn loss_clauses<B: Bitboard>(rules: &Rules<B>) -> Vec<Vec<(u32, u32)>> {
    let mut clauses = Vec::new();
    for c in rules.end.iter() {
        match c {
            EndCondition::Material(list) => clauses.extend(list.iter().cloned()),
            EndCondition::CaptureLastOf(classes) => {
                clauses.extend(classes.iter().map(|&class| vec![(class, 0)]))
            }
            _ => {}
        }
    }
    clauses
}

/// The number of distinct captured kinds that wins, where the variant has that goal.
pub(crate) fn captured_kinds_goal<B: Bitboard>(rules: &Rules<B>) -> Option<u32> {
    rules.end.iter().find_map(|c| match *c {
        EndCondition::CapturedKinds(n) => Some(n),
        _ => None,
    })
}

/// The leader kind and the victims (a bit set) whose capture beside it loses.
pub(crate) fn leader_guard<B: Bitboard>(rules: &Rules<B>) -> Option<(usize, u32)> {
    rules.end.iter().find_map(|c| match *c {
        EndCondition::CaptureNextTo { leader, victims } => Some((leader, victims)),
        _ => None,
    })
}

#[derive(Default)]
struct Builder {
    entries: Vec<Entry>,
    size: usize,
}

impl Builder {
    fn single(&mut self, section: Section, len: usize) {
        self.entries.push(Entry {
            section,
            kind: None,
            offset: self.size,
            len,
        });
        self.size += len;
    }

    /// The layout, for `rules`' board and kinds.
    fn finish<B: Bitboard>(self, rules: &Rules<B>) -> Layout {
        Layout {
            size: self.size,
            entries: self.entries,
            letters: rules.kinds.iter().map(|k| k.letter).collect(),
            files: rules.geo.files(),
            ranks: rules.geo.ranks(),
        }
    }

    fn kinds(
        &mut self,
        section: Section,
        roles: &[KindRole],
        len: usize,
        wanted: impl Fn(&KindRole) -> bool,
    ) {
        for (k, role) in roles.iter().enumerate().take(MAX_KINDS) {
            if wanted(role) {
                self.entries.push(Entry {
                    section,
                    kind: Some(k),
                    offset: self.size,
                    len,
                });
                self.size += len;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::find_variant;

    fn layout(name: &str) -> Layout {
        let v = find_variant(name).unwrap();
        if v.files * v.ranks <= 64 {
            Layout::new(&Rules::<u64>::new(v).unwrap())
        } else {
            Layout::new(&Rules::<u128>::new(v).unwrap())
        }
    }

    #[test]
    fn sections_follow_the_rules() {
        let chess = layout("chess");
        assert!(chess.find(Section::KingAttackers, None).is_some());
        assert!(chess.find(Section::ChecksGiven, None).is_none());
        assert!(chess.find(Section::GoalDistance, None).is_none());
        // Only the bishop is colour-bound; rook and queen ride orthogonally.
        let pairs: Vec<char> = chess
            .entries
            .iter()
            .filter(|e| e.section == Section::Pair)
            .map(|e| chess.letters[e.kind.unwrap()])
            .collect();
        assert_eq!(pairs, ['B']);
        let open: Vec<char> = chess
            .entries
            .iter()
            .filter(|e| e.section == Section::OpenFile)
            .map(|e| chess.letters[e.kind.unwrap()])
            .collect();
        assert_eq!(open, ['R', 'Q']);
        assert_eq!(
            layout("3check")
                .find(Section::ChecksGiven, None)
                .unwrap()
                .len,
            3
        );
        assert!(layout("kingofthehill")
            .find(Section::GoalDistance, None)
            .is_some());
        assert!(layout("atomic").find(Section::BlastKing, None).is_some());
        // No royal piece in antichess: no king safety at all.
        let anti = layout("antichess");
        assert!(anti.find(Section::KingAttackers, None).is_none());
        assert!(anti.find(Section::Shelter, None).is_none());
        // No pawns in racing kings: no pawn structure.
        assert!(layout("racingkings").find(Section::Passed, None).is_none());
    }

    /// The kinds of `letters` as a bit set of `name`'s kinds.
    fn mask(name: &str, letters: &str) -> u32 {
        let v = find_variant(name).unwrap();
        letters
            .chars()
            .map(|l| 1 << v.kind_by_letter(l).unwrap())
            .fold(0, |m, b| m | b)
    }

    fn rules(name: &str) -> Rules<u64> {
        Rules::<u64>::new(find_variant(name).unwrap()).unwrap()
    }

    #[test]
    fn goal_terms_come_from_the_end_conditions() {
        // No goal term in chess: the goal sections cost it nothing.
        let chess = layout("chess");
        for s in [
            Section::Reserve,
            Section::CapturedKinds,
            Section::LeaderGuard,
        ] {
            assert!(chess.find(s, None).is_none(), "{s:?}");
        }
        assert!(loss_clauses(&rules("chess")).is_empty());
        // Decastellation: no king or no rook loses, two clauses of one term each.
        assert_eq!(
            loss_clauses(&rules("decastellation")),
            vec![
                vec![(mask("decastellation", "K"), 0)],
                vec![(mask("decastellation", "R"), 0)]
            ]
        );
        // Junta: no knight, or no king and at most one knight (a two-term clause).
        assert_eq!(
            loss_clauses(&rules("junta")),
            vec![
                vec![(mask("junta", "N"), 0)],
                vec![(mask("junta", "K"), 0), (mask("junta", "N"), 1)]
            ]
        );
        // Dynastic: king and queen together, one term over two kinds.
        assert_eq!(
            loss_clauses(&rules("dynastic")),
            vec![vec![(mask("dynastic", "KQ"), 0)]]
        );
        // Twilight: the last of each class captured loses, a clause per class.
        assert_eq!(
            loss_clauses(&rules("twilight")),
            vec![
                vec![(mask("twilight", "P"), 0)],
                vec![(mask("twilight", "NB"), 0)],
                vec![(mask("twilight", "QR"), 0)]
            ]
        );
        assert!(layout("clerical").find(Section::Reserve, None).is_some());
        assert!(layout("clerical").find(Section::Exposed, None).is_some());
        assert!(chess.find(Section::Exposed, None).is_none());
        // Zoo: four captured kinds win, so the progress table has four entries.
        assert_eq!(captured_kinds_goal(&rules("zoo")), Some(4));
        assert_eq!(
            layout("zoo")
                .find(Section::CapturedKinds, None)
                .unwrap()
                .len,
            4
        );
        assert!(layout("zoo").find(Section::Reserve, None).is_none());
        // Entourage: the king leads, Q R B N are its guard (not the pawns).
        let v = find_variant("entourage").unwrap();
        assert_eq!(
            leader_guard(&rules("entourage")),
            Some((v.kind_by_letter('K').unwrap(), mask("entourage", "QRBN")))
        );
        assert!(layout("entourage")
            .find(Section::LeaderGuard, None)
            .is_some());
    }

    #[test]
    fn tables_follow_the_board() {
        let grand = layout("grand");
        let p = grand.letters.iter().position(|&l| l == 'P').unwrap();
        assert_eq!(grand.find(Section::Rank, Some(p)).unwrap().len, 10);
        assert_eq!(grand.find(Section::File, Some(p)).unwrap().len, 5);
        let capa = layout("capablanca");
        assert_eq!(capa.find(Section::Rank, Some(0)).unwrap().len, 8);
        assert_eq!(capa.find(Section::File, Some(0)).unwrap().len, 5);
        // Offsets tile the vector.
        let mut next = 0;
        for e in &capa.entries {
            assert_eq!(e.offset, next);
            next += e.len;
        }
        assert_eq!(next, capa.size);
        assert_eq!(
            capa.describe(capa.find(Section::Rank, Some(0)).unwrap().offset + 2),
            "rank P[2]"
        );
    }
}
