//! The rules a game is played by: its variant, the game's ruleset and the rulebook built for
//! that ruleset, in one value the judge, the legal-order lists and the vote receive.
//!
//! A [`Rules`] reads as its [`Variant`] (it dereferences to it), so `rules.map` and
//! `rules.powers` work as on the variant itself; what depends on the game's choices (the
//! options, the variant's own options, the rulebook's hooks) is asked of the `Rules`.

use crate::map::MapError;
use crate::parse::Grammar;
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
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rules")
            .field("variant", &self.variant.id)
            .field("ruleset", &self.ruleset)
            .field("book", &self.book)
            .finish()
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
        Ok(Rules {
            variant,
            ruleset,
            book,
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
            .find(|&p| position.centres_of(p).count() >= self.victory_centers)
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
            special_verbs: self.book.special_verbs(),
        }
    }

    /// How many units this power's centres support in this position.
    pub fn supply(&self, position: &Position, power: PowerId) -> usize {
        self.book.supply(&self.context(position), power)
    }
}
