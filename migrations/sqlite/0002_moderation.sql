-- Moderation, NMR waits, reminders and concessions (issue #3 and the bot).

-- A channel may host a new game once its last one has finished.
DROP INDEX games_channel;
CREATE UNIQUE INDEX games_channel_active ON games (channel_id)
    WHERE channel_id IS NOT NULL AND status <> 'finished';

-- The phase that has had its one NMR wait (settings.nmr = wait-once).
ALTER TABLE games ADD COLUMN nmr_waited_seq INTEGER;
-- The phase whose deadline reminder has been sent, so a restart does not send it twice.
ALTER TABLE games ADD COLUMN reminded_seq INTEGER;

-- A concession vote names the power the game is conceded to.
ALTER TABLE votes ADD COLUMN target TEXT;

-- Per-server settings: a role (besides Manage Server) allowed to use moderator commands.
CREATE TABLE servers (
    guild_id        TEXT PRIMARY KEY,
    moderator_role  TEXT
);
