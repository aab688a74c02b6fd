import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, getTableColumns, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/lib/db/client.server";
import { blogFiles, blogPostRevisions, blogPosts, blogPreviewLinks, blogSlugRedirects, POST_FIELDS, type PostFields } from "./tables";
import type { AuditAction } from "~/lib/db/schema/console";
import { rowsOf } from "~/lib/db/rows.server";
import { blogPostPath } from "~/content/paths";
import { releaseRedirects, type ReleasedRedirect } from "~/features/redirects/index.server";
import { BLOG_CHANNEL, notifyChanged } from "./changes.server";
import { COVER_URL_DIR, coverRenditions } from "./cover-files.server";
import { recordAudit } from "~/lib/console/audit.server";
import { enqueue } from "~/lib/jobs/outbox.server";
import { postHtml, toPost, type BlogContent } from "./snapshot.server";
import type { Post } from "./post";
import type { BlogPublishHooks } from "./publish-hooks";

// The blog's rows (docs/decisions/023): every change an editor makes is one transaction that also writes the
// revision, the audit line, the slug's redirect and the NOTIFY that tells every instance to drop what it cached.

export type PostRow = typeof blogPosts.$inferSelect;
type Executor = Database | Transaction;

export const REVISIONS_KEPT = 20;
export const BLOG_PUBLISH_JOB = "blog:publish";

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The row's fields (POST_FIELDS) without its state: what a revision keeps. */
export function fieldsOf(row: PostRow): PostFields {
  return Object.fromEntries(POST_FIELDS.map((name) => [name, row[name]])) as PostFields;
}

/** A row as the site shows it: the published post, or a draft as it would look (preview). */
export function rowToPost(row: PostRow, now = new Date()): Post {
  const date = isoDay(row.publishedAt ?? row.publishAt ?? now);
  return toPost({ ...row, date, updated: row.updatedAt ? isoDay(row.updatedAt) : undefined });
}

/** What makes a row's post what it is: any change of content, state or dates changes one of these. */
const postKey = (row: PostRow) => `${row.id}:${row.version}:${row.publishedAt?.getTime()}:${row.updatedAt?.getTime()}`;

/**
 * What the public site shows: the published posts, their former slugs, their covers' placeholders, and the slugs of
 * posts taken down (unpublished after a publication; a deleted post leaves no row to know it by). `converted`
 * keeps each row's post from the last load (sanitised, its text and words worked out): a change of one post converts
 * that post again, not the 500 others (0.4 s of a 2-core server's time at 500 posts).
 */
