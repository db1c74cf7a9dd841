-- Sandboxes (issue #29): a member's private practice game, ordered for every power by its
-- owner, with no deadlines, no channel and no players. `sandbox_owner` is the member (NULL for
-- every real game); `used_at` is when the owner last touched it, so an unused one is removed
-- after a week.
ALTER TABLE games ADD COLUMN sandbox_owner TEXT;
ALTER TABLE games ADD COLUMN used_at INTEGER;
CREATE UNIQUE INDEX games_sandbox ON games (sandbox_owner) WHERE sandbox_owner IS NOT NULL;
