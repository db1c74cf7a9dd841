//! Parley's Diplomacy engine: maps, orders, rulebooks and the adjudicator.
//!
//! The pieces, in the order an order travels through them:
//! - [`variant`]: a variant is a [`map::Map`] plus its powers, [`phase::Calendar`] and rulebook;
//!   built-in variants are embedded from `maps/<id>/`.
//! - [`parse`]: turns what a player typed into an [`order::Order`].
//! - [`judge`]: checks orders against a [`position::Position`] and adjudicates a phase.
//! - [`legal`]: every legal order for a unit or power, for random play and autocomplete.
//! - [`rulebook`]: the named rule choices ([`rulebook::Options`], edition presets) and the
//!   [`rulebook::VariantRules`] extension points every variant plugs into.
//! - [`variants`]: each built-in variant's data and its rulebook (Davis, Maharajah, ...).
//! - [`vote`]: orders decided by the other players' vote (Pirates of the Caribbean's Pirates).
//! - [`case`]: positions and orders as DATC-shaped JSON, the format of `parley adjudicate`.
//! - `store` (feature `store`, off by default): games persisted to SQLite, the service every
//!   front end calls; the only part of the engine that does I/O.

pub mod case;
pub mod judge;
pub mod legal;
pub mod map;
pub mod order;
pub mod parse;
pub mod phase;
pub mod position;
pub mod rulebook;
pub mod settled;
#[cfg(feature = "store")]
pub mod store;
pub mod unit;
pub mod variant;
pub mod variants;
pub mod vote;

pub use judge::{adjudicate, check_submission, Adjudication, OrderResult, Submitted, Verdict};
pub use variant::Variant;
