//! Atlantica II's board as players see it: its centres, the adjacencies its rules state or
//! forbid, the starting units and gift centres, the frozen spaces and the Atlantis areas.

use engine::variant::Variant;

#[test]
fn the_board_loads() {
    let rules = Variant::builtin("atlantica").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rules.variant.id, "atlantica");
}
