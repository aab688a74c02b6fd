// "Shipped means told" (decision 036): when a roadmap item is published as completed, a notice is drafted for the editor.
// It is a newsletter issue of topic `shipped` (the same review, test, schedule and send, docs/decisions/025), whose
// recipients are the item's requesters and confirmed voters instead of subscribers: one delivery row and one outbox job
// per address, written in the send's transaction, so each gets it once across a crash or a second instance. The
// roadmap registers both (decision 039): the draft as the roadmap collection's publish hook, the recipients as the
// newsletter's audience of the topic; server/services.ts wires them.
import { sql } from "drizzle-orm";
import type { RoadmapItem } from "~/content/roadmap";
import type { Database, Transaction } from "~/lib/db/client.server";
import { rowsOf } from "~/lib/db/rows.server";
import { roadmapVotes, roadmapWithdrawals } from "./tables";
import { draftIssue, type NewsletterAudience, type OwedCopy, type IssueDraft, type IssueRow } from "~/features/newsletter/index.server";
import { notifyContentChanged, type PublishHooks } from "~/features/site-content/index.server";
import type { RoadmapVoteLinks } from "./votes.server";

type Executor = Database | Transaction;

/** The outbox job that sends one notice to one address. */
export const SHIPPED_COPY_JOB = "roadmap:shipped-copy";

export function draftForShipped(item: Pick<RoadmapItem, "id" | "name" | "description">): IssueDraft {
  return {
    topic: "shipped",
    sourceKey: item.id,
    subject: `Shipped: ${item.name}`.slice(0, 150),
    preheader: `You asked for it, and it is live: ${item.name}.`.slice(0, 200),
    title: `${item.name} is live`.slice(0, 200),
    excerpt: item.description,
    linkPath: `/roadmap#${item.id}`,
    coverPath: null,
    coverAlt: null,
  };
}

/** The items a publication ships: completed now, not completed in what it replaces. */
export function shippedBy(entries: readonly RoadmapItem[], previous: readonly RoadmapItem[]): RoadmapItem[] {
  const before = new Map(previous.map((item) => [item.id, item.status]));
  return entries.filter((item) => item.status === "completed" && before.get(item.id) !== "completed");
}

/** What the roadmap does when it is published: each item it ships gets its notice drafted, once. */
export const roadmapContentHooks: PublishHooks = {
  roadmap: [
    async (tx, entries, previous) => {
      for (const item of shippedBy(entries, previous)) await draftIssue(tx, draftForShipped(item));
    },
  ],
};

/**
 * Who gets an item's notice now: each address (once, whatever its case) of a request linked to the item or a confirmed
 * vote for it (merged items' included: merging moved them here), unless it withdrew from the item or is on the
 * do-not-mail list. An erased address has no row left to be found by.
 */
function recipientsOf(itemId: string) {
  return sql`
    SELECT DISTINCT ON (lower(people.email)) people.email FROM (
      SELECT email FROM feature_requests WHERE roadmap_item_id = ${itemId} AND stage <> 'spam'
      UNION ALL
      SELECT email FROM roadmap_votes WHERE item_id = ${itemId} AND status = 'confirmed'
    ) AS people
    WHERE NOT EXISTS (SELECT 1 FROM email_suppressions x WHERE x.email = lower(people.email))
      AND NOT EXISTS (SELECT 1 FROM roadmap_withdrawals w WHERE w.item_id = ${itemId} AND lower(w.email) = lower(people.email))
    ORDER BY lower(people.email), people.email`;
}

/** How many would get the item's notice if it were sent now. */
async function countRecipients(db: Executor, itemId: string): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`SELECT count(*) AS n FROM (${recipientsOf(itemId)}) AS r`));
  return Number(row?.n ?? 0);
}

/**
 * Queues the notice to each recipient: a delivery row and an outbox job each, `spacingMs` apart. Inside the send's
 * transaction (app/features/newsletter/issues.server.ts), which a second click or instance finds already sending.
 */
async function queueNoticeCopies(tx: Transaction, row: IssueRow, spacingMs: number, priority: number): Promise<number> {
  const queued = rowsOf<{ n: string | number }>(
    await tx.execute(sql`
      WITH recipients AS (
        INSERT INTO roadmap_notice_deliveries (issue_id, email)
        SELECT ${row.id}, email FROM (${recipientsOf(row.sourceKey)}) AS r
        ON CONFLICT DO NOTHING
        RETURNING email
      ), jobs AS (
        INSERT INTO outbox (kind, recipient, payload, run_after, due_at, priority)
        SELECT ${SHIPPED_COPY_JOB}, email, jsonb_build_object('issueId', ${row.id}::bigint, 'email', email), due, due, ${priority}
        FROM (
          SELECT email, now() + make_interval(secs => (row_number() OVER (ORDER BY lower(email)) - 1) * ${spacingMs / 1000}::float8) AS due
          FROM recipients
        ) AS copies
        RETURNING 1
      )
      SELECT count(*) AS n FROM jobs`),
  );
  return Number(queued[0]?.n ?? 0);
}

interface OwedNotice {
  delivery: string;
  email: string;
  withdrawn: boolean;
  issue: Pick<IssueRow, "topic" | "subject" | "preheader" | "title" | "excerpt" | "linkPath" | "coverPath" | "coverAlt" | "sourceKey">;
}

