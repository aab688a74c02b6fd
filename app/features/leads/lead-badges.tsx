import { Badge } from "~/components/ui/badge";
import { inAudience, LEAD_KIND_LABELS, LEAD_STAGE_LABELS, type LeadKind, type LeadStage } from "./kinds";

export function KindBadge({ kind }: { kind: LeadKind }) {
  return <Badge variant="secondary">{LEAD_KIND_LABELS[kind].one}</Badge>;
}

const STAGE_VARIANTS: Record<LeadStage, "default" | "secondary" | "outline" | "success" | "warning"> = {
  new: "default",
  contacted: "outline",
  qualified: "outline",
  "meeting-booked": "secondary",
  won: "success",
  lost: "outline",
  spam: "outline",
};

/** Where a lead is in the pipeline: its one state. Given its kind, a sign-up or a download nobody moved on reads "Audience" (decision 044). */
export function StageBadge({ stage, kind }: { stage: LeadStage; kind?: LeadKind }) {
  if (kind && inAudience({ kind, stage })) return <Badge variant="outline">Audience</Badge>;
  return <Badge variant={STAGE_VARIANTS[stage]}>{LEAD_STAGE_LABELS[stage]}</Badge>;
}

const SUBSCRIPTION_LABELS: Record<string, string> = {
  pending: "Not confirmed yet",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

/** A subscriber's consent state, in words. */
export function SubscriptionBadge({ status }: { status: string }) {
  return (
    <Badge variant={status === "confirmed" ? "success" : status === "pending" ? "warning" : "outline"}>
      {SUBSCRIPTION_LABELS[status] ?? status}
    </Badge>
  );
}
