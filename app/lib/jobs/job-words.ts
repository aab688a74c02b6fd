// How the team reads an outbox job (decision 045): what it did, in plain words, and to whom it went. Each feature words
// its own jobs (a mail's words are declared with its template, app/lib/mail/templates.ts); the server hands the console
// the table (server/services.ts), so this layer names no feature's job.

export interface JobWords {
  /** What the job does, as the team would say it: "We told the team", "Confirmation sent", "Download link sent". */
  told: string;
  /**
   * Who it goes to. A job's recipient is the person it is about (the address a data request finds it by): a mail to the
   * person goes to them; the team's alert and the owner's reminder only speak of them.
   */
  to: "person" | "team" | "owner";
}

export type JobWordsTable = Readonly<Record<string, JobWords>>;

export interface JobDescription {
  /** "We told the team"; a job nobody worded reads as its kind. */
  told: string;
  /** "to ada@example.com", "to the team, about ada@example.com"; null when the job names nobody. */
  whom: string | null;
}

const TO_WHOM: Record<JobWords["to"], string> = { person: "", team: "the team", owner: "the lead's owner" };

export function describeJob(job: { kind: string; recipient: string | null }, table: JobWordsTable): JobDescription {
  const words = Object.hasOwn(table, job.kind) ? table[job.kind] : undefined;
  if (!words) return { told: job.kind, whom: job.recipient ? `about ${job.recipient}` : null };
  if (words.to === "person") return { told: words.told, whom: job.recipient ? `to ${job.recipient}` : null };
  return { told: words.told, whom: job.recipient ? `to ${TO_WHOM[words.to]}, about ${job.recipient}` : `to ${TO_WHOM[words.to]}` };
}