export async function loadPublished(db: Database, converted = new Map<string, Post>()): Promise<Omit<BlogContent, "version">> {
  const rows = await db.select().from(blogPosts).where(eq(blogPosts.status, "published"));
  const keys = new Set(rows.map(postKey));
  for (const key of converted.keys()) if (!keys.has(key)) converted.delete(key);
  const redirects = await db
    .select({ slug: blogSlugRedirects.slug, current: blogPosts.slug })
    .from(blogSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
    .where(eq(blogPosts.status, "published"));
  const takenDown = rowsOf<{ slug: string }>(
    await db.execute(sql`
      SELECT p.slug FROM ${blogPosts} p WHERE p.status <> 'published' AND p.published_at IS NOT NULL
      UNION SELECT r.slug FROM ${blogSlugRedirects} r JOIN ${blogPosts} p ON p.id = r.post_id
      WHERE p.status <> 'published' AND p.published_at IS NOT NULL`),
  );
  return {
    posts: rows.map((row) => {
      const key = postKey(row);
      let post = converted.get(key);
      if (!post) converted.set(key, (post = rowToPost(row)));
      return post;
    }),
    redirects: new Map(redirects.map((row) => [row.slug, row.current])),
    placeholders: new Map(rows.flatMap((row) => (row.coverPlaceholder ? [[row.slug, row.coverPlaceholder] as const] : []))),
    takenDown: new Set(takenDown.map((row) => row.slug)),
    featured: rows.find((row) => row.featured)?.slug,
  };
}

/** What the editor's list of posts shows of each. */
const LIST_COLUMNS = [
  "id",
  "title",
  "slug",
  "status",
  "featured",
  "publishAt",
  "publishedAt",
  "editedAt",
  "editedBy",
  "publishError",
] as const;
type ListColumn = (typeof LIST_COLUMNS)[number];
export type PostListItem = Pick<PostRow, ListColumn>;

export function listPosts(db: Database): Promise<PostListItem[]> {
  const columns = getTableColumns(blogPosts);
  return db
    .select(Object.fromEntries(LIST_COLUMNS.map((name) => [name, columns[name]])) as Pick<typeof columns, ListColumn>)
    .from(blogPosts)
    .orderBy(desc(blogPosts.editedAt), desc(blogPosts.id));
}

export async function findPost(db: Executor, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

export type SaveResult =
  /** `released`: redirects from the post's new address, deleted as it went live there (decision 034). */
  | { status: "saved"; row: PostRow; released?: ReleasedRedirect[] }
  | { status: "conflict"; row: PostRow }
  | { status: "slug-taken" }
  | { status: "gone" };

const SLUG_TAKEN = "blog_posts_slug_key";
function isSlugTaken(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return text.includes(SLUG_TAKEN);
}

async function keepRevision(tx: Executor, row: PostRow, actor: string) {
  await tx.insert(blogPostRevisions).values({ postId: row.id, version: row.version, fields: fieldsOf(row), actor });
  await tx.execute(sql`
    DELETE FROM ${blogPostRevisions} WHERE post_id = ${row.id} AND id NOT IN (
      SELECT id FROM ${blogPostRevisions} WHERE post_id = ${row.id} ORDER BY id DESC LIMIT ${REVISIONS_KEPT})`);
}

/** A published post's slug changed: its old URL answers a 301 to the new one, and the new one is nobody's redirect. */
async function redirectFormerSlug(tx: Executor, row: PostRow, newSlug: string) {
  await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.slug, newSlug));
  if (row.publishedAt && row.slug !== newSlug) {
    await tx
      .insert(blogSlugRedirects)
      .values({ slug: row.slug, postId: row.id })
      .onConflictDoUpdate({ target: blogSlugRedirects.slug, set: { postId: row.id } });
  }
}

export async function createPost(db: Database, actor: string, fields: PostFields): Promise<SaveResult> {
  try {
    return await db.transaction(async (tx) => {
      await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.slug, fields.slug));
      const [row] = await tx
        .insert(blogPosts)
        .values({ ...fields, html: postHtml(fields.content), editedBy: actor })
        .returning();
      await keepRevision(tx, row!, actor);
      return { status: "saved" as const, row: row! };
    });
  } catch (error) {
    if (isSlugTaken(error)) return { status: "slug-taken" };
    throw error;
  }
}

/**
 * Saves the editor's fields over version `expected`: a save made from an older version (another editor saved in
 * between) changes nothing and says so. A published post's change is live at once, with its "updated" date.
 */
export async function savePost(db: Database, actor: string, id: number, expected: number, fields: PostFields): Promise<SaveResult> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
      if (!current) return { status: "gone" as const };
      if (current.version !== expected) return { status: "conflict" as const, row: current };
      const live = current.status === "published";
      await redirectFormerSlug(tx, current, fields.slug);
      const [row] = await tx
        .update(blogPosts)
        .set({
          ...fields,
          html: postHtml(fields.content),
          version: current.version + 1,
          editedAt: sql`now()`,
          editedBy: actor,
          ...(live ? { updatedAt: sql`now()` } : {}),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      await keepRevision(tx, row!, actor);
      if (live) await notifyChanged(tx);
      // A live post moved to a new address takes it from any redirect saved there while it was free.
      const released = live && current.slug !== row!.slug ? await releaseRedirects(tx, actor, blogPostPath(row!.slug), "post") : [];
      return { status: "saved" as const, row: row!, released };
    });
  } catch (error) {
    if (isSlugTaken(error)) return { status: "slug-taken" };
    throw error;
  }
}

type Transition =
  { status: "done"; row: PostRow; released: ReleasedRedirect[] } | { status: "conflict"; row: PostRow } | { status: "gone" };

