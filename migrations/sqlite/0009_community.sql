-- A server's community of games (issue #29): reliability, civil disorder and substitutes, and
-- the server's own choices (substitute role, scoring system).

-- One row per power that had units in a movement phase, written inside that phase's
-- adjudication: who held the power then (NULL: nobody) and whether it was ordered. The key
-- makes the record exactly once per phase, whichever process adjudicates.
CREATE TABLE attendance (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    power TEXT NOT NULL,
    user_id TEXT,
    ordered INTEGER NOT NULL CHECK (ordered IN (0, 1)),
    PRIMARY KEY (game_id, seq, power)
);
CREATE INDEX attendance_user ON attendance (user_id);

-- A player who stopped holding a power before the game ended: fell into civil disorder after
-- missed movement phases, or gave the seat up. `claimed_by` is the substitute who took it.
CREATE TABLE departures (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    power TEXT NOT NULL,
    user_id TEXT NOT NULL,
    reason TEXT NOT NULL CHECK (reason IN ('civil-disorder', 'left')),
    at INTEGER NOT NULL,
    claimed_by TEXT,
    claimed_at INTEGER
);
CREATE INDEX departures_game ON departures (game_id, seq);
CREATE INDEX departures_user ON departures (user_id);

-- Per-server choices of the community features, apart from `servers` (moderation).
CREATE TABLE community_servers (
    guild_id TEXT PRIMARY KEY,
    substitute_role TEXT,
    scoring TEXT
);
