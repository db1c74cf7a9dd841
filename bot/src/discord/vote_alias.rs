//! The vote command under each voted power's own name: for every power ruled by vote in a
//! built-in variant, `/<power> vote|votes|clear` is `/vote order|ballots|withdraw` again, for
//! the players who know the ballots by that name. The names come from the variants' data.

use engine::rulebook::Controller;
use engine::Rules;
use engine::Variant;
use std::sync::OnceLock;

/// The bot's other top-level commands: an alias never takes one of their names. (A test in
/// `commands.rs` checks this list against the commands it registers.)
pub const OTHER_COMMANDS: [&str; 9] = [
    "game",
    "orders",
    "vote",
    "alliance",
    "mod",
    "press",
    "sandbox",
    "profile",
    "leaderboard",
];

/// Discord's longest command name.
const NAME_LIMIT: usize = 32;

/// One alias group: its command name and the power it is named after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoteAlias {
    pub name: String,
    pub power: String,
}

/// A power's name as a slash command's: lower case, spaces as hyphens, only letters, digits,
/// `-` and `_`, at most 32 characters (Discord refuses any other). `None` if nothing is left.
pub fn command_name(power: &str) -> Option<String> {
    let name: String = power
        .trim()
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| if c.is_whitespace() { '-' } else { c })
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .take(NAME_LIMIT)
        .collect();
    (!name.is_empty()).then_some(name)
}

/// The aliases of the given variants: one per power ruled by vote, in the variants' order,
/// the first power to claim a name keeping it, none taking another command's name.
pub fn aliases_of<'a>(variants: impl IntoIterator<Item = &'a Rules>) -> Vec<VoteAlias> {
    let mut out: Vec<VoteAlias> = Vec::new();
    for v in variants {
        for p in v.powers_ordered_by(Controller::Vote) {
            let power = v.power_name(p);
            let Some(name) = command_name(power) else {
                tracing::warn!(
                    power,
                    "a power ruled by vote gets no alias: its name has no letter a command can use"
                );
                continue;
            };
            if OTHER_COMMANDS.contains(&name.as_str()) {
                tracing::warn!(
                    power,
                    "a power ruled by vote gets no alias: /{name} is another command"
                );
                continue;
            }
            if !out.iter().any(|a| a.name == name) {
                out.push(VoteAlias {
                    name,
                    power: power.to_string(),
                });
            }
        }
    }
    out
}

/// The aliases of the built-in variants, worked out once.
pub fn builtin() -> &'static [VoteAlias] {
    static ALIASES: OnceLock<Vec<VoteAlias>> = OnceLock::new();
    ALIASES.get_or_init(|| {
        let variants: Vec<_> = engine::variants::BUILTIN
            .iter()
            .filter_map(|id| match Variant::builtin(id) {
                Ok(v) => Some(v),
                Err(e) => {
                    tracing::warn!(
                        variant = id,
                        "no vote aliases for a variant that does not load: {e}"
                    );
                    None
                }
            })
            .collect();
        aliases_of(variants.iter().map(|v| &**v))
    })
}

/// The alias command a power ruled by vote is also voted on with, if it has one.
pub fn alias_for(power: &str) -> Option<&'static str> {
    builtin()
        .iter()
        .find(|a| a.power == power)
        .map(|a| a.name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_names_are_what_discord_accepts() {
        assert_eq!(command_name("Corsairs").as_deref(), Some("corsairs"));
        assert_eq!(
            command_name(" Knights of St. John ").as_deref(),
            Some("knights-of-st-john")
        );
        assert_eq!(command_name("Ōsaka Ronin").as_deref(), Some("ōsaka-ronin"));
        assert_eq!(command_name("?!").as_deref(), None);
        assert_eq!(command_name(&"x".repeat(40)).map(|n| n.len()), Some(32));
    }

    #[test]
    fn every_power_ruled_by_vote_in_a_builtin_variant_has_its_alias() {
        let mut expected = Vec::new();
        for id in engine::variants::BUILTIN {
            let v = Variant::builtin(id).expect("a built-in variant");
            for p in v.powers_ordered_by(Controller::Vote) {
                expected.push(v.power_name(p).to_string());
            }
        }
        assert!(
            !expected.is_empty(),
            "some built-in variant has a power ruled by vote"
        );
        for power in &expected {
            let name = alias_for(power).unwrap_or_else(|| panic!("{power} has no alias"));
            assert_eq!(Some(name.to_string()), command_name(power));
        }
        // Powers that players hold get none.
        let v = Variant::builtin(engine::variants::BUILTIN[0]).expect("a built-in variant");
        for p in v.powers_ordered_by(Controller::Player) {
            assert_eq!(alias_for(v.power_name(p)), None, "{}", v.power_name(p));
        }
    }

    #[test]
    fn a_name_two_variants_share_is_one_alias() {
        let with_vote: Vec<_> = engine::variants::BUILTIN
            .iter()
            .map(|id| Variant::builtin(id).expect("a built-in variant"))
            .filter(|v| !v.powers_ordered_by(Controller::Vote).is_empty())
            .collect();
        let v = &*with_vote[0];
        let once = aliases_of([v]);
        assert_eq!(aliases_of([v, v]), once);
        assert_eq!(once.len(), v.powers_ordered_by(Controller::Vote).len());
    }
}
