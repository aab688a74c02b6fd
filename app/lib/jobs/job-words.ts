// How the team reads an outbox job (decision 045): what it did, in plain words, and to whom it went. Each feature words
// its own jobs (a mail's words are declared with its template, app/lib/mail/templates.ts); the server hands the console
// the table (server/services.ts), so this layer names no feature's job.

export interface JobWords {
  /** What the job did once delivered, as the team would say it: "We told the team", "Confirmation sent". */
  told: string;
  /** What it is, for the times it was not delivered: "the team's alert", "the confirmation" ("Could not send …"). */
  what: string;
  /**
   * Who it goes to. A job's recipient is the person it is about (the address a data request finds it by): a mail to the
   * person goes to them; the team's alert and the owner's reminder only speak of them.
   */
  to: "person" | "team" | "owner";
}

export type JobWordsTable = Readonly<Record<string, JobWords>>;

export interface JobDescription {
  /** "We told the team" once sent, "Could not send the confirmation" once failed; a job nobody worded reads as its kind. */
  told: string;
  /** "to ada@example.com", "to the team, about ada@example.com"; null when the job names nobody. */
  whom: string | null;
}

const TO_WHOM: Record<JobWords["to"], string> = { person: "", team: "the team", owner: "the lead's owner" };

/** What a job did or could not do, in its state: only a delivered job says it was sent. */
function toldIn(words: JobWords, status: string): string {
  switch (status) {
    case "sent":
      return words.told;
    case "failed":
      return `Could not send ${words.what}`;
    case "suppressed":
      return `Did not send ${words.what}`;
    case "sending":
      return `Sending ${words.what}`;
    default:
      return `Waiting to send ${words.what}`;
  }
}

export function describeJob(job: { kind: string; recipient: string | null; status: string }, table: JobWordsTable): JobDescription {
  const words = Object.hasOwn(table, job.kind) ? table[job.kind] : undefined;
  if (!words) return { told: job.kind, whom: job.recipient ? `about ${job.recipient}` : null };
  const told = toldIn(words, job.status);
  if (words.to === "person") return { told, whom: job.recipient ? `to ${job.recipient}` : null };
  return { told, whom: job.recipient ? `to ${TO_WHOM[words.to]}, about ${job.recipient}` : `to ${TO_WHOM[words.to]}` };
}
