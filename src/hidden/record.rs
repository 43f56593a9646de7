//! One side's observation history: everything a player of a hidden-information game
//! knows about the game so far, as plain data. It starts with the observation of the
//! first position, then holds one step per half-move: the side's own move (it knows
//! what it played) or an unseen opponent half-move, and the observation that followed
//! (with the events it was told). The referee (`view::record`) writes it from the true
//! game; the belief and the planner read nothing else (rule book §3.1).

use super::observation::Observation;
use crate::variant::Color;

/// One half-move as the observer knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The observer's own move in UCI notation, or `None` for an opponent half-move
    /// (the observer is not told what it was).
    pub own_move: Option<String>,
    /// What the observer saw after the half-move.
    pub seen: Observation,
}

/// What one side has observed since the game's first position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationHistory {
    /// The observer.
    pub viewer: Color,
    /// The observation of the first position.
    pub first: Observation,
    pub steps: Vec<Step>,
}

impl ObservationHistory {
    /// The latest observation.
    pub fn last(&self) -> &Observation {
        self.steps.last().map_or(&self.first, |s| &s.seen)
    }

    /// Whether `self` is `other` cut after some step (or `other` itself).
    pub fn is_prefix_of(&self, other: &ObservationHistory) -> bool {
        self.viewer == other.viewer
            && self.first == other.first
            && self.steps.len() <= other.steps.len()
            && other.steps[..self.steps.len()] == self.steps[..]
    }
}
