-- Pirates of the Caribbean: the surviving powers' secret ballots for the orders of the power
-- nobody plays. One ballot per voter per unit (or build site) per phase; a voter may change it
-- until the phase is adjudicated. Only the tallies are ever shown; the ballots stay for
-- export.
CREATE TABLE ballots (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    voter TEXT NOT NULL,
    -- The id of the province the ballot is about: the unit's, or the build site's.
    subject TEXT NOT NULL,
    order_text TEXT NOT NULL,
    user_id TEXT NOT NULL,
    cast_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, voter, subject)
);
