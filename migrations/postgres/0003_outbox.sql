-- PostgreSQL twin of ../sqlite/0003_outbox.sql.
ALTER TABLE games ADD COLUMN posted_seq BIGINT;
UPDATE games SET posted_seq = current_seq - 1 WHERE current_seq IS NOT NULL;
