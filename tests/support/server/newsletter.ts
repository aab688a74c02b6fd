import { newsletterConsentRecord } from "~/content/consent";
import { addOperator } from "~/lib/console/operators.server";
import { openDatabase } from "~/lib/db/client.server";
import { migrate } from "~/lib/db/migrate.server";
import { newsletterSubscribers, type SubscriberStatus } from "~/features/leads/index.server";
import { draftIssue } from "~/features/newsletter/index.server";
import { OPERATOR_PASSWORD } from "./operators";

// A newsletter ready to send, written before the server starts (PGlite allows one process): subscribers who agreed to
// today's consent line, one draft issue (id 1) and the editor who sends it. For the send suite and its benchmark.

export const reader = (i: number) => `reader.${i}@example.com`;

export interface NewsletterSeed {
  /** `reader(0)` … `reader(readers - 1)`, confirmed. */
  readers: number;
  others?: { email: string; status: SubscriberStatus }[];
  editor: string;
}

/** Seeds the database and returns each subscriber's id by address. */
export async function seedNewsletter(target: { databaseUrl?: string; dataDir: string }, { readers, others = [], editor }: NewsletterSeed) {
  const handle = await openDatabase(target);
  try {
    await migrate(handle.db);
    const rows = [...Array.from({ length: readers }, (_, i) => ({ email: reader(i), status: "confirmed" as const })), ...others].map(
      (row) => ({ ...row, source: "/resources", consentText: newsletterConsentRecord }),
    );
    const ids = new Map<string, number>();
    for (let from = 0; from < rows.length; from += 1000) {
      const stored = await handle.db
        .insert(newsletterSubscribers)
        .values(rows.slice(from, from + 1000))
        .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
      for (const row of stored) ids.set(row.email, row.id);
    }
    await draftIssue(handle.db, {
      topic: "resource",
      sourceKey: "reply-playbook",
      subject: "New free resource: The Reply Playbook",
      preheader: "Twelve answers to the replies cold email gets.",
      title: "The Reply Playbook",
      excerpt: "Twelve answers to the replies cold email gets, from “not now” to “send me pricing”.",
      linkPath: "/resources#reply-playbook",
      coverPath: null,
      coverAlt: null,
    });
    await addOperator(handle.db, editor, OPERATOR_PASSWORD, "editor");
    return { issueId: 1, ids };
  } finally {
    await handle.close();
  }
}
