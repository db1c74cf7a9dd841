-- Moderators may require approval of claims (issue #29): when a server asks for it,
-- `/game claim` records the member's claim here and the seat stays open until a moderator
-- approves it (`/mod approve`) or refuses it (`/mod refuse`). One pending claim per member
-- and game; several members may claim the same seat, and the moderators pick.
ALTER TABLE community_servers ADD COLUMN claims_need_approval INTEGER NOT NULL DEFAULT 0 CHECK (claims_need_approval IN (0, 1));
CREATE TABLE seat_claims (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    power TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
