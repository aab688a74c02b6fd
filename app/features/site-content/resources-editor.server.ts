// Adding a resource in the content editor (decision 035): the card checked like an edited one, the file by its bytes
// (./resources.server.ts), the file stored and the card appended to the collection's draft; the site is unchanged
// until the draft is published.
import { inArray } from "drizzle-orm";
import { recordAudit } from "~/lib/console/audit.server";
import type { Database } from "~/lib/db/client.server";
import { resourceUploads } from "./tables";
import { findContent, saveDraft, workingCopy, type ChangeResult } from "./content.server";
import { ResourceCardSchema, type ResourceEntry } from "./resources-collection";
import { ACCEPTED, judgeResourceFile } from "./resources-collection.server";

/** The address a new resource gets from its title, and its file's name: neither an existing one nor one used before. */
async function freshName(db: Database, title: string, extension: string, entries: readonly ResourceEntry[]) {
  const base =
    title
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .replace(/-+$/, "") || "resource";
  const candidates = Array.from({ length: 20 }, (_, index) => (index === 0 ? base : `${base}-${index + 1}`));
  const used = await db
    .select({ file: resourceUploads.file })
    .from(resourceUploads)
    .where(
      inArray(
        resourceUploads.file,
        candidates.map((id) => `${id}.${extension}`),
      ),
    );
  const id = candidates.find(
    (candidate) =>
      !entries.some((entry) => entry.id === candidate || entry.file === `${candidate}.${extension}`) &&
      !used.some((row) => row.file === `${candidate}.${extension}`),
  );
  return id ?? `${base}-${Date.now().toString(36)}`;
}

export type AddResult = { status: "invalid"; errors: Record<string, string> } | ChangeResult;

/**
 * Adds a resource to the collection's draft over version `expected`: the card checked like an edited one, the file by
 * its bytes; nothing is stored unless both are right. The site is unchanged until the draft is published.
 */
export async function addResource(
  db: Database,
  actor: string,
  expected: number,
  card: Record<string, string>,
  upload: { name: string; bytes: Uint8Array } | null,
): Promise<AddResult> {
  const errors: Record<string, string> = {};
  const parsed = ResourceCardSchema.safeParse(card);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  const judged = upload ? await judgeResourceFile(upload.name, upload.bytes) : { error: `Choose the resource's file. ${ACCEPTED}` };
  if ("error" in judged) errors.file = judged.error;
  if (!parsed.success || "error" in judged) return { status: "invalid", errors };

  const row = await findContent(db, "resources");
  if (!row) return { status: "gone" };
  if (row.version !== expected) return { status: "conflict", row };
  const entries = workingCopy(row) as ResourceEntry[];
  const id = await freshName(db, parsed.data.title, judged.extension, entries);
  const file = `${id}.${judged.extension}`;
  const body = Buffer.from(upload!.bytes);
  await db.insert(resourceUploads).values({ file, contentType: judged.contentType, bytes: body.length, body, uploadedBy: actor });
  await recordAudit(db, actor, "resource-uploaded", { file, bytes: body.length });
  const entry: ResourceEntry = { id, ...parsed.data, file, format: judged.format, bytes: body.length };
  return saveDraft(db, actor, "resources", expected, [...entries, entry]);
}