/** One notice's delivery as its job finds it; undefined when the address was erased after the notice was queued. */
async function owedNotice(db: Database, issueId: number, email: string): Promise<OwedNotice | undefined> {
  const [owed] = rowsOf<Record<string, string | boolean | null>>(
    await db.execute(sql`
      SELECT d.status AS delivery, d.email, i.topic, i.subject, i.preheader, i.title, i.excerpt, i.link_path, i.cover_path,
        i.cover_alt, i.source_key,
        EXISTS (SELECT 1 FROM roadmap_withdrawals w WHERE w.item_id = i.source_key AND lower(w.email) = lower(d.email)) AS withdrawn
      FROM roadmap_notice_deliveries d JOIN newsletter_issues i ON i.id = d.issue_id
      WHERE d.issue_id = ${issueId} AND lower(d.email) = lower(${email})`),
  );
  if (!owed) return undefined;
  return {
    delivery: String(owed.delivery),
    email: String(owed.email),
    withdrawn: Boolean(owed.withdrawn),
    issue: {
      topic: "shipped",
      subject: String(owed.subject),
      preheader: String(owed.preheader),
      title: String(owed.title),
      excerpt: String(owed.excerpt),
      linkPath: String(owed.link_path),
      coverPath: (owed.cover_path as string | null) ?? null,
      coverAlt: (owed.cover_alt as string | null) ?? null,
      sourceKey: String(owed.source_key),
    },
  };
}

async function settleNotice(db: Database, issueId: number, email: string, status: "sent" | "failed" | "skipped") {
  await db.execute(sql`
    UPDATE roadmap_notice_deliveries SET status = ${status}, done_at = now()
    WHERE issue_id = ${issueId} AND lower(email) = lower(${email}) AND status = 'queued'`);
}

/**
 * The newsletter's audience of `shipped` issues: each item's requesters and voters. A copy's unsubscribe link withdraws
 * from the item (./votes.server.ts signs it); who withdrew after the notice was queued counts as unsubscribed.
 */
export function shippedNoticeAudience(links: Pick<RoadmapVoteLinks, "withdrawUrl" | "emailDigest">): NewsletterAudience {
  const payloadOf = (payload: unknown) => payload as { issueId: number; email: string };
  return {
    topic: "shipped",
    copyJob: SHIPPED_COPY_JOB,
    count: countRecipients,
    queue: queueNoticeCopies,
    copies: sql`
      SELECT rd.issue_id, rd.status, lower(rd.email), EXISTS (
        SELECT 1 FROM roadmap_withdrawals w
        WHERE w.item_id = i.source_key AND lower(w.email) = lower(rd.email) AND w.created_at >= i.queued_at)
      FROM roadmap_notice_deliveries rd JOIN newsletter_issues i ON i.id = rd.issue_id`,
    async owed(db, payload): Promise<OwedCopy | undefined> {
      const { issueId, email } = payloadOf(payload);
      const owed = await owedNotice(db, issueId, email);
      if (!owed) return undefined;
      const { sourceKey, ...issue } = owed.issue;
      return {
        delivery: owed.delivery,
        email: owed.email,
        left: owed.withdrawn ? "withdrew from the item after the notice was queued" : null,
        issue,
        unsubscribeUrl: links.withdrawUrl({ itemId: sourceKey, email }),
        // Traceable by notice and address, without the address.
        messageId: `shipped-${issueId}-${links.emailDigest(email).slice(0, 20)}`,
      };
    },
    settle: (db, payload, status) => settleNotice(db, payloadOf(payload).issueId, payloadOf(payload).email, status),
    previewUnsubscribePath: "/roadmap/withdraw",
  };
}

export type WithdrawOutcome = { outcome: "withdrawn"; itemId: string } | { outcome: "invalid" } | { outcome: "gone" };

/**
 * The notice's one-click unsubscribe (and the link's page): the address stops wanting the item. Its vote is deleted (the
 * count drops on /roadmap) and a withdrawal kept, so a request linked to the item no longer makes it a recipient.
 * The token names the item and a keyed hash of the address, which must be one the item knows.
 */
export async function withdraw(db: Database, token: string, links: RoadmapVoteLinks): Promise<WithdrawOutcome> {
  const read = links.readWithdraw(token);
  if (read === "invalid") return { outcome: "invalid" };
  return db.transaction(async (tx) => {
    const known = rowsOf<{ email: string }>(
      await tx.execute(sql`
        SELECT email FROM feature_requests WHERE roadmap_item_id = ${read.itemId}
        UNION SELECT email FROM roadmap_votes WHERE item_id = ${read.itemId}
        UNION SELECT d.email FROM roadmap_notice_deliveries d JOIN newsletter_issues i ON i.id = d.issue_id
          WHERE i.topic = 'shipped' AND i.source_key = ${read.itemId}`),
    );
    const email = known.map((row) => row.email).find((address) => links.emailDigest(address) === read.emailDigest);
    if (!email) return { outcome: "gone" } as const;
    await tx.insert(roadmapWithdrawals).values({ itemId: read.itemId, email }).onConflictDoNothing();
    await tx.delete(roadmapVotes).where(sql`${roadmapVotes.itemId} = ${read.itemId} AND lower(${roadmapVotes.email}) = lower(${email})`);
    await notifyContentChanged(tx);
    return { outcome: "withdrawn", itemId: read.itemId } as const;
  });
}
