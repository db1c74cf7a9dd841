//! The rules a game is played by: its variant, the game's ruleset and the rulebook built for
//! that ruleset, in one value the judge, the legal-order lists and the vote receive.
//!
//! A [`Rules`] reads as its [`Variant`] (it dereferences to it), so `rules.map` and
//! `rules.powers` work as on the variant itself; what depends on the game's choices (the
//! options, the variant's own options, the rulebook's hooks) is asked of the `Rules`.

use crate::map::MapError;
use crate::parse::Grammar;
use crate::phase::{Phase, PhaseKind};
use crate::position::Position;
use crate::rulebook::{
    Controller, Edition, Options, RuleContext, Rulebook, Ruleset, VariantOption, VariantRules,
};
use crate::unit::PowerId;
use crate::variant::Variant;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A variant played under one ruleset.
pub struct Rules {
    pub variant: Arc<Variant>,
    /// The game's choices, with the variant's own options named as the variant lists them.
    pub ruleset: Ruleset,
    /// The variant's rulebook, built for `ruleset`.
    pub book: Box<dyn VariantRules>,
    /// The rulebook's own verbs: its special and its conditional ones, for the parser.
    verbs: Vec<&'static str>,
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The secret draws' values stay out of debug output (logs): only their names show.
        let hidden: Vec<&String> = self.ruleset.hidden.keys().collect();
        f.debug_struct("Rules")
            .field("variant", &self.variant.id)
            .field("edition", &self.ruleset.edition)
            .field("options", &self.ruleset.options)
            .field("variant_options", &self.ruleset.variant_options)
            .field("hidden", &hidden)
            .field("book", &self.book)
            .finish()
    }
}

impl crate::order::OrderNames for Rules {
    fn map(&self) -> &crate::map::Map {
        &self.variant.map
    }

    fn power_name(&self, power: PowerId) -> Option<&str> {
        crate::order::OrderNames::power_name(&*self.variant, power)
    }
}

impl crate::parse::SpecialReader for Rules {
    fn read_special(&self, verb: &str, words: &[String]) -> Option<Vec<crate::order::Term>> {
        self.book.read_special(&self.variant, verb, words)
    }
}

impl Deref for Rules {
    type Target = Variant;
    fn deref(&self) -> &Variant {
        &self.variant
    }
}

impl Rules {
    /// The variant under `ruleset`, with its rulebook made by `rulebook`. A variant option the
    /// variant does not have, or one not yet available set to anything but its default, is
    /// refused by name.
    pub fn new(
        variant: Arc<Variant>,
        mut ruleset: Ruleset,
        rulebook: Rulebook,
    ) -> Result<Rules, String> {
        let listed = variant.variant_options;
        let mut named = std::collections::BTreeMap::new();
        for (name, on) in std::mem::take(&mut ruleset.variant_options) {
            let Some(opt) = listed
                .iter()
                .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
            else {
                let names: Vec<&str> = listed.iter().map(|o| o.name).collect();
                return Err(format!(
                    "{} has no option '{name}'; {}",
                    variant.name,
                    if names.is_empty() {
                        "it has no options".to_string()
                    } else {
                        format!("its options are {}", names.join(", "))
                    }
                ));
            };
            if !opt.available && on != opt.default {
                return Err(format!(
                    "option '{}' of {} ({}) is not yet available",
                    opt.name, variant.name, opt.about
                ));
            }
            named.insert(opt.name.to_string(), on);
        }
        ruleset.variant_options = named;
        let book = rulebook(&variant, &ruleset);
        // So a stored position's tokens can be read back by name (as unit kinds by letter).
        crate::token::declare(book.token_kinds());
        let verbs = book
            .special_verbs()
            .iter()
            .chain(book.conditional_verbs())
            .copied()
            .collect();
        Ok(Rules {
            variant,
            ruleset,
            book,
            verbs,
        })
    }

    /// The rule choices where editions differ.
    pub fn options(&self) -> &Options {
        &self.ruleset.options
    }

    pub fn edition(&self) -> Edition {
        self.ruleset.edition
    }

    /// The variant's own options with their values under this ruleset: (option, on).
    pub fn option_values(&self) -> Vec<(VariantOption, bool)> {
        self.variant
            .variant_options
            .iter()
            .map(|o| {
                (
                    *o,
                    self.ruleset.variant_option(self.variant_options, o.name),
                )
            })
            .collect()
    }

    /// What the rulebook's hooks are told about the game at `position`.
    pub fn context<'a>(&'a self, position: &'a Position) -> RuleContext<'a> {
        RuleContext {
            variant: &self.variant,
            ruleset: &self.ruleset,
            book: &*self.book,
            position,
        }
    }

    /// Checks what only the rulebook can judge of the variant's data: that every starting unit
    /// may stand where `units.txt` puts it. `ufile` names that file in the errors.
    pub fn check_data(&self, ufile: &str) -> Result<(), Vec<MapError>> {
        let start = self.initial_position();
        let ctx = self.context(&start);
        let mut errs = Vec::new();
        for u in &self.map.starting_units {
            let Some(kind) = self.unit_kind_by_letter(&u.kind) else {
                continue;
            };
            if !self.book.can_stand(&ctx, kind, u.location) {
                errs.push(MapError {
                    file: ufile.to_string(),
                    line: u.line,
                    message: format!(
                        "{} cannot stand at {}",
                        kind.with_article(),
                        self.map.location_name(u.location)
                    ),
                });
            }
        }
        if errs.is_empty() {
            Ok(())
        } else {
            Err(errs)
        }
    }

