-- PostgreSQL twin of ../sqlite/0012_claim_approval.sql.
ALTER TABLE community_servers ADD COLUMN claims_need_approval BIGINT NOT NULL DEFAULT 0 CHECK (claims_need_approval IN (0, 1));
CREATE TABLE seat_claims (
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    power TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
