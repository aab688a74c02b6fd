import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withMigratedDatabase } from "../../../tests/support/migrated-database";
import { auditLog } from "~/lib/db/schema/console";
import { blogFiles, blogPostRevisions, blogPosts, type PostFields } from "./tables";
import { outbox } from "~/lib/db/schema/outbox";
import { seedInitialPosts } from "./import.server";
import {
  createPost,
  createPreviewLink,
  deletePost,
  postOfPreview,
  previewLinksOf,
  previewTokenOf,
  publishPost,
  publishScheduledPost,
  purgeUnusedFiles,
  restoreRevision,
  REVISIONS_KEPT,
  revokePreviewLink,
  savePost,
  schedulePost,
  unpublishPost,
  unschedulePost,
  type PostRow,
} from "./posts.server";
import { createBlogStore, listenForChanges } from "./store.server";

// The blog's rows on a real (in-memory) PostgreSQL: what an editor's actions store, and what the site then shows.

const EDITOR = "editor@example.com";

const fields = (over: Partial<PostFields> = {}): PostFields => ({
  title: "A post",
  slug: "a-post",
  excerpt: "What it says.",
  content: "Some **words**.",
  author: "Ann Writer",
  category: "Tutorials",
  tags: ["one"],
  cover: "why-speed-to-lead-wins-cold-email",
  coverAlt: "A cover",
  coverPlaceholder: null,
  seoTitle: "",
  seoDescription: "",
  socialImage: null,
  ...over,
});

