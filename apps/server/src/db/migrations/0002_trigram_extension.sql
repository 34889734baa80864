-- Trigram indexes make "contains" searches (keyword filters) fast on large lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
