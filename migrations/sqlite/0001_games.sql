-- Games, their players, and every phase with its position, orders, results and votes.
-- Plain SQL types only (INTEGER, TEXT), so the same schema can be written for PostgreSQL.
-- Positions, settings and results are JSON documents in TEXT columns: the engine owns their shape.

CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    guild_id        TEXT,
    channel_id      TEXT,
    variant         TEXT NOT NULL,
    -- JSON: the rulebook edition and option overrides this game is played under.
    rulebook        TEXT NOT NULL,
    -- JSON: phase lengths or fixed daily deadline, maximum total extension, NMR policy.
    settings        TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('forming', 'running', 'paused', 'finished')),
    seed            INTEGER NOT NULL,
    -- The phase being played: phases.seq of the current phase; NULL while forming.
    current_seq     INTEGER,
    -- Unix seconds; NULL while forming, paused or finished.
    deadline_at     INTEGER,
    -- Seconds of extension granted so far (bounded by settings).
    extended_secs   INTEGER NOT NULL DEFAULT 0,
    -- While paused: seconds that were left before the deadline.
    paused_left     INTEGER,
    -- JSON once finished: how it ended (victory, draw, concession).
    outcome         TEXT,
    created_at      INTEGER NOT NULL
);

-- One game per channel.
CREATE UNIQUE INDEX games_channel ON games (channel_id) WHERE channel_id IS NOT NULL;

CREATE TABLE players (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    user_id     TEXT NOT NULL,
    -- The power held; NULL before the game starts.
    power       TEXT,
    preference  TEXT,
    joined_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE phases (
    game_id         INTEGER NOT NULL REFERENCES games (id),
    seq             INTEGER NOT NULL,
    name            TEXT NOT NULL,
    -- JSON: the position at the start of this phase.
    position        TEXT NOT NULL,
    -- JSON once adjudicated: one result per order, dislodgements, builds and removals.
    results         TEXT,
    adjudicated_at  INTEGER,
    PRIMARY KEY (game_id, seq)
);

-- Every submission is kept; for each unit the latest submission that orders it counts.
CREATE TABLE submissions (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL,
    seq           INTEGER NOT NULL,
    power         TEXT NOT NULL,
    user_id       TEXT NOT NULL,
    -- JSON list of order texts as the player wrote them.
    orders        TEXT NOT NULL,
    submitted_at  INTEGER NOT NULL,
    FOREIGN KEY (game_id, seq) REFERENCES phases (game_id, seq)
);

CREATE TABLE ready (
    game_id   INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    power     TEXT NOT NULL,
    PRIMARY KEY (game_id, seq, power)
);

-- Secret votes: the channel only ever hears the outcome.
CREATE TABLE votes (
    game_id   INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    power     TEXT NOT NULL,
    kind      TEXT NOT NULL CHECK (kind IN ('draw', 'concede')),
    yes       INTEGER NOT NULL,
    cast_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, power, kind)
);

-- What moderators did, for the game channel's audit lines.
CREATE TABLE audit (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL,
    at        INTEGER NOT NULL,
    actor     TEXT NOT NULL,
    action    TEXT NOT NULL,
    detail    TEXT NOT NULL
);
