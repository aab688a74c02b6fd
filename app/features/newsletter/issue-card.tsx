import type { ArchivedIssue } from "./issue-state";

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** The date an issue went out, as the archive shows it. */
export function IssueDate({ issue }: { issue: Pick<ArchivedIssue, "queuedAt"> }) {
  const at = new Date(issue.queuedAt);
  return <time dateTime={at.toISOString().slice(0, 10)}>{day.format(at)}</time>;
}
