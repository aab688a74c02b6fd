ALTER TABLE "contact_requests" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "follow_up_reminded_on" date;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_leads" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "demo_leads" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "demo_leads" ADD COLUMN "follow_up_reminded_on" date;--> statement-breakpoint
ALTER TABLE "demo_leads" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "follow_up_reminded_on" date;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "follow_up_reminded_on" date;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "follow_up_reminded_on" date;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_leads" ADD CONSTRAINT "demo_leads_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_requests" ADD CONSTRAINT "feature_requests_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD CONSTRAINT "resource_leads_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_requests_stage_idx" ON "contact_requests" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_requests_owner_idx" ON "contact_requests" USING btree ("owner_id","created_at","id") WHERE "contact_requests"."owner_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "demo_leads_stage_idx" ON "demo_leads" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "demo_leads_owner_idx" ON "demo_leads" USING btree ("owner_id","created_at","id") WHERE "demo_leads"."owner_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "feature_requests_stage_idx" ON "feature_requests" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "feature_requests_owner_idx" ON "feature_requests" USING btree ("owner_id","created_at","id") WHERE "feature_requests"."owner_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_stage_idx" ON "newsletter_subscribers" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_owner_idx" ON "newsletter_subscribers" USING btree ("owner_id","created_at","id") WHERE "newsletter_subscribers"."owner_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "resource_leads_stage_idx" ON "resource_leads" USING btree ("stage","downloaded_at","id");--> statement-breakpoint
CREATE INDEX "resource_leads_owner_idx" ON "resource_leads" USING btree ("owner_id","downloaded_at","id") WHERE "resource_leads"."owner_id" IS NOT NULL;--> statement-breakpoint
-- hand-written
-- The status folds into the stage: a lead marked handled but still at `new` was contacted, by whom and when it was
-- handled. The one note becomes the first entry of the notes; who wrote it was never kept.
UPDATE "contact_requests" SET "stage" = 'contacted', "stage_at" = coalesce("stage_at", "handled_at"), "stage_by" = coalesce("stage_by", "handled_by") WHERE "stage" = 'new' AND "handled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "contact_requests" SET "notes" = jsonb_build_array(jsonb_build_object('at', to_char(coalesce("handled_at", "created_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', NULL, 'text', "note")) WHERE "note" IS NOT NULL AND btrim("note") <> '';--> statement-breakpoint
UPDATE "feature_requests" SET "stage" = 'contacted', "stage_at" = coalesce("stage_at", "handled_at"), "stage_by" = coalesce("stage_by", "handled_by") WHERE "stage" = 'new' AND "handled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "feature_requests" SET "notes" = jsonb_build_array(jsonb_build_object('at', to_char(coalesce("handled_at", "created_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', NULL, 'text', "note")) WHERE "note" IS NOT NULL AND btrim("note") <> '';--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "stage" = 'contacted', "stage_at" = coalesce("stage_at", "handled_at"), "stage_by" = coalesce("stage_by", "handled_by") WHERE "stage" = 'new' AND "handled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "notes" = jsonb_build_array(jsonb_build_object('at', to_char(coalesce("handled_at", "created_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', NULL, 'text', "note")) WHERE "note" IS NOT NULL AND btrim("note") <> '';--> statement-breakpoint
UPDATE "resource_leads" SET "stage" = 'contacted', "stage_at" = coalesce("stage_at", "handled_at"), "stage_by" = coalesce("stage_by", "handled_by") WHERE "stage" = 'new' AND "handled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "resource_leads" SET "notes" = jsonb_build_array(jsonb_build_object('at', to_char(coalesce("handled_at", "downloaded_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', NULL, 'text', "note")) WHERE "note" IS NOT NULL AND btrim("note") <> '';--> statement-breakpoint
UPDATE "demo_leads" SET "stage" = 'contacted', "stage_at" = coalesce("stage_at", "handled_at"), "stage_by" = coalesce("stage_by", "handled_by") WHERE "stage" = 'new' AND "handled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "demo_leads" SET "notes" = jsonb_build_array(jsonb_build_object('at', to_char(coalesce("handled_at", "created_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', NULL, 'text', "note")) WHERE "note" IS NOT NULL AND btrim("note") <> '';
