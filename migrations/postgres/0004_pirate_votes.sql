-- PostgreSQL twin of ../sqlite/0004_pirate_votes.sql.
CREATE TABLE ballots (
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    voter TEXT COLLATE "C" NOT NULL,
    subject TEXT COLLATE "C" NOT NULL,
    order_text TEXT NOT NULL,
    user_id TEXT NOT NULL,
    cast_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq, voter, subject)
);
