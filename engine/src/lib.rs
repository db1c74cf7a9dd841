//! Parley's Diplomacy engine: maps, orders, rulebooks and the adjudicator.
//!
//! The pieces, in the order an order travels through them:
//! - [`variant`]: a variant is a [`map::Map`] plus its powers, [`phase::Calendar`] and default
//!   [`rulebook::Ruleset`]; [`rules::Rules`] is a variant played under one ruleset, with the
//!   rulebook built for it: what the judge receives.
//! - [`parse`]: turns what a player typed into an [`order::Order`].
//! - [`judge`]: checks orders against a [`position::Position`] and adjudicates a phase.
//! - [`legal`]: every legal order for a unit or power, for random play and autocomplete.
//! - [`rulebook`]: the named rule choices ([`rulebook::Options`], edition presets) and the
//!   [`rulebook::VariantRules`] extension points every variant plugs into.
//! - [`variants`]: the registry: one entry per variant owning its data, rulebook, art and
//!   options (Standard, Davis, Maharajah, Pirates, and any registered at run time).
//! - [`vote`]: orders decided by the other players' vote (Pirates of the Caribbean's Pirates).
//! - [`case`]: positions and orders as DATC-shaped JSON, the format of `parley adjudicate`.
//! - `store` (feature `store`, off by default): games persisted to SQLite, the service every
//!   front end calls; the only part of the engine that does I/O.

pub mod case;
pub mod judge;
pub mod legal;
pub mod map;
pub mod order;
pub mod outcome;
pub mod parse;
pub mod phase;
pub mod position;
pub mod reason;
pub mod rulebook;
pub mod rules;
pub mod settled;
#[cfg(feature = "store")]
pub mod store;
pub mod token;
pub mod unit;
pub mod variant;
pub mod variants;
pub mod vote;

pub use judge::{adjudicate, check_submission};
pub use outcome::{Adjudication, OrderResult, Submitted, Verdict};
pub use rules::Rules;
pub use variant::Variant;
