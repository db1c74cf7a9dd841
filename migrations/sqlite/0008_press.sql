-- Press between powers (issue 28): the private threads of a game's channel that the bot opens
-- for a set of powers, and what it has done on Discord for each, so that a restart neither
-- loses nor doubles a thread or a member.

-- One conversation per set of powers of a game. The row is written before Discord is asked to
-- make the thread (`thread_id` NULL until it answers); a process that dies in between finds
-- the thread again by its name among the channel's threads instead of making a second one.
-- `locked` and `archived` are what Discord has; `settled` is set once the game is over and
-- the thread locked for good. A process doing Discord work on a row claims it for a lease
-- (`claimed_by`, `claimed_until`), as games are claimed; `retry_at` and `problem` hold a
-- refusal from Discord (a missing permission) until it is tried again.
CREATE TABLE press_threads (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    powers TEXT NOT NULL,
    name TEXT NOT NULL,
    opened_by TEXT NOT NULL,
    opened_at INTEGER NOT NULL,
    thread_id TEXT,
    locked INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0,
    settled INTEGER NOT NULL DEFAULT 0,
    claimed_by TEXT,
    claimed_until INTEGER,
    retry_at INTEGER,
    problem TEXT
);
CREATE UNIQUE INDEX press_threads_powers ON press_threads (game_id, powers);
CREATE INDEX press_threads_unsettled ON press_threads (game_id) WHERE settled = 0;

-- The members Discord has in a thread (added by the bot, not yet removed). Who should be in it
-- is worked out from the game (the players of its powers; every player once the game is
-- over), so a seat that changed hands is a difference to mend, never a lost instruction.
CREATE TABLE press_members (
    thread INTEGER NOT NULL REFERENCES press_threads(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    PRIMARY KEY (thread, user_id)
);

-- Things told once per game about its press, by kind (`reveal`: who played whom, posted when
-- an anonymous game ends).
CREATE TABLE press_notices (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    done_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
);
