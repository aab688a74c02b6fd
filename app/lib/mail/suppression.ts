import type { SuppressionReason } from "~/lib/db/schema/outbox";

/** An address on the do-not-mail list (docs/decisions/024), as the console shows it. */
export interface Suppression {
  email: string;
  reason: SuppressionReason;
  detail: string | null;
  source: "smtp" | "webhook";
  createdAt: Date;
}

export const SUPPRESSION_LABELS: Record<SuppressionReason, string> = {
  "hard-bounce": "Hard bounce",
  complaint: "Marked as spam",
  "soft-bounces": "Soft bounces",
};
