import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db/client.server";
import { newsletterIssues, newsletterSources, type NewsletterTopic } from "./tables";
import type { AuditAction } from "~/lib/db/schema/console";
import { type PostFields, type BlogPublishHooks, notifyChanged } from "~/features/blog/index.server";
import { rowsOf } from "~/lib/db/rows.server";
import { coverShareImage, coverSrc } from "~/features/blog";
import { recordAudit, SYSTEM_ACTOR } from "~/lib/console/audit.server";
import { enqueue } from "~/lib/jobs/outbox.server";
import { recordsCovering } from "./topics";
import type { Resource } from "~/content/resources";
import type { IssueFields, IssueStart } from "./issue-schema";
import { issueState, type ArchivedIssue, type IssueCounts } from "./issue-state";
import { archiveIssuePath } from "~/content/paths";
import { releaseRedirects, type ReleasedRedirect } from "~/features/redirects/index.server";
import { isBuiltFile, type ResourceEntry } from "~/features/site-content";
import type { PublishHooks } from "~/features/site-content/index.server";
import { audienceOfTopic, type NewsletterAudiences } from "./audience.server";

export type { ArchivedIssue, IssueCounts, IssueState } from "./issue-state";

// Newsletter issues (docs/decisions/025): one draft per publication, sent by a person. Sending writes one delivery row
// and one outbox job per subscriber in one transaction; the delivery row's key (issue, subscriber) is what makes a copy
// go out once, and the job (./send.server.ts) is what survives a crash. An issue whose topic has an audience of its own
// (./audience.server.ts, the roadmap's shipped notices) takes the same steps to that audience instead.

export type IssueRow = typeof newsletterIssues.$inferSelect;
type Executor = Database | Transaction;

/** The outbox job that sends one copy, and the one that starts a scheduled issue. */
export const SEND_COPY_JOB = "newsletter:copy";
export const START_ISSUE_JOB = "newsletter:start";
/** Copies go after every other due job (a visitor's receipt, the team's notice). */
const COPY_PRIORITY = 1;

// ---- Drafts, from publications ----

export interface IssueDraft extends IssueFields {
  topic: NewsletterTopic;
  sourceKey: string;
  coverPath: string | null;
  coverAlt: string | null;
}

export function draftForPost(post: Pick<PostFields, "slug" | "title" | "excerpt" | "cover" | "coverAlt"> & { id: number }): IssueDraft {
  return {
    topic: "post",
    sourceKey: String(post.id),
    subject: post.title.slice(0, 150),
    preheader: post.excerpt.slice(0, 200),
    title: post.title,
    excerpt: post.excerpt,
    linkPath: `/blog/${post.slug}`,
    // The JPEG: every mail client shows it, WebP not.
    coverPath: post.cover ? coverShareImage(coverSrc(post.cover)) : null,
    coverAlt: post.cover ? post.coverAlt : null,
  };
}

/** What a resource's draft is made from. */
type IssueDraftSource = Pick<Resource, "id" | "title" | "description" | "format" | "detail">;

export function draftForResource(resource: IssueDraftSource): IssueDraft {
  return {
    topic: "resource",
    sourceKey: resource.id,
    subject: `New free resource: ${resource.title}`.slice(0, 150),
    preheader: resource.description.slice(0, 200),
    title: resource.title,
    excerpt: `${resource.description} (${resource.format}, ${resource.detail}.)`,
    linkPath: `/resources#${resource.id}`,
    coverPath: null,
    coverAlt: null,
  };
}

/** A draft for a publication that has none yet; the same publication never gets a second. */
export async function draftIssue(tx: Executor, draft: IssueDraft): Promise<boolean> {
  const created = await tx.insert(newsletterIssues).values(draft).onConflictDoNothing().returning({ id: newsletterIssues.id });
  return created.length > 0;
}

/**
 * Drafts for the resources a deploy added. The first run knows every resource there is and drafts nothing: they were
 * published before the newsletter could send them. Two instances starting together draft each new one once.
 */
