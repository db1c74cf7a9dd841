-- Several bot processes may share one database (PostgreSQL, or SQLite on one host). A process
-- claims a game before adjudicating, posting or reminding it, for a lease: until
-- `claimed_until` (Unix seconds on the bot's clock) no other process works on that game. A
-- process that dies leaves its claims to expire; one that stops cleanly hands them back.
ALTER TABLE games ADD COLUMN claimed_by TEXT;
ALTER TABLE games ADD COLUMN claimed_until INTEGER;
