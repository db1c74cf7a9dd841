//! Pirates of the Caribbean's three kinds of power (rule 3: colonial, privateer, mercenary), read
//! from `kind=` in `variant.toml`; shared by the rulebook and the setup phase.

use crate::unit::PowerId;
use crate::variant::Variant;

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