export async function draftNewResources(db: Database, list: readonly IssueDraftSource[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [known] = rowsOf<{ known: boolean }>(
      await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM ${newsletterSources} WHERE topic = 'resource') AS known`),
    );
    const added = await tx
      .insert(newsletterSources)
      .values(list.map((resource) => ({ topic: "resource" as const, sourceKey: resource.id })))
      .onConflictDoNothing()
      .returning({ sourceKey: newsletterSources.sourceKey });
    if (!known?.known) return 0;
    let drafted = 0;
    for (const { sourceKey } of added) {
      const resource = list.find((item) => item.id === sourceKey)!;
      if (await draftIssue(tx, draftForResource(resource))) drafted += 1;
    }
    return drafted;
  });
}

/**
 * At a publication of the resources: a newsletter draft for each resource published for the first time (the consent
 * line promises them). The (topic, id) row is what makes it once, whichever instance publishes, however often.
 */
export async function draftIssuesForNewResources(tx: Transaction, published: readonly ResourceEntry[]): Promise<number> {
  // The built ones are announced when a deploy adds them (draftNewResources at start).
  const entries = published.filter((entry) => !isBuiltFile(entry.file));
  if (entries.length === 0) return 0;
  const added = await tx
    .insert(newsletterSources)
    .values(entries.map((entry) => ({ topic: "resource" as const, sourceKey: entry.id })))
    .onConflictDoNothing()
    .returning({ sourceKey: newsletterSources.sourceKey });
  let drafted = 0;
  for (const { sourceKey } of added) {
    const entry = entries.find((item) => item.id === sourceKey)!;
    if (await draftIssue(tx, draftForResource(entry))) drafted += 1;
  }
  return drafted;
}

/** What the newsletter does when site content is published: a new resource's draft (decision 039). */
export const newsletterContentHooks: PublishHooks = {
  resources: [(tx, entries) => draftIssuesForNewResources(tx, entries)],
};

/** What the newsletter does when a post is published: its draft, once (docs/decisions/025); a person sends it. */
export const newsletterBlogHooks: BlogPublishHooks = {
  onPublish: [(tx, post) => draftIssue(tx, draftForPost(post))],
};

// ---- What the team sees ----

/**
 * Each issue's copies by state, and what became of its recipients since: bounces, complaints, unsubscribes, erasures.
 * An erasure deletes the subscriber's delivery rows with them, so recipients are the count queued, not the rows left.
 */
export async function issueCounts(db: Executor, audiences: NewsletterAudiences, ids: number[]): Promise<Map<number, IssueCounts>> {
  if (ids.length === 0) return new Map();
  // A subscriber's copy, or a copy to another audience (who left it since counts as "unsubscribed").
  const subscriberCopies = sql`
    SELECT nd.issue_id, nd.status, lower(s.email) AS address, s.status = 'unsubscribed' AND s.unsubscribed_at >= i.queued_at AS left_since
    FROM newsletter_deliveries nd
    JOIN newsletter_subscribers s ON s.id = nd.subscriber_id JOIN newsletter_issues i ON i.id = nd.issue_id`;
  const copies = sql.join(
    [subscriberCopies, ...audiences.map((audience) => audience.copies)],
    sql`
        UNION ALL`,
  );
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      WITH d AS (${copies})
      SELECT i.id AS issue_id,
        coalesce(i.recipient_count, count(d.address)) AS recipients,
        count(d.address) AS kept,
        count(*) FILTER (WHERE d.status = 'queued') AS queued,
        count(*) FILTER (WHERE d.status = 'sent') AS sent,
        count(*) FILTER (WHERE d.status = 'failed') AS failed,
        count(*) FILTER (WHERE d.status = 'skipped') AS skipped,
        count(x.email) FILTER (WHERE x.reason IN ('hard-bounce', 'soft-bounces')) AS bounced,
        count(x.email) FILTER (WHERE x.reason = 'complaint') AS complained,
        count(*) FILTER (WHERE d.left_since) AS unsubscribed
      FROM newsletter_issues i
      LEFT JOIN d ON d.issue_id = i.id
      LEFT JOIN email_suppressions x ON x.email = d.address AND x.created_at >= i.queued_at
      WHERE i.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      GROUP BY i.id, i.recipient_count`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.issue_id),
      {
        recipients: Number(row.recipients),
        queued: Number(row.queued),
        sent: Number(row.sent),
        failed: Number(row.failed),
        skipped: Number(row.skipped),
        bounced: Number(row.bounced),
        complained: Number(row.complained),
        unsubscribed: Number(row.unsubscribed),
        erased: Math.max(0, Number(row.recipients) - Number(row.kept)),
      },
    ]),
  );
}

