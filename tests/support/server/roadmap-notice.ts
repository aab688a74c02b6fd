import { sql } from "drizzle-orm";
import { addOperator } from "~/lib/console/operators.server";
import { openDatabase } from "~/lib/db/client.server";
import { migrate } from "~/lib/db/migrate.server";
import { featureRequests } from "~/features/leads/index.server";
import { roadmapVotes, roadmapWithdrawals, mergeItems, draftForShipped } from "~/features/roadmap-votes/index.server";
import { eraseSubject } from "~/features/data-requests/index.server";
import { draftIssue } from "~/features/newsletter/index.server";
import { OPERATOR_PASSWORD } from "./operators";

// A shipped roadmap item with 200 people waiting for it, written before the server starts (PGlite allows one process):
// requesters linked to the item, confirmed voters, voters of a duplicate merged into it (some of them also asked), and
// those who must get nothing: unconfirmed, withdrawn, suppressed, erased. Its notice is drafted (issue id 1).

export const SHIPPED_ITEM = { id: "hubspot-crm-sync", name: "HubSpot CRM sync", description: "Leads and meetings sync to HubSpot." };
const DUPLICATE = "chat-tool-integration";

export const waiting = (i: number) => `waiting.${i}@example.com`;
export const WAITING = 200;

export const NOT_MAILED = {
  pending: Array.from({ length: 10 }, (_, i) => `pending.${i}@example.com`),
  withdrawn: Array.from({ length: 10 }, (_, i) => `withdrawn.${i}@example.com`),
  suppressed: Array.from({ length: 5 }, (_, i) => `suppressed.${i}@example.com`),
  erased: Array.from({ length: 5 }, (_, i) => `erased.${i}@example.com`),
};

export async function seedShippedItem(target: { databaseUrl?: string; dataDir: string }, editor: string) {
  const handle = await openDatabase(target);
  try {
    const { db } = handle;
    await migrate(db);
    const request = (email: string) => ({
      name: "Requester",
      email,
      featureTitle: "HubSpot",
      description: "Sync please",
      roadmapItemId: SHIPPED_ITEM.id,
    });
    const vote = (itemId: string, email: string, status: "pending" | "confirmed" = "confirmed") => ({
      itemId,
      email,
      status,
      consentText: "c",
    });
    // 0–79 asked; 80–159 voted; 160–199 voted for the duplicate; 0–9 voted for the duplicate too.
    await db.insert(featureRequests).values(Array.from({ length: 80 }, (_, i) => request(waiting(i))));
    await db
      .insert(roadmapVotes)
      .values([
        ...Array.from({ length: 80 }, (_, i) => vote(SHIPPED_ITEM.id, waiting(80 + i))),
        ...Array.from({ length: 40 }, (_, i) => vote(DUPLICATE, waiting(160 + i))),
        ...Array.from({ length: 10 }, (_, i) => vote(DUPLICATE, waiting(i).toUpperCase())),
        ...NOT_MAILED.pending.map((email) => vote(SHIPPED_ITEM.id, email, "pending")),
        ...[...NOT_MAILED.withdrawn, ...NOT_MAILED.suppressed, ...NOT_MAILED.erased].map((email) => vote(SHIPPED_ITEM.id, email)),
      ]);
    await db.insert(roadmapWithdrawals).values(NOT_MAILED.withdrawn.map((email) => ({ itemId: SHIPPED_ITEM.id, email })));
    for (const email of NOT_MAILED.suppressed)
      await db.execute(sql`INSERT INTO email_suppressions (email, reason, source) VALUES (${email}, 'hard-bounce', 'webhook')`);
    for (const email of NOT_MAILED.erased) await eraseSubject(db, email, editor, { mailFileDir: null });
    await mergeItems(db, DUPLICATE, SHIPPED_ITEM.id, editor);
    await draftIssue(db, draftForShipped(SHIPPED_ITEM));
    await addOperator(db, editor, OPERATOR_PASSWORD, "editor");
    return { issueId: 1 };
  } finally {
    await handle.close();
  }
}
