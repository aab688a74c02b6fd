// The structured content's rows (docs/decisions/035): the first import, drafts, publication now or at a time (through
// the outbox, once), revisions and restore. Every change is made over the version the editor opened; a change that
// reaches the pages tells every instance (NOTIFY), which drops what it cached.
import { and, desc, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { recordAudit } from "~/lib/console/audit.server";
import type { Database, Transaction } from "~/lib/db/client.server";
import { resourceUploads, siteContent, siteContentRevisions, type SiteContentRow } from "./tables";
import type { FieldErrors } from "~/lib/editor/answer";
import { enqueue } from "~/lib/jobs/outbox.server";
import { todayIso } from "~/lib/dates";
import { collectionOf, COLLECTION_NAMES, initialContent, isCollectionName, type CollectionName, type SiteContent } from "./collections";
import { publishProblems } from "./rules";
import type { ResourceEntry } from "./resources-collection";
import { notifyContentChanged as notifyChanged } from "./changes.server";
import { runPublishHooks, type PublishHooks } from "./publish-hooks";

export const CONTENT_PUBLISH_JOB = "content:publish";
export const REVISIONS_KEPT = 20;

type Executor = Database | Transaction;

/**
 * What app/content/ holds, imported once per collection as its first publication (like the first posts): a row that
 * exists is never overwritten, so a restart or a new instance changes nothing an editor did. The number imported.
 */
export async function seedSiteContent(db: Database): Promise<number> {
  const initial = initialContent();
  let imported = 0;
  for (const name of COLLECTION_NAMES) {
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(siteContent)
        .values({ collection: name, published: initial[name], editedBy: "system" })
        .onConflictDoNothing()
        .returning();
      if (rows[0]) {
        await keepRevision(tx, name, rows[0].version, initial[name], "published", "system");
        imported += 1;
      }
    });
  }
  return imported;
}

/** The published content of every collection; one not imported yet shows what app/content/ holds. */
export async function loadPublished(db: Executor): Promise<SiteContent> {
  const content = initialContent() as Record<CollectionName, unknown[]>;
  for (const row of await db.select({ collection: siteContent.collection, published: siteContent.published }).from(siteContent)) {
    if (isCollectionName(row.collection) && Array.isArray(row.published)) content[row.collection] = row.published;
  }
  return content as SiteContent;
}

export async function findContent(db: Executor, name: CollectionName): Promise<SiteContentRow | undefined> {
  const [row] = await db.select().from(siteContent).where(eq(siteContent.collection, name));
  return row;
}

/** What the editor opens, and what a preview shows: the draft, else what goes live next, else what is live. */
export const workingCopy = (row: SiteContentRow): unknown[] => (row.draft ?? row.scheduled ?? row.published) as unknown[];

async function keepRevision(
  tx: Executor,
  name: CollectionName,
  version: number,
  document: unknown,
  kind: "draft" | "published",
  actor: string,
) {
  await tx.insert(siteContentRevisions).values({ collection: name, version, document, kind, actor });
  await tx.execute(sql`
    DELETE FROM ${siteContentRevisions} WHERE collection = ${name} AND id NOT IN (
      SELECT id FROM ${siteContentRevisions} WHERE collection = ${name} ORDER BY id DESC LIMIT ${REVISIONS_KEPT})`);
}

export type ChangeResult =
  | { status: "done"; row: SiteContentRow }
  | { status: "conflict"; row: SiteContentRow }
  | { status: "refused"; errors: FieldErrors }
  | { status: "gone" };

/**
 * Holds every other publication of content until this transaction ends. The rules read other collections (a plan may sell
 * only what the roadmap calls completed): checked and written under one lock, two editors publishing the plans and the
 * roadmap at the same instant cannot each pass against what the other is replacing.
 */
