CREATE SEQUENCE "public"."booking_reference_slots" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
-- hand-written
-- The references kept so far take the first slots of the ring, oldest first (decision 028); past its 20,000 places the
-- oldest go, as they would have to the next ones.
DELETE FROM "booking_references" WHERE "token_hash" IN (SELECT "token_hash" FROM "booking_references" ORDER BY "created_at" DESC OFFSET 20000);--> statement-breakpoint
ALTER TABLE "booking_references" ADD COLUMN "slot" integer;--> statement-breakpoint
UPDATE "booking_references" AS b SET "slot" = n.slot
  FROM (SELECT "token_hash", (row_number() OVER (ORDER BY "created_at", "token_hash") - 1)::int AS slot FROM "booking_references") AS n
  WHERE b."token_hash" = n."token_hash";--> statement-breakpoint
SELECT setval('booking_reference_slots', (SELECT count(*) FROM "booking_references"), false);--> statement-breakpoint
ALTER TABLE "booking_references" ALTER COLUMN "slot" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_references_slot_key" ON "booking_references" USING btree ("slot");--> statement-breakpoint
ALTER TABLE "booking_references" ADD CONSTRAINT "booking_references_slot_check" CHECK ("booking_references"."slot" >= 0 AND "booking_references"."slot" < 20000);
