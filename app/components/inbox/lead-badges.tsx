import { Badge } from "~/components/ui/badge";
import { LEAD_KIND_LABELS, type LeadKind } from "~/lib/inbox/kinds";

export function KindBadge({ kind }: { kind: LeadKind }) {
  return <Badge variant="secondary">{LEAD_KIND_LABELS[kind].one}</Badge>;
}

export function StatusBadge({ handled }: { handled: boolean }) {
  return handled ? <Badge variant="outline">Handled</Badge> : <Badge variant="default">New</Badge>;
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