export async function listIssues(db: Database, audiences: NewsletterAudiences) {
  const rows = await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id)).limit(200);
  const counts = await issueCounts(
    db,
    audiences,
    rows.filter((row) => row.status === "sending").map((row) => row.id),
  );
  return rows.map((row) => ({ row, counts: counts.get(row.id), state: issueState(row, counts.get(row.id)) }));
}

export async function findIssue(db: Database, audiences: NewsletterAudiences, id: number) {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  if (!row) return undefined;
  const counts = (await issueCounts(db, audiences, [row.id])).get(row.id);
  return { row, counts, state: issueState(row, counts) };
}

/** Confirmed subscribers whose stored consent covers the topic: every sign-up was promised resources; posts, later ones. */
function coveredBy(topic: NewsletterTopic) {
  if (topic === "resource") return sql`TRUE`;
  return sql`s.consent_text IN (${sql.join(
    recordsCovering(topic).map((record) => sql`${record}`),
    sql`, `,
  )})`;
}

/** How many would get the issue if it were sent now: an audience of its own counts the publication `sourceKey`'s. */
export async function audienceOf(
  db: Database,
  audiences: NewsletterAudiences,
  topic: NewsletterTopic,
  sourceKey?: string,
): Promise<number> {
  const audience = audienceOfTopic(audiences, topic);
  if (audience) return sourceKey ? audience.count(db, sourceKey) : 0;
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`
      SELECT count(*) AS n FROM newsletter_subscribers s
      WHERE s.status = 'confirmed' AND ${coveredBy(topic)}
        AND NOT EXISTS (SELECT 1 FROM email_suppressions x WHERE x.email = lower(s.email))`),
  );
  return Number(row?.n ?? 0);
}

// ---- Changes an editor makes ----

export type IssueChange = { status: "done"; row: IssueRow } | { status: "conflict" } | { status: "locked" } | { status: "gone" };

/**
 * Runs `change` on an issue still in one of `from`, at the version the editor saw: a second editor who saved since is
 * not overwritten, and an issue sent meanwhile is not changed.
 */
async function changeIssue(
  db: Database,
  actor: string,
  id: number,
  expected: number,
  from: readonly IssueRow["status"][],
  action: AuditAction,
  change: (tx: Transaction, row: IssueRow) => Promise<Partial<typeof newsletterIssues.$inferInsert>>,
): Promise<IssueChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).for("update");
    if (!row) return { status: "gone" as const };
    if (!from.includes(row.status)) return { status: "locked" as const };
    if (row.version !== expected) return { status: "conflict" as const };
    const set = await change(tx, row);
    const [updated] = await tx
      .update(newsletterIssues)
      .set({ ...set, version: row.version + 1, editedAt: sql`now()`, editedBy: actor })
      .where(eq(newsletterIssues.id, id))
      .returning();
    await recordAudit(tx, actor, action, { issue: id, topic: row.topic });
    return { status: "done" as const, row: updated! };
  });
}

/**
 * A draft an editor starts from nothing, not from a publication: its source key is its own, so no post or resource
 * published later finds it taken, and it is edited, tested and sent like any other.
 */
