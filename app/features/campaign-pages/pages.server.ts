// The campaign pages' rows (docs/decisions/047): created at a free address, drafts, publication now or at a time
// (through the outbox, once), unpublishing, revisions and restore, as the structured content's (decision 035). Every
// change is made over the version the editor opened; a change that reaches the public pages tells every instance
// (the content's NOTIFY), which drops its pages and what it cached.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { holdAddressChanges, redirectFrom, type ContentPages, type LivePaths } from "~/features/redirects/index.server";
import { notifyContentChanged } from "~/features/site-content/index.server";
import { recordAudit } from "~/lib/console/audit.server";
import { todayIso } from "~/lib/dates";
import type { Database, Transaction } from "~/lib/db/client.server";
import type { FieldErrors } from "~/lib/editor/answer";
import { enqueue } from "~/lib/jobs/outbox.server";
import type { BlockContent } from "./blocks";
import { CampaignPageSchema, emptyPage, pageAddress, type CampaignPage } from "./document";
import { pageProblems } from "./rules";
import { campaignPageRevisions, campaignPages, experiments, type CampaignPageRow } from "./tables";

export const CAMPAIGN_PAGE_PUBLISH_JOB = "campaign-page:publish";
export const REVISIONS_KEPT = 20;

type Executor = Database | Transaction;

/** What the rules read besides the page: the site's published content, as of the publication. */
export type ContentOf = (db: Executor) => Promise<BlockContent>;

export const workingCopy = (row: CampaignPageRow): CampaignPage => CampaignPageSchema.parse(row.draft ?? row.scheduled ?? row.published);

export async function listPages(db: Database) {
  return db.select().from(campaignPages).orderBy(desc(campaignPages.editedAt));
}

export async function findPage(db: Executor, id: number): Promise<CampaignPageRow | undefined> {
  const [row] = await db.select().from(campaignPages).where(eq(campaignPages.id, id));
  return row;
}

/** Of `paths` (router paths: lower case), the pages that hold them, in any state. */
export async function pagesAt(db: Executor, paths: readonly string[]) {
  if (paths.length === 0) return [];
  return db
    .select({ id: campaignPages.id, path: campaignPages.path, live: sql<boolean>`${campaignPages.published} IS NOT NULL` })
    .from(campaignPages)
    .where(
      sql`lower(${campaignPages.path}) IN (${sql.join(
        paths.map((path) => sql`${path}`),
        sql`, `,
      )})`,
    );
}

/** What holds an address already, in words, or undefined: a page of the site, a post, a redirect, another campaign page. */
async function holderOf(tx: Transaction, live: LivePaths, path: string): Promise<string | undefined> {
  const owner = await live.ownerOf(tx as unknown as Database, path);
  if (owner) return owner;
  if (live.routed(path)) return "an address the site's own pages answer";
  if (await redirectFrom(tx, path)) return "the old address of a redirect (in Redirects)";
  return undefined;
}

/**
 * A campaign page's address answers with its row (decision 047): the redirect manager and the other editors ask here
 * before they take one, in any state of the page (a draft holds its address too).
 */
export const campaignPageAddresses: ContentPages = {
  route: "/*",
  keyOf: (routerPath) => routerPath.replace(/\/+$/, ""),
  async owners(db, paths, live) {
    const owners = new Map<string, string>();
    for (const page of await pagesAt(db, paths)) {
      if (live && !page.live) continue;
      owners.set(page.path.toLowerCase(), page.live ? "a live campaign page" : "a campaign page (in the editor)");
    }
    return owners;
  },
};

export type CreateResult = { status: "done"; row: CampaignPageRow } | { status: "refused"; errors: FieldErrors };

/** A new page, in draft, at an address nothing else holds in any letter case; the address is taken from now on. */
export async function createPage(db: Database, live: LivePaths, actor: string, typedPath: string, title: string): Promise<CreateResult> {
  const address = pageAddress(typedPath);
  const errors: FieldErrors = {};
  if ("error" in address) errors.path = address.error;
  if (!title.trim()) errors.title = "Give the page a title: the editor's list names it by that.";
  if ("error" in address || Object.keys(errors).length > 0) return { status: "refused", errors };
  const { path } = address;
  return db.transaction(async (tx) => {
    await holdAddressChanges(tx);
    const holder = await holderOf(tx, live, path);
    if (holder) return { status: "refused", errors: { path: `${path} is already ${holder}. Choose another address.` } } as const;
    const [row] = await tx
      .insert(campaignPages)
      .values({ path, draft: emptyPage(title.trim().slice(0, 60)), editedBy: actor })
      .onConflictDoNothing()
      .returning();
    if (!row) return { status: "refused", errors: { path: `${path} is already a campaign page. Choose another address.` } } as const;
    await keepRevision(tx, row.id, row.version, row.draft, "draft", actor);
    await recordAudit(tx, actor, "campaign-page-created", { page: row.id, path });
    return { status: "done", row } as const;
  });
}

