//! The engine behind the front ends. [`Session`] is what a protocol drives: the game
//! and its history, the options, the search state and the search's life cycle, with
//! typed errors ([`SessionError`]). [`Game`] is a position of whichever bitboard
//! instance the variant's board needs ([`game`] is the one place that chooses it).
//! `docs/protocols.md` describes the session and how a front end uses it.
//!
//! - [`game`]: `Game`, the board-size dispatch, `on_board` for rules-level work;
//! - [`session`]: the session; [`options`]: the option table; [`history`]: the game's
//!   moves; [`runner`]: the search thread; [`search_state`]: what the search keeps
//!   between moves; [`error`]: the session's errors;
//! - [`eval_report`], [`setup`], [`variant_file`], [`bench`]: evaluation views, start
//!   positions, user variant files, the bench signature;
//! - [`fog_play`]: hands a hidden-information game's observation history, and nothing
//!   else of it, to the honest player.

pub mod bench;
pub mod error;
pub mod eval_report;
pub mod fog_play;
pub mod game;
pub mod history;
pub mod options;
pub mod runner;
pub mod search_state;
pub mod session;
pub mod setup;
pub mod variant_file;

pub use error::{clip, clip_long, SessionError};
pub use eval_report::{check_eval_file, check_network, EvalReport};
pub use game::{on_board, Game, OnBoard};
pub use runner::{Listener, Status, Task, TaskKind};
pub use session::{Applied, Session};
pub use setup::start_fen;
