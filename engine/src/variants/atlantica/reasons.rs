//! Atlantica II's own reasons (the Fast Ferry, Lost Atlantis, the frozen regions, the
//! high-seas fleets, the retreat lists), typed, and every one of them in a player's words.

use crate::judge::Cause;
use crate::reason::{RuleReason, Said, Subject};

crate::rule_reasons! {
    /// Why one of Atlantica II's own rules refuses or fails an order, or what it did.
    pub enum AtlanticaReason for "atlantica", worded by words {
        /// Rule 7.
        FastFerry = "fast-ferry",
        /// Rule 6, searches: about the player's words.
        SearchNeedsArea = "search-needs-area",
        SearchNeedsUnit = "search-needs-unit",
        /// About the unit.
        SearchByFleet = "search-by-fleet",
        SearchIsMove = "search-is-move",
        SearchNotYet = "search-not-yet",
        /// About the area Atlantis was found in.
        AtlantisFound = "atlantis-found",
        /// About the area's number.
        NoSuchArea = "no-such-area",
        /// About the searching fleet's province, then the area's number.
        SearchNotBeside = "search-not-beside",
        NoAtlantisDrawn = "no-atlantis-drawn",
        /// About the area.
        FoundAtlantis = "found-atlantis",
        /// About the area, then how many fleets searched it.
        FindersStoodOff = "finders-stood-off",
        /// About the area's number.
        SearchAttacked = "search-attacked",
        /// About the area's number.
        NothingFound = "nothing-found",
        /// About the area entered, then where Atlantis was found.
        AreaGone = "area-gone",
        /// About the area entered, then its number.
        AreaNotFound = "area-not-found",
        /// Rule 12: about the unit frozen in.
        FrozenIn = "frozen-in",
        KareliaNorway = "karelia-norway",
        /// About the frozen place.
        FrozenForFleets = "frozen-for-fleets",
        /// Rule 5: about the power, then its first placement as ordered.
        OnePlacement = "one-placement",
        PlacementNeedsUnit = "placement-needs-unit",
        PlacementNotNow = "placement-not-now",
        /// About the unit.
        PlacementNotFleet = "placement-not-fleet",
        /// About the unit, then the player's words after the order.
        PlacementWordsAfter = "placement-words-after",
        /// About the space.
        PlacementNotSea = "placement-not-sea",
        /// About the space.
        PlacementForbidden = "placement-forbidden",
        /// About the space, the homeland province it touches, and the power.
        PlacementTouchesHome = "placement-touches-home",
        /// About the space, then the unit standing there.
        PlacementTaken = "placement-taken",
        /// About the power, then where its first placement was.
        OnlyOnePlaced = "only-one-placed",
        /// About the space, then the unit that moved in.
        MovedInThisMonth = "moved-in-this-month",
        /// About the space, then each power that lost the toss.
        WonToss = "won-toss",
        /// About the space, then the power that won the toss.
        LostToss = "lost-toss",
        FleetLost = "fleet-lost",
        /// About the space the fleet was placed in.
        PlacedInstead = "placed-instead",
        /// Rule 9: about the unit.
        ListWithMoves = "list-with-moves",
        /// About the unit, then the place.
        ListNeverReachable = "list-never-reachable",
        ListNoUnit = "list-no-unit",
        /// About the unit.
        ListNotNeeded = "list-not-needed",
        /// About the unit.
        ListNoneOpen = "list-none-open",
        /// About the unit, then each place it may retreat to.
        MayStillRetreat = "may-still-retreat",
        ListNeedsDislodged = "list-needs-dislodged",
        /// About the player's word after `if`.
        ListNotUnderstood = "list-not-understood",
        /// About the player's word.
        ListNotProvince = "list-not-province",
        /// About the player's word, then the province.
        ListNotCoast = "list-not-coast",
        /// About the province.
        ListTwice = "list-twice",
        ListEmpty = "list-empty",
    }
}

/// The reason as a cause.
pub(super) fn refuse<const N: usize>(reason: AtlanticaReason, about: [Subject; N]) -> Cause {
    Cause::Rule(RuleReason::new(reason, about))
}

const LIST_EXAMPLE: &str =
    "write it as `A par if dislodged bur gas`: the places to retreat to, best first";

