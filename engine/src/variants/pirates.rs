//! Pirates of the Caribbean's rulebook (Steph Mabie, lc03): three kinds of power, the setup
//! phase, islands, landbridges, rivers, and the Pirates ordered by vote.
//!
//! The board is data in `maps/pirates/`: island spaces by terrain, the four big islands by
//! `tags=big-island`, landbridges and rivers by border kind, river fleets by
//! `tags=river-convoy`, each power's kind by `kind=` in `variant.toml`. This file holds only
//! the rules, and names no province. Rule numbers are those of the rules text.

use crate::judge::{Adjudication, Submitted};
use crate::map::ProvinceId;
use crate::order::Order;
use crate::position::Position;
use crate::rulebook::{Controller, VariantRules};
use crate::unit::{PowerId, UnitKind};
use crate::variant::Variant;

#[derive(Debug, Default)]
pub struct PiratesRules;

/// Rule 3's three kinds of power, from `kind=` in `variant.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PowerKind {
    /// Denmark, England, France, Holland, Spain: build in home centres.
    Colonial,
    /// Buccaneers, Corsairs: build in any owned, empty centre.
    Privateer,
    /// The Pirates: nobody's; fleets only, ordered by vote.
    Mercenary,
}

pub(crate) fn power_kind(variant: &Variant, power: PowerId) -> PowerKind {
    match variant.powers[power.0 as usize].kind.as_str() {
        "privateer" => PowerKind::Privateer,
        "mercenary" => PowerKind::Mercenary,
        _ => PowerKind::Colonial,
    }
}

impl VariantRules for PiratesRules {
    // ---- Rules 4-6: the three kinds of power, their builds, the vote, the setup phase.

    /// The setup's grants and selections (`pirates_setup`).
    fn special_verbs(&self) -> &'static [&'static str] {
        &["grant", "select"]
    }

    /// Rules 3-6: the Fall 1680 setup (`pirates_setup`).
    fn adjudicate_setup(
        &self,
        variant: &Variant,
        position: &Position,
        orders: &[Submitted],
    ) -> Option<Adjudication> {
        Some(super::pirates_setup::adjudicate(variant, position, orders))
    }

    fn setup_orders(&self, variant: &Variant, position: &Position, power: PowerId) -> Vec<Order> {
        super::pirates_setup::legal_orders(variant, position, power)
    }

    /// Rule 6: the Pirates are ordered by the vote of the surviving powers.
    fn controller(&self, variant: &Variant, power: PowerId) -> Controller {
        match power_kind(variant, power) {
            PowerKind::Mercenary => Controller::Vote,
            _ => Controller::Player,
        }
    }

    /// Rules 4-6: colonials in their owned, empty home centres (the default, which includes a
    /// centre granted away and won back); privateers and the Pirates in any owned, empty
    /// centre.
    fn build_sites(
        &self,
        variant: &Variant,
        position: &Position,
        power: PowerId,
    ) -> Vec<ProvinceId> {
        match power_kind(variant, power) {
            PowerKind::Colonial => {
                crate::rulebook::StandardRules.build_sites(variant, position, power)
            }
            PowerKind::Privateer | PowerKind::Mercenary => variant
                .map
                .supply_centers()
                .filter(|&p| position.owners[p.0 as usize] == Some(power) && position.is_empty(p))
                .collect(),
        }
    }

    /// Rule 6: the Pirates build only fleets.
    fn may_build(
        &self,
        variant: &Variant,
        power: PowerId,
        kind: UnitKind,
        _province: ProvinceId,
    ) -> bool {
        power_kind(variant, power) != PowerKind::Mercenary || kind == UnitKind::Fleet
    }

    // ---- Rules 7-9: islands, landbridges, rivers.
}