async function transition(
  db: Database,
  id: number,
  expected: number,
  change: (tx: Transaction, current: PostRow) => Promise<PgUpdateSetSource<typeof blogPosts>>,
  audit: { actor: string; action: AuditAction; detail?: Record<string, string> },
  hooks: BlogPublishHooks = {},
): Promise<Transition> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
    if (!current) return { status: "gone" as const };
    if (current.version !== expected) return { status: "conflict" as const, row: current };
    const set = await change(tx, current);
    const [row] = await tx
      .update(blogPosts)
      .set({ ...set, version: current.version + 1, editedAt: sql`now()`, editedBy: audit.actor })
      .where(eq(blogPosts.id, id))
      .returning();
    await recordAudit(tx, audit.actor, audit.action, { post: id, slug: row!.slug, title: row!.title, ...audit.detail });
    if (current.status === "published" || row!.status === "published") await notifyChanged(tx);
    // What other features do with a published post (the newsletter's draft, docs/decisions/025), in this transaction.
    if (row!.status === "published") for (const hook of hooks.onPublish ?? []) await hook(tx, row!);
    // Going live at its address takes it from any redirect saved there before the post existed (decision 034).
    const released =
      row!.status === "published" && current.status !== "published"
        ? await releaseRedirects(tx, audit.actor, blogPostPath(row!.slug), "post")
        : [];
    return { status: "done" as const, row: row!, released };
  });
}

export const publishPost = (db: Database, hooks: BlogPublishHooks, actor: string, id: number, expected: number) =>
  transition(
    db,
    id,
    expected,
    async (_tx, current) => ({
      status: "published",
      publishAt: null,
      publishError: null,
      publishedAt: current.publishedAt ?? sql`now()`,
      // A post published again after being taken down shows when it changed since its first publication.
      ...(current.publishedAt ? { updatedAt: sql`now()` } : {}),
    }),
    { actor, action: "post-published" },
    hooks,
  );

/** Goes live at `at` through the outbox (the same durable job mechanism as the mail), on whichever instance is up. */
export const schedulePost = (db: Database, actor: string, id: number, expected: number, at: Date) =>
  transition(
    db,
    id,
    expected,
    async (tx) => {
      await enqueue(tx, [{ kind: BLOG_PUBLISH_JOB, recipient: null, payload: { postId: id, at: at.toISOString() }, runAfter: at }]);
      return { status: "scheduled", publishAt: at, publishError: null };
    },
    { actor, action: "post-scheduled", detail: { at: at.toISOString() } },
  );

/**
 * Takes a scheduled post off the schedule: a draft again. Its job stays in the outbox and, run at its time, finds the
 * post no longer scheduled for it and changes nothing (publishScheduledPost).
 */
export const unschedulePost = (db: Database, actor: string, id: number, expected: number) =>
  transition(db, id, expected, async () => ({ status: "draft", publishAt: null, publishError: null }), {
    actor,
    action: "post-unscheduled",
  });

export const unpublishPost = (db: Database, actor: string, id: number, expected: number) =>
  transition(db, id, expected, async () => ({ status: "unpublished", publishAt: null }), { actor, action: "post-unpublished" });

/**
 * Makes a published post the one /blog shows first (`featured`), or gives the place back to the newest post. One at a
 * time: choosing a post takes the place from the one that had it (the table's partial unique index holds that too).
 */
export const featurePost = (db: Database, actor: string, id: number, expected: number, featured: boolean) =>
  transition(
    db,
    id,
    expected,
    async (tx) => {
      if (featured)
        await tx
          .update(blogPosts)
          .set({ featured: false })
          .where(and(eq(blogPosts.featured, true), ne(blogPosts.id, id)));
      return { featured };
    },
    { actor, action: featured ? "post-featured" : "post-unfeatured" },
  );

export async function deletePost(db: Database, actor: string, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!row) return false;
    await recordAudit(tx, actor, "post-deleted", { post: id, slug: row.slug, title: row.title });
    for (const name of [row.cover, row.socialImage]) {
      if (name) await tx.delete(blogFiles).where(sql`${blogFiles.path} LIKE ${`/images/blog/${name}%`}`);
    }
    if (row.status === "published") await notifyChanged(tx);
    return true;
  });
}

/**
 * The scheduled publication's job: publishes the post if it is still scheduled for that time. Run twice (a worker
 * killed after the commit, two instances), it changes nothing the second time; a post rescheduled or unpublished since
 * is left alone.
 */
