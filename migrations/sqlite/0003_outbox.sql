-- Results are posted to the game channel at least once, even if the bot stops between
-- adjudicating a phase and posting it: the scheduler posts every adjudicated phase after
-- `posted_seq` and then moves it on.
ALTER TABLE games ADD COLUMN posted_seq INTEGER;
-- Games that existed before: everything already adjudicated counts as posted.
UPDATE games SET posted_seq = current_seq - 1 WHERE current_seq IS NOT NULL;