async function keepRevision(tx: Executor, pageId: number, version: number, document: unknown, kind: "draft" | "published", actor: string) {
  await tx.insert(campaignPageRevisions).values({ pageId, version, document, kind, actor });
  await tx.execute(sql`
    DELETE FROM ${campaignPageRevisions} WHERE page_id = ${pageId} AND id NOT IN (
      SELECT id FROM ${campaignPageRevisions} WHERE page_id = ${pageId} ORDER BY id DESC LIMIT ${REVISIONS_KEPT})`);
}

export type ChangeResult =
  | { status: "done"; row: CampaignPageRow }
  | { status: "conflict"; row: CampaignPageRow }
  | { status: "refused"; errors: FieldErrors }
  | { status: "gone" };

/**
 * Runs a change over version `expected` of the page's row, locked: a change from an older version does nothing. With
 * `rules`, the page is checked against the content as published at that moment.
 */
async function change(
  db: Database,
  id: number,
  expected: number,
  apply: (tx: Transaction, current: CampaignPageRow) => Promise<PgUpdateSetSource<typeof campaignPages> | FieldErrors>,
  actor: string,
  rules?: { page: CampaignPage; today: string; contentOf: ContentOf },
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(campaignPages).where(eq(campaignPages.id, id)).for("update");
    if (!current) return { status: "gone" as const };
    if (current.version !== expected) return { status: "conflict" as const, row: current };
    if (rules) {
      const errors = pageProblems(rules.page, await rules.contentOf(tx), rules.today);
      if (Object.keys(errors).length > 0) return { status: "refused" as const, errors };
    }
    const set = await apply(tx, current);
    if (isErrors(set)) return { status: "refused" as const, errors: set };
    const [row] = await tx
      .update(campaignPages)
      .set({ ...set, version: current.version + 1, editedAt: sql`now()`, editedBy: actor })
      .where(eq(campaignPages.id, id))
      .returning();
    return { status: "done" as const, row: row! };
  });
}

const SET_REFUSED = Symbol("refused");
const isErrors = (value: object): value is FieldErrors => SET_REFUSED in value;
/** A refusal found inside the change (an experiment in the way): the change writes nothing. */
const refusal = (errors: FieldErrors): FieldErrors => Object.assign(errors, { [SET_REFUSED]: true });

/** Saves a draft: nothing public changes. */
export const saveDraft = (db: Database, actor: string, id: number, expected: number, page: CampaignPage) =>
  change(
    db,
    id,
    expected,
    async (tx, current) => {
      await keepRevision(tx, id, current.version + 1, page, "draft", actor);
      return { draft: page };
    },
    actor,
  );

/** A running experiment's block must stay on the page, of its type: its variants are that block's fields. */
async function experimentProblems(tx: Executor, id: number, page: CampaignPage): Promise<FieldErrors> {
  const running = await tx
    .select({ blockId: experiments.blockId, name: experiments.name })
    .from(experiments)
    .where(and(eq(experiments.pageId, id), isNull(experiments.stoppedAt)));
  const errors: FieldErrors = {};
  for (const experiment of running) {
    if (!page.blocks.some((block) => block.id === experiment.blockId))
      errors.blocks = `The experiment “${experiment.name}” runs on a block this version removes: stop it first.`;
  }
  return errors;
}

/** What publishing `page` writes, in the change's transaction: the revision, the audit line, the notice. */
const publication =
  (page: CampaignPage, actor: string) =>
  async (tx: Transaction, current: CampaignPageRow): Promise<PgUpdateSetSource<typeof campaignPages> | FieldErrors> => {
    const blocked = await experimentProblems(tx, current.id, page);
    if (Object.keys(blocked).length > 0) return refusal(blocked);
    await keepRevision(tx, current.id, current.version + 1, page, "published", actor);
    await recordAudit(tx, actor, "campaign-page-published", { page: current.id, path: current.path, version: current.version + 1 });
    await notifyContentChanged(tx);
    return { published: page, draft: null, scheduled: null, publishAt: null, publishError: null, publishedAt: sql`now()` };
  };

/** Publishes now, when the rules hold: live at its address on every instance. */
export function publishNow(
  db: Database,
  contentOf: ContentOf,
  actor: string,
  id: number,
  expected: number,
  page: CampaignPage,
  today = todayIso(),
) {
  return change(db, id, expected, publication(page, actor), actor, { page, today, contentOf });
}

