DROP INDEX "contact_requests_new_idx";--> statement-breakpoint
DROP INDEX "feature_requests_new_idx";--> statement-breakpoint
DROP INDEX "resource_leads_new_idx";--> statement-breakpoint
DROP INDEX "demo_leads_new_idx";--> statement-breakpoint
DROP INDEX "newsletter_subscribers_new_idx";--> statement-breakpoint
ALTER TABLE "contact_requests" DROP COLUMN "handled_at";--> statement-breakpoint
ALTER TABLE "contact_requests" DROP COLUMN "handled_by";--> statement-breakpoint
ALTER TABLE "contact_requests" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "feature_requests" DROP COLUMN "handled_at";--> statement-breakpoint
ALTER TABLE "feature_requests" DROP COLUMN "handled_by";--> statement-breakpoint
ALTER TABLE "feature_requests" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "resource_leads" DROP COLUMN "handled_at";--> statement-breakpoint
ALTER TABLE "resource_leads" DROP COLUMN "handled_by";--> statement-breakpoint
ALTER TABLE "resource_leads" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "demo_leads" DROP COLUMN "handled_at";--> statement-breakpoint
ALTER TABLE "demo_leads" DROP COLUMN "handled_by";--> statement-breakpoint
ALTER TABLE "demo_leads" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP COLUMN "handled_at";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP COLUMN "handled_by";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP COLUMN "note";