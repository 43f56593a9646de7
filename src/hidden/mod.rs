//! Games of hidden information (`docs/hidden-information.md`; rule book
//! `../shared/RULES-HIDDEN.md`).
//!
//! Two sides of one boundary:
//! - [`observation`]: what one side knows after a half-move, as a value that holds no
//!   reference to the true position (the board with unseen squares, the public fields,
//!   its own castling rights, the events it was told), with the observation FEN of the
//!   rule book (§2.3) to write and read it. A player for these games is to depend on
//!   this module alone.
//! - [`view`]: the referee's side: computes a side's [`Observation`] from the true
//!   position by the variant's fog rule (`parts::vision`). Only the referee (the
//!   engine's session and `d`) calls it.

pub mod observation;
pub mod view;

pub use observation::{Cell, Event, Observation, ObservationError};
