-- PostgreSQL twin of ../sqlite/0002_moderation.sql.

DROP INDEX games_channel;
CREATE UNIQUE INDEX games_channel_active ON games (channel_id)
    WHERE channel_id IS NOT NULL AND status <> 'finished';

ALTER TABLE games ADD COLUMN nmr_waited_seq BIGINT;
ALTER TABLE games ADD COLUMN reminded_seq BIGINT;

ALTER TABLE votes ADD COLUMN target TEXT;

CREATE TABLE servers (
    guild_id        TEXT PRIMARY KEY,
    moderator_role  TEXT
);
