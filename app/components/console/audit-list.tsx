import { plural } from "~/lib/console/format";
import { ConsoleTime } from "~/components/console/time";
import type { AuditAction } from "~/lib/db/schema/console";
import type { AuditEntry } from "~/lib/console/types";
import { RecordList } from "./record-list";

// The audit log's page: each entry as a sentence (who did what, how many rows), never a lead's content.

const ACTIONS: Record<AuditAction, string> = {
  "sign-in": "Signed in",
  "sign-in-failed": "Failed sign-in",
  "sign-out": "Signed out",
  "sign-out-everywhere": "Signed out everywhere",
  export: "Exported leads as CSV",
  "subject-lookup": "Looked up a data request",
  "subject-export": "Downloaded a data request",
  erasure: "Erased an address",
  purge: "Retention purge",
  "operator-added": "Operator account added",
  "operator-removed": "Operator account removed",
  "password-changed": "Operator password changed",
  "lead-stage": "Moved a lead to another stage",
  "lead-owner": "Gave a lead to an owner",
  "lead-follow-up": "Set a lead's follow-up day",
  "lead-note": "Added a note to a lead",
  "report-export": "Exported a report as CSV",
  "not-spam": "Released a post held as spam",
  "role-changed": "Operator role changed",
  "post-published": "Published a post",
  "post-scheduled": "Scheduled a post",
  "post-unscheduled": "Took a post off the schedule",
  "post-unpublished": "Unpublished a post",
  "post-deleted": "Deleted a post",
  "post-featured": "Featured a post on /blog",
  "post-unfeatured": "Gave /blog's first place back to the newest post",
  "post-restored": "Restored a post's revision",
  "preview-link": "Preview link made or revoked",
  "newsletter-started": "Started a newsletter issue",
  "newsletter-edited": "Edited a newsletter issue",
  "newsletter-test": "Sent a newsletter test to themselves",
  "newsletter-scheduled": "Scheduled a newsletter issue",
  "newsletter-unscheduled": "Took a newsletter issue off the schedule",
  "newsletter-sent": "Sent a newsletter issue",
  "newsletter-deleted": "Deleted a newsletter draft",
  "redirect-saved": "Saved a redirect",
  "redirect-deleted": "Deleted a redirect",
  "content-published": "Published site content",
  "content-scheduled": "Scheduled site content",
  "content-unscheduled": "Took site content off the schedule",
  "content-restored": "Restored a site content revision",
  "content-preview-link": "Made a site content preview link",
  "resource-uploaded": "Uploaded a resource's file",
  "roadmap-linked": "Linked a feature request to a roadmap item",
  "roadmap-merged": "Merged two roadmap items",
  "roadmap-item-started": "Started a roadmap item from a request",
  "campaign-page-created": "Created a campaign page",
  "campaign-page-published": "Published a campaign page",
  "campaign-page-scheduled": "Scheduled a campaign page",
  "campaign-page-unscheduled": "Took a campaign page off the schedule",
  "campaign-page-unpublished": "Unpublished a campaign page",
  "campaign-page-restored": "Restored a campaign page revision",
  "campaign-page-preview-link": "Made a campaign page preview link",
  "experiment-started": "Started an experiment",
  "experiment-stopped": "Stopped an experiment",
};

const rowsIn = (rows: Record<string, number>, tableLabels: Readonly<Record<string, string>>) => {
  const parts = Object.entries(rows)
    .filter(([, count]) => count > 0)
    .map(([table, count]) => `${count} in ${tableLabels[table]?.toLowerCase() ?? table.replaceAll("_", " ")}`);
  return parts.length > 0 ? parts.join(", ") : "nothing found";
};

/** What the line's detail says, in words: counts and kinds only, as stored; for a post, which one. */
function describe(entry: AuditEntry, tableLabels: Readonly<Record<string, string>>): string {
  const { detail } = entry;
  if (typeof detail.slug === "string") {
    const post = typeof detail.title === "string" ? `“${detail.title}” (/blog/${detail.slug})` : `/blog/${detail.slug}`;
    return detail.revoked === true ? `${post}; revoked` : post;
  }
  if (typeof detail.rows === "number") {
    const filters = Array.isArray(detail.filters) && detail.filters.length > 0 ? `; filters: ${detail.filters.join(", ")}` : "; no filter";
    return `${plural(detail.rows, "row")}${filters}`;
  }
  if (detail.rows && typeof detail.rows === "object") {
    const files = typeof detail.mailFiles === "number" && detail.mailFiles > 0 ? `; ${plural(detail.mailFiles, "mail file")}` : "";
    return `${rowsIn(detail.rows as Record<string, number>, tableLabels)}${files}`;
  }
  if (typeof detail.source === "string") {
    // A redirect a page took the place of (decision 034): removed when the post or the issue went live there.
    const replaced =
      detail.replacedBy === "post"
        ? "; a post went live there"
        : detail.replacedBy === "issue"
          ? "; a newsletter issue went live there"
          : "";
    return `${detail.source} → ${detail.target || "gone (410)"}${replaced}`;
  }
  if (typeof detail.operator === "string") return detail.operator;
  if (typeof detail.form === "string") return detail.form;
  if (typeof detail.sessions === "number") return plural(detail.sessions, "session");
  return "";
}

/** `tableLabels`: what the data requests call each table a count is about (the page hands them in). */
export function AuditList({ entries, tableLabels = {} }: { entries: AuditEntry[]; tableLabels?: Readonly<Record<string, string>> }) {
  return (
    <RecordList label="Audit log" empty="Nothing recorded yet.">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 p-4 sm:grid sm:grid-cols-12 sm:items-baseline sm:gap-4">
          <p className="text-sm text-muted-foreground sm:col-span-3">
            <ConsoleTime value={entry.createdAt} />
          </p>
          <p className="line-clamp-1 font-medium sm:col-span-3">{entry.actor}</p>
          <p className="sm:col-span-3">{ACTIONS[entry.action as AuditAction] ?? entry.action}</p>
          <p className="text-sm text-muted-foreground sm:col-span-3">{describe(entry, tableLabels)}</p>
        </li>
      ))}
    </RecordList>
  );
}
