//! Palace rules (Fairy-Stockfish's `diagonalLines`, `pass`, `bikjangRule` and
//! `materialCounting = janggi`): pieces that gain diagonal moves along a palace's
//! lines, passing, royals that face each other, and games decided by counting points.
//!
//! Plain data of the variant; `Rules::new` compiles the lines into walkers
//! (`rules::Walker::lines`), `parts::filters` and `parts::end` read the rest.

/// The rules around a palace; all off by default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PalaceRules {
    /// The squares of the diagonal lines (square indices, rank by rank): a kind's
    /// [`crate::variant::PieceKind::line_moves`] start and end on them only.
    pub diagonal_lines: Vec<usize>,
    /// A side not in check (or in check with the royals facing, under bikjang) may
    /// pass: UCI writes the royal's square twice (`e2e2`).
    /// Two passes in a row end the game (by points where [`PalaceRules::points`] is
    /// set, else drawn).
    pub pass: bool,
    /// Per colour: a side with no legal move that is not in check passes, its one
    /// legal move, in place of the stalemate verdict (Fairy-Stockfish's
    /// `passOnStalemate`). Written as [`PalaceRules::pass`] is, on the royal's square or,
    /// with no royal, on the mover's lowest-numbered piece (`h2h2`); two passes in a row
    /// end the game.
    pub pass_on_stalemate: [bool; 2],
    /// Bikjang: royals facing each other on an open file at the start of a turn must
    /// be parted by the move (a pass excepted); royals that still face after it end
    /// the game (by points, else drawn).
    pub bikjang: bool,
    /// Material counting: the endings that would be drawn (the move rule, repetition,
    /// bikjang, two passes) are decided by points.
    pub points: Option<PointCount>,
}

impl PalaceRules {
    /// Whether a pass is written as a piece's move to its own square (`e2e2`) and two
    /// passes in a row end the game.
    pub fn passes_on_a_square(&self) -> bool {
        self.pass || self.pass_on_stalemate.contains(&true)
    }
}

/// Points per kind and Black's komi; the side with more points wins, a tie is a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointCount {
    /// Points of a piece, per kind letter (upper case); kinds not listed count 0.
    pub values: Vec<(char, u32)>,
    /// Black's bonus in half points (Janggi: 3, one and a half points).
    pub komi_halves: u32,
}

impl PointCount {
    /// Fairy-Stockfish's Janggi counting: chariot 13, cannon 7, horse 5, elephant and
    /// advisor 3, soldier 2, one and a half points for Black; the letters name the
    /// kinds in that order.
    pub fn janggi(letters: [Option<char>; 6]) -> PointCount {
        let values = [13, 7, 5, 3, 3, 2];
        PointCount {
            values: letters
                .iter()
                .zip(values)
                .filter_map(|(l, v)| l.map(|l| (l.to_ascii_uppercase(), v)))
                .collect(),
            komi_halves: 3,
        }
    }

    /// White's lead in half points (Black's komi included): positive wins for White,
    /// negative for Black, zero draws.
    pub fn white_lead_halves(&self, count: impl Fn(char, usize) -> u32) -> i64 {
        let side = |c: usize| -> i64 {
            self.values
                .iter()
                .map(|&(l, v)| 2 * i64::from(v) * i64::from(count(l, c)))
                .sum()
        };
        side(0) - side(1) - i64::from(self.komi_halves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn janggi_points_and_komi() {
        let p = PointCount::janggi([
            Some('r'),
            Some('c'),
            Some('n'),
            Some('b'),
            Some('a'),
            Some('p'),
        ]);
        // One chariot each: Black leads by the komi.
        let lead = p.white_lead_halves(|l, _| u32::from(l == 'R'));
        assert_eq!(lead, -3);
        // A soldier against nothing: 2 points beat 1.5.
        let lead = p.white_lead_halves(|l, c| u32::from(l == 'P' && c == 0));
        assert_eq!(lead, 1);
    }
}
