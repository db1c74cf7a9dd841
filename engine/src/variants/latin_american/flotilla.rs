//! The river flotilla (rule 6): the unit kind `R`, which moves by the map's `river` class
//! (declared in `maps/latin-american/variant.toml`: along rivers, over seas, oceans, lakes and
//! islands), and the limits rule 6 puts on its strength and its supports.

use crate::unit::{MoveClass, UnitKind, UnitKindDecl};

/// The flotilla's way of moving, by name: what it is (its banks, where it may stand, that it
/// follows the fleets' waters) is the map's data.
pub static RIVER: MoveClass = MoveClass { name: "river" };

/// Rule 6: "The River Flotilla (R)".
pub static RIVER_FLOTILLA: UnitKindDecl = UnitKindDecl {
    letter: "R",
    name: "river flotilla",
    aliases: &["flotilla", "rf"],
    class: &RIVER,
    convoyed: false,
    convoys: false,
};

/// The flotilla kind.
pub const FLOTILLA: UnitKind = UnitKind(&RIVER_FLOTILLA);

/// Latin American Diplomacy's unit kinds: army, fleet and river flotilla.
pub const KINDS: &[UnitKind] = &[UnitKind::ARMY, UnitKind::FLEET, FLOTILLA];