export async function startIssue(db: Database, actor: string, { coverPath, coverAlt, ...fields }: IssueStart): Promise<IssueRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterIssues)
      .values({
        ...fields,
        sourceKey: `written-${randomUUID()}`,
        coverPath: coverPath || null,
        coverAlt: coverPath ? coverAlt : null,
        editedAt: sql`now()`,
        editedBy: actor,
      })
      .returning();
    await recordAudit(tx, actor, "newsletter-started", { issue: row!.id, topic: row!.topic });
    return row!;
  });
}

export const saveIssue = (db: Database, actor: string, id: number, expected: number, fields: IssueFields) =>
  changeIssue(db, actor, id, expected, ["draft", "scheduled"], "newsletter-edited", async () => fields);

export const scheduleIssue = (db: Database, actor: string, id: number, expected: number, at: Date) =>
  changeIssue(db, actor, id, expected, ["draft", "scheduled"], "newsletter-scheduled", async (tx) => {
    await enqueue(tx, [{ kind: START_ISSUE_JOB, recipient: null, payload: { issueId: id, at: at.toISOString() }, runAfter: at }]);
    return { status: "scheduled", scheduledAt: at };
  });

export const unscheduleIssue = (db: Database, actor: string, id: number, expected: number) =>
  changeIssue(db, actor, id, expected, ["scheduled"], "newsletter-unscheduled", async () => ({ status: "draft", scheduledAt: null }));

export async function deleteIssue(db: Database, actor: string, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(newsletterIssues)
      .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.status, ["draft", "scheduled"])))
      .returning({ id: newsletterIssues.id });
    if (deleted.length === 0) return false;
    await recordAudit(tx, actor, "newsletter-deleted", { issue: id });
    return true;
  });
}

export interface SendOptions {
  /** NEWSLETTER_RATE_PER_MINUTE; 0 sends as fast as the outbox goes. */
  ratePerMinute: number;
  /** The audiences other features registered (server/services.ts). */
  audiences: NewsletterAudiences;
}

/**
 * Queues one copy per subscriber the issue's topic may go to, not suppressed: a delivery row and an outbox job each,
 * due one after another at the rate. Returns the number queued, or null when the issue is not (or no longer) waiting
 * to be sent: a second click, a second instance or a second run of the scheduled job queues nothing.
 */
async function queueCopies(
  tx: Transaction,
  actor: string,
  row: IssueRow,
  { ratePerMinute, audiences }: SendOptions,
): Promise<{ recipients: number; released: ReleasedRedirect[] }> {
  const spacingMs = ratePerMinute > 0 ? 60_000 / ratePerMinute : 0;
  const audience = audienceOfTopic(audiences, row.topic);
  if (audience) {
    // A notice to an audience of its own (a roadmap item's requesters and voters): no archive number, it is not an
    // issue of the newsletter.
    await tx
      .update(newsletterIssues)
      .set({ status: "sending", queuedAt: sql`now()`, scheduledAt: null })
      .where(eq(newsletterIssues.id, row.id));
    const recipients = await audience.queue(tx, row, spacingMs, COPY_PRIORITY);
    await tx.update(newsletterIssues).set({ recipientCount: recipients }).where(eq(newsletterIssues.id, row.id));
    return { recipients, released: [] };
  }
  // Numbers are given one send at a time, so two issues sent at once never take the same.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('newsletter-issue-number'))`);
  const [numbered] = rowsOf<{ next: number }>(await tx.execute(sql`SELECT coalesce(max(number), 0) + 1 AS next FROM ${newsletterIssues}`));
  const number = Number(numbered!.next);
  await tx
    .update(newsletterIssues)
    .set({ status: "sending", queuedAt: sql`now()`, scheduledAt: null, number })
    .where(eq(newsletterIssues.id, row.id));
  // Its archive page takes the address from any redirect saved there before the issue had it (decision 034).
  const released = await releaseRedirects(tx, actor, archiveIssuePath(number), "issue");
  const queued = rowsOf<{ n: string | number }>(
    await tx.execute(sql`
      WITH recipients AS (
        INSERT INTO newsletter_deliveries (issue_id, subscriber_id)
        SELECT ${row.id}, s.id FROM newsletter_subscribers s
        WHERE s.status = 'confirmed' AND ${coveredBy(row.topic)}
          AND NOT EXISTS (SELECT 1 FROM email_suppressions x WHERE x.email = lower(s.email))
        ON CONFLICT DO NOTHING
        RETURNING subscriber_id
      ), jobs AS (
        INSERT INTO outbox (kind, recipient, payload, run_after, due_at, priority)
        SELECT ${SEND_COPY_JOB}, email, payload, due, due, ${COPY_PRIORITY} FROM (
          SELECT s.email, jsonb_build_object('issueId', ${row.id}::bigint, 'subscriberId', s.id) AS payload,
            now() + make_interval(secs => (row_number() OVER (ORDER BY s.id) - 1) * ${spacingMs / 1000}::float8) AS due
          FROM recipients r JOIN newsletter_subscribers s ON s.id = r.subscriber_id
        ) AS copies
        RETURNING 1
      )
      SELECT count(*) AS n FROM jobs`),
  );
  const recipients = Number(queued[0]?.n ?? 0);
  await tx.update(newsletterIssues).set({ recipientCount: recipients }).where(eq(newsletterIssues.id, row.id));
  // The archive (/newsletter) shows it from now on: every instance drops its cached pages.
  await notifyChanged(tx);
  return { recipients, released };
}