const lockContentPublications = (tx: Transaction) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('site_content:publish'))`);

/**
 * Runs a change over version `expected` of the collection's row, locked: a change from an older version does nothing.
 * With `rules`, the entries are checked against the content as published at that moment, under the publication lock.
 */
async function change(
  db: Database,
  name: CollectionName,
  expected: number,
  apply: (tx: Transaction, current: SiteContentRow) => Promise<PgUpdateSetSource<typeof siteContent>>,
  actor: string,
  rules?: { entries: unknown[]; today: string },
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    if (rules) await lockContentPublications(tx);
    const [current] = await tx.select().from(siteContent).where(eq(siteContent.collection, name)).for("update");
    if (!current) return { status: "gone" as const };
    if (current.version !== expected) return { status: "conflict" as const, row: current };
    if (rules) {
      const errors = publishProblems(name, rules.entries, rules.today, await loadPublished(tx));
      if (Object.keys(errors).length > 0) return { status: "refused" as const, errors };
    }
    const set = await apply(tx, current);
    const [row] = await tx
      .update(siteContent)
      .set({ ...set, version: current.version + 1, editedAt: sql`now()`, editedBy: actor })
      .where(eq(siteContent.collection, name))
      .returning();
    return { status: "done" as const, row: row! };
  });
}

/** Saves a draft: nothing on the pages changes. */
export const saveDraft = (db: Database, actor: string, name: CollectionName, expected: number, entries: unknown[]) =>
  change(
    db,
    name,
    expected,
    async (tx, current) => {
      await keepRevision(tx, name, current.version + 1, entries, "draft", actor);
      return { draft: entries };
    },
    actor,
  );

/** What publishing `entries` writes, in the change's transaction: the revision, the audit line, the hooks, the notice. */
const publication =
  (hooks: PublishHooks, name: CollectionName, entries: unknown[], actor: string) =>
  async (tx: Transaction, current: SiteContentRow): Promise<PgUpdateSetSource<typeof siteContent>> => {
    await keepRevision(tx, name, current.version + 1, entries, "published", actor);
    await recordAudit(tx, actor, "content-published", { collection: name, version: current.version + 1 });
    await runPublishHooks(hooks, name, tx, entries, current.published as unknown[]);
    await notifyChanged(tx);
    return { published: entries, draft: null, scheduled: null, publishAt: null, publishError: null, publishedAt: sql`now()` };
  };

/** Publishes now, when the copy rules hold: live on every page that shows the collection, on every instance. */
export async function publishNow(
  db: Database,
  hooks: PublishHooks,
  actor: string,
  name: CollectionName,
  expected: number,
  entries: unknown[],
  today = todayIso(),
) {
  // The plans and the roadmap are checked against each other as published (rules.ts), inside the change.
  return change(db, name, expected, publication(hooks, name, entries, actor), actor, { entries, today });
}

/**
 * Publishes at `at` through the outbox (the durable jobs the mail and the blog's schedule use), on whichever instance is
 * up. The rules are checked now and again when the time comes (a date may have passed meanwhile).
 */
export async function schedule(db: Database, actor: string, name: CollectionName, expected: number, entries: unknown[], at: Date) {
  const errors = publishProblems(name, entries, todayIso(at), await loadPublished(db));
  if (Object.keys(errors).length > 0) return { status: "refused", errors } satisfies ChangeResult;
  return change(
    db,
    name,
    expected,
    async (tx, current) => {
      await keepRevision(tx, name, current.version + 1, entries, "draft", actor);
      await enqueue(tx, [
        { kind: CONTENT_PUBLISH_JOB, recipient: null, payload: { collection: name, at: at.toISOString() }, runAfter: at },
      ]);
      await recordAudit(tx, actor, "content-scheduled", { collection: name, at: at.toISOString() });
      return { draft: null, scheduled: entries, publishAt: at, publishError: null };
    },
    actor,
  );
}

/** Takes the scheduled publication off: its job, run at its time, finds nothing scheduled for it and changes nothing. */
export const unschedule = (db: Database, actor: string, name: CollectionName, expected: number) =>
  change(
    db,
    name,
    expected,
    async (tx, current) => {
      await recordAudit(tx, actor, "content-unscheduled", { collection: name });
      return { draft: current.draft ?? current.scheduled, scheduled: null, publishAt: null };
    },
    actor,
  );

/**
 * The scheduled publication's job: publishes the collection if it is still scheduled for that time, once however many
 * instances run it (the row's update is conditional). Refused by a rule that broke meanwhile, it says why in the editor.
 */
export async function publishScheduledContent(db: Database, hooks: PublishHooks, payload: unknown): Promise<void> {
  const { collection, at } = payload as { collection: string; at: string };
  if (!isCollectionName(collection)) return;
  await db.transaction(async (tx) => {
    await lockContentPublications(tx);
    const [row] = await tx
      .select()
      .from(siteContent)
      .where(and(eq(siteContent.collection, collection), eq(siteContent.publishAt, new Date(at))))
      .for("update");
    if (!row?.scheduled) return;
    const errors = publishProblems(collection, row.scheduled as unknown[], todayIso(), await loadPublished(tx));
    if (Object.keys(errors).length > 0) {
      const reason = `Not published at its time: ${Object.values(errors)[0]}`;
      await tx
        .update(siteContent)
        .set({ publishError: reason.slice(0, 500), draft: row.draft ?? row.scheduled, scheduled: null, publishAt: null })
        .where(eq(siteContent.collection, collection));
      return;
    }
    await tx
      .update(siteContent)
      .set({
        published: row.scheduled,
        scheduled: null,
        publishAt: null,
        publishError: null,
        publishedAt: sql`now()`,
        version: row.version + 1,
      })
      .where(eq(siteContent.collection, collection));
    await keepRevision(tx, collection, row.version + 1, row.scheduled, "published", "system");
    await recordAudit(tx, "system", "content-published", { collection, scheduled: at });
    await runPublishHooks(hooks, collection, tx, row.scheduled as unknown[], row.published as unknown[]);
    await notifyChanged(tx);
  });
}

export function revisionsOf(db: Database, name: CollectionName) {
  return db
    .select({
      id: siteContentRevisions.id,
      version: siteContentRevisions.version,
      kind: siteContentRevisions.kind,
      actor: siteContentRevisions.actor,
      createdAt: siteContentRevisions.createdAt,
    })
    .from(siteContentRevisions)
    .where(eq(siteContentRevisions.collection, name))
    .orderBy(desc(siteContentRevisions.id))
    .limit(REVISIONS_KEPT);
}

/** Puts a kept revision back as the draft (publishing it is a step of its own). */
export async function restoreRevision(db: Database, actor: string, name: CollectionName, expected: number, revisionId: number) {
  const [revision] = await db
    .select()
    .from(siteContentRevisions)
    .where(and(eq(siteContentRevisions.id, revisionId), eq(siteContentRevisions.collection, name)));
  if (!revision) return { status: "gone" } satisfies ChangeResult;
  const parsed = collectionOf(name).schema.safeParse(revision.document);
  if (!parsed.success) return { status: "gone" } satisfies ChangeResult;
  return change(
    db,
    name,
    expected,
    async (tx, current) => {
      await keepRevision(tx, name, current.version + 1, parsed.data, "draft", actor);
      await recordAudit(tx, actor, "content-restored", { collection: name, revision: revision.version });
      return { draft: parsed.data };
    },
    actor,
  );
}

/** A resource's file an import brings (`npm run content:import`), judged by its bytes already. */
export type ImportedFile = typeof resourceUploads.$inferInsert;

/**
 * Replaces every collection's published content (`npm run content:import`), whole or not at all: each collection
 * checked by its schema, then the files the resources need (`filesFor`, handed the checked resources: read and judged,
 * stored by nobody yet), then every collection by the rules against the others as they will be once the whole import
 * is in. Only then, in one transaction under the publications' lock, the files and every collection are written and
 * every instance told. Any problem throws, naming the collection, and leaves the database as it was.
 */
export async function importContent(
  db: Database,
  hooks: PublishHooks,
  actor: string,
  content: Partial<Record<CollectionName, unknown>>,
  filesFor: (resources: ResourceEntry[]) => Promise<ImportedFile[]> = async () => [],
) {
  const checked: [CollectionName, unknown[]][] = [];
  for (const name of COLLECTION_NAMES) {
    if (content[name] === undefined) continue;
    const parsed = collectionOf(name).schema.safeParse(content[name]);
    if (!parsed.success)
      throw new Error(`${name}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`);
    checked.push([name, parsed.data]);
  }
  const resources = checked.find(([name]) => name === "resources")?.[1] as ResourceEntry[] | undefined;
  const files = resources ? await filesFor(resources) : [];
  return db.transaction(async (tx) => {
    await lockContentPublications(tx);
    // Each collection is checked against the others as they will be once the whole file is in (the plans and the roadmap).
    const after = { ...(await loadPublished(tx)), ...Object.fromEntries(checked) } as SiteContent;
    for (const [name, entries] of checked) {
      const errors = publishProblems(name, entries, todayIso(), after);
      if (Object.keys(errors).length > 0)
        throw new Error(
          `${name}: ${Object.entries(errors)
            .map(([field, message]) => `${field}: ${message}`)
            .join("; ")}`,
        );
    }
    await seedSiteContent(tx);
    if (files.length > 0) await tx.insert(resourceUploads).values(files).onConflictDoNothing();
    for (const [name, entries] of checked) {
      const row = (await findContent(tx, name))!;
      // Checked above against the whole import; each publication's own check would see the others half-written.
      const result = await change(tx, name, row.version, publication(hooks, name, entries, actor), actor);
      if (result.status !== "done") throw new Error(`${name}: changed while importing, try again`);
    }
    return checked.map(([name]) => name);
  });
}
