//! The results post's lines about civil disorder: who fell into it in a phase, with a ping to
//! the server's substitute role (also used when a player gives up a seat).

use engine::store::{GameError, GameId, Games};
use engine::Variant;

/// The results post's lines about phase `seq`: powers that fell into civil disorder there,
/// with a ping to the server's substitute role.
pub async fn results_lines(games: &Games, id: GameId, seq: i64) -> Result<String, GameError> {
    let fell: Vec<_> = games
        .departures(id)
        .await?
        .into_iter()
        .filter(|d| d.seq == seq && d.reason == "civil-disorder")
        .collect();
    if fell.is_empty() {
        return Ok(String::new());
    }
    let info = games.info(id).await?;
    let v = Variant::builtin(&info.variant).ok();
    let n = info.settings.community.civil_disorder_after.unwrap_or(0);
    let mut text = String::new();
    for d in &fell {
        let name = v
            .as_ref()
            .map_or(d.power.clone(), |v| v.display_of(&d.power).to_string());
        let who = (!info.settings.anonymous).then_some(d.user.as_str());
        text += &civil_disorder_line(&name, who, n);
    }
    if let Some(g) = &info.guild {
        text += &substitute_ping(games, g).await?;
    }
    Ok(text)
}

/// The results post's line for a power that fell into civil disorder after `missed` movement
/// phases; `player` is the user who held it, named unless the game is anonymous (`None`).
fn civil_disorder_line(power: &str, player: Option<&str>, missed: i64) -> String {
    let who = player.map_or("its player".to_string(), |u| format!("<@{u}>"));
    format!(
        "\n**{power} falls into civil disorder**: {who} missed {missed} movement phases in a row. Its units hold; the seat is open (`/game seats`, `/game claim power:{power}`)."
    )
}

/// The words asking the server's substitute role, if it has one, for a substitute.
pub async fn substitute_ping(games: &Games, guild: &str) -> Result<String, GameError> {
    Ok(games
        .substitute_role(guild)
        .await?
        .map(|r| format!(" <@&{r}>, a substitute is wanted."))
        .unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::civil_disorder_line;

    #[test]
    fn an_anonymous_games_civil_disorder_names_no_player() {
        let named = civil_disorder_line("Italy", Some("42"), 2);
        assert!(named.contains("<@42> missed 2 movement phases"), "{named}");
        let anonymous = civil_disorder_line("Italy", None, 2);
        assert!(!anonymous.contains("<@"), "{anonymous}");
        assert!(anonymous.contains("**Italy falls into civil disorder**: its player missed 2"));
    }
}