fn words(reason: AtlanticaReason, s: &Said) -> String {
    use AtlanticaReason::*;
    match reason {
        FastFerry => "a convoy crosses one sea space only (the Fast Ferry, rule 7); to carry an \
                      army further, board it on a fleet, such as \"A lon boards F nth\""
            .into(),
        SearchNeedsArea => format!(
            "say which area to search, 1 to 6, such as \"F nao search 3\" or \"F nao searching \
             for Atlantis in Area 3\" (got \"{}\")",
            s.quote(0)
        ),
        SearchNeedsUnit => "a search is made by a fleet".into(),
        SearchByFleet => format!("only a fleet may search for Atlantis, not an {}", s.kind(0)),
        SearchIsMove => "a search is a move order".into(),
        SearchNotYet => "the first search may be ordered in February 1870: January 1870's orders \
                         are for placing the high-seas fleets and moving the others (rule 6b)"
            .into(),
        AtlantisFound => format!(
            "Atlantis has been found ({}); there are no more searches (rule 6d)",
            s.province(0)
        ),
        NoSuchArea => format!("this map has no Area {}", s.number(0)),
        SearchNotBeside => format!(
            "{} may not search Area {}: a search is made from a sea space next to the area",
            s.province(0),
            s.number(1)
        ),
        NoAtlantisDrawn => "this game has no Atlantis drawn (its hidden draw atlantis-area is \
                            missing), so no search can be judged"
            .into(),
        FoundAtlantis => format!(
            "found Atlantis in {} and took possession of it",
            s.province(0)
        ),
        FindersStoodOff => format!(
            "Atlantis is found in {}, but {} fleets searched it and stood each other off",
            s.province(0),
            s.number(1)
        ),
        SearchAttacked => format!(
            "was attacked and turned to face its attacker, so did not search Area {}",
            s.number(0)
        ),
        NothingFound => format!("searched Area {}: nothing found", s.number(0)),
        AreaGone => format!(
            "{} ceased to exist when Atlantis was found in {} (rule 6d)",
            s.province(0),
            s.province(1)
        ),
        AreaNotFound => format!(
            "nobody may enter {} before Atlantis is found; a fleet next to it may search it \
             instead (\"F nao search {}\", rule 6b)",
            s.province(0),
            s.number(1)
        ),
        FrozenIn => format!(
            "{} is frozen in from January to April: it may not move or support (rule 12b)",
            s.unit(0)
        ),
        KareliaNorway => "from January to April a fleet in Karelia lies on its south coast: \
                          there is no way between Karelia and Norway by sea (rule 12d)"
            .into(),
        FrozenForFleets => format!(
            "{} is frozen for fleets from January to April: no fleet may move or support into \
             it (rule 12c)",
            s.place_name(0)
        ),
        OnePlacement => format!(
            "{} places one high-seas fleet only (rule 5a) and has already ordered `{}`; to \
             place it elsewhere, start again with `/orders clear`",
            s.power(0),
            s.quote(1)
        ),
        PlacementNeedsUnit => "say which fleet to place: \"F nao place\"".into(),
        PlacementNotNow => {
            "the high-seas fleets are placed only with the January 1870 orders (rule 5c)".into()
        }
        PlacementNotFleet => format!(
            "the high-seas unit is a fleet, not an {}: write \"F {} place\"",
            s.kind(0),
            s.province_id(0)
        ),
        PlacementWordsAfter => format!(
            "a placement says only where: \"F {} place\" (got \"{}\" after it)",
            s.province_id(0),
            s.quote(1)
        ),
        PlacementNotSea => format!(
            "{} is not a sea space or a canal box; a high-seas fleet is placed at sea (rule 5b)",
            s.province(0)
        ),
        PlacementForbidden => format!(
            "no fleet may be placed in {} (rule 5b2: the Azores, Helgoland Bight, Lake Ontario, \
             Long Island Sound, Myrtle Beach, the North Sea and the Skagerrak)",
            s.province(0)
        ),
        PlacementTouchesHome => format!(
            "{} touches {}, part of {}'s homeland (rule 5b1)",
            s.province(0),
            s.province(1),
            s.power(2)
        ),
        PlacementTaken => format!(
            "{} is taken: {} {} stands there",
            s.province(0),
            s.power(1),
            s.letter(1)
        ),
        OnlyOnePlaced => format!(
            "{} places one high-seas fleet only, and placed it in {} (rule 5a)",
            s.power(0),
            s.province(1)
        ),
        MovedInThisMonth => format!(
            "{} {} moved into {} this month",
            s.power(1),
            s.letter(1),
            s.province(0)
        ),
        WonToss => format!(
            "won the coin toss for {} against {}",
            s.province(0),
            (1..s.len())
                .map(|i| s.power(i))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        LostToss => format!("lost the coin toss for {} to {}", s.province(0), s.power(1)),
        FleetLost => {
            "no free sea space next to it where it could be placed, so the fleet is lost".into()
        }
        PlacedInstead => format!("placed in {} instead", s.province(0)),
        ListWithMoves => format!(
            "a retreat list is written with the moves (rule 9a); in a retreat phase order the \
             retreat itself, such as `{} R <province>`",
            s.unit(0)
        ),
        ListNeverReachable => format!(
            "{} could never retreat to {}: it is not a place the unit can move to",
            s.unit(0),
            s.location(1)
        ),
        ListNoUnit => "the list names no unit".into(),
        ListNotNeeded => format!("not needed: {} was not dislodged", s.unit(0)),
        ListNoneOpen => format!(
            "none of the places listed was open for {}; it retreats in the retreat phase (by \
             the right-hand rule unless ordered)",
            s.unit(0)
        ),
        MayStillRetreat => format!(
            "{} may still retreat ({}), and no unit is disbanded while it can retreat (rule \
             9c); order a retreat, or give no order and the right-hand rule moves it",
            s.unit(0),
            (1..s.len())
                .map(|i| s.location(i))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ListNeedsDislodged => {
            format!("a retreat list needs `dislodged` and places; {LIST_EXAMPLE}")
        }
        ListNotUnderstood => format!("'if {}' is not understood; {LIST_EXAMPLE}", s.quote(0)),
        ListNotProvince => format!("'{}' is not a province; {LIST_EXAMPLE}", s.quote(0)),
        ListNotCoast => format!("'{}' is not a coast of {}", s.quote(0), s.province_id(1)),
        ListTwice => format!("{} is listed twice", s.province_id(0)),
        ListEmpty => format!("the retreat list names no place; {LIST_EXAMPLE}"),
    }
}