    /// The player-run power that owns at least `victory_centers` centres in this position, if
    /// any. A power ordered by vote cannot win (Pirates: the rules are silent; see
    /// ARCHITECTURE.md).
    pub fn winner(&self, position: &Position) -> Option<PowerId> {
        self.powers_ordered_by(Controller::Player)
            .into_iter()
            .find(|&p| self.supply(position, p) >= self.victory_centers)
    }

    /// Who wins by centres at `after`: a player-run power alone with `victory_centers` (the
    /// largest holding), else, where the variant has an alliance victory, the declared
    /// alliance (two powers) whose centres together reach `alliance_victory_centers` (the
    /// largest total). A lone winner wins over an alliance. The caller passes the declared
    /// alliances only when the phases just adjudicated closed a count
    /// ([`Rules::alliance_count_after`]), and none otherwise.
    /// The powers players hold that are still in the game: with a unit or a centre. A draw
    /// is between these.
    pub fn surviving(&self, position: &Position) -> Vec<PowerId> {
        self.powers_ordered_by(Controller::Player)
            .into_iter()
            .filter(|&p| {
                position.units.iter().any(|u| u.power == p)
                    || position.centres_of(p).next().is_some()
            })
            .collect()
    }

    pub fn victory(&self, after: &Position, alliances: &[(PowerId, PowerId)]) -> Option<Victory> {
        // Centres as the rulebook counts them (Latin American capitals count twice).
        let held = |p: PowerId| self.supply(after, p);
        let players = self.powers_ordered_by(Controller::Player);
        if let Some(p) = players
            .iter()
            .copied()
            .filter(|&p| held(p) >= self.victory_centers)
            .max_by_key(|&p| (held(p), std::cmp::Reverse(p.0)))
        {
            return Some(Victory::Alone {
                power: p,
                centres: held(p),
            });
        }
        let needed = self.alliance_victory_centers?;
        alliances
            .iter()
            .filter(|(a, b)| a != b && players.contains(a) && players.contains(b))
            .map(|&(a, b)| (a, b, held(a) + held(b)))
            .filter(|&(_, _, n)| n >= needed)
            .max_by_key(|&(a, b, n)| (n, std::cmp::Reverse((a.0.min(b.0), a.0.max(b.0)))))
            .map(|(a, b, centres)| Victory::Together {
                powers: if a.0 <= b.0 { [a, b] } else { [b, a] },
                centres,
            })
    }

    /// Whether an alliance may win once `ended` is over and the game is at `next` (rule 2 of
    /// Atlantica II: "at the end of a Fall move or the subsequent build period"): `ended` is a
    /// movement step that counts centres or the retreat after it, and the centres have really
    /// been counted (the game did not go on to that retreat), or `ended` is the adjustment
    /// that follows a counting movement. So an alliance declared in a Spring month wins at the
    /// next count, not at once.
    pub fn alliance_count_after(&self, ended: Phase, next: Phase) -> bool {
        let cal = &self.calendar;
        if ended.setup {
            return false;
        }
        match cal.kind(ended) {
            PhaseKind::Movement | PhaseKind::Retreat => {
                cal.ends_centre_count(ended) && cal.kind(next) != PhaseKind::Retreat
            }
            PhaseKind::Adjustment => cal.steps[..ended.step]
                .iter()
                .rev()
                .find(|s| s.kind == PhaseKind::Movement)
                .is_some_and(|m| m.counts),
            _ => false,
        }
    }

    /// Whether the rulebook says play has made the secret draw `draw` public at `position`
    /// ([`VariantRules::revealed`]).
    pub fn revealed(&self, position: &Position, draw: &str) -> bool {
        self.book.revealed(&self.context(position), draw)
    }

    /// The powers a player holds (`Controller::Player`), or those the others' vote orders.
    pub fn powers_ordered_by(&self, controller: Controller) -> Vec<PowerId> {
        (0..self.powers.len())
            .map(|p| PowerId(p as u8))
            .filter(|&p| self.controller(p) == controller)
            .collect()
    }

    /// Who orders this power: its player, or everyone's vote.
    pub fn controller(&self, p: PowerId) -> Controller {
        self.book.controller(&self.variant, p)
    }

    /// What the order parser needs: the map, the unit kinds, and the rulebook's own verbs.
    pub fn grammar(&self) -> Grammar<'_> {
        Grammar {
            map: &self.map,
            unit_kinds: &self.unit_kinds,
            special_verbs: &self.verbs,
            reader: self,
        }
    }

    /// How many units this power's centres support in this position.
    pub fn supply(&self, position: &Position, power: PowerId) -> usize {
        self.book.supply(&self.context(position), power)
    }
}

/// A win by centres ([`Rules::victory`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Victory {
    /// One power owns the victory number of centres.
    Alone { power: PowerId, centres: usize },
    /// Two powers that declared an alliance own the alliance number together (Atlantica II,
    /// rule 2); the powers in the variant's order.
    Together {
        powers: [PowerId; 2],
        centres: usize,
    },
}

impl Victory {
    /// The winning powers: one, or the two allies.
    pub fn powers(&self) -> Vec<PowerId> {
        match *self {
            Victory::Alone { power, .. } => vec![power],
            Victory::Together { powers, .. } => powers.to_vec(),
        }
    }

    /// The centres the winner owns, or the allies own together.
    pub fn centres(&self) -> usize {
        match *self {
            Victory::Alone { centres, .. } | Victory::Together { centres, .. } => centres,
        }
    }
}
