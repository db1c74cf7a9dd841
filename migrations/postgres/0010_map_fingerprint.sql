-- Typed records store provinces, coasts, powers and unit kinds by number (issue 24). Each game
-- keeps a digest of the numbering of the map it was created under (`Variant::map_fingerprint`),
-- so that a release whose map file moved those numbers refuses to read the game rather than
-- move its units. NULL for a game stored before this column: the store records the current
-- digest for it when it opens the database.
ALTER TABLE games ADD COLUMN map_fingerprint TEXT;
