//! The game so far as one animated GIF: every phase's map, the same picture the bot posts for
//! it, in the order the phases were played. Used by `/game map animate:true` and by
//! `parley render-history`.

use engine::store::{GameError, GameId, Games, PhaseView};

/// How the animation is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistoryOptions {
    /// Frame width in pixels; the maps are scaled down to it (never up), keeping their shape.
    pub width: u32,
    /// How long each phase is shown, in hundredths of a second.
    pub delay: u16,
    /// How long the last phase is held before the loop starts again.
    pub last_delay: u16,
}

impl Default for HistoryOptions {
    /// 800 pixels wide: labels still readable, and a 20-year game stays well under Discord's
    /// 10 MB attachment limit (see ARCHITECTURE.md for the measured sizes). A second and a
    /// half per phase is time to follow the arrows; the end is held for five.
    fn default() -> Self {
        HistoryOptions {
            width: 800,
            delay: 150,
            last_delay: 500,
        }
    }
}

/// The animation and what it shows.
#[derive(Debug)]
pub struct History {
    /// The GIF file.
    pub gif: Vec<u8>,
    /// One frame per phase.
    pub frames: usize,
    /// The name of the last phase shown (the current one).
    pub last_phase: String,
}

/// Reads the game's phases and draws them as one animation, off the async threads. A game
/// with no phase yet, or whose variant has no map art, is refused saying so.
pub async fn render_history(
    games: &Games,
    game: GameId,
    options: HistoryOptions,
) -> Result<History, GameError> {
    // A game that is not there is told apart from one not started yet.
    games.info(game).await?;
    let phases = games.history(game).await?;
    tokio::task::spawn_blocking(move || animate(&phases, options))
        .await
        .map_err(|e| GameError::Refused(format!("drawing the history failed: {e}")))?
        .map_err(GameError::Refused)
}

/// Draws the phases as one animation: one frame per phase, each shown for
/// `options.delay`, the last for `options.last_delay`.
pub fn animate(phases: &[PhaseView], options: HistoryOptions) -> Result<History, String> {
    let Some(last) = phases.last() else {
        return Err("the game has not started, so it has no history to draw yet".into());
    };
    if options.width == 0 {
        return Err("the animation's width must be at least 1 pixel".into());
    }
    let mut animation: Option<render::encode::Animation> = None;
    for (i, phase) in phases.iter().enumerate() {
        let v = &phase.variant;
        let art = crate::picture::drawn_art(&v.id)?;
        let scene = crate::picture::phase_scene(
            v,
            &phase.position,
            phase.record.as_ref(),
            &phase.retreats,
            render::Palette::Default,
        );
        let full = render::render_pixmap(art, &scene)
            .map_err(|e| format!("drawing {} failed: {e}", phase.name))?;
        let frame = if options.width < full.width() {
            render::encode::scaled(&full, options.width).map_err(|e| e.to_string())?
        } else {
            full
        };
        let anim = match &mut animation {
            Some(a) => a,
            None => animation.insert(
                render::encode::Animation::new(frame.width(), frame.height())
                    .map_err(|e| e.to_string())?,
            ),
        };
        let delay = if i + 1 == phases.len() {
            options.last_delay
        } else {
            options.delay
        };
        anim.add(&frame, delay).map_err(|e| e.to_string())?;
    }
    let animation = animation.expect("at least one phase was drawn");
    let frames = animation.frames();
    Ok(History {
        gif: animation.finish().map_err(|e| e.to_string())?,
        frames,
        last_phase: last.name.clone(),
    })
}
