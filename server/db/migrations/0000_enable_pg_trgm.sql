-- Trigram matching for typo-tolerant directory search (drizzle-kit does not emit extensions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