/** Publishes at `at` through the outbox, on whichever instance is up; the rules are checked now and again then. */
export async function schedule(
  db: Database,
  contentOf: ContentOf,
  actor: string,
  id: number,
  expected: number,
  page: CampaignPage,
  at: Date,
) {
  const errors = pageProblems(page, await contentOf(db), todayIso(at));
  if (Object.keys(errors).length > 0) return { status: "refused", errors } satisfies ChangeResult;
  return change(
    db,
    id,
    expected,
    async (tx, current) => {
      await keepRevision(tx, id, current.version + 1, page, "draft", actor);
      await enqueue(tx, [{ kind: CAMPAIGN_PAGE_PUBLISH_JOB, recipient: null, payload: { page: id, at: at.toISOString() }, runAfter: at }]);
      await recordAudit(tx, actor, "campaign-page-scheduled", { page: id, path: current.path, at: at.toISOString() });
      return { draft: null, scheduled: page, publishAt: at, publishError: null };
    },
    actor,
  );
}

/** Takes the scheduled publication off: its job finds nothing scheduled for its time and changes nothing. */
export const unschedule = (db: Database, actor: string, id: number, expected: number) =>
  change(
    db,
    id,
    expected,
    async (tx, current) => {
      await recordAudit(tx, actor, "campaign-page-unscheduled", { page: id, path: current.path });
      return { draft: current.draft ?? current.scheduled, scheduled: null, publishAt: null };
    },
    actor,
  );

/** Takes the page off the site (its address answers 404 again, and stays the page's); what was live becomes the draft. */
export const unpublish = (db: Database, actor: string, id: number, expected: number) =>
  change(
    db,
    id,
    expected,
    async (tx, current) => {
      if (!current.published) return refusal({ page: "The page is not live." });
      const [running] = await tx
        .select({ name: experiments.name })
        .from(experiments)
        .where(and(eq(experiments.pageId, id), isNull(experiments.stoppedAt)));
      if (running) return refusal({ page: `The experiment “${running.name}” runs on this page: stop it first.` });
      await recordAudit(tx, actor, "campaign-page-unpublished", { page: id, path: current.path });
      await notifyContentChanged(tx);
      return { published: null, draft: current.draft ?? current.published, publishedAt: null };
    },
    actor,
  );

/** The scheduled publication's job: publishes the page if it is still scheduled for that time, once on any instance. */
export async function publishScheduledPage(db: Database, contentOf: ContentOf, payload: unknown): Promise<void> {
  const { page: id, at } = payload as { page: number; at: string };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(campaignPages)
      .where(and(eq(campaignPages.id, Number(id)), eq(campaignPages.publishAt, new Date(at))))
      .for("update");
    if (!row?.scheduled) return;
    const page = CampaignPageSchema.parse(row.scheduled);
    const errors = { ...pageProblems(page, await contentOf(tx), todayIso()), ...(await experimentProblems(tx, row.id, page)) };
    if (Object.keys(errors).length > 0) {
      const reason = `Not published at its time: ${Object.values(errors)[0]}`;
      await tx
        .update(campaignPages)
        .set({ publishError: reason.slice(0, 500), draft: row.draft ?? row.scheduled, scheduled: null, publishAt: null })
        .where(eq(campaignPages.id, row.id));
      return;
    }
    await tx
      .update(campaignPages)
      .set({ published: page, scheduled: null, publishAt: null, publishError: null, publishedAt: sql`now()`, version: row.version + 1 })
      .where(eq(campaignPages.id, row.id));
    await keepRevision(tx, row.id, row.version + 1, page, "published", "system");
    await recordAudit(tx, "system", "campaign-page-published", { page: row.id, path: row.path, scheduled: at });
    await notifyContentChanged(tx);
  });
}

export function revisionsOf(db: Database, id: number) {
  return db
    .select({
      id: campaignPageRevisions.id,
      version: campaignPageRevisions.version,
      kind: campaignPageRevisions.kind,
      actor: campaignPageRevisions.actor,
      createdAt: campaignPageRevisions.createdAt,
    })
    .from(campaignPageRevisions)
    .where(eq(campaignPageRevisions.pageId, id))
    .orderBy(desc(campaignPageRevisions.id))
    .limit(REVISIONS_KEPT);
}

/** Puts a kept revision back as the draft (publishing it is a step of its own). */
export async function restoreRevision(db: Database, actor: string, id: number, expected: number, revisionId: number) {
  const [revision] = await db
    .select()
    .from(campaignPageRevisions)
    .where(and(eq(campaignPageRevisions.id, revisionId), eq(campaignPageRevisions.pageId, id)));
  const parsed = CampaignPageSchema.safeParse(revision?.document);
  if (!revision || !parsed.success) return { status: "gone" } satisfies ChangeResult;
  return change(
    db,
    id,
    expected,
    async (tx, current) => {
      await keepRevision(tx, id, current.version + 1, parsed.data, "draft", actor);
      await recordAudit(tx, actor, "campaign-page-restored", { page: id, path: current.path, revision: revision.version });
      return { draft: parsed.data };
    },
    actor,
  );
}
