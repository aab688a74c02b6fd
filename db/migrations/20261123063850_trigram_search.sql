-- Custom migration (drizzle-kit generate --custom): the inbox searches leads by substring, which trigram indexes serve
-- (migration inbox). pg_trgm is a trusted extension since PostgreSQL 13, so the site's own database user may create
-- it; PGlite loads it when the database opens (app/lib/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
