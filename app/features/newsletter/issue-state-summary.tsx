import { Badge } from "~/components/ui/badge";
import { plural } from "~/lib/console/format";
import { formatInZone } from "~/lib/console/time-zone";
import type { IssueCounts, IssueState } from "./issue-state";

// A newsletter issue's state and counts in the console's words, for the list and the issue's page.

/** An issue's state in words: draft, scheduled for a time (in the schedulers' zone, decision 046), sending n of N, sent. */
export function IssueStateBadge({ state, timeZone }: { state: IssueState; timeZone: string }) {
  switch (state.state) {
    case "draft":
      return <Badge variant="outline">Draft</Badge>;
    case "scheduled":
      return <Badge variant="secondary">Scheduled for {formatInZone(state.at, timeZone)}</Badge>;
    case "sending":
      return (
        <Badge variant="warning">
          Sending {state.done.toLocaleString("en-US")}/{state.of.toLocaleString("en-US")}
        </Badge>
      );
    case "sent":
      return <Badge variant={state.failed > 0 ? "warning" : "success"}>{state.failed > 0 ? `Sent, ${state.failed} failed` : "Sent"}</Badge>;
  }
}

const COUNTS: [keyof IssueCounts, string][] = [
  ["sent", "Sent"],
  ["failed", "Failed"],
  ["skipped", "Skipped (unsubscribed or suppressed before their turn)"],
  ["bounced", "Bounced since"],
  ["complained", "Complained since"],
  ["unsubscribed", "Unsubscribed since"],
  ["erased", "Erased since"],
];

/** What became of an issue's copies and recipients: counts only, never who. */
export function IssueCountList({ counts }: { counts: IssueCounts }) {
  return (
    <dl aria-label="What became of this issue" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <div className="rounded-lg border bg-card p-3">
        <dt className="text-xs text-muted-foreground">Recipients</dt>
        <dd className="text-lg font-semibold">{counts.recipients.toLocaleString("en-US")}</dd>
      </div>
      {COUNTS.map(([key, label]) => (
        <div key={key} className="rounded-lg border bg-card p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold">{counts[key].toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}

export const TOPIC_LABELS = { post: "Blog post", resource: "Resource", shipped: "Shipped notice" } as const;

export const audienceSentence = (topic: keyof typeof TOPIC_LABELS, audience: number) =>
  topic === "shipped"
    ? `${plural(audience, "person", "people")} who asked for or voted for this item (not withdrawn, not on the do-not-mail list)`
    : topic === "post"
      ? `${plural(audience, "confirmed subscriber")} whose consent covers blog posts`
      : `${plural(audience, "confirmed subscriber")}`;
