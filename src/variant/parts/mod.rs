//! The rule parts of the compiled rules. Every rule that varies between games is a
//! typed value owned by one module here, compiled from the [`Variant`](super::Variant)
//! by [`Rules::new`](super::rules::Rules::new):
//! - [`royalty`]: which kind, if any, a side may not leave attacked;
//! - [`capture`]: what a capture removes (replacement, explosion, custodian) and which
//!   captures are allowed at all;
//! - [`filters`]: legality beyond "own royal not attacked" (compulsory capture, no
//!   moves that give check, royals that may not face each other);
//! - [`turn`]: what a turn is (one move);
//! - [`end`]: the conditions that end a game from the position (and the capture that
//!   led to it);
//! - [`modes`]: pieces whose movement depends on the position;
//! - [`no_move`]: what having no legal move means beyond mate and stalemate;
//! - [`counting`]: Makruk's counting rules (a draw after a counted number of moves);
//! - [`verdicts`]: the cache of the lookahead end rules' answers, keyed by the
//!   position;
//! - [`vision`]: what each side sees in a game of hidden information (read only by
//!   `hidden::view`, never by move generation or search).
//!
//! [`plan`] derives from them, once, which move generator is exact for the variant and
//! whether static exchanges hold, by exhaustive `match`es: a new arm in any part makes
//! the compiler point at the places that must decide about it (see
//! docs/board-and-variants.md, "Rule parts").

pub mod capture;
pub mod counting;
pub mod end;
pub mod filters;
pub mod lines;
pub mod modes;
pub mod no_move;
pub mod plan;
pub mod royalty;
pub mod turn;
pub mod verdicts;
pub mod vision;

pub use capture::{BlastRules, CapturePermissions, CaptureRule};
pub use counting::Counting;
pub use end::{EndCondition, EndConditions, GoalSquares};
pub use filters::{MoveFilter, MoveFilters, PseudoRoyals};
pub use modes::{PieceMode, PieceModes, NO_DONOR};
pub use no_move::NoMoveRule;
pub use plan::{ExchangeRule, GeneratorPlan, ListRule, NoRoyal, WithRoyal};
pub use royalty::Royalty;
pub use turn::TurnRule;
pub use vision::VisionRules;
