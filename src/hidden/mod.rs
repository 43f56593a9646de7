//! Games of hidden information (`docs/hidden-information.md`; rule book
//! `../shared/RULES-HIDDEN.md`).
//!
//! Two sides of one boundary:
//! - the player's side, which depends on observations alone: [`observation`] (what one
//!   side knows after a half-move, as a value that holds no reference to the true
//!   position, with the rule book's observation FEN, §2.3), [`record`] (one side's
//!   observation history), [`belief`] (the positions consistent with a history) and
//!   [`planner`] (the move chosen over sampled worlds of the belief, with
//!   [`king_guard`]'s exact count of the king's exposure; [`bomb_plan`] where
//!   only the other side's secret bomb is hidden, with [`designation`] choosing our own; [`setup_plan`] during a hidden
//!   set-up);
//! - [`view`]: the referee's side, the only code that looks at the true game: it writes
//!   a side's observations of it (the engine's session and `d` call it).
//!
//! [`input`] reads observation mode's input (rule book §3.2) into the same history the
//! referee writes ([`replay_input`] where every move but a bomb's designation is seen), so the player cannot tell the two modes apart.
//!
//! [`sight`] is what a side sees of *a* position by the variant's fog rule
//! (`parts::vision`): the referee applies it to the true position, the belief to the
//! worlds it imagines. Neither [`belief`] nor [`planner`] imports [`view`] or the
//! engine (a test reads their sources to keep it so).

pub mod belief;
pub mod bomb_plan;
pub mod designation;
pub mod input;
pub mod king_guard;
pub mod observation;
pub mod planner;
pub mod record;
pub mod replay_input;
pub mod setup_input;
pub mod setup_plan;
pub mod sight;
pub mod view;

pub use observation::{Cell, Event, Observation, ObservationError};
pub use record::{ObservationHistory, Step};