/** "Send now": the editor's click. */
export async function sendIssue(db: Database, actor: string, id: number, expected: number, options: SendOptions) {
  let queued: Awaited<ReturnType<typeof queueCopies>> = { recipients: 0, released: [] };
  const result = await changeIssue(db, actor, id, expected, ["draft", "scheduled"], "newsletter-sent", async (tx, row) => {
    queued = await queueCopies(tx, actor, row, options);
    return {};
  });
  return { ...result, ...queued };
}

/** The scheduled start's job: sends the issue if it is still scheduled for that time (moved or cancelled: nothing). */
export async function startScheduledIssue(db: Database, payload: unknown, options: SendOptions): Promise<void> {
  const { issueId, at } = payload as { issueId: number; at: string };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterIssues)
      .where(
        and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "scheduled"), eq(newsletterIssues.scheduledAt, new Date(at))),
      )
      .for("update");
    if (!row) return;
    const { recipients } = await queueCopies(tx, SYSTEM_ACTOR, row, options);
    await tx
      .update(newsletterIssues)
      .set({ version: row.version + 1 })
      .where(eq(newsletterIssues.id, issueId));
    await recordAudit(tx, SYSTEM_ACTOR, "newsletter-sent", { issue: issueId, recipients, scheduled: at });
  });
}

// ---- The public archive ----

const archiveColumns = {
  number: newsletterIssues.number,
  subject: newsletterIssues.subject,
  preheader: newsletterIssues.preheader,
  title: newsletterIssues.title,
  excerpt: newsletterIssues.excerpt,
  linkPath: newsletterIssues.linkPath,
  coverPath: newsletterIssues.coverPath,
  coverAlt: newsletterIssues.coverAlt,
  topic: newsletterIssues.topic,
  queuedAt: newsletterIssues.queuedAt,
};

/** Every issue that went out, newest first: what a subscriber would have received. */
export async function archivedIssues(db: Database): Promise<ArchivedIssue[]> {
  const rows = await db
    .select(archiveColumns)
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "sending"), isNotNull(newsletterIssues.number)))
    .orderBy(desc(newsletterIssues.number));
  return rows as ArchivedIssue[];
}

export async function archivedIssue(db: Database, number: number): Promise<ArchivedIssue | undefined> {
  const [row] = await db
    .select(archiveColumns)
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "sending"), eq(newsletterIssues.number, number)));
  return row as ArchivedIssue | undefined;
}
