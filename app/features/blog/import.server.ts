import { initialPostFiles, parsePostFiles, postHtml, type PostFile } from "./snapshot.server";
import { coverName } from "./post";
import type { Database } from "~/lib/db/client.server";
import { blogImports, blogPosts } from "./tables";
import { notifyChanged } from "./posts.server";

// Posts in the repo's Markdown format (decision 003) into the database: the initial content, once, on the first start
// (decision 023), and `npm run blog:import -- DIR`. A file whose slug is already a post is skipped, never overwritten.

export interface ImportedCover {
  /** The cover's name, as the post's `image` names it (/images/blog/<name>.webp). */
  name: string;
  placeholder?: string | null;
}

export interface ImportOptions {
  actor: string;
  /** The cover each file ends up with, by slug (an import that re-encoded and stored them); else the `image` it names. */
  covers?: ReadonlyMap<string, ImportedCover>;
}

const IMPORT_CHUNK = 1000;

/** Published posts from files, in one transaction; returns the slugs stored (those not already there). */
export async function importPosts(db: Database, files: readonly PostFile[], { actor, covers }: ImportOptions): Promise<string[]> {
  if (files.length === 0) return [];
  const values = files.map(({ front, body }) => {
    const cover = covers?.get(front.slug);
    const publishedAt = new Date(`${front.date}T09:00:00Z`);
    return {
      slug: front.slug,
      title: front.title,
      excerpt: front.excerpt,
      content: body.trim(),
      html: postHtml(body),
      author: front.author,
      category: front.category,
      tags: front.tags ?? [],
      cover: cover?.name ?? coverName(front.image) ?? front.slug,
      coverAlt: front.imageAlt ?? "",
      seoTitle: front.seoTitle ?? "",
      seoDescription: front.seoDescription ?? "",
      coverPlaceholder: cover?.placeholder ?? null,
      status: "published" as const,
      publishedAt,
      editedAt: publishedAt,
      editedBy: actor,
    };
  });
  return db.transaction(async (tx) => {
    const stored: string[] = [];
    // PostgreSQL takes at most 65,535 parameters a statement (15 a post): a large import goes in chunks, still at once.
    for (let start = 0; start < values.length; start += IMPORT_CHUNK) {
      const rows = await tx
        .insert(blogPosts)
        .values(values.slice(start, start + IMPORT_CHUNK))
        .onConflictDoNothing({ target: blogPosts.slug })
        .returning({ slug: blogPosts.slug });
      stored.push(...rows.map((row) => row.slug));
    }
    if (stored.length > 0) await notifyChanged(tx);
    return stored;
  });
}

const INITIAL_CONTENT = "initial-content";

/**
 * The posts that shipped in app/content/blog/, imported on the first start: the row in blog_imports is written in the
 * same transaction, so instances starting together, or a restart, never import them twice (or bring back a post an
 * editor deleted since).
 */
export async function seedInitialPosts(db: Database): Promise<number> {
  const files = parsePostFiles(initialPostFiles());
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(blogImports).values({ name: INITIAL_CONTENT }).onConflictDoNothing().returning();
    if (claimed.length === 0) return 0;
    const stored = await importPosts(tx as unknown as Database, files, { actor: "initial content" });
    return stored.length;
  });
}
