//! The evaluation seen from outside the search: a position's static evaluation term by
//! term (`protean eval`), the parameters in use (`protean params`), which network (if
//! any) replaces them, and the checks that a parameter file or a network fits every
//! variant it names (`EvalFile`, `--eval-file`).

use super::game::{on_board, with_position, Game, OnBoard};
use crate::board::Bitboard;
use crate::eval::nnue::Network;
use crate::eval::{Eval, ParamFile};
use crate::position::Position;
use crate::variant::find_variant;
use crate::variant::rules::Rules;
use std::sync::Arc;

/// A static evaluation, term by term.
#[derive(Clone, Debug)]
pub struct EvalReport {
    /// Where the parameters came from (`generic`, `nets/chess.txt`, a path).
    pub source: String,
    /// The score from the side to move's side, as the search sees it.
    pub score: i32,
    /// White's score.
    pub white: i32,
    pub phase: i32,
    pub full_phase: i32,
    /// Per parameter line (`rank N`, `passed`): White's middlegame and endgame share.
    pub terms: Vec<(String, i32, i32)>,
}

impl Game {
    /// The evaluation parameters the search would use for this game's variant.
    pub fn eval_params(&self, file: Option<&ParamFile>) -> Vec<crate::eval::Pair> {
        with_position!(self, p => Eval::select(p.rules(), file).params().to_vec())
    }

    /// The network a search of this game's variant would use (`loaded` if it names and
    /// fits the variant, none where the loaded `table` names it, else an embedded one),
    /// with its score of the position for the side to move; `None` when the tables
    /// evaluate.
    pub fn network_eval(
        &self,
        loaded: Option<&Network>,
        table: Option<&ParamFile>,
    ) -> Option<(String, usize, i32)> {
        with_position!(self, p => crate::eval::nnue::select(p.rules(), loaded, table)
            .map(|n| (n.source.clone(), n.hidden, n.evaluate(p))))
    }

    /// The static evaluation of the position with `file`'s parameters where it names the
    /// variant, else the embedded or generic ones.
    pub fn static_eval(&self, file: Option<&ParamFile>) -> EvalReport {
        with_position!(self, p => report(p, file))
    }
}

fn report<B: Bitboard>(p: &Position<B>, file: Option<&ParamFile>) -> EvalReport {
    use crate::eval::Evaluator;
    let eval = Eval::select(p.rules(), file);
    let (net, phase) = eval.trace(p);
    let layout = eval.layout();
    let terms = layout
        .entries
        .iter()
        .filter_map(|e| {
            let range = e.offset..e.offset + e.len;
            let (mg, eg) = range.fold((0, 0), |(mg, eg), i| {
                (
                    mg + net[i] * eval.params()[i].mg,
                    eg + net[i] * eval.params()[i].eg,
                )
            });
            let name = match e.kind {
                Some(k) => format!("{} {}", e.section.name(), layout.letters[k]),
                None => e.section.name().to_string(),
            };
            (mg != 0 || eg != 0).then_some((name, mg, eg))
        })
        .collect();
    let score = eval.evaluate(p);
    EvalReport {
        source: eval.source().to_string(),
        score,
        white: if p.side_to_move() == crate::variant::WHITE {
            score
        } else {
            -score
        },
        phase,
        full_phase: eval.full_phase(),
        terms,
    }
}

/// Checks an evaluation parameter file against every variant it names (each must be
/// known and have every parameter the file sets); returns the variants' names.
pub fn check_eval_file(file: &ParamFile) -> Result<Vec<String>, String> {
    struct Fits<'a>(&'a ParamFile);
    impl OnBoard for Fits<'_> {
        type Output = Result<(), String>;
        fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Result<(), String> {
            Eval::from_file(&rules, self.0).map(|_| ())
        }
    }
    let mut names = Vec::new();
    for name in &file.variants {
        let v = find_variant(name).ok_or_else(|| {
            format!(
                "{}: unknown variant '{name}' on the variant line",
                file.source
            )
        })?;
        on_board(&v, Fits(file))??;
        names.push(v.name.clone());
    }
    Ok(names)
}

/// Checks a network against every variant it names (each must be known and fit the
/// network's board, pieces and hands); returns the variants' names.
pub fn check_network(net: &Network) -> Result<Vec<String>, String> {
    struct Fits<'a>(&'a Network);
    impl OnBoard for Fits<'_> {
        type Output = Result<(), String>;
        fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Result<(), String> {
            self.0.fits(&rules)
        }
    }
    let mut names = Vec::new();
    for name in &net.variants {
        let v = find_variant(name)
            .ok_or_else(|| format!("{}: unknown variant '{name}' in the header", net.source))?;
        on_board(&v, Fits(net))??;
        names.push(v.name.clone());
    }
    Ok(names)
}
