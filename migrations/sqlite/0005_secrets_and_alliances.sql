-- Secret draws and declared alliances (Atlantica II: Lost Atlantis's area, and the two-power
-- alliance victory; both generic, declared by a variant's registry entry and variant.toml).

-- The game's secret draws as JSON ({"atlantis-area": 3}), drawn from the game's seed when it
-- is created. Kept apart from the rulebook column, which every export copies as it is.
ALTER TABLE games ADD COLUMN hidden TEXT;

-- Alliances two powers declare for an alliance victory. A row is a proposal until the other
-- power accepts it, and a declared alliance until either withdraws; ended rows are kept.
CREATE TABLE alliances (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    proposer TEXT NOT NULL,
    partner TEXT NOT NULL,
    proposed_at INTEGER NOT NULL,
    accepted_at INTEGER,
    ended_at INTEGER,
    CHECK (proposer <> partner)
);
CREATE INDEX alliances_open ON alliances (game_id) WHERE ended_at IS NULL;