describe("the blog's rows", () => {
  const database = withMigratedDatabase();
  const db = () => database.db;

  async function draft(over: Partial<PostFields> = {}): Promise<PostRow> {
    const result = await createPost(db(), EDITOR, fields(over));
    if (result.status !== "saved") throw new Error(result.status);
    return result.row;
  }

  async function published(over: Partial<PostFields> = {}): Promise<PostRow> {
    const row = await draft(over);
    const result = await publishPost(db(), {}, EDITOR, row.id, row.version);
    if (result.status !== "done") throw new Error(result.status);
    return result.row;
  }

  it("imports the initial posts once, however often the server starts", async () => {
    expect(await seedInitialPosts(db())).toBe(5);
    expect(await seedInitialPosts(db())).toBe(0);
    const rows = await db().select().from(blogPosts);
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.status === "published" && row.html.includes("<h2"))).toBe(true);
  });

  it("shows only published posts, and a change to them once the store hears of it", async () => {
    const store = createBlogStore(db());
    await listenForChanges(database.handle, store);
    const before = await store.current();
    const row = await draft({ slug: "store-post", title: "Store post" });
    expect((await store.current()).getPostBySlug("store-post")).toBeUndefined();
    await publishPost(db(), {}, EDITOR, row.id, row.version);
    // The NOTIFY sent with the commit reaches the listener: no one had to call changed().
    await expect.poll(async () => (await store.current()).getPostBySlug("store-post")?.title).toBe("Store post");
    expect((await store.current()).version).toBeGreaterThan(before.version);
  });

  it("refuses a save made over an older version, and a slug another post has", async () => {
    const row = await draft({ slug: "two-editors" });
    const first = await savePost(db(), "first@example.com", row.id, row.version, fields({ slug: "two-editors", title: "First" }));
    expect(first.status).toBe("saved");
    const second = await savePost(db(), "second@example.com", row.id, row.version, fields({ slug: "two-editors", title: "Second" }));
    expect(second.status).toBe("conflict");
    const [stored] = await db().select().from(blogPosts).where(eq(blogPosts.id, row.id));
    expect(stored?.title).toBe("First");

    expect((await createPost(db(), EDITOR, fields({ slug: "two-editors" }))).status).toBe("slug-taken");
  });

  it("keeps the last 20 revisions and restores one", async () => {
    let row = await draft({ slug: "revised", title: "Version 1" });
    for (let n = 2; n <= 25; n++) {
      const result = await savePost(db(), EDITOR, row.id, row.version, fields({ slug: "revised", title: `Version ${n}` }));
      if (result.status !== "saved") throw new Error(result.status);
      row = result.row;
    }
    const revisions = await db().select().from(blogPostRevisions).where(eq(blogPostRevisions.postId, row.id));
    expect(revisions).toHaveLength(REVISIONS_KEPT);
    const oldest = revisions.sort((a, b) => a.id - b.id)[0]!;
    expect(oldest.fields.title).toBe("Version 6");
    const restored = await restoreRevision(db(), EDITOR, row.id, row.version, oldest.id);
    expect(restored.status === "saved" && restored.row.title).toBe("Version 6");
  });

  it("answers a published post's old slug with its current one, never a chain or a loop", async () => {
    const store = createBlogStore(db());
    let row = await published({ slug: "first-name" });
    for (const slug of ["second-name", "third-name"]) {
      const result = await savePost(db(), EDITOR, row.id, row.version, fields({ slug }));
      if (result.status !== "saved") throw new Error(result.status);
      row = result.row;
    }
    let blog = await store.current();
    expect(blog.currentSlugOf("first-name")).toBe("third-name");
    expect(blog.currentSlugOf("second-name")).toBe("third-name");
    // Back to its first name: that URL is the post again, not a redirect to itself.
    const back = await savePost(db(), EDITOR, row.id, row.version, fields({ slug: "first-name" }));
    if (back.status !== "saved") throw new Error(back.status);
    store.changed();
    blog = await store.current();
    expect(blog.getPostBySlug("first-name")).toBeDefined();
    expect(blog.currentSlugOf("first-name")).toBeUndefined();
    expect(blog.currentSlugOf("third-name")).toBe("first-name");
    // Unpublished, its old addresses lead nowhere either.
    await unpublishPost(db(), EDITOR, row.id, back.row.version);
    store.changed();
    blog = await store.current();
    expect(blog.getPostBySlug("first-name")).toBeUndefined();
    expect(blog.currentSlugOf("third-name")).toBeUndefined();
  });

  it("publishes a scheduled post once, through an outbox job, and leaves a rescheduled one alone", async () => {
    const row = await draft({ slug: "scheduled-post" });
    const at = new Date(Date.now() + 60_000);
    const scheduled = await schedulePost(db(), EDITOR, row.id, row.version, at);
    expect(scheduled.status).toBe("done");
    const [job] = await db().select().from(outbox).where(eq(outbox.kind, "blog:publish"));
    expect(job?.runAfter.getTime()).toBe(at.getTime());

    // An old job (the post was rescheduled since) changes nothing.
    await publishScheduledPost(db(), {}, { postId: row.id, at: new Date(at.getTime() - 1000).toISOString() });
    expect((await db().select().from(blogPosts).where(eq(blogPosts.id, row.id)))[0]?.status).toBe("scheduled");

    await publishScheduledPost(db(), {}, job!.payload);
    await publishScheduledPost(db(), {}, job!.payload);
    const [after] = await db().select().from(blogPosts).where(eq(blogPosts.id, row.id));
    expect(after?.status).toBe("published");
    expect(after?.publishedAt?.getTime()).toBe(at.getTime());
    const audits = await db().execute(
      sql`SELECT count(*)::int AS n FROM ${auditLog} WHERE action = 'post-published' AND detail->>'slug' = 'scheduled-post'`,
    );
    const rows = (Array.isArray(audits) ? audits : (audits as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0]?.n).toBe(1);
  });

  it("takes a scheduled post off the schedule: a draft again, which its job, run at its time, leaves alone", async () => {
    const row = await draft({ slug: "unscheduled-post", title: "Unscheduled post" });
    const scheduled = await schedulePost(db(), EDITOR, row.id, row.version, new Date(Date.now() + 60_000));
    if (scheduled.status !== "done") throw new Error(scheduled.status);
    const unscheduled = await unschedulePost(db(), EDITOR, row.id, scheduled.row.version);
    expect(unscheduled.status === "done" && [unscheduled.row.status, unscheduled.row.publishAt]).toEqual(["draft", null]);
    const jobs = await db().select().from(outbox).where(eq(outbox.kind, "blog:publish"));
    for (const job of jobs) await publishScheduledPost(db(), {}, job.payload);
    expect((await db().select().from(blogPosts).where(eq(blogPosts.id, row.id)))[0]?.status).toBe("draft");
    const [line] = await db().select().from(auditLog).where(eq(auditLog.action, "post-unscheduled"));
    expect(line?.detail).toMatchObject({ slug: "unscheduled-post", title: "Unscheduled post" });
  });

  it("purges uploaded files no post or kept revision uses, a day after their upload", async () => {
    const file = (path: string, daysOld: number) => ({
      path,
      contentType: "image/webp",
      body: Buffer.from("x"),
      createdAt: new Date(Date.now() - daysOld * 86_400_000),
    });
    const content = "![x](/images/blog/in-content-800.webp)";
    const row = await draft({ slug: "files-post", cover: "replaced", content });
    // The post's first cover lives on in its revision.
    expect((await savePost(db(), EDITOR, row.id, row.version, fields({ slug: "files-post", cover: "used-by-post", content }))).status).toBe(
      "saved",
    );
    await db()
      .insert(blogFiles)
      .values([
        file("/images/blog/used-by-post-800.webp", 3),
        file("/images/blog/used-by-post.jpg", 3),
        file("/images/blog/used-by-post.webp", 3),
        file("/images/blog/replaced-800.webp", 3),
        file("/images/blog/in-content-800.webp", 3),
        file("/images/blog/orphan-400.webp", 3),
        file("/images/blog/orphan-800.webp", 3),
        file("/images/blog/just-uploaded-800.webp", 0),
        // A name that merely starts like a used one is not used.
        file("/images/blog/used-by-post-2-800.webp", 3),
      ]);
    expect(await purgeUnusedFiles(db())).toBe(3);
    const left = (await db().select({ path: blogFiles.path }).from(blogFiles)).map((row) => row.path).sort();
    expect(left).toEqual(
      expect.arrayContaining([
        "/images/blog/in-content-800.webp",
        "/images/blog/just-uploaded-800.webp",
        "/images/blog/replaced-800.webp",
        "/images/blog/used-by-post-800.webp",
        "/images/blog/used-by-post.jpg",
        "/images/blog/used-by-post.webp",
      ]),
    );
    expect(left.filter((path) => /orphan|used-by-post-2/.test(path))).toEqual([]);
  });

  it("opens a draft by its preview link until the link is revoked or the post deleted", async () => {
    const row = await draft({ slug: "previewed" });
    const { previewToken } = createBlogStore(db());
    const { token } = await createPreviewLink(db(), EDITOR, row.id, previewToken);
    // Its address again on a later visit: the token is derived from the link, and only its hash is stored.
    const [listed] = await previewLinksOf(db(), row.id);
    expect(previewTokenOf(listed!, previewToken)).toBe(token);
    expect(listed!.tokenHash).not.toContain(token);
    expect(previewTokenOf(listed!, createBlogStore(db()).previewToken)).toBeNull();
    const found = await postOfPreview(db(), token);
    expect(found.status === "ok" && found.row.slug).toBe("previewed");
    expect((await postOfPreview(db(), "not-a-token")).status).toBe("none");
    const [link] = await db()
      .execute(sql`SELECT id FROM blog_preview_links WHERE post_id = ${row.id}`)
      .then((result) => (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as { id: number }[]);
    await revokePreviewLink(db(), EDITOR, row.id, Number(link!.id));
    expect((await postOfPreview(db(), token)).status).toBe("gone");

    const again = await createPreviewLink(db(), EDITOR, row.id, previewToken);
    expect(await deletePost(db(), EDITOR, row.id)).toBe(true);
    expect((await postOfPreview(db(), again.token)).status).toBe("none");
  });
});
