//! Which evaluation parameters a variant has, and where each sits in the flat parameter
//! vector. The sections a variant gets are chosen from its compiled rules — a royal kind
//! brings king safety, promoting kinds bring pawn structure, a check limit brings the
//! checks-given table, goal squares the distance-to-goal table, explosions the blast
//! term — never from its name. Table lengths follow the board (one entry per rank, one
//! per file counted from the nearer edge), so one format serves every board size.

use crate::board::Bitboard;
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
}

impl Section {
    pub const ALL: [Section; 21] = [
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
        Layout {
            size: b.size,
            entries: b.entries,
            letters: rules.kinds.iter().map(|k| k.letter).collect(),
            files: geo.files(),
            ranks: geo.ranks(),
        }
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
