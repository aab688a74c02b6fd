ALTER TABLE "missing_paths" ADD COLUMN "visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "missing_paths_day_idx" ON "missing_paths" USING btree ("day");--> statement-breakpoint
-- hand-written
-- Each path counted before was asked for by at least one visitor; a day holds its 1,000 most asked for, as from now on
-- (decision 034).
UPDATE "missing_paths" SET "visitors" = 1;--> statement-breakpoint
DELETE FROM "missing_paths" AS m
  USING (SELECT "path", "day", row_number() OVER (PARTITION BY "day" ORDER BY "hits" DESC, "path") AS n FROM "missing_paths") AS r
  WHERE m."path" = r."path" AND m."day" = r."day" AND r.n > 1000;