export async function publishScheduledPost(db: Database, hooks: BlogPublishHooks, payload: unknown): Promise<void> {
  const { postId, at } = payload as { postId: number; at: string };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(blogPosts)
      .set({ status: "published", publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.publishAt})`, publishError: null })
      .where(and(eq(blogPosts.id, postId), eq(blogPosts.status, "scheduled"), eq(blogPosts.publishAt, new Date(at))))
      .returning();
    if (!row) return;
    await recordAudit(tx, "system", "post-published", { post: postId, slug: row.slug, title: row.title, scheduled: at });
    await releaseRedirects(tx, "system", blogPostPath(row.slug), "post");
    await notifyChanged(tx);
    for (const hook of hooks.onPublish ?? []) await hook(tx, row);
  });
}

/** A failed scheduled publication, shown on the post in the editor until one succeeds. */
export async function recordPublishError(db: Database, payload: unknown, error: string) {
  const { postId } = payload as { postId: number };
  await db
    .update(blogPosts)
    .set({ publishError: error.slice(0, 500) })
    .where(eq(blogPosts.id, postId));
}

export function revisionsOf(db: Database, id: number) {
  return db
    .select({
      id: blogPostRevisions.id,
      version: blogPostRevisions.version,
      actor: blogPostRevisions.actor,
      createdAt: blogPostRevisions.createdAt,
      title: sql<string>`${blogPostRevisions.fields}->>'title'`,
    })
    .from(blogPostRevisions)
    .where(eq(blogPostRevisions.postId, id))
    .orderBy(desc(blogPostRevisions.id))
    .limit(REVISIONS_KEPT);
}

export async function restoreRevision(db: Database, actor: string, id: number, expected: number, revisionId: number): Promise<SaveResult> {
  const [revision] = await db
    .select()
    .from(blogPostRevisions)
    .where(and(eq(blogPostRevisions.id, revisionId), eq(blogPostRevisions.postId, id)));
  if (!revision) return { status: "gone" };
  const result = await savePost(db, actor, id, expected, revision.fields);
  if (result.status === "saved")
    await recordAudit(db, actor, "post-restored", { post: id, slug: result.row.slug, title: result.row.title, revision: revision.version });
  return result;
}

// ---- Covers ----

export async function storeFiles(db: Database, files: { path: string; contentType: string; body: Buffer }[]) {
  if (files.length === 0) return;
  await db.insert(blogFiles).values(files).onConflictDoNothing();
}

/** An upload no post uses is kept this long first: its post may be saved a moment after it (editor.server.ts). */
export const UNUSED_FILE_GRACE_DAYS = 1;

/**
 * Deletes uploaded files that neither a post nor one of its kept revisions uses, as its cover or in its content, once
 * past the grace period: a cover replaced more than 20 revisions ago, or uploaded with a save that was refused.
 * Returns how many files (each cover has several renditions).
 */
export async function purgeUnusedFiles(db: Database | Transaction): Promise<number> {
  // Each file a cover has, by what follows its name in the path (coverRenditions: "-400.avif", ".jpg", …).
  const prefix = `${COVER_URL_DIR}/`;
  const suffixes = coverRenditions("").map((file) => sql`${file.path.slice(prefix.length)}`);
  const uses = (covers: SQL[], content: SQL) => sql`(
    f.path IN (SELECT ${prefix} || cover || suffix FROM unnest(ARRAY[${sql.join(suffixes, sql`, `)}]::text[]) AS suffix,
      unnest(ARRAY[${sql.join(covers, sql`, `)}]::text[]) AS cover WHERE cover IS NOT NULL)
    OR position(f.path in ${content}) > 0)`;
  const rows = rowsOf(
    await db.execute(sql`
      DELETE FROM ${blogFiles} AS f
      WHERE f.created_at < now() - make_interval(days => ${UNUSED_FILE_GRACE_DAYS})
        AND NOT EXISTS (SELECT 1 FROM ${blogPosts} AS p WHERE ${uses([sql`p.cover`, sql`p.social_image`], sql`p.content`)})
        AND NOT EXISTS (
          SELECT 1 FROM ${blogPostRevisions} AS r
          WHERE ${uses([sql`(r.fields->>'cover')`, sql`(r.fields->>'socialImage')`], sql`(r.fields->>'content')`)}
        )
      RETURNING 1`),
  );
  return rows.length;
}

export async function findFile(db: Database, path: string) {
  const [file] = await db
    .select({ contentType: blogFiles.contentType, body: blogFiles.body })
    .from(blogFiles)
    .where(eq(blogFiles.path, path));
  return file;
}

// ---- Preview links ----

export const PREVIEW_LINK_HOURS = 72;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new preview link. Its token is derived from the link's id with the site's key (`tokenOf`: BlogStore.previewToken),
 * so the editor's page can show the address again on any later visit while the table keeps only its hash.
 */
export async function createPreviewLink(
  db: Database,
  actor: string,
  postId: number,
  tokenOf: (linkId: number) => string,
  hours = PREVIEW_LINK_HOURS,
) {
  const expiresAt = new Date(Date.now() + hours * 3_600_000);
  const token = await db.transaction(async (tx) => {
    // The id comes first; the hash of a random token holds the row's place until the real one is known.
    const [link] = await tx
      .insert(blogPreviewLinks)
      .values({ tokenHash: hashToken(randomBytes(24).toString("base64url")), postId, createdBy: actor, expiresAt })
      .returning({ id: blogPreviewLinks.id });
    const token = tokenOf(link!.id);
    await tx
      .update(blogPreviewLinks)
      .set({ tokenHash: hashToken(token) })
      .where(eq(blogPreviewLinks.id, link!.id));
    const [post] = await tx.select({ slug: blogPosts.slug, title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.id, postId));
    await recordAudit(tx, actor, "preview-link", { post: postId, ...post, expires: expiresAt.toISOString() });
    return token;
  });
  return { token, expiresAt };
}

/** The token of a link made with `tokenOf`, or null for one made under another key (SECRET_KEY changed since). */
export function previewTokenOf(link: { id: number; tokenHash: string }, tokenOf: (linkId: number) => string): string | null {
  const token = tokenOf(link.id);
  return hashToken(token) === link.tokenHash ? token : null;
}

export function previewLinksOf(db: Database, postId: number) {
  return db
    .select({
      id: blogPreviewLinks.id,
      createdBy: blogPreviewLinks.createdBy,
      createdAt: blogPreviewLinks.createdAt,
      expiresAt: blogPreviewLinks.expiresAt,
      revokedAt: blogPreviewLinks.revokedAt,
      tokenHash: blogPreviewLinks.tokenHash,
    })
    .from(blogPreviewLinks)
    .where(eq(blogPreviewLinks.postId, postId))
    .orderBy(desc(blogPreviewLinks.id));
}

export async function revokePreviewLink(db: Database, actor: string, postId: number, linkId: number) {
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(blogPreviewLinks)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(blogPreviewLinks.id, linkId), eq(blogPreviewLinks.postId, postId), isNull(blogPreviewLinks.revokedAt)))
      .returning({ id: blogPreviewLinks.id });
    const [post] = await tx.select({ slug: blogPosts.slug, title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.id, postId));
    if (revoked.length > 0) await recordAudit(tx, actor, "preview-link", { post: postId, ...post, revoked: true });
  });
}

/** The post a preview token opens: `gone` once the link was revoked or expired, `none` for a token never issued. */
export async function postOfPreview(
  db: Database,
  token: string,
): Promise<{ status: "ok"; row: PostRow } | { status: "gone" } | { status: "none" }> {
  const [link] = await db
    .select()
    .from(blogPreviewLinks)
    .where(eq(blogPreviewLinks.tokenHash, hashToken(token)));
  if (!link) return { status: "none" };
  if (link.revokedAt || link.expiresAt < new Date()) return { status: "gone" };
  const row = await findPost(db, link.postId);
  return row ? { status: "ok", row } : { status: "gone" };
}

/** Links past their end for more than a month: nothing a reviewer could still be told about. */
export async function purgePreviewLinks(db: Database) {
  await db.delete(blogPreviewLinks).where(lt(blogPreviewLinks.expiresAt, sql`now() - interval '30 days'`));
}

export { BLOG_CHANNEL, notifyChanged };
